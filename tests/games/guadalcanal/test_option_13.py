"""Option 13: wave attacks. Combat air units fly together only if they come from the same task force or base (13a1);
separate strikes leaving one hex may be combined (13a2); separate strikes over one battle hex attack as distinct
waves (13b), in the order of a die rolled for each, tied rolls combining (13b1)."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.guadalcanal import air, rules, search
from app.games.guadalcanal.combat import aa, begin_combat, decide, pending_decision
from app.games.guadalcanal.combat.examples import position
from tests.games.guadalcanal.helpers import example_10, fly

HORNET_STRIKE, ENTERPRISE_STRIKE = ["us-b8", "us-t6"], ["us-b10"]


def air_step(on=True):
    """Example 10's Turn with Task Forces 16 and 17 both in Q5, Hornet's B8 and T6 and Enterprise's B10 taken off
    into their task forces' Normal Strike boxes; the Allied (Side B) Air Movement Step."""
    s = example_10()
    s["options"] = {"wave_attacks": on}
    s["task_forces"]["us-tf16"]["hex"] = "Q5"
    for u in HORNET_STRIKE:
        s["units"][u].update(box="normal_strike", location={"tf": "us-tf17"})
    for u in ENTERPRISE_STRIKE:
        s["units"][u].update(box="normal_strike", location={"tf": "us-tf16"})
    s["step"] = {"kind": "air", "side": "allied", "index": 6}
    return s


@pytest.mark.rule("13a")
def test_without_the_option_every_combat_air_unit_in_a_hex_flies_together():
    s = air_step(on=False)
    assert sorted(map(sorted, air.flights(s, "allied", "strikes"))) == [sorted(HORNET_STRIKE + ENTERPRISE_STRIKE)]
    with pytest.raises(IllegalAction, match=r"\(rule 3d2\)$"):
        rules.check(s, "allied", fly(HORNET_STRIKE, ["P4"]))


@pytest.mark.rule("13a1")
def test_strikes_from_different_task_forces_in_one_hex_fly_separately_to_different_hexes():
    s = air_step()
    strikes = sorted(map(sorted, air.flights(s, "allied", "strikes")))
    assert strikes == [sorted(ENTERPRISE_STRIKE), sorted(HORNET_STRIKE)]
    s = rules.apply(s, "allied", fly(HORNET_STRIKE, ["P4"]), ScriptedRng())
    s = rules.apply(s, "allied", fly(ENTERPRISE_STRIKE, ["Q4"]), ScriptedRng())
    where = {u: s["units"][u]["location"] for u in HORNET_STRIKE + ENTERPRISE_STRIKE}
    assert {u: loc["hex"] for u, loc in where.items()} == {"us-b8": "P4", "us-t6": "P4", "us-b10": "Q4"}
    assert where["us-b8"]["strike"] == where["us-t6"]["strike"] != where["us-b10"]["strike"]
    with pytest.raises(IllegalAction, match=r"\(rule 3d2\)$"):  # a strike's units stay together (13a1)
        rules.check(air_step(), "allied", fly(["us-b8"], ["P4"]))


@pytest.mark.rule("13a2")
def test_separate_strikes_from_one_hex_may_be_combined_into_one():
    s = air_step()
    labels = [a["label"] for a in rules.prompts(s)["allied"]["actions"]]
    assert any(label.startswith("Combined strike") for label in labels)
    both = HORNET_STRIKE + ENTERPRISE_STRIKE
    s = rules.apply(s, "allied", fly(both, ["P4"]), ScriptedRng())
    assert len({s["units"][u]["location"]["strike"] for u in both}) == 1  # one air strike, one wave (13b)
    assert air.flights(s, "allied", "strikes") == []


def battle(rolls):
    """Two Japanese strikes over Task Force 17 in P4: 1SD + 2SD (strike "a") and 1ZT (strike "b"); option 13; the
    wave dice `rolls` (a, then b); the Allies have set up (Hornet J12, Juneau J15)."""
    s = position(task_forces={"us-tf17": "P4"}, ships={"us-hornet": "us-tf17", "us-juneau": "us-tf17"},
                 air={"ij-1sd": "P4", "ij-2sd": "P4", "ij-1zt": "P4"})
    s["options"] = {"wave_attacks": True}
    for u, k in (("ij-1sd", "a"), ("ij-2sd", "a"), ("ij-1zt", "b")):
        s["units"][u]["location"]["strike"] = k
    begin_combat(s, ["P4"], ScriptedRng(list(rolls)))
    decide(s, "allied", {"verb": "set_up", "args": {"hexes": {"us-hornet": "J12", "us-juneau": "J15"},
                                                    "facing": "N"}}, ScriptedRng([]))
    return s


def waves_line(s):
    return next(x for x in s["log"] if x["text"].startswith("Waves (13b1)"))


@pytest.mark.rule("13b")
def test_separate_strikes_over_one_hex_are_distinct_waves_each_set_up_and_attacking_in_turn():
    s = battle((3, 8))  # the torpedo strike rolled higher: it attacks first
    assert s["combat"]["battles"][0]["air"] == ["ij-1zt"]
    assert pending_decision(s) == ("battle_setup_attacker", ["japanese"])
    decide(s, "japanese", {"verb": "attack", "args": {"targets": {"ij-1zt": "us-hornet"},
                                                       "approach": {"ij-1zt": "J11"}}}, ScriptedRng([]))
    # Hornet's AA misses; Juneau is out of range, so wave 1 bombs at once: a miss
    decide(s, "allied", {"verb": "fire", "args": {"guns": ["us-hornet"], "target": "ij-1zt"}},
           ScriptedRng([1, 10, 1, 10]))
    # the second wave comes in: Hornet's AA is spent for this Combat Phase (4c2)
    assert s["combat"]["battles"][0]["air"] == ["ij-1sd", "ij-2sd"]
    assert "ij-1zt" not in s["combat"]["board"]
    assert pending_decision(s) == ("battle_setup_attacker", ["japanese"])
    assert any(x["text"].startswith("The next wave attacks (13b1)") for x in s["log"])
    decide(s, "japanese", {"verb": "attack", "args": {"targets": {"ij-1sd": "us-juneau", "ij-2sd": "us-juneau"},
                                                       "approach": {}}}, ScriptedRng([]))
    assert pending_decision(s) == ("aa_combat", ["allied"])
    assert aa.guns(s) == ["us-juneau"]  # Hornet's AA was used on the first wave (4c2)
    decide(s, "allied", {"verb": "cease_fire", "args": {}}, ScriptedRng([1, 10]))  # wave 2 bombs: a miss
    assert s["combat"]["battles"][0]["fought"]
    assert s["combat"]["battles"][0]["air"] == ["ij-1sd", "ij-2sd", "ij-1zt"]  # the battle's end lists them all


@pytest.mark.rule("13b1")
def test_the_highest_roll_attacks_first_and_tied_rolls_combine_into_one_wave():
    s = battle((9, 2))
    assert waves_line(s)["data"]["waves"] == [["ij-1sd", "ij-2sd"], ["ij-1zt"]]
    s = battle((5, 5))
    assert waves_line(s)["data"]["waves"] == [["ij-1sd", "ij-2sd", "ij-1zt"]]
    assert s["combat"]["battles"][0]["air"] == ["ij-1sd", "ij-2sd", "ij-1zt"]
    assert "tied rolls combine" in waves_line(s)["text"]


@pytest.mark.rule("13b")
def test_no_later_wave_comes_in_once_the_ships_are_gone():
    s = position(task_forces={"us-tf17": "P4"}, ships={"us-hornet": "us-tf17"},
                 air={"ij-1sd": "P4", "ij-2sd": "P4", "ij-1zt": "P4"})
    s["options"] = {"wave_attacks": True}
    for u, k in (("ij-1sd", "a"), ("ij-2sd", "a"), ("ij-1zt", "b")):
        s["units"][u]["location"]["strike"] = k
    begin_combat(s, ["P4"], ScriptedRng([9, 2]))  # the dive bombers' wave first
    decide(s, "allied", {"verb": "set_up", "args": {"hexes": {"us-hornet": "J12"}, "facing": "N"}}, ScriptedRng([]))
    decide(s, "allied", {"verb": "cease_fire", "args": {}}, ScriptedRng([10, 1]))  # 20 against 4: Hornet sunk
    assert s["units"]["us-hornet"]["eliminated"]
    assert s["combat"]["battles"][0]["fought"] and s["combat"]["step"] == "over"
    assert not any(x["text"].startswith("The next wave") for x in s["log"])
    assert s["combat"]["battles"][0]["air"] == ["ij-1sd", "ij-2sd", "ij-1zt"]


def test_random_close_quarters_games_with_waves_and_the_free_roll_end():
    """From example 10's position with both carrier groups' strikes readied, random legal play under options 13 and
    11a meets waves and free roll decisions through the sequence, and every game still ends."""
    from app.engine.rng import SeededRng
    from app.engine.testing import random_action
    seen = set()
    for seed in range(30):
        players, dice = SeededRng(seed * 2 + 1), SeededRng(seed * 2)
        s = example_10()
        s["options"] = {"wave_attacks": True, "free_roll": True}
        s["free_roll"] = {"holder": "allied", "used": []}
        for u in ("us-s8", "us-b10", "us-t10", "us-s10", "ij-1sd", "ij-2sd", "ij-1zt", "ij-2zt", "ij-jd", "ij-1zd"):
            if u in s["units"]:
                s["units"][u]["box"] = "ready"
        s["task_forces"]["ij-striking-force"]["hex"] = "O2"
        s["task_forces"]["us-tf16"]["hex"] = "Q5"
        for side, h in (("japanese", "Q5"), ("allied", "N2"), ("allied", "O2")):  # both sides know where to strike
            search.answer(s, side, h, "Air search", at="test")
        for _ in range(3000):
            if rules.outcome(s) is not None:
                break
            role = players.choice(sorted(rules.prompts(s)))
            s = rules.apply(s, role, random_action(rules, s, role, players), dice)
        assert rules.outcome(s) is not None, seed
        seen |= {k for k in ("Waves (13b1)", "uses the free roll marker") if any(k in x["text"] for x in s["log"])}
    assert seen == {"Waves (13b1)", "uses the free roll marker"}
