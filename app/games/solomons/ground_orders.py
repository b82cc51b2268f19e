"""Ground Combat Phase orders (12.2-12.4): who is prompted and what a ground order may say.

The rules themselves (attack-effective points, initiative, the checks) are combat/ground.py's; this module is the
core's door to them, plus the shape of the order.
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.games.solomons.combat.ground import check_decision, effective_points, initiative

State = dict[str, Any]


def effective(state: State) -> dict[str, int]:
    """12.2: each side's attack-effective Ground Points now."""
    return effective_points(state)


def attackers(state: State) -> list[str]:
    """12.3: the side with more attack-effective points, or both when equal (and not zero)."""
    return initiative(effective(state))


def check(state: State, side: str, args: dict[str, Any]) -> None:
    if not isinstance(args.get("attack"), bool):
        raise IllegalAction("Say whether you attack (attack: true or false).", "12.3")
    check_decision(state, side, args)
