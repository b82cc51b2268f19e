"""Text no page can show (issue 32 item 1). A radio note holding a lone UTF-16 surrogate ("\\ud800", legal JSON) was
accepted and stored, and from then on every page of that umpired team game answered 500. Now every free-text field
is checked at the boundary: a lone surrogate, a control character (but tab and line breaks) or bytes that are not
UTF-8 get a 400 that says why and change nothing; and a page drawn from text stored before the check still draws."""
from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from tests.platform.conftest import rewrite_state, start_duel, table_digest, ws_headers

BAD = {"surrogate": ("Meet at Q6 \ud800", "lone UTF-16 surrogate (\\ud800)"),
       "low surrogate": ("\udc00", "lone UTF-16 surrogate (\\udc00)"),
       "escape": ("Turn north\x1b[2J", "control character (\\u001b)"),
       "bell": ("ring\x07", "control character (\\u0007)"),
       "C1": ("next\x85line", "control character (\\u0085)"),
       "DEL": ("x\x7f", "control character (\\u007f)")}


def post_form(who, url: str, fields: dict):
    """As a browser would post it, percent-encoded; a surrogate's bytes as written by a lax encoder."""
    body = "&".join(f"{k}={quote(str(v), errors='surrogatepass')}" for k, v in fields.items())
    return who.post(url, content=body.encode(), headers={"content-type": "application/x-www-form-urlencoded"})


def post_json(who, url: str, body: dict):
    """As a client would send it: JSON escapes (ensure_ascii), which can spell a lone surrogate."""
    return who.post(url, content=json.dumps(body), headers={"content-type": "application/json"})


@pytest.mark.parametrize("name", sorted(BAD))
def test_text_no_page_can_show_is_a_400_that_says_why_and_changes_nothing(players, anon, name):
    text, why = BAD[name]
    red, blue = players(), players()
    gid = start_duel(red, blue)
    version = red.game(gid)["game"]["version"]
    before = table_digest()
    answers = {
        "chat": post_json(red, f"/api/games/{gid}/chat", {"channel": "all", "text": text}),
        "chat form": post_form(red, f"/games/{gid}/chat", {"channel": "all", "text": text}),
        "order value": post_json(red, f"/api/games/{gid}/actions", {
            "action": {"verb": "fire", "args": {"salvos": text}}, "expected_version": version, "key": "k1"}),
        "order form": post_form(red, f"/games/{gid}/actions", {"verb": "fire", "arg.salvos": text,
                                                              "expected_version": version, "key": "k2"}),
        "key": post_json(red, f"/api/games/{gid}/actions", {
            "action": {"verb": "fire", "args": {"salvos": 1}}, "expected_version": version, "key": text}),
        "game title": post_json(red, "/api/games", {"game": "duel", "title": text}),
        "sign-up": post_json(anon, "/api/users", {"username": "abc" + text, "password": "correct horse"}),
        "query": red.get("/api/archive?player=" + quote(text, errors="surrogatepass")),
    }
    for where, r in answers.items():
        assert r.status_code == 400, (where, r.status_code, r.text[:300])
        # a surrogate in an address or a form arrives as bytes that are not UTF-8, and is refused as such
        said = "not valid UTF-8" if where in ("query", "chat form", "order form") and "surrogate" in why else why
        assert said in r.text.replace("\\\\", "\\"), (where, r.text[:300])
    assert table_digest() == before


def test_form_bytes_that_are_not_utf8_are_a_400(players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    before = table_digest()
    r = red.post(f"/games/{gid}/chat", content=b"channel=all&text=%ED%A0%80",  # a surrogate, as CESU-8 would write it
                 headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 400 and "not valid UTF-8" in r.text
    assert table_digest() == before


def test_line_breaks_and_tabs_are_kept(players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    r = post_json(red, f"/api/games/{gid}/chat", {"channel": "all", "text": "line one\r\nline two\tend"})
    assert r.status_code == 201, r.text
    assert any(m["text"] == "line one\r\nline two\tend" for m in blue.get(f"/api/games/{gid}/chat").json())


def test_text_stored_before_the_check_still_draws_every_page(players, anon):
    """A log line holding a lone surrogate, as a radio note stored before the boundary refused it: the page, its
    JSON, the log page and the socket's page all answer, the character drawn as "?"."""
    red, blue = players(), players()
    gid = start_duel(red, blue)
    rewrite_state(gid, lambda s: {**s, "log": s["log"] + [{"to": "public", "text": "Radio: meet at Q6 \ud800"}]})
    page = red.get(f"/games/{gid}")
    assert page.status_code == 200 and "Radio: meet at Q6 ?" in page.text
    api = red.get(f"/api/games/{gid}")
    assert api.status_code == 200 and any("meet at Q6" in line["text"] for line in api.json()["view"]["log"])
    assert red.get(f"/games/{gid}/log").status_code == 200
    with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(red)) as ws:
        ws.send_text(json.dumps({"since": -1}))
        assert "Radio: meet at Q6 ?" in ws.receive_text()
