"""A side can resign (issue 11, item 15): the game ends at once, the other side wins, and everyone sees why."""
from __future__ import annotations

from tests.platform.conftest import csrf_of, row_counts


def _duel(players):
    red, blue = players(), players()
    made = red.post("/api/games", json={"game": "duel", "side": "red"}).json()
    assert blue.post(f"/api/invites/{made['invite_tokens']['blue']}").status_code == 200
    return red, blue, made["id"]


def test_a_side_resigns_and_the_other_side_wins(players):
    red, blue, gid = _duel(players)
    page = blue.get(f"/games/{gid}").text
    assert 'action="/games/' + gid + '/resign"' in page
    before = row_counts()
    r = blue.post(f"/games/{gid}/resign", data={"csrf_token": csrf_of(page)}, follow_redirects=False)
    assert r.status_code == 400 and "confirm" in r.text  # the box must be ticked
    assert row_counts() == before
    r = blue.post(f"/games/{gid}/resign", data={"csrf_token": csrf_of(page), "confirm": "1"}, follow_redirects=False)
    assert r.status_code == 303
    g = red.game(gid)["game"]
    assert g["status"] == "ended" and g["outcome"]["winner"] == "red" and g["outcome"]["reason"] == "Blue resigned"
    assert red.act(gid, "fire", {"salvos": 1}).status_code == 409  # nothing more to play
    assert red.post(f"/api/games/{gid}/resign").status_code == 409


def test_only_a_side_may_resign(players):
    red, blue, gid = _duel(players)
    watcher = players()
    before = row_counts()
    assert watcher.post(f"/api/games/{gid}/resign").status_code == 403
    assert row_counts() == before
    assert red.post(f"/api/games/{gid}/resign").json()["outcome"]["winner"] == "blue"
