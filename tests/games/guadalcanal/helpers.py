"""Shared set-ups for the Guadalcanal tests: a deployed Scenario 1, example 10's position, and scripted play."""
from __future__ import annotations

from typing import Any

from app.engine import testing
from app.engine.rng import ScriptedRng
from app.games.guadalcanal import rules, standing_orders
from app.games.guadalcanal.tutorials import ALLIED_DEPLOY, JAPANESE_DEPLOY, example_10  # noqa: F401

# Scenario 1's set-ups and example 10's position are the tutorial's (one copy, in the game package).


def new_game(umpired: bool = False) -> dict[str, Any]:
    return asking(rules.setup("1", {"umpired": umpired}, ScriptedRng()))


def asking(state: dict[str, Any]) -> dict[str, Any]:
    """Every question of the Turn asked: every standing order (standing_orders.py) cancelled, as the tests of the
    rules' own steps expect."""
    state["standing"] = standing_orders.cancelled(("allied", "japanese"))
    return state


def newcomer(state: dict[str, Any], *asked: str) -> dict[str, Any]:
    """A newcomer's game: every standing order on (as the lobby starts them), but those named in `asked`, cancelled
    for both sides so the test gives those orders itself."""
    state["standing"] = {side: {order: False for order in asked} for side in ("allied", "japanese")}
    return state


def deployed(dice=(6, 4), umpired: bool = False) -> dict[str, Any]:
    """Scenario 1 after both set-ups; the first Turn's roll (Allied, Japanese) is `dice` (not rolled if umpired)."""
    s = new_game(umpired)
    s = rules.apply(s, "japanese", JAPANESE_DEPLOY, ScriptedRng())
    rng = ScriptedRng(() if umpired else dice)
    s = rules.apply(s, "allied", ALLIED_DEPLOY, rng)
    assert rng.remaining == 0
    return s


def put(state: dict[str, Any], uid: str, box: str, **location: str) -> None:
    state["units"][uid]["box"], state["units"][uid]["location"] = box, dict(location)


def play(state: dict[str, Any], role: str, *actions: dict[str, Any], dice=()) -> dict[str, Any]:
    rng = ScriptedRng(dice)
    for a in actions:
        state = rules.apply(state, role, a, rng)
    assert rng.remaining == 0, f"{rng.remaining} scripted dice were not rolled"
    return state


def take_off(*units: str) -> dict[str, Any]:
    return {"verb": "take_off", "args": {"units": list(units)}}


def shift(to_ready=(), to_arming=()) -> dict[str, Any]:
    return {"verb": "shift", "args": {"to_ready": list(to_ready), "to_arming": list(to_arming)}}


def move(**moves: str) -> dict[str, Any]:
    return {"verb": "move", "args": {"moves": {k.replace("_", "-"): v for k, v in moves.items()}}}


def fly(units, path, search=()) -> dict[str, Any]:
    return {"verb": "fly", "args": {"units": list(units), "path": list(path), "search": list(search)}}


def sea_search(*hexes: str) -> dict[str, Any]:
    return {"verb": "sea_search", "args": {"hexes": list(hexes)}}


def land(**landings: str) -> dict[str, Any]:
    return {"verb": "land", "args": {"landings": {k.replace("_", "-"): v for k, v in landings.items()}}}


def lines(state: dict[str, Any], role: str) -> list[str]:
    return [line["text"] for line in rules.view(state, role)["log"]]


def step(state: dict[str, Any]) -> tuple[str, str | None]:
    return state["step"]["kind"], state["step"].get("side")


def random_positions(options: dict[str, Any], seed: int, stops=(0, 3, 10, 25, 60, 90)):
    """Scenario 1 with `options`, played by random legal orders from `seed`: the positions after each of `stops`
    actions (for the secrecy checks)."""
    return testing.random_positions(rules, "1", options, seed, stops)
