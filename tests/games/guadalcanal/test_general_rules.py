"""The general rules (2b-2e) and the Action Phase's own headings (3a, 3d) as a player meets them: one whole Turn
of example 10's position walked step by step (2b1-2b4), the Operations Card's areas (2c1-2c3), stacking (2d),
movement (2e), take-off (3a, 3a2, 3a3), air movement (3d, 3d3), air attack set-up (4a3) and landing (5a)."""
from __future__ import annotations

import copy
import json

import pytest

from app.engine.errors import IllegalAction, MalformedAction
from app.engine.rng import ScriptedRng
from app.games.guadalcanal import rules
from tests.games.guadalcanal.helpers import (example_10, fly, land, move, play, put, sea_search, shift, step,
                                             take_off)

CEASE = {"verb": "cease_fire", "args": {}}
KEEP = {"verb": "keep", "args": {}}
ADVANCE_FORCE_SET_UP = {"verb": "set_up", "args": {"hexes": {"ij-junyo": "E5", "ij-haruna": "H5", "ij-kongo": "E9",
                                                             "ij-isuzu": "H9"}, "facing": "N"}}


def refused(state, role, action, rule):
    """The order is refused citing `rule`, and nothing changes. Returns the message."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as e:
        rules.apply(state, role, action, ScriptedRng())
    assert e.value.rule == rule, e.value.message
    assert state == before
    return e.value.message


def card(state, role):
    return rules.view(state, role)["cards"][role]


def tf_card(state, role, tf):
    return next(t for t in card(state, role)["task_forces"] if t["id"] == tf)


def area(state, role, a):
    return next(x for x in card(state, role)["areas"] if x["id"] == a)


def ids(entries):
    return [e["id"] for e in entries]


# --- one Turn, step by step (2b1-2b4) ---------------------------------------------------------------------------------

def through_sea_movement():
    """Example 10 (Japan Side A): B8, T6 and SS take off from Hornet; nobody readies; TF 17 moves Q5 -> P4."""
    s = play(example_10(), "allied", take_off("us-b8", "us-t6", "us-ss"))
    s = play(s, "allied", shift())
    s = play(s, "japanese", shift())
    s = play(s, "allied", move(us_tf17="P4"))
    return play(s, "japanese", move())


def through_air_movement():
    s = through_sea_movement()
    s = play(s, "allied", fly(["us-b8", "us-t6"], ["O4", "N3", "N2"]))
    s = play(s, "allied", fly(["us-ss"], ["O4"]))
    s = play(s, "allied", sea_search())
    return play(s, "japanese", sea_search())


@pytest.mark.rule("2b1")
def test_the_competitive_roll_makes_sides_a_and_b_and_side_b_acts_first():
    s = example_10(dice=(4, 6))  # Allied 4, Japanese 6
    assert rules.view(s, "allied")["sides"] == {"A": "japanese", "B": "allied", "rolls": {"allied": 4,
                                                                                           "japanese": 6}}
    assert step(s) == ("assembly", "allied") and list(rules.prompts(s)) == ["allied"]
    refused(s, "japanese", take_off(), "3a")
    s = example_10(dice=(6, 4))  # now Japan is Side B, and acts first; with nothing in a Ready box it has nothing
    assert s["sides"]["B"] == "japanese"  # to decide in the Assembly Step, so Side A's turn comes at once
    assert step(s) == ("assembly", "allied")
    assert rules.view(s, "allied")["log"][-1]["text"] == ("OCT 27, Turn 2. Sides roll: Allied 6, Japanese 4: Allied "
                                                          "is Side A; Japanese acts first in each step (3).")


@pytest.mark.rule("2b1.1")
def test_the_assembly_step_puts_the_units_taking_off_in_a_normal_strike_box():
    s = play(example_10(), "allied", take_off("us-b8", "us-t6"))
    assert ids(tf_card(s, "allied", "us-tf17")["normal_strike"]) == ["us-b8", "us-t6"]
    assert ids(area(s, "allied", "us-hornet")["ready"]) == ["us-ss"]
    assert step(s) == ("ready", "allied")  # Japan has nothing in a Ready box: its Assembly Step is passed over


@pytest.mark.rule("2b1.2")
def test_the_ready_step_shifts_between_arming_and_ready_for_b_then_a():
    s = play(example_10(), "allied", take_off())
    assert step(s) == ("ready", "allied")
    s = play(s, "allied", shift(to_ready=["us-s8"], to_arming=["us-t6"]))
    assert "us-s8" in ids(area(s, "allied", "us-hornet")["ready"])
    assert "us-t6" in ids(area(s, "allied", "us-hornet")["arming"])
    assert step(s) == ("ready", "japanese")


@pytest.mark.rule("2b1.3")
def test_the_sea_movement_step_moves_markers_in_secret_b_then_a():
    s = play(example_10(), "allied", take_off())
    s = play(s, "allied", shift())
    s = play(s, "japanese", shift())
    assert step(s) == ("sea", "allied")
    s = play(s, "allied", move(us_tf17="P4"))
    assert step(s) == ("sea", "japanese")
    assert tf_card(s, "allied", "us-tf17")["hex"] == "P4"
    assert "P4" not in json.dumps([rules.view(s, "japanese")["board"], rules.view(s, "japanese")["log"]])


@pytest.mark.rule("2b1.4")
def test_the_air_movement_and_search_step_moves_every_flying_unit_onto_the_searchboard():
    s = through_sea_movement()
    assert step(s) == ("air", "allied")
    s = play(s, "allied", fly(["us-b8", "us-t6"], ["O4", "N3", "N2"], ["N2"]))
    assert step(s) == ("air", "allied")  # SS is still to fly
    own = [p for p in rules.view(s, "allied")["board"]["pieces"] if p["kind"] == "flight"]
    assert [(p["at"], p["units"]) for p in own] == [("N2", ["us-b8", "us-t6"])]
    # the announced hex was searched at once: the Advance Force is spotted
    assert [c["hex"] for c in rules.view(s, "allied")["searchboard"]["contacts"]] == ["N2"]
    s = play(s, "allied", fly(["us-ss"], ["O4"]))
    assert step(s) == ("sea_search", "allied")


@pytest.mark.rule("2b2")
def test_the_combat_phase_sets_up_ships_then_air_then_fires_aa_then_bombs():
    s = through_air_movement()
    assert step(s)[0] == "combat" and list(rules.prompts(s)) == ["japanese"]
    assert rules.prompts(s)["japanese"]["rule"] == "4a2"  # the defending ships first
    s = play(s, "japanese", ADVANCE_FORCE_SET_UP)
    assert rules.prompts(s)["allied"]["rule"] == "4a3"  # then the opposing combat air units
    s = play(s, "allied", rules.default_action(s, "allied"))
    assert rules.prompts(s)["japanese"]["rule"] == "4c"  # all AA combats first
    s = play(s, "japanese", CEASE)
    assert rules.prompts(s)["allied"]["rule"] == "4d2"  # then all bombing combats
    # dive bombing 1+7 against 10+3, a miss; then torpedo bombing (the only combat left) 1+6 against 10+3, a miss
    s = play(s, "allied", {"verb": "bomb", "args": {"combat": "ij-junyo:dive"}}, dice=[1, 10, 1, 10])
    said = [x["at"] for x in rules.view(s, "japanese")["log"] if x.get("at", "").startswith("Combat Phase, battle")]
    order = list(dict.fromkeys(a.split(": ")[1] for a in said))
    assert order == ["defender's set-up (4a1-4a2)", "air attack set-up (4a3)", "anti-aircraft combat (4c)",
                     "bombing combat (4d)", "battle's end (4e)"]


def after_combat():
    s = through_air_movement()
    s = play(s, "japanese", ADVANCE_FORCE_SET_UP)
    s = play(s, "allied", rules.default_action(s, "allied"))
    s = play(s, "japanese", CEASE)
    s = play(s, "allied", {"verb": "bomb", "args": {"combat": "ij-junyo:dive"}}, dice=[1, 10, 1, 10])
    s = play(s, "allied", KEEP)
    return play(s, "japanese", KEEP)


@pytest.mark.rule("2b3")
def test_the_air_return_phase_lands_flying_units_in_an_arming_box():
    s = after_combat()
    assert step(s) == ("air_return", "allied")
    s = play(s, "allied", land(us_b8="us-hornet", us_t6="us-hornet", us_ss="us-hornet"), dice=[3, 7])
    assert {"us-b8", "us-t6", "us-ss"} <= set(ids(area(s, "allied", "us-hornet")["arming"]))
    assert card(s, "allied")["flying"] == []


@pytest.mark.rule("2b4")
def test_the_turn_record_phase_advances_the_turn_and_the_next_turn_rolls_for_sides():
    s = after_combat()
    assert rules.view(s, "spectator")["time"]["label"] == "OCT 27, Turn 2"
    s = play(s, "allied", land(us_b8="us-hornet", us_t6="us-hornet", us_ss="us-hornet"), dice=[3, 7])
    assert rules.view(s, "spectator")["time"]["label"] == "OCT 27, Turn 3"
    assert s["sides"]["A"] == "japanese" and s["sides"]["rolls"] == {"allied": 3, "japanese": 7}


# --- the Operations Card (2c1-2c3) --------------------------------------------------------------------------------------

@pytest.mark.rule("2c1")
def test_units_in_a_task_force_area_are_where_its_marker_is():
    # TF 17 moved to P4: its ships are in P4 and a strike there meets them; its flights start from P4
    s = through_sea_movement()
    message = refused(s, "allied", fly(["us-ss"], ["R5"]), "2e")  # R5 touches Q5, where TF 17 was, not P4
    assert "(P4)" in message
    s = play(s, "allied", fly(["us-ss"], ["O4"]))
    assert s["units"]["us-ss"]["location"]["hex"] == "O4"


@pytest.mark.rule("2c2")
def test_air_units_in_a_base_area_are_in_the_base_units_hex():
    s = example_10()
    put(s, "us-sb141", "ready", area="us-henderson")
    s = play(s, "allied", take_off("us-sb141"))
    assert ids(area(s, "allied", "us-henderson")["normal_strike"]) == ["us-sb141"]
    s = play(s, "allied", shift())
    s = play(s, "japanese", shift())
    s = play(s, "allied", move())
    s = play(s, "japanese", move())
    message = refused(s, "allied", fly(["us-sb141"], ["P4"]), "2e")
    assert "(N6)" in message  # Henderson's hex
    s = play(s, "allied", fly(["us-sb141"], ["M6"]))
    assert s["units"]["us-sb141"]["location"]["hex"] == "M6"


@pytest.mark.rule("2c3")
def test_air_units_on_board_a_ship_are_in_the_hex_of_the_task_force_holding_the_ship():
    # Hornet sails with TF 16 (T6) this time: its scout takes off into TF 16's Normal Strike box and flies from T6
    s = example_10()
    put(s, "us-hornet", "ships", tf="us-tf16")
    s = play(s, "allied", take_off("us-ss"), shift())
    assert ids(tf_card(s, "allied", "us-tf16")["normal_strike"]) == ["us-ss"]
    assert tf_card(s, "allied", "us-tf17")["normal_strike"] == []
    s = play(s, "japanese", shift())
    s = play(s, "allied", move())
    s = play(s, "japanese", move())
    message = refused(s, "allied", fly(["us-ss"], ["P5"]), "2e")
    assert "(T6)" in message
    s = play(s, "allied", fly(["us-ss"], ["S6"]))
    assert s["units"]["us-ss"]["location"]["hex"] == "S6"


# --- stacking and movement (2d, 2e) -------------------------------------------------------------------------------------

@pytest.mark.rule("2d")
def test_task_forces_and_flights_stack_without_limit():
    s = example_10()
    s["task_forces"]["us-tf16"]["hex"] = "Q6"
    s = play(s, "allied", take_off("us-b8", "us-t6", "us-ss"), shift())
    s = play(s, "japanese", shift())
    s = play(s, "allied", move(us_tf16="Q5"))  # onto TF 17
    assert tf_card(s, "allied", "us-tf16")["hex"] == tf_card(s, "allied", "us-tf17")["hex"] == "Q5"
    s = play(s, "japanese", move())
    s = play(s, "allied", fly(["us-b8", "us-t6"], ["P4"]))
    s = play(s, "allied", fly(["us-ss"], ["P4"]))  # the scout ends in the strike's hex
    flights = [p for p in rules.view(s, "allied")["board"]["pieces"] if p["kind"] == "flight"]
    assert [(p["at"], sorted(p["units"])) for p in flights] == [("P4", ["us-b8", "us-ss", "us-t6"])]


@pytest.mark.rule("2e")
def test_hexes_may_not_be_skipped():
    s = through_sea_movement()
    message = refused(s, "allied", fly(["us-b8", "us-t6"], ["O3"]), "2e")  # O3 does not touch P4
    assert "without skipping hexes" in message
    with pytest.raises(MalformedAction, match="not one step"):  # a skip inside the route: refused by its shape
        rules.apply(s, "allied", fly(["us-b8", "us-t6"], ["O4", "N2"]), ScriptedRng())
    s = play(example_10(), "allied", take_off(), shift())
    s = play(s, "japanese", shift())
    refused(s, "allied", move(us_tf17="Q3"), "3c")  # two hexes at once


# --- the Assembly Step (3a, 3a2, 3a3) -----------------------------------------------------------------------------------

@pytest.mark.rule("3a")
def test_any_available_air_units_may_take_off_and_none_need_to():
    s = example_10()
    refused(s, "allied", take_off("ij-1sd"), "3a")
    s = play(s, "allied", take_off())
    assert ids(area(s, "allied", "us-hornet")["ready"]) == ["us-b8", "us-t6", "us-ss"]


@pytest.mark.rule("3a2")
def test_only_air_units_in_a_ready_box_take_off():
    s = example_10()
    message = refused(s, "allied", take_off("us-b8", "us-s8"), "3a2")
    assert "S8" in message and "Ready" in message


@pytest.mark.rule("3a3")
def test_a_ship_launches_to_its_task_forces_normal_strike_box_and_a_base_to_its_own():
    s = example_10()
    put(s, "us-sb141", "ready", area="us-henderson")
    s = play(s, "allied", take_off("us-b8", "us-sb141"))
    assert ids(tf_card(s, "allied", "us-tf17")["normal_strike"]) == ["us-b8"]
    assert ids(area(s, "allied", "us-henderson")["normal_strike"]) == ["us-sb141"]
    assert "us-b8" not in ids(area(s, "allied", "us-hornet")["ready"])


# --- the Air Movement and Search Step (3d, 3d3) ---------------------------------------------------------------------------

@pytest.mark.rule("3d")
def test_a_flight_starts_from_its_task_force_and_every_flight_moves_before_the_step_ends():
    s = through_sea_movement()
    assert rules.prompts(s)["allied"]["info"]["flights"] == 2
    s = play(s, "allied", fly(["us-ss"], []))  # a flight may stay over its own task force
    assert s["units"]["us-ss"]["location"]["hex"] == "P4" and step(s) == ("air", "allied")
    s = play(s, "allied", fly(["us-b8", "us-t6"], ["O4"]))
    assert step(s) == ("sea_search", "allied")


@pytest.mark.rule("3d3")
def test_air_movement_is_made_on_the_sides_own_searchboard_and_kept_secret():
    s = through_sea_movement()
    before = rules.view(s, "japanese")
    s = play(s, "allied", fly(["us-b8", "us-t6"], ["O4", "N3", "M3"]))
    after = rules.view(s, "japanese")
    assert after["board"] == before["board"] and after["log"] == before["log"]
    assert any(p["kind"] == "flight" and p["at"] == "M3" for p in rules.view(s, "allied")["board"]["pieces"])


# --- air attack set-up (4a3) and landing (5a) -----------------------------------------------------------------------------

@pytest.mark.rule("4a3")
def test_every_combat_air_unit_of_the_strike_is_set_up_on_an_enemy_target_and_scouts_stay_behind():
    s = through_sea_movement()
    s = play(s, "allied", fly(["us-b8", "us-t6"], ["O4", "N3", "N2"]))
    s = play(s, "allied", fly(["us-ss"], ["O4", "N3", "N2"]))  # the scout ends in the battle hex too
    s = play(s, "allied", sea_search())
    s = play(s, "japanese", sea_search())
    s = play(s, "japanese", ADVANCE_FORCE_SET_UP)
    message = refused(s, "allied", {"verb": "attack", "args": {"targets": {"us-b8": "ij-junyo", "us-t6": "us-hornet"},
                                                                 "approach": {}}}, "4a3")
    assert "Hornet" in message
    s = play(s, "allied", {"verb": "attack", "args": {"targets": {"us-b8": "ij-junyo", "us-t6": "ij-haruna"},
                                                        "approach": {"us-t6": "H4"}}})
    board = rules.view(s, "allied")["combat"]["board"]
    assert board["us-b8"] == {"hex": "E5", "target": "ij-junyo", "facing": None}
    assert board["us-t6"]["hex"] == "H4" and board["us-t6"]["target"] == "ij-haruna"
    assert "us-ss" not in board and s["units"]["us-ss"]["location"]["hex"] == "N2"


@pytest.mark.rule("5a")
def test_a_carrier_unit_may_land_on_a_friendly_carrier_or_base_in_reach():
    s = example_10()
    put(s, "us-b8", "flying", hex="N5")
    s["step"] = {"kind": "air_return", "side": "allied", "index": 11}
    refused(s, "allied", land(us_b8="ij-rabaul"), "5a")  # not a friendly base
    s = play(s, "allied", land(us_b8="us-henderson"), dice=[3, 7])
    assert "us-b8" in ids(area(s, "allied", "us-henderson")["arming"])
