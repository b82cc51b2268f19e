"""Fan-out between server processes on PostgreSQL: after a commit, NOTIFY carries only (process, game_id);
every other process that has sockets on that game re-reads the game and renders its own views. A sign-out
sends (process, "session:" + the session's hash), and every process closes that session's sockets.
SQLite deployments run one process, so this is off there."""
from __future__ import annotations

import asyncio
import logging
import os

from sqlalchemy import text

from app.store.db import engine, is_postgres

log = logging.getLogger("ironbottom.realtime")
CHANNEL = "ironbottom_games"
ORIGIN = f"{os.getpid()}-{id(object())}"


def notify(game_id: str) -> None:
    """Tell the other processes that `game_id` changed (call after the commit, never inside the transaction)."""
    if not is_postgres():
        return
    with engine().begin() as conn:
        conn.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": f"{ORIGIN} {game_id}"})


def notify_session_ended(session_hash: str) -> None:
    notify(SESSION_PREFIX + session_hash)


SESSION_PREFIX = "session:"


class PerGame:
    """Pushes for other processes' commits, one task per game: a notification for a game whose push is running marks
    it to push once more when that ends (repeats merge into one), and a slow game never delays another (issue 18
    item 3; the listener used to await each push in turn)."""

    def __init__(self, publish):
        self.publish = publish
        self.running: dict[str, asyncio.Task] = {}
        self.again: set[str] = set()

    def changed(self, game_id: str) -> None:
        if game_id in self.running:
            self.again.add(game_id)
        else:
            self.running[game_id] = asyncio.create_task(self._push(game_id))

    async def _push(self, game_id: str) -> None:
        try:
            while True:
                try:
                    await self.publish(game_id)
                except Exception:
                    log.exception("pushing game %s for another process failed", game_id)
                if game_id not in self.again:
                    return
                self.again.discard(game_id)
        finally:
            self.running.pop(game_id, None)


async def listen(publish, end_session=None) -> None:
    """Run for the life of the app: LISTEN, and publish each game another process changed (or close the
    sockets of a session another process signed out)."""
    import psycopg

    games = PerGame(publish)

    url = engine().url.set(drivername="postgresql").render_as_string(hide_password=False)
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                async for note in conn.notifies():
                    origin, _, game_id = note.payload.partition(" ")
                    if origin == ORIGIN or not game_id:
                        continue
                    if game_id.startswith(SESSION_PREFIX):
                        if end_session is not None:
                            await end_session(game_id[len(SESSION_PREFIX):])
                    else:
                        games.changed(game_id)
        except asyncio.CancelledError:
            raise
        except Exception:  # the database restarted: listen again shortly
            log.exception("LISTEN connection lost; reconnecting")
            await asyncio.sleep(2)
