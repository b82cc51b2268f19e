"""Zones of Control: "All hexes within two hexes of any air base containing air units, or carrier unit containing air
units are said to be under the owning Player's Zone of Control." Its sole effect is on supply lines (supply.py); a
hex under both Players' control is under neither's (cancelling), and the effect is instantaneous: computed from the
position whenever a line is traced, never stored."""
from __future__ import annotations

from functools import cache

from app.games.usn import board, gamedata, grid

RADIUS = gamedata.load("supply")["zones_of_control"]["radius"]  # "within two hexes"


def sources(state: board.State, side: str) -> list[str]:
    """The hexes projecting a side's Zone of Control: its air bases holding air points and its carriers holding air
    units (a damaged carrier has lost them, Damage and Repair of Naval Units)."""
    out = {h for h, b in state["bases"].items() if b["side"] == side and any(b.get("air", {}).values())}
    out |= {s["hex"] for s in board.afloat(state, side) if board.is_carrier(s) and s.get("nac")}
    return sorted(out)


@cache
def _disc(h: str) -> frozenset[str]:
    return frozenset(grid.within(h, RADIUS))


def zone(state: board.State, side: str) -> set[str]:
    """Every hex under the side's Zone of Control, disputed or not."""
    out: set[str] = set()
    for h in sources(state, side):
        out |= _disc(h)
    return out


def undisputed(state: board.State, side: str) -> set[str]:
    """Hexes under the side's control and not the enemy's (Zones of Control: both Players' control cancels)."""
    return zone(state, side) - zone(state, board.other(side))
