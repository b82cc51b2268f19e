"""The game's tables, loaded once at import from data/*.toml (map, charts, rules) by the engine's loader, which
refuses a file in which any value lacks its provenance (app/engine/data.py)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from app.engine import data as tables

DATA = Path(__file__).parent / "data"

MAP, CHARTS, RULES = tables.load_all(DATA, "map", "charts", "rules").values()

SEA_AREAS: dict[str, dict[str, Any]] = tables.index(MAP["sea_area"], where="map.sea_area")
FRONTS: dict[str, dict[str, Any]] = tables.index(MAP["front"], where="map.front")
FRONT_ORDER: list[str] = [f["id"] for f in MAP["front"]]
LOCATIONS: dict[str, dict[str, Any]] = tables.index(MAP["location"], where="map.location")
JAPAN = next(loc["id"] for loc in MAP["location"] if loc.get("japan"))

AP_CHART: dict[int, int] = {roll: row["ap"] for roll, row in
                            tables.index(CHARTS["ap_chart"], "roll", "charts.ap_chart").items()}
ADVANCE = CHARTS["advance_result"]
DRM: dict[str, dict[str, Any]] = tables.index(CHARTS["drm"], where="charts.drm")
JAPANESE_ACTIONS: dict[int, dict[str, Any]] = tables.index(CHARTS["japanese_action"], "roll", "charts.japanese_action")

TURNS: int = RULES["turns"]["count"]
BOMB = RULES["atomic_bomb"]
INSTANT = RULES["instant_victory"]
VP: dict[str, dict[str, Any]] = tables.index(RULES["vp"], where="rules.vp")
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
