"""The campaign set-up choice (How to Set-up and Play the Games; lobby option `choose_set_up`): each Player places the
units his order of battle leaves to him, the Japanese first, an area's units within the area, "any friendly" units on
the side's own land hexes or naval bases; the default is campaign.py's placement (app/games/usn/campaign_setup.py)."""
import json

import jsonschema_rs
import pytest

from app.engine.errors import IllegalAction
from app.engine.orders import prompt_schema
from app.engine.rng import ScriptedRng, SeededRng
from app.engine.testing import random_action
from app.games.usn import sequence

from .helpers import R, assert_hidden_from_readers_and_bots

ON = {"choose_set_up": True}
RULE = "How to Set-up and Play the Games"


def _set_up(places):
    return {"verb": "set_up_units", "args": {"places": places}}


def _refused(state, role, places, says):
    with pytest.raises(IllegalAction) as e:
        R.check(state, role, _set_up(places))
    assert e.value.rule == RULE and says in str(e.value)


def _where(s):
    return {i: x["hex"] for i, x in s["ships"].items()} | {i: u["hex"] for i, u in s["land"].items()}


@pytest.mark.rule("How to Set-up and Play the Games")
def test_japan_sets_up_first_then_the_allies_and_the_default_is_the_printed_placement():
    s = R.setup("campaign_1", ON, ScriptedRng())
    assert "choose_set_up" in R.meta.default_options()
    assert R.acting(s) == ["japanese"] and R.sequence.kind(s) == "campaign_setup"
    s = R.apply(s, "japanese", R.default_action(s, "japanese"), ScriptedRng())
    assert R.acting(s) == ["allied"] and R.sequence.kind(s) == "campaign_setup"
    s = R.apply(s, "allied", R.default_action(s, "allied"), ScriptedRng())
    plain = R.setup("campaign_1", {}, ScriptedRng())
    # then the Shock Effect's Pre-Game-Turn, as without the set-up choice (Campaign Game 1, Shock Effect)
    assert sequence.row(s)[:3] == ("Pre-Game-Turn", "naval", "japanese") and _where(s) == _where(plain)
    assert "set_up_places" not in s  # dropped once the set-up is done


@pytest.mark.rule("How to Set-up and Play the Games")
def test_units_go_anywhere_in_their_area_or_on_their_side_and_printed_hexes_stay():
    s = R.setup("campaign_1", ON, ScriptedRng())
    assert s["land"]["J-L1"]["hex"] == "0179" and s["land"]["J-L5"]["name"] == "20-40 Division"
    _refused(s, "japanese", {"J-L1": "0676"}, "may be set up on hexes 0177, 0179, 0181, not hex 0676")  # Indo-China
    _refused(s, "japanese", {"J-L5": "0179"}, "not one of your units")  # Formosa (378): a printed hex
    _refused(s, "japanese", {"A-L8": "0220"}, "not one of your units")
    _refused(s, "japanese", {"J-CV-1": "0754"}, "not hex 0754")  # "any naval base in Japan": Truk is not in Japan
    _refused(s, "japanese", {"J-L12": "0759"}, "not hex 0759")  # Rabaul is Allied
    s = R.apply(s, "japanese", _set_up({"J-L1": "0181", "J-L12": "0754", "J-CV-1": "0707", "J-TR-1": "0754"}),
                ScriptedRng())
    assert (s["land"]["J-L1"]["hex"], s["land"]["J-L12"]["hex"]) == ("0181", "0754")
    assert (s["ships"]["J-CV-1"]["hex"], s["ships"]["J-TR-1"]["hex"]) == ("0707", "0754")
    _refused(s, "allied", {"A-L18": "0972"}, "not hex 0972")  # Australia's divisions stay in Australia
    s = R.apply(s, "allied", _set_up({"A-L18": "0698", "A-L8": "0153"}), ScriptedRng())
    assert (s["land"]["A-L18"]["hex"], s["land"]["A-L8"]["hex"]) == ("0698", "0153")
    assert R.sequence.kind(s) == "naval"


@pytest.mark.rule("Garrisons")
def test_a_garrison_and_the_units_of_japanese_variable_deployment_are_not_placed_again():
    s = R.setup("campaign_3", {**ON, "garrisons": True, "japanese_variable_deployment": True}, ScriptedRng())
    assert R.sequence.kind(s) == "variable_deployment"
    s = R.apply(s, "japanese", {"verb": "deploy_units", "args": {"places": {"J-DD-1": "0754"}}}, ScriptedRng())
    assert R.sequence.kind(s) == "campaign_setup" and R.acting(s) == ["japanese"]
    choices = R.prompts(s)["japanese"]["info"]["choices"]
    assert "J-L11" not in choices  # Saigon's garrison brigade ("except for garrisons")
    assert "J-DD-1" not in choices and "J-L9" not in choices  # placed by Japanese Variable Deployment
    assert "J-L12" in choices and "J-CV-1" in choices


@pytest.mark.rule("How to Set-up and Play the Games")
def test_a_side_s_placements_stay_its_own():
    s = R.setup("campaign_1", ON, ScriptedRng())
    a = R.apply(s, "japanese", _set_up({"J-CV-1": "0707", "J-CA-1": "0609"}), ScriptedRng())
    b = R.apply(s, "japanese", _set_up({"J-DD-1": "0707", "J-BB-1": "0609"}), ScriptedRng())
    assert R.view(a, "allied") == R.view(b, "allied")  # two ships moved either way: the same counts
    assert R.view(a, "japanese") != R.view(b, "japanese")
    assert_hidden_from_readers_and_bots(s, a)


@pytest.mark.rule("How to Set-up and Play the Games")
def test_computer_random_and_missed_orders_are_legal_and_fit_the_schema():
    for seed in (1, 2):
        s = R.setup("campaign_3", ON, SeededRng(seed))
        for role in ("japanese", "allied"):
            prompt = R.prompts(s)[role]
            schema = jsonschema_rs.validator_for(prompt_schema(json.loads(json.dumps(prompt))))
            rnd = random_action(R, s, role, SeededRng(seed))
            assert rnd["args"]["places"]
            for order in (rnd, R.default_action(s, role), R.bots[role](R.view(s, role), prompt, SeededRng(seed))):
                assert schema.is_valid(order)
                R.check(s, role, order)
            s = R.apply(s, role, rnd, SeededRng(seed))
        assert R.sequence.kind(s) == "naval"
