"""Japanese Carrier Aircraft Embarkation (app/games/usn/embarkation.py): a Japanese carrier that takes new NAC aboard
spends two full Naval Movement Phases idle in a naval base in Japan, and only its owner is told."""
import json

import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng, SeededRng
from app.games.usn import campaign, campaign_play, steps

from .helpers import R

RULE = "Japanese Carrier Aircraft Embarkation"


def _turn_22():
    """Campaign Game 3 at Step 1 of Game-Turn 22, when J-CV-8 enters with 6 NAC (the Reinforcement Chart)."""
    s = campaign.new_state("campaign_3")
    s["turn"] = 22
    campaign_play.step_one(s, ScriptedRng())
    s["step"] = steps.position(steps.TURN.index(("naval", "japanese")))
    return s


@pytest.mark.rule(RULE)
def test_a_carrier_with_new_nac_stays_idle_in_its_base_in_japan_for_two_naval_phases():
    s = _turn_22()
    cv = s["ships"]["J-CV-8"]
    assert cv["nac"] > 0 and cv["hex"] == "0676"
    p = R.prompts(s)["japanese"]
    assert p["info"]["training"] == {"J-CV-8": 2}
    with pytest.raises(IllegalAction, match="training the new pilots"):
        R.apply(s, "japanese", {"verb": "move", "args": {"moves": {"J-CV-8": {"to": "0609"}}}}, ScriptedRng())
    order = R.bots["japanese"](R.view(s, "japanese"), p, SeededRng(0))
    assert "J-CV-8" not in order["args"]["moves"] or order["args"]["moves"]["J-CV-8"].get("to") == "0676"
    for seed in range(3):
        R.check(s, "japanese", R.random_action(s, "japanese", SeededRng(seed)))
    s = R.apply(s, "japanese", order, ScriptedRng())  # Step 2 spent idle: one phase
    assert s["ships"]["J-CV-8"]["training"] == 1
    idx = next(i for i, st in enumerate(steps.TURN) if steps.printed(st) == "8")
    s["step"] = steps.position(idx)
    s = R.apply(s, "japanese", R.default_action(s, "japanese"), ScriptedRng())  # Step 8: the second
    assert "training" not in s["ships"]["J-CV-8"]
    assert any("new pilots are trained" in e["text"] for e in R.view(s, "japanese")["log"])
    s["step"] = steps.position(idx)
    R.check(s, "japanese", {"verb": "move", "args": {"moves": {"J-CV-8": {"to": "0609"}}}})  # free to sail


@pytest.mark.rule(RULE)
def test_the_training_is_the_japanese_player_s_own():
    s = _turn_22()
    seen = json.dumps(R.view(s, "allied"))
    assert "training" not in seen and "new NAC aboard" not in seen
    assert "new NAC aboard" in json.dumps(R.view(s, "japanese"))
    assert "training" not in R.prompts(s).get("allied", {}).get("info", {})
    s = campaign.new_state("campaign_3")  # a carrier that enters without NAC does not train
    s["turn"] = 7
    campaign_play.step_one(s, ScriptedRng())
    assert "J-CVL-2" in s["ships"] and "training" not in s["ships"]["J-CVL-2"]
