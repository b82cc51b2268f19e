"""Air and naval play (§6.7, §7.10, §7.11, §11) and engineering (§10) through `apply` and the walker."""
import pytest

from app.engine.errors import IllegalAction
from app.games.first_blood import board, phases, rules, sequence

from .helpers import act, last, position, said


def fb_x16(hexes=("0708", "0709")):
    """§7.10's scenario: US fighter in CAP, bomber in Ground Attack, two USAF units on Henderson; IJ two fighters in
    the IJAAF Attack box and a bomber in the IJAAF Reserve."""
    return position("movement", "ij", air={"vmf-223": "cap", "vmsb-231": "ground_attack",
                                           "vmf-224": f"strip:{hexes[0]}", "vmsb-232": f"strip:{hexes[1]}",
                                           "ij-fighter-1-1": "ijaaf_attack", "ij-fighter-1-2": "ijaaf_attack",
                                           "ij-bomber-1-1": "ijaaf_reserve"})


@pytest.mark.rule("§6.7")
def test_fb_x16_fighters_clear_cap_then_ground_attack():
    s = fb_x16()
    with pytest.raises(IllegalAction, match="cannot attack USAF Ground Attack now") as e:
        act(s, "ij", "intercept", attacks={"ij-fighter-1-1": "ground_attack"})  # CAP first
    assert e.value.rule == "§6.7"
    s = act(s, "ij", "intercept", attacks={"ij-fighter-1-1": "cap"})
    assert s["air"]["vmf-223"]["loc"] == "eliminated" and s["air"]["ij-fighter-1-1"]["loc"] == "eliminated"
    s = act(s, "ij", "intercept", attacks={"ij-fighter-1-2": "ground_attack"})
    assert s["air"]["vmsb-231"]["loc"] == "eliminated"
    assert s["step"]["kind"] == "combat"  # nothing left to do in the movement phase: it ends by itself
    # §7.10: CAP is empty, so the bomber may strike a Henderson hex: it kills the USAF unit there, not the strip
    s = act(s, "ij", "bombard", strips={"ij-bomber-1-1": "0708"}, dice=[1])  # 1: the supply roll, no loss
    assert s["air"]["vmf-224"]["loc"] == "eliminated" and s["strips"]["0708"]["status"] == "oper"


@pytest.mark.rule("§7.10")
def test_fb_x16_both_us_units_in_one_hex_lets_the_bomber_destroy_the_other():
    s = fb_x16(("0709", "0709"))
    s = act(s, "ij", "intercept", attacks={"ij-fighter-1-1": "cap"})
    s = act(s, "ij", "end_movement")
    s = act(s, "ij", "bombard", strips={"ij-bomber-1-1": "0708"}, dice=[1])  # 1: the supply roll, no loss
    assert s["strips"]["0708"]["status"] == "dest"
    assert said(s, "bombard") == ("Air strip bombardment (§7.10): IJ bomber Sep I #1 bombards air strip 0708: the "
                                  "strip is Destroyed.")


@pytest.mark.rule("§7.10")
def test_bombers_cannot_strike_while_cap_is_manned_and_two_bombers_shoot_down_a_cap_fighter():
    s = position("combat", "ij", air={"vmf-223": "cap", "ij-bomber-1-1": "ijaaf_reserve"})
    with pytest.raises(IllegalAction) as e:
        act(s, "ij", "bombard", strips={"ij-bomber-1-1": "0708"})
    assert e.value.rule == "§7.10"
    s = position("movement", "ij", air={"vmf-223": "cap", "ij-bomber-1-1": "ijaaf_reserve",
                                        "ij-bomber-1-2": "ijaaf_attack"})
    with pytest.raises(IllegalAction, match="Bombers attack two at a time") as e:
        act(s, "ij", "intercept", attacks={"ij-bomber-1-1": "cap"})
    assert e.value.rule == "§6.7"
    s = act(s, "ij", "intercept", attacks={"ij-bomber-1-1": "cap", "ij-bomber-1-2": "cap"}, dice=[1])  # supply 1
    assert s["air"]["vmf-223"]["loc"] == "eliminated"
    assert said(s, "Air-to-air") == ("Air-to-air (§6.7): IJ bomber Sep I #1 and IJ bomber Sep I #2 shoot down "
                                     "VMF-223 in USAF CAP; the attackers are spent.")


@pytest.mark.rule("§7.10")
def test_artillery_in_range_damages_an_empty_strip_but_never_destroys_it():
    s = position("combat", "ij", units={"ij-35bde": "0311"})
    with pytest.raises(IllegalAction, match="cannot bombard air strip 0708 now") as e:
        act(s, "ij", "bombard", strips={"ij-35bde": "0708"})  # Fig. 8: out of range
    assert e.value.rule == "§7.10"
    s["strips"]["0709"]["work"] = 1
    s = act(s, "ij", "bombard", strips={"ij-35bde": "0709"}, dice=[1])  # 1: the supply roll
    assert s["strips"]["0709"]["status"] == "dam" and s["strips"]["0709"]["work"] == 0


@pytest.mark.rule("§7.10")
def test_a_destroyer_destroys_an_empty_strip_and_is_spent():
    s = position("combat", "ij", air={"ij-destroyer-1-1": "ijn_reserve"})
    s = act(s, "ij", "bombard", strips={"ij-destroyer-1-1": "0709"}, dice=[1])  # 1: the supply roll
    assert s["strips"]["0709"]["status"] == "dest" and s["air"]["ij-destroyer-1-1"]["loc"] == "eliminated"


@pytest.mark.rule("§11")
def test_fb_x18_capacity_is_six_per_operational_strip_hex():
    s = position("air", "us", strips={"0605": "oper", "0705": "oper"})
    assert board.capacity(s) == 24
    s["strips"]["0708"]["status"] = "dest"
    assert board.capacity(s) == 18


@pytest.mark.rule("§11")
def test_flown_units_go_face_down_and_allocation_respects_kind_and_capacity():
    s = position("air", "us", air={"vmf-223": "cap", "vmsb-231": "ground_attack", "vmf-224": "strip:0709"},
                 strips={"0709": "dest"})
    s["air"]["vmf-224"]["face"] = "down"
    phases.refuel(s)
    phases.land(s)
    assert s["air"]["vmf-223"]["loc"] == "strip:0708" and s["air"]["vmf-223"]["face"] == "down"
    assert s["air"]["vmf-224"]["loc"] == "reserve"  # its strip is no longer operational
    with pytest.raises(IllegalAction, match="fighters fly CAP"):
        act(s, "us", "allocate", missions={"vmf-224": "ground_attack"})
    s["strips"]["0708"]["status"] = "dam"
    with pytest.raises(IllegalAction, match="Only 0"):
        act(s, "us", "allocate", missions={"vmf-224": "cap"})


@pytest.mark.rule("§10")
def test_an_engineer_rebuilds_a_destroyed_strip_in_two_turns_and_repairs_damage_in_one():
    s = position("engineering", None, units={"us-1e": "0605", "us-1pio": "0709"}, strips={"0709": "dam"})
    phases.engineering(s)
    assert s["strips"]["0605"]["work"] == 1 and s["strips"]["0709"]["work"] == 1
    phases.engineering(s)
    assert s["strips"]["0605"]["work"] == 2 and s["strips"]["0709"]["status"] == "oper"
    phases.engineering(s)
    assert s["strips"]["0605"]["status"] == "oper" and s["strips"]["0605"]["built"]


@pytest.mark.rule("§10")
def test_an_engineer_that_moved_or_fought_does_no_work_and_the_work_is_lost():
    s = position("engineering", None, units={"us-1e": "0605"})
    phases.engineering(s)
    s["units"]["us-1e"]["stirred"] = True
    phases.engineering(s)
    assert s["strips"]["0605"]["work"] == 0 and "lost" in last(s)


@pytest.mark.rule("§9")
def test_the_strategic_phase_retires_the_attack_boxes_and_moves_the_reserves_up():
    s = position("supply", "ij", air={"ij-destroyer-1-1": "ijn_attack", "ij-destroyer-1-2": "ijn_reserve",
                                      "ij-fighter-1-1": "ijaaf_reserve"})
    phases.strategic(s)
    assert [s["air"][a]["loc"] for a in ("ij-destroyer-1-1", "ij-destroyer-1-2", "ij-fighter-1-1")] == [
        "eliminated", "ijn_attack", "ijaaf_attack"]


@pytest.mark.rule("§8")
def test_supply_a_roll_of_4_to_6_costs_the_ij_a_unit_of_its_choice():
    s = position("combat", "ij", units={"ij-124-2": "box:A", "ij-124-1": "0303"},
                 air={"ij-destroyer-1-1": "ijn_reserve"})
    s["step"] = {"kind": "combat", "side": "ij", "index": sequence.TURN.index(("combat", "ij"))}
    s = act(s, "ij", "end_combat", dice=[4])
    assert s["step"]["kind"] == "supply" and "supply roll: 4" in last(s)
    with pytest.raises(IllegalAction, match="Give up a ground unit on the map or in a box") as e:
        act(s, "ij", "give_up", unit="us-1-1")
    assert e.value.rule == "§8"
    s = act(s, "ij", "give_up", unit="ij-destroyer-1-1")
    assert s["air"]["ij-destroyer-1-1"]["loc"] == "eliminated"
    s2 = position("combat", "ij", units={"ij-124-1": "0303"})
    s2 = act(s2, "ij", "end_combat", dice=[3])
    assert "no loss" in " ".join(x["text"] for x in s2["log"]) and s2["step"]["kind"] != "supply"


def test_the_walker_passes_the_us_air_phase_with_nothing_to_allocate():
    s = position("combat", "us", units={"us-1-1": "0303"})
    s = act(s, "us", "end_combat", dice=[])
    assert s["turn"] == 2 and (s["step"]["kind"], s["step"]["side"]) == ("reinforcements", "ij")


@pytest.mark.rule("§10")
def test_an_engineer_that_defended_or_whose_strip_was_bombarded_does_no_work():
    s = position("engineering", None, units={"us-1e": "0605", "us-1pio": "0705"})
    s["units"]["us-1e"]["engaged"] = True
    s["strips"]["0705"]["bombarded"] = True
    phases.engineering(s)
    assert s["strips"]["0605"]["work"] == 0 and s["strips"]["0705"]["work"] == 0


@pytest.mark.rule("§7.11")
def test_units_that_flew_come_back_face_down_and_the_refuelled_ones_are_the_ones_offered_for_next_turn():
    s = position("combat", "us", units={"us-1-1": "0303"},
                 air={"vmf-223": "cap", "vmsb-231": "ground_attack", "vmf-224": "strip:0709"})
    s["air"]["vmf-224"]["face"] = "down"  # flew last turn, refuelling on 0709
    s = act(s, "us", "end_combat")  # the engineering phase, then the US air phase
    assert [x["text"] for x in s["log"][-2:]] == [
        "USAF refuelling (§7.11): VMF-224 refuelled, face up.",
        "USAF back from their missions (§11): VMF-223 face down on 0708, VMSB-231 face down on 0708."]
    faces = {a: rules.view(s, "ij")["air"][a]["face"] for a in ("vmf-223", "vmsb-231", "vmf-224")}
    assert faces == {"vmf-223": "down", "vmsb-231": "down", "vmf-224": "up"}
    assert list(rules.prompts(s)["us"]["actions"][0]["args"]["missions"]["fields"]) == ["vmf-224"]
    with pytest.raises(IllegalAction, match="face down") as e:
        act(s, "us", "allocate", missions={"vmf-223": "cap"})  # it flew this turn: it sits out the next
    assert e.value.rule == "§11"
    s = act(s, "us", "allocate", missions={"vmf-224": "cap"})
    assert s["air"]["vmf-224"]["loc"] == "cap" and s["air"]["vmf-223"]["loc"] == "strip:0708"


def _over_capacity(ask: bool):
    """Henderson's western hex only (capacity 6): three units flew this turn (CAP and Ground Attack) and four stand
    by face up on 0709: seven active, one too many."""
    s = position("combat", "us", units={"us-1-1": "0303"}, strips={"0708": "dam"},
                 air={"vmf-223": "cap", "vmsb-231": "ground_attack", "vmsb-232": "ground_attack",
                      "vmf-224": "strip:0709", "vs-5": "strip:0709", "fs-67": "strip:0709", "vt-8": "strip:0709"})
    s["standing"] = {"us": {"reserve_flown_first": not ask}}
    return act(s, "us", "end_combat")  # the engineering phase, then the US air phase


@pytest.mark.rule("§11")
def test_over_capacity_the_us_chooses_which_units_go_to_the_reserve_a_unit_that_flew_included():
    """§11: "USAF units that ... exceed this capacity must be placed in the USAF Reserve box ... The US faction
    decides which units are put into Reserve" (before the units that flew turn face down)."""
    s = _over_capacity(ask=True)
    assert list(rules.prompts(s)) == ["us"] and sequence.kind(s) == "reserve"
    prompt = rules.prompts(s)["us"]
    assert prompt["rule"] == "§11" and "vmsb-232" in prompt["actions"][0]["args"]["units"]["choices"]
    with pytest.raises(IllegalAction) as e:
        act(s, "us", "reserve", units=["vmsb-232", "vt-8"])  # two: only one is over
    assert e.value.rule == "§11"
    s = act(s, "us", "reserve", units=["vmsb-232"])  # one that flew: it needs no refuelling on a strip
    assert (s["air"]["vmsb-232"]["loc"], s["air"]["vmsb-232"]["face"]) == ("reserve", "up")
    assert s["air"]["vt-8"]["loc"] == "strip:0709" and s["air"]["vmsb-231"]["face"] == "down"
    assert "Over capacity, the US chooses: VMSB-232 to the USAF Reserve" in said(s, "Over capacity")
    assert sequence.kind(s) == "air"


@pytest.mark.rule("§11")
def test_the_standing_order_sends_a_unit_that_flew_to_the_reserve_without_asking():
    s = _over_capacity(ask=False)
    assert sequence.kind(s) == "air"  # not asked: the standing order answered
    assert s["air"]["vmf-223"]["loc"] == "reserve"  # one that flew, first by name
    assert all(s["air"][a]["loc"] == "strip:0709" for a in ("vmf-224", "vs-5", "fs-67", "vt-8"))
    assert "by the US's standing order: VMF-223 to the USAF Reserve" in said(s, "standing order")
    s = act(s, "us", "allocate", missions={}, ask_reserve=True)
    assert s["standing"]["us"]["reserve_flown_first"] is False


@pytest.mark.rule("§11")
def test_the_us_chooses_on_which_strip_hex_its_units_that_flew_land_or_its_standing_order_spreads_them():
    """§11: "Any USAF bomber unit that was allocated to support ground combat must be placed face-down on an air
    strip hex" (fighters likewise): which hex is the US's to choose (§7.10's example: units spread over both
    Henderson hexes, or both in one, change what an IJ bomber may do). By default the standing order spreads them."""
    def flown(ask: bool):
        s = position("combat", "us", units={"us-1-1": "0303"}, air={"vmf-223": "cap", "vmsb-231": "ground_attack"})
        s["standing"] = {"us": {"land_spread": not ask}}
        return act(s, "us", "end_combat")  # the engineering phase, then the US air phase

    s = flown(ask=False)
    assert s["turn"] == 2  # not asked: the standing order landed them, and nothing else was left to decide
    assert (s["air"]["vmf-223"]["loc"], s["air"]["vmsb-231"]["loc"]) == ("strip:0708", "strip:0709")
    s = flown(ask=True)
    assert sequence.kind(s) == "landing" and rules.prompts(s)["us"]["rule"] == "§11"
    assert rules.prompts(s)["us"]["info"]["default"] == {"strips": {"vmf-223": "0708", "vmsb-231": "0709"}}
    with pytest.raises(IllegalAction, match="Say where VMSB-231 lands") as e:
        act(s, "us", "land", strips={"vmf-223": "0709"})
    assert e.value.rule == "§11"
    s = act(s, "us", "land", strips={"vmf-223": "0709", "vmsb-231": "0709"})
    assert [(s["air"][a]["loc"], s["air"][a]["face"]) for a in ("vmf-223", "vmsb-231")] == [("strip:0709", "down")] * 2
    assert said(s, "back from their missions") == ("USAF back from their missions (§11), where the US chose: VMF-223 "
                                                   "face down on 0709, VMSB-231 face down on 0709.")


@pytest.mark.rule("§11")
def test_with_no_operational_strip_and_every_face_up_unit_in_the_reserve_the_us_is_not_asked_for_missions():
    s = position("combat", "us", units={"us-1-1": "0303"}, air={"vmf-223": "reserve", "vmsb-231": "reserve"},
                 strips={"0708": "dest", "0709": "dest"})
    s = act(s, "us", "end_combat")
    assert s["turn"] == 2  # nothing to decide: the air phase passes
    s = position("combat", "us", units={"us-1-1": "0303"}, air={"vmf-223": "reserve"})
    assert sequence.kind(act(s, "us", "end_combat")) == "air"  # room on the strips: asked
