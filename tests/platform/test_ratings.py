"""Ratings, players' pages and leaderboards (issue 20). What a player notices: choosing a rated game (refused, with
the reason, for a sandbox or the computer), the winner's rating rising and the loser's falling once the game ends,
exactly once even when two requests end it at the same moment, no change for an unrated game or a game won by a
claim, their page listing ratings and finished games, a private page, and a leaderboard that lists only players
with enough rated games."""
from __future__ import annotations

import threading

import pytest

from app.store.db import transaction
from tests.conftest import Player
from tests.platform.conftest import fetch, fire, game_row


@pytest.fixture
def fresh(app):
    """Players made for one test (the shared pool's players keep ratings from earlier tests)."""
    made = []

    def make():
        made.append(Player(app))
        return made[-1]
    yield make
    for p in made:
        p.close()


def rated_duel(red, blue, hits=1, **extra):
    made = red.post("/api/games", json={"game": "duel", "side": "red", "rated": True,
                                        "options": {"hits_to_win": hits}, **extra})
    assert made.status_code == 201, made.text
    body = made.json()
    assert blue.post(f"/api/invites/{body['invite_tokens']['blue']}").status_code == 200
    return body["id"]


def rating(player, game="duel"):
    found = [r for r in player.get(f"/api/players/{player.name}").json()["ratings"] if r["game"] == game]
    return found[0] if found else None


def changes(gid):
    return fetch("SELECT user_id, result FROM rating_changes WHERE game_id = :g ORDER BY result", g=gid)


def play_to_the_end(red, blue, gid):
    while game_row(gid).status == "active":
        # three salvos while the magazine holds them (the seed decides the hits: a long game empties it)
        fire(red, gid, min(3, red.game(gid)["view"]["magazine"]["red"]))
        if game_row(gid).status == "active":
            fire(blue, gid, 1)


def test_a_rated_game_moves_the_winner_up_and_the_loser_down_once(fresh):
    red, blue = fresh(), fresh()
    gid = rated_duel(red, blue)
    assert rating(red) is None
    play_to_the_end(red, blue, gid)
    winner = game_row(gid).outcome["winner"]
    won, lost = (red, blue) if winner == "red" else (blue, red)
    assert rating(won)["mu"] > 25 > rating(lost)["mu"] and rating(won)["games"] == rating(lost)["games"] == 1
    assert [r.result for r in changes(gid)] == ["lost", "won"]
    page = won.get(f"/players/{won.name}").text
    assert "Gunnery Duel" in page and ">won" in page and "Rated" in page
    from app.play import ratings
    from app.store.models import Game
    with transaction() as db:
        assert ratings.on_end(db, db.get(Game, gid)) is False  # a second call changes nothing
    assert len(changes(gid)) == 2


def test_a_rated_game_is_refused_with_the_reason_for_a_sandbox_or_the_computer(players):
    red = players()
    r = red.post("/api/games", json={"game": "duel", "side": "red", "rated": True, "sandbox": True})
    assert r.status_code == 400 and "sandbox game is never rated" in r.json()["message"]
    r = red.post("/api/games", json={"game": "pacific_war_1942", "rated": True})
    assert r.status_code == 400 and "solitaire game is never rated" in r.json()["message"]


def test_an_unrated_game_changes_no_rating(fresh):
    red, blue = fresh(), fresh()
    made = red.post("/api/games", json={"game": "duel", "side": "red", "options": {"hits_to_win": 1}}).json()
    blue.post(f"/api/invites/{made['invite_tokens']['blue']}")
    play_to_the_end(red, blue, made["id"])
    assert changes(made["id"]) == [] and rating(red) is None


def test_two_requests_ending_the_game_at_once_rate_it_once(fresh):
    red, blue = fresh(), fresh()
    gid = rated_duel(red, blue, hits=3)
    answers = []
    start = threading.Barrier(2)

    def resign(who):
        start.wait()
        answers.append(who.post(f"/api/games/{gid}/resign", json={}).status_code)

    threads = [threading.Thread(target=resign, args=(p,)) for p in (red, blue)]
    [t.start() for t in threads]
    [t.join() for t in threads]
    assert sorted(answers) == [200, 409]
    assert len(changes(gid)) == 2 and rating(red)["games"] == rating(blue)["games"] == 1


def test_a_game_won_by_a_claim_is_not_rated(players):
    red, blue = players(), players()
    gid = rated_duel(red, blue, hits=3)
    from app.play import ratings
    from app.store.models import Game
    with transaction() as db:
        game = db.get(Game, gid)
        game.status, game.outcome = "ended", {"winner": "red", "level": "claimed", "reason": "Blue missed 3 orders"}
        assert ratings.on_end(db, game) is False
    assert changes(gid) == []


def test_a_private_page_shows_only_the_name_and_leaves_the_leaderboard(fresh, players):
    red, blue, visitor = fresh(), fresh(), players()
    for _ in range(3):  # the leaderboard's minimum
        play_to_the_end(red, blue, rated_duel(red, blue))
    board = visitor.get("/api/leaderboards/duel")
    assert board.status_code == 404  # the test game is not listed: its board does not exist
    from app.play import ratings
    with transaction(read_only=True) as db:
        names = [e["player"] for e in ratings.leaderboard(db, "duel")]
    assert red.name in names and blue.name in names
    assert red.post("/players/me/visibility", data={"hidden": "1"}, follow_redirects=False).status_code == 303
    seen = visitor.get(f"/api/players/{red.name}").json()
    assert seen["hidden"] is True and seen["ratings"] == [] and seen["finished"] == []
    assert "keeps their page private" in visitor.get(f"/players/{red.name}").text
    with transaction(read_only=True) as db:
        assert red.name not in [e["player"] for e in ratings.leaderboard(db, "duel")]
    assert red.get(f"/api/players/{red.name}").json()["ratings"]  # the player still sees their own
