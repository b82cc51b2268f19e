"""The create form's options for Guadalcanal (issue 34: names, never ids): rule 17a's command assignments are shown
by what they mean, never as "fleet_and_bases" / "west_and_east" (the values stay in the form's attributes)."""
import pytest

from app.games.guadalcanal import spec
from app.web.pages import _game_type
from app.web.templating import render
from tests.conformance.render import visible_text


@pytest.mark.rule("17a")
def test_rule_17a_command_assignments_are_shown_by_name():
    chosen = _game_type(spec, "3", {"teams": True})
    text = visible_text(render("lobby/_options.html", chosen=chosen, request=None, user=None, csrf="c"))
    assert "fleet_and_bases" not in text and "west_and_east" not in text
    assert "Fleet and bases" in text and "West and east" in text
