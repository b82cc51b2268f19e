"""The Solomons states table (issue 13): every decision kind the sequence of play reaches has one complete record, so
that a missing part is this failing test rather than a decision that silently does nothing."""
import dataclasses
import re
from pathlib import Path

from app.games.solomons import asking, sequence
from app.games.solomons.states import DECIDES, STATES

DECISION_KINDS = {"placement", "cag_training", "intelligence", "allocation", "movement_plot", "air", "reset", "ground"}


def sequence_kinds() -> set[str]:
    """Every kind the sequence data leads to (data/sequence.toml through states.DECIDES, and the steps the walker
    adds), less the procedures that run by themselves."""
    return {st["kind"] for st in sequence.STEPS} - set(sequence.PROCEDURES)


def test_every_decision_kind_of_the_sequence_has_every_part():
    assert sequence_kinds() == DECISION_KINDS
    assert STATES.missing(sequence_kinds()) == []
    assert not set(sequence.PROCEDURES) & {d.id for d in STATES}  # a step is a procedure or a decision, not both
    assert not set(sequence.PROCEDURES) & set(DECIDES)
    assert [d.id for d in DECIDES.values()] == [d.id for d in STATES]


def test_a_record_without_a_part_or_a_kind_without_a_record_is_reported():
    table = type(STATES)([d for d in STATES if d.id != "ground"]
                         + [dataclasses.replace(STATES["ground"], conclude=None, bot=None)])
    assert table.missing(sequence_kinds()) == ["ground.bot", "ground.conclude"]
    table = type(STATES)([d for d in STATES if d.id != "reset"])
    assert table.missing(sequence_kinds()) == ["reset"]
    table = type(STATES)([d for d in STATES if d.id != "air"] + [dataclasses.replace(STATES["air"], verbs={})])
    assert table.missing(["air"]) == ["air.verbs"]


def test_each_record_cites_the_rule_of_its_steps_and_names_a_board_the_page_draws_and_reads():
    """The record's rule is the one its step cites in the sequence table (Task Force Allocation is 5.2 in Plot Phase
    1 and 5.31 in Plot Phase 2); its form id names the board's template (and the
    parser of its fields, where the generic one cannot read them)."""
    from app.web.games.solomons.form_parser import PARSERS
    cited = {}
    for st in sequence.STEPS:
        if st["kind"] in STATES:
            cited.setdefault(st["kind"], set()).add(st["rule"])
    for d in STATES:
        assert d.rule in cited[d.id], d.id
        assert (Path(__file__).parents[3] / "templates" / "games" / "solomons" / f"_{d.form}.html").exists(), d.id
    # a board the generic parser cannot read (its fields are not named as the typed orders) has its own parser
    assert set(PARSERS) <= {d.form for d in STATES}


def test_the_standing_orders_answer_through_the_records_and_name_no_kind():
    """Issue 13: a standing order answers a decision through the record's `standing` part (and learns through its
    `renew`), so asking.py neither tests a step's kind by name nor keys anything by it."""
    assert {d.id for d in STATES if d.standing} == {"placement", "cag_training", "intelligence", "air", "reset"}
    assert {d.id for d in STATES if d.renew} == {"placement", "cag_training"}
    source = Path(asking.__file__).read_text()
    names = "|".join(DECISION_KINDS)
    assert re.findall(rf"""(?:==|!=)\s*["']({names})["']|["']({names})["']\s*:""", source) == []
