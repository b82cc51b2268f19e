"""A pushed page is compressed once, whatever the number of sockets it goes to (issue 18, item 2): the server's
permessage-deflate has no context takeover on its side, so every socket's frame of one page is the same bytes."""
from __future__ import annotations

import asyncio
import os
import uuid
import zlib

import pytest
import websockets
from websockets.extensions import permessage_deflate
from websockets.frames import Frame, Opcode

from app.realtime import frames

PAGE = '<section id="board" hx-swap-oob="true">' + "".join(f"<p>hex {i}: a cruiser</p>" for i in range(400))


def _inflate(payload: bytes) -> str:
    return zlib.decompressobj(wbits=-frames.WINDOW_BITS).decompress(payload + b"\x00\x00\xff\xff").decode()


def _negotiated() -> frames.SharedDeflate:
    """The extension one socket gets from a browser's usual offer."""
    _, ext = frames.SharedDeflateFactory().process_request_params([("client_max_window_bits", None)], [])
    return ext


def test_a_page_sent_to_many_sockets_is_compressed_once(monkeypatch):
    calls = []
    real = zlib.compressobj

    class Counting:
        compressobj = staticmethod(lambda *a, **kw: calls.append(1) or real(*a, **kw))
        Z_SYNC_FLUSH = zlib.Z_SYNC_FLUSH

        def __getattr__(self, name):
            return getattr(zlib, name)
    monkeypatch.setattr(frames, "zlib", Counting())
    monkeypatch.setattr(permessage_deflate, "zlib", Counting())
    sockets = [_negotiated() for _ in range(200)]
    assert all(s.local_no_context_takeover for s in sockets)
    frames.prepare(PAGE)
    sent = [s.encode(Frame(Opcode.TEXT, PAGE.encode())) for s in sockets]
    assert len(calls) == 1  # the page's one compression, in prepare
    assert len({f.data for f in sent}) == 1 and all(f.rsv1 for f in sent)
    assert _inflate(sent[0].data) == PAGE
    assert len(sent[0].data) < len(PAGE) / 5


def test_a_page_nobody_prepared_is_compressed_as_before():
    other = PAGE.replace("cruiser", "destroyer")
    a, b = _negotiated(), _negotiated()
    first = a.encode(Frame(Opcode.TEXT, other.encode()))
    again = a.encode(Frame(Opcode.TEXT, other.encode()))  # no context carried over: the same bytes again
    assert _inflate(first.data) == other and first.data == again.data == b.encode(Frame(Opcode.TEXT, other.encode())).data


def test_a_live_server_pushes_shared_frames_every_client_can_read():
    """Through uvicorn with the protocol the app is run with (Makefile, Dockerfile): a real client negotiates the
    extension and reads the pushed pages."""
    import httpx

    from tests.support_server import LiveServer

    server = LiveServer(os.environ["DATABASE_URL"]).start()  # the tests' own database, migrated
    try:
        tokens = []
        for _ in range(2):
            name = f"f{uuid.uuid4().hex[:8]}"
            httpx.post(server.url + "/api/users", json={"username": name, "password": "correct horse"})
            tokens.append(httpx.post(server.url + "/api/sessions",
                                     json={"username": name, "password": "correct horse"}).json()["token"])
        red, blue = ({"Authorization": f"Bearer {t}"} for t in tokens)
        game = httpx.post(server.url + "/api/games", json={"game": "duel", "side": "red"}, headers=red).json()
        httpx.post(f"{server.url}/api/invites/{game['invite_tokens']['blue']}", headers=blue)

        async def watch():
            url = f"ws://127.0.0.1:{server.port}/games/{game['id']}/ws"
            socks = [await websockets.connect(url, origin=server.url,
                                              additional_headers={"Cookie": f"ib_session={tokens[1]}"})
                     for _ in range(3)]
            offered = socks[0].response.headers.get("sec-websocket-extensions", "")
            async with httpx.AsyncClient() as client:
                r = await client.post(f"{server.url}/api/games/{game['id']}/actions", headers=red, json={
                    "action": {"verb": "fire", "args": {"salvos": 2}}, "expected_version": 0, "key": "k1"})
            assert r.status_code == 200, r.text
            got = [await asyncio.wait_for(s.recv(), 10) for s in socks]
            for s in socks:
                await s.close()
            return offered, got
        offered, got = asyncio.run(watch())
    finally:
        server.stop()
    assert "permessage-deflate" in offered and "server_no_context_takeover" in offered
    assert len(set(got)) == 1 and 'id="status"' in got[0] and 'data-version="1"' in got[0]


@pytest.fixture(autouse=True)
def _fresh_cache():
    frames._cache.clear()
    yield
    frames._cache.clear()
