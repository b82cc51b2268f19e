"""An order's reply goes out before the other pages' pushes and the computer's answer (issue 18, item 1), drawn from
the same page models as the pushes, and a page is never sent an older drawing after a newer one."""
from __future__ import annotations

import asyncio
import dataclasses
import json
from collections import Counter

import pytest

from tests.fixtures.duel import Duel
from tests.platform.conftest import fire, start_duel, version_of, ws_headers
from tests.fixtures.spec import spec_of


def _post(app, path: str, token: str, body: dict, pushed: list) -> list[str]:
    """POST straight to the ASGI app, noting in `pushed` (shared with the pushes) when the reply's body went out."""
    scope = {"type": "http", "method": "POST", "path": path, "raw_path": path.encode(), "query_string": b"",
             "root_path": "", "scheme": "http", "http_version": "1.1", "server": ("testserver", 80),
             "client": ("127.0.0.1", 50000),
             "headers": [(b"host", b"testserver"), (b"content-type", b"application/json"),
                         (b"authorization", f"Bearer {token}".encode())]}
    payload = json.dumps(body).encode()
    asked = []

    async def receive():
        if not asked:
            asked.append(1)
            return {"type": "http.request", "body": payload, "more_body": False}
        await asyncio.sleep(3600)  # the client stays connected

    async def send(message):
        if message["type"] == "http.response.start":
            pushed.append(f"reply {message['status']}")
        elif message["type"] == "http.response.body" and not message.get("more_body"):
            pushed.append("reply sent")

    asyncio.run(app(scope, receive, send))
    return pushed


def test_the_reply_goes_before_the_pushes_and_the_pushes_after_the_commit(app, players):
    from app.realtime.hub import Subscriber, hub
    from tests.platform.conftest import game_row

    red, blue = players(), players()
    gid = start_duel(red, blue)
    order: list[str] = []

    async def page(text):
        order.append(f"push of version {version_of(text)}, committed {game_row(gid).version}")
    watcher = Subscriber(role="blue", user_id=None, send=page)
    hub.join(gid, watcher)
    try:
        _post(app, f"/api/games/{gid}/actions", red.token, {
            "action": {"verb": "fire", "args": {"salvos": 2}}, "expected_version": 0, "key": "k1"}, order)
    finally:
        hub.leave(gid, watcher)
    assert order == ["reply 200", "reply sent", "push of version 1, committed 1"]


class BlueBotDuel(Duel):
    """The test game with a computer player for Blue."""
    meta = dataclasses.replace(Duel.meta, id="duel_blue_bot", title="Duel with a Blue bot (test copy)")

    @property
    def bots(self):
        return {"blue": lambda view, prompt, rng: {"verb": "fire", "args": {"salvos": 1}}}


@pytest.fixture
def blue_bot():
    from app import games as registry

    registry.register(spec_of(BlueBotDuel()), web="app.web.plugin:GENERIC")
    yield
    registry._registry.pop("duel_blue_bot", None)


def test_the_computers_answer_comes_after_the_reply(players, blue_bot):
    red = players()
    r = red.post("/api/games", json={"game": "duel_blue_bot", "side": "red", "opponent": "computer"})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    version = red.game(gid)["game"]["version"]  # the computer has fired its first salvo
    reply = red.act(gid, "fire", {"salvos": 1}, version=version).json()
    # The reply is the position just after red's own order, with the computer still to answer; it answers after.
    assert reply["game"]["version"] == version + 1 and "Blue" in reply["waiting"]
    later = red.game(gid)
    assert later["game"]["version"] == version + 2 and "Blue" not in later["waiting"]


def test_each_roles_page_is_drawn_once_for_the_reply_and_the_pushes(players, anon, monkeypatch):
    from app.web import presenter
    from app.web import ws as ws_module

    red, blue, watcher = players(), players(), players()
    gid = start_duel(red, blue)
    drawn: Counter = Counter()

    def counting(real):
        def page_model(db, game, role, *a, **kw):
            drawn[role] += 1
            return real(db, game, role, *a, **kw)
        return page_model
    monkeypatch.setattr(presenter, "page_model", counting(presenter.page_model))  # page_models draws through it
    monkeypatch.setattr(ws_module, "page_model", counting(ws_module.page_model))
    sockets = [anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(who)) for who in (red, blue, watcher)]
    opened = [s.__enter__() for s in sockets]
    try:
        drawn.clear()  # the sockets' own first drawings
        out = fire(red, gid, 2, version=0)  # (no GET first: it would draw red's page too)
        got = [s.receive_text() for s in opened]
    finally:
        for s in sockets:
            s.__exit__(None, None, None)
    assert out["game"]["version"] == 1 and "You commit 2 salvo(s)." in json.dumps(out["view"]) + got[0]
    assert all(version_of(text) == 1 for text in got)
    assert drawn == Counter({"red": 1, "blue": 1, "spectator": 1})


def test_an_older_drawing_is_never_sent_after_a_newer_one():
    from app.realtime.hub import Fragment, Hub, Subscriber

    hub = Hub()
    seen: list[str] = []

    async def page(text):
        seen.append(str(text))
    sub = Subscriber(role="blue", user_id=None, send=page)
    hub.join("g", sub)

    async def race():
        older, newer = hub.ticket(), hub.ticket()
        await hub.send("g", [sub], {"blue": Fragment("version 2", "d2")}, newer)
        await hub.send("g", [sub], {"blue": Fragment("version 1", "d1")}, older)  # drawn first, sent late
        await hub.send("g", [sub], {"blue": Fragment("version 3", "d3")}, hub.ticket())
    asyncio.run(race())
    assert seen == ["version 2", "version 3"]


def test_an_order_takes_the_write_lock_once(players, anon, monkeypatch):
    """The seat lookup, the rules and the commit in one writing transaction; the reply and the pushes only read (on
    SQLite a writing transaction holds the database's one write lock). On PostgreSQL the other processes are told
    once, inside that transaction (its NOTIFY is delivered when it commits: no transaction of its own)."""
    from sqlalchemy import event

    from app.play import clocks
    from app.store.db import engine, is_postgres

    red, blue = players(), players()
    gid = start_duel(red, blue)
    writes, told = [], []
    monkeypatch.setattr(clocks, "tick", lambda at=None: [])  # the clock's own pass (a write every 5 s) is not counted

    def began(conn):
        if not conn.get_execution_options().get("read_only"):
            writes.append(1)

    def executed(conn, cursor, statement, params, context, many):
        if "pg_notify" in statement:
            told.append(conn.get_execution_options().get("read_only", False))
    with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(blue)) as ws:
        event.listen(engine(), "begin", began)
        event.listen(engine(), "before_cursor_execute", executed)
        try:
            fire(red, gid, 2, version=0)
            assert version_of(ws.receive_text()) == 1
        finally:
            event.remove(engine(), "begin", began)
            event.remove(engine(), "before_cursor_execute", executed)
    assert len(writes) == 1 and told == ([False] if is_postgres() else [])
