"""Scenarios 5 and 6 (7f, 7g) played through the rules contract: offered in the lobby, every random and missed order
fits its published schema, both sides (and the spectator) read the same Battleboard, the computer players finish a
battle, the game ends with the 7f4.1/7g4.1 result, and the page draws the Battleboard."""
from __future__ import annotations

import json

import jsonschema_rs
import pytest

from app import games as registry
from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.errors import IllegalAction
from app.engine.orders import prompt_schema
from app.engine.rng import ScriptedRng, SeededRng
from app.engine.testing import random_action
from app.games.guadalcanal.rules import rules
from app.web.presenter import board_template
from app.web.templating import render


@pytest.mark.rule("7f")
def test_scenarios_five_and_six_are_offered_as_surface_combats():
    listed = {sc.id: sc for sc in rules.meta.scenarios}
    assert (listed["5"].rule, listed["6"].rule) == ("7f", "7g")
    assert "Friday the Thirteenth" in listed["5"].title and "option 16" in listed["6"].description
    s = rules.setup("5", {}, ScriptedRng())
    assert list(rules.prompts(s)) == ["japanese"] and rules.prompts(s)["japanese"]["rule"] == "16c"  # 7f2: B first
    with pytest.raises(IllegalAction) as e:
        rules.apply(s, "allied", rules.default_action(s, "japanese"), ScriptedRng())
    assert "not your decision" in str(e.value)


@pytest.mark.rule("16d")
@pytest.mark.parametrize("sid", ["5", "6"])
def test_random_and_missed_orders_fit_their_schema_and_the_battle_ends_with_the_scenario_s_result(sid):
    for seed in range(3):
        players, dice = SeededRng(seed * 2 + 1), SeededRng(seed * 2)
        s = rules.setup(sid, {}, dice)
        while rules.outcome(s) is None:
            (role, prompt), = rules.prompts(s).items()
            v = jsonschema_rs.validator_for(prompt_schema(json.loads(json.dumps(prompt))))
            action = random_action(rules, s, role, players)
            assert v.is_valid(action), (prompt["title"], action)
            assert v.is_valid(rules.default_action(s, role)), prompt["title"]
            rules.check(s, role, rules.default_action(s, role))
            views = [rules.view(s, r) for r in ("allied", "japanese", SPECTATOR, UMPIRE)]
            assert all(x["surface"] == views[0]["surface"] and x["board"] == views[0]["board"] for x in views)
            s = rules.apply(s, role, action, dice)
        assert s["surface"]["step"]["kind"] == "over" and s["surface"]["turn"] <= 10
        o = rules.outcome(s)
        assert o["reason"].startswith("Victory points at the end of the surface combat (" +
                                      ("7f4.1" if sid == "5" else "7g4.1"))
        assert rules.prompts(s) == {}


@pytest.mark.rule("7g")
def test_the_computer_players_fight_a_battle_to_its_end():
    s = rules.setup("6", {}, SeededRng(5))
    dice = SeededRng(6)
    for n in range(400):
        if rules.outcome(s) is not None:
            break
        (role, prompt), = rules.prompts(s).items()
        s = rules.apply(s, role, rules.bots[role](rules.view(s, role), prompt, SeededRng(n)), dice)
    assert rules.outcome(s) is not None
    assert any(line["text"].startswith("Washington fires at") or line["text"].startswith("S. Dakota fires at")
               for line in s["log"])


@pytest.mark.rule("16a")
def test_the_page_draws_the_battleboard_with_every_ship_for_both_sides():
    registry.load()
    s = rules.setup("5", {}, SeededRng(1))
    s = rules.apply(s, "japanese", rules.default_action(s, "japanese"), SeededRng(2))
    for role in ("allied", "japanese"):
        html = render(board_template("guadalcanal"), view=rules.view(s, role), role=role, prompt=None,
                      game={"id": "g", "version": 0, "status": "active"})
        assert "Japanese Hiei, I11" in html and "Friday the Thirteenth" in html
