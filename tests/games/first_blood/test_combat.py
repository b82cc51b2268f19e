"""Ground combat through `apply` (§7): odds and terrain from the printed figures, results with scripted dice,
retreats, advances, compulsory combat, artillery, shore bombardment and air support."""
import pytest

from app.engine.errors import IllegalAction
from app.games.first_blood import board, rules, sequence
from app.games.first_blood.combat import odds_column, strengths

from .helpers import act, fought, last, position, units_by_hex, where


def attack(s, role, attackers, targets, dice=(), support=(), advance=False, retreat=None, after=()):
    """An attack (every unit named under every defending hex); a retreat it calls for is answered with `retreat`
    ({unit: hex}) or the missed order's hexes, with `after` the dice of what the walk does next."""
    s = act(s, role, "attack", dice, units=units_by_hex(attackers, targets, support), advance=advance)
    if sequence.kind(s) == "retreat":
        side = next(iter(rules.prompts(s)))
        s = act(s, side, "retreat", after, moves=retreat or rules.default_action(s, side)["args"]["moves"])
    return s


# A second engagement nobody has fought, far from the one a test reads, so the combat phase is still open after it: a
# side with nothing left to attack has its phase ended by the walk (records.py `again`/`needed`).
STILL_TO_FIGHT = {"us-1-3": "0110", "ij-4-2": "0210"}

# Fig. 6: US 5-CF units in 0705, 0706, 0707; IJ 4-CF units in 0604, 0605, 0606.
FIG6 = {"us-1-1": "0705", "us-1-2": "0706", "us-1-3": "0707", "ij-124-1": "0604", "ij-124-3": "0605",
        "ij-4-2": "0606"}


@pytest.mark.rule("§7")
def test_fb_x8_figure_6_left_one_on_one_at_1_1():
    s = position("combat", "us", units=FIG6)
    for a, t in (("us-1-1", "0604"), ("us-1-2", "0605"), ("us-1-3", "0606")):
        assert odds_column(**{k.lower(): v for k, v in strengths(s, [a], [t], []).items()}) == "1:1"
        s = attack(s, "us", [a], [t], dice=[4])  # Table 10, 1:1, 4: EX
        assert "1:1, die 4 = 4: EX" in fought(s)


@pytest.mark.rule("§7")
def test_fb_x9_figure_6_right_one_unit_against_two_hexes_and_two_against_one():
    s = position("combat", "us", units=FIG6)
    s = attack(s, "us", ["us-1-1"], ["0604", "0605"], dice=[6])
    assert "5 against 8; 1:2, die 6 = 6: DR" in fought(s)
    s = attack(s, "us", ["us-1-2", "us-1-3"], ["0606"], dice=[1])
    assert "10 against 4; 2:1, die 1 = 1: A1" in fought(s)


@pytest.mark.rule("§7.1")
def test_fb_x10_figure_7_left_river_doubles_and_jungle_subtracts():
    s = position("combat", "ij", units={"ij-124-1": "0710", "ij-124-3": "0810", "us-1-1": "0809"})
    # the IJ has nothing left to attack after it, so the walk goes on to the supply phase and its die (§9)
    s = attack(s, "ij", ["ij-124-1", "ij-124-3"], ["0809"], dice=[6], after=[6])
    assert "8 against 10; 1:2, die 6 -1 jungle (§7.1) = 5: A1" in fought(s)


@pytest.mark.rule("§7.1")
def test_fb_x11_figure_7_right_ridge_doubles_one_hex_and_jungle_applies_to_the_combat():
    s = position("combat", "us", units={"us-1-1": "0606", "us-1-2": "0606", "us-1-3": "0606", "ij-124-1": "0506",
                                        "ij-124-3": "0507"})
    s = attack(s, "us", ["us-1-1", "us-1-2", "us-1-3"], ["0506", "0507"], dice=[5])
    assert "15 against 12; 1:1, die 5 -1 jungle (§7.1) = 4: EX" in fought(s)


@pytest.mark.rule("§7.1")
def test_fb_x12_the_split_attack_both_at_1_1_only_the_jungle_one_with_minus_1():
    s = position("combat", "us", units={"us-1-1": "0606", "us-1-2": "0606", "us-1-3": "0606", "ij-124-1": "0506",
                                        "ij-124-3": "0507"})
    s = attack(s, "us", ["us-1-1"], ["0506"], dice=[5])
    assert "5 against 4; 1:1, die 5 -1 jungle (§7.1) = 4: EX" in fought(s)
    s = attack(s, "us", ["us-1-2", "us-1-3"], ["0507"], dice=[5])
    assert "10 against 8; 1:1, die 5 = 5: DR" in fought(s)


@pytest.mark.rule("§7.6")
@pytest.mark.parametrize("d,column", [(7, "1:1"), (12, "1:1"), (13, "1:2"), (24, "1:2"), (5, "2:1"), (6, "2:1"),
                                      (4, "3:1"), (3, "3:1"), (25, None)])
def test_fb_x14_odds_for_an_attack_of_12(d, column):
    assert odds_column(12, d) == column


@pytest.mark.rule("§7.6")
def test_worse_than_1_2_eliminates_the_attackers_without_a_roll_and_4_1_adds_one():
    s = position("combat", "ij", units={"ij-11con": "0605", "us-1-1": "0604", "us-1-2": "0604"})
    s = attack(s, "ij", ["ij-11con"], ["0604"], dice=[1])  # 1 against 10: no die is rolled (1: the supply roll)
    assert where(s, "ij-11con") == "eliminated" and "without a roll" in fought(s)
    s = position("combat", "us", units={"us-1-1": "0705", "us-1-2": "0705", "us-1-3": "0705", "ij-11con": "0604"})
    s = attack(s, "us", ["us-1-1", "us-1-2", "us-1-3"], ["0604"], dice=[4])
    assert "3:1, die 4 +1 odds 4:1 or better (§7.6) = 5: DE" in fought(s)


@pytest.mark.rule("§7.7")
def test_a_de_lets_the_attackers_advance_and_an_ij_advance_onto_a_strip_destroys_it():
    s = position("combat", "ij", units={"ij-124-1": "0608", "ij-124-3": "0608", "ij-4-2": "0608",
                                        "us-1pio": "0708"}, air={"vmsb-231": "strip:0708"})
    s = attack(s, "ij", ["ij-124-1", "ij-124-3", "ij-4-2"], ["0708"], dice=[6, 1], advance=True)  # 1: supply
    assert "3:1, die 6 +1 odds 4:1 or better (§7.6) = 6: DE" in fought(s)
    assert where(s, "us-1pio") == "eliminated" and where(s, "ij-124-1") == "hex:0708"
    assert s["strips"]["0708"]["status"] == "dest" and s["air"]["vmsb-231"]["loc"] == "eliminated"


@pytest.mark.rule("§7.9")
def test_a_retreat_goes_one_hex_away_out_of_enemy_zoc():
    s = position("combat", "us", units={"us-1-1": "0604", "ij-124-1": "0605"})
    s = attack(s, "us", ["us-1-1"], ["0605"], dice=[5])  # 5 v 4, 1:1, 5: DR
    assert ": DR" in fought(s)
    assert where(s, "ij-124-1") in ("hex:0606", "hex:0506", "hex:0706")  # not 0505/0705, next to 0604


@pytest.mark.rule("§7.9")
def test_a_unit_that_can_only_retreat_into_enemy_zoc_or_across_a_river_is_eliminated():
    s = position("combat", "us", units={"us-1-1": "0604", "us-1-2": "0606", "ij-124-1": "0605"})
    s = attack(s, "us", ["us-1-1"], ["0605"], dice=[5])
    assert where(s, "ij-124-1") == "eliminated" and "no retreat" in fought(s)
    s = position("combat", "us", units={"us-1-1": "0708", "us-1-2": "0808", "ij-124-1": "0709"})
    s = attack(s, "us", ["us-1-1"], ["0709"], dice=[5])  # 0710 and 0609 are across the Lunga, the rest in US ZOC
    assert where(s, "ij-124-1") == "eliminated" and "no retreat" in fought(s)


@pytest.mark.rule("§7.7")
def test_an_exchange_costs_each_side_one_unit_and_the_other_defenders_retreat():
    s = position("combat", "us", units={"us-1-1": "0604", "us-1-2": "0604", "ij-124-1": "0605", "ij-124-3": "0605"})
    s = attack(s, "us", ["us-1-1", "us-1-2"], ["0605"], dice=[4])  # 10 v 8, 1:1, 4: EX (alike units: no choice)
    assert [where(s, u) for u in ("us-1-1", "us-1-2", "ij-124-1")] == ["eliminated", "hex:0604", "eliminated"]
    assert where(s, "ij-124-3") not in ("hex:0605", "eliminated")


@pytest.mark.rule("§7")
def test_combat_is_compulsory_and_each_hex_is_attacked_once():
    s = position("combat", "us", units=FIG6)
    with pytest.raises(IllegalAction, match="compulsory"):
        act(s, "us", "end_combat")
    s = attack(s, "us", ["us-1-1"], ["0604"], dice=[2])  # 1:1, 2: A1
    with pytest.raises(IllegalAction, match="already"):
        attack(s, "us", ["us-1-2"], ["0604"], dice=[3])
    with pytest.raises(IllegalAction, match="not adjacent"):
        attack(s, "us", ["us-1-3"], ["0605"], dice=[3])


@pytest.mark.rule("§7.5")
def test_remote_fire_is_capped_at_twice_the_other_attackers_and_needs_range():
    s = position("combat", "us", units={"us-1am": "0705", "us-11-2": "0707", "us-11-5": "0708",
                                        "ij-124-1": "0604"})
    s = attack(s, "us", ["us-1am"], ["0604"], support=["us-11-2", "us-11-5"], dice=[1])
    assert "6 against 4" in fought(s)  # 2 + min(3 + 4, 2 * 2)
    far = position("combat", "us", units={"us-1am": "0705", "us-11-2": "1009", "ij-124-1": "0604"})
    with pytest.raises(IllegalAction) as e:
        attack(far, "us", ["us-1am"], ["0604"], support=["us-11-2"], dice=[1])
    assert e.value.rule == "§7.5"


@pytest.mark.rule("§7.3")
def test_shore_bombardment_adds_two_per_destroyer_which_is_then_spent():
    s = position("movement", "ij", units={"ij-124-1": "0605", "us-1-1": "0604"},
                 air={"ij-destroyer-1-1": "ijn_attack", "ij-destroyer-1-2": "ijn_attack"})
    s = act(s, "ij", "support", on={"ij-destroyer-1-1": "0604"})
    s = act(s, "ij", "support", on={"ij-destroyer-1-2": "0604"})
    s = act(s, "ij", "end_movement")
    assert s["step"]["kind"] == "combat"
    s = attack(s, "ij", ["ij-124-1"], ["0604"], dice=[1, 1])  # the second: the supply roll, no loss
    assert "1:2, die 1 +4 2 destroyer(s) (§7.3) = 5: A1" in fought(s)
    assert s["air"]["ij-destroyer-1-1"]["loc"] == "eliminated" == s["air"]["ij-destroyer-1-2"]["loc"]


@pytest.mark.rule("§7.4")
def test_air_support_adds_one_per_bomber_which_returns_to_ground_attack():
    s = position("movement", "us", units={"us-1-1": "0604", "ij-124-1": "0605", **STILL_TO_FIGHT},
                 air={"vmsb-231": "ground_attack"})
    s = act(s, "us", "support", on={"vmsb-231": "0605"})
    s = act(s, "us", "end_movement")
    s = attack(s, "us", ["us-1-1"], ["0605"], dice=[4])
    assert "1:1, die 4 +1 1 bomber(s) (§7.4) = 5: DR" in fought(s)
    assert s["air"]["vmsb-231"]["loc"] == "ground_attack" and s["air"]["vmsb-231"]["target"] is None


@pytest.mark.rule("§7.7")
def test_the_losing_side_chooses_its_casualties_when_its_units_differ():
    s = position("combat", "us", units={"us-1-1": "0604", "ij-124-1": "0605", "ij-11con": "0605", **STILL_TO_FIGHT})
    s = attack(s, "us", ["us-1-1"], ["0605"], dice=[4])  # 5 v 5, 1:1, 4: EX; the IJ picks which unit dies
    assert list(rules.prompts(s)) == ["ij"] and "the IJ chooses 1 unit(s) to lose" in last(s)
    with pytest.raises(IllegalAction) as e:
        act(s, "ij", "lose", units=["us-1-1"])
    assert e.value.rule == "§7.7"
    s = act(s, "ij", "lose", units=["ij-124-1"])
    assert where(s, "ij-124-1") == "eliminated" and where(s, "us-1-1") == "eliminated"
    assert list(rules.prompts(s)) == ["ij"] and sequence.kind(s) == "retreat"  # §7.9: the IJ retreats its unit
    s = act(s, "ij", "retreat", moves={"ij-11con": "0705"})
    assert where(s, "ij-11con") == "hex:0705"
    assert list(rules.prompts(s)) == ["us"] and sequence.kind(s) == "combat"


@pytest.mark.rule("§7.9")
def test_the_retreating_side_chooses_among_the_open_hexes_only():
    s = position("combat", "us", units={"us-1-1": "0604", "ij-124-1": "0605"})
    s = act(s, "us", "attack", [5], units={"0605": ["us-1-1"]}, advance=False)  # DR
    assert rules.prompts(s)["ij"]["info"]["options"] == {"ij-124-1": ["0506", "0606", "0706"]}
    with pytest.raises(IllegalAction) as e:
        act(s, "ij", "retreat", moves={"ij-124-1": "0505"})  # next to 0604: US zone of control
    assert e.value.rule == "§7.9"
    s = act(s, "ij", "retreat", moves={"ij-124-1": "0706"})
    assert where(s, "ij-124-1") == "hex:0706" and "retreats to 0706" in fought(s)


@pytest.mark.rule("§5.3")
def test_us_reinforcements_attack_on_entry_only_when_every_us_entry_hex_is_held():
    held = {"ij-124-1": "0701", "ij-124-3": "0702", "ij-4-2": "0618", "ij-4-1": "0619"}
    s = position("combat", "us", units={**held, "us-7-1": "entry:us-east-1", "us-7-2": "entry:us-east-1"})
    s = attack(s, "us", ["us-7-1", "us-7-2"], ["0701"], dice=[6])  # 10 v 2 x 4 = 8: 1:1, 6: D1 -> cleared
    assert "10 against 8; 1:1, die 6 = 6: D1" in fought(s)
    assert where(s, "ij-124-1") == "eliminated" and where(s, "us-7-1") == where(s, "us-7-2") == "hex:0701"
    s = position("combat", "us", units={**held, "us-7-1": "entry:us-east-1"})
    s = attack(s, "us", ["us-7-1"], ["0701"], dice=[5])  # 5 v 8, 1:2, 5: EX -> the lone attacker is gone too
    s = position("combat", "us", units={"ij-124-1": "0701", "us-7-1": "entry:us-east-1"})
    with pytest.raises(IllegalAction, match="7/1 Marines cannot take part in a combat now") as e:
        attack(s, "us", ["us-7-1"], ["0701"], dice=[6])  # 0702, 0618 and 0619 are free: land there instead
    assert e.value.rule == "§7"


@pytest.mark.rule("§5.1")
def test_an_attack_on_entry_that_does_not_clear_the_hex_loses_the_attackers():
    held = {"ij-124-1": "0701", "ij-124-3": "0702", "ij-4-2": "0618", "ij-4-1": "0619"}
    s = position("combat", "us", units={**held, "us-7-1": "entry:us-east-1", "us-7-2": "entry:us-east-1"})
    s = attack(s, "us", ["us-7-1", "us-7-2"], ["0701"], dice=[2])  # 10 v 8, 1:1, 2: A1
    assert where(s, "us-7-1") == where(s, "us-7-2") == "eliminated" and where(s, "ij-124-1") == "hex:0701"
    assert "not cleared" in fought(s)


@pytest.mark.rule("§5.3")
def test_ij_units_in_a_box_whose_hexes_are_all_held_and_with_nowhere_to_go_attack_from_below():
    s = position("combat", "ij", units={"us-1-1": "0200", "us-1-2": "0300", "us-1-3": "0400", "us-5-1": "0500",
                                        "ij-124-1": "box:D", "ij-124-3": "box:D"})
    s["units"]["ij-124-1"]["visited"] = s["units"]["ij-124-3"]["visited"] = ["A", "B", "C", "D"]
    s = attack(s, "ij", ["ij-124-1", "ij-124-3"], ["0200"], dice=[6, 1])  # 8 v 10 (doubled), 1:2, 6: EX; supply 1
    assert "8 against 10; 1:2, die 6 = 6: EX" in fought(s)
    assert where(s, "us-1-1") == "eliminated" and board.occupant(s, "0200") == "ij"  # cleared: the survivor enters


@pytest.mark.rule("§6.6")
def test_only_ijn_attack_destroyers_bombard_the_shore_beside_an_ij_attack_and_then_nothing_else():
    s = position("movement", "ij", units={"ij-124-1": "0605", "us-1-1": "0604", "us-1-2": "0303"},
                 air={"ij-destroyer-1-1": "ijn_attack", "ij-destroyer-1-2": "ijn_reserve"})
    with pytest.raises(IllegalAction, match="cannot support an attack on that hex") as e:
        act(s, "ij", "support", on={"ij-destroyer-1-2": "0604"})  # from the IJN Reserve box: never
    assert e.value.rule == "§6.6"
    with pytest.raises(IllegalAction) as e:
        act(s, "ij", "support", on={"ij-destroyer-1-1": "0303"})  # no IJA unit there to attack: not on its own
    assert e.value.rule == "§6.6"
    s = act(s, "ij", "support", on={"ij-destroyer-1-1": "0604"})
    assert last(s) == "Shore bombardment (§6.6): IJ destroyer Sep I #1 onto hex 0604, supporting the attack there."
    s = act(s, "ij", "end_movement")
    with pytest.raises(IllegalAction) as e:  # one action a turn: it cannot bombard an air strip as well
        act(s, "ij", "bombard", strips={"ij-destroyer-1-1": "0709"})
    assert e.value.rule == "§7.10"
    s = act(s, "ij", "bombard", strips={"ij-destroyer-1-2": "0709"})  # the Reserve one may bombard a strip
    assert s["strips"]["0709"]["status"] == "dest"
    s = attack(s, "ij", ["ij-124-1"], ["0604"], dice=[3, 1])  # 4 v 5, 1:2, 3 + 2 = 5: A1; supply roll 1
    assert "1:2, die 3 +2 1 destroyer(s) (§7.3) = 5: A1" in fought(s)
    assert s["air"]["ij-destroyer-1-1"]["loc"] == "eliminated"


@pytest.mark.rule("§6.8")
def test_only_bombers_in_ground_attack_support_a_us_attack_each_adding_one_and_they_return():
    s = position("movement", "us", units={"us-1-1": "0604", "ij-124-1": "0605", "ij-124-3": "0303", **STILL_TO_FIGHT},
                 air={"vmsb-231": "ground_attack", "fs-67": "ground_attack", "vmf-223": "cap",
                      "vmsb-232": "reserve"})
    for unit, hex_ in (("vmf-223", "0605"), ("vmsb-232", "0605"), ("vmsb-231", "0303")):
        with pytest.raises(IllegalAction, match="cannot support an attack on that hex") as e:
            act(s, "us", "support", on={unit: hex_})  # a CAP fighter, a Reserve bomber, no US attacker there
        assert e.value.rule == "§6.8"
    s = act(s, "us", "support", on={"vmsb-231": "0605"})
    s = act(s, "us", "support", on={"fs-67": "0605"})  # a "both" unit in Ground Attack flies as a bomber
    s = act(s, "us", "end_movement")
    s = attack(s, "us", ["us-1-1"], ["0605"], dice=[3])  # 5 v 4, 1:1, 3 + 2 = 5: DR
    assert "1:1, die 3 +2 2 bomber(s) (§7.4) = 5: DR" in fought(s)
    assert [(s["air"][a]["loc"], s["air"][a]["target"]) for a in ("vmsb-231", "fs-67")] == [
        ("ground_attack", None), ("ground_attack", None)]


@pytest.mark.rule("§7.2")
def test_an_ij_attack_on_an_air_strip_hex_loses_the_work_and_the_engineer_cannot_restart_this_turn():
    s = position("combat", "ij", units={"ij-124-1": "0606", "us-1e": "0605", "us-1-1": "0303"})
    s["strips"]["0605"]["work"] = 1
    s = attack(s, "ij", ["ij-124-1"], ["0605"], dice=[1, 1])  # 4 v 2, 2:1, 1: A1; the engineer holds; supply 1
    assert "2:1, die 1 = 1: A1" in fought(s) and "engineering work on 0605 is lost (§7.2)" in fought(s)
    assert s["strips"]["0605"]["work"] == 0 and where(s, "us-1e") == "hex:0605"
    assert (s["step"]["kind"], s["step"]["side"]) == ("movement", "us")  # nothing left to fight: the IJ turn is over
    s = act(s, "us", "end_movement")  # no combat to fight: the US engineering phase passes (the engineer fought)
    assert s["turn"] == 2 and s["strips"]["0605"]["work"] == 0
    assert not any("works on air strip 0605" in x["text"] for x in s["log"])


@pytest.mark.rule("§7.8")
def test_after_a_de_the_attackers_may_advance_ignoring_zones_of_control_and_only_then():
    units = {"us-1-1": "0705", "us-1-2": "0705", "us-1-3": "0705", "ij-11con": "0604", "ij-124-1": "0704"}
    s = position("combat", "us", units=units)
    s = attack(s, "us", ["us-1-1", "us-1-2", "us-1-3"], ["0604"], dice=[4], advance=True)  # 15 v 1: DE
    assert ": DE" in fought(s) and "1/1 Marines advances into hex 0604" in fought(s)
    # from 0705 (next to 0704) into 0604 (also next to 0704): zone to zone, which movement forbids
    assert [where(s, u) for u in ("us-1-1", "us-1-2", "us-1-3")] == ["hex:0604"] * 3
    s = position("combat", "us", units=units)
    s = attack(s, "us", ["us-1-1", "us-1-2", "us-1-3"], ["0604"], dice=[4], advance=False)
    assert ": DE" in fought(s) and "advances" not in fought(s) and where(s, "us-1-1") == "hex:0705"
    s = position("combat", "us", units={"us-1-1": "0604", "ij-124-1": "0605"})
    s = attack(s, "us", ["us-1-1"], ["0605"], dice=[5], advance=True)  # 1:1, 5: DR, not DE: no advance
    assert ": DR" in fought(s) and where(s, "us-1-1") == "hex:0604" and where(s, "ij-124-1") != "hex:0605"


@pytest.mark.rule("§5.1")
def test_after_an_attack_on_entry_clears_the_hex_its_side_chooses_the_units_lost_to_stacking():
    """§5.1: "If this results in over-stacking ... the controlling faction takes casualties until the stacking rules
    are met. The control faction decides on the eliminated units." Four US units attack 0701 from its entry point
    (every US entry hex IJ-held, §5.3): 18 against 8 (doubled), 2:1, die 5: D1 clears the hex; the US, not the
    engine, chooses which one of the four is lost, and the other three enter."""
    held = {"ij-124-1": "0701", "ij-124-3": "0702", "ij-4-2": "0618", "ij-4-1": "0619"}
    four = ("us-7-1", "us-7-2", "us-7-3", "us-1p")
    s = position("combat", "us", units={**held, **{u: "entry:us-east-1" for u in four}})
    s = act(s, "us", "attack", [5], units={"0701": list(four)}, advance=False)
    assert "18 against 8; 2:1, die 5 = 5: D1" in last(s) and "the US chooses which 1 unit(s) are lost" in last(s)
    assert list(rules.prompts(s)) == ["us"] and sequence.kind(s) == "overstack"
    prompt = rules.prompts(s)["us"]
    assert prompt["rule"] == "§5.1" and prompt["info"]["default"] == {"units": ["us-1p"]}  # the weakest, by default
    with pytest.raises(IllegalAction) as e:
        act(s, "us", "eliminate", units=["us-7-1", "us-7-2"])
    assert e.value.rule == "§5.1"
    s = act(s, "us", "eliminate", units=["us-7-3"])
    assert where(s, "us-7-3") == "eliminated"
    assert [where(s, u) for u in ("us-7-1", "us-7-2", "us-1p")] == ["hex:0701"] * 3
    assert "1st Parachute enters hex 0701" in fought(s)


@pytest.mark.rule("§7.6")
def test_fb_x14_at_exactly_four_to_one_the_die_gets_plus_one_as_the_worked_example_reads():
    """§7.6's bullet says "A > 4·D", but its worked example (A = 12: "defensive CF of 4 results in 3:1. Lower
    defensive CF ... resolved at 3:1 but with a +1", so D = 3, exactly 4:1, gets the +1) and Table 8's row "Odds 4:1
    or better" agree on A ≥ 4·D: the example decides (docs/games/first-blood.md, reading 6). 12 against 3, die 4."""
    s = position("combat", "us", units={"us-1-1": "0705", "us-1-2": "0705", "us-1e": "0705", "ij-28-2": "0604"})
    s = attack(s, "us", ["us-1-1", "us-1-2", "us-1e"], ["0604"], dice=[4])
    assert "12 against 3; 3:1, die 4 +1 odds 4:1 or better (§7.6) = 5: DE" in fought(s)
    s = position("combat", "us", units={"us-1-1": "0705", "us-1-2": "0705", "us-1e": "0705", "ij-124-1": "0604"})
    s = attack(s, "us", ["us-1-1", "us-1-2", "us-1e"], ["0604"], dice=[4])
    assert "12 against 4; 3:1, die 4 = 4: D1" in fought(s)  # D = 4: 3:1 and no +1
