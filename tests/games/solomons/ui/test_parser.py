"""The form parser alone, for the boards a short game does not reach in Game-Turn 1 (ground attack, Japanese mission
change, emergency transport destroyer, submarines): the fields become exactly the arguments validate.py reads. The
boards whose fields are named as the typed orders (`arg.<name>...`) are read by the platform's generic parser, then
tidied by their record (app/games/solomons: blank rows, the rules' defaults)."""
from __future__ import annotations

import pytest
from starlette.datastructures import FormData

from app.engine.orders import Assignment, Boolean, Integer, Optional
from app.games.solomons import ground_orders, intentions
from app.games.solomons.states import STATES
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


def board_args(kind: str, *fields: tuple[str, str], side: str = "allied") -> dict:
    """A board read by the generic parser, typed by its record's orders over their whole domain, then tidied by the
    record as a submission is (the rules' `tidy`, before the shape check)."""
    record = STATES[kind]
    args = read(kind, record.form, record.args(), *fields)["args"]
    return record.tidy(None, side, args)


def test_ground_attack_or_not():
    args = {"attack": Boolean(label="Attack"), "points": Optional(Integer(1, 4, label="Points"))}
    assert read("ground", "ground", args, ("arg.attack", "false"))["args"] == {"attack": False}
    assert read("ground", "ground", args, ("arg.attack", "true"), ("arg.points", "4"))["args"] == \
        {"attack": True, "points": 4}
    assert ground_orders.ARGS.keys() == args.keys()


def test_japanese_mission_change_abort_and_transfer():
    args = board_args("reset", ("arg.aborts", '"japanese-tf-2"'),
                      ("arg.mission_changes.japanese-tf-1", '"anti_ship"'), ("arg.mission_changes.japanese-tf-3", ""),
                      ("arg.transfers.0.from", '"rabaul"'), ("arg.transfers.0.to", '"shortlands"'),
                      ("arg.transfers.0.kind", '"lac"'), ("arg.transfers.0.points", "3"),
                      ("arg.transfers.1.from", '"rabaul"'), ("arg.transfers.1.to", '"rabaul"'),
                      ("arg.transfers.1.kind", '"lac"'), ("arg.transfers.1.points", "0"), side="japanese")
    assert args == {"aborts": ["japanese-tf-2"], "mission_changes": {"japanese-tf-1": "anti_ship"},
                    "transfers": [{"from": "rabaul", "to": "shortlands", "kind": "lac", "points": 3}]}
    # issue 11 item 4: the standing order on air transfers, set (the ticked box after its hidden "no") or cleared
    box = [("arg.standing", '{"no_transfers": false}'), ("arg.standing", '{"no_transfers": true}')]
    assert board_args("reset", *box)["standing"] == {"no_transfers": True}
    assert board_args("reset", box[0])["standing"] == {"no_transfers": False}


@pytest.mark.rule("6.21")
def test_a_carrier_given_no_points_does_not_train():
    args = board_args("cag_training", ("arg.carriers.0.unit", '"jp-CV-1"'), ("arg.carriers.0.nac", "0"),
                      ("arg.carriers.1.unit", '"jp-CV-2"'), ("arg.carriers.1.nac", "2"), side="japanese")
    assert args == {"carriers": [{"unit": "jp-CV-2", "nac": 2}]}
    assert board_args("cag_training", side="japanese") == {"carriers": []}  # no carrier can train: no rows


@pytest.mark.rule("6.22")
def test_air_rows_cap_covers_its_own_force_and_blank_rows_fly_nothing():
    row = [("arg.missions.0.source", '"allied-tf-1"'), ("arg.missions.0.kind", '"nac"'),
           ("arg.missions.0.counters", "1"), ("arg.missions.1.source", '"henderson"'), ("arg.missions.1.kind", '"lac"'),
           ("arg.missions.1.points", "0"), ("arg.missions.1.counters", "1")]
    args = board_args("air", *row, ("arg.missions.0.points", "4"), ("arg.missions.0.mission", '"cap_point"'))
    assert args["missions"] == [{"source": "allied-tf-1", "kind": "nac", "points": 4, "mission": "cap_point",
                                 "counters": 1, "target": "allied-tf-1"}]
    args = board_args("air", *row, ("arg.missions.0.points", "4"), ("arg.missions.0.mission", '"attack"'),
                      ("arg.missions.0.target", '"J1"'))
    assert args["missions"] == [{"source": "allied-tf-1", "kind": "nac", "points": 4, "mission": "attack",
                                 "target": "J1"}]


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
    args = board_args("movement_plot", ("arg.plots.allied-tf-4.anti_slot", "true"),
                      ("arg.plots.allied-tf-4.hexes.1", '"O"'))
    assert args == {"plots": {"allied-tf-4": {"hexes": {}, "anti_slot": True}}}  # 11.1: the server writes it
    args = board_args("movement_plot", ("arg.submarines.jp-SS-1", '"F"'), ("arg.submarines.jp-SS-2", ""),
                      side="japanese")
    assert args == {"plots": {}, "submarines": {"jp-SS-1": "F"}}


@pytest.mark.rule("6.37")
def test_a_slot_run_is_given_by_the_segment_it_leaves_rabaul_in():
    cells = [(f"arg.plots.japanese-tf-1.hexes.{s}", '"rabaul"') for s in range(1, 8)]
    args = board_args("movement_plot", *cells, ("arg.plots.japanese-tf-1.slot_start", "2"), side="japanese")
    assert args["plots"]["japanese-tf-1"] == {"slot": True, "hexes": {"1": "rabaul", "2": "K", "3": "L", "4": "M",
                                                                      "5": "L", "6": "K", "7": "rabaul"}}


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
    with pytest.raises(BadRequest, match="Air points: that value cannot be read"):
        board_args("air", ("arg.missions.0.source", '"rabaul"'), ("arg.missions.0.kind", '"lac"'),
                   ("arg.missions.0.points", "many"))
    with pytest.raises(BadRequest, match="give a whole number"):
        parse("allocation", ("tf.jp-CA-1", "two"))
    with pytest.raises(BadRequest):
        parse_form(FormData([("verb", "submit")]), None)


def test_the_umpires_plain_orders_go_through_the_generic_parser():
    prompt = {"info": {"kind": "umpire"}, "actions": [{"verb": "advance", "args": {}}, {"verb": "run", "args": {}}]}
    assert parse_form(FormData([("verb", "run")]), prompt) == {"verb": "run", "args": {}}
