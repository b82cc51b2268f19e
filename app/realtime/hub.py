"""The in-process hub: which sockets watch which game, as which role.

After a commit the web layer calls `publish(game_id)`. The hub loads the state once, renders each distinct
role's fragment once (per role, not per socket) and sends it to every socket of that role whose page shows
something else: a commit that changes nothing a role may see (the other side revising its secret orders) sends
that role nothing. Rendering and
sending run on the event loop; a slow or dead socket is dropped rather than holding up the others.
"""
from __future__ import annotations

import asyncio
import logging
import threading
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

log = logging.getLogger("ironbottom.realtime")
_TICKETS = threading.Lock()

Renderer = Callable[[str, set[str]], Awaitable[dict[str, str]]]  # (game_id, roles) -> {role: html}


@dataclass(eq=False)
class Subscriber:
    role: str
    user_id: int | None
    send: Callable[[str], Awaitable[None]]
    version: int = 0
    session: str | None = None  # the hash of the session the socket was opened with
    close: Callable[[], Awaitable[None]] | None = None
    digest: str | None = None  # the fingerprint of what this socket's page shows now
    ticket: int = 0  # when what it shows was drawn (Hub.ticket): an earlier drawing is never sent after it


class Fragment(str):
    """A rendered push with the fingerprint of what it shows its role (everything but the game's version)."""

    digest: str | None

    def __new__(cls, html: str, digest: str | None = None) -> "Fragment":
        obj = super().__new__(cls, html)
        obj.digest = digest
        return obj


SessionCheck = Callable[[set[str]], Awaitable[set[str]]]  # session hashes -> those still valid
# (pages, valid sessions, what else that read learned for the caller of `publish`: the app's business, not the hub's)
Drawer = Callable[[str, set[str], set[str]], Awaitable[tuple[dict[str, str], set[str], Any]]]


@dataclass
class Hub:
    channels: dict[str, set[Subscriber]] = field(default_factory=dict)
    renderer: Renderer | None = None
    published: int = 0
    sessions_valid: SessionCheck | None = None
    drawer: Drawer | None = None  # renderer and session check in one read (one worker-thread hop, one transaction)
    tickets: int = 0

    def ticket(self) -> int:
        """A number taken before a page is drawn from the database (on the event loop, or in the worker thread
        that committed the order): a drawing with a later ticket saw every commit made before its ticket was
        taken. Pushes are sent after the reply, so two commits' pushes may be under way at once; a socket is
        never sent a drawing older than the one it shows. An order drawn on SQLite from its own transaction's
        position, while it commits, takes its ticket right after the commit and before any later commit can
        complete (app/store/db.py `commit`): what it drew is then every commit made before its ticket."""
        with _TICKETS:  # a worker thread takes one right after its commit
            self.tickets += 1
            return self.tickets

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

    def roles_watching(self, game_id: str) -> set[str]:
        """The roles of this process's sockets on a game (read on the event loop, never from a worker thread)."""
        return {s.role for s in self.channels.get(game_id, ())}

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

    def sessions(self, game_id: str) -> set[str]:
        """The sessions this process's sockets on a game were opened with (read on the event loop)."""
        return {s.session for s in self.channels.get(game_id, ()) if s.session}

    async def publish(self, game_id: str, drawn: dict[str, str] | None = None, ticket: int | None = None,
                      checked: tuple[set[str], set[str]] | None = None) -> Any:
        """Push the game's current position to this process's sockets. `drawn`: pages already drawn after the
        commit under `ticket` (the submitter's reply drew them); only the other roles watching are drawn here.
        `checked`: (sessions looked up with that drawing, those of them still valid); others are looked up here.
        Returns the drawer's extra findings when it drew here, else None."""
        if drawn is None or ticket is None:
            drawn, ticket, checked = {}, self.ticket(), None
        subs = list(self.channels.get(game_id, ()))
        found = None
        if subs and checked is None and self.drawer is not None:  # pages and sessions in one read
            opened = {s.session for s in subs if s.session}
            more, valid, found = await self.drawer(game_id, {s.role for s in subs} - set(drawn), opened)
            drawn, checked = {**drawn, **more}, (opened, valid)
        if subs and self.sessions_valid is not None:
            # A session that ended in another process, or simply expired, gets no more pushes.
            opened = {s.session for s in subs if s.session}
            looked, valid = checked if checked is not None else (set(), set())
            valid = set(valid) & opened
            if opened - set(looked):
                valid |= await self.sessions_valid(opened - set(looked))
            for sub in [s for s in subs if s.session and s.session not in valid]:
                await self._close(game_id, sub)
            subs = list(self.channels.get(game_id, ()))
        if not subs or self.renderer is None:
            return found
        self.published += 1
        pages = dict(drawn)
        missing = {s.role for s in subs} - set(pages)
        if missing:
            pages.update(await self.renderer(game_id, missing))
        await self.send(game_id, subs, pages, ticket)
        return found

    async def send(self, game_id: str, subs: list[Subscriber], pages: dict[str, str], ticket: int) -> None:
        """Send each socket its role's page. A role whose view did not change gets nothing: the other side's
        revisions of its secret orders bump the game's version, but the rules let this side learn only whether
        those orders are in. A socket already showing a later drawing gets nothing either."""
        due = [s for s in subs if s.role in pages and s.ticket <= ticket
               and (getattr(pages[s.role], "digest", None) is None or pages[s.role].digest != s.digest)]
        for sub in due:  # marked before the first await, so a push started meanwhile sees it
            sub.digest, sub.ticket = getattr(pages[sub.role], "digest", None), ticket
        results = await asyncio.gather(*(s.send(pages[s.role]) for s in due), return_exceptions=True)
        for sub, result in zip(due, results):
            if isinstance(result, Exception):
                log.info("dropping a socket of game %s: %s", game_id, result)
                self.leave(game_id, sub)


hub = Hub()
