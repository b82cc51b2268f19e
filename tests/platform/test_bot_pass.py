"""Issue 18 item 1: after a human's order the computer players' pass takes no write lock in a game where no computer
is seated (on SQLite every write transaction serialises the whole server)."""
from __future__ import annotations

from app.play import bots
from tests.platform.conftest import fire, start_duel


def test_no_write_transaction_for_computer_players_in_a_game_of_two_humans(players, monkeypatch):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    locked = []
    real = bots.lock_game
    monkeypatch.setattr(bots, "lock_game", lambda db, g: locked.append(g) or real(db, g))
    fire(red, gid)
    assert bots.run_bots(gid) == [] and locked == []

