"""4: the Combat Phase as a whole. Battle hexes, Side A's battle order, each battle in turn, the battle's end
(4e2, 4e3) and the reorganisation (4e1); the decisions as records (contract v2) and random legal play through them."""
from __future__ import annotations

import copy
import json

import pytest

from app.engine.errors import IllegalAction, MalformedAction
from app.engine.orders import check_action, from_json, prompt_schema
from app.engine.rng import ScriptedRng, SeededRng
from app.engine.states import StatesTable
from app.games.guadalcanal.combat import COMBAT_DECISIONS, begin_combat, combat_over, decide, pending_decision
from app.games.guadalcanal.combat.examples import example_10_state, position
from app.games.guadalcanal.combat.reorganisation import prompt as reorganisation_prompt
from tests.games.guadalcanal.helpers import newcomer


def refused(call, rule):
    with pytest.raises(IllegalAction) as e:
        call()
    assert e.value.rule == rule
    return e.value.message


@pytest.mark.rule("4")
def test_a_battle_needs_bombers_ending_over_an_enemy_task_force_or_base():
    s = position(task_forces={"us-tf17": "P4"}, ships={"us-hornet": "us-tf17"},
                 air={"ij-1sf": "P4", "ij-aa": "P4", "ij-1sd": "Q5"})
    begin_combat(s, ["P4", "Q5"], ScriptedRng([]))
    # fighters and a scout over TF 17 make no battle (4a); bombers over an empty hex make none (3d4)
    assert s["combat"]["battles"] == [] and combat_over(s) and pending_decision(s) is None


@pytest.mark.rule("4")
def test_side_a_orders_the_battles():
    s = example_10_state()
    begin_combat(s, ["P4", "N2"], ScriptedRng([]))
    assert pending_decision(s) == ("battle_order", ["japanese"])
    refused(lambda: decide(s, "allied", {"verb": "order_battles", "args": {"order": ["N2", "P4"]}},
                           ScriptedRng([])), "4")
    refused(lambda: decide(s, "japanese", {"verb": "order_battles", "args": {"order": ["P4"]}}, ScriptedRng([])),
            "4")
    decide(s, "japanese", {"verb": "order_battles", "args": {"order": ["P4", "N2"]}}, ScriptedRng([]))
    assert pending_decision(s) == ("battle_setup_defender", ["allied"])  # P4 first: TF 17 sets up


@pytest.mark.rule("4")
def test_battles_each_in_a_hex_of_its_own_are_fought_in_the_listed_order_by_the_standing_order():
    s = newcomer(example_10_state(), "formation")  # a newcomer's game (the ships' set-up asked, to stop there)
    begin_combat(s, ["P4", "N2"], ScriptedRng([]))
    assert pending_decision(s) == ("battle_setup_defender", ["allied"])  # not asked: P4, listed first, is fought
    public = [x["text"] for x in s["log"] if x.get("to") in (None, "public")]
    assert "Side A (Japanese) fights the battles in the listed order: P4, then N2 (standing order)." in public
    told = [x["text"] for x in s["log"] if x.get("to") == "japanese" and "order changes nothing" in x["text"]]
    assert len(told) == 1 and not [x for x in s["log"] if x.get("to") == "allied" and "you were not asked" in x["text"]]


@pytest.mark.rule("4")
def test_two_battles_in_one_hex_are_ordered_by_side_a_with_the_standing_order_on_the_form():
    s = position(task_forces={"us-tf17": "P4", "ij-advance-force": "P4"},
                 ships={"us-hornet": "us-tf17", "ij-junyo": "ij-advance-force"},
                 air={"ij-1sd": "P4", "us-b8": "P4"})
    newcomer(s, "formation", "aa")
    begin_combat(s, ["P4"], ScriptedRng([]))
    assert pending_decision(s) == ("battle_order", ["japanese"])  # both sides strike P4: its ships are in both
    form = next(d for d in COMBAT_DECISIONS if d.id == "battle_order").prompt(s, "japanese")
    assert "Standing order" in form["actions"][0]["args"]["standing"]["each"]["label"]
    assert form["info"]["default"]["standing"] is True
    decide(s, "japanese", {"verb": "order_battles", "args": {"order": ["P4-allied", "P4-japanese"],
                                                             "standing": False}}, ScriptedRng([]))
    assert s["standing"]["japanese"]["battle_order"] is False


@pytest.mark.rule("4")
def test_one_battle_needs_no_order():
    s = example_10_state()
    begin_combat(s, ["N2"], ScriptedRng([]))
    assert pending_decision(s) == ("battle_setup_defender", ["japanese"])


@pytest.mark.rule("4")
def test_a_refused_order_changes_nothing():
    s = example_10_state()
    begin_combat(s, ["P4", "N2"], ScriptedRng([]))
    before = copy.deepcopy(s)
    with pytest.raises(MalformedAction, match="choose each value at most once"):  # a battle twice
        decide(s, "japanese", {"verb": "order_battles", "args": {"order": ["N2", "N2"]}}, ScriptedRng([]))
    assert s == before


def henderson_raid(dice):
    s = position(bases={"us-henderson": "N6"}, air={"ij-ks": "N6", "ij-ky": "N6"},
                 aboard={"us-sb141": ("us-henderson", "arming")})
    begin_combat(s, ["N6"], ScriptedRng([]))
    decide(s, "allied", {"verb": "cease_fire", "args": {}}, ScriptedRng(dice))
    return s


@pytest.mark.rule("4e2")
def test_base_damage_is_recorded_on_the_one_base_both_sides_see():
    # KS + KY: 5 + 5 medium level against Henderson's 4: 10 + 10 = 20 against 1 + 4 = 5: eliminated
    s = henderson_raid([10, 1])
    assert s["units"]["us-henderson"]["eliminated"] and s["units"]["us-sb141"]["eliminated"]
    line = next(x for x in s["log"] if x.get("data", {}).get("target") == "us-henderson")
    assert line["to"] == "public" and "Henderson eliminated" in line["text"]


@pytest.mark.rule("4e3")
def test_air_units_go_back_to_the_searchboard_battle_hex():
    s = henderson_raid([1, 10])
    assert s["units"]["ij-ks"]["location"] == s["units"]["ij-ky"]["location"] == {"hex": "N6"}
    assert s["combat"]["board"] == {} and s["combat"]["current"] is None


def after_battle_p4():
    """TF 16 and TF 17 in P4 after an air strike on Hornet that missed; Side B (the Allies) reorganises first."""
    s = position(task_forces={"us-tf16": "P4", "us-tf17": "P4", "us-tf64": "M9"},
                 ships={"us-enterprise": "us-tf16", "us-hornet": "us-tf17", "us-juneau": "us-tf17",
                        "us-washington": "us-tf64"},
                 air={"ij-1sd": "P4"})
    begin_combat(s, ["P4"], ScriptedRng([]))
    decide(s, "allied", {"verb": "set_up", "args": {"hexes": {"us-enterprise": "J12", "us-hornet": "L12",
                                                              "us-juneau": "J14"}, "facing": "N"}}, ScriptedRng([]))
    decide(s, "japanese", {"verb": "attack", "args": {"targets": {"ij-1sd": "us-hornet"}, "approach": {}}},
           ScriptedRng([]))
    decide(s, "allied", {"verb": "cease_fire", "args": {}}, ScriptedRng([1, 10]))
    assert pending_decision(s) == ("reorganise", ["allied"])
    return s


def reorganise(s, moves):
    return decide(s, "allied", {"verb": "reorganise", "args": {"moves": moves}}, ScriptedRng([]))


@pytest.mark.rule("4e1")
def test_ships_change_task_forces_within_their_hex_and_an_emptied_marker_is_removed():
    s = after_battle_p4()
    reorganise(s, {"us-hornet": "us-tf16", "us-juneau": "us-tf16"})
    assert s["units"]["us-hornet"]["location"] == {"tf": "us-tf16"}
    assert s["task_forces"]["us-tf17"]["hex"] is None  # TF 17's Ships box is empty: off the searchboard
    assert combat_over(s)  # Japan has no ships on the searchboard here


@pytest.mark.rule("4e1")
def test_a_spare_marker_splits_a_task_force_and_may_be_placed_in_one_hex_only():
    s = after_battle_p4()
    refused(lambda: reorganise(s, {"us-juneau": "us-tf-spare1", "us-washington": "us-tf-spare1"}), "4e1")
    reorganise(s, {"us-juneau": "us-tf-spare1"})
    assert s["task_forces"]["us-tf-spare1"]["hex"] == "P4"
    assert s["units"]["us-juneau"]["location"] == {"tf": "us-tf-spare1"}


@pytest.mark.rule("4e1")
def test_ships_may_not_join_a_task_force_in_another_hex():
    s = after_battle_p4()
    assert "not in" in refused(lambda: reorganise(s, {"us-hornet": "us-tf64"}), "4e1")
    refused(lambda: reorganise(s, {"us-hornet": "ij-advance-force"}), "4e1")


@pytest.mark.rule("4e1")
def test_side_b_then_side_a_and_then_the_phase_is_over():
    s = after_battle_p4()
    decide(s, "allied", {"verb": "keep", "args": {}}, ScriptedRng([]))
    # Japan has no ships on the searchboard here: nothing to reorganise
    assert combat_over(s)


def test_every_decision_kind_has_every_part():
    table = StatesTable(COMBAT_DECISIONS)
    assert table.missing([d.id for d in COMBAT_DECISIONS]) == []


def test_random_legal_play_through_the_combat_phase_ends_and_stays_json():
    """Random orders from each record's `random` (and missed orders from `default`) are legal, fit the prompt's
    schema, and the phase always ends."""
    table = StatesTable(COMBAT_DECISIONS)
    for seed in range(12):
        rng = SeededRng(seed)
        s = example_10_state()
        s["units"]["us-t10"] = {"side": "allied", "face": "front", "hits": 0, "location": {"hex": "N2"},
                                "box": "flying"}
        begin_combat(s, ["N2", "P4"], rng)
        for _ in range(60):
            waiting = pending_decision(s)
            if waiting is None:
                break
            kind, (role,) = waiting
            d = table[kind]
            prompt = d.prompt(s, role)
            action = d.default(s, role) if seed % 3 == 0 else d.random(s, role, rng)
            spec = next(a for a in prompt["actions"] if a["verb"] == action["verb"])
            check_action({spec["verb"]: {k: from_json(v) for k, v in spec["args"].items()}}, action)
            assert prompt_schema(prompt) is not None
            decide(s, role, action, rng)
        assert combat_over(s), seed
        assert json.loads(json.dumps(s)) == s


@pytest.mark.rule("4e1")
def test_a_reorganisation_is_told_to_its_own_side_only():
    s = after_battle_p4()
    reorganise(s, {"us-juneau": "us-tf-spare1"})
    line = s["log"][-2] if s["log"][-1]["text"] == "The Combat Phase is over." else s["log"][-1]
    assert line["to"] == "allied" and "Spare task force 1" in line["text"]


def test_the_records_work_through_decision_carry_out_too():
    """app.engine.states.Decision.carry_out hands check and resolve the checked arguments alone; the records tell the
    verb by its argument names, so the sequence may use either door."""
    table = StatesTable(COMBAT_DECISIONS)
    s = example_10_state()
    begin_combat(s, ["N2"], ScriptedRng([]))
    table["battle_setup_defender"].carry_out(s, "japanese", {"verb": "set_up", "args": {
        "hexes": {"ij-junyo": "J12", "ij-haruna": "H12", "ij-kongo": "L12", "ij-isuzu": "J14"}, "facing": "N"}},
        ScriptedRng([]))
    table["battle_setup_attacker"].carry_out(s, "allied", {"verb": "attack", "args": {
        "targets": {"us-b8": "ij-junyo", "us-t6": "ij-junyo"}, "approach": {"us-t6": "J11"}}}, ScriptedRng([]))
    table["aa_combat"].carry_out(s, "japanese", {"verb": "cease_fire", "args": {}}, ScriptedRng([]))
    assert pending_decision(s) == ("bombing_combat", ["allied"])
    with pytest.raises(IllegalAction, match=r"\(rule 4d\)$"):
        table["bombing_combat"].carry_out(s, "japanese", {"verb": "bomb", "args": {"combat": "ij-junyo:dive"}},
                                          ScriptedRng([]))


@pytest.mark.rule("4e")
def test_each_battle_is_fought_to_its_end_before_the_next():
    s = example_10_state()
    begin_combat(s, ["N2", "P4"], ScriptedRng([]))
    decide(s, "japanese", {"verb": "order_battles", "args": {"order": ["P4", "N2"]}}, ScriptedRng([]))
    decide(s, "allied", {"verb": "set_up", "args": {"hexes": {"us-hornet": "J12", "us-juneau": "H13",
                                                              "us-pensacola": "J14", "us-dd6": "L13"},
                                                    "facing": "N"}}, ScriptedRng([]))
    decide(s, "japanese", {"verb": "attack", "args": {
        "targets": {"ij-1zt": "us-hornet", "ij-2zt": "us-hornet", "ij-2sd": "us-hornet", "ij-1sd": "us-hornet"},
        "approach": {"ij-1zt": "I12", "ij-2zt": "K12"}}}, ScriptedRng([]))
    decide(s, "allied", {"verb": "cease_fire", "args": {}}, ScriptedRng([]))
    decide(s, "japanese", {"verb": "bomb", "args": {"combat": "us-hornet:dive"}}, ScriptedRng([1, 10, 1, 10]))
    # P4 is over (its board cleared, Hornet untouched) and N2 begins with Japan setting up
    assert s["combat"]["current"] == "N2" and set(s["combat"]["board"]) == set()
    assert pending_decision(s) == ("battle_setup_defender", ["japanese"])
    assert [x["at"] for x in s["log"]][-1] == "Combat Phase, battle N2: defender's set-up (4a1-4a2)"


# --- the standing order (issue 34, standing.py) --------------------------------------------------------------------

def battle_p4_with_standing_orders(dice, *asked):
    """after_battle_p4's strike on Hornet with the sides' standing orders on (a newcomer's game), but the defender's
    set-up and AA, given here, and those `asked`: the bombing dice given, so Hornet is missed or hit."""
    s = position(task_forces={"us-tf16": "P4", "us-tf17": "P4"},
                 ships={"us-enterprise": "us-tf16", "us-hornet": "us-tf17", "us-juneau": "us-tf17"},
                 air={"ij-1sd": "P4"})
    newcomer(s, "formation", "aa", *asked)
    begin_combat(s, ["P4"], ScriptedRng([]))
    decide(s, "allied", {"verb": "set_up", "args": {"hexes": {"us-enterprise": "J12", "us-hornet": "L12",
                                                              "us-juneau": "J14"}, "facing": "N"}}, ScriptedRng([]))
    decide(s, "japanese", {"verb": "attack", "args": {"targets": {"ij-1sd": "us-hornet"}, "approach": {}}},
           ScriptedRng([]))
    decide(s, "allied", {"verb": "cease_fire", "args": {}}, ScriptedRng(dice))
    return s


@pytest.mark.rule("4e1")
def test_with_no_ship_damaged_the_standing_order_keeps_the_task_forces_without_asking():
    s = battle_p4_with_standing_orders([1, 10])  # the bomb misses
    assert combat_over(s)
    told = [x["text"] for x in s["log"] if x.get("to") == "allied" and "standing order (4e1)" in x["text"]]
    assert told and told[0].startswith("Reorganisation by your standing order (4e1): task forces kept as they are. "
                                       "You are not asked")
    assert s["units"]["us-hornet"]["location"] == {"tf": "us-tf17"}


@pytest.mark.rule("4e1")
def test_the_standing_order_splits_a_damaged_ship_off_under_a_spare_marker_in_its_hex():
    s = battle_p4_with_standing_orders([3, 4])  # Hornet takes 1 hit; Juneau, in its task force, none
    assert combat_over(s)  # not asked
    spare = s["units"]["us-hornet"]["location"]["tf"]
    assert spare not in ("us-tf16", "us-tf17") and s["task_forces"][spare]["hex"] == "P4"
    assert s["units"]["us-juneau"]["location"] == {"tf": "us-tf17"}  # the sound ships stay
    assert s["units"]["us-enterprise"]["location"] == {"tf": "us-tf16"}
    told = [x["text"] for x in s["log"] if x.get("to") == "allied" and "standing order (4e1)" in x["text"]]
    assert told[0].startswith("Reorganisation by your standing order (4e1): damaged ships split off.")
    assert not [x for x in s["log"] if x.get("to") == "japanese" and "standing order (4e1)" in x["text"]
                and "damaged ships split off" in x["text"]]


@pytest.mark.rule("4e1")
def test_cancelled_the_reorganisation_is_asked_with_the_standing_order_on_its_form():
    s = battle_p4_with_standing_orders([3, 4], "reorganise")  # Hornet takes 1 hit
    assert pending_decision(s) == ("reorganise", ["allied"])
    p = reorganisation_prompt(s, "allied")
    keep = next(a for a in p["actions"] if a["verb"] == "keep")
    assert "Standing order" in keep["args"]["standing"]["each"]["label"] and p["info"]["default"]["standing"] is False
    decide(s, "allied", {"verb": "keep", "args": {"standing": True}}, ScriptedRng([]))
    assert s["standing"]["allied"]["reorganise"] is True


@pytest.mark.rule("4e1")
def test_the_reorganisation_offers_each_ship_only_the_markers_of_its_own_hex_and_the_spares():
    s = battle_p4_with_standing_orders([3, 4], "reorganise")  # Hornet takes 1 hit: the reorganisation is asked
    s["task_forces"]["us-tf16"]["hex"] = "Q5"  # Enterprise's Task Force 16 elsewhere than Hornet's
    moves = next(a for a in reorganisation_prompt(s, "allied")["actions"] if a["verb"] == "reorganise")["args"]["moves"]
    hornet, enterprise = moves["fields"]["us-hornet"], moves["fields"]["us-enterprise"]
    assert hornet["label"] == "Hornet" and enterprise["label"] == "Enterprise"
    assert "us-tf17" in hornet["choices"] and "us-tf16" not in hornet["choices"]
    assert "us-tf16" in enterprise["choices"] and "us-tf17" not in enterprise["choices"]
    assert "Spare task force 1" in hornet["labels"] and "Spare task force 1" in enterprise["labels"]
