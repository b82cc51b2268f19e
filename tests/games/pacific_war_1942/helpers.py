"""Shared set-ups for the Pacific War 1942 tests: a game at a chosen step, and scripted play."""
from __future__ import annotations

from typing import Any

from app.engine.rng import ScriptedRng
from app.games.pacific_war_1942 import data, rules


def new_game() -> dict[str, Any]:
    return rules.setup("campaign", {}, ScriptedRng())


def at(front: str, location: str, state: dict[str, Any]) -> dict[str, Any]:
    """Put the Allied front marker of `front` in `location` (the Japanese marker stands in the next one)."""
    state["fronts"][front]["allied"] = data.route(front).index(location) if location != "outside" else -1
    return state


def actions_phase(state: dict[str, Any] | None = None, ap: int = 4) -> dict[str, Any]:
    s = state if state is not None else new_game()
    s["phase"], s["ap"], s["ap_roll"] = "actions", ap, 6
    return s


def play(state: dict[str, Any], *actions: Any, dice: list[int] = ()) -> dict[str, Any]:
    """Apply the Allied actions in order with the given dice; every scripted die must be used."""
    rng = ScriptedRng(dice)
    for a in actions:
        a = {"verb": a} if isinstance(a, str) else a
        state = rules.apply(state, "allied", a, rng)
    assert rng.remaining == 0, f"{rng.remaining} scripted dice were not rolled"
    return state


def attack(front: str) -> dict[str, Any]:
    return {"verb": "attack_front", "args": {"front": front}}


def where(state: dict[str, Any], front: str) -> str | None:
    """The name of the location the Allied front marker occupies (None: outside the last location)."""
    i = state["fronts"][front]["allied"]
    return data.name(data.route(front)[i]) if i >= 0 else None


def labels(state: dict[str, Any]) -> list[str]:
    return [a["label"] for a in rules.prompts(state)["allied"]["actions"]]


def verbs(state: dict[str, Any]) -> list[str]:
    return [a["verb"] for a in rules.prompts(state)["allied"]["actions"]]
