"""Hot seat (issue 16): one person plays both sides at one screen (app/play/hot_seat.py).

What a player notices: the create form offers "Hot seat: I play both sides" for every game with an opponent and says
that they will see both sides; the game starts at once with every seat theirs and no invitation; it is never rated
(asking for a rated one is refused with the reason); they act for each side; the game page shows the side the game
asks now and, after each order sent from it, goes to the side asked next; nobody else can take a seat or act for
either side."""
from __future__ import annotations

import re

from app import games as registry
from tests.platform.conftest import fire_as, game_row, row_counts


def hot_seat(player, game="duel", **extra) -> str:
    r = player.post("/api/games", json={"game": game, "opponent": "hot_seat", **extra})
    assert r.status_code == 201, r.text
    assert r.json()["invite_tokens"] == {} and r.json()["status"] == "active"  # nobody to invite: it starts at once
    return r.json()["id"]


def shown_seat(page: str) -> str:
    return re.search(r'name="seat" value="([^"]+)"', page).group(1)


def test_the_creator_holds_every_seat_and_the_game_is_unrated(players):
    me = players()
    gid = hot_seat(me)
    game = me.game(gid)
    assert game["my_seats"] == ["red", "blue"]
    assert {s["player"] for s in game["seats"]} == {me.name}
    assert game_row(gid).rated is False
    # asking for a rated hot-seat game is refused, with the reason, and nothing is made
    before = row_counts()
    r = me.post("/api/games", json={"game": "duel", "opponent": "hot_seat", "rated": True})
    assert r.status_code == 400 and "hot-seat game is never rated" in r.json()["message"]
    assert row_counts() == before
    # the ratings' own reason, for any page that asks why
    from app.play import ratings
    assert ratings.why_unrated(sandbox=False, opponent="hot_seat", solitaire=False).startswith("A hot-seat game")


def test_the_umpire_s_seat_is_never_the_creator_s(players):
    me = players()
    r = me.post("/api/games", json={"game": "duel", "opponent": "hot_seat", "umpired": True})
    assert r.status_code == 201, r.text
    assert list(r.json()["invite_tokens"]) == ["umpire"]  # the umpire is someone else, invited
    assert me.game(r.json()["id"])["my_seats"] == ["red", "blue"]


def test_the_creator_acts_for_both_sides(players):
    me = players()
    gid = hot_seat(me, options={"hits_to_win": 5})
    r = fire_as(me, gid, 1)
    assert r.status_code == 400 and "say which one you act for" in r.json()["message"]
    assert fire_as(me, gid, 2, seat="red").status_code == 200
    assert fire_as(me, gid, 3, seat="blue").status_code == 200
    assert me.game(gid)["game"]["version"] == 2  # both orders stand: the round was fought


def test_nobody_else_can_join_and_a_stranger_cannot_act_for_either_side(players):
    me, stranger = players(), players()
    gid = hot_seat(me)
    before = row_counts()
    for role in ("red", "blue"):
        r = stranger.post(f"/api/games/{gid}/join", json={"role": role})
        assert r.status_code == 409 and "taken" in r.json()["message"], r.text
        r = fire_as(stranger, gid, 1, seat=role)
        assert r.status_code == 403, r.text
    assert fire_as(stranger, gid, 1).status_code == 403
    assert row_counts() == before
    assert all(s["game_id"] != gid for s in stranger.get("/api/lobby").json())


def test_the_game_page_shows_the_side_asked_now_and_follows_the_turn(players):
    me = players()
    gid = hot_seat(me, options={"hits_to_win": 5})
    assert shown_seat(me.get(f"/games/{gid}").text) == "red"  # both are asked: the first
    version = me.game(gid)["game"]["version"]
    r = me.post(f"/games/{gid}/actions", data={"verb": "fire", "arg.salvos": "2", "seat": "red",
                                               "expected_version": str(version), "key": "form-red"},
                headers={"HX-Request": "true"})
    assert r.status_code == 204 and r.headers["HX-Redirect"] == f"/games/{gid}"  # reload to the side asked next
    page = me.get(f"/games/{gid}").text
    assert shown_seat(page) == "blue"  # red has fired: only blue is asked
    assert f'<a href="/games/{gid}?seat=red">' in page  # and red's page is one click away
    assert shown_seat(me.get(f"/games/{gid}?seat=red").text) == "red"


def test_first_blood_hot_seat_opens_on_the_us_set_up(players):
    # First Blood lists the IJ seat first, but the US sets up first (§3): the page shows the US's prompt
    me = players()
    gid = hot_seat(me, game="first_blood")
    page = me.get(f"/games/{gid}").text
    assert shown_seat(page) == "us" and "Set up" in page


def test_the_create_form_offers_hot_seat_for_every_game_with_an_opponent(players):
    me = players()
    offered = 0
    for rules in registry.listed():
        page = me.get(f"/lobby/options?game={rules.meta.id}").text
        if rules.meta.solitaire:
            assert 'value="hot_seat"' not in page  # its own rules play the other side
            continue
        assert '<option value="hot_seat">Hot seat: I play both sides</option>' in page, rules.meta.id
        assert "you see both sides' information" in page
        offered += 1
    assert offered >= 3
