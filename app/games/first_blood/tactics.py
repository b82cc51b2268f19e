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
from app.games.first_blood import board, combat, movement, placement
from app.games.first_blood.gamedata import (
    BOXES,
    ENTRIES,
    GRID,
    HENDERSON,
    STRIPS,
    jungle_hex,
    neighbours,
)
from app.games.first_blood.phases import landing_default, plan_missions, reserve_default, supply_candidates

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
            "losses": view["losses"], "outcome": view["outcome"], "usaf_over": view.get("usaf_over", 0),
            "standing": view.get("standing", {}), "log": []}


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

def _near(place: str) -> int:
    kind, _, rest = place.partition(":")
    hexes = [rest] if kind == "hex" else ENTRIES[rest]["hexes"] if kind == "entry" else \
        BOXES[rest]["hexes"] if kind == "box" else []
    return min((_to_strips(h) for h in hexes), default=99)


def _held_by_ij(state: dict[str, Any], place: str) -> bool:
    """§5: a US unit cannot enter the map through a hex held by IJ ground units, and one still on its entry point at
    the end of the US combat phase is eliminated; so the US lands elsewhere while any entry point's hex is free (when
    every one is held, all are alike, and it lands to attack on entry, §5.3)."""
    kind, _, rest = place.partition(":")
    return kind == "entry" and all(board.occupant(state, h) == "ij" for h in ENTRIES[rest]["hexes"])


def place(state: dict[str, Any], role: str, prompt: dict[str, Any]) -> dict[str, Any] | None:
    """Every arriving piece in one order. IJ: naval and air units where they strike next turn (the Attack boxes),
    ground units at the entry point or box nearest the strips. US: fighters to CAP and bombers to Ground Attack,
    engineers on the strip hexes, the rest round the strips."""
    def key(piece: dict[str, Any], at: str) -> tuple:
        if "role" in piece:
            if role == "ij":
                return (at not in ("ijn_attack", "ijaaf_attack"),)
            return (at not in ("cap", "ground_attack"),)
        if role == "ij":
            return (_near(at),)
        h = at[4:] if at.startswith("hex:") else None
        if board.is_engineer(piece):
            return (_held_by_ij(state, at), h not in STRIPS if h else True, _near(at))
        return (_held_by_ij(state, at), max(_near(at), 1))
    plan = placement.plan(state, role, key)
    return {"verb": "place", "args": {"at": plan}} if plan else None


# --- movement (§6) ------------------------------------------------------------------------------------------------

def _ij_moves(state: dict[str, Any]) -> dict[str, str]:
    """Each unit to the hex that brings it nearest a strip (jungle preferred on ties), the units that must move
    first; a boxed unit with no hex in reach goes on along the boxes."""
    targets = _targets(state)
    must = {u["id"] for u in movement.must_move(state, "ij")} | {u["id"] for u in board.ground(state, "ij", "entry:")}
    units = sorted(movement.movable(state, "ij"), key=lambda x: (x["id"] not in must, x["id"]))

    def pick(u: dict[str, Any], dests: list[str]) -> str | None:
        here = board.hex_of(u)
        hexes = [p for p in dests if p.startswith("hex:")]

        def score(p: str) -> tuple:
            return (min(_distance(p[4:], t) for t in targets), not jungle_hex(p[4:]), p)
        if hexes:
            best = min(hexes, key=score)
            now = min(_distance(here, t) for t in targets) if here else 99
            return best if u["id"] in must or score(best)[0] < now else None
        return min(dests) if u["id"] in must else None
    return movement.plan_moves(state, "ij", units, pick, most=3)


def _us_moves(state: dict[str, Any]) -> dict[str, str]:
    """Hold: engineers stay; a unit moves only to fill an empty strip hex, to close on an IJ unit near a strip, or
    (from Dec I) to hunt the IJ units left on the map; units on an entry point come onto the map toward the strips."""
    ij_hexes = {board.hex_of(u) for u in board.on_map(state, "ij")}
    hunt = state["turn"] >= HUNT_FROM
    threat = [h for h in ij_hexes if _to_strips(h) <= 3]
    units = sorted(movement.movable(state, "us"), key=lambda x: x["id"])
    filled: set[str] = set()

    def pick(u: dict[str, Any], dests: list[str]) -> str | None:
        if board.is_engineer(u):
            return None
        here = board.hex_of(u)
        if here in STRIPS and len(board.stack(state, here, "us")) <= 1:
            return None  # the last one on a strip hex stays
        hexes = [p for p in dests if p.startswith("hex:")]
        empty = [p for p in hexes if p[4:] in STRIPS and not board.stack(state, p[4:]) and p not in filled]
        if empty:
            filled.add(min(empty))
            return min(empty)
        if here is None:  # still on an entry point: come onto the map toward the strips
            return min(hexes, key=lambda p: (_to_strips(p[4:]), p)) if hexes else None
        if hunt and ij_hexes and not board.enemy_adjacent(state, "us", here):
            def gap(h: str) -> int:
                return min(_distance(h, t) for t in ij_hexes)
            if hexes and min(gap(p[4:]) for p in hexes) < gap(here):
                return min(hexes, key=lambda p: (gap(p[4:]), p))
            return None
        if threat and not board.enemy_adjacent(state, "us", here) and _to_strips(here) > 0:
            close = [p for p in hexes if any(t in neighbours(p[4:]) for t in threat)]
            if close:
                return min(close, key=lambda p: (_to_strips(p[4:]), p))
        return None
    return movement.plan_moves(state, "us", units, pick, most=3)


def _support(state: dict[str, Any], role: str) -> dict[str, Any] | None:
    """§6.6/§6.8: every destroyer or Ground Attack bomber onto the enemy hex nearest the strips."""
    units, hexes = movement._support_options(state, role)
    if not units:
        return None
    h = min(hexes, key=lambda x: (_to_strips(x), x))
    return {"verb": "support", "args": {"on": {u: h for u in units}}}


def _intercept(state: dict[str, Any]) -> dict[str, Any] | None:
    """§6.7: fighters against CAP first (one each, as many as CAP holds), then against Ground Attack."""
    opts = movement.intercept_options(state)
    fighters = [a for a in opts if state["air"][a]["role"] == "fighter"]
    if not fighters:
        return None
    target = opts[fighters[0]][0]
    victims = len(movement._victims(state, target))
    return {"verb": "intercept", "args": {"attacks": {a: target for a in fighters[:victims]}}}


def move(state: dict[str, Any], role: str) -> dict[str, Any]:
    order = (_intercept(state) if role == "ij" else None) or _support(state, role)
    if order is None:
        moves = _ij_moves(state) if role == "ij" else _us_moves(state)
        order = {"verb": "move", "args": {"to": moves}} if moves else None
    return order or {"verb": "end_movement", "args": {}}


# --- combat (§7, §7.10) -------------------------------------------------------------------------------------------

def _attack(state: dict[str, Any], role: str) -> dict[str, Any] | None:
    """Each open target with every fresh unit next to it and the artillery in range; best odds first."""
    best = None
    for t, (ids, _) in combat.attack_fields(state, role).items():
        if t not in combat.open_targets(state, role):
            continue
        adj = [u for u in ids if board.hex_of(state["units"][u]) and t in neighbours(board.hex_of(state["units"][u]))]
        if not adj:
            continue
        arty = [u for u in ids if u not in adj and board.hex_of(state["units"][u])]
        s = combat.strengths(state, adj, [t], arty)
        ratio = s["A"] / max(s["D"], 1)
        key = (ratio, -_to_strips(t), t)
        if best is None or key > best[0]:
            best = (key, {"verb": "attack", "args": {"units": {t: adj + arty}, "advance": True}})
    return best[1] if best else None


def _bombard(state: dict[str, Any]) -> dict[str, Any] | None:
    """§7.10: every unit that may, each on the strip hex with the most USAF units parked (one each), else on a
    Henderson hex an empty strip destroys."""
    opts = combat.bombarders(state)
    parked = {h: len(board.air(state, "us", f"strip:{h}")) for h in STRIPS}
    plan = {}
    for u in sorted(opts):
        strips = [h for h in opts[u] if state["strips"][h]["status"] != "dest" or parked[h]]
        if not strips:
            continue
        h = max(strips, key=lambda x: (parked[x], x))
        plan[u] = h
        parked[h] = max(0, parked[h] - 1)
    return {"verb": "bombard", "args": {"strips": plan}} if plan else None


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
    key = (lambda h: (not jungle_hex(h), h)) if role == "ij" else (lambda h: (_to_strips(h), h))
    return {"verb": "retreat", "args": {"moves": {u: min(o, key=key) for u, o in combat._retreating(state).items()}}}


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
    is an IJ unit on the map, the rest parked; whatever capacity does not cover goes to Reserve. The standing order
    for the Reserve stays on."""
    return {"verb": "allocate", "args": {"missions": plan_missions(state), "ask_reserve": False, "ask_landing": False}}


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
OVERSTACK = {STANDARD: _answer(lambda state, role, prompt: combat.overstack_default(state, role))}
GIVE_UP = {STANDARD: _answer(lambda state, role, prompt: give_up(state))}
RESERVE = {STANDARD: _answer(lambda state, role, prompt: reserve_default(state, role))}
LANDING = {STANDARD: _answer(lambda state, role, prompt: landing_default(state, role))}
ALLOCATE = {STANDARD: _answer(lambda state, role, prompt: allocate(state))}
__all__ = ["ALLOCATE", "FALL_BACK", "FIGHT", "GIVE_UP", "LANDING", "LOSE", "MOVE", "OVERSTACK", "PLACE", "RESERVE",
           "board_from_view"]
