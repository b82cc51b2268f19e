"""Option 14, fighters and air combats: the set-up (14a-14a3), the modifiers (14b), the escorts' and CAP's attacks
(14d, example 14d replayed roll for roll), breakthroughs (14e) with the reconstructed High and Low CAP (14c,
data/options.toml [fighters]). Dice are written attacker / defender, as the example prints them."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.guadalcanal import options
from app.games.guadalcanal.combat import air_combat as ac

US, IJ = "allied", "japanese"


def unit(side: str, face: str = "front") -> dict:
    return {"side": side, "face": face, "hits": 0, "location": {"hex": "N2"}, "box": "flying"}


def position(**extra: dict) -> dict:
    """Example 14d's fighters: the Allied escorts 1F6, 2F6 (back) and 1F5 over the Japanese CAP 1RF and 2SF."""
    us = {u: unit(US) for u in ("us-1f6", "us-1f5", "us-b8", "us-t6")}
    us["us-2f6"] = unit(US, "back")
    ij = {u: unit(IJ) for u in ("ij-1rf", "ij-2sf", "ij-1zf", "ij-2zf")}
    return {"units": {**us, **ij, **extra}}


ESCORTS = ["us-1f6", "us-2f6", "us-1f5"]
CAP_BOX = {"ij-1rf": ac.HIGH, "ij-2sf": ac.LOW}
FACED = {"ij-1rf": "us-1f6", "ij-2sf": "us-1f5"}
JOINED = {"us-2f6": "ij-1rf"}


def example_set_up(state):
    return ac.set_up(state, ESCORTS, CAP_BOX, FACED, JOINED)


@pytest.mark.rule("14d1")
@pytest.mark.rule("14d2")
@pytest.mark.rule("14b")
def test_example_14d_replayed():
    s = position()
    air = example_set_up(s)
    assert air["combats"] == [{"escorts": ["us-1f6", "us-2f6"], "cap": ["ij-1rf"]},
                              {"escorts": ["us-1f5"], "cap": ["ij-2sf"]}]
    rng = ScriptedRng((1, 3, 8, 2, 7, 4))
    x1 = ac.attack(s, air, rng, ["us-1f6", "us-2f6"], "ij-1rf")
    assert (x1["attacker_total"], x1["defender_total"], x1["attacker_number"], x1["defender_number"]) == (9, 2, 10, 5)
    assert x1["result"] == "flip" and s["units"]["ij-1rf"]["face"] == "back"
    x2 = ac.attack(s, air, rng, ["us-1f5"], "ij-2sf")
    assert (x2["attacker_total"], x2["defender_total"], x2["attacker_number"], x2["defender_number"]) == (6, 2, 14, 4)
    assert s["units"]["ij-2sf"]["eliminated"]
    assert ac.freed(s, air) == ["us-1f5"]  # 14d1: 1F5 may be placed at once as a strafer
    ac.end_phase(air)
    assert ac.can_attack(s, air) == ["ij-1rf"]  # 2SF is gone; only 1RF attacks (X14-4)
    with pytest.raises(IllegalAction, match="14d"):  # 1F5 is no longer in an individual combat: not attacked
        ac.attack(s, air, ScriptedRng(), ["ij-1rf"], "us-1f5")
    x3 = ac.attack(s, air, rng, ["ij-1rf"], "us-2f6")
    assert (x3["attacker_total"], x3["defender_total"], x3["attacker_number"], x3["defender_number"]) == (3, 1, 10, 5)
    assert s["units"]["us-2f6"]["eliminated"] and x3["seen"] == ["2F6 eliminated"]
    assert rng.remaining == 0


@pytest.mark.rule("14d")
def test_each_fighter_attacks_once_and_escorts_first():
    s = position()
    air = example_set_up(s)
    with pytest.raises(IllegalAction, match="14d1"):  # the CAP does not attack in the escorts' phase
        ac.attack(s, air, ScriptedRng(), ["ij-1rf"], "us-1f6")
    ac.attack(s, air, ScriptedRng((1, 9)), ["us-1f6"], "ij-1rf")  # a miss
    with pytest.raises(IllegalAction, match="attacked already"):
        ac.attack(s, air, ScriptedRng(), ["us-1f6"], "ij-1rf")
    with pytest.raises(IllegalAction, match="its individual combat"):  # 2F6's combat is 1RF's, not 2SF's
        ac.attack(s, air, ScriptedRng(), ["us-2f6"], "ij-2sf")
    assert s["units"]["ij-1rf"]["face"] == "front"


@pytest.mark.rule("14d1")
def test_an_escort_whose_opponent_is_gone_no_longer_fights():
    s = position()
    air = example_set_up(s)
    ac.attack(s, air, ScriptedRng((10, 1)), ["us-1f6"], "ij-1rf")  # 16 vs 3: 1RF eliminated
    assert s["units"]["ij-1rf"]["eliminated"]
    assert ac.can_attack(s, air) == ["us-1f5"]  # 2F6's combat is over before it attacks
    with pytest.raises(IllegalAction, match="14d"):
        ac.attack(s, air, ScriptedRng(), ["us-2f6"], "ij-1rf")
    assert ac.freed(s, air) == ["us-1f6", "us-2f6"]


@pytest.mark.rule("14a")
def test_no_cap_no_air_combat():
    s = position()
    air = ac.set_up(s, ESCORTS, {}, {}, strafers=["us-1f5"])
    assert air["combats"] == [] and air["phase"] == ac.BREAKTHROUGH and air["strafers"] == ["us-1f5"]
    with pytest.raises(IllegalAction, match="14a"):
        ac.set_up(s, ESCORTS, {}, {"ij-1rf": "us-1f6"})


@pytest.mark.rule("14a2")
def test_every_cap_fighter_must_fight():
    s = position()
    with pytest.raises(IllegalAction, match="must face one escort"):
        ac.set_up(s, ESCORTS, CAP_BOX, {"ij-1rf": "us-1f6"})
    with pytest.raises(IllegalAction, match="14a2"):  # an escort cannot fly CAP against its own side
        ac.set_up(s, ["us-1f6"], {"us-1f5": ac.HIGH}, {"us-1f5": "us-1f6"})


@pytest.mark.rule("14a2.1")
def test_a_cap_fighter_faces_an_escort():
    s = position()
    with pytest.raises(IllegalAction, match="14a2.1"):
        ac.set_up(s, ESCORTS, CAP_BOX, {"ij-1rf": "us-b8", "ij-2sf": "us-1f5"})


@pytest.mark.rule("14a2.2")
def test_each_escort_gets_a_cap_fighter_if_possible():
    s = position()
    cap = {"ij-1rf": ac.HIGH, "ij-2sf": ac.HIGH, "ij-1zf": ac.LOW}
    with pytest.raises(IllegalAction, match="14a2.2"):  # three CAP, three escorts: 1F5 left without one
        ac.set_up(s, ESCORTS, cap, {"ij-1rf": "us-1f6", "ij-2sf": "us-2f6", "ij-1zf": "us-2f6"})
    with pytest.raises(IllegalAction, match="14a2.2"):  # two CAP, three escorts: no stacking
        ac.set_up(s, ESCORTS, CAP_BOX, {"ij-1rf": "us-1f6", "ij-2sf": "us-1f6"})
    cap["ij-2zf"] = ac.LOW  # four CAP on three escorts: the excess stacks
    air = ac.set_up(s, ESCORTS, cap, {"ij-1rf": "us-1f6", "ij-2sf": "us-2f6", "ij-1zf": "us-1f5",
                                      "ij-2zf": "us-1f5"})
    assert air["combats"][2] == {"escorts": ["us-1f5"], "cap": ["ij-1zf", "ij-2zf"]}


@pytest.mark.rule("14a3")
def test_excess_escorts_join_strafe_or_stay_out():
    s = position()
    air = ac.set_up(s, ESCORTS, CAP_BOX, FACED, strafers=["us-2f6"])
    assert air["strafers"] == ["us-2f6"] and air["combats"][0]["escorts"] == ["us-1f6"]
    with pytest.raises(IllegalAction, match="14a3"):  # 1F5 faces a CAP fighter: it is not left over
        ac.set_up(s, ESCORTS, CAP_BOX, FACED, {"us-1f5": "ij-1rf"})
    with pytest.raises(IllegalAction, match="14a3"):
        ac.set_up(s, ESCORTS, CAP_BOX, FACED, strafers=["us-1f6"])


@pytest.mark.rule("14e")
def test_breakthrough_after_the_only_escort_is_eliminated():
    s = position()
    air = ac.set_up(s, ["us-1f5"], {"ij-1rf": ac.HIGH, "ij-2sf": ac.HIGH}, {"ij-1rf": "us-1f5", "ij-2sf": "us-1f5"})
    ac.attack(s, air, ScriptedRng((1, 9)), ["us-1f5"], "ij-1rf")  # a miss
    ac.end_phase(air)
    with pytest.raises(IllegalAction, match="14e"):  # not before the CAP has attacked
        ac.break_through(s, air, ScriptedRng(), ["ij-1rf"], "us-b8", ["us-b8"])
    x = ac.attack(s, air, ScriptedRng((9, 1)), ["ij-1rf", "ij-2sf"], "us-1f5")  # 7+7=14, +9: 23 vs 3
    assert x["attacker_total"] == 14 and s["units"]["us-1f5"]["eliminated"]
    ac.end_phase(air)
    assert ac.breaking_through(s, air) == ["ij-1rf", "ij-2sf"]
    b = ac.break_through(s, air, ScriptedRng((5, 5)), ["ij-1rf"], "us-b8", ["us-b8", "us-t6"])
    assert b["rule"] == "14e" and b["defender_total"] == 2 and b["result"] == "hit"  # B8 defends 2 (10b)
    assert s["units"]["us-b8"]["hits"] == 1
    with pytest.raises(IllegalAction, match="one more air combat"):
        ac.break_through(s, air, ScriptedRng(), ["ij-1rf"], "us-b8", ["us-b8", "us-t6"])


@pytest.mark.rule("14e")
def test_no_breakthrough_while_an_escort_survives_and_all_without_escorts():
    s = position()
    air = example_set_up(s)
    ac.end_phase(air)
    ac.end_phase(air)
    assert ac.breaking_through(s, air) == []
    with pytest.raises(IllegalAction, match="14e"):
        ac.break_through(s, air, ScriptedRng(), ["ij-1rf"], "us-b8", ["us-b8"])
    none = ac.set_up(s, [], CAP_BOX, {})
    assert ac.breaking_through(s, none) == ["ij-1rf", "ij-2sf"]


@pytest.mark.rule("14c")
def test_high_cap_meets_high_bombers_low_cap_torpedo_bombers():
    s = position()
    air = ac.set_up(s, [], CAP_BOX, {}, strafers=[])
    air["strafers"] = ["us-1f5"]
    bombers = ["us-b8", "us-t6"]
    with pytest.raises(IllegalAction, match="14c"):  # 1RF flies High CAP: not against the torpedo bomber T6
        ac.break_through(s, air, ScriptedRng(), ["ij-1rf"], "us-t6", bombers)
    with pytest.raises(IllegalAction, match="14c"):  # 2SF flies Low CAP: not against the dive bomber B8
        ac.break_through(s, air, ScriptedRng(), ["ij-2sf"], "us-b8", bombers)
    assert ac.break_through(s, air, ScriptedRng((1, 9)), ["ij-2sf"], "us-t6", bombers)["result"] == "miss"
    assert ac.break_through(s, air, ScriptedRng((1, 9)), ["ij-1rf"], "us-1f5", bombers)["target"] == "us-1f5"
    # the values are data, reconstructed with provenance
    v = options.table()["fighters"]
    assert v["high_cap_targets_provenance"].startswith("reconstructed: 14c")
    assert v["low_cap_targets"] == ["T", "strafer"]


@pytest.mark.rule("14d1")
def test_a_freed_escort_may_strafe():
    s = position()
    air = example_set_up(s)
    with pytest.raises(IllegalAction, match="14d1"):
        ac.strafe(s, air, "us-1f5")
    ac.attack(s, air, ScriptedRng((8, 2)), ["us-1f5"], "ij-2sf")
    ac.strafe(s, air, "us-1f5")
    assert air["strafers"] == ["us-1f5"]


@pytest.mark.rule("14f")
def test_strafing_silences_half_the_strafers_air_combat_factor():
    s = position(**{"us-hornet": unit(US), "ij-junyo": unit(IJ), "us-2f5": unit(US)})
    air = ac.set_up(s, ["us-1f5", "us-2f5"], {}, {}, strafers=["us-1f5", "us-2f5"])
    assert ac.aa_factor(s, air, "ij-junyo") == 3  # Junyo AA 3 (10b), nobody strafing yet
    with pytest.raises(IllegalAction, match="within 3"):
        ac.strafe_at(s, air, "us-1f5", "J11", "ij-junyo", "J15")
    with pytest.raises(IllegalAction, match="enemy ship or base"):
        ac.strafe_at(s, air, "us-1f5", "J11", "us-hornet", "J12")
    with pytest.raises(IllegalAction, match="set up to strafe"):
        ac.strafe_at(s, air, "us-1f6", "J11", "ij-junyo", "J12")
    ac.strafe_at(s, air, "us-1f5", "J11", "ij-junyo", "J14")
    assert ac.aa_factor(s, air, "ij-junyo") == 0  # 3 - 6 // 2, never below 0
    s["units"]["us-1f5"]["face"] = "back"  # a breakthrough flipped it: air combat 3, silences 1
    assert ac.aa_factor(s, air, "ij-junyo") == 2
    v = options.table()["fighters"]
    assert (v["strafe_range"], v["strafe_divisor"]) == (3, 2)
    assert v["strafe_divisor_provenance"].startswith("reconstructed: 14f")
