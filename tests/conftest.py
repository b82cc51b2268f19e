"""Test set-up: a fresh migrated database per run (SQLite in a temp dir, or the PostgreSQL in DATABASE_URL),
the test-only game registered, and helpers to drive the app as several players."""
from __future__ import annotations

import os
import tempfile
import uuid

import pytest

_tmp = tempfile.mkdtemp(prefix="ironbottom-test-")
os.environ.setdefault("IRONBOTTOM_ENVIRONMENT", "test")
if not os.environ.get("DATABASE_URL", "").startswith("postgresql"):
    os.environ["DATABASE_URL"] = f"sqlite:///{_tmp}/test.db"


def _worker_database() -> None:
    """Under pytest-xdist each worker process gets a database of its own: on SQLite its own file (the temp dir
    above), on PostgreSQL a database named after the worker beside DATABASE_URL's, created afresh, so that one
    worker dropping its schema never pulls another's tables away."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    url = os.environ["DATABASE_URL"]
    if not worker or not url.startswith("postgresql") or os.environ.get("IRONBOTTOM_TEST_DB_FOR") == worker:
        return
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    base = make_url(url)
    mine = base.set(database=f"{base.database}_{worker}")
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{mine.database}" WITH (FORCE)'))
        conn.execute(text(f'CREATE DATABASE "{mine.database}"'))
    admin.dispose()
    os.environ["DATABASE_URL"] = mine.render_as_string(hide_password=False)
    os.environ["IRONBOTTOM_TEST_DB_FOR"] = worker  # the live servers the tests start inherit it as it is


_worker_database()
os.environ["IRONBOTTOM_EXTRA_GAMES"] = '["tests.fixtures.duel", "tests.fixtures.teams"]'
os.environ.setdefault("IRONBOTTOM_BASE_URL", "http://testserver")
os.environ.setdefault("IRONBOTTOM_RESUME_COMPUTERS_AT_START", "false")  # test_after_a_restart_... calls it itself


# Every websocket receive in the tests waits at most this long: Starlette's test session waits for ever, so a push
# that never comes would hang the suite (and CI) instead of failing its test.
WS_RECEIVE_SECONDS = float(os.environ.get("IRONBOTTOM_TEST_WS_SECONDS", "15"))


def _receive_within_a_time_limit() -> None:
    import anyio
    from starlette.testclient import WebSocketTestSession

    async def within(stream, seconds):
        with anyio.fail_after(seconds):
            return await stream.receive()

    def receive(self):
        try:
            return self.portal.call(within, self._send_rx, WS_RECEIVE_SECONDS)
        except TimeoutError:
            raise AssertionError(f"no websocket message came within {WS_RECEIVE_SECONDS:g} s") from None
    WebSocketTestSession.receive = receive  # receive_text, receive_json and the connect handshake all go through it


_receive_within_a_time_limit()


def _fresh_schema() -> None:
    from sqlalchemy import text

    from app.store import db
    from app.store.migrations import upgrade

    if db.is_postgres():
        with db.engine().begin() as conn:
            conn.execute(text("DROP SCHEMA public CASCADE"))
            conn.execute(text("CREATE SCHEMA public"))
    upgrade()


_fresh_schema()


@pytest.fixture(scope="session")
def app():
    from app import games as registry
    from app.web.main import create_app

    registry.load(["tests.fixtures.duel", "tests.fixtures.teams"])
    return create_app()


@pytest.fixture
def client(app):
    from fastapi.testclient import TestClient

    with TestClient(app) as c:
        yield c


class Player:
    """One signed-in browser: a TestClient with its own cookies and CSRF token."""

    def __init__(self, app, name: str | None = None):
        from fastapi.testclient import TestClient

        self.name = name or f"p{uuid.uuid4().hex[:10]}"
        self.client = TestClient(app)
        self.client.__enter__()
        r = self.client.post("/api/users", json={"username": self.name, "password": "correct horse"})
        assert r.status_code == 201, r.text
        r = self.client.post("/api/sessions", json={"username": self.name, "password": "correct horse"})
        assert r.status_code == 201, r.text
        self.token, self.csrf = r.json()["token"], r.json()["csrf_token"]
        self.client.cookies.set("ib_session", self.token)
        self.client.headers["X-CSRF-Token"] = self.csrf

    def close(self):
        self.client.__exit__(None, None, None)

    def get(self, url, **kw):
        return self.client.get(url, **kw)

    def post(self, url, **kw):
        return self.client.post(url, **kw)

    def game(self, game_id):
        r = self.get(f"/api/games/{game_id}")
        assert r.status_code == 200, r.text
        return r.json()

    def act(self, game_id, verb, args=None, version=None, key=None):
        if version is None:
            version = self.game(game_id)["game"]["version"]
        return self.post(f"/api/games/{game_id}/actions", json={
            "action": {"verb": verb, "args": args or {}}, "expected_version": version,
            "key": key or uuid.uuid4().hex})


@pytest.fixture
def players(app):
    made: list[Player] = []

    def make(name=None):
        p = Player(app, name)
        made.append(p)
        return p
    yield make
    for p in made:
        p.close()


@pytest.fixture
def duel_game(players):
    """A started Gunnery Duel between two players: (red, blue, game_id)."""
    red, blue = players(), players()
    r = red.post("/api/games", json={"game": "duel", "side": "red"})
    assert r.status_code == 201, r.text
    body = r.json()
    r = blue.post(f"/api/invites/{body['invite_tokens']['blue']}")
    assert r.status_code == 200, r.text
    return red, blue, body["id"]
