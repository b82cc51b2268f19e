"""Bad and oversized input (issue 10, items 7, 11 and 12): bodies over the limit get 413 unread, a NUL
character anywhere gets a clear 400 (PostgreSQL cannot store one), a stale form asking for JSON gets 409, and
every answer carries the security headers; pages with secret orders are never cached."""
from __future__ import annotations

import json
import re

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.platform.conftest import csrf_of, row_counts, start_duel, table_digest, ws_headers


@pytest.fixture
def small_limit(monkeypatch):
    from app.config import get_settings

    monkeypatch.setattr(get_settings(), "max_body_bytes", 4000)
    monkeypatch.setattr(get_settings(), "max_ws_message_bytes", 500)


def test_a_body_over_the_limit_is_refused_unread(anon, players, small_limit):
    red = players()
    before = table_digest()
    r = anon.post("/api/users", json={"username": "big", "password": "x" * 5000})
    assert r.status_code == 413 and "too large" in r.json()["message"]
    r = red.post("/api/games", content=b'{"game": "duel", "title": "' + b"x" * 5000 + b'"}',
                 headers={"content-type": "application/json"})
    assert r.status_code == 413

    def stream():  # no Content-Length: counted as it arrives
        yield b'{"game": "duel", "title": "'
        for _ in range(10):
            yield b"y" * 1000
        yield b'"}'
    r = red.post("/api/games", content=stream(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    form = anon.get("/signup").text
    r = anon.post("/signup", data={"csrf_token": csrf_of(form), "username": "x" * 5000, "password": "y"})
    assert r.status_code == 413 and "too large" in r.text
    assert table_digest() == before


def test_a_websocket_message_over_the_limit_closes_the_socket(anon, players, small_limit):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(red)) as ws:
        ws.send_text(json.dumps({"since": 0, "pad": "x" * 1000}))
        ws.send_text(json.dumps({"since": -1}))  # would be answered with the page, were the socket still open
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
    assert closed.value.code == 1009


NUL = "a\u0000b"


def test_a_nul_character_anywhere_is_a_clear_400_that_changes_nothing(anon, players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    before = table_digest()
    answers = [
        anon.post("/api/users", json={"username": NUL + "cde", "password": "correct horse"}),
        anon.post("/api/sessions", json={"username": NUL, "password": "correct horse"}),
        red.post(f"/api/games/{gid}/chat", json={"channel": "all", "text": NUL}),
        red.post("/api/games", json={"game": "duel", "title": NUL}),
        red.act(gid, "fire", {"salvos": 1}, key=NUL),
        red.get("/api/games/a%00b"),
        red.post("/api/games/a%00b/actions", json={"action": {"verb": "fire"}, "expected_version": 0, "key": "k"}),
        red.get(f"/api/games/{gid}/replay?seq=0&eyes=a%00"),
        red.post(f"/games/{gid}/chat", data={"channel": "all", "text": NUL}),
    ]
    for r in answers:
        assert r.status_code == 400, (r.request.url, r.status_code, r.text[:200])
        assert "NUL character" in r.text
    assert table_digest() == before


def test_a_stale_html_form_asking_for_json_gets_409_with_the_current_view(players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    red.act(gid, "fire", {"salvos": 1})
    blue.act(gid, "fire", {"salvos": 1})  # round 2: red's round-1 page is stale
    before = row_counts()
    r = red.post(f"/games/{gid}/actions", data={"verb": "fire", "arg.salvos": "1", "expected_version": "0",
                                                "key": "stale-form"}, headers={"accept": "application/json"})
    assert r.status_code == 409 and "moved on" in r.json()["message"]
    assert r.json()["current"]["game"]["version"] == 2 and r.json()["current"]["role"] == "red"
    assert row_counts() == before


def test_every_answer_carries_the_security_headers_and_secret_pages_are_never_cached(anon, players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    answers = {"lobby": red.get("/"), "page": red.get(f"/games/{gid}"), "api": red.get(f"/api/games/{gid}"),
               "error": red.get("/no-such-page"), "sign-in": anon.get("/signin"), "static": anon.get("/static/app.css")}
    for name, r in answers.items():
        csp = r.headers.get("content-security-policy", "")
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0], name
        assert "frame-ancestors 'none'" in csp and r.headers["x-frame-options"] == "DENY", name
        assert r.headers["x-content-type-options"] == "nosniff" and r.headers["referrer-policy"], name
    for name in ("page", "api", "lobby"):
        assert answers[name].headers["cache-control"] == "no-store", name
    assert answers["static"].headers.get("cache-control") != "no-store"


def test_pages_hold_no_inline_script(players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    for url in ("/", f"/games/{gid}", "/signin"):
        html = red.get(url).text
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), url
        assert not re.search(r"\son[a-z]+=|hx-on|javascript:", html), url


def test_the_api_docs_load_from_this_server_and_the_icon_exists(anon):
    page = anon.get("/docs")
    assert page.status_code == 200
    sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sources and all(s.startswith("/") and not s.startswith("//") for s in sources), sources
    for s in sources:
        assert anon.get(s).status_code == 200, s
    assert "SwaggerUIBundle" in anon.get("/docs/assets/swagger-ui-bundle.js").text
    assert "/openapi.json" in anon.get("/docs/init.js").text
    icon = anon.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/")


@pytest.mark.parametrize("referer, back", [
    ("javascript:alert(document.cookie)", "/"),
    ("https://evil.example/phish", "/"),
    ("//evil.example/phish", "/"),
    ("http://testserver/lobby?game=duel", "/lobby?game=duel"),
    ("http://testserver.evil.example/x", "/"),
])
def test_the_error_pages_go_back_link_leads_only_to_this_site(anon, referer, back):
    """Issue 32 item 9: "Go back" copied the Referer as it came, `javascript:` included."""
    r = anon.get("/no-such-page", headers={"referer": referer, "accept": "text/html"})
    assert r.status_code == 404
    links = re.findall(r'<a href="([^"]*)">Go back</a>', r.text)
    assert links == [back.replace("&", "&amp;")], links
