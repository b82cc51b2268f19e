"""Who may take which seat (issue 10, items 3 and 4; issue 11, items 14 and 15): an invite-only seat (the
umpire's above all) is never listed and is taken only through its invite; the host chooses per seat and can
always see, renew or revoke a link; a sandbox game says its dice are scripted before anyone joins; "my games"
says who you play, where the game stands and whose move it is."""
from __future__ import annotations

import re

from tests.platform.conftest import csrf_of, row_counts

LINK = re.compile(r'value="(https?://[^"/]+)/invite/([A-Za-z0-9_-]+)"')


def test_the_umpire_seat_is_never_listed_nor_taken_from_the_lobby(players, listed_duel):
    host, second_account = players(), players()
    made = host.post("/api/games", json={"game": "duel_listed", "side": "red", "umpired": True,
                                         "seat_access": {"blue": "open"}}).json()
    gid = made["id"]
    listed = [(s["game_id"], s["role"]) for s in second_account.get("/api/lobby").json()]
    assert (gid, "blue") in listed and (gid, "umpire") not in listed
    assert 'name="role" value="umpire"' not in second_account.get("/").text
    before = row_counts()
    r = second_account.post(f"/api/games/{gid}/join", json={"role": "umpire"})
    assert r.status_code == 403 and "invitation only" in r.json()["message"]
    assert row_counts() == before
    assert second_account.post(f"/api/invites/{made['invite_tokens']['umpire']}").json()["role"] == "umpire"


def test_an_invite_only_side_is_not_listed_and_not_joinable_by_role(players, listed_duel):
    host, guest = players(), players()
    gid = host.post("/api/games", json={"game": "duel_listed", "side": "red"}).json()["id"]
    assert gid not in [s["game_id"] for s in guest.get("/api/lobby").json()]
    before = row_counts()
    r = guest.post(f"/api/games/{gid}/join", json={"role": "blue"})
    assert r.status_code == 403 and row_counts() == before


def test_the_host_renews_revokes_and_opens_seats(players, listed_duel):
    host, guest, outsider = players(), players(), players()
    made = host.post("/api/games", json={"game": "duel_listed", "side": "red"}).json()
    gid, first = made["id"], made["invite_tokens"]["blue"]
    assert outsider.get(f"/api/games/{gid}/invites").status_code == 403
    assert outsider.post(f"/api/games/{gid}/invites/blue", json={"do": "open"}).status_code == 403
    seats = host.get(f"/api/games/{gid}/invites").json()
    assert [(s["label"], s["access"], s["token"]) for s in seats] == [("Blue", "invite", first)]
    renewed = host.post(f"/api/games/{gid}/invites/blue", json={"do": "renew"}).json()[0]["token"]
    assert renewed != first
    assert guest.post(f"/api/invites/{first}").status_code == 404  # the old link is dead
    host.post(f"/api/games/{gid}/invites/blue", json={"do": "revoke"})
    assert guest.post(f"/api/invites/{renewed}").status_code == 404
    host.post(f"/api/games/{gid}/invites/blue", json={"do": "open"})
    assert (gid, "blue") in [(s["game_id"], s["role"]) for s in guest.get("/api/lobby").json()]
    assert guest.post(f"/api/games/{gid}/join", json={"role": "blue"}).status_code == 200


def test_invite_links_follow_the_host_the_request_came_to(players, monkeypatch):
    from app.config import get_settings

    monkeypatch.setattr(get_settings(), "base_url", "")
    host = players()
    made = host.post("/api/games", json={"game": "duel", "side": "red"}, headers={"host": "games.example:8443"}).json()
    assert made["invites"]["blue"] == f"http://games.example:8443/invite/{made['invite_tokens']['blue']}"
    page = host.get(f"/games/{made['id']}", headers={"host": "10.0.0.7:9000"}).text
    assert LINK.search(page).group(1) == "http://10.0.0.7:9000"


def test_the_invite_page_says_which_game_which_side_and_who_invites(players):
    host, guest = players(), players()
    made = host.post("/api/games", json={"game": "duel", "side": "red", "title": "Friday night"}).json()
    page = guest.get(f"/invite/{made['invite_tokens']['blue']}").text
    assert f"{host.name} invites you to play Blue" in page and "Friday night" in page
    assert "Scripted dice" not in page


def test_a_sandbox_game_says_its_dice_are_scripted_before_anyone_joins(players, listed_duel):
    host, guest = players(), players()
    made = host.post("/api/games", json={"game": "duel_listed", "side": "red", "sandbox": True,
                                         "dice_script": [6, 1], "seat_access": {"blue": "open"}}).json()
    gid = made["id"]
    lobby = guest.get("/").text
    entry = re.search(rf"<li>[^<]*Listed Duel.*?/games/{gid}/join.*?</li>", lobby, re.S).group(0)
    assert "Scripted dice" in entry and 'name="accept_scripted_dice"' in entry
    assert guest.get("/api/lobby").json()[0]["sandbox"] is True
    before = row_counts()
    r = guest.post(f"/api/games/{gid}/join", json={"role": "blue"})
    assert r.status_code == 409 and "script the dice" in r.json()["message"] and r.json()["sandbox"] is True
    r = guest.post(f"/games/{gid}/join", data={"role": "blue", "csrf_token": csrf_of(lobby)}, follow_redirects=False)
    assert r.status_code == 409 and "script the dice" in r.text
    assert row_counts() == before
    r = guest.post(f"/api/games/{gid}/join", json={"role": "blue", "accept_scripted_dice": True})
    assert r.status_code == 200


def test_a_sandbox_invite_page_warns_and_asks(players):
    host, guest = players(), players()
    made = host.post("/api/games", json={"game": "duel", "side": "red", "sandbox": True}).json()
    token = made["invite_tokens"]["blue"]
    page = guest.get(f"/invite/{token}").text
    assert "Scripted dice." in page and "knows every roll" in page
    assert 'name="accept_scripted_dice" value="1" required' in page
    assert guest.get(f"/api/invites/{token}").json()["sandbox"] is True
    assert guest.post(f"/api/invites/{token}").status_code == 409
    assert guest.post(f"/invite/{token}", data={"csrf_token": csrf_of(page), "accept_scripted_dice": "1"},
                      follow_redirects=False).status_code == 303


def test_my_games_names_the_opponent_the_stage_and_whose_move_newest_first(players):
    host, guest = players(), players()
    older = host.post("/api/games", json={"game": "duel", "side": "red"}).json()
    newer = host.post("/api/games", json={"game": "duel", "side": "red"}).json()
    for made in (older, newer):
        guest.post(f"/api/invites/{made['invite_tokens']['blue']}")
    assert host.act(older["id"], "fire", {"salvos": 1}).status_code == 200
    assert guest.act(older["id"], "fire", {"salvos": 1}).status_code == 200  # round 2 starts: news for both
    mine = host.get("/api/games").json()
    assert [g["game_id"] for g in mine][:2] == [older["id"], newer["id"]]
    line = mine[0]
    assert line["opponents"] == [{"role_label": "Blue", "player": guest.name}]
    assert line["stage"] == "Round 2" and line["your_move"] is True
    row = re.search(rf'<tr class="your-move">\s*<td><a href="/games/{older["id"]}">.*?</tr>', host.get("/").text,
                    re.S).group(0)
    assert f"Blue: {guest.name}" in row and "Round 2" in row and "<strong>Your move</strong>" in row
