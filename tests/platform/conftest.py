"""Helpers for the platform tests: table row counts (to prove a request changed nothing), HTML form sign-up,
stored-state surgery for the secrecy checks, a listed copy of the test game, and websocket helpers.

Everything here works on SQLite and on PostgreSQL (DATABASE_URL), through the app's own engine."""
from __future__ import annotations

import copy
import json
import re
import uuid
from types import SimpleNamespace
from typing import Any, Callable

import pytest
from sqlalchemy import func, select, text
from tests.fixtures.spec import spec_of

PASSWORD = "correct horse"


def pytest_configure(config):
    # Tests that start the real server (uvicorn or the app itself in a subprocess). They stay in the default
    # suite, the crash test above all; `-m "not live"` leaves them out of a quick run.
    config.addinivalue_line("markers", "live: starts the real server in a subprocess (a few seconds each)")
CSRF_INPUT = re.compile(r'name="csrf_token" value="([^"]+)"')


# ---------------------------------------------------------------------------------------------- the database

def row_counts() -> dict[str, int]:
    """Rows in every table: the fingerprint of 'nothing changed'."""
    from app.store.db import engine
    from app.store.models import Base

    with engine().connect() as conn:
        return {t.name: conn.execute(select(func.count()).select_from(t)).scalar_one()
                for t in Base.metadata.sorted_tables}


def table_digest() -> str:
    """A fingerprint of every row of every table: 'nothing changed' down to an updated timestamp."""
    import hashlib

    from app.store.db import engine
    from app.store.models import Base

    # The rows as the driver hands them over (JSON as its text on SQLite): decoding every stored position through
    # the ORM's types made this five times dearer, and test_no_get_changes_state takes it twice per GET.
    h = hashlib.sha256()
    with engine().connect() as conn:
        for t in Base.metadata.sorted_tables:
            order = ", ".join(f'"{c.name}"' for c in (list(t.primary_key.columns) or list(t.columns)))
            h.update(t.name.encode())
            h.update(repr(conn.exec_driver_sql(f'SELECT * FROM "{t.name}" ORDER BY {order}').fetchall()).encode())
    return h.hexdigest()


def fetch(sql: str, **params: Any) -> list[Any]:
    from app.store.db import engine

    with engine().connect() as conn:
        return list(conn.execute(text(sql), params))


def execute(sql: str, **params: Any) -> None:
    from app.store.db import engine

    with engine().begin() as conn:
        conn.execute(text(sql), params)


def game_row(game_id: str):
    from app.store.db import transaction
    from app.store.models import Game

    with transaction() as db:
        game = db.get(Game, game_id)
        db.expunge(game)
        return game


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value  # SQLite hands JSON columns back as text


def actions_of(game_id: str) -> list[SimpleNamespace]:
    return [SimpleNamespace(seq=r.seq, role=r.role, key=r.key, action=_json(r.action), rolls=_json(r.rolls))
            for r in fetch("SELECT seq, role, key, action, rolls FROM actions WHERE game_id = :g ORDER BY seq",
                           g=game_id)]


def snapshots_of(game_id: str) -> list[Any]:
    return fetch("SELECT seq, phase FROM snapshots WHERE game_id = :g ORDER BY seq", g=game_id)


def stored_state(game_id: str) -> dict[str, Any]:
    from app.play.state import forget_all, load_state
    from app.store.db import transaction
    from app.store.models import Game

    forget_all()
    with transaction() as db:
        return copy.deepcopy(load_state(db, db.get(Game, game_id)))


def rewrite_state(game_id: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
    """Replace the stored position at the game's current version by `change(position)`: a snapshot at that
    version is what every later load starts from. The in-process cache is dropped so the change is seen."""
    from app.play.state import forget_all, load_state
    from app.store.db import transaction
    from app.store.models import Game, Snapshot

    forget_all()
    with transaction() as db:
        game = db.get(Game, game_id)
        state = change(copy.deepcopy(load_state(db, game)))
        snap = db.get(Snapshot, (game_id, game.version))
        if snap is None:
            db.add(Snapshot(game_id=game_id, seq=game.version, phase="", state=state))
        else:
            snap.state = state
    forget_all()


# ------------------------------------------------------------------------------------------------- the browser

def csrf_of(html: str) -> str:
    m = CSRF_INPUT.search(html)
    assert m, "the page has no CSRF token in its form"
    return m.group(1)


def html_sign_up(client, username: str, password: str = PASSWORD):
    """Sign up through the HTML form, as a browser does: GET the form (token in page and cookie), POST it."""
    page = client.get("/signup")
    assert page.status_code == 200, page.text
    return client.post("/signup", data={"csrf_token": csrf_of(page.text), "username": username,
                                        "password": password, "next": "/"}, follow_redirects=False)


def new_name(prefix: str = "u") -> str:
    return f"{prefix}{uuid.uuid4().hex[:10]}"


def start_duel(red, blue, *, sandbox: bool = False, dice: list[int] | None = None, hits: int | None = None,
               umpire=None) -> str:
    """A started Gunnery Duel between `red` and `blue` (and `umpire`, if given, who creates it)."""
    body: dict[str, Any] = {"game": "duel", "sandbox": sandbox}
    if dice is not None:
        body["dice_script"] = dice
    if hits is not None:
        body["options"] = {"hits_to_win": hits}
    creator = umpire or red
    body.update({"umpired": True, "side": "umpire"} if umpire else {"side": "red"})
    r = creator.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    made = r.json()
    for who, role in ((red, "red"), (blue, "blue")):
        if role in made["invite_tokens"]:
            r = who.post(f"/api/invites/{made['invite_tokens'][role]}",
                         json={"accept_scripted_dice": True} if sandbox else None)
            assert r.status_code == 200, r.text
    return made["id"]


def fire(player, game_id: str, salvos: int = 1, **kw):
    r = player.act(game_id, "fire", {"salvos": salvos}, **kw)
    assert r.status_code == 200, r.text
    return r.json()


def play_round(red, blue, game_id: str, red_salvos: int = 1, blue_salvos: int = 1) -> None:
    fire(red, game_id, red_salvos)
    fire(blue, game_id, blue_salvos)


def ws_headers(player=None, origin: str | None = "http://testserver") -> dict[str, str]:
    headers = {}
    if origin:
        headers["origin"] = origin
    if player is not None:
        headers["cookie"] = f"ib_session={player.token}"
    return headers


VERSION = re.compile(r'data-version="(\d+)"')


def version_of(fragment: str) -> int:
    m = VERSION.search(fragment)
    assert m, fragment[:300]
    return int(m.group(1))


def all_routes(app) -> list[tuple[str, str, str]]:
    """(kind, method, path) of every route the app serves, walking included routers; websockets have method WS."""
    out: list[tuple[str, str, str]] = []

    def walk(routes, prefix: str = "") -> None:
        for route in routes:
            inner = getattr(route, "original_router", None)
            if inner is not None:
                walk(inner.routes, prefix + (getattr(route.include_context, "prefix", "") or ""))
                continue
            path = prefix + route.path
            kind = type(route).__name__
            if kind.endswith("WebSocketRoute"):
                out.append((kind, "WS", path))
            elif getattr(route, "methods", None):
                out.extend((kind, m, path) for m in sorted(route.methods) if m != "HEAD")
            else:
                out.append((kind, "MOUNT", path))
    walk(app.routes)
    return out


def fill(path: str, values: dict[str, str]) -> str:
    """A route's path with its parameters ({name} or {name:converter}) filled in; unknown ones get "x"."""
    return re.sub(r"\{(\w+)(?::\w+)?\}", lambda m: values.get(m.group(1), "x"), path)


# ------------------------------------------------------------------------------------------------ fixtures

@pytest.fixture
def listed_duel():
    """A copy of the test game that is listed in the lobby, so the lobby's own open-seat list (which shows only
    listed games) can be driven without depending on a real game still being written. Removed afterwards."""
    import dataclasses

    from app import games as registry
    from tests.fixtures.duel import Duel

    class ListedDuel(Duel):
        meta = dataclasses.replace(Duel.meta, id="duel_listed", title="Listed Duel (test copy)", listed=True)

    rules = registry.register(spec_of(ListedDuel()), web="app.web.plugin:GENERIC")
    yield rules
    registry._registry.pop("duel_listed", None)


@pytest.fixture(scope="package")
def _player_pool(app):
    """Closed when tests/platform is done: each open TestClient runs the app's lifespan, clock ticker included,
    and tickers left running would expire other directories' clocked games behind their backs."""
    from tests.conftest import Player

    pool: list[Any] = []
    yield pool, lambda: Player(app)
    for p in pool:
        p.close()


@pytest.fixture
def players(_player_pool):
    """Signed-in players, distinct within a test but reused across tests: an argon2 sign-up and sign-in cost
    about a third of a second each, and every platform test needs two to five players."""
    pool, make = _player_pool
    handed = 0

    def next_player(name=None):
        nonlocal handed
        assert name is None, "a named player is made with tests.conftest.Player"
        if handed == len(pool):
            pool.append(make())
        handed += 1
        return pool[handed - 1]
    return next_player


@pytest.fixture
def anon(app):
    from fastapi.testclient import TestClient

    with TestClient(app) as c:
        yield c


def fire_as(who, game_id: str, salvos: int, seat: str | None = None):
    """Fire in the duel through the API for one of `who`'s seats (`seat`, else the server picks): the raw reply."""
    version = who.game(game_id)["game"]["version"]
    body = {"action": {"verb": "fire", "args": {"salvos": salvos}}, "expected_version": version,
            "key": f"k-{seat}-{version}-{salvos}"}
    if seat:
        body["seat"] = seat
    return who.post(f"/api/games/{game_id}/actions", json=body)


# --- a Solomons game at the allocation (the role versions and the unchanged-page pushes) ----------------------

def submit_default(seat, gid: str, version: int | None = None):
    """The prompt's own default orders (`info.default`, the orders a missed deadline would take)."""
    prompt = seat.game(gid)["prompt"]
    return seat.act(gid, prompt["actions"][0]["verb"], prompt["info"]["default"], version=version)


@pytest.fixture
def at_the_allocation(players):
    """A Solomons game at its first decision both sides make at once (Task Force Allocation, 5.2), nobody's orders
    in: Japan's decisions before it (ships changing base, training, the Intelligence answers) taken as offered."""
    us, jp = players(), players()
    body = us.post("/api/games", json={"game": "solomons", "side": "allied"}).json()
    assert jp.post(f"/api/invites/{body['invite_tokens']['japanese']}").status_code == 200
    gid = body["id"]
    for _ in range(5):
        if us.game(gid)["prompt"] is not None:
            break
        assert submit_default(jp, gid).status_code == 200
    assert us.game(gid)["prompt"]["info"]["kind"] == jp.game(gid)["prompt"]["info"]["kind"] == "allocation"
    return us, jp, gid
