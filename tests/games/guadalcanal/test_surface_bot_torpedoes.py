"""The computer players fire torpedoes in surface combats (16d3, 16f3): each offered ship places a marker where an
enemy is first in its path, judged from the side's view of the Battleboard (all in the open, 16a)."""
from __future__ import annotations

import pytest

from app.engine.rng import ScriptedRng, SeededRng
from app.games.guadalcanal import rules
from app.games.guadalcanal.surface import battle, bot
from tests.games.guadalcanal.test_option_cases_cited import torpedo_battle


def answer(s, side):
    return bot._torpedoes({"surface": battle.view(s, side), "role": side}, battle.prompt(s, side), SeededRng(1))


@pytest.mark.rule("16d3")
@pytest.mark.rule("16f3")
def test_each_side_s_bot_fires_the_ship_that_has_a_target_in_a_path():
    s = torpedo_battle()
    order = answer(s, "japanese")
    assert order == {"verb": "surface_torpedoes", "args": {"markers": {"ij-dd11": "front_right"}}}
    s = battle.apply(s, "japanese", order, ScriptedRng())
    order = answer(s, "allied")  # Hiei (Q11) is off DD #9's starboard bow, 2 hexes: the Allied range
    assert order["args"]["markers"] == {"us-dd9": "front_right"}
    s = battle.apply(s, "allied", order, ScriptedRng())
    assert [m["ship"] for m in s["surface"]["torpedoes"]] == ["ij-dd11", "us-dd9"]


@pytest.mark.rule("16d3")
def test_without_a_target_in_any_path_the_bot_places_no_marker():
    s = torpedo_battle()
    s["surface"]["ships"]["us-portland"]["at"] = "A1"  # out of DD #11's reach
    assert answer(s, "japanese")["args"]["markers"] == {}


@pytest.mark.rule("16d3")
def test_bots_playing_scenario_5_fire_torpedoes_with_legal_orders():
    fired = 0
    for seed in range(3):
        s, rng = rules.setup("5", {}, SeededRng(seed)), SeededRng(100 + seed)
        for _ in range(600):
            if s["outcome"] is not None:
                break
            role = rules.acting(s)[0]
            order = rules.bots[role](rules.view(s, role), rules.prompts(s)[role], rng)
            rules.check(s, role, order)
            s = rules.apply(s, role, order, rng)
        assert s["outcome"] is not None
        fired += sum(1 for x in s["log"] if "fires torpedoes" in x["text"])
    assert fired > 0
