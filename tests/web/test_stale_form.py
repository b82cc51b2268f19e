"""A form drawn for a decision that has since passed (the other side's move, or the computer's, came in while the
page still showed it) is answered "the game has moved on", with the current position, and changes nothing; it is
not read against the new decision, whose fields it lacks ("that value cannot be read" told the player nothing)."""
from __future__ import annotations

from tests.platform.conftest import fire, row_counts, start_duel


def test_a_form_from_a_passed_decision_is_told_the_game_moved_on_not_that_it_cannot_be_read(players):
    red, blue = players(), players()
    gid = start_duel(red, blue, hits=3)
    drawn_at = red.game(gid)["game"]["version"]  # red's page, drawn for round 1's salvos
    fire(red, gid, 1)
    fire(blue, gid, 1)  # round 1 is over: red is asked again, for round 2
    before = row_counts()
    stale = {"csrf_token": red.csrf, "verb": "fire", "expected_version": str(drawn_at), "key": "round-1-form",
             "arg.salvos": "2", "arg.reserve.0.from": "magazine"}  # a field the new prompt does not draw
    r = red.post(f"/games/{gid}/actions", data=stale, headers={"HX-Request": "true"})
    assert r.status_code == 409 and "The game has moved on since your page was drawn" in r.text
    assert "cannot be read" not in r.text
    assert row_counts() == before
