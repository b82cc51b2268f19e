"""Option 12d, patrols and shadowing (reconstructed from 11e and 15b1: patrols.py, shadowing.py), through `apply`
with scripted dice.

Example 10's position (October 27, Turn 2, a day Turn; the Allies are Side B): the Allied scout SS takes off from
Hornet, Task Force 17 moves to P4, and SS flies to N2, where it spots the Japanese Advance Force (3d3.2)."""
from __future__ import annotations

import pytest

from app.engine.contract import SPECTATOR
from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng, SeededRng
from app.engine.testing import check_canaries, check_non_interference
from app.games.guadalcanal import rules
from tests.games.guadalcanal.helpers import example_10, fly, lines, move, play, put, sea_search, shift, step, \
    take_off

TO_N2 = ["P3", "P2", "O2", "N1", "N2"]


def at_air_return(**on):
    """Example 10 at the Allied Air Return Phase, SS over N2 having spotted the Advance Force there this Turn."""
    s = example_10()
    s["options"] = {**(s.get("options") or {}), "patrols": True, **on}
    s = play(s, "allied", take_off("us-ss"))
    s = play(s, "allied", shift())
    s = play(s, "japanese", shift())
    s = play(s, "allied", move(us_tf17="P4"))
    s = play(s, "japanese", move())
    s = play(s, "allied", fly(["us-ss"], TO_N2, ["N2"]))
    s = play(s, "allied", sea_search())
    s = play(s, "japanese", sea_search())
    assert step(s) == ("air_return", "allied")
    return s


def land_ss_or_keep(**args):
    return {"verb": "land", "args": {"landings": {}, **args}}


def to_turn_3_sea_movement(s, dice=(4, 6)):
    """The Allied Air Return order is in: Turn 3 begins (sides rolled with `dice`), both Ready Steps pass, and the
    Allies move nothing; the Japanese Sea Movement order is next."""
    assert s["time"]["turn"] == 3, "the next Turn has begun"
    s = play(s, "allied", take_off())
    s = play(s, "allied", shift())
    s = play(s, "japanese", shift())
    s = play(s, "allied", move())
    assert step(s) == ("sea", "japanese")
    return s


def shadow(s, dice=(4, 6)):
    return play(s, "allied", land_ss_or_keep(shadow=["us-ss"]), dice=dice)


@pytest.mark.rule("12d2")
def test_a_shadowing_scout_reports_the_task_force_hex_after_the_sea_movement():
    s = shadow(at_air_return())
    assert s["units"]["us-ss"]["box"] == "shadowing"
    assert any("SS stays over N2 to shadow" in t for t in lines(s, "allied"))
    assert not any("shadow" in t.lower() for t in lines(s, "japanese"))  # nothing reaches the enemy yet
    s = to_turn_3_sea_movement(s)
    s = play(s, "japanese", move(ij_advance_force="M2"))
    allied = lines(s, "allied")
    assert any(t.startswith("SS, shadowing, follows the enemy task force to M2") for t in allied)
    assert any(t.startswith("Shadowing report M2: a task force marker is spotted with") for t in allied)
    assert any(c["hex"] == "M2" for c in rules.view(s, "allied")["searchboard"]["contacts"])
    assert any(t.startswith("Allied shadowing report M2: your Advance Force is spotted") for t in lines(s, "japanese"))
    assert s["units"]["us-ss"]["box"] == "flying" and s["units"]["us-ss"]["location"]["hex"] == "M2"


@pytest.mark.rule("12d2")
def test_a_scout_that_shadowed_must_land_at_the_next_air_return():
    s = to_turn_3_sea_movement(shadow(at_air_return()))
    s = play(s, "japanese", move(ij_advance_force="M2"))
    s = play(s, "allied", sea_search())
    s = play(s, "japanese", sea_search())
    assert step(s) == ("air_return", "allied")
    args = rules.prompts(s)["allied"]["actions"][0]["args"]
    assert "us-ss" in args["landings"]["fields"] and "shadow" not in args
    with pytest.raises(IllegalAction) as e:
        rules.check(s, "allied", land_ss_or_keep(shadow=["us-ss"]))
    assert e.value.rule == "12d2"


@pytest.mark.rule("12d2")
def test_only_a_scout_over_a_task_force_spotted_this_turn_may_shadow():
    s = at_air_return()
    for where in ("M3", "K1"):  # open sea; the Vanguard Force, never spotted
        put(s, "us-ss", "flying", hex=where)
        assert "shadow" not in rules.prompts(s)["allied"]["actions"][0]["args"]
        with pytest.raises(IllegalAction) as e:
            rules.apply(s, "allied", land_ss_or_keep(shadow=["us-ss"]), ScriptedRng())
        assert e.value.rule == "12d2" and "cannot shadow" in str(e.value)


@pytest.mark.rule("12d")
def test_without_the_option_or_before_a_night_turn_every_air_unit_lands():
    s = at_air_return(patrols=False)
    assert "shadow" not in rules.prompts(s)["allied"]["actions"][0]["args"]
    with pytest.raises(IllegalAction) as e:
        rules.check(s, "allied", land_ss_or_keep(shadow=["us-ss"]))
    assert e.value.rule == "12d" and "not played" in str(e.value)
    s = at_air_return()
    s["time"]["turn"] = 5  # Turn 6 is a night Turn (3a1)
    with pytest.raises(IllegalAction) as e:
        rules.check(s, "allied", land_ss_or_keep(shadow=["us-ss"]))
    assert e.value.rule == "12d" and "night" in str(e.value)


@pytest.mark.rule("15b1")
@pytest.mark.rule("12d2")
def test_a_shadowing_scout_meets_the_cap_over_its_task_force():
    s = shadow(at_air_return(fighters=True, scout_losses=True))
    s["units"]["ij-jf"] = {"side": "japanese", "kind": "air", "type": "F", "name": "JF", "face": "front", "hits": 0,
                           "started_back": False, "box": "high_cap", "location": {"tf": "ij-advance-force"}}
    s = to_turn_3_sea_movement(s)
    s = play(s, "japanese", move(ij_advance_force="M2"), dice=(2, 6))  # 6 = 3 x 2: eliminated
    said = [t for t in lines(s, "allied") if "fighters on CAP in M2" in t]
    assert said == [("SS meet Japanese fighters on CAP in M2: scout roll 2, CAP roll 6: SS eliminated (after "
                     "searching the hex, 15b2) (15b1).")]
    assert any(t.startswith("Shadowing report M2: a task force marker is spotted") for t in lines(s, "allied"))
    assert s["units"]["us-ss"]["box"] == "eliminated"


def with_fighter_over_tf17(**on):
    s = at_air_return(fighters=True, **on)
    s["units"]["us-1f10"] = {"side": "allied", "kind": "air", "type": "F", "name": "1F10", "face": "front",
                             "hits": 0, "started_back": False, "box": "flying",
                             "location": {"hex": "P4", "from": "P4"}}
    return s


@pytest.mark.rule("12d")
def test_a_fighter_marked_to_patrol_stays_on_cap_through_the_next_turn():
    s = with_fighter_over_tf17()
    args = rules.prompts(s)["allied"]["actions"][0]["args"]
    assert list(args["patrol"]["fields"]) == ["us-1f10"] and args["patrol"]["fields"]["us-1f10"]["label"] == "1F10 patrol"
    s = play(s, "allied", {"verb": "land", "args": {"landings": {"us-ss": "us-henderson"},
                                                    "patrol": {"us-1f10": "high"}}}, dice=(4, 6))
    assert s["units"]["us-1f10"]["box"] == "high_cap"
    assert s["units"]["us-1f10"]["location"]["tf"] == "us-tf17"
    assert any("1F10 is marked to patrol: it stays in the High CAP box of Task Force 17" in t
               for t in lines(s, "allied"))
    assert any("1F10 is marked to patrol" in t for t in lines(s, "japanese"))  # the open card (2c)
    s = to_turn_3_sea_movement(s)
    assert s["units"]["us-1f10"]["box"] == "high_cap"  # still on CAP in the next Turn's Action Phase
    s = play(s, "japanese", move())
    s = play(s, "allied", sea_search())
    s = play(s, "japanese", sea_search())
    assert step(s) == ("air_return", "allied")  # the Combat Phase is over: the CAP flies back (14)
    assert s["units"]["us-1f10"]["box"] == "flying"
    assert "us-1f10" in rules.prompts(s)["allied"]["actions"][0]["args"]["landings"]["fields"]


@pytest.mark.rule("12d")
def test_only_fighters_over_a_friendly_task_force_or_base_may_patrol():
    s = with_fighter_over_tf17()
    s["units"]["us-1f10"]["location"]["hex"] = "P3"  # open sea
    assert "patrol" not in rules.prompts(s)["allied"]["actions"][0]["args"]
    with pytest.raises(IllegalAction) as e:
        rules.check(s, "allied", {"verb": "land", "args": {"landings": {"us-ss": "us-henderson"},
                                                          "patrol": {"us-1f10": "low"}}})
    assert e.value.rule == "12d" and "cannot patrol" in str(e.value)
    s = with_fighter_over_tf17()
    s["units"]["us-ss"]["location"]["hex"] = "P4"  # a scout over Task Force 17 too
    with pytest.raises(IllegalAction) as e:  # a scout is not a fighter: the CAP boxes are the fighters' (14)
        rules.check(s, "allied", {"verb": "land", "args": {"landings": {"us-1f10": "us-hornet"},
                                                          "patrol": {"us-ss": "low"}}})
    assert e.value.rule == "12d"


@pytest.mark.rule("12d")
def test_a_unit_must_land_patrol_or_shadow_and_not_two_of_them():
    s = with_fighter_over_tf17()
    with pytest.raises(IllegalAction) as e:
        rules.check(s, "allied", {"verb": "land", "args": {"landings": {"us-ss": "us-henderson",
                                                                        "us-1f10": "us-hornet"},
                                                          "patrol": {"us-1f10": "low"}}})
    assert e.value.rule == "12d"
    with pytest.raises(IllegalAction) as e:  # SS neither lands nor shadows
        rules.check(s, "allied", {"verb": "land", "args": {"landings": {}, "patrol": {"us-1f10": "low"}}})
    assert e.value.rule == "5"


@pytest.mark.rule("12d2")
@pytest.mark.parametrize("umpired", [False, True])
def test_patrols_and_shadowers_leak_nothing_to_the_enemy_or_a_spectator(umpired):
    s = with_fighter_over_tf17()
    s = play(s, "allied", {"verb": "land", "args": {"landings": {}, "shadow": ["us-ss"],
                                                    "patrol": {"us-1f10": "low"}}}, dice=(4, 6))
    shadowing_now = to_turn_3_sea_movement(s)
    reported = play(shadowing_now, "japanese", move(ij_advance_force="M2"))
    for state in (s, shadowing_now, reported):
        state["umpired"], state["open_cards"] = umpired, not umpired
        for role in ("allied", "japanese", SPECTATOR):
            check_non_interference(rules, state, role, SeededRng(3))
            check_canaries(rules, state, role)
    assert "shadowing" in rules.view(shadowing_now, "allied")["cards"]["allied"]


@pytest.mark.rule("12d")
def test_the_computer_player_answers_a_landing_that_offers_patrols_and_shadowing_legally():
    s = with_fighter_over_tf17()
    assert {"patrol", "shadow"} <= set(rules.prompts(s)["allied"]["actions"][0]["args"])
    for seed in range(5):
        order = rules.bots["allied"](rules.view(s, "allied"), rules.prompts(s)["allied"], SeededRng(seed))
        rules.check(s, "allied", order)
        random_order = rules.decision(s).random(s, "allied", SeededRng(seed))
        rules.check(s, "allied", random_order)


@pytest.mark.rule("12d")
def test_a_patrol_whose_task_force_is_gone_flies_back_from_where_it_was_marked():
    from app.games.guadalcanal.combat import air_play
    s = play(with_fighter_over_tf17(), "allied", {"verb": "land", "args": {"landings": {"us-ss": "us-henderson"},
                                                                           "patrol": {"us-1f10": "high"}}},
             dice=(4, 6))
    s["task_forces"]["us-tf17"]["hex"] = None  # its ships all sunk in the next Turn's battles
    air_play.cap_returns(s)
    assert s["units"]["us-1f10"]["box"] == "flying" and s["units"]["us-1f10"]["location"]["hex"] == "P4"
