"""The game page carries the newest Game-Turns of the log (a late campaign's log ran to thousands of lines, all of it
in every push); the rest is on the whole-log page, drawn from the same view, so each reader reads there only what
the game page would show it."""
from __future__ import annotations

import re

from app.engine.log import entry
from app.web.log_view import RECENT_LINES
from tests.platform.conftest import rewrite_state, start_duel

TURNS, PER_TURN = 30, 20


def _long_log(state):
    log = []
    for t in range(1, TURNS + 1):
        log.append(entry("public", f"Turn {t} begins."))
        log += [entry("public", f"Turn {t}, public line {i}.") for i in range(PER_TURN - 2)]
        log.append(entry("red", f"Turn {t}: RED-ONLY-{t}."))
    return dict(state, log=log)


def test_the_page_carries_the_newest_turns_and_the_whole_log_page_the_rest_for_its_reader_only(players):
    red, blue = players(), players()
    game_id = start_duel(red, blue)
    rewrite_state(game_id, _long_log)
    page = red.get(f"/games/{game_id}").text
    log = re.search(r'<section id="log".*?</section>', page, re.S).group(0)  # (the test duel's board shows its view raw)
    assert "Turn 30, public line 0." in log and "RED-ONLY-30" in log
    assert "Turn 1, public line 0." not in log  # far beyond the page's RECENT_LINES
    shown = RECENT_LINES // PER_TURN
    assert f"{TURNS - shown} earlier turns are in" in log
    assert f'href="/games/{game_id}/log?seat=red"' in log
    whole = red.get(f"/games/{game_id}/log?seat=red")
    assert whole.status_code == 200
    assert "Turn 1, public line 0." in whole.text and "RED-ONLY-1." in whole.text
    theirs = blue.get(f"/games/{game_id}/log").text
    assert "Turn 1, public line 0." in theirs and "RED-ONLY" not in theirs  # the other side's lines stay its own
    assert blue.get(f"/games/{game_id}/log?seat=red").status_code == 403  # nobody reads through another's seat
