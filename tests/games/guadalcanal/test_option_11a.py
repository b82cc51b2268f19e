"""Option 11a: the free roll marker. The scenario's side holds it at the start; after the dice of a combat its holder
may have both dice rolled again, the new rolls resolving the combat, and the marker passes to the other side. Rolls
other than combat rolls are not re-rolled. Played for the Battleboard's combats (AA 4c, bombing 4d)."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.guadalcanal import rules
from app.games.guadalcanal.combat import begin_combat, decide, free_roll, pending_decision
from app.games.guadalcanal.combat.examples import position
from tests.games.guadalcanal.helpers import ALLIED_DEPLOY, JAPANESE_DEPLOY, step

USE, KEEP = {"verb": "free_roll", "args": {"use": True}}, {"verb": "free_roll", "args": {"use": False}}


def battle(holder="allied"):
    """Japanese dive bomber 1SD over Hornet (S8 in its Ready box: +4, 4d3.3), the free roll marker with `holder`,
    waiting on the Allied AA fire."""
    s = position(task_forces={"us-tf17": "P4"}, ships={"us-hornet": "us-tf17"}, air={"ij-1sd": "P4"},
                 aboard={"us-s8": ("us-hornet", "ready")})
    s["options"] = {"free_roll": True}
    s["free_roll"] = {"holder": holder, "used": []}
    begin_combat(s, ["P4"], ScriptedRng([]))
    decide(s, "allied", {"verb": "set_up", "args": {"hexes": {"us-hornet": "J12"}, "facing": "N"}}, ScriptedRng([]))
    assert pending_decision(s) == ("aa_combat", ["allied"])
    return s


def bomb(s, *dice):
    """The Allies fire no AA; the one bombing combat follows with `dice`."""
    return decide(s, "allied", {"verb": "cease_fire", "args": {}}, ScriptedRng(list(dice)))


def fights(s):
    return [x["data"] for x in s["log"] if "result" in (x.get("data") or {})]


@pytest.mark.rule("11a")
def test_the_scenarios_side_holds_the_marker_at_the_start_and_the_game_records_it():
    s = rules.setup("1", {"free_roll": True}, ScriptedRng())
    assert s["free_roll"]["holder"] == "allied"
    shown = next(o for o in rules.view(s, "japanese")["options"] if o["id"] == "free_roll")
    assert shown["on"] and shown["holder"] == "allied"
    assert shown["reconstructed"][0]["provenance"].startswith("reconstructed: scenarios 1-4")
    assert "free_roll" not in rules.setup("1", {}, ScriptedRng())


@pytest.mark.rule("11a")
def test_after_the_dice_the_combat_waits_unmarked_on_the_holder_alone():
    s = bomb(battle(), 1, 5)  # 1+5+4=10 against 5+3=8: Hornet would take a hit
    assert pending_decision(s) == ("free_roll", ["allied"])
    assert s["units"]["us-hornet"]["hits"] == 0 and fights(s) == []
    prompt = free_roll.prompt(s, "allied")
    assert prompt["rule"] == "11a" and "10 against 5+3=8: 1 hit" in prompt["title"]
    with pytest.raises(IllegalAction, match=r"\(rule 4\)$"):
        decide(s, "japanese", USE, ScriptedRng([]))  # the other side has nothing to decide now


@pytest.mark.rule("11a")
def test_using_it_ignores_the_rolls_rolls_both_dice_again_and_passes_the_marker():
    s = bomb(battle(), 1, 5)
    decide(s, "allied", USE, ScriptedRng([1, 10]))  # 10 against 13: a miss
    assert [f["result"] for f in fights(s)] == ["miss"]
    assert s["units"]["us-hornet"]["hits"] == 0
    assert s["free_roll"]["holder"] == "japanese"
    line = next(x for x in s["log"] if "uses the free roll marker" in x["text"])
    assert line["to"] == "public" and "1 and 5 are ignored" in line["text"]
    assert pending_decision(s) == ("reorganise", ["allied"])  # the battle went on


@pytest.mark.rule("11a")
def test_keeping_the_roll_marks_it_and_the_holder_keeps_the_marker():
    s = bomb(battle(), 1, 5)
    decide(s, "allied", KEEP, ScriptedRng([]))
    assert [f["result"] for f in fights(s)] == ["hit"] and s["units"]["us-hornet"]["hits"] == 1
    assert s["free_roll"]["holder"] == "allied"


@pytest.mark.rule("11a")
def test_no_question_when_the_result_is_already_the_best_for_the_holder():
    s = bomb(battle(), 1, 10)  # a miss on the holder's ship
    assert [f["result"] for f in fights(s)] == ["miss"] and pending_decision(s) == ("reorganise", ["allied"])
    s = bomb(battle(holder="japanese"), 10, 1)  # 19 against 4: the holder's bombers eliminate Hornet
    assert [f["result"] for f in fights(s)] == ["eliminate"]


@pytest.mark.rule("11a")
def test_the_holder_may_use_it_on_its_own_aa_fire_and_then_the_other_side_holds_it():
    s = battle()
    decide(s, "allied", {"verb": "fire", "args": {"guns": ["us-hornet"], "target": "ij-1sd"}},
           ScriptedRng([1, 5]))  # 1+4=5 against 5+1=6: a miss
    assert pending_decision(s) == ("free_roll", ["allied"])
    decide(s, "allied", USE, ScriptedRng([10, 1]))  # 14 against 2: eliminated
    assert s["units"]["ij-1sd"]["eliminated"] and s["free_roll"]["holder"] == "japanese"
    # the Japanese now hold it: a later combat's dice are theirs to re-roll
    s2 = bomb(battle(holder="japanese"), 1, 10)  # a miss on Hornet: the Japanese bombers may try again
    assert pending_decision(s2) == ("free_roll", ["japanese"])
    decide(s2, "japanese", USE, ScriptedRng([1, 5]))
    assert s2["units"]["us-hornet"]["hits"] == 1 and s2["free_roll"]["holder"] == "allied"


@pytest.mark.rule("11a")
def test_rolls_other_than_combat_are_not_re_rolled_and_the_fog_of_war_excludes_it():
    s = rules.setup("1", {"free_roll": True}, ScriptedRng())
    s = rules.apply(s, "japanese", JAPANESE_DEPLOY, ScriptedRng())
    s = rules.apply(s, "allied", ALLIED_DEPLOY, ScriptedRng([6, 4]))  # the roll for the sides (3): no question
    assert step(s)[0] != "combat" and s["free_roll"]["holder"] == "allied"
    with pytest.raises(IllegalAction) as e:
        rules.setup("1", {"free_roll": True, "umpired": True, "fog_damage": True}, ScriptedRng())
    assert e.value.rule == "11a"
