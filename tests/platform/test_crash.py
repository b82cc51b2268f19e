"""The crash test: the real server is SIGKILLed while rounds are resolving, restarted, and found consistent.

uvicorn runs in a subprocess on a free port with its own temporary SQLite file (migrated first with
`python -m app migrate`), or, when the suite runs on PostgreSQL, on the suite's database. Two threads per game play through the JSON API; the server is killed at a random
moment while many submissions are in flight. After the restart: the games load, versions and action seqs are
contiguous, every acknowledged action is there exactly once, resubmitting an in-flight action with its key is
applied at most once, the dice still verify, and every game plays on to its end."""
from __future__ import annotations

import json
import os
import random
import shutil
import tempfile
import threading
import time
import uuid
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from tests.support_server import LiveServer

GAMES = 4
pytestmark = pytest.mark.live


def _json(value):
    return json.loads(value) if isinstance(value, str) else value


class Client:
    """One player of the live server, over plain HTTP with a bearer token."""

    def __init__(self, base: str, name: str):
        self.base, self.name = base, name
        self.http = httpx.Client(base_url=base, timeout=10)
        assert self.http.post("/api/users", json={"username": name, "password": "correct horse"}).status_code == 201
        self.sign_in()

    def sign_in(self) -> None:
        r = self.http.post("/api/sessions", json={"username": self.name, "password": "correct horse"})
        assert r.status_code == 201, r.text
        self.http.headers["authorization"] = f"Bearer {r.json()['token']}"

    def rebase(self, base: str) -> None:
        self.base = base
        headers = dict(self.http.headers)
        self.http.close()
        self.http = httpx.Client(base_url=base, timeout=10, headers=headers)

    def game(self, gid: str) -> dict:
        r = self.http.get(f"/api/games/{gid}")
        assert r.status_code == 200, r.text
        return r.json()

    def submit(self, gid: str, version: int, key: str) -> httpx.Response:
        return self.http.post(f"/api/games/{gid}/actions", json={
            "action": {"verb": "fire", "args": {"salvos": 1}}, "expected_version": version, "key": key})


def _database_url(name: str) -> str:
    """The suite's PostgreSQL database when the suite runs on one (the server's games are rows of their own);
    otherwise a temporary SQLite file for this server alone."""
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgresql"):
        return url
    folder = Path(tempfile.mkdtemp(prefix="ironbottom-live-"))
    _TEMP_DIRS.append(folder)
    return f"sqlite:///{folder / name}"


_TEMP_DIRS: list[Path] = []


@pytest.fixture(autouse=True)
def _remove_temp_databases():
    yield
    while _TEMP_DIRS:
        shutil.rmtree(_TEMP_DIRS.pop(), ignore_errors=True)


class Db:
    """Reads the server's database directly, as the server left it."""

    def __init__(self, url: str):
        self.engine = create_engine(url, poolclass=NullPool)

    def rows(self, sql: str, **params):
        with self.engine.connect() as conn:
            return [r._mapping for r in conn.execute(text(sql), params)]

    def count_key(self, gid: str, key: str) -> int:
        return self.rows("SELECT count(*) AS n FROM actions WHERE game_id = :g AND key = :k", g=gid, k=key)[0]["n"]


def _player_loop(client: Client, role: str, games: list[str], acked: dict, inflight: dict, stop: threading.Event):
    """Keep submitting for `role` in every game until the server dies; remember what was acknowledged."""
    while not stop.is_set():
        progressed = False
        for gid in games:
            try:
                g = client.game(gid)
            except (httpx.HTTPError, AssertionError):
                return
            if g["game"]["status"] != "active" or g["prompt"] is None:
                continue
            key = f"{role}-{uuid.uuid4().hex}"
            inflight[(gid, role)] = (key, g["game"]["version"])
            try:
                r = client.submit(gid, g["game"]["version"], key)
            except httpx.HTTPError:
                return  # the server is gone with this submission in flight
            if r.status_code == 200:
                acked[key] = (gid, role)
                inflight.pop((gid, role), None)
                progressed = True
            elif r.status_code in (409, 422):  # stale or raced: nothing was applied; try again on a fresh view
                inflight.pop((gid, role), None)
            else:
                raise AssertionError(r.text)
        if not progressed:
            time.sleep(0.005)


def _check_consistent(db: Db, games: list[str], acked: dict) -> None:
    for gid in games:
        game = db.rows("SELECT version, roll_count, status FROM games WHERE id = :g", g=gid)[0]
        rows = db.rows("SELECT seq, role, key, rolls FROM actions WHERE game_id = :g ORDER BY seq", g=gid)
        assert [r["seq"] for r in rows] == list(range(1, game["version"] + 1)), gid  # no gap, no extra
        ks = [roll["k"] for r in rows for roll in _json(r["rolls"])]
        assert ks == list(range(game["roll_count"])), gid  # every drawn die is counted, once
        snaps = [r["seq"] for r in db.rows("SELECT seq FROM snapshots WHERE game_id = :g", g=gid)]
        assert 0 in snaps and max(snaps) <= game["version"]
    for key, (gid, role) in acked.items():  # each acknowledged order is stored once, as its side's
        found = db.rows("SELECT seq, role FROM actions WHERE game_id = :g AND key = :k", g=gid, k=key)
        assert [r["role"] for r in found] == [role], (key, found)


def test_sigkill_while_rounds_resolve_loses_nothing_and_applies_nothing_twice():
    rnd = random.Random()
    seed = rnd.randrange(1 << 30)
    rnd.seed(seed)
    url = _database_url("crash.db")
    db = Db(url)
    server = LiveServer(url)
    server.migrate()
    server.start()
    try:
        red = Client(server.url, f"red{uuid.uuid4().hex[:8]}")
        blue = Client(server.url, f"blue{uuid.uuid4().hex[:8]}")
        games = []
        for _ in range(GAMES):
            r = red.http.post("/api/games", json={"game": "duel", "side": "red", "options": {"hits_to_win": 5}})
            assert r.status_code == 201, r.text
            body = r.json()
            assert blue.http.post(f"/api/invites/{body['invite_tokens']['blue']}").status_code == 200
            games.append(body["id"])

        acked: dict[str, tuple[str, str]] = {}
        inflight: dict[tuple[str, str], tuple[str, int]] = {}
        stop = threading.Event()
        threads = [threading.Thread(target=_player_loop, args=(c, role, games, acked, inflight, stop), daemon=True)
                   for c, role in ((red, "red"), (blue, "blue"))]
        for t in threads:
            t.start()
        # Kill at a random moment once play is under way (several rounds resolved), mid-stream.
        deadline = time.monotonic() + 20
        target = rnd.randint(6, 3 * GAMES)
        while len(acked) < target and time.monotonic() < deadline:
            time.sleep(0.002)
        time.sleep(rnd.random() * 0.05)
        server.kill()
        stop.set()
        for t in threads:
            t.join(15)
        assert len(acked) >= 6, f"only {len(acked)} orders were acknowledged in 20 s before the kill (seed {seed})"

        server.start()
        for c in (red, blue):
            c.rebase(server.url)
        for gid in games:  # every game loads
            assert red.game(gid)["game"]["id"] == gid and blue.game(gid)["game"]["id"] == gid
        _check_consistent(db, games, acked)

        # The in-flight submissions, retried with the same key and version, are applied at most once.
        for (gid, role), (key, version) in list(inflight.items()):
            client = red if role == "red" else blue
            before = db.count_key(gid, key)
            r = client.submit(gid, version, key)
            assert r.status_code in (200, 409, 422), r.text
            after = db.count_key(gid, key)
            assert after <= 1
            print(f"crash seed {seed}: in flight {key[:12]} {'committed' if before else 'lost'} -> {r.status_code}")
            if r.status_code == 200:
                assert after == 1 and r.json()["replayed"] == (before == 1)
                acked[key] = (gid, role)
            else:
                assert after == before == 0

        # And play continues to the end of every game.
        for _ in range(40):
            live = [gid for gid in games if red.game(gid)["game"]["status"] != "ended"]
            if not live:
                break
            for gid in live:
                for client, role in ((red, "red"), (blue, "blue")):
                    g = client.game(gid)
                    if g["prompt"] is not None:
                        key = f"{role}-{uuid.uuid4().hex}"
                        r = client.submit(gid, g["game"]["version"], key)
                        assert r.status_code == 200, r.text
                        acked[key] = (gid, role)
        for gid in games:
            g = red.game(gid)
            assert g["game"]["status"] == "ended" and g["game"]["seed"]
            report = red.http.get(f"/api/games/{gid}/verify").json()
            assert report["ok"] is True, (seed, report)
        _check_consistent(db, games, acked)
    finally:
        server.stop()


def test_two_players_at_once_never_freeze_the_live_server():
    """One player reloads the game while the other submits orders, on the real server: every answer comes back
    within a few seconds and none is a server error. (A request that holds the SQLite write lock while another
    blocks the event loop waiting for it would freeze both until the 30 s busy timeout, then fail with 500.)"""
    server = LiveServer(_database_url("busy.db"))
    server.migrate()
    server.start()
    try:
        red = Client(server.url, f"red{uuid.uuid4().hex[:8]}")
        blue = Client(server.url, f"blue{uuid.uuid4().hex[:8]}")
        body = red.http.post("/api/games", json={"game": "duel", "side": "red"}).json()
        assert blue.http.post(f"/api/invites/{body['invite_tokens']['blue']}").status_code == 200
        gid = body["id"]
        problems: list[str] = []
        stop = time.monotonic() + 2

        def reloads(client):
            while time.monotonic() < stop and not problems:
                try:
                    r = client.http.get(f"/api/games/{gid}", timeout=8)
                    if r.status_code != 200:
                        problems.append(f"GET {r.status_code}: {r.text[:200]}")
                except httpx.TimeoutException:
                    problems.append("a reload waited more than 8 s")

        def orders(client):
            while time.monotonic() < stop and not problems:
                try:
                    r = client.submit(gid, client.game(gid)["game"]["version"], uuid.uuid4().hex)
                    if r.status_code >= 500:
                        problems.append(f"POST {r.status_code}: {r.text[:200]}")
                except httpx.TimeoutException:
                    problems.append("an order waited more than 8 s")
        threads = [threading.Thread(target=reloads, args=(red,)), threading.Thread(target=orders, args=(blue,))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(40)
        assert problems == []
    finally:
        server.stop()
