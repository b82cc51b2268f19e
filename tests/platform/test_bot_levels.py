"""Issue 19 items 2 and 3: the computer's level is chosen in the lobby, recorded on its seat, and that level's bot
plays the seat; while a computer seat owes its orders, the game page says the computer is thinking."""
from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from app import games

from app.games.solomons.rules import rules as solomons
from app.play import bots
from app.store.db import transaction
from app.store.models import Seat


def seat_records(game_id: str) -> dict[str, str | None]:
    with transaction(read_only=True) as db:
        return {s.role: s.bot for s in db.scalars(select(Seat).where(Seat.game_id == game_id))}


def create(player, game: str, side: str, opponent: str):
    return player.post("/games", data={"csrf_token": player.csrf, "game": game, "side": side, "opponent": opponent},
                       follow_redirects=False)


def test_the_create_form_offers_each_level_of_a_game_that_has_levels_and_one_computer_otherwise(players):
    host = players()
    form = host.get("/games/new?game=solomons").text
    assert '<option value="computer">The computer (easy)</option>' in form
    assert '<option value="computer:strong">The computer (strong)</option>' in form
    duel = host.get("/games/new?game=duel").text
    assert '<option value="computer">The computer</option>' in duel and "computer:" not in duel


# Each game with levels, a side for the human, the computer's side, and what the lobby's form adds (a scenario).
LEVELLED = [("solomons", "allied", "japanese", {}),
            ("guadalcanal", "allied", "japanese", {}),
            ("first_blood", "ij", "us", {}),
            ("usn", "allied", "japanese", {"scenario": "coral_sea"})]


@pytest.mark.parametrize("game,side,computer,extra", LEVELLED, ids=[g[0] for g in LEVELLED])
def test_choosing_the_strong_computer_seats_it_and_the_game_runs_the_strong_bot(players, monkeypatch, game, side,
                                                                               computer, extra):
    spec = games.get(game)
    asked = []
    strong = spec.bots["strong"][computer]
    monkeypatch.setitem(spec.bots["strong"], computer,
                        lambda view, prompt, rng: asked.append(prompt) or strong(view, prompt, rng))
    host = players()
    form = host.get(f"/games/new?game={game}").text
    assert '<option value="computer">The computer (easy)</option>' in form
    assert '<option value="computer:strong">The computer (strong)</option>' in form
    r = host.post("/games", data={"csrf_token": host.csrf, "game": game, "side": side, "opponent": "computer:strong",
                                  **extra}, follow_redirects=False)
    assert r.status_code == 303, r.text
    game_id = r.headers["location"].rsplit("/", 1)[1]
    assert seat_records(game_id)[computer] == f"{computer}:strong"
    assert bots.seat_level(f"{computer}:strong") == (computer, "strong")
    # each of these games asks the computer's side first (Solomons' allocation, Guadalcanal's and U.S.N.'s Japanese
    # set-up, First Blood's US set-up, §3): its strong seat has answered and its move was committed
    assert asked, "the strong bot was never asked to move for its seat"
    assert host.game(game_id)["game"]["version"] >= 1


def test_the_plain_computer_is_the_easy_bot_and_never_the_strong_one(players, monkeypatch):
    asked = []
    monkeypatch.setitem(solomons.bot_levels["strong"], "japanese", lambda *a: asked.append(a))
    host = players()
    r = create(host, "solomons", "allied", "computer")
    game_id = r.headers["location"].rsplit("/", 1)[1]
    assert seat_records(game_id)["japanese"] == "japanese" and asked == []


def test_a_level_the_game_does_not_have_is_refused_with_the_levels_it_has(players):
    host = players()
    r = host.post("/api/games", json={"game": "solomons", "side": "allied", "opponent": "computer"})
    assert r.status_code == 201
    r = create(host, "solomons", "allied", "computer:grandmaster")
    assert r.status_code == 400 and "easy, strong" in r.text
    r = create(host, "duel", "red", "computer:strong")
    assert r.status_code == 400 and "one level only" in r.text


def test_the_page_says_the_computer_is_thinking_while_its_orders_are_owed(players, monkeypatch):
    from app.web import actions
    monkeypatch.setattr(actions, "run_bots", lambda game_id: [])  # the computer has not answered yet
    host = players()
    r = create(host, "solomons", "allied", "computer:strong")
    game_id = r.headers["location"].rsplit("/", 1)[1]
    page = host.get(f"/games/{game_id}").text
    assert re.search(r"The computer is thinking\s+\(Japan\)", page)
    bots.run_bots(game_id)  # it answers: nothing of it is owed until the next decision
    page = host.get(f"/games/{game_id}").text
    assert "The computer is thinking" not in page
