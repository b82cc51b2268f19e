"""The rulebook transcriptions as the tests read them. They live beside the checkout (../shared/rules, or
IRONBOTTOM_RULES_DIR), not in it: a fresh clone without them still passes `make test`, and every test that reads a
rulebook's text skips, naming the file it lacks."""
from __future__ import annotations

import functools

import pytest

from app.play.rulebooks import rules_dir


@functools.lru_cache(maxsize=None)
def _read(name: str) -> str | None:
    path = rules_dir() / name
    return path.read_text(encoding="utf-8") if path.is_file() else None


def text(name: str) -> str:
    """The rulebook `name` ("usn-spi-1971.txt"), or skip the test: the transcription is not installed."""
    found = _read(name)
    if found is None:
        pytest.skip(f"the rulebook transcription {rules_dir() / name} is not installed (IRONBOTTOM_RULES_DIR)")
    return found


def installed(name: str) -> bool:
    return _read(name) is not None
