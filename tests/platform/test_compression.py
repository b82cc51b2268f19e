"""Issue 37: pages and JSON over HTTP are compressed for clients that accept it, and BREACH is minded: the CSRF token
every page carries is masked in every compressed answer (a different pad whenever the rest of the page differs, the
same bytes for the same page), and answers with other bearer secrets (a sign-in's session token, invite links) go
uncompressed."""
from __future__ import annotations

import gzip
import re

from tests.platform.conftest import csrf_of, fire, start_duel, ws_headers

GZIP = {"accept-encoding": "gzip"}


def _raw(client, url, **kw):
    """The answer's bytes as sent (httpx would decompress them)."""
    with client.stream("GET", url, headers=GZIP, **kw) as r:
        return r, b"".join(r.iter_raw())


def test_a_game_page_and_its_json_are_compressed_for_a_client_that_accepts_it(players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    r, body = _raw(red.client, f"/games/{gid}")
    assert r.headers["content-encoding"] == "gzip" and "Accept-Encoding" in r.headers["vary"]
    page = gzip.decompress(body)
    assert len(body) * 2 < len(page) and b"Your move" in page
    r, body = _raw(red.client, f"/api/games/{gid}")
    assert r.headers["content-encoding"] == "gzip" and b'"role":"red"' in gzip.decompress(body)
    plain = red.get(f"/games/{gid}", headers={"accept-encoding": "identity"})
    assert "content-encoding" not in plain.headers


def test_the_compressed_page_is_the_plain_page_but_for_its_masked_token(players):
    """What a browser unpacks is the page a client without Accept-Encoding gets (sent plain), token aside."""
    red, blue = players(), players()
    gid = start_duel(red, blue)
    request = red.client.build_request("GET", f"/games/{gid}")
    del request.headers["accept-encoding"]  # httpx offers gzip unless told otherwise
    plain = red.client.send(request, stream=True)
    raw = b"".join(plain.iter_raw())
    assert "content-encoding" not in plain.headers and raw.lower().startswith(b"<!doctype html>")
    assert red.csrf in raw.decode()
    _, body = _raw(red.client, f"/games/{gid}")
    page = gzip.decompress(body).decode()
    assert page.replace(csrf_of(page), red.csrf) == raw.decode()


def test_the_csrf_token_is_masked_in_a_compressed_page_and_still_accepted(players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    _, body = _raw(red.client, f"/games/{gid}")
    page = gzip.decompress(body).decode()
    assert red.csrf not in page  # the session's token itself never appears in a compressed body
    masked = csrf_of(page)
    assert masked != red.csrf
    _, again = _raw(red.client, f"/games/{gid}")
    assert gzip.decompress(again).decode() == page  # the same page, the same bytes
    # A reflected parameter changes the pad: the attacker's guesses never see the token's bytes alike.
    _, other = _raw(red.client, f"/games/{gid}/log?seat=red")
    tokens = set(re.findall(r'name="csrf_token" value="([^"]+)"', gzip.decompress(other).decode()))
    assert tokens and masked not in tokens
    # Two answers' tokens differ on the wire, and both are accepted; a token altered is not.
    for sent, answer in ((masked, 303), (tokens.pop(), 303), (masked[:-3] + "xyz", 403)):
        r = red.client.post(f"/games/{gid}/chat", data={"channel": "all", "text": "masked"},
                            headers={"X-CSRF-Token": sent}, follow_redirects=False)
        assert r.status_code == answer, r.text


def test_answers_with_bearer_secrets_are_not_compressed(players, anon):
    host = players()
    r = host.client.post("/api/games", json={"game": "duel", "side": "red"}, headers=GZIP)
    assert r.status_code == 201 and "content-encoding" not in r.headers  # its invite tokens
    gid = r.json()["id"]
    r, _ = _raw(host.client, f"/games/{gid}")
    assert "content-encoding" not in r.headers  # the host's page shows the waiting seat's invite link
    r = anon.post("/api/sessions", json={"username": host.name, "password": "correct horse"}, headers=GZIP)
    assert r.status_code == 201 and "content-encoding" not in r.headers  # the session token


def test_the_sign_in_pages_double_submit_token_is_masked_when_compressed(anon):
    """Before sign-in the forms carry the double-submit cookie's token: masked the same way, and still accepted."""
    _, body = _raw(anon, "/signin")
    page = gzip.decompress(body).decode()
    cookie = anon.cookies.get("ib_csrf")
    assert cookie and cookie not in page and csrf_of(page).startswith("m.")


def test_a_pushed_page_carries_no_csrf_token(players, anon):
    """Pushes go compressed (permessage-deflate) and never masked: they must hold no token at all (a pushed form is
    given the page's own token by its script, static/app.js)."""
    red, blue = players(), players()
    gid = start_duel(red, blue)
    with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(blue)) as ws:
        fire(red, gid, 2)
        pushed = ws.receive_text()
    assert "Your move." in pushed and blue.csrf not in pushed and "csrf_token" not in pushed
