"""Guadalcanal's example 10 as a tutorial (app/play/tutorials.py): the position it starts from.

The orders, dice and results are data (data/tutorials.toml). The tests that replay example 10 start from this same
position (tests/games/guadalcanal/helpers.py takes `example_10` and the set-ups from here): Scenario 1 deployed,
then moved to October 27, Turn 2, with Task Force 17 (Hornet, Juneau, Pensacola, DD #6) unspotted at Q5, B8, T6 and
SS in Hornet's Ready box and every other air unit arming, the Advance Force at N2, and the Turn begun with the
example's dice (Allies 4, Japan 6: Japan is Side A).
"""
from __future__ import annotations

from typing import Any

from app.engine import data as tables
from app.engine.rng import ScriptedRng
from app.engine.tutorial import from_data
from app.games.guadalcanal import gamedata, rules, sequence

State = dict[str, Any]

# Scenario 1's set-ups, as the tests deploy them (the example does not say where the other forces are).
ALLIED_DEPLOY = {"verb": "deploy", "args": {"hexes": {"us-tf16": "R7", "us-tf17": "Q7"},
                                            "ready": ["us-b10", "us-s10", "us-t10", "us-rr", "us-b8", "us-ss"],
                                            "bases": {}}}
JAPANESE_DEPLOY = {"verb": "deploy", "args": {"hexes": {"ij-advance-force": "N2", "ij-striking-force": "P1",
                                                        "ij-vanguard-force": "L2"},
                                              "ready": ["ij-1sd", "ij-aa"], "bases": {}}}


def _put(state: State, uid: str, box: str, **location: str) -> None:
    state["units"][uid]["box"], state["units"][uid]["location"] = box, dict(location)


def example_10(dice=(4, 6)) -> State:
    """Example 10: October 27, Turn 2 (a day Turn), after the sides are rolled (10a: 4 and 6)."""
    s = rules.setup("1", {"umpired": False}, ScriptedRng())
    s = rules.apply(s, "japanese", JAPANESE_DEPLOY, ScriptedRng())
    s = rules.apply(s, "allied", ALLIED_DEPLOY, ScriptedRng([6, 4]))
    s["time"].update(turn=2, scenario_turn=2)
    s["task_forces"]["us-tf17"]["hex"] = "Q5"
    s["task_forces"]["us-tf16"]["hex"] = "T6"
    for ship in ("us-nhampton", "us-san-diego"):  # example 10's TF 17 holds four ships
        _put(s, ship, "ships", tf="us-tf16")
    s["task_forces"]["ij-advance-force"]["hex"] = "N2"
    s["task_forces"]["ij-striking-force"]["hex"] = "R1"
    s["task_forces"]["ij-vanguard-force"]["hex"] = "K1"
    for rec in s["units"].values():
        if rec["kind"] == "air":
            rec["box"] = "arming"
    for u in ("us-b8", "us-t6", "us-ss"):
        s["units"][u]["box"] = "ready"
    s["boards"] = {side: {"contacts": {}, "next_marker": 1} for side in ("allied", "japanese")}
    s["step"] = {"kind": "sides", "side": None, "index": -1}
    sequence.begin_turn(s, ScriptedRng(list(dice)))
    return s


TUTORIALS = from_data("guadalcanal", tables.load(gamedata.FOLDER / "tutorials.toml")["tutorial"],
                      {"example_10": lambda: example_10()})
