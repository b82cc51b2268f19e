"""Option 15c, creating new scout air units (reconstructed from the printed list of counters by class): in the Ready
Step a front-side combat air unit of a listed class is flipped to its back side, and the next free scout counter of
its class joins the same ship or base, in its Arming box, within the capacity.

Example 10's position: Hornet (capacity 8) carries B8 (carrier D), T6 (carrier T), S8, SS and VV; Henderson carries
the land-based dive bombers SB141 and S71."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction
from app.games.guadalcanal import cards, new_scouts, rules
from tests.games.guadalcanal.helpers import example_10, lines, play, put, take_off


def at_ready_step(**on):
    s = example_10()
    s["options"] = {**(s.get("options") or {}), "new_scouts": True, **on}
    s["units"]["us-sb141"]["face"] = "front"  # it starts on its back side in Scenario 1 (7b2)
    return play(s, "allied", take_off())


def shift(to_ready=(), new_scouts=()):
    return {"verb": "shift", "args": {"to_ready": list(to_ready), "to_arming": [], "new_scouts": list(new_scouts)}}


@pytest.mark.rule("15c")
def test_a_land_based_dive_bomber_is_flipped_and_gives_scout_qq():
    s = at_ready_step()
    offered = rules.prompts(s)["allied"]["actions"][0]["args"]["new_scouts"]["each"]["choices"]
    assert "us-sb141" in offered and "us-ss" not in offered  # combat units only, not scouts
    s = play(s, "allied", shift(new_scouts=["us-sb141"]))
    assert s["units"]["us-sb141"]["face"] == "back"
    qq = s["units"]["us-qq"]
    assert (qq["type"], qq["box"], qq["location"], qq["face"]) == ("S", "arming", {"area": "us-henderson"}, "front")
    said = "SB141 is flipped to its back side and gives the new scout QQ in the Arming box of Henderson (15c)."
    assert said in lines(s, "allied")
    assert f"Allied Operations Card: {said}" in lines(s, "japanese")
    s["units"]["us-sb141"]["face"] = "front"
    assert "us-sb141" not in new_scouts.candidates(s, "allied")  # QQ was the only land-based D scout


@pytest.mark.rule("15c")
def test_the_scout_letters_follow_the_class_and_skip_those_in_play():
    s = at_ready_step()
    s = play(s, "allied", shift(new_scouts=["us-b8", "us-t6"]))
    # Hornet's carrier D gives RR-TT: SS is already Hornet's scout and RR Enterprise's, so TT; carrier T: UU and VV
    # are in play, so WW
    assert s["units"]["us-tt"]["location"] == {"area": "us-hornet"}
    assert s["units"]["us-ww"]["location"] == {"area": "us-hornet"}
    assert s["units"]["us-b8"]["face"] == s["units"]["us-t6"]["face"] == "back"


@pytest.mark.rule("15c")
def test_refused_without_room_a_free_counter_or_a_front_side():
    s = at_ready_step()
    s["units"]["us-b8"]["face"] = "back"
    with pytest.raises(IllegalAction, match="front-side combat air units"):
        play(s, "allied", shift(new_scouts=["us-b8"]))
    s = at_ready_step()
    with pytest.raises(IllegalAction, match="front-side combat air units"):
        play(s, "allied", shift(new_scouts=["us-ss"]))
    japan = play(s, "allied", shift())
    with pytest.raises(IllegalAction, match="Only 3 scout counters of that class are free"):  # FF, GG, HH (EE in play)
        play(japan, "japanese", shift(new_scouts=["ij-jt", "ij-1st", "ij-2st", "ij-1zt"]))
    with pytest.raises(IllegalAction, match="only with option 15c"):
        play(play(example_10(), "allied", take_off()), "allied", shift(new_scouts=["us-b8"]))
    for u in ("us-b10", "us-s10", "us-t10"):  # Hornet's capacity is 8: now full
        put(s, u, "arming", area="us-hornet")
    assert cards.capacity(s, "us-hornet") == len(cards.aboard(s, "us-hornet"))
    with pytest.raises(IllegalAction, match="room for 0 more air units"):
        play(s, "allied", shift(new_scouts=["us-b8"]))
