"""First Blood's tables, loaded through app/engine/data.py (every value carries its provenance), and the map's
terrain as the rules read it: the grid (§2.1), jungle, rivers, the bridge and Bloody Ridge (Table 1, §6.1, §7.1)."""
from __future__ import annotations

from functools import cache
from pathlib import Path

from app.engine import data
from app.engine.hexgrid import OffsetGrid

FOLDER = Path(__file__).parent / "data"
DOCS = data.load_all(FOLDER, "map", "units", "crt", "turns")
MAP, UNITS, CRT, TURNS = DOCS["map"], DOCS["units"], DOCS["crt"], DOCS["turns"]

_g = MAP["grid"]
GRID = OffsetGrid(_g["lines"], _g["shifted"], _g["toward"], _g["ids"], cols=tuple(_g["cols"]), rows=tuple(_g["rows"]))

SIDES = ("ij", "us")
TITLE = {"ij": "IJ", "us": "US"}
LAND: tuple[str, ...] = tuple(MAP["land"]["hexes"])
LAND_SET = frozenset(LAND)
JUNGLE = frozenset(MAP["jungle"]["hexes"])  # jungle in the centre: combat -1 (§7.1), +1 MF over every side
JUNGLE_EDGE_HEXES = frozenset(MAP["jungle_edges"]["hexes"])
JUNGLE_SIDES = frozenset((a, b) for a, b in MAP["jungle_edges"]["sides"])  # (entered, from)
RIVERS = frozenset(frozenset(p) for p in MAP["rivers"]["lunga"] + MAP["rivers"]["ilu"])
BRIDGES = frozenset(frozenset(p) for p in MAP["rivers"]["bridges"])
RIDGES = frozenset(frozenset(p) for p in MAP["ridges"]["sides"])
HENDERSON: tuple[str, ...] = tuple(MAP["strips"]["henderson"])
FIGHTER: tuple[str, ...] = tuple(MAP["strips"]["fighter"])
STRIPS = HENDERSON + FIGHTER
ENTRIES = data.index(MAP["entry"], where="map.entry")
BOXES = data.index(MAP["box"], where="map.box")
BOX_ORDER: tuple[str, ...] = tuple(BOXES)  # west to east (§6.5)
SETUP_ROWS, SETUP_COLS = tuple(MAP["setup_border"]["rows"]), tuple(MAP["setup_border"]["cols"])

TYPES = {k: v for k, v in UNITS["types"].items() if isinstance(v, dict)}
OOB = UNITS["oob"]["ground"]
USAF = UNITS["air"]["usaf"]
IJ_AIR = UNITS["air"]["ij_per_turn"]
COLUMNS: tuple[str, ...] = tuple(CRT["columns"])
TABLES = {side: {int(k): v for k, v in CRT[side].items() if k.isdigit()} for side in SIDES}
MODIFIERS = CRT["modifiers"]
TURN_LABELS: tuple[str, ...] = tuple(TURNS["track"]["labels"])
LAST_TURN = len(TURN_LABELS)
STACKING = TURNS["rules"]["stacking"]
ENTRY_CAPACITY = TURNS["rules"]["entry_capacity"]
SUPPLY_LOSS_FROM = TURNS["rules"]["supply_loss_from"]
USAF_PER_STRIP = TURNS["rules"]["usaf_per_strip"]


def enemy(side: str) -> str:
    return "us" if side == "ij" else "ij"


def in_setup_border(h: str) -> bool:
    """§3: rows 02-12 and columns 02-15, inclusive."""
    col, row = GRID.parse(h)
    return SETUP_ROWS[0] <= row <= SETUP_ROWS[1] and SETUP_COLS[0] <= col <= SETUP_COLS[1]


def neighbours(h: str) -> list[str]:
    """Adjacent land hexes (sea hexes are not numbered on the map and cannot be entered)."""
    return list(_neighbours(h))


@cache
def _neighbours(h: str) -> tuple[str, ...]:
    return tuple(n for n in GRID.neighbours(h) if n in LAND_SET)


def river(a: str, b: str) -> bool:
    """A river on the side between a and b; the bridge 0909-0910 counts as clear (§2.1, §6.1)."""
    side = frozenset((a, b))
    return side in RIVERS and side not in BRIDGES


def ridge(a: str, b: str) -> bool:
    return frozenset((a, b)) in RIDGES


def jungle_side(entered: str, source: str) -> bool:
    """§6.1: jungle costs only toward the hex entered, when that hex has jungle on the side crossed."""
    return entered in JUNGLE or entered in JUNGLE_EDGE_HEXES or (entered, source) in JUNGLE_SIDES


def move_cost(a: str, b: str) -> int:
    """§6.1: 1 MF to enter a hex, +1 jungle on the entered side, +1 ridge either way, +2 river either way."""
    return 1 + (1 if jungle_side(b, a) else 0) + (1 if ridge(a, b) else 0) + (2 if river(a, b) else 0)


# The map never changes: each hex's land neighbours with the MF to enter them (§6.1), worked out once, so that a
# movement search (run for every unit in every movement prompt) reads a table instead of recomputing the terrain.
STEPS: dict[str, tuple[tuple[str, int], ...]] = {h: tuple((n, move_cost(h, n)) for n in _neighbours(h))
                                                 for h in LAND}


def jungle_hex(h: str) -> bool:
    """§2.1, §7.1: jungle in the centre (0908, 1008 and 0618 are not, 0619 and 0620 are)."""
    return h in JUNGLE


def half(mf: int) -> int:
    """Half a unit's MF (§5.2, §6.5), rounded up: every printed MF is even (digest part 7 item 5)."""
    return (mf + 1) // 2


def turn_label(turn: int) -> str:
    return TURN_LABELS[turn - 1] if 1 <= turn <= LAST_TURN else "before Sep I"
