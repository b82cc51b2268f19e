"""The log's Game-Turns are grouped and drawn once per distinct input (app/web/log_view.py `_turn`,
app/web/templating.py `log_turn`, issue 37): a turn grouped for one role is never served to another role, and a
turn whose lines changed (an order wrote to it) is grouped and drawn afresh."""
from __future__ import annotations

from app.engine.contract import UMPIRE
from app.web import templating
from app.web.log_view import KIND_LABELS, recent_groups


def label(role):
    return {"red": "Red", "blue": "Blue"}.get(role, role)


def heading(line):
    return "Round 1" if line["text"].startswith("Round 1") else None


def drawn(lines, role):
    groups, _ = recent_groups(lines, role, label, heading)
    return templating.env.get_template("game/_log_runs.html").render(groups=groups, kinds=KIND_LABELS)


ROUND = [{"to": "public", "text": "Round 1: both sides load.", "n": 0},
         {"to": "red", "text": "Your orders are in.", "n": 1}]


def test_a_turn_grouped_for_one_role_is_not_served_to_another():
    assert "Your orders are in." in drawn(ROUND, "red")
    umpire = drawn(ROUND, UMPIRE)  # the same lines, another reader: named, not "your"
    assert "Orders in from Red." in umpire and "Your orders are in." not in umpire
    assert "Your orders are in." in drawn(ROUND, "red")


def test_a_turn_an_order_wrote_to_is_drawn_afresh():
    before = drawn(ROUND, "red")
    after = drawn([*ROUND, {"to": "public", "text": "Blue fires 1 salvo(s) and rolls 6: 7.", "n": 2}], "red")
    assert "Blue fires" not in before and "Blue fires 1 salvo(s) and rolls 6: 7." in after
    # the same text at another place in the log is another line: a memo keyed by the text alone would miss it
    moved = drawn([{**ROUND[0], "n": 5}, {**ROUND[1], "n": 6}], "red")
    assert 'data-n="5"' in moved and 'data-n="0"' not in moved


def test_the_newest_turn_alone_is_drawn_open_whichever_was_drawn_before():
    first = [{"to": "public", "text": "Round 1: both sides load.", "n": 0}]
    second = [*first, {"to": "public", "text": "Round 2: both sides load.", "n": 1}]

    def two_rounds(line):
        return line["text"].split(":")[0] if line["text"].startswith("Round") else None
    groups, _ = recent_groups(first, "red", label, two_rounds)
    assert 'class="log-turn" open><summary>Round 1' in templating.env.get_template("game/_log_runs.html").render(
        groups=groups, kinds=KIND_LABELS)
    groups, _ = recent_groups(second, "red", label, two_rounds)
    page = templating.env.get_template("game/_log_runs.html").render(groups=groups, kinds=KIND_LABELS)
    assert 'class="log-turn" open><summary>Round 2' in page and 'class="log-turn"><summary>Round 1' in page
