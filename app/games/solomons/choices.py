"""The legal choices a prompt lists for a side (the contract's "enumerated values"): only that side's own
forces and what the rules have shown it of the enemy. Forms and computer players build orders from these; each
decision kind's record says what they are (states.py)."""
from __future__ import annotations

from typing import Any

from app.games.solomons.states import STATES

State = dict[str, Any]


def for_side(state: State, side: str, kind: str) -> dict[str, Any]:
    return STATES[kind].choices(state, side) if kind in STATES else {}
