"""4a: battle set-up. Bombers only (4a), the base near the centre (4a1), ships one per hex with one facing and room
around them (4a2), D/H/M stacked on the target and T beside a ship pointing at it or on top of a base (4a3)."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.guadalcanal.combat import begin_combat, decide, pending_decision
from app.games.guadalcanal.combat.battle import battle, board
from app.games.guadalcanal.combat.examples import position


def strike_on_tf17(air=("ij-1sd", "ij-1zt"), ships=("us-hornet", "us-juneau"), second_tf=False):
    tfs = {"us-tf17": "P4", **({"us-tf16": "P4"} if second_tf else {})}
    ship_tf = {s: "us-tf17" for s in ships}
    if second_tf:
        ship_tf["us-enterprise"] = "us-tf16"
    s = position(task_forces=tfs, ships=ship_tf, air={a: "P4" for a in air} | {"ij-1sf": "P4", "ij-aa": "P4"})
    begin_combat(s, ["P4"], ScriptedRng([]))
    return s


def set_up(s, hexes, facing="N"):
    return decide(s, "allied", {"verb": "set_up", "args": {"hexes": hexes, "facing": facing}}, ScriptedRng([]))


def refused(call, rule):
    with pytest.raises(IllegalAction) as e:
        call()
    assert e.value.rule == rule
    return e.value.message


@pytest.mark.rule("4a")
def test_only_bombers_fight_fighters_and_scouts_stay_on_the_searchboard():
    s = strike_on_tf17()
    assert battle(s)["air"] == ["ij-1sd", "ij-1zt"]  # not the fighter 1SF, not the scout AA
    assert pending_decision(s) == ("battle_setup_defender", ["allied"])


@pytest.mark.rule("4a1")
def test_a_lone_base_goes_to_the_centre_without_a_decision():
    s = position(bases={"us-henderson": "N6"}, air={"ij-ks": "N6", "ij-ag2d": "N6"})
    begin_combat(s, ["N6"], ScriptedRng([]))
    assert board(s)["us-henderson"]["hex"] == "J11"
    # one target and no torpedo run to place: the bombers go on top of it at once (4a3.1, 4a3.2), AA is next
    assert board(s)["ij-ks"]["hex"] == board(s)["ij-ag2d"]["hex"] == "J11"
    assert pending_decision(s) == ("aa_combat", ["allied"])


@pytest.mark.rule("4a1")
def test_a_base_with_friendly_ships_is_set_up_like_a_ship():
    s = position(bases={"us-henderson": "N6"}, task_forces={"us-tf67": "N6"}, ships={"us-atlanta": "us-tf67"},
                 air={"ij-ks": "N6"})
    begin_combat(s, ["N6"], ScriptedRng([]))
    refused(lambda: set_up(s, {"us-atlanta": "J11"}), "4a2")
    set_up(s, {"us-atlanta": "J11", "us-henderson": "J14"})
    assert board(s)["us-henderson"]["hex"] == "J14"


@pytest.mark.rule("4a2")
def test_ships_of_every_task_force_in_the_hex_set_up_one_facing():
    s = strike_on_tf17(second_tf=True)
    assert sorted(battle(s)["ships"]) == ["us-enterprise", "us-hornet", "us-juneau"]
    set_up(s, {"us-hornet": "J12", "us-juneau": "H13", "us-enterprise": "L12"}, facing="SE")
    assert {board(s)[u]["facing"] for u in ("us-hornet", "us-juneau", "us-enterprise")} == {"SE"}


@pytest.mark.rule("4a2")
def test_one_unit_per_hex_and_an_empty_hex_around_every_unit():
    s = strike_on_tf17()
    assert "both in J12" in refused(lambda: set_up(s, {"us-hornet": "J12", "us-juneau": "J12"}), "4a2")
    assert "touches" in refused(lambda: set_up(s, {"us-hornet": "J12", "us-juneau": "J13"}), "4a2")
    assert "edge" in refused(lambda: set_up(s, {"us-hornet": "A12", "us-juneau": "J13"}), "4a2")
    assert "too" in refused(lambda: set_up(s, {"us-hornet": "J12"}), "4a2")
    assert s["combat"]["board"] == {}  # a refused set-up changes nothing
    set_up(s, {"us-hornet": "J12", "us-juneau": "J14"})
    assert pending_decision(s) == ("battle_setup_attacker", ["japanese"])


def attack(s, targets, approach):
    return decide(s, "japanese", {"verb": "attack", "args": {"targets": targets, "approach": approach}},
                  ScriptedRng([]))


@pytest.mark.rule("4a3.1")
def test_dive_bombers_are_stacked_on_their_target():
    s = strike_on_tf17()
    set_up(s, {"us-hornet": "J12", "us-juneau": "J14"})
    refused(lambda: attack(s, {"ij-1sd": "us-juneau", "ij-1zt": "us-hornet"},
                           {"ij-1sd": "J15", "ij-1zt": "J11"}), "4a3.1")
    attack(s, {"ij-1sd": "us-juneau", "ij-1zt": "us-hornet"}, {"ij-1zt": "J11"})
    assert board(s)["ij-1sd"] == {"hex": "J14", "target": "us-juneau", "facing": None}


@pytest.mark.rule("4a3.2")
def test_torpedo_bombers_go_beside_the_ship_pointing_at_it():
    s = strike_on_tf17()
    set_up(s, {"us-hornet": "J12", "us-juneau": "J14"})
    targets = {"ij-1sd": "us-juneau", "ij-1zt": "us-hornet"}
    assert "beside" in refused(lambda: attack(s, targets, {}), "4a3.2")
    refused(lambda: attack(s, targets, {"ij-1zt": "J10"}), "4a3.2")  # two hexes away
    attack(s, targets, {"ij-1zt": "K12"})
    # K12 lies north-east of J12 (odd columns sit half a hex south), so 1ZT points south-west at Hornet
    assert board(s)["ij-1zt"] == {"hex": "K12", "target": "us-hornet", "facing": "SW"}


@pytest.mark.rule("4a3.2")
def test_torpedo_bombers_stacked_together_face_the_same_way():
    s = strike_on_tf17(air=("ij-1zt", "ij-2zt"), ships=("us-hornet", "us-juneau"))
    set_up(s, {"us-hornet": "J12", "us-juneau": "L12"})  # K12 touches both
    refused(lambda: attack(s, {"ij-1zt": "us-hornet", "ij-2zt": "us-juneau"},
                           {"ij-1zt": "K12", "ij-2zt": "K12"}), "4a3.2")
    attack(s, {"ij-1zt": "us-hornet", "ij-2zt": "us-hornet"}, {"ij-1zt": "K12", "ij-2zt": "K12"})
    assert board(s)["ij-1zt"]["facing"] == board(s)["ij-2zt"]["facing"]


@pytest.mark.rule("4a3.2")
def test_torpedo_bombers_attacking_a_base_bomb_from_on_top():
    s = position(bases={"us-henderson": "N6"}, task_forces={"us-tf67": "N6"}, ships={"us-atlanta": "us-tf67"},
                 air={"ij-ks": "N6"})
    begin_combat(s, ["N6"], ScriptedRng([]))
    set_up(s, {"us-atlanta": "J11", "us-henderson": "J14"})
    refused(lambda: attack(s, {"ij-ks": "us-henderson"}, {"ij-ks": "J15"}), "4a3.1")
    attack(s, {"ij-ks": "us-henderson"}, {})
    assert board(s)["ij-ks"]["hex"] == "J14"


@pytest.mark.rule("3d4")
def test_every_bomber_of_the_strike_must_attack():
    s = strike_on_tf17()
    set_up(s, {"us-hornet": "J12", "us-juneau": "J14"})
    refused(lambda: attack(s, {"ij-1zt": "us-hornet"}, {"ij-1zt": "J11"}), "3d4")
    refused(lambda: decide(s, "allied", {"verb": "attack", "args": {"targets": {}, "approach": {}}},
                           ScriptedRng([])), "4")
