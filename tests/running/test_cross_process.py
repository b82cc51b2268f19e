"""Two server processes on one PostgreSQL database: a move made through one reaches a page watching the other."""
import asyncio
import os
import uuid

import httpx
import pytest
import websockets

from tests.support_server import LiveServer

pytestmark = pytest.mark.postgres
URL = os.environ.get("DATABASE_URL", "")


@pytest.mark.skipif(not URL.startswith("postgresql"), reason="cross-process push runs on PostgreSQL (CI's second stage)")
def test_a_move_on_one_process_is_pushed_by_the_other():
    a, b = LiveServer(URL).start(), LiveServer(URL).start()
    try:
        tokens = {}
        for side in ("red", "blue"):
            name = f"{side}{uuid.uuid4().hex[:8]}"
            httpx.post(a.url + "/api/users", json={"username": name, "password": "correct horse"})
            tokens[side] = httpx.post(a.url + "/api/sessions", json={"username": name, "password": "correct horse"}).json()["token"]
        auth = {s: {"Authorization": f"Bearer {t}"} for s, t in tokens.items()}
        game = httpx.post(a.url + "/api/games", json={"game": "duel", "side": "red"}, headers=auth["red"]).json()
        httpx.post(f"{a.url}/api/invites/{game['invite_tokens']['blue']}", headers=auth["blue"])

        async def watch_on_b():
            async with websockets.connect(f"ws://127.0.0.1:{b.port}/games/{game['id']}/ws", origin=b.url,
                                          additional_headers={"Cookie": f"ib_session={tokens['blue']}"}) as ws:
                await asyncio.sleep(0.3)
                r = httpx.post(f"{a.url}/api/games/{game['id']}/actions", headers=auth["red"], json={
                    "action": {"verb": "fire", "args": {"salvos": 2}}, "expected_version": 0, "key": "k1"})
                assert r.status_code == 200, r.text
                return await asyncio.wait_for(ws.recv(), timeout=10)
        fragment = asyncio.run(watch_on_b())
        assert 'id="status"' in fragment and "Version 1" in fragment
        assert "You commit 2" not in fragment  # blue's page, rendered by process B from blue's view
    finally:
        a.stop()
        b.stop()
