"""A socket's page never goes back to an earlier version: a push drawn by a read (a chat line's, the clock's, a
socket's catch-up) takes its hub ticket before its read begins, so on a busy server the read can see commits that
were made after its ticket, whose own pushes carry later tickets but earlier positions. The hub sends a page only
when it shows at least the version the socket's page shows (role versions never go down: app/play/versions.py)."""
from __future__ import annotations

import asyncio
import uuid

from sqlalchemy import select

from tests.platform.conftest import start_duel, version_of


def _user_id(name: str) -> int:
    from app.store.db import transaction
    from app.store.models import User

    with transaction(read_only=True) as db:
        return db.scalar(select(User.id).where(User.username == name))


def test_a_page_read_after_later_commits_is_not_followed_by_their_older_pushes(players):
    from app.realtime.hub import Hub, Subscriber
    from app.web.actions import JsonOrder, Pipeline

    red, blue = players(), players()
    gid = start_duel(red, blue, hits=5)
    committed = []

    class Busy(Hub):
        """Between a read's ticket and its read, both sides' orders commit (other worker threads, on a busy server)."""
        armed = False

        def ticket(self) -> int:
            taken = super().ticket()
            if self.armed:
                self.armed = False
                for player in (red, blue):
                    order = JsonOrder(gid, {"verb": "fire", "args": {"salvos": 1}},
                                      player.game(gid)["game"]["version"], uuid.uuid4().hex)
                    committed.append(pipeline._place_and_draw(order, _user_id(player.name), {"spectator"}, set(), {}))
            return taken

    pipeline = Pipeline(Busy())
    got: list[int] = []

    async def page(text: str) -> None:
        got.append(version_of(text))
    pipeline.hub.join(gid, Subscriber(role="spectator", user_id=None, send=page))
    pipeline.hub.armed = True
    read, _ = pipeline.draw(gid, {"spectator"}, set(), {})  # its ticket, then both orders commit, then its read
    assert [d.drawn.ticket for d in committed] == [read.ticket + 1, read.ticket + 2]

    async def pushes() -> None:  # the read's push goes out first, then the orders' own
        await pipeline.hub.send(gid, pipeline.hub.subscribers(gid), read.pages, read.ticket)
        for done in committed:
            await pipeline.push(gid, done.drawn)
    asyncio.run(pushes())
    first = version_of(read.pages["spectator"])
    assert first == version_of(committed[-1].drawn.pages["spectator"])  # the read saw both orders
    assert got and got == sorted(got), f"the spectator's page went back: versions in the order sent {got}"
