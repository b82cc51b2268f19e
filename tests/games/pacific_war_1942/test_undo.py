"""Undo within the Allied player's own turn, until a die is rolled (the page's undo; Sequence of Play Each Turn)."""
import pytest

from app.engine.errors import IllegalAction
from app.games.pacific_war_1942 import rules
from tests.games.pacific_war_1942.helpers import actions_phase, attack, play, verbs

SEQ = "Sequence of Play Each Turn"


@pytest.mark.rule(SEQ)
def test_undo_takes_back_actions_that_rolled_no_die():
    s = actions_phase(ap=3)
    before = rules.view(s, "allied")
    s = play(s, {"verb": "add_reserve", "args": {"front": "india"}}, "end_actions")
    assert s["phase"] == "japanese" and "undo" in verbs(s)
    s = play(s, "undo")
    assert s["phase"] == "actions" and s["ap"] == 2 and rules.view(s, "allied")["fronts"][0]["reserve"]
    s = play(s, "undo")
    assert rules.view(s, "allied") == before and "undo" not in verbs(s)


@pytest.mark.rule(SEQ)
def test_a_die_roll_clears_the_undo_stack():
    s = play(actions_phase(ap=3), {"verb": "add_reserve", "args": {"front": "india"}}, attack("china"), dice=[4])
    assert "undo" not in verbs(s) and rules.view(s, "allied")["can_undo"] is False
    with pytest.raises(IllegalAction, match="nothing to undo"):
        play(s, "undo")


@pytest.mark.rule(SEQ)
def test_the_bot_roll_clears_the_undo_stack():
    s = play(actions_phase(ap=1), {"verb": "add_reserve", "args": {"front": "india"}})
    assert "undo" in verbs(s)
    s = play(s, "japanese_action", dice=[1])
    assert s["undo"] == [] and verbs(s) == ["roll_ap"]
