"""The game's tables, loaded once through app/engine/data.py (every value carries its provenance).

map.toml (the searchboard), time.toml (the TIME RECORD TRACK), scenarios.toml (7b-7e set-ups), victory.toml (7a3) and
interim_units.toml (the counter values the sequence reads, until the combat helper's units.toml is merged).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from app.engine import data
from app.engine.hexgrid import OffsetGrid

FOLDER = Path(__file__).parent / "data"
DOCS = data.load_all(FOLDER, "map", "time", "scenarios", "victory", "interim_units")

SIDES = ("allied", "japanese")
PREFIX = {"us": "allied", "ij": "japanese"}
LABEL = {"allied": "the Allies", "japanese": "the Japanese"}
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

# --- counters ---------------------------------------------------------------------------------------------------
SHIPS: dict[str, dict[str, Any]] = {}
for rec in DOCS["interim_units"]["ship"]:
    for i, uid in enumerate(rec["ids"]):
        SHIPS[uid] = {"type": rec["type"], "name": rec["names"][i], "capacity": rec.get("capacity"),
                      "launch": rec.get("launch")}
BASES: dict[str, dict[str, Any]] = {}
for rec in DOCS["interim_units"]["base"]:
    for i, uid in enumerate(rec["ids"]):
        BASES[uid] = {"type": "B", "name": rec["names"][i], "capacity": rec["capacity"][i],
                      "launch": rec["launch"][i]}
AIR: dict[str, dict[str, Any]] = {}
for rec in DOCS["interim_units"]["air"]:
    for i, uid in enumerate(rec["ids"]):
        AIR[uid] = {"type": rec["type"], "name": rec["names"][i], "basing": rec["basing"], "mf": rec["mf"]}

# --- scenarios (7b-7e) ------------------------------------------------------------------------------------------
SCENARIOS: dict[str, dict[str, Any]] = {s["id"]: s for s in DOCS["scenarios"]["scenario"]}
ALL_TASK_FORCES: tuple[str, ...] = tuple(dict.fromkeys(tf["id"] for s in SCENARIOS.values() for tf in s["task_force"]))
ALL_AIR: tuple[str, ...] = tuple(AIR)
LANDING_PLACES: tuple[str, ...] = tuple([*(u for u, v in SHIPS.items() if v["capacity"]), *BASES])

# --- victory points (7a3) ---------------------------------------------------------------------------------------
VP = DOCS["victory"]
VP_ROWS: dict[str, dict[str, int]] = {r["type"]: {"eliminated": r["eliminated"], "flipped": r["flipped"]}
                                      for r in VP["row"]}
