"""The Pacific War 1942 states table and its walk: every decision the walk reaches has one complete record, each step
of the turn is a decision or a procedure, and the rule a page shows is the rule its refusals cite."""
import dataclasses

import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng, SeededRng
from app.games.pacific_war_1942 import orders, rules
from app.games.pacific_war_1942.sequence import PROCEDURES, SEQUENCE, TURN
from app.games.pacific_war_1942.states import STATES
from tests.games.pacific_war_1942.helpers import actions_phase, attack, play
from tests.games.pacific_war_1942.test_orders import seeded_positions

# Using Action Charts: spend AP; Allied Army Reserves: the re-roll decision (the walk's interrupt).
DECISION_KINDS = {"actions", "reroll"}


def sequence_kinds() -> set[str]:
    """Every decision seeded random games reach."""
    return {SEQUENCE.kind(state) for state, _ in seeded_positions(range(6))}


@pytest.mark.rule("Sequence of Play Each Turn")
def test_every_decision_kind_of_the_sequence_has_every_part():
    assert sequence_kinds() == DECISION_KINDS
    assert STATES.missing(DECISION_KINDS) == []
    assert {d.id for d in STATES} == DECISION_KINDS
    assert rules.states is STATES and rules.sequence is SEQUENCE


@pytest.mark.rule("Sequence of Play Each Turn")
def test_each_step_of_the_turn_is_a_decision_or_a_procedure_in_the_printed_order():
    """The AP roll and the BOT's roll give the player nothing to decide: they are procedures, not orders."""
    assert [(step.kind, step.kind in PROCEDURES) for step in TURN] == [
        ("ap", True), ("actions", False), ("japanese", True), ("end_of_turn", True)]
    assert all(step.kind in PROCEDURES or step.kind in STATES for step in TURN)
    assert not {"roll_ap", "japanese_action"} & set(orders.VERBS)


def test_a_record_without_a_part_or_a_kind_without_a_record_is_reported():
    table = type(STATES)([d for d in STATES if d.id != "reroll"]
                         + [dataclasses.replace(STATES["reroll"], default=None, random=None)])
    assert table.missing(DECISION_KINDS) == ["reroll.default", "reroll.random"]
    table = type(STATES)([d for d in STATES if d.id != "reroll"])
    assert table.missing(DECISION_KINDS) == ["reroll"]
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
        d = STATES[SEQUENCE.kind(state)]
        assert {a["verb"] for a in prompt["actions"]} <= set(d.verbs), d.id
        assert prompt["rule"] == d.rule
        rules.apply(state, "allied", rules.default_action(state, "allied"), SeededRng(1))  # legal: no refusal


@pytest.mark.parametrize("kind", sorted(DECISION_KINDS))
def test_the_rule_a_page_shows_is_the_rule_a_refusal_cites(kind):
    """At each decision the prompt cites its record's rule, and an order the decision does not take is refused
    citing the same rule."""
    s = actions_phase()
    if kind == "reroll":
        s["fronts"]["china"]["reserve"] = True
        s = play(s, attack("china"), dice=[1])
    record = STATES[kind]
    assert SEQUENCE.kind(s) == kind and rules.prompts(s)["allied"]["rule"] == record.rule
    other = next(verb for verb in orders.VERBS if verb not in record.verbs)
    args = {name: o.values()[0] for name, o in orders.VERBS[other].items()}
    with pytest.raises(IllegalAction, match=r"That order is not asked for now \(") as refused:
        rules.apply(s, "allied", {"verb": other, "args": args}, ScriptedRng())
    assert refused.value.rule == record.rule
