"""Every operation in the OpenAPI schema, signed in, with NUL characters and oversized values in each of its
parameters and body fields (issue 10, items 7 and 11): no answer is a server error, and none changes anything
it should not. Runs on whichever database the suite runs on (CI: SQLite and PostgreSQL)."""
from __future__ import annotations

import uuid
from typing import Any
from urllib.parse import quote

import pytest

from app.web.main import create_app
from tests.conftest import Player

app = create_app()
NUL = "a\u0000b"
HUGE = "x" * 2_000_000


def _operations() -> list[tuple[str, str, dict[str, Any]]]:
    spec = app.openapi()
    return [(method.upper(), path, op) for path, ops in spec["paths"].items() for method, op in ops.items()
            if (method.upper(), path) != ("DELETE", "/api/sessions")]  # signing out would end the sweep early


def _body_fields(op: dict[str, Any]) -> dict[str, Any]:
    ref = (((op.get("requestBody") or {}).get("content") or {}).get("application/json") or {}).get("schema", {})
    name = ref.get("$ref", "").rsplit("/", 1)[-1]
    schema = app.openapi()["components"]["schemas"].get(name, {})
    return schema.get("properties", {})


@pytest.fixture(scope="module")
def player():
    from app import games as registry

    registry.load(["tests.fixtures.duel"])
    p = Player(app, f"hostile{uuid.uuid4().hex[:8]}")
    made = p.post("/api/games", json={"game": "duel", "side": "red"}).json()
    p.game_id = made["id"]
    yield p
    p.close()
    from app.play import throttle

    throttle.forget_all()  # the sweep's failed sign-ins must not count against later tests from this address


@pytest.mark.parametrize("method, path, op", _operations(), ids=lambda x: x if isinstance(x, str) else "")
@pytest.mark.parametrize("value", [NUL, HUGE], ids=["nul", "huge"])
def test_no_hostile_value_makes_a_server_error(player, method, path, op, value):
    params = {p["name"]: p for p in op.get("parameters", [])}
    for target in ["path", "query", "body"]:
        url = path
        query = {}
        in_url = value[:8000]  # a URL this long is already far past anything the server reads
        for name, p in params.items():
            filled = in_url if p["in"] == target else (player.game_id if name == "game_id" else "x")
            if p["in"] == "path":
                url = url.replace("{" + name + "}", quote(filled, safe=""))
            elif p["in"] == "query":
                query[name] = filled
        body = {name: value for name in _body_fields(op)} if target == "body" else \
            {name: ("x" if f.get("type") == "string" else 1) for name, f in _body_fields(op).items()}
        kwargs: dict[str, Any] = {"params": query}
        if method in ("POST", "PUT", "PATCH", "DELETE") and _body_fields(op):
            kwargs["json"] = body
        r = player.client.request(method, url, **kwargs)
        assert r.status_code < 500, (method, url[:80], target, r.status_code, r.text[:300])
