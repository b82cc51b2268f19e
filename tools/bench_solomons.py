"""`make bench`, Solomons part: push latency of real Solomons commits. The duel figures in bench.py measure the
platform; a Solomons page is heavier (the map, the boards, the plotting chart are drawn again for every role on
every commit), so this times that too: one game between two players with two pages each, each side sending the
orders its page offers by default, from the POST until all four pages have the update."""
from __future__ import annotations

import asyncio
import time
import uuid

import httpx
import websockets

from tools.bench import pct, user

PAGES_PER_SIDE = 2
COMMITS = 80


async def solomons_push(server) -> dict:
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as client:
        us, jp = await user(client), await user(client)
        auth = {side: {"Authorization": f"Bearer {p['token']}"} for side, p in (("allied", us), ("japanese", jp))}
        g = (await client.post("/api/games", json={"game": "solomons", "side": "allied"},
                               headers=auth["allied"])).json()
        await client.post(f"/api/invites/{g['invite_tokens']['japanese']}", headers=auth["japanese"])
        socks = [await websockets.connect(f"ws://127.0.0.1:{server.port}/games/{g['id']}/ws", origin=server.url,
                                          additional_headers={"Cookie": f"ib_session={p['token']}"},
                                          max_size=None)
                 for p in (us, jp) for _ in range(PAGES_PER_SIDE)]
        latencies, sizes = [], []
        while len(latencies) < COMMITS:
            moved = False
            for side in ("allied", "japanese"):
                view = (await client.get(f"/api/games/{g['id']}", headers=auth[side])).json()
                prompt = view["prompt"]
                if view["game"]["status"] != "active" or not prompt or (prompt.get("info") or {}).get("submitted"):
                    continue
                default = prompt["info"]["default"]
                action = default if "verb" in default else {"verb": "submit", "args": default}
                ms, size = await post_and_wait(client, socks, g["id"], auth[side], action, view["game"]["version"])
                latencies.append(ms)
                sizes.append(size)
                moved = True
            if not moved:
                break
        for s in socks:
            await s.close()
        return {"latencies": latencies, "bytes": sizes, "sockets": len(socks)}


async def post_and_wait(client, socks, game_id: str, headers: dict, action: dict, version: int,
                        timeout: float = 60) -> tuple[float, int]:
    """POST one order and wait until every socket has its update: (milliseconds, the largest update's bytes)."""
    start = time.perf_counter()
    waits = [asyncio.create_task(_receive(s, start + timeout)) for s in socks]
    r = await client.post(f"/api/games/{game_id}/actions", headers=headers, json={
        "action": action, "expected_version": version, "key": uuid.uuid4().hex})
    r.raise_for_status()
    done = await asyncio.gather(*waits)
    return (max(t for t, _ in done) - start) * 1000, max(n for _, n in done)


async def _receive(sock, deadline: float) -> tuple[float, int]:
    message = await asyncio.wait_for(sock.recv(), timeout=max(0.01, deadline - time.perf_counter()))
    return time.perf_counter(), len(message)


def lines(result: dict) -> list[str]:
    lat, size = result["latencies"], sorted(result["bytes"])
    return [
        "## Solomons push latency",
        "",
        f"One Solomons Campaign game, two players with {PAGES_PER_SIDE} pages each ({result['sockets']} websockets), "
        f"{len(lat)} commits of each side's default orders from Game-Turn 1 on. Time from sending the orders over HTTP "
        "until all four pages have their update (each role's page drawn once: map, boards, plotting chart, log).",
        "",
        "| measured | p50 | p99 | max |",
        "|---|---|---|---|",
        f"| push latency (ms) | {pct(lat, 50):.1f} | {pct(lat, 99):.1f} | {max(lat):.1f} |",
        f"| one page's update (KiB) | {pct(size, 50) / 1024:.0f} | {pct(size, 99) / 1024:.0f} | {size[-1] / 1024:.0f} |",
        "",
    ]
