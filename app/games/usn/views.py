"""What each role may know (digest §5, from the rulebook): a side sees its own units fully; enemy land units and air
points on bases are face up; enemy naval stacks show their count only, and their two-ship groups only when they were
examined in Step (D) within the viewer's air range (Detailed Sequence of Play 5(D); Mission: AA Defense); transport
cargo is face down until landed (Mission: Normal Transport); the air allocation stays with its writer until each
strike is announced (5(E)-(G)). Fuel and Victory Point records are open (Necessary Equipment a, b). The umpire sees
everything, a spectator what is public; once the game is over everything is open."""
from __future__ import annotations

import copy
from typing import Any

from app.engine.contract import UMPIRE
from app.engine.log import visible
from app.games.usn import (
    air,
    board,
    building,
    garrisons,
    naming,
    offmap,
    sequence,
    submarine,
    supply,
    support,
    surface,
)

State = dict[str, Any]


def _own_ship(state, s) -> dict[str, Any]:
    out = {k: s[k] for k in ("id", "type", "hex", "damage", "at_sea", "nac", "capacity")}
    out["values"] = board.values(s)
    out["cargo"] = [state["land"][u]["name"] for u in s["cargo"]]
    out["carrying"] = list(s["cargo"])  # the owner's own cargo by unit id: what it names when it lands them
    return out


def _enemy_stacks(state, side, me) -> list[dict[str, Any]]:
    seen = state["examined"].get(me, {}) if me else {}
    out = []
    for h in sorted({s["hex"] for s in board.afloat(state, side)}):
        here = board.stack(state, h, side)
        item: dict[str, Any] = {"hex": h, "side": side, "count": len(here)}
        if h in seen:  # Step (D): the stack was examined within the viewer's air range
            item["groups"] = [[{"id": i, "type": state["ships"][i]["type"],
                                "damaged": bool(state["ships"][i]["damage"])} for i in g] for g in seen[h]]
        out.append(item)
    return out


def _log(state: State, role: str, ended: bool) -> list[dict[str, Any]]:
    """The lines a role reads, each ship, sub and air station named as printed (naming.py), never by its id. The
    lines `visible` gives are its own copies, named in place (a late campaign's log is 4,400 lines a view)."""
    lines = visible(state["log"], role, ended)
    for line in lines:
        line["text"] = naming.named(line["text"])
    return lines


def view(state: State, role: str, waiting_for: list[str]) -> dict[str, Any]:
    """What `role` sees; `waiting_for`: who decides now (the walker's answer, rules.USN.acting)."""
    ended = state["outcome"] is not None
    if role == UMPIRE or ended:
        everything = copy.deepcopy({k: v for k, v in state.items() if k != "log"})
        everything["log"] = _log(state, role, ended)
        everything["my_works"] = [w for side in board.SIDES for w in building.shown(state, side)]  # both sides'
        return everything
    me = role if role in board.SIDES else None
    ships: dict[str, Any] = {}
    for side in board.SIDES:
        if side == me:
            ships[side] = {"units": [_own_ship(state, s) for s in board.afloat(state, side)]}
        else:
            ships[side] = {"stacks": _enemy_stacks(state, side, me)}
    ashore = [u for u in sorted(state["land"].values(), key=lambda x: x["id"]) if u["aboard"] is None and u["hex"]]
    supplied = supply.shown_all(state, ashore, me)  # Supply (A)-(F) to the owner, the public Dx to others
    land = [{"id": u["id"], "side": u["side"], "name": u["name"], "hex": u["hex"], "attack": u["attack"],
             "defense": u["defense"], "entrenched": u["entrenched"],
             "moved": u["moved"],  # landed this Game-Turn (a public landing): no further move, Movement (J)
             "supplied": supplied[u["id"]]}
            for u in ashore]
    r = sequence.row(state)
    out = {"game": "usn", "scenario": state["scenario"], "turn": state["turn"], "turns": state["turns"],
           "step": {"kind": r[1], "side": r[2], "title": r[3]}, "waiting_for": waiting_for,
           "vp": dict(state["vp"]), "holder": dict(state["holder"]),
           "bases": [dict(b, air=dict(b["air"])) for _, b in sorted(state["bases"].items())],
           "ships": ships, "land": land,
           "fuel": {s["id"]: s["at_sea"] for s in board.afloat(state)},
           "oilers": {i: full for i, full in sorted(state.get("oilers", {}).items())
                      if not state["ships"][i]["sunk"]},  # open record, Necessary Equipment b
           "sunk": sorted(s["id"] for s in state["ships"].values() if s["sunk"]),
           "log": _log(state, role, ended)}
    if (sortie := offmap.shown(state)) is not None:  # Allied Naval Forces in the Indian Ocean: its open record
        out["indian_ocean"] = sortie
    if state.get("attacks"):  # the land attacks announced at (B), public, until combat at (K)
        out["land_attacks"] = {"side": support.attacker(state), "hexes": support.attacked_hexes(state)}
    engagement = surface.shown(state)
    if engagement:  # a surface engagement in progress: the engaged stacks are shown to both (and so are public)
        out["surface"] = engagement
        if me and me in state["surface"]["fire"]:
            out["surface"]["my_fire"] = dict(state["surface"]["fire"][me])
    out.update(garrisons.view(state))  # Garrisons (optional rule): public
    out.update(submarine.view(state, role))  # Submarines: the sightings; the Japanese Player's own record
    if me:
        out["my_works"] = building.shown(state, me)  # Repairing or Building Bases: the owner's works in progress
        out["examined"] = copy.deepcopy(state["examined"].get(me, {}))
        if (written := air.mine(state, me)) is not None:
            out["my_allocation"] = copy.deepcopy(written)
    return out
