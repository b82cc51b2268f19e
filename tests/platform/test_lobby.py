"""The lobby as players use it: the create form, the open-seat list, invite links, and "my games"."""
from __future__ import annotations

import hashlib
import re

import pytest
from fastapi.testclient import TestClient

from tests.platform.conftest import csrf_of, fetch, html_sign_up, new_name, row_counts

INVITE = re.compile(r'value="http://testserver/invite/([A-Za-z0-9_-]+)"')


@pytest.fixture
def browsers(app):
    made = []

    def make():
        c = TestClient(app)
        c.__enter__()
        made.append(c)
        assert html_sign_up(c, new_name()).status_code == 303
        return c
    yield make
    for c in made:
        c.__exit__(None, None, None)


def _create_from_form(browser, game: str, **fields) -> tuple[str, str]:
    lobby = browser.get("/")
    data = {"csrf_token": csrf_of(lobby.text), "game": game, "scenario": "standard", "side": "red",
            "opponent": "human", "clock": "daily", **fields}
    r = browser.post("/games", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text
    game_id = r.headers["location"].rsplit("/", 1)[-1]
    page = browser.get(r.headers["location"])
    assert page.status_code == 200
    return game_id, page.text


def _my_game_row(html: str, game_id: str) -> str:
    m = re.search(rf'<tr class="[^"]*">\s*<td><a href="/games/{game_id}">.*?</tr>', html, re.S)
    assert m, f"game {game_id} is not in my games"
    return m.group(0)


def test_create_from_the_form_then_join_from_the_open_seat_list(browsers, listed_duel):
    host, guest = browsers(), browsers()
    game_id, page = _create_from_form(host, "duel_listed", **{"access.blue": "open"})
    assert "You are <strong>Red</strong>" in page
    assert "Blue: open" in page

    lobby = guest.get("/").text
    join = re.search(rf'<form method="post" action="/games/{game_id}/join".*?</form>', lobby, re.S)
    assert join, "the open seat is not listed for another player"
    assert 'name="role" value="blue"' in join.group(0)
    assert "clock daily" in lobby
    # the host sees the seat but is not offered to join their own game
    assert f'action="/games/{game_id}/join"' not in host.get("/").text

    r = guest.post(f"/games/{game_id}/join", data={"csrf_token": csrf_of(lobby), "role": "blue"},
                   follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/games/{game_id}"
    page = guest.get(f"/games/{game_id}").text
    assert "You are <strong>Blue</strong>" in page and "Your move." in page
    assert fetch("SELECT status FROM games WHERE id = :g", g=game_id)[0][0] == "active"
    # the seat left the list
    assert f'action="/games/{game_id}/join"' not in browsers().get("/").text


def test_joining_a_taken_seat_says_so_and_changes_nothing(browsers, listed_duel):
    host, guest, late = browsers(), browsers(), browsers()
    game_id, _ = _create_from_form(host, "duel_listed", **{"access.blue": "open"})
    lobby = guest.get("/").text
    guest.post(f"/games/{game_id}/join", data={"csrf_token": csrf_of(lobby), "role": "blue"})
    lobby = late.get("/").text
    before = row_counts()
    seats = fetch("SELECT role, user_id FROM seats WHERE game_id = :g ORDER BY role", g=game_id)
    r = late.post(f"/games/{game_id}/join", data={"csrf_token": csrf_of(lobby), "role": "blue"},
                  follow_redirects=False)
    assert r.status_code == 409 and "That seat is taken." in r.text
    assert row_counts() == before
    assert fetch("SELECT role, user_id FROM seats WHERE game_id = :g ORDER BY role", g=game_id) == seats


def test_invite_link_is_single_use_and_stored_hashed(browsers):
    host, guest, third = browsers(), browsers(), browsers()
    game_id, page = _create_from_form(host, "duel")
    m = INVITE.search(page)
    assert m, "the creator is not shown the invite link"
    token = m.group(1)
    # the host sees it again on every visit, labelled with the side it is for (issue 11, item 14)
    again = host.get(f"/games/{game_id}").text
    assert INVITE.search(again).group(1) == token and "<label>Blue: <input" in again

    # stored hashed: the raw token is nowhere in the seats table, its SHA-256 is
    rows = fetch("SELECT * FROM seats WHERE game_id = :g", g=game_id)
    assert token not in repr(rows)
    assert hashlib.sha256(token.encode()).hexdigest() in repr(rows)

    invite = guest.get(f"/invite/{token}")
    assert invite.status_code == 200 and "invites you to play Blue" in invite.text
    r = guest.post(f"/invite/{token}", data={"csrf_token": csrf_of(invite.text)}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/games/{game_id}"
    assert "You are <strong>Blue</strong>" in guest.get(f"/games/{game_id}").text

    invite = third.get(f"/invite/{token}")
    before = row_counts()
    r = third.post(f"/invite/{token}", data={"csrf_token": csrf_of(invite.text)}, follow_redirects=False)
    assert r.status_code == 404
    assert "This invitation has been used or does not exist." in r.text
    assert row_counts() == before
    assert "You are <strong>Spectator</strong>" in third.get(f"/games/{game_id}").text


def test_invite_link_for_an_anonymous_visitor_leads_to_sign_up_and_back(app, browsers):
    host = browsers()
    game_id, page = _create_from_form(host, "duel")
    token = INVITE.search(page).group(1)
    with TestClient(app) as visitor:
        r = visitor.get(f"/invite/{token}", follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == f"/signup?next=/invite/{token}"
        form = visitor.get(r.headers["location"]).text
        r = visitor.post("/signup", data={"csrf_token": csrf_of(form), "username": new_name(),
                                          "password": "correct horse", "next": f"/invite/{token}"},
                         follow_redirects=False)
        assert r.headers["location"] == f"/invite/{token}"
        invite = visitor.get(f"/invite/{token}").text
        r = visitor.post(f"/invite/{token}", data={"csrf_token": csrf_of(invite)}, follow_redirects=False)
        assert r.headers["location"] == f"/games/{game_id}"


def test_my_games_shows_whose_move_it_is(browsers):
    host, guest = browsers(), browsers()
    game_id, page = _create_from_form(host, "duel")
    row = _my_game_row(host.get("/").text, game_id)
    assert "open" in row  # waiting for the seat to be taken
    token = INVITE.search(page).group(1)
    guest.post(f"/invite/{token}", data={"csrf_token": csrf_of(guest.get(f"/invite/{token}").text)})

    # both sides plot at once: both are to move
    assert "<strong>Your move</strong>" in _my_game_row(host.get("/").text, game_id)
    assert "<strong>Your move</strong>" in _my_game_row(guest.get("/").text, game_id)

    game_page = host.get(f"/games/{game_id}").text
    form = re.search(r'<form class="action".*?</form>', game_page, re.S).group(0)
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form))
    r = host.post(f"/games/{game_id}/actions", data={**fields, "csrf_token": csrf_of(game_page),
                                                     "arg.salvos": "2"}, follow_redirects=False)
    assert r.status_code == 303, r.text

    host_row = _my_game_row(host.get("/").text, game_id)
    guest_row = _my_game_row(guest.get("/").text, game_id)
    assert "Your move" not in host_row and "Waiting for Blue" in host_row
    assert "<strong>Your move</strong>" in guest_row
    assert "Your move · " in guest.get(f"/games/{game_id}").text  # the tab title
    assert "Your move · " not in host.get(f"/games/{game_id}").text


def test_the_test_game_is_not_offered_in_the_lobby(browsers, anon):
    browser = browsers()
    lobby = browser.get("/").text
    choices = re.search(r'<select id="game" name="game".*?</select>', lobby, re.S)
    assert choices is not None
    assert 'value="duel"' not in choices.group(0) and "Gunnery Duel" not in choices.group(0)
    assert "duel" not in [g["id"] for g in anon.get("/api/game-types").json()]
    # nor are its open seats listed to others
    host = browsers()
    game_id, _ = _create_from_form(host, "duel")
    assert game_id not in browsers().get("/").text
    assert game_id not in [s["game_id"] for s in _api_lobby(browser)]


def _api_lobby(browser):
    r = browser.get("/api/lobby")
    assert r.status_code == 200
    return r.json()


def _at_once(calls):
    """Run the calls at the same instant, one thread each; return their responses in order."""
    import threading

    barrier = threading.Barrier(len(calls))
    out = [None] * len(calls)

    def go(i, call):
        barrier.wait()
        out[i] = call()
    threads = [threading.Thread(target=go, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return out


def test_two_players_taking_the_same_seat_at_once_one_gets_it(players):
    """Both are told "you are Blue" today on PostgreSQL: join_seat reads the seat without a lock, so the second
    UPDATE silently overwrites the first (SQLite's BEGIN IMMEDIATE happens to serialize them)."""
    host, first, second = players(), players(), players()
    for _ in range(6):
        made = host.post("/api/games", json={"game": "duel", "side": "red", "seat_access": {"blue": "open"}}).json()
        gid = made["id"]
        answers = _at_once([lambda p=p: p.post(f"/api/games/{gid}/join", json={"role": "blue"})
                            for p in (first, second)])
        codes = sorted(r.status_code for r in answers)
        assert codes == [200, 409], [r.text for r in answers]
        winner = (first, second)[[r.status_code for r in answers].index(200)]
        assert winner.game(gid)["role"] == "blue"
        loser = second if winner is first else first
        assert loser.game(gid)["role"] == "spectator"


def test_two_players_using_the_same_invite_at_once_one_gets_it(players):
    host, first, second = players(), players(), players()
    for _ in range(6):
        made = host.post("/api/games", json={"game": "duel", "side": "red"}).json()
        gid, token = made["id"], made["invite_tokens"]["blue"]
        answers = _at_once([lambda p=p: p.post(f"/api/invites/{token}") for p in (first, second)])
        codes = sorted(r.status_code for r in answers)
        assert codes in ([200, 404], [200, 409]), [r.text for r in answers]
        winner = (first, second)[[r.status_code for r in answers].index(200)]
        assert winner.game(gid)["role"] == "blue"


def test_two_sign_ups_for_the_same_name_at_once_one_gets_it(anon, app):
    from fastapi.testclient import TestClient

    with TestClient(app, raise_server_exceptions=False) as one, TestClient(app, raise_server_exceptions=False) as two:
        for _ in range(3):
            name = new_name()
            answers = _at_once([lambda c=c: c.post("/api/users", json={"username": name, "password": "correct horse"})
                                for c in (one, two)])
            assert sorted(r.status_code for r in answers) == [201, 409], [r.text for r in answers]
