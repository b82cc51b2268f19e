"""Shared set-ups for the Guadalcanal tests: a deployed Scenario 1, example 10's position, and scripted play."""
from __future__ import annotations

import copy
from typing import Any

from app.engine.rng import ScriptedRng
from app.games.guadalcanal import rules, sequence

ALLIED_DEPLOY = {"verb": "deploy", "args": {"hexes": {"us-tf16": "R7", "us-tf17": "Q7"},
                                            "ready": ["us-b10", "us-s10", "us-t10", "us-rr", "us-b8", "us-ss"],
                                            "bases": {}}}
JAPANESE_DEPLOY = {"verb": "deploy", "args": {"hexes": {"ij-advance-force": "N2", "ij-striking-force": "P1",
                                                        "ij-vanguard-force": "L2"},
                                              "ready": ["ij-1sd", "ij-aa"], "bases": {}}}


def new_game(umpired: bool = False) -> dict[str, Any]:
    return rules.setup("1", {"umpired": umpired}, ScriptedRng())


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


def example_10(dice=(4, 6)) -> dict[str, Any]:
    """Example 10: October 27, Turn 2 (a day Turn). TF 17 (Hornet, Juneau, Pensacola, DD #6) is at Q5, unspotted;
    B8, T6 and SS are in Hornet's Ready box, S8 and VV in its Arming box. The Advance Force (Junyo, Haruna, Kongo,
    Isuzu, undamaged) is at N2. Everything else is kept out of the way (the example's forces are illustrative)."""
    s = deployed()
    s = copy.deepcopy(s)
    s["time"].update(turn=2, scenario_turn=2)
    s["task_forces"]["us-tf17"]["hex"] = "Q5"
    s["task_forces"]["us-tf16"]["hex"] = "T6"
    for ship in ("us-nhampton", "us-san-diego"):  # example 10's TF 17 holds four ships (R15)
        put(s, ship, "ships", tf="us-tf16")
    s["task_forces"]["ij-advance-force"]["hex"] = "N2"
    s["task_forces"]["ij-striking-force"]["hex"] = "R1"
    s["task_forces"]["ij-vanguard-force"]["hex"] = "K1"
    for u, rec in s["units"].items():
        if rec["kind"] == "air":
            rec["box"] = "arming"
    for u in ("us-b8", "us-t6", "us-ss"):
        s["units"][u]["box"] = "ready"
    s["boards"] = {side: {"contacts": {}, "next_marker": 1} for side in ("allied", "japanese")}
    s["step"] = {"kind": "sides", "side": None, "index": -1}
    rng = ScriptedRng(dice)
    sequence.begin_turn(s, rng)
    assert rng.remaining == 0
    return s


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
