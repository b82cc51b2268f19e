"""Hex grids: axial coordinates for the arithmetic, offset coordinates and printed ids for the maps.

Printed maps number hexes in offset coordinates: straight lines of hexes (rows of pointy-top hexes, or columns of
flat-top hexes), every other line shifted half a hex. `OffsetGrid` says which lines are shifted and which way, how
an id is written, and the map's extent; it turns ids into axial coordinates (q, r), where neighbours, distance and
range are simple, and back. Paths with costs use `app.engine.graph`.

The two grids the coming games need (derived in /work/shared/design/games/):
  - First Blood: ids "RRCC" (row then column), pointy-top rows, odd rows shifted half a hex east, columns numbered
    westward, so the odd rows shift toward lower column numbers: `OffsetGrid("rows", "odd", -1, "RRCC")`.
  - Guadalcanal: ids letter-number ("N6": column N, A = 0, then row 6), flat-top columns, odd columns half a hex
    south, rows numbered southward: `OffsetGrid("columns", "odd", +1, "A1")`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable

from app.engine import graph

Axial = tuple[int, int]  # (q, r); the third cube coordinate is s = -q - r
AXIAL_DIRECTIONS: tuple[Axial, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def axial_neighbours(a: Axial) -> list[Axial]:
    return [(a[0] + dq, a[1] + dr) for dq, dr in AXIAL_DIRECTIONS]


def axial_distance(a: Axial, b: Axial) -> int:
    """The number of hexes stepped from a to b (not counting a): half the cube Manhattan distance."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def axial_range(center: Axial, n: int) -> list[Axial]:
    """Every hex at distance 0..n from `center` (3n(n+1)+1 of them on an unbounded grid)."""
    return [(center[0] + dq, center[1] + dr)
            for dq in range(-n, n + 1) for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1)]


def axial_ring(center: Axial, n: int) -> list[Axial]:
    """The hexes at exactly distance n."""
    return [h for h in axial_range(center, n) if axial_distance(center, h) == n]


ID_FORMATS = ("RRCC", "CCRR", "A1")
_LETTER_NUMBER = re.compile(r"^([A-Z])(-?\d+)$")


@dataclass(frozen=True)
class OffsetGrid:
    """A printed hex grid.

    lines:   "rows" (pointy-top hexes in horizontal rows) or "columns" (flat-top hexes in vertical columns).
    shifted: "odd" or "even": which lines sit half a hex out of step.
    toward:  +1 if a shifted line is pushed toward higher numbers along the line, -1 toward lower numbers.
    ids:     "RRCC" (row then column, `width` digits each), "CCRR" (column then row), or "A1" (column letter, A = 0,
             then the row number).
    cols, rows: the map's extent, inclusive (lowest, highest); None leaves that side unbounded.
    """
    lines: str
    shifted: str
    toward: int
    ids: str
    cols: tuple[int, int] | None = None
    rows: tuple[int, int] | None = None
    width: int = 2

    def __post_init__(self) -> None:
        if self.lines not in ("rows", "columns") or self.shifted not in ("odd", "even") or self.toward not in (1, -1):
            raise ValueError("lines is 'rows' or 'columns', shifted 'odd' or 'even', toward +1 or -1")
        if self.ids not in ID_FORMATS:
            raise ValueError(f"ids is one of {ID_FORMATS}")

    # --- ids ---------------------------------------------------------------------------------------------------

    def parse(self, hex_id: str) -> tuple[int, int]:
        """(column, row) of a printed id; ValueError if it is not one."""
        if not isinstance(hex_id, str):
            raise ValueError(f"{hex_id!r} is not a hex id")
        if self.ids == "A1":
            m = _LETTER_NUMBER.match(hex_id)
            if not m:
                raise ValueError(f"{hex_id!r} is not a hex id (a column letter, then a row number)")
            return ord(m.group(1)) - ord("A"), int(m.group(2))
        w = self.width
        if len(hex_id) != 2 * w or not hex_id.isdigit():
            raise ValueError(f"{hex_id!r} is not a hex id ({2 * w} digits, {self.ids})")
        a, b = int(hex_id[:w]), int(hex_id[w:])
        return (b, a) if self.ids == "RRCC" else (a, b)

    def id(self, col: int, row: int) -> str:
        if self.ids == "A1":
            return f"{chr(ord('A') + col)}{row}"
        w = self.width
        return f"{row:0{w}d}{col:0{w}d}" if self.ids == "RRCC" else f"{col:0{w}d}{row:0{w}d}"

    def contains(self, col: int, row: int) -> bool:
        """On the map: within its extent, and an id can be written for it (no column letter before A or after Z,
        no negative numbers)."""
        writable = (0 <= col <= 25 and row >= 0) if self.ids == "A1" else (col >= 0 and row >= 0)
        return writable and ((self.cols is None or self.cols[0] <= col <= self.cols[1])
                and (self.rows is None or self.rows[0] <= row <= self.rows[1]))

    def is_hex(self, hex_id: str) -> bool:
        try:
            return self.contains(*self.parse(hex_id))
        except ValueError:
            return False

    def all(self) -> list[str]:
        """Every hex of a bounded grid, row by row."""
        if self.cols is None or self.rows is None:
            raise ValueError("an unbounded grid has no list of hexes")
        return [self.id(c, r) for r in range(self.rows[0], self.rows[1] + 1)
                for c in range(self.cols[0], self.cols[1] + 1)]

    # --- offset <-> axial --------------------------------------------------------------------------------------

    def _half(self, line: int) -> int:
        odd = line & 1
        return (line - odd) // 2 if self.shifted == "odd" else (line + odd) // 2

    def to_axial(self, col: int, row: int) -> Axial:
        if self.lines == "rows":
            return col * self.toward - self._half(row), row
        return col, row * self.toward - self._half(col)

    def from_axial(self, a: Axial) -> tuple[int, int]:
        q, r = a
        if self.lines == "rows":
            return (q + self._half(r)) * self.toward, r
        return q, (r + self._half(q)) * self.toward

    def axial(self, hex_id: str) -> Axial:
        return _axial(self, hex_id)

    def hex(self, a: Axial) -> str:
        return self.id(*self.from_axial(a))

    # --- geometry ----------------------------------------------------------------------------------------------

    def neighbours(self, hex_id: str) -> list[str]:
        """The (up to) six hexes touching `hex_id` that lie on the map."""
        return list(_neighbours(self, hex_id))

    def _neighbours(self, hex_id: str) -> tuple[str, ...]:
        out = []
        for a in axial_neighbours(self.axial(hex_id)):
            c, r = self.from_axial(a)
            if self.contains(c, r):
                out.append(self.id(c, r))
        return tuple(out)

    def adjacent(self, a: str, b: str) -> bool:
        return self.distance(a, b) == 1

    def distance(self, a: str, b: str) -> int:
        """Hexes stepped from a to b, not counting a (a rule that "counts both end hexes" adds 1)."""
        return axial_distance(self.axial(a), self.axial(b))

    def within(self, hex_id: str, n: int) -> list[str]:
        """Every hex on the map at distance 0..n from `hex_id`."""
        out = []
        for a in axial_range(self.axial(hex_id), n):
            c, r = self.from_axial(a)
            if self.contains(c, r):
                out.append(self.id(c, r))
        return out

    def steps(self, allowed: Callable[[str], bool] | Iterable[str] | None = None) -> Callable[[str], list[str]]:
        """A `graph.Steps` over this grid, limited to `allowed` hexes (a set of ids or a test) if given."""
        if allowed is None:
            return self.neighbours
        test = allowed if callable(allowed) else set(allowed).__contains__
        return lambda h: [n for n in self.neighbours(h) if test(n)]

    def path(self, start: str, goal: str, cost: graph.Cost | None = None, budget: float | None = None,
             allowed: Callable[[str], bool] | Iterable[str] | None = None) -> tuple[list[str], float] | None:
        """The cheapest path from start to goal (both included) and its cost. `cost(from, to)` prices one step
        (terrain, hexsides; None forbids it), 1 a step if not given; `budget` caps the total (movement factors)."""
        return graph.cheapest_route(start, goal, self.steps(allowed), cost or (lambda a, b: 1), budget)

    def reachable(self, start: str, cost: graph.Cost | None = None, budget: float = 0,
                  allowed: Callable[[str], bool] | Iterable[str] | None = None) -> dict[str, float]:
        """Every hex reachable from `start` within `budget`, with its least cost."""
        return graph.costs(start, self.steps(allowed), cost or (lambda a, b: 1), budget)

    def edges(self) -> dict[str, list[str]]:
        """{hex: neighbours} for a bounded grid: what a typed Path order publishes as its allowed steps."""
        return {h: self.neighbours(h) for h in self.all()}


# A grid is frozen and its geometry pure, so a hex's axial position and neighbours are worked out once (the
# computer players' searches ask for them hundreds of thousands of times a decision). Bounded: a grid's hexes.
@lru_cache(maxsize=1 << 16)
def _axial(grid: OffsetGrid, hex_id: str) -> Axial:
    return grid.to_axial(*grid.parse(hex_id))


@lru_cache(maxsize=1 << 16)
def _neighbours(grid: OffsetGrid, hex_id: str) -> tuple[str, ...]:
    return grid._neighbours(hex_id)
