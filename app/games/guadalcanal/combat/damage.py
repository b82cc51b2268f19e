"""4b5 (not transcribed; rebuilt from examples 10b, 10b2 and 14d, tables.toml [damage]): what a result does to a
unit, and a unit's current factors.

- A hit adds a hit marker; each marker lowers every factor of the unit by 1 (B8 bombing 7 -> 6; Junyo defense
  3 -> 2). A third hit flips the unit.
- A flip turns the unit to its back side and removes its hit markers (Junyo, 10b); a flip of a unit already on
  its back, or whose back reads ELIM, eliminates it (14d2, 7a3.2).
- An eliminated ship or base takes with it every air unit On Board or On Ground (its Arming and Ready boxes:
  11b4 quoting 4b5).

A unit in the state: `{face: "front"|"back", hits: 0-2, location: {...}, eliminated?: true}`; an eliminated unit
keeps its record with `eliminated: true`, `box: "eliminated"` and `location: None`.
"""
from __future__ import annotations

from typing import Any

from app.engine.contract import State
from app.games.guadalcanal.combat import units
from app.games.guadalcanal.combat.resolution import ELIMINATE, FLIP, HIT, MISS
from app.games.guadalcanal.combat.tables import tables


def factor(state: State, uid: str, name: str) -> int | None:
    """The unit's current `name` factor: the printed value of the side showing, less one per hit marker (never
    below 0); None for a factor printed "—" (4b2)."""
    u = state["units"][uid]
    values = units.printed(uid, u.get("face", "front")) or {}
    if name not in values:
        return None
    return max(values[name] - u.get("hits", 0) * tables()["damage"]["hit_lowers_every_factor"], 0)


def alive(state: State, uid: str) -> bool:
    u = state["units"].get(uid)
    return u is not None and not u.get("eliminated") and u.get("box") != "eliminated"


def aboard(location: dict[str, Any] | None) -> str | None:
    """The ship or base whose area holds a unit: {"area": id} (the sequence's cards), or {"ship": id} / {"base": id}."""
    loc = location or {}
    return loc.get("area") or loc.get("ship") or loc.get("base")


def carried(state: State, uid: str, boxes: tuple[str, ...] = ("arming", "ready", "max_strike")) -> list[str]:
    """The air units On Board a ship or On Ground at a base (its Arming and Ready boxes, 2c2-2c3, and a Max. Strike
    deck load waiting on it, option 12b)."""
    return [a for a, u in state["units"].items() if alive(state, a) and units.record(a)["kind"] == "air"
            and aboard(u.get("location")) == uid and u.get("box") in boxes]


def apply_result(state: State, uid: str, outcome: str) -> list[str]:
    """Mark `outcome` on the unit (in place). Returns what a player sees happen, by printed name, e.g.
    ["Hornet flipped"]."""
    if outcome == MISS:
        return []
    if outcome == HIT:
        u = state["units"][uid]
        u["hits"] = u.get("hits", 0) + 1
        if u["hits"] < tables()["damage"]["hits_make_a_flip"]:
            return [f"{_name(uid)} hit"]
        outcome = FLIP
    if outcome == FLIP:
        u = state["units"][uid]
        if u.get("face", "front") == "back" or not units.has_back(uid):
            outcome = ELIMINATE
        else:
            u["face"] = "back"
            if tables()["damage"]["flip_clears_hits"]:
                u["hits"] = 0
            return [f"{_name(uid)} flipped"]
    return eliminate(state, uid)


def eliminate(state: State, uid: str) -> list[str]:
    """Remove a unit from play; a ship or base takes its On Board / On Ground air units with it (11b4, 4b5)."""
    lost = carried(state, uid) if units.record(uid)["kind"] in ("ship", "base") else []
    for x in [uid, *lost]:
        u = state["units"][x]
        u["eliminated"] = True
        u["box"] = "eliminated"
        u["location"] = None
        u["hits"] = 0
    return [f"{_name(uid)} eliminated"] + [f"{_name(a)} eliminated with {_name(uid)}" for a in lost]


def _name(uid: str) -> str:
    return units.record(uid)["name"]


def describe(state: State, uid: str) -> dict[str, Any]:
    u = state["units"][uid]
    return {"face": u.get("face", "front"), "hits": u.get("hits", 0), "eliminated": bool(u.get("eliminated"))}
