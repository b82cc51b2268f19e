"""The tests of the rules play as a player who cleared the standing orders a new game starts with (issue 34,
asking.DEFAULTS): they walk to the decisions those orders would answer and read how the rules resolve them. The
tests of the newcomer's settings themselves ask for the `newcomer` fixture, which keeps the defaults."""
from __future__ import annotations

import pytest

from app.games.solomons import asking

DEFAULTS = asking.DEFAULTS


@pytest.fixture(autouse=True)
def _no_standing_orders_at_start(monkeypatch):
    monkeypatch.setattr(asking, "DEFAULTS", ())


@pytest.fixture
def newcomer(monkeypatch, _no_standing_orders_at_start):
    """A new game starts with the standing orders a newcomer gets."""
    monkeypatch.setattr(asking, "DEFAULTS", DEFAULTS)
