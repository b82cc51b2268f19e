"""Option 11b: aircraft damage on damaged base and ship units. At the end of the Combat Phase each air unit in the
Arming or Ready box of a ship or base hit or flipped in it is checked by a competitive roll: the air unit's owner
defends with +2 On Board (11b1) or +3 On Ground (11b2), the opponent attacks with nothing; a scout ignores a hit and
is eliminated at two times (11b3); an eliminated ship or base takes its air units with it (11b4)."""
from __future__ import annotations

import pytest

from app.engine.rng import ScriptedRng
from app.games.guadalcanal.combat import begin_combat, decide, pending_decision
from app.games.guadalcanal.combat.examples import position

KEEP = {"verb": "keep", "args": {}}


def lines(s, combat="aircraft_damage"):
    return [x for x in s["log"] if (x.get("data") or {}).get("combat") == combat]


def strike(aboard, on=True, bombing_dice=(1, 5), umpired=False):
    """A Japanese dive bomber (1SD) on Hornet in P4, Hornet carrying `aboard`; the bombing roll is `bombing_dice`
    (1 and 5: 1+5+4 against 5+3 = 10 against 8, one hit). Returns the state waiting on the Allied reorganisation."""
    s = position(task_forces={"us-tf17": "P4"}, ships={"us-hornet": "us-tf17"}, air={"ij-1sd": "P4"},
                 aboard=aboard)
    s["options"] = {"aircraft_damage": on}
    if umpired:
        s["umpired"], s["open_cards"] = True, False
    rng = ScriptedRng([])
    begin_combat(s, ["P4"], rng)
    decide(s, "allied", {"verb": "set_up", "args": {"hexes": {"us-hornet": "J12"}, "facing": "N"}}, rng)
    assert pending_decision(s) == ("aa_combat", ["allied"])  # one bomber, one target: its set-up is forced (4a3)
    decide(s, "allied", {"verb": "cease_fire", "args": {}}, ScriptedRng(list(bombing_dice)))
    return s


def end_phase(s, *dice):
    assert pending_decision(s) == ("reorganise", ["allied"])
    rng = ScriptedRng(list(dice))
    decide(s, "allied", KEEP, rng)
    assert rng.remaining == 0, "every scripted die is rolled"
    return s


@pytest.mark.rule("11b")
def test_a_damaged_carriers_aircraft_in_arming_and_ready_are_checked_at_the_end_of_the_combat_phase():
    s = strike({"us-s8": ("us-hornet", "ready"), "us-b8": ("us-hornet", "arming")})
    assert s["units"]["us-hornet"]["hits"] == 1  # the bombing hit Hornet
    assert lines(s) == []  # nothing checked before the end of the Combat Phase
    end_phase(s, 5, 1, 2, 5)  # S8: 5 against 1+2=3, a hit; B8: 2 against 5+2=7, a miss
    checked = {x["data"]["air"]: x["data"]["result"] for x in lines(s)}
    assert checked == {"us-s8": "hit", "us-b8": "miss"}
    assert s["units"]["us-s8"]["hits"] == 1 and s["units"]["us-b8"]["hits"] == 0
    assert s["combat"]["step"] == "over"
    assert all(x["to"] == "public" for x in lines(s))  # open Operations Cards (2c): everyone watches


@pytest.mark.rule("11b")
def test_no_check_when_the_option_is_off_or_the_carrier_was_missed():
    s = end_phase(strike({"us-s8": ("us-hornet", "ready")}, on=False))
    assert lines(s) == []
    s = end_phase(strike({"us-s8": ("us-hornet", "ready")}, bombing_dice=(1, 10)))  # 10 against 13: a miss
    assert s["units"]["us-hornet"]["hits"] == 0 and lines(s) == []


@pytest.mark.rule("11b")
def test_in_umpired_play_only_the_owner_and_the_umpire_learn_of_the_check():
    s = end_phase(strike({"us-s8": ("us-hornet", "ready")}, umpired=True), 9, 1)
    (line,) = lines(s)
    assert line["to"] == "allied" and line["data"]["result"] == "eliminate"


@pytest.mark.rule("11b1")
def test_on_board_a_ship_the_defender_adds_two_and_the_attacker_nothing():
    s = end_phase(strike({"us-s8": ("us-hornet", "ready")}), 6, 2)  # 6+0 against 2+2=4: a hit, not a flip
    (d,) = [x["data"] for x in lines(s)]
    assert (d["attacker_number"], d["defender_number"], d["result"]) == (6, 4, "hit")
    s = end_phase(strike({"us-s8": ("us-hornet", "ready")}), 6, 1)  # 6 against 3: two times, flipped
    assert s["units"]["us-s8"]["face"] == "back"


@pytest.mark.rule("11b2")
def test_on_the_ground_at_a_base_the_defender_adds_three():
    s = position(bases={"us-henderson": "N6"}, air={"ij-1sd": "N6"}, aboard={"us-b8": ("us-henderson", "arming")})
    s["options"] = {"aircraft_damage": True}
    begin_combat(s, ["N6"], ScriptedRng([]))  # a lone base is set up by itself (4a1); the bomber goes on it
    decide(s, "allied", {"verb": "cease_fire", "args": {}}, ScriptedRng([2, 1, 6, 1]))  # 7 against 5: base hit; then B8
    assert s["units"]["us-henderson"]["hits"] == 1
    (d,) = [x["data"] for x in lines(s)]
    assert (d["attacker_number"], d["defender_number"], d["result"]) == (6, 4, "hit")


@pytest.mark.rule("11b3")
def test_a_scout_ignores_a_hit_and_is_eliminated_at_two_times():
    # a scout in the Ready box gives no +4 (4d3.3): 4+5 against 5+3 hits Hornet
    s = end_phase(strike({"us-vv": ("us-hornet", "ready")}, bombing_dice=(4, 5)), 5, 1)  # 5 against 3: a hit
    assert s["units"]["us-vv"]["hits"] == 0 and lines(s)[0]["data"]["result"] == "miss"
    s = end_phase(strike({"us-vv": ("us-hornet", "ready")}, bombing_dice=(4, 5)), 6, 1)  # two times: eliminated
    assert s["units"]["us-vv"]["eliminated"] and lines(s)[0]["data"]["result"] == "eliminate"


@pytest.mark.rule("11b4")
def test_aircraft_of_an_eliminated_ship_are_eliminated_with_it_without_a_check():
    s = strike({"us-s8": ("us-hornet", "ready")}, bombing_dice=(10, 1))  # 19 against 4: eliminated
    assert s["units"]["us-hornet"]["eliminated"] and s["units"]["us-s8"]["eliminated"]
    assert pending_decision(s) is None  # no Allied ship left to reorganise; the phase is over
    assert lines(s) == []
