"""Pacific War 1942's worked examples as tutorials (app/play/tutorials.py): the positions they start from.

The orders, dice and results are data (data/tutorials.toml); these functions build each example's position the way
the tests that replay the examples do (tests/games/pacific_war_1942/test_examples.py): a new campaign in the Allied
actions (turn 1's AP roll a 6: 4 AP), with the sea areas and front markers the example describes. The BOT's example
starts with one AP left, which the learner gives up to let the BOT act.
"""
from __future__ import annotations

from typing import Any

from app.engine import data as tables
from app.engine.rng import ScriptedRng
from app.engine.tutorial import from_data
from app.games.pacific_war_1942 import data
from app.games.pacific_war_1942.game import rules

State = dict[str, Any]


def _new(ap: int = 4) -> State:
    """A new campaign at the Allied actions of turn 1 (its AP roll a 6), with `ap` Action Points left."""
    state = rules.setup("campaign", {}, ScriptedRng([6]))
    state["ap"] = ap
    return state


def port_moresby() -> State:
    """Example: the Allies control the Southwest Pacific and attack Guadalcanal from Port Moresby."""
    s = _new()
    s["seas"]["southwest_pacific"] = "allied"
    return s


def singapore() -> State:
    """Example: the BOT's turn next (the Allies have one AP left to give up), the Allied India front marker at
    fortified Singapore, the Allies controlling the Indian Ocean."""
    s = _new(ap=1)
    s["fronts"]["india"]["allied"] = data.route("india").index("singapore")
    s["seas"]["indian_ocean"] = "allied"
    return s


def sea_attack() -> State:
    """Example: the Japanese control the Southwest Pacific (as at the start) and the Allies attack their ships."""
    return _new()


TUTORIALS = from_data("pacific_war_1942", tables.load(data.DATA / "tutorials.toml")["tutorial"],
                      {"port_moresby": port_moresby, "singapore": singapore, "sea_attack": sea_attack})
