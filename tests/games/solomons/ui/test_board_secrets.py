"""The Solomons board as the web app draws it (with its helpers loaded) keeps every secret: the platform harness's
non-interference and canary checks over random legal play, on the full board rather than a bare render."""
from __future__ import annotations

import pytest

import app.web.games.solomons  # noqa: F401  (registers the board helpers, as the web app does at start-up)
from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.rng import SeededRng
from app.engine.testing import check_canaries, check_non_interference, random_positions
from app.games.solomons.rules import rules
from app.web.plugin import plugin_for
from app.web.templating import render


def board(role):
    plugin_for("solomons")  # installs the `sol` helpers the board's template calls
    def draw(view):
        html = render("games/solomons/board.html", view=view, role=role, prompt=None,
                      game={"id": "g", "version": 0, "status": "active"})
        assert 'id="solomons-map-counters"' in html  # the full board (the one renderer's map), not the fallback
        return html
    return draw


def positions(seed, stops=(0, 8, 30, 90)):
    return random_positions(rules, "campaign", {}, seed, stops)


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_the_full_board_shows_nothing_a_side_may_not_know(seed):
    for state in positions(seed):
        for role in ("allied", "japanese", SPECTATOR):
            check_non_interference(rules, state, role, SeededRng(seed), render=board(role))
            check_canaries(rules, state, role)


def test_the_umpire_board_renders():
    state = next(positions(1, stops=(0,)))
    assert "Guadalcanal Supply Status" in board(UMPIRE)(rules.view(state, UMPIRE))
