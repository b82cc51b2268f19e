"""On SQLite an order's reply and pushes are drawn from its own transaction's position while another thread commits
it (issue 18: the commit's fsync and the drawing each took milliseconds, one after the other); nothing drawn so is
sent unless the commit succeeds."""
from __future__ import annotations

import os
import threading
from contextlib import contextmanager

import pytest
from sqlalchemy import event
from sqlalchemy.orm import Session

from tests.platform.conftest import game_row, start_duel, version_of

pytestmark = pytest.mark.skipif(os.environ.get("DATABASE_URL", "").startswith("postgresql"),
                                reason="PostgreSQL draws after the commit, in a read of its own")


def _order(player, gid: str, key: str):
    return player.post(f"/api/games/{gid}/actions", json={"action": {"verb": "fire", "args": {"salvos": 2}},
                                                          "expected_version": 0, "key": key})


@contextmanager
def watched_order(monkeypatch, gid: str, before_commit):
    """Mark the order's own transaction (the one that reads the page facts), run `before_commit` when it commits, and
    collect the pages blue's socket receives (yielded as a list)."""
    from app.realtime.hub import Subscriber, hub
    from app.web import actions

    real_page_facts = actions.page_facts

    def page_facts(db, *a, **kw):
        db.info["order"] = True  # (the order's own transaction)
        return real_page_facts(db, *a, **kw)

    def hook(session):
        if session.info.get("order"):
            before_commit(session)
    monkeypatch.setattr(actions, "page_facts", page_facts)
    event.listen(Session, "before_commit", hook)
    got = []

    async def page(text):
        got.append(text)
    hub.join(gid, sub := Subscriber(role="blue", user_id=None, send=page))
    try:
        yield got
    finally:
        event.remove(Session, "before_commit", hook)
        hub.leave(gid, sub)


def test_the_pages_are_drawn_while_the_commit_runs(players, monkeypatch):
    from app.web import ws

    red, blue = players(), players()
    gid = start_duel(red, blue)
    drawing = threading.Event()
    overlapped = []
    real_fragment = ws.fragment

    def fragment(model, *a):
        drawing.set()
        return real_fragment(model, *a)
    monkeypatch.setattr(ws, "fragment", fragment)
    # the commit waits until a page is being drawn
    with watched_order(monkeypatch, gid, lambda session: overlapped.append(drawing.wait(10))) as got:
        r = _order(red, gid, "k1")
    assert r.status_code == 200, r.text
    assert overlapped == [True]
    assert r.json()["game"]["version"] == 1 and [version_of(t) for t in got] == [1]


def test_a_commit_that_fails_sends_nothing_and_keeps_nothing(players, monkeypatch):
    red, blue = players(), players()
    gid = start_duel(red, blue)

    def disk_full(session):
        raise OSError("disk full")
    with watched_order(monkeypatch, gid, disk_full) as got:
        r = _order(red, gid, "k1")
        assert r.status_code == 503 and "could not be saved" in r.json()["message"]
    assert got == [] and game_row(gid).version == 0
    monkeypatch.undo()
    r = _order(red, gid, "k1")  # the same key, never applied, is applied now, once
    assert r.status_code == 200 and not r.json()["replayed"] and game_row(gid).version == 1
