"""16e (not transcribed; reconstructed, data/surface.toml [movement]): surface movement. In its Surface Turn a ship
unit moves up to its current movement factor (printed, less one per hit marker, 4b5) in hexes, each straight ahead
after turning at most one hexside (destroyers two) before entering it. It may not enter a hex holding another unit,
and leaves the Battleboard only by breaking off (16d6)."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.games.guadalcanal.combat import units
from app.games.guadalcanal.combat.damage import factor
from app.games.guadalcanal.combat.tables import toward
from app.games.guadalcanal.surface.geometry import turn_between
from app.games.guadalcanal.surface.values import section

State = dict[str, Any]


def turn_limit(uid: str) -> int:
    m = section("movement")
    return m["destroyer_turn_hexsides"] if units.record(uid)["type"] in m["destroyer_types"] else m["turn_hexsides"]


def occupied(state: State, but: str | None = None) -> set[str]:
    s = state["surface"]
    taken = {p["at"] for u, p in s["ships"].items() if u != but and u not in s.get("broken_off", [])
             and not state["units"][u].get("eliminated")}
    if s.get("base") and not state["units"][s["base"]].get("eliminated"):
        taken.add(s["base_at"])
    return taken


def course(state: State, uid: str, headings: list[str]) -> list[str]:
    """The hexes a ship enters on `headings` (one heading per hex); refuses a course 16e does not allow."""
    s = state["surface"]
    name = units.record(uid)["name"]
    mf = factor(state, uid, "movement") or 0
    if len(headings) > mf:
        raise IllegalAction(f"{name} moves at most {mf} hexes this Surface Turn (its movement factor).", "16e")
    here, facing, limit, taken, path = s["ships"][uid]["at"], s["ships"][uid]["facing"], turn_limit(uid), \
        occupied(state, uid), []
    for h in headings:
        if turn_between(facing, h) > limit:
            raise IllegalAction(f"{name} turns at most {limit} hexside{'s' if limit > 1 else ''} before each hex.",
                                "16e")
        nxt = toward(here, h)
        if nxt is None:
            raise IllegalAction(f"{name} may not sail off the Battleboard: a ship leaves only by breaking off.",
                                "16e")
        if nxt in taken:
            raise IllegalAction(f"{name} may not enter {nxt}: another unit is there.", "16e")
        path.append(nxt)
        here, facing = nxt, h
    return path


def move(state: State, uid: str, headings: list[str]) -> list[str]:
    """Carry out a legal course (in place): the ship ends in the last hex, facing the last heading."""
    path = course(state, uid, headings)
    if path:
        state["surface"]["ships"][uid].update(at=path[-1], facing=headings[-1])
    return path
