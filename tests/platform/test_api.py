"""The JSON API mirrors the HTML actions (create, join, view, act, replay, verify) and answers bad input with
400, 409 or 422 and a message a player can read, changing nothing. And the settings that stop a bad start."""
from __future__ import annotations

import os
import subprocess
import sys
import uuid

import pytest

from app.paths import ROOT
from tests.platform.conftest import fire, game_row, row_counts, start_duel


def test_a_whole_game_through_the_api(players, anon):
    red, blue = players(), players()
    # sign up and sign in by script: bearer token, no cookie, no CSRF token
    name = f"api{uuid.uuid4().hex[:8]}"
    assert anon.post("/api/users", json={"username": name, "password": "correct horse"}).status_code == 201
    session = anon.post("/api/sessions", json={"username": name, "password": "correct horse"}).json()
    bearer = {"authorization": f"Bearer {session['token']}"}
    assert anon.get("/api/games", headers=bearer).json() == []

    r = anon.post("/api/games", headers=bearer, json={"game": "duel", "side": "blue",
                                                      "options": {"hits_to_win": 2}, "title": "By script",
                                                      "seat_access": {"red": "open"}})
    assert r.status_code == 201
    made = r.json()
    gid = made["id"]
    assert made["status"] == "open" and made["invite_tokens"] == {}  # an open seat needs no invite

    r = red.post(f"/api/games/{gid}/join", json={"role": "red"})
    assert r.status_code == 200 and r.json() == {"id": gid, "role": "red"}
    view = anon.get(f"/api/games/{gid}", headers=bearer).json()
    assert view["role"] == "blue" and view["game"]["status"] == "active" and view["game"]["title"] == "By script"
    assert view["prompt"]["actions"][0]["verb"] == "fire"

    def act(headers, salvos):
        v = anon.get(f"/api/games/{gid}", headers=headers).json()["game"]["version"]
        r = anon.post(f"/api/games/{gid}/actions", headers=headers, json={
            "action": {"verb": "fire", "args": {"salvos": salvos}}, "expected_version": v, "key": uuid.uuid4().hex})
        assert r.status_code == 200, r.text
        return r.json()
    red_headers = {"authorization": f"Bearer {red.token}"}
    while anon.get(f"/api/games/{gid}", headers=bearer).json()["game"]["status"] == "active":
        act(red_headers, 1)
        out = act(bearer, 3 if anon.get(f"/api/games/{gid}", headers=bearer).json()["view"]["magazine"]["blue"] >= 3
                  else 1)
    assert out["game"]["status"] == "ended" and out["game"]["outcome"]["winner"] in ("red", "blue")
    last = out["game"]["version"]
    for seq in range(last + 1):
        step = anon.get(f"/api/games/{gid}/replay?seq={seq}&eyes=red", headers=bearer).json()
        assert step["seq"] == seq and step["last"] == last and "magazine" in step["view"]
    export = anon.get(f"/api/games/{gid}/export", headers=bearer).json()
    assert [a["seq"] for a in export["actions"]] == list(range(1, last + 1))
    report = anon.get(f"/api/games/{gid}/verify", headers=bearer).json()
    assert report["ok"] is True
    assert anon.delete("/api/sessions", headers=bearer).status_code == 204
    assert anon.get("/api/games", headers=bearer).status_code == 401


def test_the_api_is_documented_in_openapi(anon):
    spec = anon.get("/openapi.json").json()
    for path in ("/api/games", "/api/games/{game_id}/join", "/api/games/{game_id}", "/api/games/{game_id}/actions",
                 "/api/games/{game_id}/replay", "/api/games/{game_id}/verify", "/api/invites/{token}"):
        assert path in spec["paths"], path
    assert anon.get("/docs").status_code == 200


def _readable(body: dict) -> None:
    message = body.get("message")
    assert isinstance(message, str) and len(message) > 10, body
    for leak in ("Traceback", "pydantic", "sqlalchemy", "Exception", "errors.pydantic.dev", "{'type'"):
        assert leak not in message, message


CREATE_CASES = [
    ({"game": "nosuchgame"}, 400, "There is no game called"),
    ({"game": "duel", "scenario": "nope"}, 400, "has no such scenario"),
    ({"game": "duel", "options": {"hits_to_win": 4}}, 400, "can be"),
    ({"game": "duel", "options": {"armour": True}}, 400, "has no option"),
    ({"game": "duel", "side": "green"}, 400, "Choose a side"),
    ({"game": "duel", "side": "umpire"}, 400, "Choose a side"),  # an umpire seat needs an umpired game
    ({"game": "duel", "opponent": "computer"}, 400, "no computer opponent"),
    ({"game": "duel", "sandbox": True, "dice_script": [0, 3]}, 400, "Scripted dice"),
    ({"game": "duel", "clock": "weekly"}, 422, "clock"),
    ({"game": "duel", "umpired": "sometimes"}, 422, "umpired"),
    ({"scenario": "standard"}, 422, "game"),
    ({"game": "x" * 500}, 422, "game"),
]


@pytest.mark.parametrize("body, status, words", CREATE_CASES, ids=[str(c[0])[:40] for c in CREATE_CASES])
def test_bad_game_creation_is_refused_readably_and_changes_nothing(players, body, status, words):
    red = players()
    before = row_counts()
    r = red.post("/api/games", json=body)
    assert r.status_code == status, r.text
    _readable(r.json())
    assert words in r.json()["message"]
    assert row_counts() == before


def test_unreadable_bodies_are_refused_readably(players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    before = row_counts()
    for url in ("/api/games", f"/api/games/{gid}/actions", f"/api/games/{gid}/join"):
        r = red.post(url, content=b'{"action": ', headers={"content-type": "application/json"})
        assert r.status_code in (400, 422), (url, r.text)
        _readable(r.json())
        r = red.post(url, content=b"[1, 2, 3]", headers={"content-type": "application/json"})
        assert r.status_code in (400, 422), (url, r.text)
        _readable(r.json())
    assert row_counts() == before


ACT_CASES = [
    ({"action": {"verb": "fire", "args": {"salvos": 1}}, "expected_version": 0}, 422, "key"),
    ({"action": {"verb": "fire", "args": {"salvos": 1}}, "key": "k1"}, 422, "expected_version"),
    ({"action": {"verb": "fire", "args": {"salvos": 1}}, "expected_version": -1, "key": "k2"}, 422, "expected_version"),
    ({"action": {"verb": "fire", "args": {"salvos": 1}}, "expected_version": "soon", "key": "k3"}, 422, "expected_version"),
    ({"action": {"verb": "", "args": {}}, "expected_version": 0, "key": "k4"}, 422, "verb"),
    ({"action": {"verb": "fire", "args": [1]}, "expected_version": 0, "key": "k5"}, 422, "args"),
    ({"action": "fire", "expected_version": 0, "key": "k6"}, 422, "action"),
    ({"action": {"verb": "fire", "args": {"salvos": 1}}, "expected_version": 0, "key": "k" * 81}, 422, "key"),
    ({"action": {"verb": "fire", "args": {"salvos": 1}}, "expected_version": 0, "key": ""}, 422, "key"),
    ({"action": {"verb": "fire", "args": {"salvos": 9}}, "expected_version": 0, "key": "k7"}, 422, "salvos"),
    ({"action": {"verb": "fire", "args": {"salvos": 1}}, "expected_version": 5, "key": "k8"}, 409, "moved on"),
]


@pytest.mark.parametrize("body, status, words", ACT_CASES, ids=[str(i) for i in range(len(ACT_CASES))])
def test_bad_orders_are_refused_readably_and_change_nothing(players, body, status, words):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    before = row_counts()
    r = red.post(f"/api/games/{gid}/actions", json=body)
    assert r.status_code == status, r.text
    _readable(r.json())
    assert words in r.json()["message"]
    assert row_counts() == before and game_row(gid).version == 0


def test_bad_joins_views_and_replays_are_refused_readably(players):
    red, blue, late = players(), players(), players()
    gid = start_duel(red, blue, hits=1)
    before = row_counts()
    cases = [
        (late.post(f"/api/games/{gid}/join", json={"role": "green"}), 404, "no such seat"),
        (late.post(f"/api/games/{gid}/join", json={"role": "blue"}), 409, "taken"),
        (red.post(f"/api/games/{gid}/join", json={"role": "blue"}), 409, "already have a seat"),
        (late.post("/api/games/nosuchgame/join", json={"role": "red"}), 404, "no such game"),
        (late.get("/api/games/nosuchgame"), 404, "no such game"),
        (late.post("/api/games/nosuchgame/actions", json={
            "action": {"verb": "fire", "args": {}}, "expected_version": 0, "key": "x"}), 404, "no such game"),
        (late.post(f"/api/invites/{'x' * 30}"), 404, "invitation"),
        (late.get(f"/api/games/{gid}/replay?seq=0"), 403, "replay"),
    ]
    for r, status, words in cases:
        assert r.status_code == status, (r.request.url, r.text)
        _readable(r.json())
        assert words in r.json()["message"], r.json()
    assert row_counts() == before
    fire(red, gid, 3)
    fire(blue, gid, 1)
    while game_row(gid).status != "ended":
        fire(red, gid, 1)
        fire(blue, gid, 1)
    before = row_counts()
    for url, status, words in ((f"/api/games/{gid}/replay?seq=999", 400, "Choose a moment"),
                               (f"/api/games/{gid}/replay?seq=-1", 400, "Choose a moment"),
                               (f"/api/games/{gid}/replay?seq=1&eyes=admiral", 400, "eyes"),
                               (f"/api/games/{gid}/replay?seq=one", 422, "seq")):
        r = late.get(url)
        assert r.status_code == status, (url, r.text)
        _readable(r.json())
        assert words in r.json()["message"]
    r = red.act(gid, "fire", {"salvos": 1})
    assert r.status_code == 409 and "over" in r.json()["message"]
    assert row_counts() == before


# ---------------------------------------------------------------------------------------------- settings

def _start_server(env_changes: dict[str, str], drop: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    """Start uvicorn and let it stop by itself (the start-up checks fail), or stop it after 20 s."""
    from tests.support_server import free_port

    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(IRONBOTTOM_EXTRA_GAMES='["tests.fixtures.duel"]', **env_changes)
    try:
        return subprocess.run([sys.executable, "-m", "uvicorn", "app.web.main:app", "--port", str(free_port())],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired as e:
        raise AssertionError(f"the server started: {e.stderr}") from None


@pytest.mark.live
def test_an_unmigrated_database_stops_the_app_with_a_message_naming_make_migrate(tmp_path):
    empty = tmp_path / "empty.db"
    done = _start_server({"DATABASE_URL": f"sqlite:///{empty}", "IRONBOTTOM_ENVIRONMENT": "test"})
    assert done.returncode != 0
    assert "make migrate" in done.stderr + done.stdout


@pytest.mark.live
def test_production_with_the_default_secret_key_is_refused(tmp_path):
    from pydantic import ValidationError

    from app.config import DEFAULT_SECRET, Settings

    with pytest.raises(ValidationError, match="IRONBOTTOM_SECRET_KEY"):
        Settings(_env_file=None, environment="production", secret_key=DEFAULT_SECRET)
    assert Settings(_env_file=None, environment="production", secret_key="s" * 40).environment == "production"
    empty = tmp_path / "prod.db"
    env = {"DATABASE_URL": f"sqlite:///{empty}", "IRONBOTTOM_ENVIRONMENT": "production"}
    done = _start_server(env, drop=("IRONBOTTOM_SECRET_KEY",))
    assert done.returncode != 0
    assert "IRONBOTTOM_SECRET_KEY" in done.stderr + done.stdout
