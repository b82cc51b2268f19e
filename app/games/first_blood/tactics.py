"""What a sensible player of each side answers at each decision, after the digest's heuristics
(shared/design/games/first-blood.md part 5): each decision record holds its answer by level (`Decision.bots`,
records.py), called `answer(view, prompt, rng)`, and the computer players (bots.py) ask the record of the decision
waited on. An answer decides from its side's view only: First Blood hides nothing on the board (digest part 0), so it
rebuilds the board from the view (`board_from_view`) and asks the rule procedures' own queries (reachable hexes,
odds) of that copy. It may answer None (no heuristic applies); bots.py then checks and falls back.

IJ: mass on the strips. Reinforcements enter at the entry point or box nearest Henderson Field; units move to the
hex that brings them nearest an air strip hex (§12: an IJ unit on a completed field wins); combats are fought with
every adjacent unit and the destroyers and artillery, best odds first; air-to-air against CAP, then bombardment of
the strip with the most USAF units (§6.7, §7.10); short of supply, a Reserve destroyer goes first (§8).
US: hold the perimeter. Units stay on the strips and the hexes round them (moving only to fill an empty strip hex
or to close up on the IJ); engineers stand on damaged strips and never leave (§10); combats at the best pairing,
remote fire and Ground Attack bombers on the IJ stack nearest the strips; fighters to CAP, bombers and "both"
units to Ground Attack, within capacity (§11).
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from app.engine.spec import STANDARD
from app.games.first_blood import board, combat, movement
from app.games.first_blood.gamedata import (
    BOXES,
    ENTRIES,
    GRID,
    HENDERSON,
    STRIPS,
    jungle_hex,
    neighbours,
)
from app.games.first_blood.phases import allocable, supply_candidates
from app.games.first_blood.placement import options

View = dict[str, Any]
HUNT_FROM = 10  # Dec I: from here the US bot goes after every IJ unit on the map (digest part 5, US 3)
Answer = Callable[[View, dict[str, Any], Any], dict[str, Any] | None]


def board_from_view(view: View, prompt: dict[str, Any]) -> dict[str, Any]:
    """A state-shaped copy of what the view shows, enough for the rules' queries. Off-map units carry their
    `placed` turn and visited boxes in the view's box lists; pieces still to place are those the prompt names."""
    off = {r["id"]: r for recs in view["boxes"].values() for r in recs}
    waiting = set((prompt.get("info") or {}).get("waiting", []))
    units = {}
    for uid, u in view["units"].items():
        rec = dict(u, id=uid, stirred=False, engaged=False, arrive=0 if uid in waiting else 99)
        if uid in off:
            rec.update(placed=off[uid].get("placed"), visited=list(off[uid].get("visited") or []))
        units[uid] = rec
    air = {aid: dict(a, id=aid, arrive=0 if aid in waiting else 99) for aid, a in view["air"].items()}
    return {"game": "first_blood", "turn": view["turn"], "step": dict(view["step"]), "units": units, "air": air,
            "strips": {h: dict(s) for h, s in view["strips"].items()}, "attacked": list(view["attacked"]),
            "losses": view["losses"], "outcome": view["outcome"], "log": []}


@cache
def _distance(a: str, b: str) -> int:
    return GRID.distance(a, b)  # the map's distances never change: kept, since every move scores many hexes


@cache
def _to_strips(h: str) -> int:
    return min(_distance(h, s) for s in STRIPS)


def _targets(state: dict[str, Any]) -> list[str]:
    """The air strip hexes worth taking: every Henderson hex, and a fighter strip once built."""
    return [h for h in STRIPS if h in HENDERSON or state["strips"][h]["built"]]


# --- placement (§3, §5) -------------------------------------------------------------------------------------------

def place(state: dict[str, Any], role: str, prompt: dict[str, Any]) -> dict[str, Any] | None:
    waiting = (prompt.get("info") or {}).get("waiting", [])
    if not waiting:
        return None
    uid = waiting[0]
    piece = state["units"].get(uid) or state["air"].get(uid)
    opts = options(state, piece)
    if not opts:
        return None
    if "role" in piece:
        if role == "ij":  # naval and air units go where they can strike next turn
            at = "ijn_attack" if "ijn_attack" in opts else ("ijaaf_attack" if "ijaaf_attack" in opts else opts[0])
        else:
            at = "cap" if "cap" in opts else ("ground_attack" if "ground_attack" in opts else opts[0])
        return {"verb": "place", "args": {"unit": uid, "at": at}}

    def near(p: str) -> int:
        hexes = [p[4:]] if p.startswith("hex:") else (ENTRIES[p[6:]]["hexes"] if p.startswith("entry:")
                                                      else BOXES[p[4:]]["hexes"])
        return min(_to_strips(h) for h in hexes)
    if role == "ij":
        at = min(opts, key=lambda p: (near(p), p))  # the entry point or box nearest the strips
    else:
        # the perimeter: the strips first (engineers always), then the hexes round them, stacks filled evenly
        def score(p: str) -> tuple:
            h = p[4:] if p.startswith("hex:") else None
            load = len(board.stack(state, h, "us")) if h else 0
            if board.is_engineer(piece):
                return (h not in STRIPS if h else True, load, near(p), p)
            return (max(near(p), 1), load, p)
        at = min(opts, key=score)
    return {"verb": "place", "args": {"unit": uid, "at": at}}


# --- movement (§6) ------------------------------------------------------------------------------------------------

def _ij_move(state: dict[str, Any]) -> dict[str, Any] | None:
    targets = _targets(state)
    must = {u["id"] for u in movement.must_move(state, "ij")}
    for u in sorted(movement.movable(state, "ij"), key=lambda x: (x["id"] not in must, x["id"])):
        here = board.hex_of(u)
        dests = movement.reachable(state, u)
        if not dests:
            continue
        hexes = [p for p in dests if p.startswith("hex:")]

        def score(p: str) -> tuple:
            h = p[4:]
            d = min(_distance(h, t) for t in targets)
            return (d, not jungle_hex(h), p)
        if hexes:
            best = min(hexes, key=score)
            now = min(_distance(here, t) for t in targets) if here else 99
            if u["id"] in must or score(best)[0] < now:
                return {"verb": "move", "args": {"unit": u["id"], "to": best}}
        elif u["id"] in must:  # along the boxes toward the east or west end, whichever is open
            return {"verb": "move", "args": {"unit": u["id"], "to": min(dests)}}
    return None


def _us_move(state: dict[str, Any]) -> dict[str, Any] | None:
    """Hold: engineers stay; a unit moves only to fill an empty strip hex, or to close on an IJ unit near a strip."""
    ij_hexes = {board.hex_of(u) for u in board.on_map(state, "ij")}
    hunt = state["turn"] >= HUNT_FROM
    for u in sorted(movement.movable(state, "us"), key=lambda x: x["id"]):
        if board.is_engineer(u):
            continue
        here = board.hex_of(u)
        if here in STRIPS and len(board.stack(state, here, "us")) <= 1:
            continue  # the last one on a strip hex stays
        dests = [p for p in movement.reachable(state, u) if p.startswith("hex:")]
        empty = [p for p in dests if p[4:] in STRIPS and not board.stack(state, p[4:])]
        if empty:
            return {"verb": "move", "args": {"unit": u["id"], "to": min(empty)}}
        if here is None:  # still on an entry point: come onto the map toward the strips
            if dests:
                return {"verb": "move", "args": {"unit": u["id"], "to": min(dests, key=lambda p: (_to_strips(p[4:]),
                                                                                                  p))}}
            continue
        if hunt and ij_hexes and not board.enemy_adjacent(state, "us", here):
            # from Dec I every IJ unit left on the map wins for the IJ at the end (§12): go after them
            def gap(h: str) -> int:
                return min(_distance(h, t) for t in ij_hexes)
            if dests and min(gap(p[4:]) for p in dests) < gap(here):
                return {"verb": "move", "args": {"unit": u["id"], "to": min(dests, key=lambda p: (gap(p[4:]), p))}}
            continue
        threat = [h for h in ij_hexes if _to_strips(h) <= 3]
        if threat and not board.enemy_adjacent(state, "us", here) and _to_strips(here) > 0:
            close = [p for p in dests if any(t in neighbours(p[4:]) for t in threat)]
            if close:
                return {"verb": "move", "args": {"unit": u["id"], "to": min(close, key=lambda p: (_to_strips(p[4:]),
                                                                                                  p))}}
    return None


def _support(state: dict[str, Any], role: str) -> dict[str, Any] | None:
    """§6.6/§6.8: destroyers and Ground Attack bombers on the enemy hex nearest the strips."""
    units, hexes = movement._support_options(state, role)
    if not units:
        return None
    h = min(hexes, key=lambda x: (_to_strips(x), x))
    return {"verb": "support", "args": {"unit": units[0], "hex": h}}


def _intercept(state: dict[str, Any]) -> dict[str, Any] | None:
    """§6.7: fighters against CAP first (one each), then against Ground Attack bombers."""
    opts = movement._intercept_options(state)
    for target in ("cap", "ground_attack"):
        fighters = [a for a in opts.get(target, []) if state["air"][a]["role"] == "fighter"]
        if fighters:
            return {"verb": "intercept", "args": {"aircraft": [fighters[0]], "target": target}}
    return None


def move(state: dict[str, Any], role: str) -> dict[str, Any]:
    order = (_intercept(state) if role == "ij" else None) or _support(state, role)
    order = order or (_ij_move(state) if role == "ij" else _us_move(state))
    return order or {"verb": "end_movement", "args": {}}


# --- combat (§7, §7.10) -------------------------------------------------------------------------------------------

def _attack(state: dict[str, Any], role: str) -> dict[str, Any] | None:
    """Each open target with every fresh unit next to it and the artillery in range; best odds first."""
    best = None
    for t in combat.open_targets(state, role):
        adj = [u["id"] for u in combat.fresh(state, role) if t in neighbours(board.hex_of(u))]
        if not adj:
            continue
        arty = [u["id"] for u in combat.fresh(state, role) if board.is_artillery(u) and u["id"] not in adj
                and 2 <= _distance(board.hex_of(u), t) <= u["range"] - 1]
        s = combat.strengths(state, adj, [t], arty)
        ratio = s["A"] / max(s["D"], 1)
        key = (ratio, -_to_strips(t), t)
        if best is None or key > best[0]:
            best = (key, {"verb": "attack", "args": {"attackers": adj, "targets": [t], "support": arty,
                                                      "advance": True}})
    return best[1] if best else None


def _bombard(state: dict[str, Any]) -> dict[str, Any] | None:
    """§7.10: on the strip hex with the most USAF units parked, else the Henderson hex an empty one destroys."""
    opts = combat.bombarders(state)
    if not opts:
        return None

    def parked(h: str) -> int:
        return len(board.air(state, "us", f"strip:{h}"))
    u = min(opts)
    strips = [h for h in opts[u] if state["strips"][h]["status"] != "dest"]
    if not strips:
        return None
    return {"verb": "bombard", "args": {"unit": u, "strip": max(strips, key=lambda h: (parked(h), h))}}


def fight(state: dict[str, Any], role: str) -> dict[str, Any]:
    order = (_bombard(state) if role == "ij" else None) or _attack(state, role)
    return order or {"verb": "end_combat", "args": {}}


# --- losses, retreats, supply, air --------------------------------------------------------------------------------

def lose(state: dict[str, Any], role: str) -> dict[str, Any]:
    """§7.7: the weakest go first; the US keeps its engineers."""
    c = combat._choice(state)
    units = sorted(c["units"], key=lambda u: (board.is_engineer(state["units"][u]) and role == "us",
                                              state["units"][u]["cf"], u))
    return {"verb": "lose", "args": {"units": units[:c["count"]]}}


def fall_back(state: dict[str, Any], role: str) -> dict[str, Any]:
    """§7.9: IJ units fall back into jungle, US units toward the strips."""
    r = state["losses"]["retreat"]
    hexes = sorted({h for o in r["options"].values() for h in o})
    key = (lambda h: (not jungle_hex(h), h)) if role == "ij" else (lambda h: (_to_strips(h), h))
    return {"verb": "retreat", "args": {"moves": {u: min(o or hexes, key=key) for u, o in r["options"].items()}}}


def give_up(state: dict[str, Any]) -> dict[str, Any]:
    """§8: a Reserve destroyer first, then the weakest ground unit farthest from the strips."""
    cands = supply_candidates(state)
    ships = [c for c in cands if c in state["air"]]
    if ships:
        return {"verb": "give_up", "args": {"unit": ships[0]}}

    def key(uid: str) -> tuple:
        u = state["units"][uid]
        h = board.hex_of(u)
        return (u["cf"], -(_to_strips(h) if h else 99), uid)
    return {"verb": "give_up", "args": {"unit": min(cands, key=key)}}


def allocate(state: dict[str, Any]) -> dict[str, Any]:
    """§11: fighters to CAP (it keeps IJ bombers off the strips), bombers and "both" to Ground Attack while there
    is an IJ unit on the map, the rest parked; whatever capacity does not cover goes to Reserve."""
    room = board.capacity(state) - len([a for a in board.active_usaf(state) if a["face"] == "down"])
    ij_on_map = bool(board.on_map(state, "ij"))
    plan = {}
    for k in sorted(allocable(state), key=lambda x: (state["air"][x]["role"] != "fighter", x)):
        r = state["air"][k]["role"]
        if room <= 0:
            plan[k] = "reserve"
            continue
        if r == "fighter" or (r == "both" and not ij_on_map):
            plan[k] = "cap"
        elif ij_on_map:
            plan[k] = "ground_attack"
        else:
            plan[k] = "strip" if board.operational(state) else "reserve"
        room -= plan[k] != "reserve"
    return {"verb": "allocate", "args": {"missions": plan}}


def _answer(decide: Callable[[dict[str, Any], str, dict[str, Any]], dict[str, Any] | None]) -> Answer:
    """A record's answer (`Decision.bots`): the board rebuilt from the side's view, then the heuristic."""
    def answer(view: View, prompt: dict[str, Any], rng) -> dict[str, Any] | None:
        return decide(board_from_view(view, prompt), view["role"], prompt)
    answer.__name__ = decide.__name__
    return answer


# Each decision record's answers by level (records.py): one level so far.
PLACE = {STANDARD: _answer(place)}
MOVE = {STANDARD: _answer(lambda state, role, prompt: move(state, role))}
FIGHT = {STANDARD: _answer(lambda state, role, prompt: fight(state, role))}
LOSE = {STANDARD: _answer(lambda state, role, prompt: lose(state, role))}
FALL_BACK = {STANDARD: _answer(lambda state, role, prompt: fall_back(state, role))}
GIVE_UP = {STANDARD: _answer(lambda state, role, prompt: give_up(state))}
ALLOCATE = {STANDARD: _answer(lambda state, role, prompt: allocate(state))}
__all__ = ["ALLOCATE", "FALL_BACK", "FIGHT", "GIVE_UP", "LOSE", "MOVE", "PLACE", "board_from_view"]
