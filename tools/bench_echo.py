"""A bare Starlette app: sockets join a group, and POST /push/{group} sends a message to every socket in it.
`make bench` measures it beside Ironbottom's push, as the floor any websocket fan-out stands on.

POST /order/{group} is the bare *durable* baseline (issue 37): one INSERT and its COMMIT in SQLite, WAL with
synchronous=FULL (SQLite's default, which app/store/db.py keeps), in the threadpool as the app runs its
transactions, then the same send to every socket of the group. Its database is BENCH_ECHO_DB (a temp file when
unset)."""
import os
import sqlite3
import tempfile
import threading

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.responses import PlainTextResponse
from starlette.routing import Route, WebSocketRoute

from app.realtime import frames

groups: dict[str, set] = {}


async def socket(ws):
    await ws.accept()
    group = ws.path_params["group"]
    groups.setdefault(group, set()).add(ws)
    try:
        while True:
            await ws.send_text(await ws.receive_text())  # echo
    except Exception:
        pass
    finally:
        groups[group].discard(ws)


async def push(request):
    group = request.path_params["group"]
    for ws in list(groups.get(group, ())):
        await ws.send_text("<div id='status'>pushed</div>")
    return PlainTextResponse("ok")


async def broadcast(request):
    """Send the request's body, as text, to every socket in the group (the bare floor under a spectator storm)."""
    text = (await request.body()).decode()
    for ws in list(groups.get(request.path_params["group"], ())):
        await ws.send_text(text)
    return PlainTextResponse("ok")


async def broadcast_once(request):
    """The same, compressed once for every socket (issue 37's spectator-storm baseline): the page is deflated before
    the sends, as the app does it, and a server run with `--ws app.realtime.frames:Protocol` sends every socket those
    bytes instead of compressing per socket."""
    text = (await request.body()).decode()
    await run_in_threadpool(frames.prepare, text)
    for ws in list(groups.get(request.path_params["group"], ())):
        await ws.send_text(text)
    return PlainTextResponse("ok")


_local = threading.local()
DB = os.environ.get("BENCH_ECHO_DB") or os.path.join(tempfile.mkdtemp(prefix="bench-echo-"), "echo.db")


def _connection() -> sqlite3.Connection:
    db = getattr(_local, "db", None)
    if db is None:
        db = _local.db = sqlite3.connect(DB, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("CREATE TABLE IF NOT EXISTS orders (id INTEGER PRIMARY KEY, game TEXT, body TEXT)")
    return db


def _commit(group: str) -> None:
    db = _connection()
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT INTO orders (game, body) VALUES (?, ?)", (group, '{"verb": "fire"}'))
    db.execute("COMMIT")


async def order(request):
    """One durable commit, then the push: the least any server that keeps its orders must do for one."""
    group = request.path_params["group"]
    await run_in_threadpool(_commit, group)
    for ws in list(groups.get(group, ())):
        await ws.send_text("<div id='status'>pushed</div>")
    return PlainTextResponse("ok")


async def ready(request):
    return PlainTextResponse("ok")


app = Starlette(routes=[WebSocketRoute("/ws/{group}", socket), Route("/push/{group}", push, methods=["POST"]),
                        Route("/order/{group}", order, methods=["POST"]),
                        Route("/broadcast/{group}", broadcast, methods=["POST"]),
                        Route("/broadcast-once/{group}", broadcast_once, methods=["POST"]),
                        Route("/signin", ready)])
