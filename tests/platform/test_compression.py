"""Issue 37: pages and JSON over HTTP are compressed for clients that accept it, and BREACH is minded: the CSRF token
every page carries is masked in every compressed answer (a different pad whenever the rest of the page differs, the
same bytes for the same page), and answers with other bearer secrets (a sign-in's session token, invite links) go
uncompressed."""
from __future__ import annotations

import gzip
import re

from tests.platform.conftest import csrf_of, start_duel

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
    for sent, answer in ((masked, 303), (masked[:-3] + "xyz", 403)):
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
