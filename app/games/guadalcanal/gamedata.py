"""The game's tables, loaded once through app/engine/data.py (every value carries its provenance).

map.toml (the searchboard), time.toml (the TIME RECORD TRACK), scenarios.toml (7b-7e set-ups), victory.toml (7a3) and
data/units.toml (the counters: the combat package's loader, combat/units.py).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from app.engine import data
from app.engine.hexgrid import OffsetGrid
from app.games.guadalcanal.combat import units as counters

FOLDER = Path(__file__).parent / "data"
DOCS = data.load_all(FOLDER, "map", "time", "scenarios", "victory")

SIDES = ("allied", "japanese")
PREFIX = {"us": "allied", "ij": "japanese"}
TITLE = {"allied": "Allied", "japanese": "Japanese"}


def side_of_id(unit_id: str) -> str:
    return PREFIX[unit_id.split("-", 1)[0]]


def enemy(side: str) -> str:
    return "japanese" if side == "allied" else "allied"


# --- the searchboard (1a, 3c) -----------------------------------------------------------------------------------
_g = DOCS["map"]["grid"]
GRID = OffsetGrid(_g["lines"], _g["shifted"], _g["toward"], _g["ids"], cols=tuple(_g["cols"]), rows=tuple(_g["rows"]))
HEXES: tuple[str, ...] = tuple(GRID.all())
EDGES: dict[str, tuple[str, ...]] = {h: tuple(n) for h, n in GRID.edges().items()}
LAND: dict[str, str] = {h: rec["island"] for rec in DOCS["map"]["land"] for h in rec["hexes"]}
BLOCKED: frozenset[frozenset[str]] = frozenset(frozenset(p) for rec in DOCS["map"]["blocked"] for p in rec["pairs"])
AREAS: dict[str, tuple[str, ...]] = {a["id"]: tuple(a["hexes"]) for a in DOCS["map"]["area"]}
BASE_HEX: dict[str, dict[str, Any]] = {b["id"]: {"side": b["side"], "name": b["name"], "hex": b["hex"]}
                                       for b in DOCS["map"]["base"]}

# --- the TIME RECORD TRACK (6) ----------------------------------------------------------------------------------
TRACK = DOCS["time"]["track"]

# --- counters: data/units.toml, read through the combat package's loader (one table for the whole game) --------
def _pair(rec: dict[str, Any], key: str) -> list[int] | None:
    """A front/back value (2c4: "4/2"); a back side without its own value keeps the front's."""
    if key not in rec:
        return None
    back = rec.get("back") or {}
    return [rec[key], back.get(key, rec[key])]


SHIPS: dict[str, dict[str, Any]] = {}
BASES: dict[str, dict[str, Any]] = {}
AIR: dict[str, dict[str, Any]] = {}
for _uid, _rec in counters.units().items():
    if _rec["kind"] == "ship":
        SHIPS[_uid] = {"type": _rec["type"], "name": _rec["name"], "capacity": _pair(_rec, "capacity"),
                       "launch": _pair(_rec, "launch")}
    elif _rec["kind"] == "base":
        BASES[_uid] = {"type": "B", "name": _rec["name"], "capacity": _pair(_rec, "capacity"),
                       "launch": _pair(_rec, "launch")}
    else:
        # 3d1, 5a2: the movement factor; the digest keeps it on both sides of an air counter (§4.2).
        AIR[_uid] = {"type": _rec["type"], "name": _rec["name"], "basing": _rec["basing"], "mf": _rec["movement"]}

# --- scenarios (7b-7e) ------------------------------------------------------------------------------------------
SCENARIOS: dict[str, dict[str, Any]] = {s["id"]: s for s in DOCS["scenarios"]["scenario"]}
# Every task force marker: the scenarios' and those a reorganisation may place (4e1; units.toml's markers).
_SCENARIO_TFS = [tf["id"] for s in SCENARIOS.values() for tf in s["task_force"]]
ALL_TASK_FORCES: tuple[str, ...] = tuple(dict.fromkeys([*_SCENARIO_TFS, *counters.task_forces()]))
ALL_AIR: tuple[str, ...] = tuple(AIR)
LANDING_PLACES: tuple[str, ...] = tuple([*(u for u, v in SHIPS.items() if v["capacity"]), *BASES])

# --- victory points (7a3) ---------------------------------------------------------------------------------------
VP = DOCS["victory"]
VP_ROWS: dict[str, dict[str, int]] = counters.vp_rows()
