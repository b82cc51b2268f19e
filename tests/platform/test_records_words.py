"""Records pages are written for a person (issue 11, item 9): the winner is a side's name and the result is in
words, and a replay says what happened at a moment in a sentence, not as raw action JSON or a phase id."""
from __future__ import annotations

from app import games as registry
from tests.platform.conftest import play_round, start_duel


def finished_duel(players):
    """Red wins a one-hit duel: the scripted dice give Red 6 and Blue 1."""
    red, blue = players(), players()
    gid = start_duel(red, blue, sandbox=True, dice=[6, 1], hits=1)
    play_round(red, blue, gid)
    return red, blue, gid


def test_a_finished_game_names_the_winning_side_and_its_result_in_words(players):
    red, _, gid = finished_duel(players)
    page = red.get(f"/games/{gid}").text
    assert "Game over." in page and "Red wins." in page
    assert "Winner: red" not in page and "(victory)" not in page
    report = red.get(f"/games/{gid}/report").text
    assert "Red wins." in report and "red wins" not in report


def test_a_solomons_result_reads_as_the_rulebook_would_say_it():
    from app.play.records import result_words
    label = registry.get("solomons").meta.label
    assert result_words(label, {"winner": "japanese", "level": "decisive_japanese_victory"}) == \
        "Japan wins: decisive Japanese victory."
    assert result_words(label, {"winner": None, "level": "draw"}) == "A draw."


def test_the_replay_says_what_happened_in_a_sentence(players):
    red, _, gid = finished_duel(players)
    page = red.get(f"/games/{gid}/replay?seq=1").text
    assert "Action 1: Red: fire (salvos: 1)." in page
    assert "&#34;verb&#34;" not in page and '"verb"' not in page     # no raw action JSON
    assert "Round 1" in page.split("</h1>")[0] and "round-1" not in page


def test_phase_ids_read_as_the_sequence_of_play():
    from app.play.records import phase_words
    assert phase_words("turn-1-exec1-seg3") == "Game-Turn 1, Plot Execution Phase 1, Segment 3"
    assert phase_words("turn-2-plot2") == "Game-Turn 2, Plot Phase 2"
