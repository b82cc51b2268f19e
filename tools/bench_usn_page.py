"""`make bench`, U.S.N. page part (issue 17, "The map": "measure the time to draw and to push an update of a late
Campaign Game 3 position"). A live server on a throwaway SQLite database holds a Campaign Game 3 between two players
whose position is a late one of the seeded computer-vs-computer game (tools/bench_usn.py); each side has two pages
open. Measured: the server's time to draw the whole game page for each side (GET, as a browser's first load), and
pushes: each order the side's computer player gives from its own page's view, from the POST until all four pages
have their update, with the update's size. The browser's own layout of the page is not measured here.

The first page each side is drawn after the server starts is reported apart from the rest: it reads the position
from the database and compiles the page's templates, once for the process (issue 37: the draw's p99 is of the pages
after it, the two sides in turn)."""
from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import tempfile
import time

from types import SimpleNamespace

import httpx
import websockets

from app import games as registry
from app.engine.rng import SeededRng
from app.games.usn.rules import rules as usn_rules
from app.web.guards import gzip
from app.web.heap import settle
from app.web.presenter import action_key, page_model
from app.web.templating import render
from tests.conformance.render import facts, game_row
from tests.support_server import ROOT, LiveServer
from tools.bench import pct, user
from tools.bench_solomons import post_and_wait

PAGES_PER_SIDE = 2
ORDERS = 24
PAGE_LOADS = 20  # per side, after each side's first (timed apart)


def _rewrite(database_url: str, game_id: str, path: str) -> None:
    """In its own process (the bench's settings are not the server's): the game's stored position becomes the
    late one, as the snapshot every later load starts from."""
    code = ("import json, sys\n"
            "from app.store.db import transaction\n"
            "from app.store.models import Game, Snapshot\n"
            "with transaction() as db:\n"
            "    game = db.get(Game, sys.argv[1])\n"
            "    snap = db.get(Snapshot, (game.id, game.version))\n"
            "    state = json.load(open(sys.argv[2]))\n"
            "    if snap is None:\n"
            "        db.add(Snapshot(game_id=game.id, seq=game.version, phase='', state=state))\n"
            "    else:\n"
            "        snap.state = state\n")
    env = dict(LiveServer(database_url).env)
    subprocess.run([sys.executable, "-c", code, game_id, path], env=env, cwd=ROOT, check=True)


async def _game(server: LiveServer) -> tuple[str, dict, dict]:
    async with httpx.AsyncClient(base_url=server.url, timeout=120) as client:
        jp, us = await user(client), await user(client)
        tokens = {"japanese": jp["token"], "allied": us["token"]}
        g = (await client.post("/api/games", json={"game": "usn", "scenario": "campaign_3", "side": "japanese"},
                               headers={"Authorization": f"Bearer {jp['token']}"})).json()
        r = await client.post(f"/api/invites/{g['invite_tokens']['allied']}",
                              headers={"Authorization": f"Bearer {us['token']}"})
        r.raise_for_status()
        return g["id"], tokens, g


async def _measure(server: LiveServer, game_id: str, tokens: dict[str, str]) -> dict:
    auth = {side: {"Authorization": f"Bearer {t}"} for side, t in tokens.items()}
    loads: list[float] = []
    first: list[float] = []
    page_bytes: list[int] = []
    async with httpx.AsyncClient(base_url=server.url, timeout=120, follow_redirects=True) as client:
        for n in range(PAGE_LOADS + 1):
            for token in tokens.values():
                start = time.perf_counter()
                r = await client.get(f"/games/{game_id}", cookies={"ib_session": token})
                (loads if n else first).append((time.perf_counter() - start) * 1000)
                r.raise_for_status()
                page_bytes.append(len(r.content))
        socks = [await websockets.connect(f"ws://127.0.0.1:{server.port}/games/{game_id}/ws", origin=server.url,
                                          additional_headers={"Cookie": f"ib_session={token}"}, max_size=None)
                 for token in tokens.values() for _ in range(PAGES_PER_SIDE)]
        latencies, sizes, turns = [], [], set()
        players = SeededRng(4242)
        while len(latencies) < ORDERS:
            moved = False
            for side in ("japanese", "allied"):
                view = (await client.get(f"/api/games/{game_id}", headers=auth[side])).json()
                prompt = view.get("prompt")
                if view["game"]["status"] != "active" or not prompt:
                    continue
                action = usn_rules.bots[side](view["view"], prompt, players)
                ms, size = await post_and_wait(client, socks, game_id, auth[side], action, view["game"]["version"])
                latencies.append(ms)
                sizes.append(size)
                turns.add(view["view"].get("turn"))
                moved = True
            if not moved:
                break
        for s in socks:
            await s.close()
    return {"loads": loads, "first": first, "page_bytes": page_bytes, "latencies": latencies, "bytes": sizes,
            "sockets": len(socks), "turns": sorted(t for t in turns if t is not None)}


def run(late: dict) -> dict:
    tmp = tempfile.mkdtemp(prefix="ironbottom-bench-usn-")
    url = f"sqlite:///{tmp}/usn.db"
    server = LiveServer(url)
    server.migrate()
    try:
        server.start()
        game_id, tokens, _ = asyncio.run(_game(server))
        server.stop()  # the server keeps positions in memory: the rewrite is seen from a fresh start
        path = f"{tmp}/late.json"
        with open(path, "w") as f:
            json.dump(late, f)
        _rewrite(url, game_id, path)
        server.start()
        result = asyncio.run(_measure(server, game_id, tokens))
    finally:
        server.stop()
    result["ships"], result["land"], result["turn"] = len(late["ships"]), len(late["land"]), late["turn"]
    return result


def lines(result: dict) -> list[str]:
    loads, pages = result["loads"], sorted(result["page_bytes"])
    lat, size = result["latencies"], sorted(result["bytes"])
    return [
        "### The page of a late Campaign Game 3 position",
        "",
        f"The position after Game-Turn {result['turn']} of the seeded game above ({result['ships']} ships, "
        f"{result['land']} land units), loaded into a Campaign Game 3 between two players on a live server (SQLite); "
        f"{PAGES_PER_SIDE} pages a side open ({result['sockets']} websockets). A page's draw: the server's time to "
        "answer a browser's GET of the whole game page (map, stacks, forms, log), each side "
        f"{PAGE_LOADS} times in turn after its first page since the server started (timed apart: the position read "
        "from the database, the page's templates compiled). A push: each side's computer player orders from its own "
        f"page's view ({len(lat)} orders), timed from the POST until all four pages have the update. The browser's "
        "own layout is not timed.",
        "",
        "| measured | p50 | p99 | max |",
        "|---|---|---|---|",
        f"| the whole page drawn by the server (ms) | {pct(loads, 50):.0f} | {pct(loads, 99):.0f} | {max(loads):.0f} |",
        f"| each side's first page after the server starts (ms) | | | {max(result['first']):.0f} |",
        f"| the whole page (KiB) | {pct(pages, 50) / 1024:.0f} | {pct(pages, 99) / 1024:.0f} | "
        f"{pages[-1] / 1024:.0f} |",
        f"| push latency, order to four pages (ms) | {pct(lat, 50):.0f} | {pct(lat, 99):.0f} | {max(lat):.0f} |",
        f"| one page's update (KiB) | {pct(size, 50) / 1024:.0f} | {pct(size, 99) / 1024:.0f} | "
        f"{size[-1] / 1024:.0f} |",
        "",
    ]


def draw_cpu(late: dict, draws: int = 15) -> dict[str, list[float]]:
    """The CPU time (ms, of this thread) of drawing each side's whole page of `late` in this process, as the server
    does for a GET after its first (the prompts, the page model, the templates, gzip), without the database: each
    side `draws` times in turn after one untimed draw. On a loaded machine the wall time of a live draw measures
    the load as much as the draw; this is the draw's own cost. The heap is settled first, as a server's is at its
    start (app/web/heap.py), so the collector's full passes cost here what they cost there."""
    settle()
    rules = registry.get("usn")
    game = game_row(rules, late["scenario"], {}, late)
    user = SimpleNamespace(username="player", user_id=1)
    cpu: dict[str, list[float]] = {"japanese": [], "allied": []}
    for n in range(draws + 1):
        for side, times in cpu.items():
            start = time.thread_time()
            model = page_model(None, game, side, facts(rules, late, (side,)))
            gzip(render("game/page.html", request=None, user=user, csrf="csrf", action_key=action_key, m=model,
                        oob=False, invites={}, seat_invites=[]).encode())
            if n:
                times.append((time.thread_time() - start) * 1000)
    return cpu


if __name__ == "__main__":  # python -m tools.bench_usn_page STATE.json: the draw's CPU (live: tools.bench_usn)
    import os

    from tools import push_shares

    with open(sys.argv[1]) as f:
        position = json.load(f)
    position = position.get("state", position)
    if "--pushes" in sys.argv:  # python -m tools.bench_usn_page STATE.json --pushes 40
        shares = push_shares.shares("usn", position["scenario"], position, int(sys.argv[sys.argv.index("--pushes") + 1]))
        over = [x for x in shares if x["wire"] > 0.15 * x["page"]]
        print(f"{len(shares)} pushes, median {pct([x['wire'] / x['page'] for x in shares], 50):.0%} of the page, "
              f"{len(over)} over 15%")
        for x in sorted(shares, key=lambda x: -x["wire"] / x["page"])[:20]:
            print(f"{x['wire'] / x['page']:.0%} order {x['order']} ({x['mover']} {x['verb']}) to {x['seat']}: "
                  f"{x['raw'] / 1024:.0f} KiB raw, {x['wire'] / 1024:.1f} KiB on the wire, page {x['page'] / 1024:.1f}"
                  " KiB gzip")
        sys.exit(0)
    for side, times in draw_cpu(position).items():
        print(f"{side}: CPU of one page's draw p50 {pct(times, 50):.0f} ms, max {max(times):.0f} ms "
              f"(load average {os.getloadavg()[0]:.1f})")
