"""The authorization matrix: every route the app serves (read from app.routes, so a new route without a row
fails) and the websocket, for each side, the umpire, a spectator (signed in, no seat), a member of another
game, and an anonymous visitor, against an explicit table of expected answers.

An answer is the status code, or for a redirect "303 <first path segment>", so "303 /signin" is the HTML
way of saying "sign in first". Every refused request must also leave every table unchanged."""
from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.platform.conftest import all_routes, csrf_of, fill, row_counts, start_duel, ws_headers

ROLES = ("red", "blue", "umpire", "spectator", "other", "anon")
SIGNED = ("red", "blue", "umpire", "spectator", "other")


def every(answer) -> dict[str, Any]:
    return {r: answer for r in ROLES}


def signed(answer, anon="401") -> dict[str, Any]:
    return {**{r: answer for r in SIGNED}, "anon": anon}


def seated(answer, others, anon="401") -> dict[str, Any]:
    return {"red": answer, "blue": answer, "umpire": answer, "spectator": others, "other": others, "anon": anon}


SIGNIN = "303 /signin"

# (method, path) -> expected answer per role. The game is an umpired Gunnery Duel in progress: round 1 resolved,
# nobody has fired in round 2; {token} is an invite that has already been used. Chat goes to the "all" channel;
# an undo is proposed (no answer); the clock is paused.
MATRIX: dict[tuple[str, str], dict[str, Any]] = {
    ("GET", "/openapi.json"): every("200"),
    ("GET", "/docs"): every("200"),
    ("GET", "/docs/init.js"): every("200"),
    ("MOUNT", "/docs/assets"): every("200"),
    ("GET", "/favicon.ico"): every("200"),
    ("GET", "/healthz"): every("200"),  # for a load balancer: says nothing of any game or user
    # Players' pages and leaderboards are public records ("x" is nobody and no game); only one's own page is set.
    ("GET", "/players/{username}"): every("404"),
    ("GET", "/api/players/{username}"): every("404"),
    ("POST", "/players/me/visibility"): signed("303 /players"),
    ("GET", "/leaderboards"): every("200"),
    ("GET", "/archive"): every("200"),
    ("GET", "/api/archive"): every("200"),
    # A rematch is offered once a game has ended; this one is running.
    ("POST", "/games/{game_id}/rematch"): signed("409"),
    ("POST", "/api/games/{game_id}/rematch"): signed("409"),
    ("GET", "/api/leaderboards/{game}"): every("404"),
    ("MOUNT", "/static"): every("200"),
    ("GET", "/"): every("200"),
    ("GET", "/rules/{book_id}"): every("404"),  # public: the same for everyone ("x" is no rulebook; see test_rules_pages)
    ("GET", "/lobby/options"): every("200"),
    ("GET", "/games/new"): signed("200", anon=SIGNIN),
    ("GET", "/signup"): every("200"),
    ("GET", "/signin"): every("200"),
    ("POST", "/signup"): every("303 /"),
    ("POST", "/signin"): every("303 /"),
    ("POST", "/signout"): every("303 /"),
    ("POST", "/games"): signed("303 /games"),
    ("POST", "/games/{game_id}/join"): signed("409"),
    ("GET", "/invite/{token}"): signed("404", anon="303 /signup"),  # the invite was used
    ("POST", "/invite/{token}"): signed("404"),
    ("GET", "/games/{game_id}"): signed("200", anon=SIGNIN),
    ("GET", "/games/{game_id}/log"): signed("200", anon=SIGNIN),  # each reads its own view's log (test_whole_log)
    # Invitations are the host's (the umpire created this game); the game has started, so no seat waits.
    ("GET", "/games/{game_id}/invites"): seated("403", "403", anon=SIGNIN) | {"umpire": "200"},
    ("POST", "/games/{game_id}/invites/{role}"): seated("403", "403") | {"umpire": "404"},
    ("GET", "/api/games/{game_id}/invites"): seated("403", "403") | {"umpire": "200"},
    ("POST", "/api/games/{game_id}/invites/{role}"): seated("403", "403") | {"umpire": "404"},
    ("GET", "/api/invites/{token}"): signed("404"),
    ("POST", "/games/{game_id}/actions"): {"red": "303 /games", "blue": "303 /games", "umpire": "422",
                                           "spectator": "403", "other": "403", "anon": "401"},
    ("GET", "/games/{game_id}/verify"): signed("200", anon=SIGNIN),
    ("GET", "/games/{game_id}/replay"): seated("403", "403", anon=SIGNIN) | {"umpire": "200"},
    ("GET", "/games/{game_id}/report"): seated("403", "403", anon=SIGNIN),
    ("POST", "/games/{game_id}/chat"): seated("303 /games", "403"),
    ("POST", "/games/{game_id}/clock"): seated("403", "403") | {"umpire": "303 /games"},
    ("POST", "/games/{game_id}/claim"): {"red": "409", "blue": "409", "umpire": "403", "spectator": "403",
                                         "other": "403", "anon": "401"},
    ("POST", "/games/{game_id}/undo"): seated("403", "403") | {"umpire": "303 /games"},
    ("POST", "/games/{game_id}/resign"): {"red": "303 /games", "blue": "303 /games", "umpire": "403",
                                          "spectator": "403", "other": "403", "anon": "401"},
    ("POST", "/api/games/{game_id}/resign"): {"red": "200", "blue": "200", "umpire": "403", "spectator": "403",
                                              "other": "403", "anon": "401"},
    ("GET", "/api/games/{game_id}/chat"): signed("200"),
    ("POST", "/api/games/{game_id}/chat"): seated("201", "403"),
    ("POST", "/api/games/{game_id}/clock"): seated("403", "403") | {"umpire": "200"},
    ("POST", "/api/games/{game_id}/claim"): {"red": "409", "blue": "409", "umpire": "403", "spectator": "403",
                                             "other": "403", "anon": "401"},
    ("POST", "/api/games/{game_id}/undo"): seated("403", "403") | {"umpire": "200"},
    ("POST", "/api/users"): every("201"),
    ("POST", "/api/sessions"): every("201"),
    ("DELETE", "/api/sessions"): signed("204"),
    ("GET", "/api/game-types"): every("200"),
    ("GET", "/api/lobby"): signed("200"),
    ("GET", "/api/games"): signed("200"),
    ("POST", "/api/games"): signed("201"),
    ("POST", "/api/games/{game_id}/join"): signed("409"),
    ("POST", "/api/invites/{token}"): signed("404"),
    ("GET", "/api/games/{game_id}"): signed("200"),
    ("POST", "/api/games/{game_id}/actions"): {"red": "200", "blue": "200", "umpire": "422", "spectator": "403",
                                               "other": "403", "anon": "401"},
    # The live check of a half-made order has the submission's guards (nobody is prompted to fire but the sides).
    ("POST", "/api/games/{game_id}/check"): {"red": "200", "blue": "200", "umpire": "422", "spectator": "403",
                                             "other": "403", "anon": "401"},
    ("GET", "/api/games/{game_id}/replay"): seated("403", "403") | {"umpire": "200"},
    ("GET", "/api/games/{game_id}/export"): seated("403", "403") | {"umpire": "200"},
    ("GET", "/api/games/{game_id}/verify"): signed("200"),
    ("WS", "/games/{game_id}/ws"): signed("accepted", anon="closed 4401"),
    # A game's own pages, asked of the Gunnery Duel (no task forces) and of an entry that does not exist: the
    # signed-in reach the handler and are told so (400); the anonymous visitor is sent to sign in first.
    ("GET", "/games/{game_id}/solomons/plot/{tf_id}"): signed("400", anon=SIGNIN),
    ("GET", "/games/{game_id}/solomons/check"): signed("400", anon=SIGNIN),
    ("GET", "/games/{game_id}/first_blood/odds"): signed("400", anon=SIGNIN),  # a First Blood game's only
    # Round 2 has no move yet and round 1 ended on a die: nothing to take back (409); no seat, no take-back (403).
    ("POST", "/games/{game_id}/take-back"): seated("409", "403"),
    ("POST", "/api/games/{game_id}/take-back"): seated("409", "403"),
    ("GET", "/games/{game_id}/solomons/provenance/{kind}/{ident:path}"): signed("400", anon=SIGNIN),
    ("GET", "/solomons/provenance/{kind}/{ident:path}"): signed("400", anon=SIGNIN),
    # Notices: each user's own settings; the unsubscribe link needs no sign-in, only a valid signed token ({token}
    # here is an invite token, which is not one).
    ("GET", "/account/notifications"): signed("200", anon=SIGNIN),
    ("POST", "/account/notifications"): signed("303 /account"),
    ("GET", "/notifications/unsubscribe/{token}"): every("404"),
    ("POST", "/notifications/unsubscribe/{token}"): every("404"),
    # Tutorials (issue 21): the list is public; the Gunnery Duel is no tutorial, so its guided page and its
    # orders are refused (a seat is checked first); "{tutorial_id}" names no tutorial.
    ("GET", "/tutorials"): every("200"),
    ("POST", "/tutorials/{tutorial_id}/start"): signed("404"),
    ("GET", "/tutorials/play/{game_id}"): signed("404", anon=SIGNIN),
    ("POST", "/tutorials/play/{game_id}/actions"): seated("400", "403"),  # no order in the form
    ("POST", "/tutorials/play/{game_id}/back"): signed("409"),
    ("POST", "/tutorials/play/{game_id}/free"): signed("404"),
    # Issue 38. Play on from a moment: only a finished game's (this one is running: 409); whether a moment can is
    # a question anyone signed in may ask. Balance is public ("x" is no game). Bidding for sides is the host's (the
    # umpire made this game; the duel is not decided by VP: 409); a seat is taken with a bid only where one is free
    # ({token} was used: 404; every seat is taken: 409).
    ("POST", "/games/{game_id}/fork"): signed("409"),
    ("POST", "/api/games/{game_id}/fork"): signed("409"),
    ("GET", "/api/games/{game_id}/fork"): signed("200"),
    ("GET", "/balance"): every("200"),
    ("GET", "/balance/{game}"): every("404"),
    ("GET", "/api/balance"): every("200"),
    ("GET", "/api/balance/{game}"): every("404"),
    ("GET", "/games/{game_id}/bidding"): seated("403", "403", anon=SIGNIN) | {"umpire": "200"},
    ("POST", "/games/{game_id}/bidding"): seated("403", "403") | {"umpire": "409"},
    ("POST", "/api/games/{game_id}/bidding"): seated("403", "403") | {"umpire": "409"},
    ("POST", "/invite/{token}/bid"): signed("404"),
    ("POST", "/api/invites/{token}/bid"): signed("404"),
    ("POST", "/games/{game_id}/bid"): signed("409"),
    ("POST", "/api/games/{game_id}/bid"): signed("409"),
}


def test_every_route_has_a_row(app):
    served = {(method, path) for _, method, path in all_routes(app)}
    assert served - set(MATRIX) == set(), "a route without a row in the authorization matrix"
    assert set(MATRIX) - served == set(), "a matrix row for a route that no longer exists"


def _answer(r) -> str:
    if r.status_code in (301, 302, 303, 307):
        location = r.headers["location"].split("?")[0]
        first = "/" + location.lstrip("/").split("/")[0]
        return f"{r.status_code} {first}"
    return str(r.status_code)


class World:
    def __init__(self, players, anon):
        self.red, self.blue, self.umpire, self.spectator, self.other, self.opponent = players
        start_duel(self.other, self.opponent)  # "other" is a member of another game
        self.anon = anon
        form = anon.get("/signin")
        anon.headers["X-CSRF-Token"] = csrf_of(form.text)  # a well-behaved anonymous browser
        self.game_id = ""
        self.token = ""

    def fresh_game(self) -> None:
        r = self.umpire.post("/api/games", json={"game": "duel", "umpired": True, "side": "umpire"})
        body = r.json()
        self.game_id = body["id"]
        for who, role in ((self.red, "red"), (self.blue, "blue")):
            assert who.post(f"/api/invites/{body['invite_tokens'][role]}").status_code == 200
        self.token = body["invite_tokens"]["red"]  # used now
        for who in (self.red, self.blue):
            assert who.act(self.game_id, "fire", {"salvos": 1}).status_code == 200  # round 1 resolves

    def client(self, role):
        return self.anon if role == "anon" else getattr(self, role).client

    def player(self, role):
        return None if role == "anon" else getattr(self, role)


def _listed_game() -> str:
    from app import games as registry

    listed = registry.listed()
    return listed[0].meta.id if listed else ""


def _request(world: World, role: str, method: str, path: str):
    c = world.client(role)
    url = fill(path, {"game_id": world.game_id, "token": world.token, "kind": "unit", "ident": "x"})
    gid = world.game_id
    if (method, path) == ("MOUNT", "/static"):
        return c.get("/static/app.css")
    if (method, path) == ("MOUNT", "/docs/assets"):
        return c.get("/docs/assets/swagger-ui-bundle.js")
    if (method, path) == ("GET", "/lobby/options"):
        return c.get(f"/lobby/options?game={_listed_game()}")
    if (method, path) == ("GET", "/games/new"):
        return c.get("/games/new?game=duel", follow_redirects=False)
    if path in ("/signup", "/api/users") and method == "POST":
        creds = {"username": f"m{uuid.uuid4().hex[:10]}", "password": "correct horse"}
        return c.post(path, data=creds, follow_redirects=False) if path == "/signup" else c.post(path, json=creds)
    if path in ("/signin", "/api/sessions") and method == "POST":
        creds = {"username": world.spectator.name, "password": "correct horse"}
        return c.post(path, data=creds, follow_redirects=False) if path == "/signin" else c.post(path, json=creds)
    if path in ("/signout", "/api/sessions"):  # sign out a throwaway session of the same user
        p = world.player(role)
        if p is None:
            return c.post("/signout", follow_redirects=False) if method == "POST" else c.delete(path)
        token, csrf = _throwaway_session(p.name)
        headers = {"cookie": f"ib_session={token}", "X-CSRF-Token": csrf}
        return c.post(path, headers=headers, follow_redirects=False) if method == "POST" else \
            c.request(method, path, headers=headers)
    if (method, path) == ("POST", "/games"):
        return c.post("/games", data={"game": "duel", "side": "red"}, follow_redirects=False)
    if (method, path) == ("POST", "/api/games"):
        return c.post("/api/games", json={"game": "duel", "side": "red"})
    if path.endswith("/chat") and method == "POST":
        return c.post(url, json={"channel": "all", "text": "hello"}) if path.startswith("/api") else \
            c.post(url, data={"channel": "all", "text": "hello"}, follow_redirects=False)
    if path.endswith("/clock"):
        return c.post(url, json={"paused": True}) if path.startswith("/api") else \
            c.post(url, data={"paused": "1"}, follow_redirects=False)
    if path.endswith("/resign") and not path.startswith("/api"):
        return c.post(url, data={"confirm": "1"}, follow_redirects=False)
    if path.endswith("/undo"):
        return c.post(url, json={}) if path.startswith("/api") else c.post(url, follow_redirects=False)
    if path.endswith("/invites/{role}"):
        return c.post(url, json={"do": "renew"}) if path.startswith("/api") else \
            c.post(url, data={"do": "renew"}, follow_redirects=False)
    if path.endswith("/join"):
        return c.post(url, data={"role": "blue"}, follow_redirects=False) if not path.startswith("/api") \
            else c.post(url, json={"role": "blue"})
    if method == "POST" and path.endswith(("/fork", "/bidding", "/bid")):
        body = {"seq": 1} if path.endswith("/fork") else {"vp": 1} if path.endswith("/bidding") else \
            {"role": "blue", "side": "red", "vp": 1}
        return c.post(url, json=body) if path.startswith("/api") else \
            c.post(url, data={k: str(v) for k, v in body.items()}, follow_redirects=False)
    if (method, path) == ("POST", "/games/{game_id}/actions"):
        version = world.umpire.game(gid)["game"]["version"]
        return c.post(url, data={"verb": "fire", "arg.salvos": "1", "expected_version": str(version),
                                 "key": uuid.uuid4().hex}, follow_redirects=False)
    if (method, path) == ("POST", "/api/games/{game_id}/actions"):
        version = world.umpire.game(gid)["game"]["version"]
        return c.post(url, json={"action": {"verb": "fire", "args": {"salvos": 1}}, "expected_version": version,
                                 "key": uuid.uuid4().hex})
    if (method, path) == ("POST", "/api/games/{game_id}/check"):
        return c.post(url, json={"action": {"verb": "fire", "args": {"salvos": 1}}})
    if method == "GET":
        return c.get(url, follow_redirects=False)
    if method == "POST":
        return c.post(url, follow_redirects=False)
    raise AssertionError(f"no request written for {method} {path}")


def _throwaway_session(username: str) -> tuple[str, str]:
    """A second session of an existing user, opened directly (an argon2 check per cell would be slow)."""
    from sqlalchemy import select

    from app.play import accounts
    from app.store.db import transaction
    from app.store.models import User

    with transaction() as db:
        user = db.scalar(select(User).where(User.username == username))
        token = accounts.open_session(db, user)
        db.flush()
        return token, accounts.session_user(db, token).csrf_token


def _socket(world: World, role: str, path: str) -> str:
    p = world.player(role)
    url = fill(path, {"game_id": world.game_id})
    try:
        with world.anon.websocket_connect(url, headers=ws_headers(p) if p else {"origin": "http://testserver"}) as ws:
            ws.send_text(json.dumps({"since": -1}))
            ws.receive_text()
            return "accepted"
    except WebSocketDisconnect as e:
        return f"closed {e.code}"


@pytest.fixture(scope="module")
def world(_player_pool, app):
    from fastapi.testclient import TestClient

    pool, make = _player_pool
    while len(pool) < 6:
        pool.append(make())
    cast = pool[:6]
    with TestClient(app) as anon:
        w = World(cast, anon)
        w.fresh_game()
        yield w


def _allowed(answer: str) -> bool:
    return answer.startswith(("2", "3", "accepted")) and answer not in (SIGNIN, "303 /signup")


@pytest.mark.parametrize("route", sorted(MATRIX), ids=lambda r: f"{r[0]} {r[1]}")
def test_authorization_matrix(world, route):
    method, path = route
    got: dict[str, str] = {}
    for role in ROLES:
        client = world.client(role)
        cookies = dict(client.cookies)
        before = row_counts()
        if method == "WS":
            got[role] = _socket(world, role, path)
        else:
            got[role] = _answer(_request(world, role, method, path))
        client.cookies.clear()
        for k, v in cookies.items():
            client.cookies.set(k, v)
        if not _allowed(got[role]):
            assert row_counts() == before, f"{role}'s refused {method} {path} changed something"
        elif method in ("POST", "DELETE"):
            world.fresh_game()  # the next role meets the same position
    assert got == MATRIX[route]
