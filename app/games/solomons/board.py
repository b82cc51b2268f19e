"""Everything the core reads from the game's data, in one place: the map graph, the counters, the schedules.

The values live in the data engineer's tables.py (over data/*.toml). This module adapts its calls to what the
core needs and, where tables.py lacks a value, falls back to a clearly named PLACEHOLDER_* below (each listed in
the core's report). Nothing here reads the state.
"""
from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import Any

try:  # the data engineer's module; the core still loads (with placeholders) before it lands
    from app.games.solomons import tables as _tables
except (ImportError, ValueError):  # pragma: no cover - only while tables.py is missing or mid-edit
    _tables = None

SIDES = ("allied", "japanese")
ENEMY = {"allied": "japanese", "japanese": "allied"}
PREFIX = {"allied": "us", "japanese": "jp"}

# Off-map bases (3.1) and the on-map bases (10.5).
BASES = {"allied": ("espiritu_santo", "australia"), "japanese": ("rabaul", "truk")}
BASE_LABEL = {"espiritu_santo": "Espiritu Santo", "australia": "Australia", "rabaul": "Rabaul", "truk": "Truk",
              "henderson": "Henderson Field", "shortlands": "Shortlands"}
GUADALCANAL = "M"      # 8.7: a plot at Guadalcanal is hex M
SHORTLANDS_HEX = "L"   # 10.5
SLOT = ("K", "L", "M")          # 6.37
ANTI_SLOT = ("O", "N", "M")     # 6.37, 11.1

CAPITAL = ("CV", "CVL", "BB", "BC", "B")   # 6.3
CARRIERS = ("CV", "CVL")
TRANSPORTS = ("TR",)

# PLACEHOLDER_MAP: the lettered hexes and their adjacency until tables.py gives the map. Only the facts the
# rules state are certain here: the entry hexes of 8.5, the Slot K-L-M, the Anti-Slot O-N-M.
PLACEHOLDER_ADJACENT = {
    "A": "FBGH", "B": "AHIC", "C": "BID", "D": "CIE", "E": "DIJ", "F": "KALG", "G": "FALHMN", "H": "ABGINJ",
    "I": "BCDEHJ", "J": "EHINOS", "K": "PFLQ", "L": "KFGMQR", "M": "LGNRS", "N": "GHJMOS", "O": "NJS",
    "P": "KQ", "Q": "PKLR", "R": "QLMS", "S": "RMNOJ",
}
# 8.5 map entrance and exit hexes of each off-map base.
ENTRY = {"truk": "PKFABCD", "rabaul": "K", "espiritu_santo": "O", "australia": "RSOJE"}
# PLACEHOLDER_UNITS: strengths until tables.py gives the counters: (bombardment, attack, defense, aa, capacity)
PLACEHOLDER_STRENGTH = {
    "CV": (0, 0, 6, 6, 9), "CVL": (0, 0, 4, 4, 5), "BB": (20, 20, 10, 6, 0), "BC": (14, 14, 7, 5, 0),
    "B": (16, 16, 8, 4, 0), "CA": (8, 8, 4, 3, 0), "DD": (4, 4, 2, 2, 0), "APD": (0, 0, 1, 1, 0),
    "TR": (0, 0, 1, 1, 0), "SS": (0, 4, 1, 0, 0),
}


def _t(name: str) -> Any:
    return getattr(_tables, name, None) if _tables is not None else None


# ---------------------------------------------------------------- map

@lru_cache(maxsize=None)
def adjacency() -> dict[str, tuple[str, ...]]:
    """Sea hexes and off-map bases, each with its neighbours (8.5: a base touches only its entry hexes)."""
    if _tables is not None and hasattr(_tables, "ADJACENCY"):
        return {n: tuple(sorted(ns)) for n, ns in _tables.ADJACENCY.items()}
    graph: dict[str, set[str]] = {h: set(n) for h, n in PLACEHOLDER_ADJACENT.items()}
    for h, ns in list(graph.items()):
        for n in ns:
            graph.setdefault(n, set()).add(h)
    for base, hexes_ in entry_hexes().items():
        graph[base] = set(hexes_)
        for h in hexes_:
            graph.setdefault(h, set()).add(base)
    return {h: tuple(sorted(ns)) for h, ns in graph.items()}


@lru_cache(maxsize=None)
def entry_hexes() -> dict[str, tuple[str, ...]]:
    if _tables is not None and hasattr(_tables, "entry_hexes"):
        return {b: tuple(_tables.entry_hexes(b)) for b in ENTRY}
    return {b: tuple(v) for b, v in ENTRY.items()}


def sea_hexes() -> list[str]:
    return sorted(h for h in adjacency() if h not in ENTRY)


def is_base(place: str) -> bool:
    return place in ENTRY


def side_of_base(base: str) -> str | None:
    return next((s for s, bs in BASES.items() if base in bs), None)


@lru_cache(maxsize=None)
def distances(origin: str) -> dict[str, int]:
    """Segments needed to reach each place from `origin` (one hex, or one base entry, per move)."""
    graph = adjacency()
    out = {origin: 0}
    todo = deque([origin])
    while todo:
        here = todo.popleft()
        for n in graph[here]:
            if n not in out:
                # a path may pass through a sea hex only; bases are ends, never waypoints
                out[n] = out[here] + 1
                if not is_base(n):
                    todo.append(n)
    return out


def distance(a: str, b: str) -> int:
    return distances(a).get(b, 99)


def shortest_path(a: str, b: str) -> list[str]:
    """The places after `a` on a shortest route to `b` (ties broken alphabetically, so it is deterministic)."""
    path: list[str] = []
    here = a
    while here != b:
        dist_b = distances(b)
        step = min((n for n in adjacency()[here] if n in dist_b and (not is_base(n) or n == b)),
                   key=lambda n: (dist_b[n], n))
        path.append(step)
        here = step
    return path


def recon_zone(turn: int) -> tuple[str, ...]:
    """19.1 and 25.4: the Japanese Air Reconnaissance Zone; C, N, R and H join on Game-Turn 10."""
    fn = _t("recon_zone")
    if fn is not None:
        return tuple(fn(turn))
    base = ("A", "B", "F", "G", "K", "L", "M", "P", "Q")
    return base + (("C", "N", "R", "H") if turn >= 10 else ())


# ---------------------------------------------------------------- counters

def unit_type(unit_id: str) -> str:
    """us-CV-1 -> CV."""
    return unit_id.split("-")[1]


def strength(unit_id: str) -> dict[str, int]:
    fn = _t("unit_strength")
    if fn is not None:
        try:
            got = fn(unit_id)
            if got:
                return dict(got)
        except (KeyError, LookupError, ValueError):
            pass
    b, a, d, aa, cap = PLACEHOLDER_STRENGTH[unit_type(unit_id)]
    return {"bombardment": b, "attack": a, "defense": d, "aa": aa, "capacity": cap}


def unit_name(unit_id: str) -> str:
    fn = _t("unit_name")
    if fn is not None:
        try:
            got = fn(unit_id)
            if got:
                return str(got)
        except (KeyError, LookupError, ValueError):
            pass
    return PLACEHOLDER_NAMES.get(unit_id, unit_id.split("-", 1)[1])


PLACEHOLDER_NAMES = {"us-CV-1": "Wasp", "us-CV-2": "Enterprise", "us-CV-3": "Saratoga", "us-CV-4": "Hornet",
                     "jp-BB-1": "Yamato", "jp-BB-2": "Musashi"}


def is_capital(unit_id: str) -> bool:
    return unit_type(unit_id) in CAPITAL


def is_carrier(unit_id: str) -> bool:
    return unit_type(unit_id) in CARRIERS


def is_transport(unit_id: str) -> bool:
    return unit_type(unit_id) in TRANSPORTS


# ---------------------------------------------------------------- set-up and schedules

def initial_placement(options: dict[str, Any]) -> dict[str, Any]:
    """21 Initial placement. Shape: {side: {"units": {place: [ids]}, "air": {base: {"lac","nac","untrained"}},
    "ground": {place: points}, "carrier_nac": {side total}, "cargo": {unit: {...}}}}."""
    fn = _t("initial_placement")
    if fn is not None:
        return fn(options)
    us_ships = ["us-CV-1", "us-CV-2", "us-CV-3", "us-BB-1", *[f"us-CA-{i}" for i in range(1, 8)],
                *[f"us-DD-{i}" for i in range(1, 6)], *[f"us-TR-{i}" for i in range(1, 8)]]
    jp_truk = ["jp-CV-1", "jp-CV-2", "jp-CV-3", "jp-CV-4", "jp-BC-5", "jp-BC-6",
               *[f"jp-CA-{i}" for i in range(4, 8)], *[f"jp-DD-{i}" for i in range(3, 7)]]
    if options.get("yamato"):
        jp_truk.append("jp-BB-1")
    if options.get("musashi"):
        jp_truk.append("jp-BB-2")
    return {
        "allied": {"units": {"M": us_ships}, "ground": {"guadalcanal": 15, "espiritu_santo": 3},
                   "air": {"espiritu_santo": {"lac": 5}}, "carrier_nac": 24,
                   "supply_aboard": 6},
        "japanese": {"units": {"rabaul": ["jp-CA-1", "jp-CA-2", "jp-CA-3", "jp-DD-1", "jp-DD-2"], "truk": jp_truk},
                     "ground": {"rabaul": 2}, "air": {"rabaul": {"lac": 13}, "truk": {"untrained": 1}},
                     "carrier_nac": 18, "supply_aboard": 0},
    }


# PLACEHOLDER_REINFORCEMENTS: 21's printed schedule, turns 2-9 (turns 10-16 are cut from the transcription;
# tables.py reconstructs them). Shape: {turn: {side: {base: {"units": [...], "lac": n, "nac": n, "ground": n}}}}
PLACEHOLDER_REINFORCEMENTS: dict[int, dict[str, dict[str, dict[str, Any]]]] = {
    2: {"allied": {"espiritu_santo": {"lac": 3, "units": ["us-DD-6", "us-APD-1"]}},
        "japanese": {"rabaul": {"ground": 3, "lac": 2},
                     "truk": {"units": ["jp-CV-5", "jp-CV-6", "jp-B-3", "jp-B-4", "jp-BC-7", "jp-BC-8",
                                        "jp-DD-7", "jp-DD-8", "jp-DD-9", "jp-DD-10", "jp-SS-1"], "carrier_nac": 10}}},
    3: {"allied": {"australia": {"nac": 3}, "espiritu_santo": {"lac": 2}},
        "japanese": {"rabaul": {"ground": 1, "lac": 2}, "truk": {"nac": 2, "units": ["jp-DD-11"]}}},
    4: {"allied": {"australia": {"nac": 3}, "espiritu_santo": {"ground": 3, "lac": 2}},
        "japanese": {"rabaul": {"lac": 2}, "truk": {"nac": 1}}},
    5: {"allied": {"australia": {"units": ["us-BB-2"], "nac": 1}, "espiritu_santo": {"lac": 1}},
        "japanese": {"rabaul": {"lac": 4}, "truk": {"nac": 2}}},
    6: {"allied": {"australia": {"units": ["us-CV-4", "us-DD-7"], "nac": 4}, "espiritu_santo": {"ground": 3}},
        "japanese": {"rabaul": {"lac": 8}, "truk": {"nac": 2, "units": ["jp-SS-2"]}}},
    7: {"allied": {"australia": {"units": ["us-BB-3"]}, "espiritu_santo": {"lac": 4}},
        "japanese": {"rabaul": {"ground": 9, "lac": 6, "units": ["jp-TR-1", "jp-TR-2", "jp-TR-3"]},
                     "truk": {"nac": 4}}},
    8: {"allied": {"australia": {"units": ["us-CA-8"], "nac": 2}, "espiritu_santo": {"lac": 2}},
        "japanese": {"rabaul": {"lac": 6}, "truk": {"nac": 3, "units": ["jp-SS-3"]}}},
    9: {"allied": {"australia": {"nac": 2}, "espiritu_santo": {"lac": 2}},
        "japanese": {"rabaul": {"lac": 6}, "truk": {"nac": 3}}},
}


def reinforcements(turn: int, side: str) -> dict[str, dict[str, Any]]:
    fn = _t("reinforcements")
    if fn is not None:
        return fn(turn, side) or {}
    return PLACEHOLDER_REINFORCEMENTS.get(turn, {}).get(side, {})


def refit_delay(unit_id: str, base: str) -> int:
    """8.8: whole Game-Turns a returning unit is away."""
    fn = _t("refit_delay")
    if fn is not None:
        return int(fn(unit_id, base))
    t = unit_type(unit_id)
    if base == "truk":
        return 2
    if base == "australia":
        return 1
    if base in ("rabaul", "espiritu_santo"):
        return 1 if t in ("BB", "BC", "B", "TR") else 0
    return 0


def vp_value(kind: str) -> int:
    """22 Victory Point values by unit type or by point kind (lac, nac, ground_allied, ground_japanese, supply)."""
    fn = _t("vp_value")
    if fn is not None:
        return int(fn(kind))
    return PLACEHOLDER_VP.get(kind, 0)


PLACEHOLDER_VP = {"CV": 50, "CVL": 40, "BB": 30, "BC": 30, "B": 30, "CA": 20, "DD": 10, "TR": 5, "SS": 1,
                  "APD": 0, "supply": 0, "ground_allied": 1, "ground_japanese": 0, "lac": 1, "nac": 1}


def truk_released(roll: int) -> bool:
    """20.1: 1-4 releases the Truk force."""
    fn = _t("truk_sortie_released")
    if fn is not None:
        return bool(fn(roll))
    return roll <= 4


def henderson_completes(roll: int) -> bool:
    """10.5: a 1 or 2 completes Henderson Field."""
    return roll <= 2


AIR_CAPACITY = {"rabaul": 20, "shortlands": 10}  # 10.7, 17.2
RABAUL_SHORTLANDS_LAC = 30                         # 10.5
RABAUL_NAVAL_UNITS = 10                            # 5.16, 17.52
RABAUL_BOMBARDMENT = 100                           # 5.16, 17.52
CARGO_PER_TRANSPORT = 3                            # 9.3
TURNS = 16
