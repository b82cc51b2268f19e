"""`make bench`: push latency and memory per game, written to docs/benchmarks.md.

Push latency: 50 games of the test-only duel, 300 websockets (three pages per side), an order submitted over HTTP,
timed until every page of that game has its update, after a warm-up round; with the server's CPU per order. Each
figure stands beside its baseline of the same run: the bare durable server (tools/bench_echo.py: a minimal Starlette
app that commits one INSERT, WAL, synchronous=FULL, then sends to the same sockets). Memory: the server's resident
memory with the 50 games active, less its memory before, per game.
Push sizes per game (a late position of each; the page it updates, raw and compressed): tools/bench_pushes.py.
`python -m tools.bench --only latency --only sizes` draws those sections alone.
Solomons push latency: tools/bench_solomons.py (a real Solomons game, four pages).
Storage of a finished game and rebuild times: tools/bench_storage.py.
A spectator storm, 500 games on one process, and pushes across processes on a throwaway PostgreSQL: tools/bench_scale.py.
Guadalcanal's computer players (a whole Scenario 3 game's CPU time, win rates): tools/bench_guadalcanal.py.
First Blood's computer players (CPU time of a game, win rates by side): tools/bench_first_blood.py.
Game figures (a whole computer-played game, one execution segment, a state's size) come from each game's own
bench hook when it has one.
"""
from __future__ import annotations

import asyncio
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import datetime, timezone
from pathlib import Path

import httpx
import websockets

from tests.support_server import ROOT, LiveServer, free_port
from tools import bench_doc

GAMES = 50
PAGES_PER_SIDE = 3
ROUNDS = 4  # measured submissions per game
WARMUP = 1  # rounds before those, not counted: templates compiled, caches and the threadpool filled


def cpu_ns(pid: int) -> dict[int, int]:
    """Each thread's CPU time so far (ns) by its id (/proc/PID/task/*/schedstat: finer than utime's ticks)."""
    times = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            times[int(task.name)] = int((task / "schedstat").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            pass  # a thread that ended meanwhile
    return times


def cpu_between(before: dict[int, int], after: dict[int, int]) -> int:
    """The CPU (ns) the threads spent between two readings, thread by thread: a thread that ended in between (a
    worker thread left idle exits) drops out of the second reading, and a difference of the sums took its whole
    life's CPU off the window (a run once showed 2.7 ms an order where its neighbours showed 12)."""
    return sum(ns - before.get(tid, 0) for tid, ns in after.items())


class Windows:
    """CPU a server spends inside timed windows (an order's POST until its pushes have arrived), summed."""

    def __init__(self, pid: int):
        self.pid, self.ns, self.orders, self._at = pid, 0, 0, {}

    def open(self) -> None:
        self._at = cpu_ns(self.pid)

    def close(self, counted: bool = True, at: dict[int, int] | None = None) -> None:
        """End the window now, or at `at`: a reading (`cpu_ns`) taken earlier, when the last push arrived."""
        if counted:
            self.ns += cpu_between(self._at, at if at is not None else cpu_ns(self.pid))
            self.orders += 1

    def per_order_ms(self) -> float:
        return self.ns / 1e6 / max(1, self.orders)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


async def user(client: httpx.AsyncClient) -> dict:
    name = f"b{uuid.uuid4().hex[:10]}"
    await client.post("/api/users", json={"username": name, "password": "benchmark!"})
    r = await client.post("/api/sessions", json={"username": name, "password": "benchmark!"})
    return {"token": r.json()["token"]}


async def drain_until(sock, deadline: float) -> float:
    await asyncio.wait_for(sock.recv(), timeout=max(0.01, deadline - time.perf_counter()))
    return time.perf_counter()


async def ironbottom(server: LiveServer) -> dict:
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as client:
        games = []
        for _ in range(GAMES):
            red, blue = await user(client), await user(client)
            h = {"Authorization": f"Bearer {red['token']}"}
            g = (await client.post("/api/games", json={"game": "duel", "side": "red",
                                                       "options": {"hits_to_win": 5}}, headers=h)).json()
            await client.post(f"/api/invites/{g['invite_tokens']['blue']}",
                              headers={"Authorization": f"Bearer {blue['token']}"})
            games.append({"id": g["id"], "red": red, "blue": blue})
        rss_before_sockets = rss_kib(server.proc.pid)
        origin = server.url
        sockets = {}
        for g in games:
            socks = []
            for side in ("red", "blue"):
                for _ in range(PAGES_PER_SIDE):
                    ws = await websockets.connect(
                        f"ws://127.0.0.1:{server.port}/games/{g['id']}/ws", origin=origin,
                        additional_headers={"Cookie": f"ib_session={g[side]['token']}"})
                    socks.append(ws)
            sockets[g["id"]] = socks
        latencies = []
        cpu = Windows(server.proc.pid)
        for rnd in range(WARMUP + ROUNDS):
            counted = rnd >= WARMUP
            for g in games:
                # red's order is timed; blue answers so the next round starts fresh. Both count for the CPU, each
                # from its POST until its pushes have arrived (the GET of the version before it outside).
                for side in ("red", "blue"):
                    h = {"Authorization": f"Bearer {g[side]['token']}"}
                    version = (await client.get(f"/api/games/{g['id']}", headers=h)).json()["game"]["version"]
                    cpu.open()
                    start = time.perf_counter()
                    waits = [asyncio.create_task(drain_until(s, start + 10)) for s in sockets[g["id"]]]
                    r = await client.post(f"/api/games/{g['id']}/actions", headers=h, json={
                        "action": {"verb": "fire", "args": {"salvos": 1}}, "expected_version": version,
                        "key": uuid.uuid4().hex})
                    r.raise_for_status()
                    done = await asyncio.gather(*waits)
                    cpu.close(counted)
                    if counted and side == "red":
                        latencies.append((max(done) - start) * 1000)
        rss_active = rss_kib(server.proc.pid)
        g, h = games[0], {"Authorization": f"Bearer {games[0]['red']['token']}"}
        stale = {"action": {"verb": "fire", "args": {"salvos": 1}}, "expected_version": 10**6}  # refused: 409
        floors = {"stale": await cpu_per_request(client, server.proc.pid, f"/api/games/{g['id']}/actions", h, stale),
                  "missing": await cpu_per_request(client, server.proc.pid, "/no-such-page", {})}
        for socks in sockets.values():
            for s in socks:
                await s.close()
        return {"latencies": latencies, "sockets": sum(len(s) for s in sockets.values()),
                "rss_before_sockets_kib": rss_before_sockets, "rss_active_kib": rss_active,
                "cpu_ms": cpu.per_order_ms(), "orders": cpu.orders, "floors": floors}


FLOOR_REQUESTS = 200  # requests a floor's CPU is read over, after as many not counted


async def cpu_per_request(client: httpx.AsyncClient, pid: int, path: str, headers: dict,
                          order: dict | None = None) -> float:
    """The server's CPU (ms) a request to `path` costs (a GET, or the POST of `order` with a fresh key each time),
    every thread's, over FLOOR_REQUESTS requests one at a time: the floors under an order, what the server spends
    before any rule or page (issue 37)."""
    cpu = Windows(pid)
    for i in range(2 * FLOOR_REQUESTS):
        cpu.open()
        if order is None:
            await client.get(path, headers=headers)
        else:
            await client.post(path, headers=headers, json=order | {"key": uuid.uuid4().hex})
        cpu.close(i >= FLOOR_REQUESTS)
    return cpu.per_order_ms()


SIGNIN_STORM = 40  # wrong-password sign-ins kept in flight
WRITES = 40  # a player's writes timed meanwhile


async def signin_storm(server: LiveServer) -> dict:
    """A player's write (a chat post) while SIGNIN_STORM wrong-password sign-ins are in flight: each one runs an
    argon2 check, which must never hold the database's write lock (issue 10, item 5)."""
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as client:
        red, blue = await user(client), await user(client)
        h = {"Authorization": f"Bearer {red['token']}"}
        g = (await client.post("/api/games", json={"game": "duel", "side": "red"}, headers=h)).json()
        await client.post(f"/api/invites/{g['invite_tokens']['blue']}",
                          headers={"Authorization": f"Bearer {blue['token']}"})
        stop = asyncio.Event()
        codes: list[int] = []

        async def attacker() -> None:
            async with httpx.AsyncClient(base_url=server.url, timeout=60) as own:
                while not stop.is_set():
                    r = await own.post("/api/sessions", json={"username": f"x{uuid.uuid4().hex[:10]}",
                                                              "password": "wrong password"})
                    codes.append(r.status_code)
        attackers = [asyncio.create_task(attacker()) for _ in range(SIGNIN_STORM)]
        await asyncio.sleep(1.0)  # let the storm build up
        latencies = []
        for i in range(WRITES):
            start = time.perf_counter()
            r = await client.post(f"/api/games/{g['id']}/chat", headers=h, json={"channel": "all", "text": f"m{i}"})
            latencies.append((time.perf_counter() - start) * 1000)
            assert r.status_code == 201, r.text
            await asyncio.sleep(0.05)
        stop.set()
        await asyncio.gather(*attackers)
        return {"latencies": latencies, "attempts": len(codes), "refused": sum(1 for c in codes if c == 401)}


async def bare(port: int, pid: int) -> dict:
    """The baselines, on tools/bench_echo.py with the same sockets, rounds and warm-up: a durable order (one INSERT
    and COMMIT, WAL, synchronous=FULL, then the send; its CPU counted as Ironbottom's is), a send alone, an echo."""
    url = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=url, timeout=30) as client:
        sockets = {}
        for g in range(GAMES):
            sockets[g] = [await websockets.connect(f"ws://127.0.0.1:{port}/ws/{g}")
                          for _ in range(2 * PAGES_PER_SIDE)]
        durable, latencies, echo = [], [], []
        cpu = Windows(pid)
        for rnd in range(WARMUP + ROUNDS):
            counted = rnd >= WARMUP
            for g in range(GAMES):
                for route, into in (("order", durable), ("push", latencies)):
                    if route == "order":
                        cpu.open()
                    start = time.perf_counter()
                    waits = [asyncio.create_task(drain_until(s, start + 10)) for s in sockets[g]]
                    (await client.post(f"/{route}/{g}")).raise_for_status()
                    done = await asyncio.gather(*waits)
                    if route == "order":
                        cpu.close(counted)
                    if counted:
                        into.append((max(done) - start) * 1000)
                s = sockets[g][0]
                t = time.perf_counter()
                await s.send("ping")
                await s.recv()
                if counted:
                    echo.append((time.perf_counter() - t) * 1000)
        for socks in sockets.values():
            for s in socks:
                await s.close()
        floor = await cpu_per_request(client, pid, "/signin", {})
        return {"durable": durable, "latencies": latencies, "echo": echo, "cpu_ms": cpu.per_order_ms(),
                "orders": cpu.orders, "floor": floor}


def latency_lines(ours: dict, theirs: dict, load: tuple[float, float] | None = None) -> list[str]:
    """The push latency section: every Ironbottom figure beside its bare baseline of the same run, and their ratio;
    with the machine's load average before and after the run (other work on the two cores slows both servers)."""
    def row(what: str, value: float, base: float, goal: str, digits: int = 1) -> str:
        ratio = f"{value / base:.1f}x" if base else "-"
        return f"| {what} | {value:.{digits}f} | {base:.{digits}f} | {ratio} | {goal} |"

    lat, durable = ours["latencies"], theirs["durable"]
    return [
        "## Push latency",
        "",
        f"{GAMES} games of the test-only duel with {ours['sockets']} websockets ({2 * PAGES_PER_SIDE} pages per game); "
        f"a warm-up round of {WARMUP} order a side per game first, not counted. Time from sending an order over HTTP "
        "until every page of that game has received its update; the server's CPU per order (every thread's, "
        "/proc/PID/task/*/schedstat) summed over each order's window from its POST until its pushes have arrived, "
        f"{ours['orders']} orders (both sides'). The baseline, in the same run with the same sockets and rounds, is "
        "the bare durable server (tools/bench_echo.py): a minimal Starlette app that commits one INSERT in SQLite "
        "(WAL, synchronous=FULL, as app/store/db.py keeps it) in the threadpool and then sends to the game's sockets."
        + (f" Measured on {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, the machine's load average {load[0]:.1f} "
           f"before the run and {load[1]:.1f} after it ({os.cpu_count()} cores)." if load else ""),
        "",
        "| figure | Ironbottom | bare durable baseline | ratio | goal |",
        "|---|---|---|---|---|",
        row("push p50 (ms)", pct(lat, 50), pct(durable, 50), "at most 2.5x"),
        row("push p99 (ms)", pct(lat, 99), pct(durable, 99), "under 25 ms"),
        row("server CPU per order (ms)", ours["cpu_ms"], theirs["cpu_ms"], "at most 3x", 2),
        "",
        "| further baselines (same run) | p50 (ms) | p99 (ms) | samples |",
        "|---|---|---|---|",
        f"| bare Starlette: POST then send to the same sockets, nothing committed | "
        f"{pct(theirs['latencies'], 50):.1f} | {pct(theirs['latencies'], 99):.1f} | {len(theirs['latencies'])} |",
        f"| bare Starlette: websocket echo round trip | {pct(theirs['echo'], 50):.2f} | "
        f"{pct(theirs['echo'], 99):.2f} | {len(theirs['echo'])} |",
        "",
        *floor_lines(ours, theirs),
    ]


def floor_lines(ours: dict, theirs: dict) -> list[str]:
    """What the server spends on a request before any rule or page, beside the bare server's least request: the
    CPU per order's goal read against the cost of being this app at all."""
    if "floors" not in ours or "floor" not in theirs:
        return []
    base, goal = theirs["floor"], 3 * theirs["cpu_ms"]
    return [
        f"Floors (same run; server CPU per request, {FLOOR_REQUESTS} requests one at a time after as many not counted); "
        f"the CPU per order's goal, 3x the bare durable order, is {goal:.2f} ms:",
        "",
        "| request | server CPU (ms) | beside the bare server's least GET |",
        "|---|---|---|",
        f"| bare Starlette: a GET answered with a few bytes | {base:.2f} | 1.0x |",
        f"| Ironbottom: a path no route has (404 page), through every middleware | {ours['floors']['missing']:.2f} "
        f"| {ours['floors']['missing'] / base:.1f}x |",
        "| Ironbottom: a duel order refused as stale (409): the session read, the game row locked, the seat and the "
        "key checked, then the position read again for the reply (it carries the current position, as a page redraws "
        f"from it); no rule, commit or push | {ours['floors']['stale']:.2f} "
        f"| {ours['floors']['stale'] / base:.1f}x |",
        "",
    ]


def game_figures(games_per_title: int = 5) -> list[str]:
    """For each listed game: whole games between computer players (their bots if they have them, random legal
    players otherwise) timed in CPU seconds, the CPU time of each rules call that resolves orders, and the largest
    state's size. Game code has no clock; the timing is all here."""
    from app import games as registry
    from app.engine.rng import SeededRng
    from app.engine.testing import random_action

    rows = []
    for rules in registry.listed():
        bots = getattr(rules, "bots", {}) or {}
        per_game, applies, largest = [], [], 0
        for seed in range(games_per_title):
            dice, players = SeededRng(1000 + seed), SeededRng(2000 + seed)
            start = time.process_time()
            state = rules.setup(rules.meta.scenarios[0].id, rules.meta.default_options(), dice)
            steps = 0
            while rules.outcome(state) is None and steps < 20000:
                prompts = rules.prompts(state)
                role = players.choice(sorted(prompts))
                if role in bots:  # each seat its own side's bot (app/play/bots.py bot_for), never another's
                    action = bots[role](rules.view(state, role), prompts[role], players)
                else:
                    action = random_action(rules, state, role, players)
                t = time.process_time()
                state = rules.apply(state, role, action, dice)
                applies.append(time.process_time() - t)
                steps += 1
            per_game.append(time.process_time() - start)
            largest = max(largest, len(json.dumps(state)))
        who = "its computer players" if bots else "random legal players"
        rows.append(f"| {rules.meta.title} | a whole game between {who} (CPU s, mean of {games_per_title}) | "
                    f"{statistics.mean(per_game):.2f} | under 2 s |")
        rows.append(f"| {rules.meta.title} | one rules call resolving orders (p99 / max, ms) | "
                    f"{pct(applies, 99) * 1000:.1f} / {max(applies) * 1000:.1f} | one segment under 20 ms p99 |")
        rows.append(f"| {rules.meta.title} | largest final state (KiB) | {largest / 1024:.0f} | under 1 MiB |")
    return rows


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = Path("/proc/meminfo").read_text().splitlines()[0].split()[1] if Path("/proc/meminfo").exists() else "?"
    return f"{cpu}, {os.cpu_count()} cores, {int(mem) // 1024 // 1024 if mem != '?' else '?'} GiB, " \
           f"Python {platform.python_version()}, {platform.system()} {platform.release()}"


def submissions_lines(seeds=(1, 2, 3, 4, 5)) -> list[str]:
    """How often a human is asked to submit in a Solomons Game-Turn against the computer (issue 11, item 4)."""
    import statistics

    from tools.count_submissions import play_counts

    out = ["## Solomons: a human's submissions per Game-Turn", "",
           f"Seeded games {list(seeds)} against the computer, 16 Game-Turns each; the human's seat is played by its "
           "side's bot standing in, with the standing orders a sensible player of that side sets once, at its first "
           "Task Force Allocation, and keeps (tools/count_submissions.py `STANDING`: carry on at the resets, no air "
           "unless an enemy force is in reach, no air transfers, no Carrier Air Group Training, no base moves, and "
           "for Japan its first answers to the American questions); each asks again when something changes that "
           "could change its answer. That post counts as a submission; a decision a standing order answered does "
           "not (`python -m tools.count_submissions --kinds` shows where the rest go: the two Task Force "
           "Allocations and two Movement Plots of every Game-Turn are four of them). "
           "Goal: at most 6 on a quiet Game-Turn, at most 12 on a busy one.", "",
           "| side | mean | quiet (min) | median | busy (max) | Game-Turns |", "|---|---|---|---|---|---|"]
    for side, name in (("allied", "United States"), ("japanese", "Japan")):
        n = [c for seed in seeds for c in play_counts(seed, side, 16)]
        out.append(f"| {name} | {statistics.mean(n):.1f} | {min(n)} | {statistics.median(n):.1f} | {max(n)} | {len(n)} |")
    return out + [""]


PARTS = ("latency", "sizes")  # what `--only` may name: the push latency and memory sections, the push sizes


def wait_ready(url: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer in time")


def platform_run(tmp: str, solomons: bool = True) -> dict:
    """Ironbottom's duel loop (and the Solomons pushes) on one server, then the bare baselines on tools/bench_echo."""
    from tools.bench_solomons import solomons_push

    server = LiveServer(f"sqlite:///{tmp}/bench.db")
    server.migrate()
    port = free_port()
    echo = subprocess.Popen([sys.executable, "-m", "uvicorn", "tools.bench_echo:app", "--port", str(port),
                             "--log-level", "warning"], cwd=ROOT, env=dict(os.environ, BENCH_ECHO_DB=f"{tmp}/echo.db"))
    out: dict = {"load": (os.getloadavg()[0], 0.0)}
    try:
        server.start()
        out["rss_idle"] = rss_kib(server.proc.pid)
        time.sleep(1)
        out["ours"] = asyncio.run(ironbottom(server))
        if solomons:
            out["solomons"] = asyncio.run(solomons_push(server))
        server.stop()  # the baselines run alone, as Ironbottom did
        wait_ready(f"http://127.0.0.1:{port}/signin")
        out["theirs"] = asyncio.run(bare(port, echo.pid))
        out["load"] = (out["load"][0], os.getloadavg()[0])
    finally:
        server.stop()
        echo.terminate()
        echo.wait(10)
    return out


def memory_lines(ours: dict, rss_idle: int) -> list[str]:
    per_game = (ours["rss_active_kib"] - rss_idle) / GAMES
    return [
        "## Memory",
        "",
        f"Server resident memory: {rss_idle / 1024:.1f} MiB idle, {ours['rss_active_kib'] / 1024:.1f} MiB with "
        f"{GAMES} active games and {ours['sockets']} sockets: **{per_game:.0f} KiB per active game** (sockets, "
        "cached states and session data included).",
        "",
    ]


def main(argv: list[str] | None = None) -> None:
    import argparse

    from tools import bench_pushes

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", action="append", choices=PARTS,
                        help="draw only this part's sections (repeatable); the rest of docs/benchmarks.md stays")
    args = parser.parse_args(argv)
    tmp = tempfile.mkdtemp(prefix="ironbottom-bench-")
    if args.only:
        lines: list[str] = []
        if "latency" in args.only:
            run = platform_run(tmp, solomons=False)
            lines += latency_lines(run["ours"], run["theirs"], run["load"])
            lines += memory_lines(run["ours"], run["rss_idle"])
        if "sizes" in args.only:
            lines += bench_pushes.lines(bench_pushes.run())
        bench_doc.write(lines)
        print("\n".join(lines))
        return
    from tools.bench_first_blood import lines as first_blood_lines
    from tools.bench_solomons import lines as solomons_lines
    from tools.bench_scale import lines as scale_lines, run as scale_run
    from tools.bench_storage import lines as storage_lines

    run = platform_run(tmp)
    ours, theirs, solomons = run["ours"], run["theirs"], run["solomons"]
    # The sign-in storm runs with the failure limits out of the way, so every attempt costs a full argon2 check.
    storm_server = LiveServer(f"sqlite:///{tmp}/storm.db")
    storm_server.env.update(IRONBOTTOM_SIGNIN_FAILURES_PER_ADDRESS="1000000",
                            IRONBOTTOM_SIGNIN_FAILURES_PER_ACCOUNT="1000000", IRONBOTTOM_CHAT_PER_MINUTE="1000")
    storm_server.migrate()
    try:
        storm_server.start()
        storm = asyncio.run(signin_storm(storm_server))
    finally:
        storm_server.stop()
    scale = scale_run()
    lines = [
        "# Benchmarks",
        "",
        f"Measured by `make bench` on {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC.",
        f"Machine: {machine()}. Database: SQLite (WAL) in a temp dir. One uvicorn process.",
        "",
        *latency_lines(ours, theirs, run["load"]),
        *memory_lines(ours, run["rss_idle"]),
    ]
    lines += [
        "## A player's write during a sign-in storm",
        "",
        f"{SIGNIN_STORM} wrong-password sign-ins kept in flight ({storm['attempts']} in all, {storm['refused']} "
        f"answered 401) while a player posts {WRITES} chat messages, one after another. Goal: p99 under 200 ms "
        "on SQLite (passwords are checked outside any transaction).",
        "",
        "| write | p50 (ms) | p99 (ms) | samples |",
        "|---|---|---|---|",
        f"| chat post during the storm | {pct(storm['latencies'], 50):.1f} | {pct(storm['latencies'], 99):.1f} | "
        f"{len(storm['latencies'])} |",
        "",
    ]
    lines += scale_lines(scale)
    lines += bench_pushes.lines(bench_pushes.run())
    lines += solomons_lines(solomons)
    rows = game_figures()
    if rows:
        lines += ["## Games", "", "| game | what | measured | target |", "|---|---|---|---|", *rows, ""]
    lines += submissions_lines()
    from tools.bench_guadalcanal import lines as guadalcanal_lines
    lines += guadalcanal_lines()
    lines += storage_lines()
    lines += first_blood_lines()
    from tools.bench_usn import lines as usn_lines
    lines += usn_lines()
    bench_doc.write(lines)  # the sections drawn here; bench_bots' and any other's stay, with their notes
    print("\n".join(lines))


if __name__ == "__main__":
    main()
