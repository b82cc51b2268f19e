"""The in-process hub: which sockets watch which game, as which role.

After a commit the web layer calls `publish(game_id)`. The hub loads the state once, renders each distinct
role's fragment once (per role, not per socket) and sends it to every socket of that role. Rendering and
sending run on the event loop; a slow or dead socket is dropped rather than holding up the others.
"""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

log = logging.getLogger("ironbottom.realtime")

Renderer = Callable[[str, set[str]], Awaitable[dict[str, str]]]  # (game_id, roles) -> {role: html}


@dataclass(eq=False)
class Subscriber:
    role: str
    user_id: int | None
    send: Callable[[str], Awaitable[None]]
    version: int = 0
    session: str | None = None  # the hash of the session the socket was opened with
    close: Callable[[], Awaitable[None]] | None = None


SessionCheck = Callable[[set[str]], Awaitable[set[str]]]  # session hashes -> those still valid


@dataclass
class Hub:
    channels: dict[str, set[Subscriber]] = field(default_factory=dict)
    renderer: Renderer | None = None
    published: int = 0
    sessions_valid: SessionCheck | None = None

    def join(self, game_id: str, sub: Subscriber) -> None:
        self.channels.setdefault(game_id, set()).add(sub)

    def leave(self, game_id: str, sub: Subscriber) -> None:
        subs = self.channels.get(game_id)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                self.channels.pop(game_id, None)

    def watchers(self, game_id: str) -> int:
        return len(self.channels.get(game_id, ()))

    async def end_session(self, session: str) -> int:
        """Close every socket opened with this session (it was signed out or expired). Returns how many."""
        ended = [(gid, sub) for gid, subs in self.channels.items() for sub in subs if sub.session == session]
        for gid, sub in ended:
            await self._close(gid, sub)
        return len(ended)

    async def _close(self, game_id: str, sub: Subscriber) -> None:
        self.leave(game_id, sub)
        if sub.close is not None:
            try:
                await sub.close()
            except Exception:  # already gone
                pass

    async def publish(self, game_id: str) -> None:
        subs = list(self.channels.get(game_id, ()))
        if subs and self.sessions_valid is not None:
            # A session that ended in another process, or simply expired, gets no more pushes.
            opened = {s.session for s in subs if s.session}
            valid = await self.sessions_valid(opened) if opened else set()
            for sub in [s for s in subs if s.session and s.session not in valid]:
                await self._close(game_id, sub)
            subs = list(self.channels.get(game_id, ()))
        if not subs or self.renderer is None:
            return
        self.published += 1
        pages = await self.renderer(game_id, {s.role for s in subs})
        results = await asyncio.gather(*(s.send(pages[s.role]) for s in subs if s.role in pages),
                                       return_exceptions=True)
        for sub, result in zip([s for s in subs if s.role in pages], results):
            if isinstance(result, Exception):
                log.info("dropping a socket of game %s: %s", game_id, result)
                self.leave(game_id, sub)


hub = Hub()
