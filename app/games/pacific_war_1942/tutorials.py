"""Pacific War 1942's worked examples as tutorials (app/play/tutorials.py): the positions they start from.

The orders, dice and results are data (data/tutorials.toml); these functions build each example's position the way
the tests that replay the examples do (tests/games/pacific_war_1942/test_examples.py): a new campaign moved to the
Allied Actions Phase or the Japanese phase, with the sea areas and front markers the example describes.
"""
from __future__ import annotations

from typing import Any

from app.engine import data as tables
from app.engine.rng import ScriptedRng
from app.engine.tutorial import from_data
from app.games.pacific_war_1942 import data, rules

State = dict[str, Any]


def _new() -> State:
    return rules.setup("campaign", {}, ScriptedRng())


def _actions_phase(state: State, ap: int = 4) -> State:
    state["phase"], state["ap"], state["ap_roll"] = "actions", ap, 6
    return state


def port_moresby() -> State:
    """Example: the Allies control the Southwest Pacific and attack Guadalcanal from Port Moresby."""
    s = _actions_phase(_new())
    s["seas"]["southwest_pacific"] = "allied"
    return s


def singapore() -> State:
    """Example: the BOT's turn, the Allied India front marker at fortified Singapore, the Allies controlling the
    Indian Ocean."""
    s = _new()
    s["fronts"]["india"]["allied"] = data.route("india").index("singapore")
    s["seas"]["indian_ocean"] = "allied"
    s["phase"] = "japanese"
    return s


def sea_attack() -> State:
    """Example: the Japanese control the Southwest Pacific (as at the start) and the Allies attack their ships."""
    return _actions_phase(_new())


TUTORIALS = from_data("pacific_war_1942", tables.load(data.DATA / "tutorials.toml")["tutorial"],
                      {"port_moresby": port_moresby, "singapore": singapore, "sea_attack": sea_attack})
