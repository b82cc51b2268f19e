"""Option 11a on option 14's air combats (14d1, 14d2, 14e) and on option 16's torpedo combats (16d5, 16h1), through
`apply` with scripted dice: after the combat's dice the free roll marker's holder may have both rolled again before
the result is marked, and the marker passes. Example 14d's battle (test_option14_play.example_14d) and a small
torpedo battle (test_option_cases_cited.torpedo_battle), the Allies holding the marker."""
from __future__ import annotations

import pytest

from app.engine.rng import ScriptedRng
from app.games.guadalcanal import rules
from app.games.guadalcanal.surface import battle
from tests.games.guadalcanal.helpers import lines
from tests.games.guadalcanal.test_option14_play import IJ, US, act, example_14d, waiting
from tests.games.guadalcanal.test_option_cases_cited import fire, torpedo_battle


def escorts_attack(holder="allied", dice=(1, 3)):
    s = example_14d()
    s["options"]["free_roll"] = True
    s["free_roll"] = {"holder": holder, "used": []}
    s = act(s, IJ, "face_escorts", faced={"ij-1rf": "us-1f6", "ij-2sf": "us-1f5"})
    s = act(s, US, "escort_setup", joined={"us-2f6": "ij-1rf"}, strafe={})
    return act(s, US, "air_attack", dice=dice, attackers=["us-1f6", "us-2f6"], target="ij-1rf")


@pytest.mark.rule("11a")
@pytest.mark.rule("14d1")
def test_the_holder_rolls_an_air_combat_again_and_the_marker_passes():
    s = escorts_attack()  # 1 + 9 = 10 against 3 + 2 = 5: a flip, not yet marked
    assert waiting(s) == ("free_roll", [US])
    assert s["units"]["ij-1rf"]["face"] == "front"
    prompt = rules.prompts(s)[US]
    assert prompt["info"]["combat"] == "air" and "air combat (14d1): 1F6 + 2F6 attack 1RF" in prompt["title"]
    s = act(s, US, "free_roll", dice=(8, 2), use=True)  # 8 + 9 = 17 against 2 + 2 = 4: three times, eliminated
    assert s["units"]["ij-1rf"]["box"] == "eliminated"
    assert s["free_roll"]["holder"] == IJ
    for role in (US, IJ):
        assert any(t.startswith("Allied uses the free roll marker (11a): the rolls 1 and 3 are ignored")
                   for t in lines(s, role))
    assert waiting(s) == ("air_combat", [US])  # 1F5 attacks next


@pytest.mark.rule("11a")
def test_declined_the_first_roll_is_marked_and_a_best_result_is_not_offered():
    s = act(escorts_attack(), US, "free_roll", use=False)
    assert s["units"]["ij-1rf"]["face"] == "back" and s["free_roll"]["holder"] == US
    s = act(s, US, "air_attack", dice=(8, 2), attackers=["us-1f5"], target="ij-2sf")  # eliminated: nothing to gain
    assert s["units"]["ij-2sf"]["box"] == "eliminated" and waiting(s)[0] != "free_roll"
    s = escorts_attack(holder="japanese")  # a flip of its own fighter: the defender may want it rolled again
    assert waiting(s) == ("free_roll", [IJ])


def torpedo_combats(dice):
    """DD #11 (Japan, Surface Side B) and DD #9 (Allies) have placed their markers; both sides cease fire and the
    torpedo combats begin with `dice`."""
    s = torpedo_battle()
    s["free_roll"] = {"holder": US, "used": []}
    s = fire(fire(s, IJ, {"ij-dd11": "front_right"}), US, {"us-dd9": "front_right"})
    s = battle.apply(s, IJ, {"verb": "surface_cease_fire", "args": {}}, ScriptedRng())
    return battle.apply(s, US, {"verb": "surface_cease_fire", "args": {}}, ScriptedRng(list(dice)))


@pytest.mark.rule("11a")
@pytest.mark.rule("16d5")
def test_a_torpedo_combat_waits_for_the_holder_and_the_combats_go_on_after():
    s = torpedo_combats((5, 1))  # DD #11 at Portland: 5 + 8 = 13 against 1 + 3 = 4, eliminated (not yet marked)
    assert battle.acting(s) == [US] and s["surface"]["step"]["kind"] == "free_roll"
    assert not s["units"]["us-portland"].get("eliminated") and s["units"]["us-portland"]["box"] != "eliminated"
    p = battle.prompt(s, US)
    assert "DD #11 torpedoes at Portland: 5+8=13 against 1+3=4: eliminate" in p["title"]
    s = battle.apply(s, US, {"verb": "surface_free_roll", "args": {"use": True}}, ScriptedRng([1, 9, 6, 4]))
    # again 1 + 8 = 9 against 9 + 3 = 12: a miss; the marker passes to Japan, so DD #9's hit on Hiei (6 + 4 = 10
    # against 4 + 4 = 8) is offered to Japan, the defender
    said = [x["text"] for x in s["log"] if x["text"].startswith(("Torpedoes of", "Allied use the free roll"))]
    assert said[0] == "Allied use the free roll marker (11a): 5 against 1 is rolled again."
    assert said[1].startswith("Torpedoes of DD #11 at Portland") and said[1].endswith(": miss.")
    assert s["free_roll"]["holder"] == IJ
    assert battle.acting(s) == [IJ] and s["surface"]["step"]["kind"] == "free_roll"
    assert "DD #9 torpedoes at Hiei: 6+4=10 against 4+4=8: hit" in battle.prompt(s, IJ)["title"]
    s = battle.apply(s, IJ, {"verb": "surface_free_roll", "args": {"use": False}}, ScriptedRng())
    assert s["units"]["ij-hiei"]["hits"] == 1 and s["units"]["us-portland"]["box"] != "eliminated"
    assert s["surface"]["torpedoes"] == [] and s["surface"]["step"]["kind"] == "breakoff"
