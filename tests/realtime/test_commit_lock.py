"""SQLite: every write transaction commits under the process's commit lock (app/store/db.py `commit`), and a
transaction holds SQLite's write lock from its first statement to its commit. The two are taken in that order
only: a transaction whose first statement is the flush at its commit (a sign-in's session row, added and nothing
read) must take the write lock before the commit lock, or it waits for the write lock while holding the commit lock
that the order holding the write lock needs to commit: both stood still until SQLite's busy timeout (30 s) gave
up on the one and let the other through."""
from __future__ import annotations

import os
import threading
import time
import uuid
from types import SimpleNamespace

import pytest
from sqlalchemy import event, select

from tests.platform.conftest import actions_of, start_duel, version_of

pytestmark = pytest.mark.skipif(os.environ.get("DATABASE_URL", "").startswith("postgresql"),
                                reason="PostgreSQL's commits take no process-wide lock")

BUSY_MS = 2000  # SQLite's busy timeout in these tests: a stall shows as "database is locked" after 2 s, not 30


@pytest.fixture
def busy_timeout():
    """`busy_timeout(ms)`: new connections give up waiting for SQLite's write lock after `ms` (the pool is emptied
    then and after the test, so the rest of the run has the app's own timeout)."""
    from app.store import db

    engine = db.engine()
    listeners = []

    def lower(ms: int) -> None:
        def on_connect(dbapi_conn, _record):
            cur = dbapi_conn.cursor()
            cur.execute(f"PRAGMA busy_timeout={ms}")
            cur.close()
        engine.dispose()
        event.listen(engine, "connect", on_connect)
        listeners.append(on_connect)
    yield lower
    for on_connect in listeners:
        event.remove(engine, "connect", on_connect)
    engine.dispose()


def _user_id(name: str) -> int:
    from app.store.db import transaction
    from app.store.models import User

    with transaction(read_only=True) as db:
        return db.scalar(select(User.id).where(User.username == name))


def _open_session(user_id: int) -> str:
    """The last step of a sign-in: a transaction that adds the session's row and reads nothing."""
    from app.play.accounts import open_session
    from app.store.db import transaction

    with transaction() as db:
        return open_session(db, SimpleNamespace(id=user_id))


def _in_thread(fn, *args):
    """Run fn in a thread; (thread, outcome) with outcome filled with ("ok", value, seconds) or ("error", exc, s)."""
    outcome: list = []

    def run():
        start = time.perf_counter()
        try:
            outcome.append(("ok", fn(*args), time.perf_counter() - start))
        except BaseException as e:  # noqa: BLE001 - reported by the test
            outcome.append(("error", e, time.perf_counter() - start))
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, outcome


def test_a_transaction_that_only_adds_rows_never_waits_for_the_write_lock_under_the_commit_lock(players,
                                                                                                busy_timeout):
    """A transaction that locked a game (as an order's does) holds the write lock; meanwhile a sign-in's session
    row is committed. The sign-in waits for the write lock, the order commits at once, then the sign-in commits.
    (Before the fix: the sign-in waited for the write lock under the commit lock, the order for the commit lock,
    until the sign-in gave up with "database is locked".)"""
    from app.play.accounts import session_user
    from app.play.submit import lock_game
    from app.store.db import transaction

    busy_timeout(BUSY_MS)
    red, blue = players(), players()
    gid = start_duel(red, blue)
    user_id = _user_id(red.name)
    holding = threading.Event()
    release = threading.Event()

    def order():
        with transaction() as db:
            lock_game(db, gid)  # (BEGIN IMMEDIATE: the write lock is held from here)
            holding.set()
            release.wait(10)
            left = time.perf_counter()
        return time.perf_counter() - left  # how long its commit took

    a, a_out = _in_thread(order)
    assert holding.wait(10)
    b, b_out = _in_thread(_open_session, user_id)
    time.sleep(0.3)  # the sign-in is at its commit, waiting for the write lock
    release.set()
    a.join(BUSY_MS / 1000 * 3)
    b.join(BUSY_MS / 1000 * 3)
    assert a_out and b_out, "a transaction is still waiting"
    assert b_out[0][0] == "ok", f"the sign-in's commit failed: {b_out[0][1]!r}"
    assert a_out[0][0] == "ok", f"the order's commit failed: {a_out[0][1]!r}"
    assert a_out[0][1] < 1.0, f"the order waited {a_out[0][1]:.1f} s to commit"
    with transaction(read_only=True) as db:
        assert session_user(db, b_out[0][1]).username == red.name  # the session was kept


def test_many_orders_in_several_games_beside_sign_ins_never_stall(players, client, busy_timeout):
    """Orders from both sides of several games at once, over HTTP, while sessions are opened: every request is
    answered (none waits out SQLite's busy timeout, 5 s here: a writer queued behind nine others on a loaded
    machine was seen to wait a second), every applied order is applied once and a repeated one is not applied
    again, each game's pages carry its versions in commit order.

    Every order goes through one client, so through one event loop, as a server process has: each `players()`
    client runs the app on an event loop of its own (its own thread), and the two sides' pushes of one game were
    then sent by two threads at once, which no server does (the hub is only used from its process's one loop); a
    push of v12 was once seen before v11 so."""
    from app.realtime.hub import Subscriber, hub

    def bearer(player) -> dict[str, str]:
        return {"Authorization": f"Bearer {player.token}"}

    def game_of(player, gid):
        r = client.get(f"/api/games/{gid}", headers=bearer(player))
        assert r.status_code == 200, r.text
        return r.json()

    def act(player, gid, version, key):
        return client.post(f"/api/games/{gid}/actions", headers=bearer(player), json={
            "action": {"verb": "fire", "args": {"salvos": 1}}, "expected_version": version, "key": key})

    busy_timeout(5000)
    games = []
    for _ in range(4):
        red, blue = players(), players()
        games.append((start_duel(red, blue, hits=5), red, blue))
    user_id = _user_id(games[0][1].name)
    pushed: dict[str, list[int]] = {gid: [] for gid, _, _ in games}
    subs = []
    for gid, _, _ in games:
        async def send(text, gid=gid):
            pushed[gid].append(version_of(text))
        sub = Subscriber(role="spectator", user_id=None, send=send)
        hub.join(gid, sub)
        subs.append((gid, sub))
    stop = time.perf_counter() + 30
    problems: list[str] = []
    applied: dict[str, dict[str, list[str]]] = {gid: {red.name: [], blue.name: []} for gid, red, blue in games}

    def side(gid, player, orders=6):
        while len(applied[gid][player.name]) < orders and not problems:
            if time.perf_counter() > stop:
                problems.append("out of time")
                return
            page = game_of(player, gid)
            if page["game"]["status"] != "active":
                return
            if page["prompt"] is None:  # this side has fired this round: the other side's turn
                time.sleep(0.005)
                continue
            key = uuid.uuid4().hex
            r = act(player, gid, page["game"]["version"], key)
            if r.status_code == 409:  # the other side's order came between (or the game is over)
                continue
            if r.status_code != 200 or r.json()["replayed"]:
                problems.append(f"{r.status_code}: {r.text[:200]}")
                return
            applied[gid][player.name].append(key)
            again = act(player, gid, page["game"]["version"], key)
            if again.status_code != 200 or not again.json()["replayed"]:
                problems.append(f"a repeated submission: {again.status_code} {again.text[:200]}")

    def sign_ins(count=40):
        for _ in range(count):
            if problems:
                return
            try:
                _open_session(user_id)
            except Exception as e:  # noqa: BLE001
                problems.append(f"a sign-in failed: {e!r}")
                return
            time.sleep(0.005)

    threads = [threading.Thread(target=side, args=(gid, p), daemon=True)
               for gid, red, blue in games for p in (red, blue)]
    threads += [threading.Thread(target=sign_ins, daemon=True) for _ in range(2)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(max(0.1, stop + 5 - time.perf_counter()))
        assert not any(t.is_alive() for t in threads), "a request is still waiting"
    finally:
        for gid, sub in subs:
            hub.leave(gid, sub)
    assert problems == [], "\n".join(problems)
    for gid, _, _ in games:
        keys = [k for mine in applied[gid].values() for k in mine]
        assert keys, "no order of this game was applied"
        assert sorted(a.key for a in actions_of(gid)) == sorted(keys)  # each applied once, none lost
        assert pushed[gid] and pushed[gid] == sorted(set(pushed[gid]))  # in commit order, none twice
