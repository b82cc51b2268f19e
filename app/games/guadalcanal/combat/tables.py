"""The combat tables (data/tables.toml) and the Battleboard (data/battleboard.toml), loaded once.

The Battleboard is a hex grid like the searchboard (letter-number ids, odd columns half a hex south); a ship's
facing is one of its six hexsides, named by compass point: flat-topped hexes in columns have a north and a south
hexside and four slanted ones.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from app.engine import data
from app.engine.hexgrid import OffsetGrid

DATA = Path(__file__).resolve().parents[1] / "data"

# The six hexsides in turning order; each is an axial step (q, r) on a flat-topped, column grid (rows southward).
FACINGS: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
STEP = {"N": (0, -1), "NE": (1, -1), "SE": (1, 0), "S": (0, 1), "SW": (-1, 1), "NW": (-1, 0)}


@lru_cache(maxsize=1)
def tables() -> dict[str, Any]:
    return data.load(DATA / "tables.toml")


@lru_cache(maxsize=1)
def battleboard() -> dict[str, Any]:
    return data.load(DATA / "battleboard.toml")


@lru_cache(maxsize=1)
def grid() -> OffsetGrid:
    g = battleboard()["grid"]
    cols = (ord(g["first_column"]) - ord("A"), ord(g["last_column"]) - ord("A"))
    return OffsetGrid(g["lines"], g["shifted"], g["toward"], g["ids"], cols=cols, rows=(g["first_row"], g["last_row"]))


@lru_cache(maxsize=1)
def hexes() -> tuple[str, ...]:
    return tuple(grid().all())


def on_edge(hex_id: str) -> bool:
    return len(grid().neighbours(hex_id)) < 6


def toward(hex_id: str, facing: str) -> str | None:
    """The hex across `facing`'s hexside, or None off the board."""
    q, r = grid().axial(hex_id)
    dq, dr = STEP[facing]
    col, row = grid().from_axial((q + dq, r + dr))
    return grid().id(col, row) if grid().contains(col, row) else None


def facing_to(from_hex: str, to_hex: str) -> str | None:
    """The hexside of `from_hex` that faces the adjacent `to_hex` (None if they do not touch)."""
    return next((f for f in FACINGS if toward(from_hex, f) == to_hex), None)


def turned(facing: str, steps: int) -> str:
    return FACINGS[(FACINGS.index(facing) + steps) % 6]


def bow_quarters(hex_id: str, facing: str) -> tuple[str | None, str | None]:
    """The two hexes flanking a ship's bow: across the hexsides either side of its front facing (4d3.1)."""
    return toward(hex_id, turned(facing, -1)), toward(hex_id, turned(facing, 1))
