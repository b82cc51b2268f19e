"""`make bench`, push sizes per game (issue 37): for one late position of each game, the page a player loads and the
push one order sends to every seat's page, raw and as they travel compressed.

Each position is played offline (seeded; each seat its own side's computer player, or random legal play for a game
without one) to about three quarters of the game (U.S.N.: the Campaign Game 3 position after Game-Turn 60 that
tools/bench_usn_page.py draws), then loaded into a game between players on a live server (the game's stored
position rewritten, as bench_usn_page does). Each seat GETs its page (raw, and with Accept-Encoding: gzip as a browser
sends it: app/web/guards.py `Compress`) and opens a socket that applies patches, as static/app.js does; one order is
given from the late position and each socket's push is measured raw and as permessage-deflate sends it
(app/realtime/frames.py `compress`: each message on its own, a 4 KiB window, as the server sends it).
`python -m tools.bench --only sizes` draws this section alone."""
from __future__ import annotations

import asyncio
import json
import tempfile
from datetime import UTC, datetime

import httpx
import websockets

from app.engine.rng import SeededRng
from app.realtime import frames
from tests.support_server import LiveServer
from tools.bench import Windows, cpu_ns, user
from tools.bench_usn_page import _rewrite
from tools.push_shares import GOAL, by_seat, order, shares

# game id -> scenario (the longest each offers beside the defaults a newcomer gets)
GAMES = {"solomons": "campaign", "guadalcanal": "4", "first_blood": "campaign", "pacific_war_1942": "campaign",
         "usn": "campaign_3"}
LATE = 0.75  # how far into the seeded game the position lies, by orders
TIMEOUT = 30  # seconds to wait for a push
SERIES = 20  # orders after the late position whose pushes give each seat's median share (in process)


def late_position(game: str, scenario: str, seed: int = 0) -> tuple[dict, str, dict]:
    """(state, role to move, the order it gives) at about LATE of a seeded game."""
    from app import games as registry

    if game == "usn":
        from tools.bench_usn import play
        state = play(seed, True)["late"]
    else:
        rules = registry.get(game)
        dice, players = SeededRng(1000 + seed), SeededRng(2000 + seed)
        state = rules.setup(scenario, rules.meta.default_options(), dice)
        states = [state]
        while rules.outcome(state) is None and len(states) < 20000:
            state = rules.apply(state, *order(rules, state, players), dice)
            states.append(state)
        state = states[int(len(states) * LATE)]
    rules = registry.get(game)
    role, action = order(rules, state, SeededRng(3000 + seed))
    return state, role, action


def _turn(state: dict) -> int | None:
    """The position's turn (Guadalcanal keeps it in its time record)."""
    turn = state.get("turn")
    return turn if isinstance(turn, int) else (state.get("time") or {}).get("turn")


async def _create(server: LiveServer, game: str, scenario: str) -> tuple[str, dict[str, str]]:
    """A game between players, every seat taken: (game id, seat -> session token)."""
    from app import games as registry

    roles = registry.get(game).meta.roles
    async with httpx.AsyncClient(base_url=server.url, timeout=120) as client:
        host = await user(client)
        g = (await client.post("/api/games", json={"game": game, "scenario": scenario, "side": roles[0]},
                               headers={"Authorization": f"Bearer {host['token']}"})).json()
        tokens = {roles[0]: host["token"]}
        for seat, invite in (g.get("invite_tokens") or {}).items():
            guest = await user(client)
            r = await client.post(f"/api/invites/{invite}", headers={"Authorization": f"Bearer {guest['token']}"})
            r.raise_for_status()
            tokens[seat] = guest["token"]
        return g["id"], tokens


async def _measure(server: LiveServer, game_id: str, tokens: dict[str, str], role: str, action: dict) -> dict:
    pages, sent, extensions = {}, {}, set()
    async with httpx.AsyncClient(base_url=server.url, timeout=120) as client:
        for seat, token in tokens.items():
            plain = await client.get(f"/games/{game_id}", cookies={"ib_session": token},
                                     headers={"accept-encoding": "identity"})
            plain.raise_for_status()
            async with client.stream("GET", f"/games/{game_id}", cookies={"ib_session": token},
                                     headers={"accept-encoding": "gzip"}) as r:
                wire = b"".join([chunk async for chunk in r.aiter_raw()])
                encoded = r.headers.get("content-encoding") == "gzip"
            pages[seat] = {"raw": len(plain.content), "gzip": len(wire), "encoded": encoded}
        socks = {}
        for seat, token in tokens.items():
            ws = await websockets.connect(f"ws://127.0.0.1:{server.port}/games/{game_id}/ws", origin=server.url,
                                          additional_headers={"Cookie": f"ib_session={token}"}, max_size=None)
            await ws.send(json.dumps({"since": -1, "patches": 1}))  # as static/app.js: the whole page, then patches
            await asyncio.wait_for(ws.recv(), TIMEOUT)
            socks[seat] = ws
            extensions.add(ws.response.headers.get("Sec-WebSocket-Extensions", "none"))
        auth = {"Authorization": f"Bearer {tokens[role]}"}
        version = (await client.get(f"/api/games/{game_id}", headers=auth)).json()["game"]["version"]
        cpu = Windows(server.proc.pid)  # the server's CPU from the order's POST until every push has arrived
        cpu.open()
        received, last = await pushes(socks, role, server.proc.pid, client.post(
            f"/api/games/{game_id}/actions", headers=auth,
            json={"action": action, "expected_version": version, "key": f"bench-{version}"}))
        cpu.close(at=last)
        for seat, ws in socks.items():
            data = received[seat]
            sent[seat] = None if data is None else {"raw": len(data), "deflate": len(frames.compress(data)),
                                                      "patch": data.startswith(b"~")}
            await ws.close()
    return {"pages": pages, "pushes": sent, "role": role, "verb": action.get("verb"), "extensions": extensions,
            "cpu_ms": cpu.per_order_ms()}


async def pushes(socks: dict, role: str, pid: int, order) -> tuple[dict[str, bytes | None], dict[int, int]]:
    """Send the order (an awaitable POST) and collect each seat's push (None for a seat whose page did not change:
    nothing is pushed to it, which is known only once its wait of a few seconds ends). Also returns the server's CPU
    reading (`cpu_ns`) taken as the last push that came arrived, or as the reply came when none did: the order's
    CPU window ends there, not at the end of an unchanged seat's wait (its idle seconds are no part of the order)."""
    readings: list[dict[int, int]] = []
    waits = {seat: asyncio.create_task(_push(ws, TIMEOUT if seat == role else 5, pid, readings))
             for seat, ws in socks.items()}
    r = await order
    r.raise_for_status()
    replied = cpu_ns(pid)
    received = {seat: await wait for seat, wait in waits.items()}
    return received, (readings[-1] if readings else replied)


async def _push(ws, timeout: float, pid: int, readings: list[dict[int, int]]) -> bytes | None:
    """The push a socket receives, or None when none comes (that seat's page did not change: nothing is pushed).
    The server's CPU is read as it arrives (appended to `readings`)."""
    try:
        message = await asyncio.wait_for(ws.recv(), timeout)
    except TimeoutError:
        return None
    readings.append(cpu_ns(pid))
    return message.encode() if isinstance(message, str) else message


def run() -> dict[str, dict]:
    tmp = tempfile.mkdtemp(prefix="ironbottom-bench-pushes-")
    url = f"sqlite:///{tmp}/pushes.db"
    server = LiveServer(url)
    server.migrate()
    out = {}
    try:
        server.start()
        made = {game: asyncio.run(_create(server, game, scenario)) for game, scenario in GAMES.items()}
        server.stop()  # the server keeps positions in memory: the rewrites are seen from a fresh start
        orders, series = {}, {}
        for game, scenario in GAMES.items():
            state, role, action = late_position(game, scenario)
            path = f"{tmp}/{game}.json"
            with open(path, "w") as f:
                json.dump(state, f)
            _rewrite(url, made[game][0], path)
            orders[game] = (role, action, _turn(state))
            series[game] = by_seat(shares(game, scenario, state, SERIES))
        server.start()
        for game, (game_id, tokens) in made.items():
            role, action, turn = orders[game]
            measured = asyncio.run(_measure(server, game_id, tokens, role, action))
            out[game] = measured | {"turn": turn, "series": series[game]}
    finally:
        server.stop()
    return out


def _kib(n: int) -> str:
    return f"{n / 1024:.1f}"


def lines(result: dict[str, dict]) -> list[str]:
    from app import games as registry

    out = [f"## Push sizes per game (measured on {datetime.now(UTC):%Y-%m-%d %H:%M} UTC by `python -m tools.bench "
           "--only sizes`, part of `make bench`)", "",
           "One late position of each game (seeded, about three quarters through; U.S.N. after Game-Turn 60 of "
           "Campaign Game 3) on a live server, every seat's page open with a socket that applies patches "
           "(static/app.js); one order given (the mover's computer player, or a random legal order). Each seat: the "
           "whole page it loads (GET; raw, and gzip as sent to a browser), and the push that order sent to it (raw, "
           "and permessage-deflate as the server sends it, each message compressed on its own with a 4 KiB window). "
           "A push is a patch of the page the socket holds (`~[...]`, app/realtime/patch.py) or the whole page. The "
           "baseline of each push is the page it updates. Server CPU of the order: every server thread's CPU "
           "(/proc/PID/task/*/schedstat, as the push latency's) from the order's POST until every seat's push has "
           "arrived (one order: apply, commit, the reply and every seat's push drawn and sent); its baseline is the "
           "bare durable server's CPU per order in the push latency section above.", "",
           "| game (scenario, turn) | server CPU of the order (ms) | seat | page raw (KiB) | page gzip (KiB) "
           "| push raw (KiB) | push deflate (KiB) | push kind | push deflate / page gzip |",
           "|---|---|---|---|---|---|---|---|---|"]
    for game, r in result.items():
        title = registry.get(game).meta.title.split(":")[0]
        for i, (seat, page) in enumerate(r["pages"].items()):
            push = r["pushes"].get(seat)
            mover = " (moved)" if seat == r["role"] else ""
            gz = _kib(page["gzip"]) if page["encoded"] else f"{_kib(page['gzip'])} (not compressed)"
            if push is None:
                cells = "no push (page unchanged) | | | "
            else:
                kind = "patch" if push["patch"] else "whole page"
                cells = (f"{_kib(push['raw'])} | {_kib(push['deflate'])} | {kind} | "
                         f"{push['deflate'] / page['gzip']:.0%}")
            where = f"{title} ({GAMES[game]}, {r['turn']})"
            cpu = f"{r['cpu_ms']:.1f}" if "cpu_ms" in r and i == 0 else ""  # one order a game: its first row
            out.append(f"| {where} | {cpu} | {seat}{mover} | {_kib(page['raw'])} | {gz} | {cells} |")
    negotiated = sorted({e for r in result.values() for e in r.get("extensions", ())})
    out += ["", f"Negotiated on every socket: `{'`, `'.join(negotiated)}` (the websockets client's offer).", ""]
    return out + series_lines(result)


def series_lines(result: dict[str, dict]) -> list[str]:
    """The goal's own reading: each seat's pushes over the SERIES orders after the late position (tools/push_shares.py),
    their median share of the page each updates."""
    from app import games as registry

    rows = [(game, seat, s) for game, r in result.items() for seat, s in (r.get("series") or {}).items()]
    if not rows:
        return []
    out = [f"Over the {SERIES} orders that follow each late position (seeded: the movers' computer players, or random "
           "legal orders), every push each seat's page was sent, drawn in process as the server draws it "
           "(tools/push_shares.py): the push deflated alone, against the gzip of the whole page it updates. Goal "
           f"(issue 37): on the median order a push is at most {GOAL:.0%} of its page.", "",
           "| game | seat | pushes | median | 90th percentile | largest | over the goal | goal |",
           "|---|---|---|---|---|---|---|---|"]
    for game, seat, s in rows:
        title = registry.get(game).meta.title.split(":")[0]
        met = "met" if s["median"] <= GOAL else "not met"
        out.append(f"| {title} | {seat} | {s['pushes']} | {s['median']:.0%} | {s['p90']:.0%} | {s['max']:.0%} "
                   f"| {s['over']} | {met} |")
    return out + [""]


if __name__ == "__main__":
    print("\n".join(lines(run())))
