"""Revising secret orders tells the other side nothing new (issue 10, item 13): once a side's orders are in, the
other side learns that, and no more: its page gets no push when the orders are revised, however often."""
from __future__ import annotations

from tests.platform.conftest import version_of, ws_headers
from tests.running.test_clock_fairness import revisable  # noqa: F401  (the fixture)


def test_the_other_side_gets_no_push_when_orders_are_revised(players, client, revisable):  # noqa: F811
    red, blue, watcher = players(), players(), players()
    body = red.post("/api/games", json={"game": "duel_revisable", "side": "red",
                                        "options": {"hits_to_win": 5}}).json()
    gid = body["id"]
    assert blue.post(f"/api/invites/{body['invite_tokens']['blue']}").status_code == 200
    with client.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(red)) as red_ws, \
            client.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(watcher)) as watcher_ws, \
            client.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(blue)) as blue_ws:
        assert blue.act(gid, "fire", {"salvos": 1}).status_code == 200  # version 1: blue's orders are in
        assert version_of(red_ws.receive_text()) == 1 and version_of(watcher_ws.receive_text()) == 1
        for salvos in (2, 3, 1):  # versions 2-4: revisions, which only blue's own page shows
            assert blue.act(gid, "fire", {"salvos": salvos}).status_code == 200
        assert [version_of(blue_ws.receive_text()) for _ in range(4)] == [1, 2, 3, 4]
        assert red.act(gid, "fire", {"salvos": 2}).status_code == 200  # version 5: the round resolves
        # Each page counts only what it could see change (app/play/versions.py): red's and the spectator's
        # second version, not the game's fifth, which would count blue's revisions.
        assert version_of(red_ws.receive_text()) == 2, "red was told of blue's revisions"
        assert version_of(watcher_ws.receive_text()) == 2, "a spectator was told of blue's revisions"
    log = " ".join(x["text"] for x in red.game(gid)["view"]["log"])
    assert "Blue fires 1 salvo(s)" in log  # the last revision stood
