"""A radio note (17c3) is text no page may fail on (issue 32 item 1): a note holding a lone UTF-16 surrogate or a
control character is refused by the rules with a message that says why, and nothing is stored; a note of several
lines is kept as written."""
from __future__ import annotations

import re

import pytest

from app.engine.errors import MalformedAction
from app.games.guadalcanal import radio, rules
from tests.games.guadalcanal.test_rule17 import note, team_game


@pytest.mark.rule("17c3")
@pytest.mark.parametrize("text, why", [("Meet at Q6 \ud800", "lone UTF-16 surrogate (\\ud800)"),
                                       ("\udc00", "lone UTF-16 surrogate (\\udc00)"),
                                       ("Turn north\x1b[2J", "control character (\\u001b)"),
                                       ("ring\x07", "control character (\\u0007)")])
def test_a_note_no_page_could_show_is_refused_and_not_stored(text, why):
    s = team_game()
    with pytest.raises(MalformedAction, match=re.escape(f"Message: it holds a {why}")):
        rules.apply(s, "allied.1", {"verb": "radio", "args": {"to": "allied.2", "text": text}}, None)
    assert s["team"]["radio"]["notes"] == []


@pytest.mark.rule("17c3")
def test_a_note_of_several_lines_is_kept_as_written():
    s = note(team_game(), "allied.1", "Line one\nline two\tend", [7, 3])
    assert [n["text"] for n in s["team"]["radio"]["notes"]] == ["Line one\nline two\tend"]
    assert radio.RULE == "17c3"
