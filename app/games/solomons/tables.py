"""Solomons Campaign (SPI 1972): the game's data, loaded once from app/games/solomons/data/*.toml.

Everything a rule looks up lives in the data files, never in code, each record with its provenance
(`printed <section>`, `example <section>` or `reconstructed: <reason>`; see docs/games/solomons-data.md).
This module loads them at import, checks their shape, and offers read-only lookups. It does no I/O after import,
holds no state, and imports nothing from the rest of the game.

Vocabulary (the rulebook's words):

- sides: ``"american"`` and ``"japanese"``.
- map nodes: the lettered hexes ``"A"`` .. ``"S"`` and the off-map bases ``"truk"``, ``"rabaul"``,
  ``"espiritu_santo"``, ``"australia"``. ``GUADALCANAL == "M"``, ``SHORTLANDS == "L"``.
- units: ids are side-qualified counter names, ``"us-CA-1"`` or ``"jp-CA-1"`` (both sides print CA-1).
- tables: ``"bombardment"``, ``"surface"``, ``"cap_aa"``, ``"aircraft_naval"``, ``"ground"``.

>>> distance("rabaul", "M")          # 10.1, 14.64: Rabaul LAC reach Guadalcanal at three hexes
3
>>> route("rabaul", "M")
['rabaul', 'K', 'L', 'M']
>>> column_for_strength("cap_aa", 30)   # 14.33: a group with 24 AA and 3 NAC resolves at 30
'30'
>>> result("ground", "1:1", 1)["text"]
'5/2'
"""
from __future__ import annotations

import math
import tomllib
from collections import deque
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterable, Mapping

DATA_DIR = Path(__file__).with_name("data")

SIDES = ("american", "japanese")
TABLES = ("bombardment", "surface", "cap_aa", "aircraft_naval", "ground")
UNIT_TYPES = ("CV", "CVL", "BB", "BC", "B", "CA", "DD", "APD", "TR", "SS")
CAPITAL_TYPES = frozenset({"CV", "CVL", "BB", "BC", "B"})  # 6.3 (CVL counted with CV)
STRENGTHS = ("bombardment", "surface_attack", "defense", "aa")


class DataError(ValueError):
    """A data file does not have the shape this module expects (raised at import)."""


def _load(name: str) -> dict[str, Any]:
    with open(DATA_DIR / name, "rb") as f:
        return tomllib.load(f)


def _require(cond: bool, message: str) -> None:
    if not cond:
        raise DataError(message)


def _frozen(obj: Any) -> Any:
    """Deep read-only copy: dicts become mappingproxies, lists become tuples."""
    if isinstance(obj, dict):
        return MappingProxyType({k: _frozen(v) for k, v in obj.items()})
    if isinstance(obj, list):
        return tuple(_frozen(v) for v in obj)
    return obj


def _plain(obj: Any) -> Any:
    """A plain JSON copy of a frozen record (what callers get back, so they may keep or change it)."""
    if isinstance(obj, Mapping):
        return {k: _plain(v) for k, v in obj.items()}
    if isinstance(obj, tuple):
        return [_plain(v) for v in obj]
    return obj


def _check_provenance(p: Any, where: str) -> None:
    _require(isinstance(p, str) and p.strip() != "", f"{where}: missing provenance")
    _require(p.startswith(("printed ", "example ", "reconstructed: ")),
             f"{where}: provenance must start 'printed ', 'example ' or 'reconstructed: ' ({p!r})")


# ================================================================================================ MAP

_MAP = _load("map.toml")

_HEXES: dict[str, dict[str, Any]] = {}
for _h in _MAP["hex"]:
    _check_provenance(_h.get("provenance"), f"hex {_h.get('id')}")
    for _k in ("id", "label", "row", "col", "lat", "lon", "neighbors"):
        _require(_k in _h, f"hex {_h.get('id')}: missing {_k}")
    _HEXES[_h["id"]] = _h
_BASES: dict[str, dict[str, Any]] = {}
for _b in _MAP["base"]:
    _check_provenance(_b.get("provenance"), f"base {_b.get('id')}")
    _require(_b["side"] in SIDES, f"base {_b['id']}: bad side")
    _BASES[_b["id"]] = _b
_AIRBASES: dict[str, dict[str, Any]] = {a["id"]: a for a in _MAP["airbase"]}
for _a in _AIRBASES.values():
    _check_provenance(_a.get("provenance"), f"airbase {_a['id']}")

HEXES: tuple[str, ...] = tuple(sorted(_HEXES))
BASES: tuple[str, ...] = tuple(_BASES)
GUADALCANAL: str = _MAP["special"]["guadalcanal"]
SHORTLANDS: str = _MAP["special"]["shortlands"]
SLOT: tuple[str, ...] = tuple(_MAP["special"]["slot"])            # 6.37: K, L, M
ANTI_SLOT: tuple[str, ...] = tuple(_MAP["special"]["anti_slot"])  # 6.37: O, N, M

# The graph: hex-hex adjacency from the hex records, base-hex links from the bases' naval entry hexes (8.5).
_ADJ: dict[str, set[str]] = {h: set(_HEXES[h]["neighbors"]) for h in _HEXES}
for _b in _BASES.values():
    _ADJ[_b["id"]] = set(_b["naval_entries"])
    for _h in _b["naval_entries"]:
        _ADJ[_h].add(_b["id"])
for _n, _ns in _ADJ.items():
    for _m in _ns:
        _require(_m in _ADJ, f"{_n}: neighbour {_m} is not on the map")
        _require(_n in _ADJ[_m], f"adjacency {_n}-{_m} is not symmetric")
ADJACENCY: Mapping[str, frozenset[str]] = MappingProxyType({n: frozenset(v) for n, v in _ADJ.items()})


def hex_info(node: str) -> dict[str, Any]:
    """The record of a lettered hex or an off-map base: label, lat/lon of its centre, provenance, ..."""
    if node in _HEXES:
        return dict(_HEXES[node], kind="hex")
    if node in _BASES:
        return dict(_BASES[node], kind="base")
    raise KeyError(node)


def is_hex(node: str) -> bool:
    return node in _HEXES


def is_base(node: str) -> bool:
    return node in _BASES


def neighbors(node: str) -> frozenset[str]:
    """Adjacent map nodes, bases included (a base neighbours its entry hexes, 8.5)."""
    return ADJACENCY[node]


def adjacent(a: str, b: str) -> bool:
    return b in ADJACENCY[a]


def _bfs(start: str, through_bases: bool) -> dict[str, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        n = queue.popleft()
        if n != start and n in _BASES and not through_bases:
            continue  # a base ends a route: moving through Truk is entering and leaving port, not movement
        for m in sorted(ADJACENCY[n]):
            if m not in dist:
                dist[m] = dist[n] + 1
                queue.append(m)
    return dist


def distance(a: str, b: str, *, through_bases: bool = False) -> int:
    """Shortest path in hexes between two map nodes (a base counts one step to its entry hexes, 10.1/14.64).

    Routes do not pass through an off-map base unless ``through_bases``; the ends may be bases.
    """
    d = _bfs(a, through_bases)
    if b not in d:
        raise ValueError(f"no route from {a} to {b}")
    return d[b]


def routes(a: str, b: str, *, through_bases: bool = False) -> list[list[str]]:
    """Every shortest route from a to b, each a list of nodes from a to b inclusive, in alphabetical order."""
    da = _bfs(a, through_bases)
    if b not in da:
        raise ValueError(f"no route from {a} to {b}")
    out: list[list[str]] = []

    def extend(path: list[str]) -> None:
        n = path[-1]
        if n == b:
            out.append(list(path))
            return
        if n != a and n in _BASES and not through_bases:
            return
        for m in sorted(ADJACENCY[n]):
            if da.get(m) == da[n] + 1 and distance(m, b, through_bases=through_bases) == da[b] - da[m]:
                extend(path + [m])

    extend([a])
    return out


def route(a: str, b: str, *, through_bases: bool = False) -> list[str]:
    """One shortest route from a to b (the alphabetically first of `routes`)."""
    return routes(a, b, through_bases=through_bases)[0]


def within(node: str, radius: int) -> frozenset[str]:
    """Lettered hexes at most `radius` hexes from node (10.1 air radius; a base's air counts from the base)."""
    d = _bfs(node, False)
    return frozenset(h for h, k in d.items() if k <= radius and h in _HEXES)


def bases(side: str | None = None) -> list[str]:
    """Off-map base ids, optionally of one side."""
    return [b for b, r in _BASES.items() if side is None or r["side"] == side]


def entry_hexes(base: str) -> tuple[str, ...]:
    """8.5: the hexes through which Task Forces enter the map from `base` and leave it to `base`."""
    return tuple(_BASES[base]["naval_entries"])


def air_entry_hexes(base: str) -> tuple[str, ...]:
    """10.6: the hexes through which air based at `base` reaches the map (empty: only aboard carriers)."""
    return tuple(_BASES[base]["air_entries"])


def nearest_base(node: str, side: str) -> tuple[str, list[str]]:
    """6.38/8.4: the nearest friendly naval base and the (alphabetically first) shortest route to it."""
    best = min((distance(node, b), b) for b in bases(side))
    return best[1], route(node, best[1])


def recon_zone(turn: int) -> frozenset[str]:
    """19.1, 10.5, 25.4: the Japanese Air Reconnaissance Zone on Game-Turn `turn`."""
    z = _MAP["recon_zone"]
    zone = set(z["initial"])
    if turn >= z["added_on_turn"]:
        zone |= set(z["added"])
    return frozenset(zone)


def airbase(airbase_id: str) -> dict[str, Any]:
    """An on-map airbase record: ``"henderson"`` (M) or ``"shortlands"`` (L), with capacity and rules."""
    return dict(_AIRBASES[airbase_id])


def base(base_id: str) -> dict[str, Any]:
    """An off-map base record: side, lat/lon, entry hexes, naval and air capacity."""
    return dict(_BASES[base_id])


def hex_polygon(node: str) -> list[tuple[float, float]]:
    """Six (lat, lon) corners of a lettered hex, for drawing the grid over a real map of the Solomons."""
    h = _HEXES[node]
    size = _MAP["grid"]["size_km"]
    bearing = _MAP["grid"]["bearing_deg"]
    r = size / math.sqrt(3)  # circumradius: adjacent centres are `size` apart, sides face along the row
    corners = []
    for k in range(6):
        b = math.radians(bearing + 30 + 60 * k)
        dn, de = r * math.cos(b), r * math.sin(b)  # km north, km east
        lat = h["lat"] + math.degrees(dn / 6371.0)
        lon = h["lon"] + math.degrees(de / (6371.0 * math.cos(math.radians(h["lat"]))))
        corners.append((round(lat, 3), round(lon, 3)))
    return corners


def map_geojson() -> dict[str, Any]:
    """The lettered hexes and bases as a GeoJSON FeatureCollection (lon, lat order), with provenance."""
    feats = []
    for h in HEXES:
        ring = [[lon, lat] for lat, lon in hex_polygon(h)]
        feats.append({"type": "Feature", "id": h,
                      "geometry": {"type": "Polygon", "coordinates": [ring + [ring[0]]]},
                      "properties": {"label": _HEXES[h]["label"], "provenance": _HEXES[h]["provenance"]}})
    for b, r in _BASES.items():
        feats.append({"type": "Feature", "id": b, "geometry": {"type": "Point", "coordinates": [r["lon"], r["lat"]]},
                      "properties": {"label": r["label"], "side": r["side"], "provenance": r["provenance"]}})
    return {"type": "FeatureCollection", "features": feats}


# ================================================================================================ CRTs

_CRT_RAW = _load("crt.toml")
_CRT: dict[str, dict[str, Any]] = {}


def _parse_cell(table: str, text: str) -> dict[str, Any]:
    none = ("—", "-", "")
    if table == "ground":
        a, d = text.split("/")
        return {"attacker": 0 if a in none else int(a), "defender": 0 if d in none else int(d)}
    if table == "surface":
        codes = {"—": "none", "½C": "half_crippled", "½D": "half_destroyed", "C": "crippled",
                 "D": "destroyed", "½CD": "half_crippled_half_destroyed"}
        a, d = text.split("/")
        return {"attacker": codes[a], "defender": codes[d]}
    if table == "cap_aa":
        return {"air_points_lost": 0 if text in none else int(text)}
    if table == "aircraft_naval":
        return {"effect": {"—": "none", "C": "crippled", "D": "destroyed"}[text]}
    if table == "bombardment":
        if text in none:
            return {"air_points_lost": 0, "supply_lost": "none"}
        air, _, sup = text.partition("+")
        return {"air_points_lost": int(air), "supply_lost": {"": "none", "S½": "half", "S": "all"}[sup]}
    raise KeyError(table)


for _t in TABLES:
    _raw = _CRT_RAW[_t]
    _check_provenance(_raw.get("provenance"), f"crt {_t}")
    _cols = list(_raw["columns"])
    _require(len(_cols) == len(_raw["column_values"]), f"crt {_t}: columns and column_values differ")
    _require(list(_raw["column_values"]) == sorted(_raw["column_values"]), f"crt {_t}: columns out of order")
    _require(_raw["column_kind"] in ("strength", "odds"), f"crt {_t}: bad column_kind")
    _rows: dict[int, list[dict[str, Any]]] = {}
    for _row in _raw["row"]:
        _res, _prov = _row["results"], _row["provenance"]
        _require(len(_res) == len(_cols), f"crt {_t} row {_row['die']}: {len(_res)} cells for {len(_cols)} columns")
        _provs = [_prov] * len(_res) if isinstance(_prov, str) else list(_prov)
        _require(len(_provs) == len(_res), f"crt {_t} row {_row['die']}: provenance count")
        _cells = []
        for _c, (_text, _p) in enumerate(zip(_res, _provs)):
            _check_provenance(_p, f"crt {_t} row {_row['die']} column {_cols[_c]}")
            _cells.append({"text": _text, "provenance": _p, **_parse_cell(_t, _text)})
        _rows[_row["die"]] = _cells
    _require(sorted(_rows) == [1, 2, 3, 4, 5, 6], f"crt {_t}: rows must be 1..6")
    _CRT[_t] = {**{k: v for k, v in _raw.items() if k != "row"}, "rows": _rows}


def crt(table: str) -> dict[str, Any]:
    """The whole table: title, rule, columns, notation, below_first, and rows {die: [cell, ...]}.

    Each cell is ``{"text": printed notation, "provenance": ..., **parsed}`` (see `result`).
    """
    t = _CRT[table]
    return {**{k: v for k, v in t.items() if k != "rows"},
            "rows": {d: [dict(c) for c in cells] for d, cells in t["rows"].items()}}


def columns(table: str) -> tuple[str, ...]:
    return tuple(_CRT[table]["columns"])


def column_for_strength(table: str, strength: int) -> str | None:
    """Strength tables (bombardment 15.2, cap_aa 14.1): round down to a listed column; above the last, the last.

    None when the strength is below the first column (no effect).
    """
    t = _CRT[table]
    _require(t["column_kind"] == "strength", f"{table} is an odds table")
    chosen = None
    for col, v in zip(t["columns"], t["column_values"]):
        if strength >= v:
            chosen = col
    return chosen


def odds_ratio(attack: int, defense: int) -> Fraction:
    """attack : defense as an exact fraction (a defense of 0 gives the best column)."""
    if defense <= 0:
        return Fraction(10**6)
    return Fraction(attack, defense)


def column_for_odds(table: str, attack: int, defense: int) -> str | None:
    """Odds tables (surface 15.34, aircraft_naval 14.3, ground 12.4): round the ratio down to a listed column;
    above the last column, the last. None when below the first column; what that means is
    `crt(table)["below_first"]`: "prohibited" (surface, aircraft_naval) or "set_aside_defense" (ground 12.4).
    """
    t = _CRT[table]
    _require(t["column_kind"] == "odds", f"{table} is a strength table")
    ratio = odds_ratio(attack, defense)
    chosen = None
    for col, v in zip(t["columns"], t["column_values"]):
        if ratio >= Fraction(v).limit_denominator(10):
            chosen = col
    return chosen


def result(table: str, column: str, roll: int) -> dict[str, Any]:
    """The cell for `column` and die `roll` (1..6): printed notation, provenance and its reading.

    ground:         {"attacker": int, "defender": int}                Ground Points lost (12.4)
    surface:        {"attacker": code, "defender": code}               code in none, half_crippled, half_destroyed,
                                                                       crippled, destroyed, half_crippled_half_destroyed
    cap_aa:         {"air_points_lost": int}                           (14.13)
    aircraft_naval: {"effect": "none" | "crippled" | "destroyed"}      (14.3)
    bombardment:    {"air_points_lost": int, "supply_lost": "none" | "half" | "all"}   (15.2)
    """
    t = _CRT[table]
    if roll not in t["rows"]:
        raise ValueError(f"die roll {roll} is not 1..6")
    return dict(t["rows"][roll][t["columns"].index(column)])


# ================================================================================================ provenance

def provenance(kind: str, id: str) -> str:
    """Where a value comes from, for the players: ``provenance("hex", "M")``, ``provenance("base", "truk")``,
    ``provenance("unit", "jp-CA-1")``, ``provenance("crt", "surface")``, ``provenance("crt_cell", "surface/2:1/5")``,
    ``provenance("airbase", "henderson")``, ``provenance("chart", "<chart id>")``, ``provenance("reinforcement",
    "japanese/7")``, ``provenance("placement", "american")``, ``provenance("sequence", "day/G")``.
    """
    if kind == "hex":
        return _HEXES[id]["provenance"]
    if kind == "base":
        return _BASES[id]["provenance"]
    if kind == "airbase":
        return _AIRBASES[id]["provenance"]
    if kind == "crt":
        return _CRT[id]["provenance"]
    if kind == "crt_cell":
        table, column, roll = id.split("/")
        return result(table, column, int(roll))["provenance"]
    if kind == "map":
        return _MAP[id]["provenance"]
    extra = _PROVENANCE_LOOKUPS.get(kind)
    if extra is None:
        raise KeyError(kind)
    return extra(id)


_PROVENANCE_LOOKUPS: dict[str, Any] = {}
