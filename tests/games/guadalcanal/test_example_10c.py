"""Example 10b2 (Battle Manual), the battle in hex P4 (the digest's cases X10c): the Allied ships shoot at the Japanese
strike, then Japan bombs Hornet (an anvil torpedo attack, then dive bombing with S8 in Hornet's Ready box) and
Pensacola. Replayed roll for roll after battle N2 (test_example_10b), through the same functions as real games."""
from __future__ import annotations

import pytest

from app.engine.rng import ScriptedRng
from app.games.guadalcanal.combat import combat_over, decide, pending_decision
from app.games.guadalcanal.combat.examples import example_10_state
from tests.games.guadalcanal.test_example_10b import combats, play_n2

N2_DICE = [6, 5, 2, 7, 4, 6, 6, 3]
# P4: AA 7/4 (1ZT), 6/6 (2SD); torpedo 3/4; dive on Hornet 3/7; dive on Pensacola 3/5
P4_DICE = [7, 4, 6, 6, 3, 4, 3, 7, 3, 5]

# The diagram is not transcribed: Hornet faces north in J12, so its bow quarters are I12 and K12, where 1ZT and 2ZT
# come in (the anvil, 4d3.1); every other ship is within 3 hexes of 1ZT.
P4_SETUP = {"verb": "set_up", "args": {"hexes": {"us-hornet": "J12", "us-juneau": "H13", "us-pensacola": "J14",
                                                 "us-dd6": "L13"}, "facing": "N"}}
P4_ATTACK = {"verb": "attack", "args": {
    "targets": {"ij-1zt": "us-hornet", "ij-2zt": "us-hornet", "ij-2sd": "us-hornet", "ij-1sd": "us-pensacola"},
    "approach": {"ij-1zt": "I12", "ij-2zt": "K12"}}}


def play_p4(state, rng, dive_first=False):
    decide(state, "allied", P4_SETUP, rng)
    decide(state, "japanese", P4_ATTACK, rng)
    decide(state, "allied", {"verb": "fire", "args": {"guns": ["us-juneau", "us-pensacola", "us-dd6"],
                                                      "target": "ij-1zt"}}, rng)
    decide(state, "allied", {"verb": "fire", "args": {"guns": ["us-hornet"], "target": "ij-2sd"}}, rng)
    first, second = ("us-hornet:dive", "us-hornet:torpedo") if dive_first else ("us-hornet:torpedo", "us-hornet:dive")
    decide(state, "japanese", {"verb": "bomb", "args": {"combat": first}}, rng)
    decide(state, "japanese", {"verb": "bomb", "args": {"combat": second}}, rng)
    return state  # Pensacola's dive bombing, the last combat, needs no choice


def whole_example(ready=("us-s8", "us-vv")):
    """Battle N2 then battle P4, with `ready` in Hornet's Ready box (the 4d3.3 remark moves S8 out)."""
    rng = ScriptedRng(N2_DICE + P4_DICE)
    state = play_p4(play_n2(rng, example_10_state(ready_on_hornet=ready)), rng)
    assert rng.remaining == 0
    return state


@pytest.mark.rule("10b2")
@pytest.mark.rule("4c2")
def test_battle_p4_anti_aircraft_combats():
    aa = combats(whole_example())[4:6]
    # Juneau + Pensacola + DD #6 = +7 against 1ZT's defense 1: 7+7 = 14 against 4+1 = 5, two times: flipped
    assert aa[0] == (["us-juneau", "us-pensacola", "us-dd6"], "ij-1zt", 7, 1, 14, 5, "flip")
    # Hornet +4 against 2SD's defense 1: 6+4 = 10 against 6+1 = 7, one hit
    assert aa[1] == (["us-hornet"], "ij-2sd", 4, 1, 10, 7, "hit")


@pytest.mark.rule("10b2")
@pytest.mark.rule("4d3.1")
def test_battle_p4_anvil_torpedo_attack_flips_hornet():
    torpedo = combats(whole_example())[6]
    # 1ZT flipped (bombing 3) + 2ZT 6 + anvil 3 = +12. The example prints +11 and 3+11 = 14 (digest R1): the data
    # give 12, and 3+12 = 15 against 4+3 = 7 is still two times but not three: Hornet is flipped either way.
    assert torpedo == (["ij-1zt", "ij-2zt"], "us-hornet", 12, 3, 15, 7, "flip")
    line = next(x for x in whole_example()["log"]
                if x.get("data", {}).get("combat") == "torpedo" and x["data"]["target"] == "us-hornet")
    assert line["data"]["modifiers"] == {"bombing": 9, "anvil": 3}


@pytest.mark.rule("10b2")
@pytest.mark.rule("4d3.3")
def test_battle_p4_dive_bombing_with_a_combat_unit_in_hornets_ready_box():
    dive = combats(whole_example())[7]
    # 2SD's hit lowers its bombing 5 to 4; +4 for S8 in Hornet's Ready box = +8 against Hornet's back 2:
    # 3+8 = 11 against 7+2 = 9, one hit
    assert dive == (["ij-2sd"], "us-hornet", 8, 2, 11, 9, "hit")


@pytest.mark.rule("4d3.3")
def test_only_a_scout_in_the_ready_box_gives_no_dive_modifier():
    # 10b2: "if only the VV air unit, which is a scout, was in the Ready box there would be no effect"
    dive = combats(whole_example(ready=("us-vv",)))[7]
    assert dive == (["ij-2sd"], "us-hornet", 4, 2, 7, 9, "miss")


@pytest.mark.rule("10b2")
def test_battle_p4_pensacola_equal_numbers_is_a_miss():
    last = combats(whole_example())[8]
    assert last == (["ij-1sd"], "us-pensacola", 5, 3, 8, 8, "miss")


@pytest.mark.rule("10b2")
@pytest.mark.rule("4e1")
def test_battle_p4_ends_and_the_phase_reorganises():
    state = whole_example()
    u = state["units"]
    # Hornet (back, 1 hit), Juneau, Pensacola and DD #6 back in TF 17; 1ZT (back) and 2SD (1 hit) in P4
    assert (u["us-hornet"]["face"], u["us-hornet"]["hits"]) == ("back", 1)
    assert all(u[s]["location"] == {"tf": "us-tf17"} for s in ("us-hornet", "us-juneau", "us-pensacola", "us-dd6"))
    assert (u["ij-1zt"]["face"], u["ij-1zt"]["location"]) == ("back", {"hex": "P4"})
    assert (u["ij-2sd"]["hits"], u["ij-2sd"]["location"]) == (1, {"hex": "P4"})
    # Side B (the Allies) reorganises first, then Side A
    assert pending_decision(state) == ("reorganise", ["allied"])
    decide(state, "allied", {"verb": "keep", "args": {}}, ScriptedRng([]))
    assert pending_decision(state) == ("reorganise", ["japanese"])
    decide(state, "japanese", {"verb": "keep", "args": {}}, ScriptedRng([]))
    assert combat_over(state) and pending_decision(state) is None
