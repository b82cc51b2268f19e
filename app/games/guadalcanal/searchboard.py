"""The searchboard (1a): hexes, green hexsides and set-up areas; where a task force may sail (3c)."""
from __future__ import annotations

from functools import lru_cache

from app.games.guadalcanal.gamedata import AREAS, BLOCKED, EDGES, GRID, HEXES, LAND


def crossable(a: str, b: str) -> bool:
    """3c: a task force marker may not be moved through a hexside that is completely green."""
    return frozenset((a, b)) not in BLOCKED


def sea_steps(hex_id: str) -> list[str]:
    """The hexes a task force in `hex_id` may enter this Turn (3c: no more than one hex)."""
    return [n for n in EDGES[hex_id] if crossable(hex_id, n)]


def distance(a: str, b: str) -> int:
    return GRID.distance(a, b)


@lru_cache(maxsize=None)
def _within(hex_id: str, n: int) -> tuple[str, ...]:
    return tuple(GRID.within(hex_id, n))


def within(hex_id: str, n: int) -> list[str]:
    return list(_within(hex_id, n))


def area_of(area_id: str) -> tuple[str, ...]:
    return AREAS[area_id]


def is_hex(hex_id: str) -> bool:
    return hex_id in EDGES


__all__ = ["HEXES", "LAND", "area_of", "crossable", "distance", "is_hex", "sea_steps", "within"]
