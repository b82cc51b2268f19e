"""Ground Combat Phase orders (12.2-12.4): who is prompted and what a ground order may say.

The rules themselves (attack-effective points, initiative, the checks) are combat/ground.py's; this module is the
core's door to them, plus the shape of the order and its record in the states table.
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.orders import Boolean, Integer, Optional
from app.games.solomons import bots
from app.games.solomons.combat.ground import check_decision, effective_points, initiative, resolve_ground_combat
from app.games.solomons.decision import STRONG, VERB, Kind, ask, fixed, later, randomly, store

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


# ---------------------------------------------------------------- the decision (states table)

# Whether to attack (12.3) and with how many attack-effective points (12.4: the rules judge the number).
ARGS = {"attack": Boolean(label="Attack"), "points": Optional(Integer(label="Points"))}


def offered(state: State, side: str) -> dict[str, Any]:
    return {"attack": Boolean(label="Attack"), "points": Optional(Integer(1, max(1, effective(state)[side]),
                                                                         label="Points"))}


def conclude(state: State, orders: dict[str, Any], sides: list[str], rng) -> None:
    resolve_ground_combat(state, rng)


DECISION = Kind(
    id="ground", rule="12", verbs={VERB: ARGS}, deciders=attackers, prompt=ask, resolve=store,
    default=fixed(lambda state, side: {"attack": False}), random=randomly(later("players", "random_ground")),
    check=check, bot=bots.ground_bot, bots={STRONG: later("strong_bot", "ground_answer")}, form="ground",
    offered=offered, choices=lambda state, side: {},
    conclude=conclude, info=lambda state, side: {"effective": effective(state)[side]})
