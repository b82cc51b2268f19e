"""U.S.N.'s tables, read once from data/*.toml through app.engine.data (every value with its provenance)."""
from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from app.engine import data

FOLDER = Path(__file__).parent / "data"
# the four mini-games, each a data file of its own (How To Use the Situation & Order of Battle)
SITUATIONS = ("coral_sea", "midway", "eastern_solomons", "santa_cruz")
FILES = ("map", "calendar", "crt", "missions", "units", "reinforcements", "coral_play", "optional", "terrain", "supply",
         "coastal", "parachute", "offmap") + SITUATIONS


@cache
def load(name: str) -> dict[str, Any]:
    if name not in FILES:
        raise KeyError(f"no U.S.N. data file {name!r}")
    return data.load(FOLDER / f"{name}.toml")


def places() -> dict[str, dict[str, Any]]:
    """{hex id: place record} for every hex the text numbers."""
    return data.index(load("map")["place"], where="map.place")
