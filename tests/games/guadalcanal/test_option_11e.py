"""Option 11e: submarine attacks after the Air Return Phase. Both sides roll; a side whose number is three times the
other's may attack (11e1) a ship of an enemy task force it holds exact information on (11e2); the combat is resolved
normally (11e3) with +3 at night, -1 against a destroyer, +4 against a ship dead in the water (11e3.1) and +1 to the
defender per destroyer in the target's task force marker (11e3.2)."""
from __future__ import annotations

import json

import jsonschema_rs
import pytest

from app.engine.errors import IllegalAction
from app.engine.orders import prompt_schema
from app.engine.rng import ScriptedRng, SeededRng
from app.engine.sequence import HOLD
from app.engine.testing import random_action
from app.games.guadalcanal import rules, search, sequence, submarine, timetrack
from tests.games.guadalcanal.helpers import example_10

AFTER_AIR_RETURN = sequence.TURN.index(("submarine", None))


def game(spotted=("N2",), on=True, night=False):
    """Example 10's position (October 27, Turn 2, a day Turn; Turn 1 if `night`) with option 11e, the Allies having
    spotted the Japanese task forces in `spotted` this Turn (3d3.2)."""
    s = example_10()
    s["options"] = {"submarines": on}
    if night:
        s["time"]["turn"] = 1
    for h in spotted:
        search.answer(s, "allied", h, "Air search", at="test")
    return s


def roll(s, *dice):
    rng = ScriptedRng(list(dice))
    s["step"] = {"part": "turn", "kind": "submarine", "side": None, "index": AFTER_AIR_RETURN}
    waiting = sequence.submarine_step(s, rng) == HOLD
    assert rng.remaining == 0
    return waiting


def attack(target):
    return {"verb": "submarine_attack", "args": {"target": target}}


def fights(s):
    return [x["data"] for x in s["log"] if (x.get("data") or {}).get("combat") == "submarine"]


@pytest.mark.rule("11e")
def test_without_the_option_no_die_is_rolled_after_the_air_return():
    s = game(on=False)
    assert roll(s) is False


@pytest.mark.rule("11e1")
@pytest.mark.parametrize("dice, attacker", [((9, 3), "allied"), ((3, 1), "allied"), ((8, 3), None),
                                            ((5, 5), None), ((1, 4), None), ((10, 1), "allied")])
def test_a_side_attacks_only_when_its_roll_is_three_times_the_others(dice, attacker):
    s = game()
    waiting = roll(s, *dice)
    assert waiting is (attacker is not None)
    assert (s["step"]["side"] if waiting else None) == attacker
    assert s["log"][-1]["to"] == "public" and s["log"][-1]["text"].startswith(
        f"Submarine roll: Allied {dice[0]}, Japanese {dice[1]}")


@pytest.mark.rule("11e1")
def test_the_japanese_may_attack_too_and_the_winner_is_asked_for_a_target():
    s = game()
    search.answer(s, "japanese", "P4", "Air search", at="test")  # nothing there: no exact information
    assert roll(s, 2, 6) is False  # Japan wins the roll but holds exact information on no Allied task force
    assert "holds exact information on no Allied task force" in s["log"][-1]["text"]
    s = game()
    assert roll(s, 9, 2) is True
    assert rules.prompts(s).keys() == {"allied"} and rules.prompts(s)["allied"]["rule"] == "11e2"


@pytest.mark.rule("11e2")
def test_only_ships_of_a_task_force_spotted_with_exact_information_this_turn_may_be_attacked():
    s = game()
    assert set(submarine.targets(s, "allied")) == {"ij-junyo", "ij-haruna", "ij-kongo", "ij-isuzu"}
    roll(s, 9, 2)
    with pytest.raises(IllegalAction) as e:
        rules.check(s, "allied", attack("ij-shokaku"))  # the Striking Force was not spotted
    assert e.value.rule == "11e2"
    rules.check(s, "allied", attack("none"))  # the attack may be passed up
    # a marker placed in an earlier Turn may have moved since (3c): no longer exact
    stale = game()
    for c in stale["boards"]["allied"]["contacts"].values():
        c["seen"] = timetrack.label({**stale["time"], "turn": 1})
    assert submarine.targets(stale, "allied") == {}
    assert roll(stale, 9, 2) is False


@pytest.mark.rule("11e2")
def test_the_submarine_prompt_publishes_a_schema_its_random_and_missed_orders_fit():
    s = game()
    roll(s, 9, 2)
    prompt = rules.prompts(s)["allied"]
    v = jsonschema_rs.validator_for(prompt_schema(json.loads(json.dumps(prompt))))
    for seed in range(5):
        action = random_action(rules, s, "allied", SeededRng(seed))
        assert v.is_valid(action)
        rules.check(s, "allied", action)
    assert v.is_valid(rules.default_action(s, "allied"))
    assert rules.default_action(s, "allied")["args"]["target"] == "ij-junyo"
    assert prompt["actions"][0]["args"]["target"]["choices"] == ["ij-junyo", "ij-haruna", "ij-kongo", "ij-isuzu",
                                                                  "none"]


@pytest.mark.rule("11e3")
def test_the_attack_is_resolved_and_marked_as_a_combat_and_the_turn_goes_on():
    s = game()
    roll(s, 9, 2)
    s = rules.apply(s, "allied", attack("ij-junyo"), ScriptedRng([9, 1, 6, 4]))  # 9 against 1: eliminated
    (f,) = fights(s)
    assert (f["attacker_number"], f["defender_number"], f["result"]) == (9, 1, "eliminate")
    assert s["units"]["ij-junyo"]["box"] == "eliminated"
    assert s["time"]["turn"] == 3 and s["step"]["kind"] != "submarine"  # the next Turn began (6)
    assert next(x for x in s["log"] if (x.get("data") or {}).get("combat") == "submarine")["to"] == "public"


@pytest.mark.rule("11e3")
def test_passing_up_the_attack_rolls_nothing():
    s = game()
    roll(s, 9, 2)
    s = rules.apply(s, "allied", attack("none"), ScriptedRng([6, 4]))
    assert fights(s) == [] and s["time"]["turn"] == 3


@pytest.mark.rule("11e3.1")
def test_attacker_modifiers_night_destroyer_and_dead_in_the_water():
    assert submarine.attacker_modifiers(game(), "ij-junyo") == {}  # a day Turn (example 10: Turn 2)
    s = game(spotted=("N2", "R1"), night=True)
    assert submarine.attacker_modifiers(s, "ij-junyo") == {"night": 3}
    assert submarine.attacker_modifiers(s, "ij-dd13") == {"night": 3, "destroyer target": -1}
    s["units"]["ij-junyo"].update(face="back", hits=1)  # back movement 1, less a hit: dead in the water (11c)
    assert submarine.attacker_modifiers(s, "ij-junyo") == {"night": 3, "dead in the water": 4}


@pytest.mark.rule("11e3.1")
def test_the_modifiers_are_added_to_the_attackers_roll():
    s = game(night=True)
    assert roll(s, 9, 2)
    s = rules.apply(s, "allied", attack("ij-kongo"), ScriptedRng([1, 3, 6, 4]))  # 1+3=4 against 3: a hit
    (f,) = fights(s)
    assert (f["attacker_total"], f["attacker_number"], f["result"]) == (3, 4, "hit")
    assert s["units"]["ij-kongo"]["hits"] == 1


@pytest.mark.rule("11e3.2")
def test_the_defender_adds_one_per_destroyer_in_the_targets_own_task_force_marker():
    s = game(spotted=("R1",))
    s["task_forces"]["ij-vanguard-force"]["hex"] = "R1"  # another task force in the hex: its destroyers do not count
    s["units"]["ij-dd13"]["face"] = "front"
    assert submarine.defender_modifiers(s, "ij-shokaku") == {"destroyers": 4}  # DD #13: four ship symbols
    s["units"]["ij-dd13"]["face"] = "back"  # as scenario 1 sets it up
    assert submarine.defender_modifiers(s, "ij-shokaku") == {"destroyers": 2}  # its back shows two
    assert roll(s, 9, 2)
    s = rules.apply(s, "allied", attack("ij-shokaku"), ScriptedRng([5, 1, 6, 4]))  # 5 against 1+2=3: a hit
    (f,) = fights(s)
    assert (f["defender_total"], f["defender_number"], f["result"]) == (2, 3, "hit")
