"""Option 12b-12c, the Max. Strike box (reconstructed from 2c's NOTE and 13a1): a ship or base spots a deck load of
up to two times its launch factor in its Max. Strike box at the Assembly Step; it waits there on deck and takes off
at the next day Turn's Assembly Step, outside the launch factor, as a strike of its own (13a1).

Example 10's position: Hornet (launch 4) in Task Force 17 has B8, T6 and the scout SS in its Ready box."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction
from app.games.guadalcanal import air, rules
from app.games.guadalcanal.combat import bombing, damage
from tests.games.guadalcanal.helpers import example_10, lines, play, put

AT_ASSEMBLY = "Action Phase, Assembly Step (3a, 12b)"


def game(**on):
    s = example_10()
    s["options"] = {**(s.get("options") or {}), "max_strike": True, **on}
    return s


def spot(units=(), max_strike=()):
    return {"verb": "take_off", "args": {"units": list(units), "max_strike": list(max_strike)}}


@pytest.mark.rule("12b")
def test_a_deck_load_is_spotted_in_the_max_strike_box_and_stays_aboard_this_turn():
    prompt = rules.prompts(game())["allied"]
    offered = prompt["actions"][0]["args"]["max_strike"]["each"]["choices"]
    assert sorted(offered) == ["us-b8", "us-t6"]  # combat air units in Ready boxes, not the scout SS
    s = play(game(), "allied", spot(["us-ss"], ["us-b8", "us-t6"]))
    assert s["units"]["us-b8"]["box"] == s["units"]["us-t6"]["box"] == "max_strike"
    assert s["units"]["us-b8"]["location"] == {"area": "us-hornet"}  # still On Board
    hornet = next(a for a in rules.view(s, "allied")["cards"]["allied"]["areas"] if a["id"] == "us-hornet")
    assert [u["name"] for u in hornet["max_strike"]] == ["B8", "T6"]
    assert air.flights(s, "allied", None) == [["us-ss"]]  # only the scout flies this Turn
    said = ("B8, T6 are spotted in the Max. Strike box of Hornet: they take off at the next day Turn's Assembly "
            "Step (12b, reconstructed).")
    assert said in lines(s, "allied")
    assert f"Allied Operations Card: {said}" in lines(s, "japanese")  # the enemy watches the card (2c)


@pytest.mark.rule("12b")
def test_the_deck_load_takes_off_next_turn_outside_the_launch_factor():
    s = game()
    for u in ("us-b8", "us-t6"):  # spotted in an earlier Turn
        s["units"][u]["box"] = "max_strike"
    for u in ("us-s8", "us-vv"):
        s["units"][u]["box"] = "ready"
    put(s, "us-b10", "ready", area="us-hornet")
    put(s, "us-s10", "ready", area="us-hornet")
    s = play(s, "allied", spot(["us-ss", "us-s8", "us-vv", "us-b10"]))  # Hornet's whole launch factor, 4
    assert all(s["units"][u]["box"] == "normal_strike" for u in ("us-b8", "us-t6", "us-ss", "us-b10"))
    assert s["units"]["us-b8"]["location"] == {"tf": "us-tf17", "from": "us-hornet", "strike": "max"}
    assert ("Max. Strike: B8, T6 take off from Hornet for Task Force 17, outside the launch factor (12b, "
            "reconstructed).") in lines(s, "allied")


@pytest.mark.rule("12b")
def test_the_max_strike_box_holds_two_launch_factors_and_only_combat_units_by_day():
    s = game()
    s["units"]["us-hornet"]["face"] = "back"  # launch 2 (10b: Hornet's launch 4/2): the box holds 4
    for u in ("us-b10", "us-s10", "us-s8"):
        put(s, u, "ready", area="us-hornet")
    with pytest.raises(IllegalAction, match="holds at most 4 air units"):
        play(s, "allied", spot([], ["us-b8", "us-t6", "us-b10", "us-s10", "us-s8"]))
    with pytest.raises(IllegalAction, match="not scouts"):
        play(game(), "allied", spot([], ["us-ss"]))
    with pytest.raises(IllegalAction, match="not both"):
        play(game(), "allied", spot(["us-b8"], ["us-b8"]))
    with pytest.raises(IllegalAction, match="only with option 12b"):
        play(example_10(), "allied", spot([], ["us-b8"]))
    s = play(s, "allied", spot([], ["us-b8", "us-t6", "us-b10", "us-s10"]))  # 4 is allowed
    assert sum(1 for r in s["units"].values() if r["box"] == "max_strike") == 4


@pytest.mark.rule("13a1")
def test_with_wave_attacks_the_max_strike_flies_apart_from_the_normal_strike():
    s = game(wave_attacks=True)
    s["units"]["us-b8"]["box"] = "max_strike"  # spotted last Turn
    s = play(s, "allied", spot(["us-t6"]))
    assert sorted(air.flights(s, "allied", "strikes")) == [["us-b8"], ["us-t6"]]
    s = game()  # without option 13 the strikes from one hex fly together (3d2)
    s["units"]["us-b8"]["box"] = "max_strike"
    s = play(s, "allied", spot(["us-t6"]))
    assert [sorted(f) for f in air.flights(s, "allied", "strikes")] == [["us-b8", "us-t6"]]


@pytest.mark.rule("12b")
def test_a_deck_load_on_deck_is_lost_with_its_ship_and_draws_the_dive_bombing_bonus():
    s = game()
    s["units"]["us-t6"]["box"] = "arming"
    s = play(s, "allied", spot([], ["us-b8"]))  # Hornet's Ready box is empty now
    assert "us-b8" in damage.carried(s, "us-hornet")  # 4b5: lost with Hornet
    assert bombing.ready_combat_air(s, "us-hornet") == ["us-b8"]  # 4d3.3's +4: aircraft on deck


@pytest.mark.rule("12b")
def test_the_computer_player_answers_legally_with_options_12b_and_15c_on():
    from tests.games.guadalcanal.test_bots import play as bots  # bots on both sides; every bot order is checked
    end = bots("1", 3, ("allied", "japanese"), {"max_strike": True, "new_scouts": True, "wave_attacks": True})
    assert end["outcome"] is not None and end["options"]["max_strike"] and end["options"]["new_scouts"]
