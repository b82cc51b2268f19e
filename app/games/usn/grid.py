"""The U.S.N. mapsheet's numbered hex grid (Game Equipment; digest §4.1).

Hexes are numbered down straight north-south columns of flat-topped hexes, 34 to a column, column after column from
west to east: hex n lies in column (n - 23) // 34, row (n - 23) % 34, row 0 on the north edge; a partial column
west of column 0 holds 0001-0022. Odd columns sit half a hex north of even ones. Ids are written with four digits
("0759"); the text often drops the leading zero ("Rabaul (759)"), which `normalise` accepts.

The geometry is the engine's `OffsetGrid` over internal columns shifted one east (so the partial column is 0 and
every coordinate an `OffsetGrid` can hold): there the even internal columns, the printed odd ones, sit higher, which
is "odd internal columns pushed half a hex south".

Dutch Harbor (1409) and Cold Bay (1509) lie in an inset (the Aleutians) drawn in the grid's empty south-east corner:
distances inside the inset are measured on the grid. Across its edge the text says nothing (digest ambiguity 3); the
reading (data/optional.toml [inset], map.toml links_to_main_map) links the inset's top row to the main map's top row
under the Aleutians, a fixed gap of hexes apart: a distance across is the steps to the main map's top edge, the gap,
and the steps from the inset's top row. With the link off, `distance` gives BEYOND: nothing reaches across.
"""
from __future__ import annotations

from functools import cache, lru_cache

from app.engine.hexgrid import OffsetGrid
from app.games.usn import gamedata

_G = gamedata.load("map")["grid"]
_INSET = gamedata.load("map")["aleutian_inset"]
_LINK = gamedata.load("optional")["inset"]
PER_COLUMN: int = _G["per_column"]
OFFSET: int = _G["offset"]
FIRST: int = _G["first_number"]
LAST: int = _G["last_number"]

# internal column k = printed column + 1; printed odd columns are higher -> internal odd columns lower
_SHIFTED = "odd" if _G["higher_columns"] == "odd" else "even"
GRID = OffsetGrid("columns", _SHIFTED, +1, "CCRR",
                  cols=(0, (LAST - OFFSET) // PER_COLUMN + 1), rows=(0, PER_COLUMN - 1))


_OFF = gamedata.load("offmap")  # Off-Map Movement (offmap.py): the U.S. West Coast, the east boxes, off the west edge
OFF_MAP = (_OFF["west_coast"]["id"], *(b["id"] for b in _OFF["box"]), _OFF["west"]["allied"], _OFF["west"]["japanese"])
BEYOND = 10_000  # the distance across the unlinked inset edge: farther than any range


class NotAHex(ValueError):
    """A hex number that is not on the U.S.N. map."""


def normalise(hex_id: str | int) -> str:
    """The four-digit id of a hex number as the text writes it ("759", 759 or "0759" -> "0759")."""
    s = str(hex_id).strip()
    if not s.isdigit() or not FIRST <= int(s) <= LAST:
        raise NotAHex(f"{hex_id!r} is not a hex of the U.S.N. map (hexes are numbered {FIRST:04d} to {LAST:04d})")
    return f"{int(s):04d}"


def column_row(hex_id: str | int) -> tuple[int, int]:
    """(printed column, row) of a hex: column -1 is the partial western column, row 0 the north edge."""
    n = int(normalise(hex_id))
    return (n - OFFSET) // PER_COLUMN, (n - OFFSET) % PER_COLUMN


def hex_at(column: int, row: int) -> str | None:
    """The id of the hex at a printed column and row, or None off the map."""
    if not 0 <= row < PER_COLUMN:
        return None
    n = OFFSET + PER_COLUMN * column + row
    return f"{n:04d}" if FIRST <= n <= LAST else None


def _axial(hex_id: str | int) -> tuple[int, int]:
    c, r = column_row(hex_id)
    return GRID.to_axial(c + 1, r)


def in_inset(hex_id: str | int) -> bool:
    """True for the hexes of the Aleutian inset (False off the map)."""
    if hex_id in OFF_MAP:
        return False
    c, r = column_row(hex_id)
    (c0, c1), (r0, r1) = _INSET["columns"], _INSET["rows"]
    return c0 <= c <= c1 and r0 <= r <= r1


def _on_grid(a: str | int, b: str | int) -> int:
    return GRID.distance(GRID.id(*GRID.from_axial(_axial(a))), GRID.id(*GRID.from_axial(_axial(b))))


def open_hex(hex_id: str | int) -> bool:
    """A hex units may be ordered into from anywhere: the main map, and the inset once it is linked."""
    return linked() or not in_inset(hex_id)


def linked() -> bool:
    """Whether units pass between the Aleutian inset and the main map (map.toml links_to_main_map)."""
    return bool(_INSET["links_to_main_map"])


def _edge(part: str) -> list[str]:
    """The hexes along which the inset joins the main map: the main map's top row under the Aleutians ("main"), the
    inset's top row ("inset") (data/optional.toml [inset])."""
    if part == "main":
        c0, c1 = _LINK["main_map_columns"]
        return [h for c in range(c0, c1 + 1) if (h := hex_at(c, 0)) is not None]
    (c0, c1), (r0, _) = _INSET["columns"], _INSET["rows"]
    return [h for c in range(c0, c1 + 1) if (h := hex_at(c, r0)) is not None]


@cache
def to_edge(hex_id: str) -> int:
    """Steps from a hex to the nearest hex of the inset's link on its own part of the map."""
    return min(_on_grid(hex_id, e) for e in _edge("inset" if in_inset(hex_id) else "main"))


@lru_cache(maxsize=1 << 18)  # pure, and called millions of times by a campaign game's movement and bots
def distance(a: str | int, b: str | int) -> int:
    """Hexes stepped from a to b, not counting a. Across the inset's edge: to the main map's top edge, the gap, and
    from the inset's top row (linked), or BEYOND (not linked), so nothing reaches across. From or to an off-map
    place (the U.S. West Coast of the campaign games, OFF_MAP): BEYOND, reached only by Off-Map Movement."""
    if a in OFF_MAP or b in OFF_MAP:
        return 0 if a == b else BEYOND
    if in_inset(a) != in_inset(b):
        if not linked():
            return BEYOND
        return to_edge(normalise(a)) + _LINK["gap_hexes"] + to_edge(normalise(b))
    return _on_grid(a, b)


def neighbours(hex_id: str | int) -> list[str]:
    """The hexes touching `hex_id` on its own part of the map (main map or inset); none off the map."""
    if hex_id in OFF_MAP:
        return []
    inset = in_inset(hex_id)
    out = []
    for h in GRID.neighbours(GRID.id(*GRID.from_axial(_axial(hex_id)))):
        k, r = GRID.parse(h)
        n = hex_at(k - 1, r)
        if n is not None and in_inset(n) == inset:
            out.append(n)
    return out


def adjacent(a: str | int, b: str | int) -> bool:
    if a in OFF_MAP or b in OFF_MAP:  # a place off the map (Off-Map Movement) touches no hex
        return False
    return normalise(b) in neighbours(a)


def within(hex_id: str | int, n: int) -> list[str]:
    """Every hex at distance 0..n from `hex_id`, in number order: on its own part of the map, and across the
    inset's edge when linked and near enough (off the map: itself)."""
    return list(_within(hex_id, n))


@lru_cache(maxsize=1 << 14)  # pure, and called millions of times by a campaign game's movement and bots
def _within(hex_id: str | int, n: int) -> tuple[str, ...]:
    if hex_id in OFF_MAP:
        return (hex_id,)
    inset = in_inset(hex_id)
    out = []
    for h in GRID.within(GRID.id(*GRID.from_axial(_axial(hex_id))), n):
        k, r = GRID.parse(h)
        x = hex_at(k - 1, r)
        if x is not None and in_inset(x) == inset:
            out.append(x)
    if linked() and to_edge(normalise(hex_id)) + _LINK["gap_hexes"] <= n:
        out += [x for x in _other_part(inset) if distance(hex_id, x) <= n]
    return tuple(sorted(out))


@cache
def _other_part(inset: bool) -> tuple[str, ...]:
    """Every hex of the main map (inset True) or of the inset (inset False)."""
    return tuple(h for i in range(FIRST, LAST + 1) if in_inset(h := f"{i:04d}") != inset)


# every hex a unit may enter (not all-land-less void): the choices of the orders that name any hex
ALL_HEXES = tuple(f"{n:04d}" for n in range(FIRST, LAST + 1) if open_hex(f"{n:04d}"))
