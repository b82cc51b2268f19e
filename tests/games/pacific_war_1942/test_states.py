"""The Pacific War 1942 states table (Contract v2): every step of the sequence of play that waits on the Allied player
has one complete record, so that a missing part is this failing test rather than a step that silently does nothing."""
import dataclasses

import pytest

from app.engine.rng import SeededRng
from app.games.pacific_war_1942 import orders, rules
from app.games.pacific_war_1942.states import STATES
from tests.games.pacific_war_1942.test_orders import seeded_positions

# Sequence of Play Each Turn: roll for AP, spend AP, roll for the Japanese BOT, and the reserve re-roll it may ask for.
DECISION_KINDS = {"ap", "actions", "japanese", "reroll"}


def sequence_kinds() -> set[str]:
    """Every step seeded random games reach that prompts the player (the step is `state["phase"]`)."""
    return {state["phase"] for state, _ in seeded_positions(range(6))}


@pytest.mark.rule("Sequence of Play Each Turn")
def test_every_decision_kind_of_the_sequence_has_every_part():
    assert sequence_kinds() == DECISION_KINDS
    assert STATES.missing(DECISION_KINDS) == []
    assert {d.id for d in STATES} == DECISION_KINDS
    assert rules.states is STATES


def test_a_record_without_a_part_or_a_kind_without_a_record_is_reported():
    table = type(STATES)([d for d in STATES if d.id != "reroll"]
                         + [dataclasses.replace(STATES["reroll"], default=None, random=None)])
    assert table.missing(DECISION_KINDS) == ["reroll.default", "reroll.random"]
    table = type(STATES)([d for d in STATES if d.id != "japanese"])
    assert table.missing(DECISION_KINDS) == ["japanese"]
    table = type(STATES)([d for d in STATES if d.id != "actions"] + [dataclasses.replace(STATES["actions"], verbs={})])
    assert table.missing(["actions"]) == ["actions.verbs"]


def test_the_records_share_out_every_verb_of_the_game_once():
    """orders.VERBS is the one record of the verbs: each decision takes its orders from it, and every verb is some
    decision's, so no order is published that no step accepts."""
    owners = [verb for d in STATES for verb in d.verbs]
    assert sorted(owners) == sorted(orders.VERBS)
    for d in STATES:
        assert all(d.verbs[v] is orders.VERBS[v] for v in d.verbs), d.id


def test_each_prompted_order_belongs_to_its_steps_record_and_the_missed_order_is_legal():
    for state, prompt in seeded_positions(range(3), steps=150):
        d = STATES[state["phase"]]
        assert {a["verb"] for a in prompt["actions"]} <= set(d.verbs), d.id
        assert prompt["rule"] == d.rule
        rules.apply(state, "allied", rules.default_action(state, "allied"), SeededRng(1))  # legal: no refusal
