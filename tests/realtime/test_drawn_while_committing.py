"""On SQLite an order's reply and pushes are drawn from its own transaction's position while another thread commits
it (issue 18: the commit's fsync and the drawing each took milliseconds, one after the other); nothing drawn so is
sent unless the commit succeeds."""
from __future__ import annotations

import os
import threading

import pytest
from sqlalchemy import event
from sqlalchemy.orm import Session

from tests.platform.conftest import game_row, start_duel, version_of

pytestmark = pytest.mark.skipif(os.environ.get("DATABASE_URL", "").startswith("postgresql"),
                                reason="PostgreSQL draws after the commit, in a read of its own")


def _order(player, gid: str, key: str):
    return player.post(f"/api/games/{gid}/actions", json={"action": {"verb": "fire", "args": {"salvos": 2}},
                                                          "expected_version": 0, "key": key})


def test_the_pages_are_drawn_while_the_commit_runs(players, monkeypatch):
    from app.realtime.hub import Subscriber, hub
    from app.web import api

    red, blue = players(), players()
    gid = start_duel(red, blue)
    drawing = threading.Event()
    overlapped = []
    real_fragment = api.fragment

    def fragment(model):
        drawing.set()
        return real_fragment(model)

    def before_commit(session):
        if session.info.get("order"):
            overlapped.append(drawing.wait(10))  # the commit waits until a page is being drawn
    monkeypatch.setattr(api, "fragment", fragment)
    real_page_facts = api.page_facts

    def page_facts(db, *a, **kw):
        db.info["order"] = True  # (the order's own transaction)
        return real_page_facts(db, *a, **kw)
    monkeypatch.setattr(api, "page_facts", page_facts)
    event.listen(Session, "before_commit", before_commit)
    got = []

    async def page(text):
        got.append(text)
    hub.join(gid, sub := Subscriber(role="blue", user_id=None, send=page))
    try:
        r = _order(red, gid, "k1")
    finally:
        event.remove(Session, "before_commit", before_commit)
        hub.leave(gid, sub)
    assert r.status_code == 200, r.text
    assert overlapped == [True]
    assert r.json()["game"]["version"] == 1 and [version_of(t) for t in got] == [1]


def test_a_commit_that_fails_sends_nothing_and_keeps_nothing(players, monkeypatch):
    from app.realtime.hub import Subscriber, hub
    from app.web import api

    red, blue = players(), players()
    gid = start_duel(red, blue)
    real_page_facts = api.page_facts

    def page_facts(db, *a, **kw):
        db.info["order"] = True
        return real_page_facts(db, *a, **kw)

    def before_commit(session):
        if session.info.get("order"):
            raise OSError("disk full")
    monkeypatch.setattr(api, "page_facts", page_facts)
    event.listen(Session, "before_commit", before_commit)
    got = []

    async def page(text):
        got.append(text)
    hub.join(gid, sub := Subscriber(role="blue", user_id=None, send=page))
    try:
        r = _order(red, gid, "k1")
        assert r.status_code == 503 and "could not be saved" in r.json()["message"]
    finally:
        event.remove(Session, "before_commit", before_commit)
        hub.leave(gid, sub)
    assert got == [] and game_row(gid).version == 0
    monkeypatch.undo()
    r = _order(red, gid, "k1")  # the same key, never applied, is applied now, once
    assert r.status_code == 200 and not r.json()["replayed"] and game_row(gid).version == 1
