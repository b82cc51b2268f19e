"""Everything the core reads from the game's data, in one place: the map graph, the counters, the schedules.

The values live in the data engineer's tables.py (over data/*.toml). This module adapts its calls to what the
core needs. Nothing here reads the state.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from app.games.solomons import tables as _tables

SIDES = ("allied", "japanese")
ENEMY = {"allied": "japanese", "japanese": "allied"}

# The map's special hexes (data/map.toml): 8.7 Guadalcanal is hex M, 10.5 the Shortlands L, 6.37 the Slot K-L-M,
# 6.37 / 11.1 the Anti-Slot O-N-M.
GUADALCANAL = _tables.GUADALCANAL
SHORTLANDS_HEX = _tables.SHORTLANDS
SLOT = _tables.SLOT
ANTI_SLOT = _tables.ANTI_SLOT
# Each side's off-map bases (3.1, data/map.toml), its loading base first (6.34: Espiritu Santo, Rabaul): the base
# where a force with nowhere better to go ends the turn.
LOADING_BASES = _tables.LOADING_BASES
BASES = {side: (LOADING_BASES[side],) + tuple(b for b in _tables.bases(side) if b != LOADING_BASES[side])
         for side in SIDES}
# Where air flies from onto the map (10.5, 10.6): the on-map airbases in their hexes, and the off-map bases whose
# air reaches the map through an air entry hex (Rabaul by K, Espiritu Santo by O), counted from the base itself.
AIR_SOURCE_PLACE = {**{a: _tables.airbase(a)["hex"] for a in ("henderson", "shortlands")},
                    **{b: b for b in _tables.bases() if _tables.air_entry_hexes(b)}}
SIDE_ADJECTIVE = {"allied": "American", "japanese": "Japanese"}  # as the rules name a side's forces
BASE_LABEL = {"espiritu_santo": "Espiritu Santo", "australia": "Australia", "rabaul": "Rabaul", "truk": "Truk",
              "henderson": "Henderson Field", "shortlands": "Shortlands"}

CAPITAL = ("CV", "CVL", "BB", "BC", "B")   # 6.3
CARRIERS = ("CV", "CVL")
TRANSPORTS = ("TR",)



# ---------------------------------------------------------------- map

@lru_cache(maxsize=None)
def adjacency() -> dict[str, tuple[str, ...]]:
    """Sea hexes and off-map bases, each with its neighbours (8.5: a base touches only its entry hexes)."""
    return {n: tuple(sorted(ns)) for n, ns in _tables.ADJACENCY.items()}


def places() -> tuple[str, ...]:
    """Every place a task force may be plotted to: the lettered hexes and the off-map bases (8.3)."""
    return tuple(adjacency())


def ship_ids(side: str | None = None) -> tuple[str, ...]:
    """Every naval counter of the game (21, 21.9 options included), submarines apart: the whole domain of the ships
    an order may name."""
    return tuple(sorted(u["id"] for u in _tables.units(side) if u["type"] != "SS"))


def submarine_ids() -> tuple[str, ...]:
    return tuple(sorted(u["id"] for u in _tables.units("japanese", "SS")))


def sea_hexes() -> list[str]:
    return sorted(_tables.HEXES)


def is_base(place: str) -> bool:
    return _tables.is_base(place)


def side_of_base(base: str) -> str | None:
    return next((s for s, bs in BASES.items() if base in bs), None)


def distance(a: str, b: str) -> int:
    """Segments needed to go from a to b, one hex (or one base entry) per move; bases are ends, never waypoints."""
    return _tables.distance(a, b)


def shortest_path(a: str, b: str) -> list[str]:
    """The places after `a` on a shortest route to `b` (the alphabetically first, so it is deterministic)."""
    return _tables.route(a, b)[1:]


def air_reaches(side: str, source: str, kind: str, place: str, target_hex: str) -> bool:
    """10.1: air reaches its radius from its base or carrier (`place`): one hex, Japanese LAC two; 14.64: Rabaul
    LAC reach the Guadalcanal hex at three (and pay for it, `extended_range`)."""
    dist = distance(place, target_hex)
    return dist <= AIR["radius"][f"{side}_{kind}"] or (
        extended_range(source, kind, target_hex) and dist <= AIR["rabaul_lac_extended_to_guadalcanal"])


def extended_range(source: str, kind: str, target_hex: str) -> bool:
    """14.64: Rabaul LAC attacking in the Guadalcanal hex fly at extended range."""
    return source == "rabaul" and kind == "lac" and target_hex == GUADALCANAL


def recon_zone(turn: int) -> frozenset[str]:
    """19.1 and 25.4: the Japanese Air Reconnaissance Zone; C, N, R and H join on Game-Turn 10."""
    return _tables.recon_zone(turn)


# ---------------------------------------------------------------- counters

def unit_type(unit_id: str) -> str:
    """CV, CVL, BB, ... from the counter data, never read off the id: Japan's counters CV-3 Ryujo and CV-4 Zuiho
    are light carriers (type CVL, 40 VP in 22), though their ids say CV."""
    return _tables.unit_type(unit_id)


def strength(unit_id: str) -> dict[str, int]:
    """Printed values: bombardment, attack, defense, aa, capacity (NAC), cargo_capacity."""
    return dict(_tables.unit_strength(unit_id))


def unit_name(unit_id: str) -> str:
    return str(_tables.unit_name(unit_id))


def ship_label(unit_id: str) -> str:
    """A ship as its counter reads: type and name ("CA Chokai"), the name a form and a refusal give it (issue 34)."""
    kind, name = unit_type(unit_id), unit_name(unit_id)
    return name if name.startswith(kind + " ") else f"{kind} {name}"


def ship_labels(unit_ids) -> tuple[str, ...]:
    return tuple(ship_label(u) for u in unit_ids)


def base_labels(bases) -> tuple[str, ...]:
    return tuple(BASE_LABEL.get(b, b) for b in bases)


def is_capital(unit_id: str) -> bool:
    return unit_type(unit_id) in CAPITAL


def is_carrier(unit_id: str) -> bool:
    return unit_type(unit_id) in CARRIERS


def is_transport(unit_id: str) -> bool:
    return unit_type(unit_id) in TRANSPORTS


# ---------------------------------------------------------------- set-up and schedules

def initial_placement(options: dict[str, Any]) -> dict[str, Any]:
    """21 Initial placement, with the 21.9 options (tables.initial_placement)."""
    return _tables.initial_placement(options)


def reinforcements(turn: int, side: str) -> dict[str, dict[str, Any]]:
    """21: {base: {"units", "lac", "nac" (untrained), "ground", "carrier_nac"}} for `side` on `turn`."""
    return _tables.reinforcements(turn, side)


def reinforcement_extras(turn: int, side: str) -> dict[str, Any]:
    """Per-carrier NAC aboard and cargo of arriving units (21.2, 6.36)."""
    rec = _tables.reinforcement_record(turn, side)
    return {"nac_aboard": rec.get("nac_aboard", {}), "cargo": rec.get("cargo", {})}


def refit_delay(unit_id: str, base: str) -> int:
    """8.8: whole Game-Turns a returning unit is away (0 when the chart lists no delay)."""
    try:
        return int(_tables.refit_delay(unit_id, base))
    except KeyError:
        return 0


def repair(unit_id: str, roll: int) -> tuple[int, str]:
    """15 CRT note, 21.7: turns away (die doubled, plus normal refit) and the base it returns to."""
    base = _tables.repair_base(unit_id)
    return _tables.repair_turns(roll) + refit_delay(unit_id, base), base


def vp_value(item: str) -> int:
    """22 Victory Point values by unit type or id, or by point kind (lac, nac, ground_allied, ...)."""
    return int(_tables.vp_value(item))


def victory_level(japanese: int, american: int) -> dict[str, Any]:
    return _tables.victory_level(japanese, american)


def truk_released(roll: int, turn: int) -> bool:
    """20.1, 20.3."""
    return bool(_tables.truk_sortie_released(roll, turn))


def henderson_completes(roll: int) -> bool:
    """10.5: a 1 or 2 completes Henderson Field."""
    return bool(_tables.henderson_completes(roll))


def rabaul_limit_ok(unit_ids: list[str]) -> bool:
    """5.16, 17.52, 25.3."""
    return bool(_tables.rabaul_limit_ok(unit_ids))


def air_capacity(base: str, turn: int) -> int | None:
    """10.5, 10.7, 17.2, 17.5: Air Points a base holds (None: unlimited)."""
    return _tables.air_capacity(base, turn)


def base_free(base: dict[str, Any], kind: str, offensive: bool) -> int:
    """An air base's points of `kind` free to fly: offensively, those not yet spent nor transferred (6.26, 14.63)."""
    total = base[kind]
    return max(0, total - base["spent"] - base["transferred"]) if offensive else total


def air_room(base: str, turn: int, air: dict[str, Any]) -> int | None:
    """The Air Points `base` has room for on `turn` beyond the trained and untrained `air` it holds (None:
    unlimited; 10.5, 10.7, 17.2)."""
    cap = air_capacity(base, turn)
    return None if cap is None else max(0, cap - air["lac"] - air["nac"] - air["untrained"])


def phases() -> list[dict[str, Any]]:
    return _tables.phases()


def sections(kind: str) -> list[dict[str, Any]]:
    return _tables.sections(kind)


def is_day(segment: int) -> bool:
    return bool(_tables.is_day(segment))


RABAUL_SHORTLANDS_LAC = int(_tables.airbase("shortlands")["combined_lac_with_rabaul"])  # 10.5
AIR = _tables.chart("air")  # 10.1 radii, 14.64 extended range, 16.22 Supply per Henderson Air Points
GROUND = _tables.chart("ground")  # 12.2 the Henderson Field garrison, 16.21 turns before isolation losses
CARGO = _tables.chart("cargo")  # 6.34, 9.1, 9.3-9.5
TURNS = _tables.TURNS
