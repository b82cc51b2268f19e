"""Japanese Variable Deployment (Optional Rules; lobby option `japanese_variable_deployment`, Campaign Games 1 and 3):
a Japanese set-up decision before Step 1 places the CL, DD, Oiler units and Engineer Regiments at any friendly Naval
Base; the printed deployment is the default; the placements stay the Japanese side's own
(app/games/usn/variable_deployment.py)."""
import json

import jsonschema_rs
import pytest

from app.engine.errors import IllegalAction
from app.engine.orders import prompt_schema
from app.engine.rng import ScriptedRng, SeededRng
from app.engine.testing import random_action
from app.games.usn import sequence

from .helpers import R, assert_hidden_from_readers_and_bots

ON = {"japanese_variable_deployment": True}
RULE = "Japanese Variable Deployment"


def _deploy(places):
    return {"verb": "deploy_units", "args": {"places": places}}


@pytest.mark.rule("Japanese Variable Deployment")
def test_the_japanese_player_deploys_first_with_the_printed_deployment_as_default():
    s = R.setup("campaign_1", ON, ScriptedRng())
    assert "japanese_variable_deployment" in R.meta.default_options()
    assert R.acting(s) == ["japanese"] and s["turn"] == 1
    assert not any("Step 1, reinforcements" in e["text"] for e in s["log"])  # before Step 1
    prompt = R.prompts(s)["japanese"]
    assert prompt["rule"] == RULE and set(prompt["info"]["printed"]) == {
        "J-CL-1", "J-CL-2", "J-DD-1", "J-DD-2", "J-DD-3", "J-DD-4", "J-DD-5", "J-OIL-1", "J-OIL-2", "J-L9", "J-L10"}
    assert prompt["info"]["bases"] == ["0552", "0576", "0609", "0676", "0707", "0717", "0754"]
    printed = R.apply(s, "japanese", R.default_action(s, "japanese"), ScriptedRng())
    plain = R.setup("campaign_1", {}, ScriptedRng())
    assert {i: x["hex"] for i, x in printed["ships"].items()} == {i: x["hex"] for i, x in plain["ships"].items()}
    # then the Shock Effect's Pre-Game-Turn (before Step 1), as without the option
    assert sequence.row(printed)[:3] == ("Pre-Game-Turn", "naval", "japanese") == sequence.row(plain)[:3]


@pytest.mark.rule("Japanese Variable Deployment")
def test_cl_dd_oilers_and_engineers_go_to_any_friendly_naval_base_and_nothing_else():
    s = R.setup("campaign_3", ON, ScriptedRng())
    after = R.apply(s, "japanese", _deploy({"J-DD-1": "0754", "J-OIL-1": "0552", "J-L9": "0754"}), ScriptedRng())
    assert after["ships"]["J-DD-1"]["hex"] == "0754" and after["ships"]["J-OIL-1"]["hex"] == "0552"
    assert after["land"]["J-L9"]["hex"] == "0754" and after["ships"]["J-DD-2"]["hex"] == "0676"
    for places, says in (({"J-BB-1": "0754"}, "not a Japanese CL, DD, Oiler unit or Engineer Regiment"),
                         ({"J-L1": "0754"}, "not a Japanese CL, DD"),  # a division is no Engineer Regiment
                         ({"J-DD-1": "0759"}, "not a friendly Naval Base"),  # Rabaul: Allied at the start
                         ({"J-DD-1": "0181"}, "not a friendly Naval Base")):  # Saigon: an air base only
        with pytest.raises(IllegalAction) as e:
            R.check(s, "japanese", _deploy(places))
        assert e.value.rule == RULE and says in str(e.value)
    with pytest.raises(IllegalAction, match=r"not your decision now.*\(rule Japanese Variable Deployment\)"):
        R.check(s, "allied", _deploy({}))  # the Allies do not decide now


@pytest.mark.rule("Japanese Variable Deployment")
def test_campaign_games_1_and_3_only():
    assert R.acting(R.setup("campaign_2", ON, ScriptedRng())) == ["japanese"]
    assert R.sequence.kind(R.setup("campaign_2", ON, ScriptedRng())) == "naval"
    assert R.sequence.kind(R.setup("campaign_1", {}, ScriptedRng())) == "naval"


@pytest.mark.rule("Japanese Variable Deployment")
def test_the_placements_stay_secret_from_the_allies():
    s = R.setup("campaign_1", ON, ScriptedRng())
    after = R.apply(s, "japanese", _deploy({"J-DD-1": "0754", "J-CL-2": "0754", "J-DD-5": "0552"}), ScriptedRng())
    allied = R.view(after, "allied")
    assert {st["hex"]: st["count"] for st in allied["ships"]["japanese"]["stacks"]}["0754"] == 2  # the count only
    # which ships went where does not show: other ships sent to the same bases give the Allies the same view
    other = R.apply(s, "japanese", _deploy({"J-DD-2": "0754", "J-OIL-2": "0754", "J-DD-4": "0552"}), ScriptedRng())
    assert allied == R.view(other, "allied")
    assert R.view(after, "japanese") != R.view(other, "japanese")
    assert_hidden_from_readers_and_bots(s, after)  # and the computer players decide the same either way


@pytest.mark.rule("Japanese Variable Deployment")
def test_computer_and_random_players_answer_the_set_up_prompt_legally():
    for seed in (1, 2, 3):
        s = R.setup("campaign_1", ON, SeededRng(seed))
        bot = R.bots["japanese"](R.view(s, "japanese"), R.prompts(s)["japanese"], SeededRng(seed))
        R.check(s, "japanese", bot)
        rnd = random_action(R, s, "japanese", SeededRng(seed))
        assert rnd["verb"] == "deploy_units" and rnd["args"]["places"]
        R.check(s, "japanese", rnd)
        schema = jsonschema_rs.validator_for(prompt_schema(json.loads(json.dumps(R.prompts(s)["japanese"]))))
        for order in (bot, rnd, R.default_action(s, "japanese")):
            assert schema.is_valid(order)


@pytest.mark.rule("Japanese Variable Deployment")
def test_the_set_up_form_is_drawn_and_read_back_as_the_placements():
    import re

    from starlette.datastructures import FormData

    from app.web.actions import action_from_form
    from app.web.plugin import plugin_for
    from app.web.templating import env

    s = R.setup("campaign_1", ON, ScriptedRng())
    plugin_for("usn")
    m = {"game": {"id": "g1", "version": 3, "status": "active"}, "role": "japanese", "view": R.view(s, "japanese"),
         "prompt": R.prompts(s)["japanese"], "waiting": []}
    html = env.get_template("games/usn/prompt.html").render(m=m)
    names = set(re.findall(r'name="(arg\.[^"]+)"', html))
    assert "arg.places.J-DD-1" in names and "arg.places.J-L9" in names
    posted = [("verb", "deploy_units"), ("arg.places.J-DD-1", "0754")] + [
        (n, "") for n in sorted(names) if n != "arg.places.J-DD-1"]
    action = action_from_form(FormData(posted), R.prompts(s)["japanese"])
    assert action["args"]["places"] == {"J-DD-1": "0754"}
    assert R.apply(s, "japanese", action, ScriptedRng())["ships"]["J-DD-1"]["hex"] == "0754"
