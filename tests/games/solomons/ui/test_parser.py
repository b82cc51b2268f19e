"""The form parser alone, for the boards a short game does not reach in Game-Turn 1 (ground attack, Japanese mission
change, emergency transport destroyer, submarines): the fields become exactly the arguments validate.py reads."""
from __future__ import annotations

import pytest
from starlette.datastructures import FormData

from app.engine.orders import Assignment, Boolean, Integer, Optional
from app.games.solomons import ground_orders, intentions
from app.play.errors import BadRequest
from app.web.games.solomons import parse_form, plugin


def parse(kind: str, *fields: tuple[str, str]) -> dict:
    return parse_form(FormData([("verb", "submit"), ("kind", kind), *fields]), {"info": {"kind": kind}})


def read(kind: str, form: str, args: dict, *fields: tuple[str, str]) -> dict:
    """What the page's parser makes of a board whose fields are named as its typed orders (`arg.<name>.<id>`):
    the generic parser, typed by the prompt's arguments."""
    prompt = {"info": {"kind": kind, "form": form},
              "actions": [{"verb": "submit", "args": {k: v.to_json() for k, v in args.items()}}]}
    return plugin.parse_form(FormData([("verb", "submit"), ("kind", kind), ("form", form), *fields]), prompt)


def test_ground_attack_or_not():
    args = {"attack": Boolean(label="Attack"), "points": Optional(Integer(1, 4, label="Points"))}
    assert read("ground", "ground", args, ("arg.attack", "false"))["args"] == {"attack": False}
    assert read("ground", "ground", args, ("arg.attack", "true"), ("arg.points", "4"))["args"] == \
        {"attack": True, "points": 4}
    assert ground_orders.ARGS.keys() == args.keys()


def test_japanese_mission_change_abort_and_transfer():
    args = parse("reset", ("abort.japanese-tf-2", "1"), ("change.japanese-tf-1", "anti_ship"),
                 ("change.japanese-tf-3", ""), ("t.0.from", "rabaul"), ("t.0.to", "shortlands"),
                 ("t.0.kind", "lac"), ("t.0.points", "3"), ("t.1.from", "rabaul"), ("t.1.to", "rabaul"),
                 ("t.1.kind", "lac"), ("t.1.points", "0"))["args"]
    assert args == {"aborts": ["japanese-tf-2"], "mission_changes": {"japanese-tf-1": "anti_ship"},
                    "transfers": [{"from": "rabaul", "to": "shortlands", "kind": "lac", "points": 3}]}


def test_emergency_destroyer_and_cargo_under_transports():
    args = parse("allocation", ("tf.jp-CA-1", "2"), ("tf.jp-DD-1", "2"), ("tf.jp-CA-2", ""),
                 ("mission.2", "bombardment"), ("emergency.2", "jp-DD-1"), ("emergency_cargo.2", "ground"),
                 ("mission.1", "anti_ship"))["args"]
    assert args == {"task_forces": [{"units": ["jp-CA-1", "jp-DD-1"], "mission": "bombardment", "number": 2,
                                     "emergency_dd": "jp-DD-1", "emergency_cargo": "ground"}]}
    args = parse("allocation", ("tf.us-TR-1", "1"), ("mission.1", "transport"), ("cargo.us-TR-1.ground", "2"),
                 ("cargo.us-TR-1.supply", "1"), ("cargo.us-TR-2.ground", "3"))["args"]
    assert args == {"task_forces": [{"units": ["us-TR-1"], "mission": "transport", "number": 1,
                                     "cargo": {"us-TR-1": {"ground": 2, "supply": 1}}}]}


def test_submarines_and_anti_slot():
    args = parse("movement_plot", ("column.allied-tf-4", "1"), ("anti_slot.allied-tf-4", "1"),
                 ("plot.allied-tf-4.1", "O"))["args"]
    assert args == {"plots": {"allied-tf-4": {"hexes": {}, "anti_slot": True}}}
    args = parse("movement_plot", ("sub.jp-SS-1", "F"), ("sub.jp-SS-2", ""))["args"]
    assert args == {"plots": {}, "submarines": {"jp-SS-1": "F"}}


@pytest.mark.rule("5.14")
def test_base_moves_send_only_the_ships_that_change_base():
    spec = {"placement": Assignment(("us-CA-1", "us-TR-1"), ("australia", "espiritu_santo"), required=False)}
    # the board draws "stays" as a blank choice
    args = read("placement", "placement", spec, ("arg.placement.us-TR-1", '"espiritu_santo"'),
                ("arg.placement.us-CA-1", ""))["args"]
    assert args == {"placement": {"us-TR-1": "espiritu_santo"}}
    # a ship the form leaves out (a client that sends only the moves) stays, as a blank does
    assert read("placement", "placement", spec, ("arg.placement.us-TR-1", '"espiritu_santo"'))["args"] == args


@pytest.mark.rule("18")
def test_a_ticked_question_is_a_yes_and_every_other_a_no():
    fields = [(f"arg.answers.{k}", "false") for k in intentions.KEYS]  # each question's hidden "no" ...
    fields += [("arg.answers.slot", "true"), ("arg.answers.rabaul_transports", "true")]  # ... then the ticked boxes
    args = read("intelligence", "intentions", intentions.ARGS, *fields)["args"]
    assert args["answers"]["slot"] is True and args["answers"]["rabaul_transports"] is True
    assert args["answers"]["truk_sortie"] is False and len(args["answers"]) == 8


def test_an_unreadable_number_is_a_plain_message():
    with pytest.raises(BadRequest, match="whole number"):
        parse("air", ("m.0.source", "rabaul"), ("m.0.kind", "lac"), ("m.0.points", "many"))
    with pytest.raises(BadRequest):
        parse_form(FormData([("verb", "submit")]), None)


def test_the_umpires_plain_orders_go_through_the_generic_parser():
    prompt = {"info": {"kind": "umpire"}, "actions": [{"verb": "advance", "args": {}}, {"verb": "run", "args": {}}]}
    assert parse_form(FormData([("verb", "run")]), prompt) == {"verb": "run", "args": {}}
