"""Example 10b (Battle Manual): the Combat Phase of October 27, Turn 2, battle N2, replayed roll for roll through the
functions that play real games. Dice are written attacker / defender, as the example prints them."""
from __future__ import annotations

import pytest

from app.engine.rng import ScriptedRng
from app.games.guadalcanal.combat import begin_combat, combat_over, decide, pending_decision
from app.games.guadalcanal.combat.examples import example_10_state

# Battle N2: Japan's ships (the AA attacker); the diagram is not transcribed, so the hexes are ours, all in range.
N2_SETUP = {"verb": "set_up", "args": {"hexes": {"ij-junyo": "J12", "ij-haruna": "H12", "ij-kongo": "L12",
                                                 "ij-isuzu": "J14"}, "facing": "N"}}
N2_ATTACK = {"verb": "attack", "args": {"targets": {"us-b8": "ij-junyo", "us-t6": "ij-junyo"},
                                        "approach": {"us-t6": "J11"}}}


def combats(state):
    """What the log says each combat was: (guns or bombers, target, attacker number, defender number, result)."""
    out = []
    for line in state["log"]:
        d = line.get("data", {})
        if "result" in d:
            out.append((d.get("guns") or d.get("air"), d["target"], d["attacker_total"], d["defender_total"],
                        d["attacker_number"], d["defender_number"], d["result"]))
    return out


def play_n2(rng, state=None):
    state = state or example_10_state()
    begin_combat(state, ["N2", "P4"], rng)
    assert pending_decision(state) == ("battle_order", ["japanese"])
    decide(state, "japanese", {"verb": "order_battles", "args": {"order": ["N2", "P4"]}}, rng)
    decide(state, "japanese", N2_SETUP, rng)
    decide(state, "allied", N2_ATTACK, rng)
    decide(state, "japanese", {"verb": "fire", "args": {"guns": ["ij-haruna", "ij-kongo", "ij-junyo"],
                                                        "target": "us-b8"}}, rng)
    decide(state, "japanese", {"verb": "fire", "args": {"guns": ["ij-isuzu"], "target": "us-t6"}}, rng)
    decide(state, "allied", {"verb": "bomb", "args": {"combat": "ij-junyo:dive"}}, rng)
    return state


@pytest.mark.rule("10b")
@pytest.mark.rule("4c2")
def test_battle_n2_anti_aircraft_combats():
    state = play_n2(ScriptedRng([6, 5, 2, 7, 4, 6, 6, 3]))
    aa = combats(state)[:2]
    # Haruna 2 + Kongo 2 + Junyo 3 = +7 against B8's defense 2: 6+7 = 13 against 5+2 = 7, one hit
    assert aa[0] == (["ij-haruna", "ij-kongo", "ij-junyo"], "us-b8", 7, 2, 13, 7, "hit")
    # Isuzu 1 against T6's defense 2: 2+1 = 3 against 7+2 = 9, no damage
    assert aa[1] == (["ij-isuzu"], "us-t6", 1, 2, 3, 9, "miss")
    assert state["units"]["us-b8"]["hits"] == 1 and state["units"]["us-t6"]["hits"] == 0


@pytest.mark.rule("10b")
@pytest.mark.rule("4b5")
def test_battle_n2_bombing_meets_the_damage_already_done():
    state = play_n2(ScriptedRng([6, 5, 2, 7, 4, 6, 6, 3]))
    dive, torpedo = combats(state)[2:]
    # B8's hit lowers its bombing 7 to 6; against Junyo's 3: 4+6 = 10 against 6+3 = 9, one hit
    assert dive == (["us-b8"], "ij-junyo", 6, 3, 10, 9, "hit")
    # T6's 6 against Junyo lowered to 2 by its hit: 6+6 = 12 against 3+2 = 5, two times: flipped
    assert torpedo == (["us-t6"], "ij-junyo", 6, 2, 12, 5, "flip")
    # the flip removes Junyo's hit marker
    assert (state["units"]["ij-junyo"]["face"], state["units"]["ij-junyo"]["hits"]) == ("back", 0)


@pytest.mark.rule("10b")
@pytest.mark.rule("4e3")
def test_battle_n2_ends_with_units_back_where_the_example_puts_them():
    state = play_n2(ScriptedRng([6, 5, 2, 7, 4, 6, 6, 3]))
    u = state["units"]
    # Junyo (back) and the others stay in the Advance Force's Ships box; B8 (1 hit) and T6 stay in N2
    assert [u[s]["location"] for s in ("ij-junyo", "ij-haruna", "ij-kongo", "ij-isuzu")] == [
        {"tf": "ij-advance-force"}] * 4
    assert (u["us-b8"]["location"], u["us-b8"]["hits"], u["us-t6"]["location"]) == ({"hex": "N2"}, 1, {"hex": "N2"})
    # the phase goes on to battle P4, with the Allies setting up their ships
    assert pending_decision(state) == ("battle_setup_defender", ["allied"])
    assert not combat_over(state)
