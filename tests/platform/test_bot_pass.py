"""Issue 18 item 1: after a human's order the computer players' pass takes no write lock in a game where no computer
is seated (on SQLite every write transaction serialises the whole server)."""
from __future__ import annotations

from app.play import bots
from tests.platform.conftest import fire, start_duel
from tests.realtime.test_after_reply import blue_bot  # noqa: F401  (the fixture)


def test_no_write_transaction_for_computer_players_in_a_game_of_two_humans(players, monkeypatch):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    locked = []
    real = bots.lock_game
    monkeypatch.setattr(bots, "lock_game", lambda db, g: locked.append(g) or real(db, g))
    fire(red, gid)
    assert bots.run_bots(gid) == [] and locked == []



def test_no_write_transaction_when_the_computer_owes_nothing(players, blue_bot, monkeypatch):
    """After the computer has answered, the next pass (another page's order, the start-up resume) only reads: the
    computer is seated but the game waits for the human."""
    red = players()
    gid = red.post("/api/games", json={"game": "duel_blue_bot", "side": "red", "opponent": "computer"}).json()["id"]
    version = red.game(gid)["game"]["version"]
    fire(red, gid, version=version)  # red fires; the computer (Blue) answers after the reply
    assert red.game(gid)["game"]["version"] == version + 2 and "Blue" not in red.game(gid)["waiting"]
    locked = []
    real = bots.lock_game
    monkeypatch.setattr(bots, "lock_game", lambda db, g: locked.append(g) or real(db, g))
    assert bots.run_bots(gid) == [] and locked == []


def test_an_order_between_humans_costs_no_computer_pass_and_no_notice_check(players, anon, monkeypatch):
    """Issue 18: the drawing after an order already read that no computer owes a move and that nobody takes notices;
    since issue 33 item 5 an order from the page's form is drawn with its commit as the JSON API's is, so neither
    path asks again."""
    from app.play import notify
    from app.web import actions
    from tests.platform.conftest import ws_headers

    red, blue = players(), players()
    gid = start_duel(red, blue)
    asked = []
    monkeypatch.setattr(actions, "run_bots", lambda g: asked.append("computer pass") or [])
    monkeypatch.setattr(notify, "schedule", lambda g, watching=None: asked.append("notice check"))
    with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(blue)) as ws:
        fire(red, gid)  # the JSON API: its reply drew the pages
        assert 'data-version="1"' in ws.receive_text()
        assert asked == []
        r = blue.post(f"/games/{gid}/actions", data={"verb": "fire", "arg.salvos": "1", "expected_version": "1",
                                                     "key": "blue-1"}, headers={"hx-request": "true"})
        assert r.status_code == 204, r.text  # the page's form: drawn with its commit too
        assert "Round 2" in ws.receive_text()
    assert asked == []
