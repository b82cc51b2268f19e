"""The umpire's stepping gate (Guadalcanal 18, made general): nothing is held outside umpired play; a held step waits
for the umpire; "advance" releases that step only, "run" every later step of its span; a missed decision advances."""
from __future__ import annotations

import pytest

from app.engine import umpire_gate
from app.engine.contract import UMPIRE
from app.engine.rng import SeededRng


def walker(state, rng):
    """A toy game: three steps a Turn, each gated; the walker carries out released steps until one is held."""
    while state["i"] < 3:
        key = f"turn-{state['turn']}-step-{state['i']}"
        if umpire_gate.must_release(state, key, f"turn-{state['turn']}"):
            umpire_gate.hold(state, key, f"turn-{state['turn']}", f"step {state['i']}")
            return
        state["done"].append(key)
        state["i"] += 1


def resume(state, rng):
    walker(state, rng)


GATE = umpire_gate.decision(resume, rule="18")


def game(umpired=True):
    s = {"umpired": umpired, "turn": 1, "i": 0, "done": [], "log": []}
    walker(s, SeededRng(1))
    return s


@pytest.mark.rule("18")
def test_outside_umpired_play_nothing_is_held():
    s = game(umpired=False)
    assert s["done"] == ["turn-1-step-0", "turn-1-step-1", "turn-1-step-2"]
    assert GATE.deciders(s) == []


@pytest.mark.rule("18")
def test_advance_releases_one_step_and_run_the_rest_of_the_span():
    s = game()
    assert s["done"] == [] and GATE.deciders(s) == [UMPIRE]
    p = GATE.prompt(s, UMPIRE)
    assert p["title"] == "Release step 0, or run to the end of the Turn" and p["rule"] == "18"
    assert [a["verb"] for a in p["actions"]] == ["advance", "run"]
    s = GATE.carry_out(s, UMPIRE, {"verb": "advance", "args": {}}, SeededRng(1))
    assert s["done"] == ["turn-1-step-0"] and GATE.deciders(s) == [UMPIRE]
    assert s["log"][-1] == {"to": UMPIRE, "text": "You release step 0 (this step).", "data": {"at": "turn-1-step-0"}}
    s = GATE.carry_out(s, UMPIRE, {"verb": "run", "args": {}}, SeededRng(1))
    assert s["done"] == ["turn-1-step-0", "turn-1-step-1", "turn-1-step-2"] and GATE.deciders(s) == []
    # The run covered its span only: the next Turn is held again.
    s.update(turn=2, i=0)
    walker(s, SeededRng(1))
    assert GATE.deciders(s) == [UMPIRE] and umpire_gate.held(s)["key"] == "turn-2-step-0"


@pytest.mark.rule("18")
def test_a_missed_umpire_decision_advances_one_step_and_the_state_before_is_left_alone():
    s = game()
    default = GATE.default(s, UMPIRE)
    assert default == {"verb": "advance", "args": {}}
    after = GATE.carry_out(s, UMPIRE, default, SeededRng(1))
    assert after["done"] == ["turn-1-step-0"] and s["done"] == []
    assert GATE.random(s, UMPIRE, SeededRng(3))["verb"] in umpire_gate.VERBS


def test_options_umpired_is_read_as_well():
    assert umpire_gate.umpired({"options": {"umpired": True}}) and not umpire_gate.umpired({"options": {}})
