"""The states table: a decision kind with no record, or a record missing a part, is named; an order is judged by shape,
then by the rule, and only then carried out."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction, MalformedAction
from app.engine.orders import Choice, Integer
from app.engine.rng import SeededRng
from app.engine.states import Decision, StatesTable


def _refuse_three(state, role, action):
    if action["args"]["points"] == 3:
        raise IllegalAction("Three points may not attack here.", rule="9.9")


def _attack(**overrides) -> Decision:
    parts = dict(
        id="attack", rule="9.9", verbs={"attack": {"front": Choice(("north", "south")), "points": Integer(1, 4)}},
        deciders=lambda state: ["north"], prompt=lambda state, role: {"title": "Attack"},
        resolve=lambda state, role, action, rng: {**state, "done": action},
        default=lambda state, role: {"verb": "attack", "args": {"front": "north", "points": 1}},
        random=lambda state, role, rng: {"verb": "attack", "args": {"front": "south", "points": 1}},
        check=_refuse_three)
    parts.update(overrides)
    return Decision(**parts)


def test_a_kind_the_sequence_reaches_without_a_record_or_a_part_is_named():
    table = StatesTable([_attack(), _attack(id="retreat", default=None)])
    assert table.missing(["attack"]) == []
    assert table.missing(["attack", "retreat", "surrender"]) == ["retreat.default", "surrender"]
    with pytest.raises(KeyError, match="surrender"):
        table["surrender"]


def test_a_kind_recorded_twice_is_refused():
    with pytest.raises(ValueError, match="twice"):
        StatesTable([_attack(), _attack()])


def test_shape_is_judged_before_the_rule_and_nothing_is_carried_out_on_a_refusal():
    d = _attack()
    with pytest.raises(MalformedAction, match="Points"):
        d.carry_out({}, "north", {"verb": "attack", "args": {"front": "north", "points": 9}}, SeededRng(1))
    with pytest.raises(IllegalAction) as refused:
        d.carry_out({}, "north", {"verb": "attack", "args": {"front": "north", "points": 3}}, SeededRng(1))
    assert refused.value.rule == "9.9"
    done = d.carry_out({}, "north", {"verb": "attack", "args": {"front": "south", "points": 2}}, SeededRng(1))
    assert done["done"] == {"verb": "attack", "args": {"front": "south", "points": 2}}
