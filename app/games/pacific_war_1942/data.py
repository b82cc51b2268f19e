"""The game's tables, loaded once at import from data/*.toml (map, charts, rules), each record with provenance."""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"


def _load(name: str) -> dict[str, Any]:
    with open(DATA / f"{name}.toml", "rb") as f:
        return tomllib.load(f)


MAP = _load("map")
CHARTS = _load("charts")
RULES = _load("rules")

SEA_AREAS: dict[str, dict[str, Any]] = {s["id"]: s for s in MAP["sea_area"]}
FRONTS: dict[str, dict[str, Any]] = {f["id"]: f for f in MAP["front"]}
FRONT_ORDER: list[str] = [f["id"] for f in MAP["front"]]
LOCATIONS: dict[str, dict[str, Any]] = {loc["id"]: loc for loc in MAP["location"]}
JAPAN = next(loc["id"] for loc in MAP["location"] if loc.get("japan"))

AP_CHART: dict[int, int] = {row["roll"]: row["ap"] for row in CHARTS["ap_chart"]}
ADVANCE = CHARTS["advance_result"]
DRM: dict[str, dict[str, Any]] = {d["id"]: d for d in CHARTS["drm"]}
JAPANESE_ACTIONS: dict[int, dict[str, Any]] = {row["roll"]: row for row in CHARTS["japanese_action"]}

TURNS: int = RULES["turns"]["count"]
BOMB = RULES["atomic_bomb"]
INSTANT = RULES["instant_victory"]
VP: dict[str, dict[str, Any]] = {v["id"]: v for v in RULES["vp"]}
BANDS: list[dict[str, Any]] = RULES["band"]


def route(front: str) -> list[str]:
    return FRONTS[front]["route"]


def name(location: str) -> str:
    return LOCATIONS[location]["name"]


def start_index(front: str) -> int:
    """Where the Allied front marker is set up: the double-circled location (printed Game Components and Set Up)."""
    return next(i for i, loc in enumerate(route(front)) if LOCATIONS[loc].get("start"))


def turn_date(turn: int) -> str:
    quarters = RULES["turns"]["quarter_names"]
    year = RULES["turns"]["first_year"] + (turn - 1) // len(quarters)
    return f"{quarters[(turn - 1) % len(quarters)]} {year}"
