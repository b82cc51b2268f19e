"""Live push over the game websocket: authenticated by the session cookie, Origin checked, out-of-band
fragments after the opponent acts, catch-up on reconnect, and one render per distinct role per commit."""
from __future__ import annotations

import json
from collections import Counter

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.platform.conftest import fire, start_duel, version_of, ws_headers


def _sections(fragment: str) -> list[str]:
    import re

    return re.findall(r'<section id="(\w+)"[^>]*hx-swap-oob="true"', fragment)


def test_the_opponents_order_is_pushed_as_out_of_band_fragments(players, anon):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(blue)) as ws:
        fire(red, gid, 2)
        pushed = ws.receive_text()
    assert {"status", "board", "prompt", "log"} <= set(_sections(pushed))
    assert version_of(pushed) == 1
    assert 'data-your-move="yes"' in pushed and "Your move." in pushed
    assert "You commit 2 salvo(s)." not in pushed  # red's own log line stays red's


def test_the_acting_side_sees_its_own_order_pushed_too(players, anon):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(red)) as ws:
        fire(red, gid, 2)
        pushed = ws.receive_text()
    assert version_of(pushed) == 1 and "You commit 2 salvo(s)." in pushed
    assert 'data-your-move="no"' in pushed and "Waiting for Blue." in pushed


@pytest.mark.parametrize("origin", ["http://evil.example", "https://testserver.evil.example", "null"])
def test_a_bad_origin_is_refused(players, anon, origin):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    with pytest.raises(WebSocketDisconnect) as refused:
        with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(blue, origin=origin)):
            pass
    assert refused.value.code == 4403


@pytest.mark.parametrize("cookie", [None, "ib_session=not-a-session"])
def test_an_anonymous_socket_is_refused(players, anon, cookie):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    headers = {"origin": "http://testserver"}
    if cookie:
        headers["cookie"] = cookie
    with pytest.raises(WebSocketDisconnect) as refused:
        with anon.websocket_connect(f"/games/{gid}/ws", headers=headers):
            pass
    assert refused.value.code == 4401


def test_a_socket_for_a_game_that_does_not_exist_is_refused(players, anon):
    with pytest.raises(WebSocketDisconnect):
        with anon.websocket_connect("/games/nosuchgame/ws", headers=ws_headers(players())) as ws:
            ws.send_text(json.dumps({"since": -1}))
            ws.receive_text()


def test_a_reconnecting_page_is_caught_up_at_once(players, anon):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    fire(red, gid, 1)
    fire(blue, gid, 1)
    fire(red, gid, 1)  # version 3 while blue's page was away
    with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(blue)) as ws:
        ws.send_text(json.dumps({"since": 1}))
        caught_up = ws.receive_text()
        assert version_of(caught_up) == 3 and {"status", "board", "prompt", "log"} <= set(_sections(caught_up))
        assert "Round 2: both sides load." in caught_up
        # A page that is up to date gets nothing back: the next message is the next commit's push.
        ws.send_text(json.dumps({"since": 3}))
        ws.send_text("not json")  # and nonsense is ignored, not fatal
        fire(blue, gid, 1)
        assert version_of(ws.receive_text()) == 4


def test_one_render_per_distinct_role_per_commit(players, anon, monkeypatch):
    from app.realtime.hub import hub
    from app.web import ws as ws_module

    red, blue, w1, w2 = players(), players(), players(), players()
    gid = start_duel(red, blue)
    renders: Counter = Counter()
    real = ws_module.render_fragments

    def counting(model, *a, **kw):
        renders[model["role"]] += 1
        return real(model, *a, **kw)
    monkeypatch.setattr(ws_module, "render_fragments", counting)
    published_before = hub.published
    sockets = [(who, anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(who)))
               for who in (blue, blue, w1, w2, red)]
    opened = [(who, s.__enter__()) for who, s in sockets]
    try:
        fire(red, gid, 2)
        got = [(who, s.receive_text()) for who, s in opened]
    finally:
        for _, s in sockets:
            s.__exit__(None, None, None)
    assert hub.published - published_before == 1
    assert renders == Counter({"blue": 1, "spectator": 1, "red": 1})
    assert all(version_of(text) == 1 for _, text in got)
    assert got[0][1] == got[1][1]  # blue's two tabs get the same fragment
    assert got[2][1] == got[3][1]  # two spectators share one rendering
    assert got[0][1] != got[2][1] != got[4][1]


def test_a_dead_socket_is_dropped_and_the_others_still_get_their_push(players, anon):
    from app.realtime.hub import Subscriber, hub

    red, blue = players(), players()
    gid = start_duel(red, blue)

    async def dead(_text):
        raise ConnectionError("the browser went away")
    with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(blue)) as ws:
        ghost = Subscriber(role="blue", user_id=None, send=dead)
        hub.join(gid, ghost)
        assert hub.watchers(gid) == 2
        fire(red, gid, 1)
        assert version_of(ws.receive_text()) == 1
        assert ghost not in hub.channels.get(gid, set()) and hub.watchers(gid) == 1
        fire(blue, gid, 1)
        assert version_of(ws.receive_text()) == 2
    assert hub.watchers(gid) == 0  # a closed page leaves the channel


def test_the_host_sees_who_took_the_open_seat(players, anon):
    red, blue = players(), players()
    made = red.post("/api/games", json={"game": "duel", "side": "red"}).json()
    with anon.websocket_connect(f"/games/{made['id']}/ws", headers=ws_headers(red)) as ws:
        assert blue.post(f"/api/invites/{made['invite_tokens']['blue']}").status_code == 200
        pushed = ws.receive_text()
    seats = pushed[pushed.index('<span id="seats" hx-swap-oob="true"'):]
    seats = seats[:seats.index("</span>")]
    assert f"Blue: {blue.name}" in seats and f"Red: {red.name}" in seats
    assert 'data-open=""' in seats  # no seat is open: the host's page drops its invite links (static/app.js)


def test_signing_out_closes_that_sessions_sockets(players, anon):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    second = blue.post("/api/sessions", json={"username": blue.name, "password": "correct horse"}).json()
    with anon.websocket_connect(f"/games/{gid}/ws", headers={"origin": "http://testserver",
                                                             "cookie": f"ib_session={second['token']}"}) as gone, \
            anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(blue)) as stays:
        r = anon.delete("/api/sessions", headers={"authorization": f"Bearer {second['token']}"})
        assert r.status_code == 204
        fire(red, gid, 1)  # blue's other session still gets its pushes; the signed-out one is closed
        assert version_of(stays.receive_text()) == 1
        with pytest.raises(WebSocketDisconnect) as closed:
            gone.receive_text()
        assert closed.value.code == 4401


def test_an_expired_session_gets_no_more_pushes(players, anon):
    from datetime import timedelta

    from app.play.accounts import token_hash
    from app.play.clock import now
    from app.store.db import transaction
    from app.store.models import Session

    red, blue = players(), players()
    gid = start_duel(red, blue)
    second = blue.post("/api/sessions", json={"username": blue.name, "password": "correct horse"}).json()
    with anon.websocket_connect(f"/games/{gid}/ws", headers={"origin": "http://testserver",
                                                             "cookie": f"ib_session={second['token']}"}) as ws:
        with transaction() as db:
            db.get(Session, token_hash(second["token"])).expires_at = now() - timedelta(seconds=1)
        fire(red, gid, 1)
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 4401


def test_a_websocket_receive_in_the_tests_gives_up_instead_of_hanging(players, anon, monkeypatch):
    """tests/conftest.py puts a time limit on every websocket receive: nothing pushed fails the test, never hangs it."""
    import time

    import tests.conftest

    monkeypatch.setattr(tests.conftest, "WS_RECEIVE_SECONDS", 0.3)
    red, blue = players(), players()
    gid = start_duel(red, blue)
    with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(blue)) as ws:
        started = time.monotonic()
        with pytest.raises(AssertionError, match="no websocket message came within 0.3 s"):
            ws.receive_text()  # nobody acts, and the socket has not asked to catch up: nothing comes
        assert time.monotonic() - started < 5
