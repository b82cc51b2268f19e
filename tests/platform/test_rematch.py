"""Rematches (issue 20 item 2): one click after the end offers the same game and options against the same opponent,
sides swapped; the opponent accepts (the rematch starts) or declines (the offer is gone and may be made again)."""
from __future__ import annotations

import re

from tests.platform.conftest import game_row, start_duel


def ended_duel(red, blue):
    gid = start_duel(red, blue, hits=3)
    assert red.post(f"/api/games/{gid}/resign", json={}).status_code == 200
    return gid


def test_the_opponent_accepts_a_rematch_with_sides_swapped(players):
    red, blue = players(), players()
    gid = ended_duel(red, blue)
    assert "Offer a rematch" in red.get(f"/games/{gid}").text
    r = red.post(f"/api/games/{gid}/rematch", json={})
    assert r.status_code == 200
    new = r.json()["game"]
    assert game_row(new).status == "open" and game_row(new).options == game_row(gid).options
    assert red.game(new)["role"] == "blue"  # the sides swapped
    page = blue.get(f"/games/{gid}").text
    assert f"<strong>{red.name}</strong> offers you a rematch" in page and "Accept the rematch" in page
    assert re.search(r"waiting for\s+1 player to accept", red.get(f"/games/{gid}").text)
    r = blue.post(f"/games/{gid}/rematch", data={"answer": "yes"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/games/{new}"
    assert game_row(new).status == "active" and blue.game(new)["role"] == "red"
    assert re.search(rf'<a href="/games/{new}">The rematch</a>', blue.get(f"/games/{gid}").text)


def test_a_declined_rematch_is_gone_and_may_be_offered_again(players):
    red, blue = players(), players()
    gid = ended_duel(red, blue)
    new = red.post(f"/api/games/{gid}/rematch", json={}).json()["game"]
    assert red.post(f"/api/games/{gid}/rematch", json={}).status_code == 409  # one offer at a time
    assert red.post(f"/api/games/{gid}/rematch", json={"answer": True}).status_code == 403  # not red's to answer
    assert blue.post(f"/api/games/{gid}/rematch", json={"answer": False}).json() == {"game": None}
    assert blue.get(f"/api/games/{new}").status_code == 404
    assert "Offer a rematch" in blue.get(f"/games/{gid}").text


def test_only_a_player_of_an_ended_game_offers_a_rematch(players):
    red, blue, watcher = players(), players(), players()
    gid = start_duel(red, blue, hits=3)
    r = red.post(f"/api/games/{gid}/rematch", json={})
    assert r.status_code == 409 and "once the game has ended" in r.json()["message"]
    red.post(f"/api/games/{gid}/resign", json={})
    r = watcher.post(f"/api/games/{gid}/rematch", json={})
    assert r.status_code == 403 and "Only a player" in r.json()["message"]
    assert "Offer a rematch" not in watcher.get(f"/games/{gid}").text


def test_a_tutorial_offers_no_rematch(players):
    from app.store.db import transaction
    from app.store.models import Game

    red, blue = players(), players()
    gid = ended_duel(red, blue)
    with transaction() as db:
        game = db.get(Game, gid)
        game.options = dict(game.options, tutorial="guadalcanal-example-10")
    assert "Offer a rematch" not in red.get(f"/games/{gid}").text
    r = red.post(f"/api/games/{gid}/rematch", json={})
    assert r.status_code == 409 and "tutorial has no rematch" in r.json()["message"]


def test_an_ended_game_no_longer_offers_to_notify_of_a_move(players):
    red, blue = players(), players()
    gid = start_duel(red, blue, hits=3)
    assert 'id="notify"' in red.get(f"/games/{gid}").text
    red.post(f"/api/games/{gid}/resign", json={})
    assert 'id="notify"' not in red.get(f"/games/{gid}").text


def test_a_rematch_seat_is_kept_for_its_player_even_from_its_invite_link(players):
    red, blue, stranger = players(), players(), players()
    gid = ended_duel(red, blue)
    new = red.post(f"/api/games/{gid}/rematch", json={}).json()["game"]
    links = red.get(f"/api/games/{new}/invites").json()
    token = next(s["url"] for s in links if s.get("url")).rsplit("/", 1)[-1]
    r = stranger.post(f"/api/invites/{token}")
    assert r.status_code == 403 and "kept for the player" in r.json()["message"]
    assert game_row(new).status == "open"


def test_a_rematch_keeps_the_opponent_the_computer_at_its_level_or_oneself_at_the_hot_seat(players):
    """A rematch is against the same opponent: the strong computer stays strong (issue 19), and a hot-seat game's
    rematch is a hot-seat game again, not one waiting for invited players."""
    from sqlalchemy import select

    from app.store.db import transaction
    from app.store.models import Seat

    me = players()
    gid = me.post("/api/games", json={"game": "solomons", "side": "allied", "opponent": "computer:strong"}).json()["id"]
    assert me.post(f"/api/games/{gid}/resign", json={}).status_code == 200
    new = me.post(f"/api/games/{gid}/rematch", json={}).json()["game"]
    with transaction(read_only=True) as db:
        bots = {s.role: s.bot for s in db.scalars(select(Seat).where(Seat.game_id == new))}
    assert bots == {"allied": "allied:strong", "japanese": None}  # sides swapped: the computer now plays the Allies

    hot = me.post("/api/games", json={"game": "duel", "opponent": "hot_seat"}).json()["id"]
    assert me.post(f"/api/games/{hot}/resign", json={}).status_code == 200
    again = me.post(f"/api/games/{hot}/rematch", json={}).json()["game"]
    assert game_row(again).status == "active" and me.game(again)["my_seats"] == ["red", "blue"]


def test_a_rematch_offer_is_pushed_to_the_other_players_page(players, anon):
    """Issue 34 item 5: the offer reaches the opponent's open page, with its answer's buttons, without a reload; the
    offerer's own page is told the rematch waits for one player."""
    from tests.platform.conftest import ws_headers

    red, blue = players(), players()
    gid = ended_duel(red, blue)
    with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(blue)) as ws:
        assert red.post(f"/api/games/{gid}/rematch", json={}).status_code == 200
        pushed = ws.receive_text()
    assert f"<strong>{red.name}</strong> offers you a rematch" in pushed and "Accept the rematch" in pushed
    assert 'id="rematch"' in pushed and "data-csrf" in pushed and blue.csrf not in pushed  # no one's token is pushed
