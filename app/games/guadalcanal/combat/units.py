"""The counters (data/units.toml): every ship, air and base unit with its front and back values, and what a unit's
current factors are once its side and hit markers are read (4b5).

A unit in the state is `{side, kind, type, face: front|back, hits: 0-2, ...}` (digest §2.1); its printed values come
from its record here, by id. A factor missing from the record is printed "—" (4b2: the unit cannot take part in a
combat that needs it); 0 takes part and adds nothing.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from app.engine import data

DATA = Path(__file__).resolve().parents[1] / "data"
FACTORS = ("defense", "aa", "surface", "torpedo", "movement", "air_combat", "bombing")


@lru_cache(maxsize=1)
def units() -> dict[str, dict[str, Any]]:
    """{id: record} over ships, air units and bases; ids are unique across the three kinds."""
    doc = data.load(DATA / "units.toml")
    return data.index(doc["ship"] + doc["air"] + doc["base"], where="units.toml")


@lru_cache(maxsize=1)
def base_hexes() -> dict[str, str]:
    """Each base's printed hex (map.toml, as gamedata.BASE_HEX reads it; gamedata loads this package first)."""
    return {b["id"]: b["hex"] for b in data.load(DATA / "map.toml")["base"]}


@lru_cache(maxsize=1)
def vp_rows() -> dict[str, dict[str, int]]:
    """{unit type: its victory points, eliminated and flipped} (7a3, data/victory.toml's rows)."""
    return {r["type"]: {"eliminated": r["eliminated"], "flipped": r["flipped"]}
            for r in data.load(DATA / "victory.toml")["row"]}


def ship_value(report: dict[str, Any]) -> int:
    """The victory points an enemy would earn from a unit as reported ({type, face}): eliminating it and, while its
    front side is up, flipping it (7a3; a type without a row, an air unit or a base, is worth none)."""
    row = vp_rows().get(report.get("type"), {"eliminated": 0, "flipped": 0})
    return row["eliminated"] + (row["flipped"] if report.get("face", "front") == "front" else 0)


def record(unit_id: str) -> dict[str, Any]:
    try:
        return units()[unit_id]
    except KeyError:
        raise KeyError(f"no counter {unit_id!r} in units.toml") from None


def printed(unit_id: str, face: str = "front") -> dict[str, Any]:
    """The values printed on one side of the counter (None for a back side that reads ELIM)."""
    rec = record(unit_id)
    if face == "front":
        return {k: rec[k] for k in FACTORS + ("ships", "capacity", "launch") if k in rec}
    back = rec.get("back")
    if back is None:
        return None  # the back reads ELIM (7a3.2)
    return {k: v for k, v in back.items() if not data.is_provenance_key(k)}


def has_back(unit_id: str) -> bool:
    return "back" in record(unit_id)


def is_scout(unit_id: str) -> bool:
    return record(unit_id)["type"] == "S"


@lru_cache(maxsize=1)
def task_forces() -> dict[str, dict[str, Any]]:
    """{id: record} of the task force markers (1b2): the scenarios' named ones and spares for 4e1."""
    doc = data.load(DATA / "units.toml")
    return data.index(doc["task_force"], where="units.toml task_force")
