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
from app.games.guadalcanal import gamedata, rules, standing_orders
from app.games.guadalcanal.states import begin_turn

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
    # the printed example asks every question of its Turn (the sea searches, the reorganisation): no standing orders
    s["standing"] = standing_orders.cancelled(("allied", "japanese"))
    begin_turn(s, ScriptedRng(list(dice)))
    return s


DATA = tables.load(gamedata.FOLDER / "tutorials.toml")
STRIKE = ("ij-1sd", "ij-2sd", "ij-1zt", "ij-2zt")  # 10b2's Japanese strike on Task Force 17


def example_10b2() -> State:
    """Example 10 at the start of battle P4 (10b2). The example does not describe the Japanese strike: here it
    starts in the Ready boxes of Shokaku and Zuikaku (Striking Force, R1), takes off in the Assembly Step and
    flies to P4, where its search spots Task Force 17 (data/tutorials.toml [strike], reconstructed). Everything
    else is example 10's own orders and dice (the first tutorial's steps), through `rules.apply`; battle N2 is
    fought, and the Allies are asked to set up their ships for P4."""
    s = example_10()
    for uid in STRIKE:
        s["units"][uid]["box"] = "ready"
    example = next(t for t in TUTORIALS if t.id == "guadalcanal-example-10").steps
    strike = {k: _plain(v) for k, v in DATA["strike"].items() if not k.endswith("provenance")}
    japanese = [strike["take_off"], strike["fly"], strike["order_battles"]]  # asked of Japan in this order
    steps = list(example[:next(i for i, st in enumerate(example) if st.order["verb"] == "keep")])
    while steps:  # the example's next order when it is the one asked for, else the strike's next
        asked = rules.prompts(s).get(steps[0].role, {})
        if steps[0].order["verb"] in {a["verb"] for a in asked.get("actions", [])}:
            step = steps.pop(0)
            s = rules.apply(s, step.role, step.order, ScriptedRng(list(step.dice)))
        else:
            s = rules.apply(s, "japanese", japanese.pop(0), ScriptedRng())
    assert not japanese, "the reconstructed strike's orders were not all asked for"
    return s


def _plain(order: dict[str, Any]) -> dict[str, Any]:
    return {"verb": order["verb"], "args": order["args"]}


TUTORIALS = from_data("guadalcanal", DATA["tutorial"], {"example_10": lambda: example_10(), "example_10b2": example_10b2})
