"""`make bench`, scale part (issue 18): a spectator storm, many games at once, and pushes across processes.

Each figure is measured beside its baseline in the same run, and kept to a few seconds:

- Spectator storm: a duel watched by SPECTATORS sockets plus the two players' pages; time from an order's POST
  until every socket has the update. Measured with uvicorn's own websocket protocol (permessage-deflate run once per
  socket) and with the app's (`app.realtime.frames:Protocol`, each page compressed once), beside a bare Starlette
  broadcast of the same bytes to the same number of sockets.
- Capacity: GAMES duels with PAGES sockets each on one process, orders at RATE a second for SECONDS; push latency,
  the server's memory and its share of a core.
- Across processes: PROCESSES app processes on a throwaway PostgreSQL cluster this module starts and stops itself
  (when `initdb` and `pg_ctl` are on the machine); every game has pages on every process; an order is posted to
  the first, and each page's wait is timed, on the submitting process and on the others.
"""
from __future__ import annotations

import asyncio
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

import httpx
import websockets

from tests.support_server import ROOT, LiveServer, free_port
from tools.bench import pct, rss_kib

SPECTATORS = 1000
STORM_GAMES = 2  # one after the other, each with its own spectators
ROUNDS = 4  # rounds per duel (both sides fire), the first not timed: it warms the caches
GAMES = 500
PAGES = 6  # three per side
RATE = 20  # orders a second
SECONDS = 8
PROCESSES = 3
PG_GAMES = 10


async def _user(client: httpx.AsyncClient) -> dict:
    name = f"s{uuid.uuid4().hex[:10]}"
    await client.post("/api/users", json={"username": name, "password": "benchmark!"})
    r = await client.post("/api/sessions", json={"username": name, "password": "benchmark!"})
    token = r.json()["token"]
    return {"token": token, "auth": {"Authorization": f"Bearer {token}"}}


async def _duel(client: httpx.AsyncClient, red: dict, blue: dict, hits: int = 5) -> str:
    """A started duel. Eight salvos a side and five hits to win: its first 4 rounds (8 orders) never end it."""
    g = (await client.post("/api/games", json={"game": "duel", "side": "red", "options": {"hits_to_win": hits}},
                           headers=red["auth"])).json()
    await client.post(f"/api/invites/{g['invite_tokens']['blue']}", headers=blue["auth"])
    return g["id"]


async def _socket(port: int, game_id: str, who: dict):
    return await websockets.connect(f"ws://127.0.0.1:{port}/games/{game_id}/ws", origin=f"http://127.0.0.1:{port}",
                                    additional_headers={"Cookie": f"ib_session={who['token']}"}, max_size=None,
                                    open_timeout=60)


async def _fire(client: httpx.AsyncClient, game_id: str, who: dict, socks: list) -> tuple[float, str]:
    """GET the position (as a page would have it), then POST an order: ms from the POST until every socket in
    `socks` has the update, and the last socket's update."""
    version = (await client.get(f"/api/games/{game_id}", headers=who["auth"])).json()["game"]["version"]
    start = time.perf_counter()
    waiting = asyncio.ensure_future(_all_receive(socks))
    r = await client.post(f"/api/games/{game_id}/actions", headers=who["auth"], json={
        "action": {"verb": "fire", "args": {"salvos": 1}}, "expected_version": version, "key": uuid.uuid4().hex})
    assert r.status_code == 200, r.text
    done, page = await waiting
    return (done - start) * 1000, page


async def _all_receive(socks, deadline: float = 30) -> tuple[float, str]:
    """Wait until every socket has one message; (when the last arrived, one of the messages)."""
    got = await asyncio.gather(*(asyncio.wait_for(s.recv(), deadline) for s in socks))
    return time.perf_counter(), got[-1]  # (a spectator's, in the storm)


async def spectator_storm(server: LiveServer) -> dict:
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as client:
        red, blue, fan = await _user(client), await _user(client), await _user(client)
        latencies = []
        for _ in range(STORM_GAMES):
            gid = await _duel(client, red, blue)
            socks = [await _socket(server.port, gid, red), await _socket(server.port, gid, blue)]
            for i in range(0, SPECTATORS, 100):
                socks += await asyncio.gather(*(_socket(server.port, gid, fan)
                                                for _ in range(min(100, SPECTATORS - i))))
            for rnd in range(ROUNDS):
                for who in (red, blue):
                    took, page = await _fire(client, gid, who, socks)
                    if rnd:
                        latencies.append(took)
            await asyncio.gather(*(s.close() for s in socks))
        return {"latencies": latencies, "page": page, "sockets": len(socks)}


async def bare_broadcast(port: int, page: str, sockets: int, route: str = "broadcast") -> dict:
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as client:
        socks = await asyncio.gather(*(websockets.connect(f"ws://127.0.0.1:{port}/ws/storm", max_size=None,
                                                          open_timeout=60) for _ in range(sockets)))
        latencies = []
        for rnd in range(2 * ROUNDS * STORM_GAMES):
            start = time.perf_counter()
            waiting = asyncio.ensure_future(_all_receive(socks))
            await client.post(f"/{route}/storm", content=page.encode())
            done, _ = await waiting
            if rnd >= 2:
                latencies.append((done - start) * 1000)
        await asyncio.gather(*(s.close() for s in socks))
        return {"latencies": latencies}


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def capacity(server: LiveServer) -> dict:
    """GAMES duels, PAGES sockets each, orders at RATE a second for SECONDS (two players hold every game's seats:
    sign-ups are argon2 work that would only lengthen the set-up)."""
    async with httpx.AsyncClient(base_url=server.url, timeout=60,
                                 limits=httpx.Limits(max_connections=50)) as client:
        red, blue = await _user(client), await _user(client)
        rss_idle = rss_kib(server.proc.pid)
        games = [await _duel(client, red, blue) for _ in range(GAMES)]
        socks: dict[str, list] = {}
        for i in range(0, GAMES, 10):  # a few handshakes at a time
            batch = games[i:i + 10]
            opened = await asyncio.gather(*(_socket(server.port, g, who) for g in batch
                                            for who in (red, blue) for _ in range(PAGES // 2)))
            for j, g in enumerate(batch):
                socks[g] = opened[j * PAGES:(j + 1) * PAGES]
        rss_ready = rss_kib(server.proc.pid)
        latencies, busy = [], set()
        turn, orders = {g: red for g in games}, dict.fromkeys(games, 0)

        failed: list[str] = []

        async def order(g: str) -> None:
            who = turn[g]
            try:
                latencies.append((await _fire(client, g, who, socks[g]))[0])
                turn[g], orders[g] = (blue if who is red else red), orders[g] + 1
            except Exception as e:  # noqa: BLE001 - counted and shown: an overloaded server is a result too
                failed.append(type(e).__name__)
                orders[g] = 2 * ROUNDS  # its sockets may still get that push: the game is left out from here
            busy.discard(g)

        cpu0, t0 = cpu_seconds(server.proc.pid), time.perf_counter()
        tasks = []
        for _ in range(RATE * SECONDS):
            g = random.choice([g for g in games if g not in busy and orders[g] < 2 * ROUNDS])
            busy.add(g)
            tasks.append(asyncio.ensure_future(order(g)))
            await asyncio.sleep(1 / RATE)
        await asyncio.gather(*tasks)
        cpu = (cpu_seconds(server.proc.pid) - cpu0) / (time.perf_counter() - t0)
        rss_busy = rss_kib(server.proc.pid)
        for group in socks.values():
            await asyncio.gather(*(s.close() for s in group))
        return {"latencies": latencies or [0.0], "cpu": cpu, "rss_idle": rss_idle, "rss_ready": rss_ready,
                "rss_busy": rss_busy, "sockets": sum(len(s) for s in socks.values()), "failed": failed}


class ThrowawayPostgres:
    """A PostgreSQL cluster in a temp dir on a free port, as .ci/run starts one (as the postgres user under root)."""

    def __init__(self) -> None:
        found = shutil.which("initdb")  # often a link into the version's own bin (which also holds createdb)
        self.bin = str(Path(found).resolve().parent) if found else None
        if self.bin is None:
            found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb")) if Path("/usr/lib/postgresql").exists() \
                else []
            self.bin = str(found[-1].parent) if found else None
        self.port = free_port()
        self.dir = None

    def available(self) -> bool:
        return self.bin is not None and all(Path(self.bin, t).exists() for t in ("pg_ctl", "createdb"))

    def _run(self, *args: str) -> None:
        cmd = list(args)
        if os.geteuid() == 0:  # initdb refuses root
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        subprocess.run(cmd, check=True, capture_output=True)

    def start(self) -> str:
        """Start the cluster (stopped again if anything in here fails) and return its database's URL."""
        self.dir = tempfile.mkdtemp(prefix="ironbottom-bench-pg-")
        try:
            return self._start()
        except BaseException:
            self.stop()
            raise

    def _start(self) -> str:
        os.chmod(self.dir, 0o755)
        data, sock = f"{self.dir}/data", f"{self.dir}/sock"
        os.makedirs(sock)
        if os.geteuid() == 0:
            subprocess.run(["chown", "-R", "postgres", self.dir], check=True)
        self._run(f"{self.bin}/initdb", "-D", data, "-U", "ironbottom", "--auth=trust", "-E", "UTF8")
        self._run(f"{self.bin}/pg_ctl", "-D", data, "-l", f"{self.dir}/log", "-w", "-o",
                  f"-p {self.port} -k {sock} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200",
                  "start")
        self._run(f"{self.bin}/createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "ironbottom", "bench")
        return f"postgresql+psycopg://ironbottom@127.0.0.1:{self.port}/bench"

    def stop(self) -> None:
        if self.dir:
            try:
                if Path(self.dir, "data", "postmaster.pid").exists():
                    self._run(f"{self.bin}/pg_ctl", "-D", f"{self.dir}/data", "-m", "fast", "-w", "stop")
            finally:
                shutil.rmtree(self.dir, ignore_errors=True)
                self.dir = None


async def across(servers: list[LiveServer]) -> dict:
    """Orders posted to the first process; every game has one page per side on every process."""
    first = servers[0]
    async with httpx.AsyncClient(base_url=first.url, timeout=60) as client:
        red, blue = await _user(client), await _user(client)
        games = [await _duel(client, red, blue) for _ in range(PG_GAMES)]
        socks = {g: [[await _socket(s.port, g, who) for who in (red, blue)] for s in servers] for g in games}
        await asyncio.sleep(0.5)
        local, remote = [], []
        for rnd in range(ROUNDS):
            for g in games:
                for who in (red, blue):
                    waits = [asyncio.ensure_future(_all_receive(on)) for on in socks[g][1:]]
                    took, _ = await _fire(client, g, who, socks[g][0])  # the submitting process's pages
                    start = time.perf_counter() - took / 1000
                    done = [t for t, _ in await asyncio.gather(*waits)]
                    if rnd:
                        local.append(took)
                        remote.extend((t - start) * 1000 for t in done)
        for g in games:
            for on in socks[g]:
                await asyncio.gather(*(s.close() for s in on))
        return {"local": local, "remote": remote}


def run() -> dict:
    """Every figure of this module, each beside its baseline."""
    tmp = tempfile.mkdtemp(prefix="ironbottom-bench-scale-")
    try:
        return _run(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _run(tmp: str) -> dict:
    out: dict = {}
    port, once = free_port(), free_port()
    echo = subprocess.Popen([sys.executable, "-m", "uvicorn", "tools.bench_echo:app", "--port", str(port),
                             "--log-level", "warning"], cwd=ROOT)
    # the baseline issue 37 names: a bare broadcast that compresses each page once (the app's frames protocol)
    echo_once = subprocess.Popen([sys.executable, "-m", "uvicorn", "tools.bench_echo:app", "--port", str(once),
                                  "--log-level", "warning", "--ws", "app.realtime.frames:Protocol"], cwd=ROOT)
    try:
        for name, ws in (("per_socket", "auto"), ("shared", "app.realtime.frames:Protocol")):
            server = LiveServer(f"sqlite:///{tmp}/{name}.db")
            server.ws = ws
            server.migrate()
            try:
                server.start()
                out[name] = asyncio.run(spectator_storm(server))
            finally:
                server.stop()
        out["bare"] = asyncio.run(bare_broadcast(port, out["shared"]["page"], out["shared"]["sockets"]))
        out["bare_once"] = asyncio.run(bare_broadcast(once, out["shared"]["page"], out["shared"]["sockets"],
                                                      "broadcast-once"))
    finally:
        echo.terminate()
        echo_once.terminate()
    server = LiveServer(f"sqlite:///{tmp}/capacity.db")
    server.migrate()
    try:
        server.start()
        out["capacity"] = asyncio.run(capacity(server))
    finally:
        server.stop()
    pg = ThrowawayPostgres()
    if pg.available():
        url = pg.start()
        servers = [LiveServer(url) for _ in range(PROCESSES)]
        try:
            servers[0].migrate()
            for s in servers:
                s.start()
            out["across"] = asyncio.run(across(servers))
        finally:
            for s in servers:
                s.stop()
            pg.stop()
    out["load"] = os.getloadavg()[1]  # other work on the machine shows in every figure, the baselines' too
    return out


def lines(f: dict) -> list[str]:
    storm = [("Ironbottom, uvicorn's own websocket protocol (deflate once per socket)", f["per_socket"]),
             ("Ironbottom, `app.realtime.frames:Protocol` (each page compressed once)", f["shared"]),
             ("bare Starlette: POST, then send the same bytes to every socket", f["bare"])]
    if "bare_once" in f:
        storm.append(("bare Starlette with the same frames protocol: POST, compress once, send to every socket",
                      f["bare_once"]))
    load = f"; the machine's load average was {f['load']:.1f} on {os.cpu_count()} cores" if "load" in f else ""
    out = [f"## Spectator storm (tools/bench_scale.py, run on {datetime.now(UTC):%Y-%m-%d %H:%M} UTC{load})", "",
           f"{STORM_GAMES} duels one after the other, each watched by {SPECTATORS} spectator sockets and the two "
           f"players' pages ({f['shared']['sockets']} sockets); {len(f['shared']['latencies'])} orders timed, "
           f"alternately by each side, after a first round that warms the caches. Time from the order's POST "
           f"until every socket has the update ({len(f['shared']['page'].encode()) / 1024:.1f} KiB for a spectator). "
           "Goal: p99 under 150 ms and at most 1.5x the bare broadcast that compresses once (issue 37), p99.", "",
           "| server | p50 (ms) | p99 (ms) | samples |", "|---|---|---|---|"]
    out += [f"| {name} | {pct(r['latencies'], 50):.0f} | {pct(r['latencies'], 99):.0f} | {len(r['latencies'])} |"
            for name, r in storm]
    if "bare_once" in f:
        ratio = pct(f["shared"]["latencies"], 99) / pct(f["bare_once"]["latencies"], 99)
        out += ["", f"Ratio of the p99s, Ironbottom's frames protocol to the bare broadcast that compresses once: "
                    f"**{ratio:.2f}x** (goal at most 1.5x)."]
    c = f["capacity"]
    out += ["", "## Many games on one process", "",
            f"{GAMES} duels with {c['sockets']} sockets ({PAGES} pages per game) on one uvicorn process (SQLite); "
            f"orders at {RATE} a second for {SECONDS} s, each to a game picked at random. Time from the order's POST "
            "(after a GET of the position, as a page would) until all its game's pages have the update.", "",
            "| figure | measured |", "|---|---|",
            f"| push latency p50 / p99 / max (ms) | {pct(c['latencies'], 50):.0f} / {pct(c['latencies'], 99):.0f} / "
            f"{max(c['latencies']):.0f} ({len(c['latencies'])} orders) |",
            f"| orders that failed or whose pushes took over 30 s | {len(c['failed'])}"
            f"{' (' + ', '.join(sorted(set(c['failed']))) + ')' if c['failed'] else ''} |",
            f"| server memory: idle, all games and sockets open, after the orders (MiB) | {c['rss_idle'] / 1024:.0f}, "
            f"{c['rss_ready'] / 1024:.0f}, {c['rss_busy'] / 1024:.0f} |",
            f"| server CPU while taking the orders (share of one core) | {c['cpu'] * 100:.0f}% |", ""]
    if "across" in f:
        a = f["across"]
        out += ["## Pushes across processes (PostgreSQL)", "",
                f"{PROCESSES} app processes on a throwaway PostgreSQL cluster started by the bench; {PG_GAMES} duels, "
                f"each with a page per side on every process; orders posted to the first process "
                f"({len(a['local'])} timed). Time from the POST until the pages on a process have the update. Goal: "
                "the other processes at most 2 ms behind the submitting one (issue 37).", "",
                "| pages on | p50 (ms) | p99 (ms) | samples |", "|---|---|---|---|",
                f"| the submitting process | {pct(a['local'], 50):.1f} | {pct(a['local'], 99):.1f} | "
                f"{len(a['local'])} |",
                f"| the other processes (LISTEN/NOTIFY) | {pct(a['remote'], 50):.1f} | {pct(a['remote'], 99):.1f} | "
                f"{len(a['remote'])} |",
                f"| difference of the p50s | {pct(a['remote'], 50) - pct(a['local'], 50):+.1f} | | |", ""]
    else:
        out += ["## Pushes across processes (PostgreSQL)", "",
                "Not measured: no `initdb`/`pg_ctl` on this machine.", ""]
    return out


if __name__ == "__main__":
    print("\n".join(lines(run())))
