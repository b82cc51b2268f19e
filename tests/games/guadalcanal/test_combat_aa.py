"""4c: anti-aircraft combat. The ship/base side attacks and chooses; range 3 (4c1); factors add, each unit's AA once
per Combat Phase, -2 against high level and -1 against medium level bombing (4c2); the air unit adds its defense
(4c3)."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.guadalcanal.combat import begin_combat, decide, pending_decision
from app.games.guadalcanal.combat.examples import position


def fights(s):
    return [x["data"] for x in s["log"] if "result" in x.get("data", {})]


def battle_at_p4(air, ships=("us-hornet", "us-juneau", "us-dd6"), hexes=None, targets=None, approach=None):
    """Japanese bombers over TF 17: Hornet in J12 facing north, Juneau J14, DD #6 far off in B12."""
    s = position(task_forces={"us-tf17": "P4"}, ships={x: "us-tf17" for x in ships}, air={a: "P4" for a in air})
    rng = ScriptedRng([])
    begin_combat(s, ["P4"], rng)
    decide(s, "allied", {"verb": "set_up", "args": {
        "hexes": hexes or {"us-hornet": "J12", "us-juneau": "J14", "us-dd6": "B12"}, "facing": "N"}}, rng)
    decide(s, "japanese", {"verb": "attack", "args": {"targets": targets or {a: "us-hornet" for a in air},
                                                      "approach": approach or {}}}, rng)
    return s


def fire(s, guns, target, *dice):
    return decide(s, "allied", {"verb": "fire", "args": {"guns": guns, "target": target}}, ScriptedRng(list(dice)))


def refused(call, rule):
    with pytest.raises(IllegalAction) as e:
        call()
    assert e.value.rule == rule


@pytest.mark.rule("4c")
def test_the_ship_side_fires_and_the_air_side_may_not():
    s = battle_at_p4(["ij-1sd"])
    assert pending_decision(s) == ("aa_combat", ["allied"])
    refused(lambda: decide(s, "japanese", {"verb": "fire", "args": {"guns": ["us-hornet"], "target": "ij-1sd"}},
                           ScriptedRng([])), "4")


@pytest.mark.rule("4c1")
def test_range_is_three_battleboard_hexes():
    s = battle_at_p4(["ij-1sd"])
    refused(lambda: fire(s, ["us-dd6"], "ij-1sd", 5, 5), "4c1")  # B12 is 8 hexes from Hornet's J12
    fire(s, ["us-juneau"], "ij-1sd", 5, 5)  # J14 is 2 hexes from J12
    assert fights(s)[0]["guns"] == ["us-juneau"]


@pytest.mark.rule("4c2")
def test_factors_add_and_each_unit_fires_once_per_combat_phase():
    s = battle_at_p4(["ij-1sd", "ij-2sd"], targets={"ij-1sd": "us-hornet", "ij-2sd": "us-juneau"},
                     hexes={"us-hornet": "J12", "us-juneau": "J14", "us-dd6": "L13"})
    fire(s, ["us-hornet", "us-juneau"], "ij-1sd", 1, 10)  # 4 + 4 = +8
    assert fights(s)[0]["attacker_total"] == 8
    refused(lambda: fire(s, ["us-hornet"], "ij-2sd", 5, 5), "4c2")
    refused(lambda: fire(s, ["us-dd6", "us-juneau"], "ij-2sd", 5, 5), "4c2")
    fire(s, ["us-dd6"], "ij-2sd", 5, 5)
    # every gun has fired: the bombing follows at once
    assert pending_decision(s) == ("bombing_combat", ["japanese"])


@pytest.mark.rule("4c2")
def test_a_gun_out_of_range_of_everything_leaves_the_aa_step():
    s = battle_at_p4(["ij-1sd", "ij-2sd"], targets={"ij-1sd": "us-hornet", "ij-2sd": "us-juneau"})
    fire(s, ["us-hornet", "us-juneau"], "ij-1sd", 1, 10)
    # DD #6 in B12 reaches no air unit, so nothing is left to decide in the AA step
    assert pending_decision(s) == ("bombing_combat", ["japanese"])


def japanese_ship_attacked_by(air):
    s = position(task_forces={"ij-advance-force": "N2"}, ships={"ij-kongo": "ij-advance-force"}, air={air: "N2"})
    begin_combat(s, ["N2"], ScriptedRng([]))
    decide(s, "japanese", {"verb": "set_up", "args": {"hexes": {"ij-kongo": "J12"}, "facing": "N"}}, ScriptedRng([]))
    return s


@pytest.mark.rule("4c2.1")
def test_minus_two_against_high_level_bombing():
    s = japanese_ship_attacked_by("us-bg5")
    # Kongo AA 2 - 2 = 0 against the B-17's defense 3; then the B-17 bombs, the one combat left
    decide(s, "japanese", {"verb": "fire", "args": {"guns": ["ij-kongo"], "target": "us-bg5"}},
           ScriptedRng([5, 1, 5, 5]))
    f = fights(s)[0]
    assert (f["attacker_total"], f["defender_total"], f["attacker_number"]) == (0, 3, 5)


@pytest.mark.rule("4c2.2")
def test_minus_one_against_medium_level_bombing_and_t_units_attacking_a_base():
    s = position(bases={"us-henderson": "N6"}, air={"ij-ks": "N6"})
    begin_combat(s, ["N6"], ScriptedRng([]))
    fire(s, ["us-henderson"], "ij-ks", 5, 5, 5, 5)  # AA, then the Betty's bombing
    f = fights(s)[0]
    assert (f["attacker_total"], f["defender_total"]) == (3 - 1, 2)  # Henderson AA 3 against a Betty bombing a base
    s = japanese_ship_attacked_by("us-bg42")
    decide(s, "japanese", {"verb": "fire", "args": {"guns": ["ij-kongo"], "target": "us-bg42"}},
           ScriptedRng([5, 5, 5, 5]))
    assert fights(s)[0]["attacker_total"] == 2 - 1  # the B-26 (M) bombs at medium level


@pytest.mark.rule("4c3")
def test_the_air_unit_adds_only_its_current_defense():
    s = battle_at_p4(["ij-1zt", "ij-2zt"], approach={"ij-1zt": "I12", "ij-2zt": "K12"})
    fire(s, ["us-juneau"], "ij-1zt", 5, 2)  # 5+4 = 9 against 2+1 = 3: three times, eliminated
    assert fights(s)[0]["result"] == "eliminate" and s["units"]["ij-1zt"]["eliminated"]
    assert "ij-1zt" not in s["combat"]["board"]  # shot down before it could bomb
    s["units"]["ij-2zt"]["hits"] = 1
    fire(s, ["us-hornet"], "ij-2zt", 5, 5, 5, 5)  # then 2ZT's torpedo run, the one combat left
    assert fights(s)[1]["defender_total"] == 0  # Kate defense 1, less one hit


@pytest.mark.rule("4c")
def test_the_ship_side_may_stop_firing():
    s = battle_at_p4(["ij-1sd", "ij-2sd"], targets={"ij-1sd": "us-hornet", "ij-2sd": "us-juneau"})
    decide(s, "allied", {"verb": "cease_fire", "args": {}}, ScriptedRng([]))
    assert pending_decision(s) == ("bombing_combat", ["japanese"])


@pytest.mark.rule("4b1")
def test_one_combat_has_one_target_even_in_a_stack():
    s = battle_at_p4(["ij-1sd", "ij-2sd"], targets={"ij-1sd": "us-hornet", "ij-2sd": "us-hornet"},
                     hexes={"us-hornet": "J12", "us-juneau": "J14", "us-dd6": "L13"})
    fire(s, ["us-hornet"], "ij-1sd", 10, 1)  # 10 + 4 = 14 against 1 + 1 = 2: eliminated
    assert s["units"]["ij-1sd"]["eliminated"] and not s["units"]["ij-2sd"].get("eliminated")
    assert s["units"]["ij-2sd"]["hits"] == 0  # stacked with it on Hornet, untouched


@pytest.mark.rule("4b2")
def test_a_zero_factor_takes_part_and_adds_nothing():
    s = position(task_forces={"ij-reinforcement-group": "J4"}, ships={"ij-ap1": "ij-reinforcement-group"},
                 air={"us-b6": "J4"})
    begin_combat(s, ["J4"], ScriptedRng([]))
    decide(s, "japanese", {"verb": "set_up", "args": {"hexes": {"ij-ap1": "J12"}, "facing": "N"}}, ScriptedRng([]))
    decide(s, "japanese", {"verb": "fire", "args": {"guns": ["ij-ap1"], "target": "us-b6"}},
           ScriptedRng([10, 1]))  # the AP's AA 0: 10 + 0 = 10 against 1 + 2 = 3, three times
    assert (fights(s)[0]["attacker_total"], fights(s)[0]["result"]) == (0, "eliminate")


# --- the battle's AA as one order (issue 34) -----------------------------------------------------------------------

def prompt_of(s):
    from app.games.guadalcanal.combat.aa import prompt
    return prompt(s, "allied")


@pytest.mark.rule("4c1")
def test_each_gun_is_offered_only_the_air_units_in_its_range_and_defaults_to_the_nearest():
    """Hornet (J12) and Juneau (J14) reach both bombers; DD #6 far off in B12 reaches neither and is not asked."""
    s = battle_at_p4(["ij-1sd", "ij-2sd"], targets={"ij-1sd": "us-hornet", "ij-2sd": "us-juneau"})
    p = prompt_of(s)
    (order,) = [a for a in p["actions"] if a["verb"] == "fire_all"]
    per_gun = order["args"]["targets"]["fields"]
    assert set(per_gun) == {"us-hornet", "us-juneau"}
    assert per_gun["us-hornet"]["labels"][-1] == "Hold fire" and "Hornet" in per_gun["us-hornet"]["label"]
    assert p["info"]["default"]["targets"] == {"us-hornet": "ij-1sd", "us-juneau": "ij-2sd"}


@pytest.mark.rule("4c2")
def test_one_order_fires_every_gun_the_guns_at_one_target_together_then_the_bombing_follows():
    s = battle_at_p4(["ij-1sd", "ij-2sd"], targets={"ij-1sd": "us-hornet", "ij-2sd": "us-juneau"},
                     hexes={"us-hornet": "J12", "us-juneau": "J14", "us-dd6": "L13"})
    decide(s, "allied", {"verb": "fire_all", "args": {"targets": {
        "us-hornet": "ij-1sd", "us-juneau": "ij-1sd", "us-dd6": "ij-2sd"}}}, ScriptedRng([1, 10, 5, 5]))
    assert [(f["guns"], f["target"]) for f in fights(s)] == [(["us-hornet", "us-juneau"], "ij-1sd"),
                                                            (["us-dd6"], "ij-2sd")]
    assert fights(s)[0]["attacker_total"] == 8  # 4 + 4, one combat
    assert pending_decision(s) == ("bombing_combat", ["japanese"])


@pytest.mark.rule("4c1")
def test_the_one_order_refuses_a_gun_out_of_range_of_its_target():
    s = battle_at_p4(["ij-1sd"])
    refused(lambda: decide(s, "allied", {"verb": "fire_all", "args": {"targets": {
        "us-juneau": "ij-1sd", "us-dd6": "ij-1sd"}}}, ScriptedRng([5, 5])), "4c1")


@pytest.mark.rule("4c")
def test_guns_held_do_not_fire_and_the_battle_goes_on_to_the_bombing():
    s = battle_at_p4(["ij-1sd", "ij-2sd"], targets={"ij-1sd": "us-hornet", "ij-2sd": "us-juneau"})
    decide(s, "allied", {"verb": "fire_all", "args": {"targets": {"us-hornet": "hold", "us-juneau": "ij-1sd"}}},
           ScriptedRng([5, 5]))
    assert [f["guns"] for f in fights(s)] == [["us-juneau"]]
    assert pending_decision(s) == ("bombing_combat", ["japanese"])
