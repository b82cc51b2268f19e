"""Solomons Campaign's worked examples as tutorials (app/play/tutorials.py): the positions they start from.

The orders, dice and results are data (data/tutorials.toml). 12.4's position is the one
tests/games/solomons/combat/test_combat_ground.py replays (Japan 9 Ground Points and no Supply; the United States 15
supplied points and one Supply Point), set into a real campaign at the Ground Combat Phase (4.3) so that the order
is given on the game's own ground form.

14.33's position is a real Game-Turn 1 played to Segment 1's air allocation (section D) with the orders of the
Plot Phase given through `rules.apply`: the Americans form Task Force 1 of Enterprise, Saratoga, North Carolina and
the Selfridge destroyer group (5 + 5 + 10 + 4 = 24 AA, the group of the example: tests/games/solomons/test_data.py)
and plot it into L, inside the Japanese Air Reconnaissance Zone (19.1) and the reach of Rabaul's LAC (10.1), so
that Japan sees it as a marker in Segment 1 and may strike it; every other order is the rules' default.
"""
from __future__ import annotations

from typing import Any

from app.engine import data as tables
from app.engine.rng import ScriptedRng
from app.engine.tutorial import from_data
from app.games.solomons import (
    air_orders,
    allocation,
    ground_orders,
    placement,
    plot,
    rules,
    sequence,
)
from app.games.solomons import tables as solomons_tables

State = dict[str, Any]


def _campaign() -> State:
    """A new campaign past its Preliminary Set-Up (5.14, 5.15: every side's default placement), Henderson die 3."""
    s = rules.setup("campaign", {}, ScriptedRng())
    rng = ScriptedRng([3])
    for role in ("japanese", "allied"):
        if sequence.current(s)["kind"] == placement.DECISION.id and role in rules.prompts(s):
            s = rules.apply(s, role, rules.default_action(s, role), rng)
    return s


def ground_12_4() -> State:
    """12.4's example at the Ground Combat Phase of Game-Turn 1."""
    s = _campaign()
    g = s["guadalcanal"]
    g["ground"], g["supply"], g["supplied"] = {"allied": 15, "japanese": 9}, {"allied": 1, "japanese": 0}, True
    at = next(i for i, st in enumerate(sequence.STEPS) if st["kind"] == ground_orders.DECISION.id)
    sequence.enter(s, at, ScriptedRng())  # stops at the American decision (12.3: only they have the initiative)
    return s


CARRIER_GROUP = ["us-CV-2", "us-CV-3", "us-BB-1", "us-DD-1"]  # 24 AA (14.33: "a group with 24 AA")


def _orders(state: State, role: str) -> dict[str, Any]:
    """The rules' default order, but for the American allocation and plot of the 14.33 task force."""
    order = rules.default_action(state, role)
    kind = sequence.current(state)["kind"]
    if role == "allied" and kind == allocation.DECISION.id:
        forces = order["args"]["task_forces"]
        escorts = [u for tf in forces if tf["mission"] == "anti_ship" for u in tf["units"] if u not in CARRIER_GROUP]
        order["args"]["task_forces"] = [{"units": list(CARRIER_GROUP), "mission": "anti_ship"},
                                        {"units": escorts, "mission": "anti_ship"},
                                        *(tf for tf in forces if tf["mission"] != "anti_ship")]
    elif role == "allied" and kind == plot.DECISION.id:
        order["args"]["plots"]["allied-tf-1"] = {"hexes": {str(seg): "L" for seg in range(1, 8)}}
    return order


def air_14_33() -> State:
    """14.33's example at Segment 1, D of Game-Turn 1: American Task Force 1 (24 AA, 17 NAC aboard) in L, seen by
    Japan as marker tf-?1; Rabaul's 13 LAC reach it."""
    s = _campaign()
    rng = ScriptedRng()  # the Plot Phase's defaults roll no die
    while sequence.current(s)["kind"] != air_orders.DECISION.id:
        for role in list(rules.prompts(s)):
            s = rules.apply(s, role, _orders(s, role), rng)
    return s


TUTORIALS = from_data("solomons", tables.load(solomons_tables.DATA_DIR / "tutorials.toml")["tutorial"],
                      {"ground_12_4": ground_12_4, "air_14_33": air_14_33})
