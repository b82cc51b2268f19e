"""Option 16's values (data/surface.toml), loaded once; every value carries its provenance."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from app.engine import data

DATA = Path(__file__).resolve().parents[1] / "data"


@lru_cache(maxsize=1)
def table() -> dict[str, Any]:
    return data.load(DATA / "surface.toml")


def section(name: str) -> dict[str, Any]:
    return table()[name]
