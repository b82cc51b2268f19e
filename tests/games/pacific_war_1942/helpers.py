"""Shared set-ups for the Pacific War 1942 tests: a game at a chosen step, and scripted play."""
from __future__ import annotations

from typing import Any

from app.engine.rng import ScriptedRng
from app.games.pacific_war_1942 import data, rules


def new_game(ap_die: int = 6) -> dict[str, Any]:
    """A new campaign: turn 1's AP roll (made as the turn begins) is `ap_die`, so the player spends AP."""
    return rules.setup("campaign", {}, ScriptedRng([ap_die]))


def at(front: str, location: str, state: dict[str, Any]) -> dict[str, Any]:
    """Put the Allied front marker of `front` in `location` (the Japanese marker stands in the next one)."""
    state["fronts"][front]["allied"] = data.route(front).index(location) if location != "outside" else -1
    return state


def actions_phase(state: dict[str, Any] | None = None, ap: int = 4) -> dict[str, Any]:
    """The Allied actions with `ap` Action Points left (a new game, or `state`, which stands at the actions)."""
    s = state if state is not None else new_game()
    assert rules.prompts(s)["allied"]["title"].startswith(f"Turn {s['turn']}: Spend your Action Points")
    s["ap"], s["ap_roll"] = ap, 6
    return s


def play(state: dict[str, Any], *actions: Any, dice: list[int] = ()) -> dict[str, Any]:
    """Apply the Allied actions in order with the given dice; every scripted die must be used."""
    rng = ScriptedRng(dice)
    for a in actions:
        a = {"verb": a} if isinstance(a, str) else a
        state = rules.apply(state, "allied", a, rng)
    assert rng.remaining == 0, f"{rng.remaining} scripted dice were not rolled"
    return state


def bot_acts(state: dict[str, Any], dice: list[int], ap_die: int = 1) -> dict[str, Any]:
    """The player ends the Allied actions and the Japanese BOT acts with `dice` (its chart die, then its attack's);
    the next turn's AP roll (`ap_die`) follows unless the game ended or the BOT waits on a reserve decision."""
    rng = ScriptedRng([*dice, ap_die])
    s = rules.apply(state, "allied", {"verb": "end_actions"}, rng)
    begun = s["turn"] > state["turn"]
    assert rng.remaining == (0 if begun else 1), f"{rng.remaining} scripted dice were not rolled"
    return s


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


def asked(state: dict[str, Any]) -> str:
    """The title of what the player is asked now ("" once the game is over)."""
    prompt = rules.prompts(state).get("allied")
    return prompt["title"] if prompt else ""
