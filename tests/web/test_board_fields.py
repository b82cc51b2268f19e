"""The generic form parser reads a game's board whose fields are named as the typed orders (app/web/actions.py,
issue 13): repeated rows, keyed ids, a plot's segments and a free value's parts, so a game needs no parser of its
own; a part the board was not drawn with is a page to reload, never a server error."""
from __future__ import annotations

import pytest
from starlette.datastructures import FormData

from app.engine.orders import Boolean, Choice, Free, Group, Integer, Keyed, Optional, Plot, Repeated, args_json
from app.play.errors import BadRequest
from app.web.actions import action_from_form

ARGS = {
    "missions": Repeated(Group({"source": Choice(("rabaul", "truk")), "points": Integer(0, 9),
                                "target": Optional(Choice(("J1", "J2")))})),
    "changes": Optional(Keyed(Choice(("anti_ship", "transport")))),               # any id: named in play
    "plots": Optional(Keyed(Group({"hexes": Plot(("1", "2"), Choice(("K", "L"))), "slot": Boolean()},
                                  optional=("hexes", "slot")), ("tf-1", "tf-2"))),
    "aborts": Optional(Repeated(Free("a task force of yours"))),
    "doctrine": Optional(Free("attack doctrine")),
}
PROMPT = {"actions": [{"verb": "submit", "args": args_json(ARGS)}]}


def read(*fields: tuple[str, str]) -> dict:
    return action_from_form(FormData([("verb", "submit"), *fields]), PROMPT)["args"]


def test_repeated_rows_come_back_in_row_order_and_a_wholly_blank_row_is_none():
    args = read(("arg.missions.10.source", '"truk"'), ("arg.missions.10.points", "3"),
                ("arg.missions.2.source", '"rabaul"'), ("arg.missions.2.points", "1"),
                ("arg.missions.2.target", '"J2"'), ("arg.missions.3.points", ""), ("arg.missions.3.target", ""))
    assert args["missions"] == [{"source": "rabaul", "points": 1, "target": "J2"}, {"source": "truk", "points": 3}]
    assert "missions" not in read()  # nothing posted for it: left out, for the record's tidy or the shape check


def test_keyed_ids_are_those_the_form_names_or_the_spec_offers_and_a_blank_one_is_not_ordered():
    args = read(("arg.changes.tf-7", '"anti_ship"'), ("arg.changes.tf-8", ""),
                ("arg.plots.tf-2.hexes.1", '"K"'), ("arg.plots.tf-2.slot", "true"))
    assert args["changes"] == {"tf-7": "anti_ship"}
    assert args["plots"] == {"tf-2": {"hexes": {"1": "K"}, "slot": True}}  # tf-1 not drawn: not ordered


def test_repeated_values_may_be_one_field_posted_again_and_free_values_read_as_written():
    args = read(("arg.aborts", '"tf-1"'), ("arg.aborts", "tf-3"), ("arg.doctrine.priority.0", "BB"),
                ("arg.doctrine.priority.1", ""), ("arg.doctrine.odds", "1.5"), ("arg.doctrine.strict", "true"))
    assert args["aborts"] == ["tf-1", "tf-3"]
    assert args["doctrine"] == {"priority": {"0": "BB"}, "odds": 1.5, "strict": True}


@pytest.mark.parametrize("field", ["arg.plots.tf-9.hexes.1", "arg.plots.tf-1.hexes.3"])
def test_an_id_or_segment_the_board_was_not_drawn_with_is_a_page_to_reload(field):
    with pytest.raises(BadRequest, match="Reload the page"):
        read((field, '"K"'))


def test_an_unreadable_row_value_names_its_part():
    with pytest.raises(BadRequest, match="that value cannot be read"):
        read(("arg.missions.0.source", '"rabaul"'), ("arg.missions.0.points", "many"))


def test_a_choice_may_be_drawn_as_its_own_text_or_as_json():
    """A board may draw `value="K"` (what a player's browser and its tests select) or `value='"K"'`."""
    assert read(("arg.plots.tf-1.hexes.1", "K"), ("arg.plots.tf-1.hexes.2", '"L"'))["plots"] == \
        {"tf-1": {"hexes": {"1": "K", "2": "L"}, "slot": False}}
    text = {"actions": [{"verb": "submit", "args": args_json({"n": Choice(("1", "2"))})}]}
    assert action_from_form(FormData([("verb", "submit"), ("arg.n", "1")]), text)["args"] == {"n": "1"}
    with pytest.raises(BadRequest, match="cannot be read"):
        read(("arg.plots.tf-1.hexes.1", "Q"))  # neither JSON nor one of the choices
