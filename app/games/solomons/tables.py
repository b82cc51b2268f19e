"""Solomons Campaign (SPI 1972): the game's data, loaded once from app/games/solomons/data/*.toml.

Everything a rule looks up lives in the data files, never in code, each record with its provenance
(`printed <section>`, `example <section>` or `reconstructed: <reason>`; see docs/games/solomons-data.md).
This module loads them at import, checks their shape, and offers read-only lookups. It does no I/O after import,
holds no state, and imports nothing from the rest of the game.

Vocabulary (the rulebook's words):

- sides: ``"allied"`` (the United States) and ``"japanese"``; ``"american"`` is accepted as an alias.
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

import functools
import math
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from app.engine import data as _data
from app.engine import graph

DATA_DIR = Path(__file__).with_name("data")

SIDES = ("allied", "japanese")
_SIDE_ALIASES = {"allied": "allied", "american": "allied", "us": "allied", "japanese": "japanese", "jp": "japanese"}
TABLES = ("bombardment", "surface", "cap_aa", "aircraft_naval", "ground")
UNIT_TYPES = ("CV", "CVL", "BB", "BC", "B", "CA", "DD", "APD", "TR", "SS")
CAPITAL_TYPES = frozenset({"CV", "CVL", "BB", "BC", "B"})  # 6.3 (CVL counted with CV)
STRENGTHS = ("bombardment", "surface_attack", "defense", "aa")


class DataError(ValueError):
    """A data file does not have the shape this module expects (raised at import)."""


def _side(side: str) -> str:
    try:
        return _SIDE_ALIASES[side]
    except KeyError:
        raise KeyError(f"unknown side {side!r}") from None


def _load(name: str) -> dict[str, Any]:
    """One data file, refused (engine DataError) unless every value carries its provenance (app/engine/data.py)."""
    return _data.load(DATA_DIR / name)


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
    if isinstance(obj, (tuple, list)):
        return [_plain(v) for v in obj]
    return obj


# ================================================================================================ MAP

_MAP = _load("map.toml")

_HEXES: dict[str, dict[str, Any]] = {}
for _h in _MAP["hex"]:
    for _k in ("id", "label", "row", "col", "lat", "lon", "neighbors"):
        _require(_k in _h, f"hex {_h.get('id')}: missing {_k}")
    _HEXES[_h["id"]] = _h
_BASES: dict[str, dict[str, Any]] = {}
for _b in _MAP["base"]:
    _require(_b["side"] in SIDES, f"base {_b['id']}: bad side")
    _BASES[_b["id"]] = _b
_AIRBASES: dict[str, dict[str, Any]] = {a["id"]: a for a in _MAP["airbase"]}
HEXES: tuple[str, ...] = tuple(sorted(_HEXES))
BASES: tuple[str, ...] = tuple(_BASES)
GUADALCANAL: str = _MAP["special"]["guadalcanal"]
SHORTLANDS: str = _MAP["special"]["shortlands"]
SLOT: tuple[str, ...] = tuple(_MAP["special"]["slot"])            # 6.37: K, L, M
ANTI_SLOT: tuple[str, ...] = tuple(_MAP["special"]["anti_slot"])  # 6.37: O, N, M
LOADING_BASES: Mapping[str, str] = MappingProxyType({s: _MAP["loading_bases"][s] for s in SIDES})  # 6.34, 9.4
for _s, _b in LOADING_BASES.items():
    _require(_b in _BASES and _BASES[_b]["side"] == _s, f"loading base {_b} is not a base of {_s}")

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


def adjacent(a: str, b: str | None = None) -> bool | tuple[str, ...]:
    """``adjacent(a, b)``: whether a and b are adjacent. ``adjacent(a)``: a's neighbours, sorted (as `neighbors`)."""
    if b is None:
        return tuple(sorted(ADJACENCY[a]))
    return b in ADJACENCY[a]


def _steps(start: str, through_bases: bool):
    """The map as engine/graph walks it: neighbours in alphabetical order (so replays agree on ties); a base ends a
    route (moving through Truk is entering and leaving port, not movement) unless `through_bases`."""
    def steps(n: str) -> list[str]:
        if n != start and n in _BASES and not through_bases:
            return []
        return sorted(ADJACENCY[n])
    return steps


@functools.lru_cache(maxsize=None)
def _bfs(start: str, through_bases: bool) -> Mapping[str, int]:
    """Hexes from `start` to every node (cached: the map never changes; read-only)."""
    return MappingProxyType(graph.distances(start, _steps(start, through_bases)))


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
    return list(_route(a, b, through_bases))


@functools.lru_cache(maxsize=None)
def _route(a: str, b: str, through_bases: bool) -> tuple[str, ...]:
    """Breadth-first over alphabetically ordered neighbours finds the alphabetically first shortest route."""
    found = graph.route(a, b, _steps(a, through_bases))
    if found is None:
        raise ValueError(f"no route from {a} to {b}")
    return tuple(found)


def within(node: str, radius: int) -> frozenset[str]:
    """Lettered hexes at most `radius` hexes from node (10.1 air radius; a base's air counts from the base)."""
    d = _bfs(node, False)
    return frozenset(h for h, k in d.items() if k <= radius and h in _HEXES)


def bases(side: str | None = None) -> list[str]:
    """Off-map base ids, optionally of one side."""
    return [b for b, r in _BASES.items() if side is None or r["side"] == _side(side)]


def air_entry_hexes(base: str) -> tuple[str, ...]:
    """10.6: the hexes through which air based at `base` reaches the map (empty: only aboard carriers)."""
    return tuple(_BASES[base]["air_entries"])


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
        for _text, _p in zip(_res, _provs):
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


def cap_aa_column(strength: int) -> str | None:
    """14.1: the CAP/AA column for a fire strength (doubled CAP plus ship AA); None under 10 (no effect)."""
    return column_for_strength("cap_aa", strength)


def aircraft_naval_column(points: int, defense: int) -> str | None:
    """14.3: Air Strength against one ship's Defense; None below 1:2 (prohibited)."""
    return column_for_odds("aircraft_naval", points, defense)


def aircraft_naval_result(column: str, die: int) -> str:
    """14.3: the printed code, "—", "C" or "D"."""
    return result("aircraft_naval", column, die)["text"]


def surface_column(attack: int, defense: int) -> str | None:
    """15.34: Attack against Defense; None below 1:1 (prohibited)."""
    return column_for_odds("surface", attack, defense)


def surface_result(column: str, die: int) -> tuple[str, str]:
    """15.34: the printed (attacker, defender) codes, each "—", "½C", "½D", "C", "D" or "½CD"."""
    a, d = result("surface", column, die)["text"].split("/")
    return a, d


def bombardment_column(strength: int) -> str | None:
    """15.2: total Bombardment Strength rounded down to a column; None under 10 (no effect)."""
    return column_for_strength("bombardment", strength)


def bombardment_result(column: str, die: int) -> tuple[int, str | None]:
    """15.2: (Air Points lost, None | "half" | "all" of the Supply Points)."""
    r = result("bombardment", column, die)
    return r["air_points_lost"], (None if r["supply_lost"] == "none" else r["supply_lost"])


def ground_column(attack: int, defense: int) -> str:
    """12.4: Attack against Defense rounded down; below 1:1 the defense is set aside to 1:1, so never None."""
    return column_for_odds("ground", attack, defense) or "1:1"


def ground_result(column: str, die: int) -> tuple[int, int]:
    """12.4: (attacker, defender) Ground Points lost."""
    r = result("ground", column, die)
    return r["attacker"], r["defender"]


# ================================================================================================ UNITS

_UNITS_RAW = _load("units.toml")
_UNITS: dict[str, dict[str, Any]] = {}
for _u in _UNITS_RAW["unit"]:
    _where = f"unit {_u.get('id')}"
    for _k in ("id", "side", "counter", "type", "name", "ships", *STRENGTHS, "nac_capacity", "cargo_capacity", "vp"):
        _require(_k in _u, f"{_where}: missing {_k}")
    for _k in (*STRENGTHS, "nac_capacity", "cargo_capacity", "vp"):
        _require(isinstance(_u[_k], int) and _u[_k] >= 0, f"{_where}: {_k} must be a whole number >= 0")
    _require(_u["side"] in SIDES, f"{_where}: bad side")
    _require(_u["type"] in UNIT_TYPES, f"{_where}: bad type {_u['type']}")
    _require(_u["id"] == ("us-" if _u["side"] == "allied" else "jp-") + _u["counter"], f"{_where}: id/counter")
    _require(_u["id"] not in _UNITS, f"{_where}: duplicate")
    _UNITS[_u["id"]] = _frozen(_u)

UNITS: tuple[str, ...] = tuple(_UNITS)


def unit(unit_id: str) -> dict[str, Any]:
    """A counter: id, side, counter, type, name, ships, bombardment, surface_attack, defense, aa, nac_capacity,
    cargo_capacity, vp, provenance, values_provenance. ``unit("jp-CV-3")["type"] == "CVL"`` (Ryujo)."""
    return _plain(_UNITS[unit_id])


def units(side: str | None = None, type: str | Iterable[str] | None = None) -> list[dict[str, Any]]:
    """All counters, optionally of one side and of one type or several, in data order."""
    types = {type} if isinstance(type, str) else (set(type) if type is not None else None)
    s = _side(side) if side else None
    return [_plain(u) for u in _UNITS.values()
            if (s is None or u["side"] == s) and (types is None or u["type"] in types)]


def unit_type(unit_id: str) -> str:
    """CV, CVL, BB, BC, B, CA, DD, APD, TR or SS (read it here: counter CV-3 of Japan is a CVL)."""
    return _UNITS[unit_id]["type"]


def unit_name(unit_id: str) -> str:
    return _UNITS[unit_id]["name"]


def unit_strength(unit_id: str) -> dict[str, int]:
    """The printed-counter values: bombardment, attack (= surface_attack), defense, aa, capacity (= nac_capacity),
    plus surface_attack, nac_capacity and cargo_capacity under their own names."""
    u = _UNITS[unit_id]
    return {"bombardment": u["bombardment"], "attack": u["surface_attack"], "surface_attack": u["surface_attack"],
            "defense": u["defense"], "aa": u["aa"], "capacity": u["nac_capacity"], "nac_capacity": u["nac_capacity"],
            "cargo_capacity": u["cargo_capacity"]}


def is_capital(unit_id: str) -> bool:
    """6.3: CV (and CVL), BB, BC and B."""
    return _UNITS[unit_id]["type"] in CAPITAL_TYPES


# ================================================================================================ ORDERS OF BATTLE

_OOB = _load("oob.toml")
_PLACES = set(HEXES) | set(BASES) | {"guadalcanal"}


def _check_units_exist(ids: Iterable[str], where: str, side: str | None = None) -> None:
    for i in ids:
        _require(i in _UNITS, f"{where}: unknown unit {i}")
        _require(side is None or _UNITS[i]["side"] == side, f"{where}: {i} is not {side}")


for _s, _p in _OOB["placement"].items():
    _require(_s in SIDES, f"placement: bad side {_s}")
    for _place, _ids in _p["units"].items():
        _require(_place in _PLACES, f"placement {_s}: unknown place {_place}")
        _check_units_exist(_ids, f"placement {_s}", _s)
    _require(sum(_p["nac_aboard"].values()) == _p["carrier_nac"], f"placement {_s}: nac_aboard does not add up")
    for _c, _n in _p["nac_aboard"].items():
        _require(_n <= _UNITS[_c]["nac_capacity"], f"placement {_s}: {_c} over capacity")
_OPTIONS = {o["id"]: o for o in _OOB["option"]}
for _o in _OPTIONS.values():
    for _ids in _o["units"].values():
        _check_units_exist(_ids, f"option {_o['id']}", "japanese")

_REINF: dict[tuple[str, int], dict[str, Any]] = {}
_REINF_KEYS = {"units", "lac", "nac", "ground", "carrier_nac"}
for _r in _OOB["reinforcement"]:
    _key = (_r["side"], _r["turn"])
    _where = f"reinforcement {_key}"
    _require(_r["side"] in SIDES and _key not in _REINF, f"{_where}: bad side or duplicate")
    for _b in bases(_r["side"]):
        _e = _r.get(_b, {})
        _require(set(_e) <= _REINF_KEYS, f"{_where} {_b}: unknown keys {set(_e) - _REINF_KEYS}")
        _check_units_exist(_e.get("units", []), _where, _r["side"])
    for _k in _r:
        _require(_k in {"side", "turn", "provenance", "nac_aboard", "cargo", "carrier_nac_provenance",
                        "cargo_provenance", *bases(_r["side"])}, f"{_where}: unknown key {_k}")
    _REINF[_key] = _r


def initial_placement(options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """21 Initial placement (Game-Turn 1), with the 21.9 options (``{"yamato": True, "musashi": True}``).

    {side: {"units": {place: [unit ids]}, "ground": {place: points}, "air": {base: {"lac", "nac", "untrained"}},
            "carrier_nac": total, "nac_aboard": {carrier: points}, "supply_aboard": total,
            "cargo": {transport: {"ground": n, "supply": n}}, "provenance": ...}}
    Places: lettered hexes, off-map bases, and "guadalcanal" for Ground Points on the island.
    """
    options = options or {}
    out = _plain(_OOB["placement"])
    for opt_id, opt in _OPTIONS.items():
        if options.get(opt_id, opt["default"]):
            for place, ids in opt["units"].items():
                out["japanese"]["units"].setdefault(place, []).extend(ids)
    for side_p in out.values():
        for cargo in side_p["cargo"].values():
            cargo.setdefault("ground", 0)
            cargo.setdefault("supply", 0)
    return out


def options() -> list[dict[str, Any]]:
    """The game's optional rules as data (21.9 Yamato, Musashi): id, label, rule, default, units, provenance."""
    return [_plain(o) for o in _OPTIONS.values()]


def reinforcements(turn: int, side: str) -> dict[str, dict[str, Any]]:
    """21: what arrives for `side` at the start of Game-Turn `turn` (1..16), by base:
    ``{base: {"units": [...], "lac": n, "nac": n, "ground": n, "carrier_nac": n}}`` (bases with nothing are left
    out; `nac` is untrained NAC, `carrier_nac` the trained NAC aboard the arriving carriers, 21.2, 21.4).
    Per-carrier NAC and cargo: `reinforcement_record`.
    """
    r = _REINF[(_side(side), turn)]
    out: dict[str, dict[str, Any]] = {}
    for b in bases(r["side"]):
        if b in r:
            e = {"units": [], "lac": 0, "nac": 0, "ground": 0, "carrier_nac": 0}
            e.update(_plain(r[b]))
            out[b] = e
    return out


def reinforcement_record(turn: int, side: str) -> dict[str, Any]:
    """The whole record for `side` and `turn`: the bases as in `reinforcements`, plus nac_aboard, cargo and
    every provenance field."""
    return _plain(_REINF[(_side(side), turn)])


# ================================================================================================ CHARTS

_CHARTS = _load("charts.toml")
_VP = {v["item"]: v for v in _CHARTS["vp"]}
for _t in UNIT_TYPES:
    _require(_t in _VP, f"vp chart: no value for {_t}")
for _u in _UNITS.values():
    _require(_u["vp"] == _VP[_u["type"]]["vp"], f"unit {_u['id']}: vp differs from the chart")
TURNS: int = _CHARTS["game"]["turns"]
for _s in SIDES:
    for _n in range(1, TURNS + 1):
        _require((_s, _n) in _REINF, f"reinforcements: no record for {_s} on Game-Turn {_n}")


def chart(name: str) -> Any:
    """A chart as data: "game", "refit", "repair", "vp", "victory_level", "victory_zero", "truk_sortie",
    "henderson_completion", "submarine", "cargo", "air", "ground"."""
    return _plain(_frozen(_CHARTS[name]))


def refit_delay(unit_id: str, base: str) -> int:
    """8.8: whole Game-Turns a naval or transport unit returning to `base` is away."""
    u = _UNITS[unit_id]
    for r in _CHARTS["refit"]:
        if r["side"] == u["side"] and r["base"] == base and ("*" in r["types"] or u["type"] in r["types"]):
            return r["turns"]
    raise KeyError(f"8.8 gives no refit for {unit_id} at {base}")


def repair_turns(repair_roll: int) -> int:
    """15 (Surface CRT note): one die per crippled ship, doubled; normal refit (`refit_delay`) is added to it."""
    r = _CHARTS["repair"]
    return repair_roll * r["multiplier"]


def repair_base(unit_id: str) -> str:
    """21.7: where a repaired unit returns: naval units Truk / Australia, transports Rabaul / Espiritu Santo."""
    u = _UNITS[unit_id]
    kind = "transport" if u["type"] == "TR" else "naval"
    return _CHARTS["repair"]["return_base"][f"{u['side']}_{kind}"]


def vp_value(item: str) -> int:
    """22: VP for one destroyed unit of a type (CV, CVL, BB, BC, B, CA, DD, TR, SS, APD) or one point of
    "lac", "nac", "ground_allied", "ground_japanese", "supply"; a unit id gives that unit's value."""
    if item in _UNITS:
        return _UNITS[item]["vp"]
    return _VP[item]["vp"]


def victory_level(japanese_vp: int, allied_vp: int) -> dict[str, Any]:
    """22: the level from Japanese VP divided by American VP: {"level", "winner", "label", "ratio", "provenance"}."""
    z = _CHARTS["victory_zero"]
    if allied_vp == 0:
        level = z["both_zero"] if japanese_vp == 0 else z["american_zero"]
        rec = next(v for v in _CHARTS["victory_level"] if v["level"] == level)
        return {**_plain(_frozen(rec)), "ratio": None, "provenance": rec["provenance"] + "; " + z["provenance"]}
    ratio = Fraction(japanese_vp, allied_vp)
    for v in _CHARTS["victory_level"]:
        ok = True
        if "above" in v:
            ok &= ratio > Fraction(v["above"])
        if "upto" in v:
            ok &= ratio <= Fraction(v["upto"])
        if "from" in v:
            ok &= ratio >= Fraction(v["from"])
        if "below" in v:
            ok &= ratio < Fraction(v["below"])
        if ok:
            return {**_plain(_frozen(v)), "ratio": float(ratio)}
    raise AssertionError("victory levels do not cover the ratio")  # the data check proves they do


def truk_sortie_released(roll: int, turn: int | None = None) -> bool:
    """20: a 1-4 releases the Truk force for the Game-Turn; never on Game-Turn 1 (20.3)."""
    t = _CHARTS["truk_sortie"]
    if turn is not None and turn == t["no_sortie_on_turn"]:
        return False
    return roll in t["released"]


def henderson_completes(roll: int) -> bool:
    """10.5: a 1 or 2 completes Henderson Field."""
    return roll in _CHARTS["henderson_completion"]["complete_on"]


def submarine_attacks(roll: int) -> bool:
    """25.5: the submarine attacks only on a 6."""
    return roll in _CHARTS["submarine"]["attack_roll"]


def rabaul_limit_ok(unit_ids: Iterable[str]) -> bool:
    """5.16, 17.52, 25.3: at Rabaul at most ten non-transport naval units with Bombardment 100 or less, no carriers."""
    r = _BASES["rabaul"]
    ships = [i for i in unit_ids if _UNITS[i]["type"] != "TR"]
    if any(_UNITS[i]["type"] in ("CV", "CVL") for i in ships):
        return False
    return (len(ships) <= r["naval_capacity"]
            and sum(_UNITS[i]["bombardment"] for i in ships) <= r["naval_bombardment_limit"])


def air_capacity(base_or_airbase: str, turn: int = 1) -> int | None:
    """10.5, 10.7, 17.2, 17.5: Air Points a base holds (None = unlimited; 0 = not open yet)."""
    rec = _BASES.get(base_or_airbase) or _AIRBASES[base_or_airbase]
    cap = rec.get("air_capacity", rec.get("capacity"))
    if rec.get("opens_on_turn", 1) > turn:
        return 0
    return None if cap == "unlimited" else cap


# ================================================================================================ SEQUENCE OF PLAY

_SEQ = _load("sequence.toml")
for _sg in _SEQ["segment"]:
    _require(_sg["kind"] in ("day", "night"), f"segment {_sg['number']}: kind")
_require([s["number"] for s in _SEQ["segment"]] == list(range(1, 15)), "segments must be 1..14")


def phases() -> list[dict[str, Any]]:
    """4.1-4.5 in order: id ("plot1", "exec1", "ground", "plot2", "exec2"), number, name, and either `steps`
    (each id, name, rule) or `segments` (numbers)."""
    return [_plain(_frozen(p)) for p in _SEQ["phase"]]


def segment_kind(segment: int) -> str:
    """"day" or "night" for Execution Segment 1..14."""
    return _SEQ["segment"][segment - 1]["kind"]


def is_day(segment: int) -> bool:
    return segment_kind(segment) == "day"


def sections(kind: str) -> list[dict[str, Any]]:
    """The lettered sections of a "day" or "night" segment in printed order (4.2): letter, id, name, rule, kind."""
    return [_plain(_frozen(s)) for s in _SEQ["section"] if s["segment_kind"] == kind]


# ================================================================================================ fog (umpired games)

_FOG = _load("fog.toml")
_FOG_SHIFT = {d: r for r in _FOG["damage"] for d in r["dice"]}
_FOG_INTEL = {d: r for r in _FOG["intel"] for d in r["dice"]}
_FOG_LEVELS = sorted(_FOG["level"], key=lambda r: r["hits"])
if sorted(_FOG_SHIFT) != list(range(1, 11)) or sorted(_FOG_INTEL) != list(range(1, 11)):
    raise DataError("fog.toml: the 18c1 and 18c2 tables must give every d10 value exactly once")


def fog_damage_shift(die: int) -> int:
    """Guadalcanal 18c2: hits added to (or, negative, taken from) the true damage the attacker is told of."""
    return int(_FOG_SHIFT[die]["shift"])


def fog_hits(result: str) -> int:
    """Guadalcanal 18c2: a damage level in hits ("none" 0, "crippled" 3 as a flip, "sunk" 6 as eliminated)."""
    return next(int(r["hits"]) for r in _FOG_LEVELS if r["result"] == result)


def fog_level(hits: int) -> str:
    """The highest damage level a hit count reaches, clamped to the levels that exist (18c2: no impossible score)."""
    reached = [r["result"] for r in _FOG_LEVELS if r["hits"] <= hits]
    return reached[-1] if reached else _FOG_LEVELS[0]["result"]


def fog_intel_effect(die: int) -> str:
    """Guadalcanal 18c1: "halve", "actual" or "double" for one intelligence count."""
    return str(_FOG_INTEL[die]["effect"])


# ================================================================================================ provenance

def provenance(kind: str, id: str) -> str:
    """Where a value comes from, for the players. Kinds and ids:

    hex "M"; base "truk"; airbase "henderson"; map "grid" | "special" | "recon_zone";
    crt "surface"; crt_cell "surface/2:1/5" (table/column/die); unit "jp-CA-1" (counter; then its values);
    placement "allied"; reinforcement "japanese/7"; option "yamato"; vp "CVL"; victory_level "draw";
    chart "repair" | "truk_sortie" | ...; refit "japanese/rabaul/CA"; phase "plot1"; segment "9";
    section "day/G"; fog_damage "9" | fog_intel "3" (the die).
    """
    if kind == "hex":
        return _HEXES[id]["provenance"]
    if kind == "base":
        return _BASES[id]["provenance"]
    if kind == "airbase":
        return _AIRBASES[id]["provenance"]
    if kind == "map":
        return _MAP[id]["provenance"]
    if kind == "crt":
        return _CRT[id]["provenance"]
    if kind == "crt_cell":
        table, column, roll = id.split("/")
        return result(table, column, int(roll))["provenance"]
    if kind == "unit":
        u = _UNITS[id]
        return f"{u['provenance']}; values {u['values_provenance']}"
    if kind == "placement":
        return _OOB["placement"][_side(id)]["provenance"]
    if kind == "reinforcement":
        side, turn = id.split("/")
        return _REINF[(_side(side), int(turn))]["provenance"]
    if kind == "option":
        return _OPTIONS[id]["provenance"]
    if kind == "vp":
        return _VP[id]["provenance"]
    if kind == "victory_level":
        return next(v for v in _CHARTS["victory_level"] if v["level"] == id)["provenance"]
    if kind == "refit":
        side, b, t = id.split("/")
        for r in _CHARTS["refit"]:
            if r["side"] == _side(side) and r["base"] == b and ("*" in r["types"] or t in r["types"]):
                return r["provenance"]
        raise KeyError(id)
    if kind == "chart":
        c = _CHARTS[id]
        if isinstance(c, list):
            return "; ".join(dict.fromkeys(r["provenance"] for r in c))
        return c["provenance"]
    if kind == "phase":
        return next(p for p in _SEQ["phase"] if p["id"] == id)["provenance"]
    if kind == "segment":
        return _SEQ["segment"][int(id) - 1]["provenance"]
    if kind in ("fog_damage", "fog_intel"):
        return (_FOG_SHIFT if kind == "fog_damage" else _FOG_INTEL)[int(id)]["provenance"]
    if kind == "section":
        sk, letter = id.split("/")
        return next(s for s in _SEQ["section"] if s["segment_kind"] == sk and s["letter"] == letter)["provenance"]
    raise KeyError(kind)
