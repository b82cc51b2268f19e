"""The typed order kinds for lists and maps of parts (Solomons' task forces, plots and missions): each checks the shape
of a value, publishes a schema that agrees with the check, and reads back from its JSON."""
import jsonschema_rs
import pytest

from app.engine.errors import MalformedAction
from app.engine.orders import (Choice, Free, Group, Integer, Keyed, Optional, Repeated, action_schema, check_action,
                               from_json)
from app.engine.rng import SeededRng

FORCE = Group({"units": Choice(("DD-1", "CA-1")), "cargo": Optional(Integer(0, 3))})
VERBS = {"submit": {"forces": Repeated(FORCE, maximum=2, label="Forces"),
                    "plots": Optional(Keyed(Choice(("K", "L")), ("tf-1", "tf-2"), label="Plots")),
                    "standing": Optional(Free("standing orders the rules check"))}}


def test_lists_and_maps_of_parts_are_checked_naming_the_part():
    ok = {"verb": "submit", "args": {"forces": [{"units": "DD-1"}, {"units": "CA-1", "cargo": 2}]}}
    assert check_action(VERBS, ok) == ok["args"]  # the optional arguments may be left out
    for args, words in (({"forces": [{"units": "BB-1"}]}, "Forces, item 1, units: choose one of"),
                        ({"forces": [{"units": "DD-1"}] * 3}, "Forces: give at least 0 and at most 2, not 3"),
                        ({"forces": [], "plots": {"tf-9": "K"}}, 'Plots: "tf-9" is not one of'),
                        ({"forces": [], "plots": {"tf-1": "M"}}, "Plots, tf-1: choose one of"),
                        ({"forces": [{"units": "DD-1", "cargo": 4}]}, "4 is out of range"),
                        ({"plots": {}}, "Forces is missing")):
        with pytest.raises(MalformedAction, match=words):
            check_action(VERBS, {"verb": "submit", "args": args})
    check_action(VERBS, {"verb": "submit", "args": {"forces": [], "standing": {"anything": [1]}}})


def test_the_schema_agrees_with_the_check_and_the_json_reads_back():
    spec = {"verb": "submit", "args": {k: v.to_json() for k, v in VERBS["submit"].items()}}
    v = jsonschema_rs.validator_for(action_schema(spec))
    rng = SeededRng(3)
    for _ in range(50):
        action = {"verb": "submit", "args": {k: o.random(rng) for k, o in VERBS["submit"].items()}}
        check_action(VERBS, action)
        assert v.is_valid(action)
    assert v.is_valid({"verb": "submit", "args": {"forces": []}})
    assert not v.is_valid({"verb": "submit", "args": {"plots": {}}})
    assert not v.is_valid({"verb": "submit", "args": {"forces": [{"units": "DD-1", "cargo": 9}]}})
    for name, order in VERBS["submit"].items():
        again = from_json(order.to_json())
        assert again is not None and again.schema() == order.schema(), name
    assert Keyed(Integer()).check({"any-id": 3}) == {"any-id": 3}  # ids None: any id, as pieces made in play
