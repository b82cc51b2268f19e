"""The in-process hub: which sockets watch which game, as which role, and what each socket's page holds.

The hub draws nothing and reads no database: the web layer's order pipeline (app/web/actions.py `Pipeline`, made
in `create_app`) draws each distinct role's page once per commit and hands the pages to `send`, which sends each
socket its role's page when its page shows something else: a commit that changes nothing a role may see (the other
side revising its secret orders) sends that role nothing. A socket whose page script applies patches
(app/realtime/patch.py) is sent the patch of the page it holds when the drawing made one, else the whole page.
A slow or dead socket is dropped rather than holding up the others.
"""
from __future__ import annotations

import asyncio
import logging
import threading
from dataclasses import dataclass, field
from typing import Awaitable, Callable

from app.realtime import patch as patches

log = logging.getLogger("ironbottom.realtime")
_TICKETS = threading.Lock()


@dataclass(eq=False)
class Subscriber:
    role: str
    user_id: int | None
    send: Callable[[str], Awaitable[None]]
    version: int = 0  # the role's version its page shows (app/play/versions.py): a page showing less is never sent
    session: str | None = None  # the hash of the session the socket was opened with
    close: Callable[[], Awaitable[None]] | None = None
    digest: str | None = None  # the fingerprint of what this socket's page shows now
    ticket: int = 0  # when what it shows was drawn (Hub.ticket): an earlier drawing is never sent after it
    patches: bool = False  # its page applies patches (it said so: static/app.js)
    holds: str | None = None  # the id of the pushed page it holds (patch.page_id), None before its first push


class Fragment(str):
    """A rendered push (stamped with its id: app/realtime/patch.py) with the fingerprint of what it shows its role
    (everything but the game's version), the role's version it shows, and the patch that makes it from the role's
    previous page, when one was made (`base`: that page's id)."""

    digest: str | None
    version: int | None
    base: str | None
    patch: str | None

    def __new__(cls, html: str, digest: str | None = None, version: int | None = None) -> "Fragment":
        obj = super().__new__(cls, html)
        obj.digest, obj.version, obj.base, obj.patch = digest, version, None, None
        return obj

    @property
    def id(self) -> str | None:
        return patches.id_of(self)


@dataclass
class Hub:
    channels: dict[str, set[Subscriber]] = field(default_factory=dict)
    published: int = 0
    tickets: int = 0
    # The page last sent to a role's sockets in a game: the base of that role's next patch (per role: a patch is
    # never made between two roles' pages).
    last: dict[tuple[str, str], tuple[int, Fragment]] = field(default_factory=dict)  # (ticket, page)

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
            if not any(s.role == sub.role for s in subs):
                self.last.pop((game_id, sub.role), None)

    def subscribers(self, game_id: str) -> list[Subscriber]:
        return list(self.channels.get(game_id, ()))

    def watchers(self, game_id: str) -> int:
        return len(self.channels.get(game_id, ()))

    def roles_watching(self, game_id: str) -> set[str]:
        """The roles of this process's sockets on a game (read on the event loop, never from a worker thread)."""
        return {s.role for s in self.channels.get(game_id, ())}

    def sessions(self, game_id: str) -> set[str]:
        """The sessions this process's sockets on a game were opened with (read on the event loop)."""
        return {s.session for s in self.channels.get(game_id, ()) if s.session}

    def bases(self, game_id: str) -> dict[str, "Base"]:
        """For each role watching, the page a patch would apply to (the role's last page, when a socket that applies
        patches holds it) and whether any socket of the role needs the whole page (read on the event loop and
        handed to the drawing, which makes the patches and compresses only what will be sent)."""
        subs = self.channels.get(game_id, ())
        out: dict[str, Base] = {}
        for role in {s.role for s in subs}:
            last = self.last.get((game_id, role), (0, None))[1]
            mine = [s for s in subs if s.role == role]
            takers = [s for s in mine if s.patches and last is not None and s.holds == last.id]
            out[role] = Base(last if takers else None, whole=len(takers) < len(mine),
                             shown=frozenset(s.digest for s in mine))
        return out

    async def end_session(self, session: str) -> int:
        """Close every socket opened with this session (it was signed out or expired). Returns how many."""
        ended = [(gid, sub) for gid, subs in self.channels.items() for sub in subs if sub.session == session]
        for gid, sub in ended:
            await self.close(gid, sub)
        return len(ended)

    async def close(self, game_id: str, sub: Subscriber) -> None:
        self.leave(game_id, sub)
        if sub.close is not None:
            try:
                await sub.close()
            except Exception:  # already gone
                pass

    def message_for(self, sub: Subscriber, page: str) -> str:
        """What a socket is sent of a page: the patch of the page it holds when one was made, else the page."""
        patch = getattr(page, "patch", None)
        if sub.patches and patch is not None and sub.holds is not None and sub.holds == page.base:
            return patch
        return page

    @staticmethod
    def later(sub: Subscriber, page: str, ticket: int) -> bool:
        """Whether `page`, drawn under `ticket`, may follow what `sub`'s page shows: drawn no earlier, and showing no
        earlier version of the role's page. A drawing by a read takes its ticket before its read begins (it sees
        every commit made before it), so on a busy server it may also see commits made after it, whose own pushes
        then come with later tickets but earlier positions: the version keeps the page from going back."""
        version = getattr(page, "version", None)
        return sub.ticket <= ticket and (version is None or version >= sub.version)

    def holding(self, game_id: str, sub: Subscriber, page: str, ticket: int) -> None:
        """Note that `sub` is being sent `page` (drawn under `ticket`): what its page holds from now on, and the base
        of its role's next patch."""
        sub.digest, sub.ticket, sub.holds = getattr(page, "digest", None), ticket, patches.id_of(page)
        version = getattr(page, "version", None)
        if version is not None:
            sub.version = max(sub.version, version)
        if isinstance(page, Fragment) and sub in self.channels.get(game_id, ()) \
                and self.last.get((game_id, sub.role), (0, None))[0] <= ticket:
            self.last[(game_id, sub.role)] = (ticket, page)

    async def send(self, game_id: str, subs: list[Subscriber], pages: dict[str, str], ticket: int) -> None:
        """Send each socket its role's page. A role whose view did not change gets nothing: the other side's
        revisions of its secret orders bump the game's version, but the rules let this side learn only whether
        those orders are in. A socket already showing a later drawing, or a later version, gets nothing either."""
        due = [s for s in subs if s.role in pages and pages[s.role] and self.later(s, pages[s.role], ticket)
               and (getattr(pages[s.role], "digest", None) is None or pages[s.role].digest != s.digest)]
        messages = []
        for sub in due:  # marked before the first await, so a push started meanwhile sees it
            messages.append(self.message_for(sub, pages[sub.role]))
            self.holding(game_id, sub, pages[sub.role], ticket)
        results = await asyncio.gather(*(s.send(m) for s, m in zip(due, messages)), return_exceptions=True)
        for sub, result in zip(due, results):
            if isinstance(result, Exception):
                log.info("dropping a socket of game %s: %s", game_id, result)
                self.leave(game_id, sub)


@dataclass
class Base:
    """What the drawing of a role's next page needs to know of its sockets: the page a patch applies to (None: no
    socket could take one), whether any socket needs the whole page, and the fingerprints of what they show (when
    they all show what the new position shows the role, its page is not drawn: an empty Fragment stands for it)."""
    page: Fragment | None
    whole: bool = False
    shown: frozenset[str | None] = frozenset()


hub = Hub()
