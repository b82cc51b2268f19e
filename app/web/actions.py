"""From an order to its pushes: one pipeline for the game page's forms and the JSON API (issue 33 item 5).

An order is placed in one worker hop: the sender's session is read (and, for a cookie, the CSRF token checked), then
one transaction locks the game, finds the sender's seat, reads the order (a form against the prompt it was drawn
for, after the staleness check; a JSON body as sent), applies it, and reads what the pages of every role watching on
this process need. On SQLite those pages (and the JSON reply) are drawn from that transaction's position while
another thread commits it (app/store/db.py `commit`); on PostgreSQL the other processes are told inside the
transaction (NOTIFY is delivered at its commit) and the pages are drawn in a read right after it. Either way the hop
returns a `Committed`: the sender's new version, the pages drawn for which roles under which hub ticket (and the
sessions checked with them), and the commit's followers (whether a computer owes a move, whether anyone seated takes
notices). `Pipeline.after` then, once the reply has gone: sends the pages (drawing only roles or sessions not yet
drawn), queues the notices for the users the push did not reach, and lets the computer players answer, one
transaction per move, and pushes again.

Commits made elsewhere (a seat taken, a chat line, the clock) enter with `changed` (pushes, notices, computer players)
or `publish` (pushes and notices). The pipeline is made in `create_app` (app/web/main.py) over the process's hub;
the module functions below reach it for the routes that have no request at hand."""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any, Protocol

from sqlalchemy import text
from starlette.concurrency import run_in_threadpool

from app.play import hot_seat, lobby
from app.play import notify as notices
from app.play.bots import games_with_computer_seats, run_bots
from app.play.state import load_state, prompts_of, rules_for
from app.play.submit import Submitted, apply_action, check_fresh, lock_game
from app.realtime.hub import Base, Fragment, Hub
from app.realtime.pg_notify import CHANNEL, ORIGIN, notify
from app.store.db import commit, is_postgres, transaction
from app.web import ws  # its functions through the module: a test wraps ws.fragment to watch the drawing
from app.web.deps import csrf_exempt, current_user, must_be_signed_in, verify_csrf, CSRF_HEADER
from app.web.form_fields import action_from_form, int_field  # noqa: F401  (the game plug-ins' parsers read with them)
from app.web.plugin import plugin_for
from app.web.presenter import (Followers, detached, followers, followers_of, page_facts, page_models, reply_json,
                               seats_held)

log = logging.getLogger("ironbottom")


@dataclass(frozen=True)
class Drawn:
    """Pages drawn from one position for some roles, under one hub ticket, and the sessions looked up with them."""
    pages: dict[str, Fragment]
    ticket: int
    checked: frozenset[str] = frozenset()  # the sessions looked up with this drawing
    valid: frozenset[str] = frozenset()  # those of them still valid


@dataclass(frozen=True)
class Committed:
    """What an order's transaction hands on once it has committed."""
    game_id: str
    role: str | None  # the seat the order was applied for
    version: int | None  # the sender's own version after it (app/play/versions.py)
    replayed: bool = False  # its key was seen before: nothing new was applied
    drawn: Drawn | None = None  # the pages of the roles watching on this process, drawn with the commit
    followers: Followers | None = None  # read with that drawing
    told: bool = False  # the other processes were told (PostgreSQL: NOTIFY inside the transaction)
    every_side: bool = False  # the sender holds every side (hot seat, a tutorial): its page follows the side asked
    reply: dict[str, Any] | None = None  # the JSON API's answer: the position as the sender's seat sees it

    @classmethod
    def elsewhere(cls, game_id: str) -> "Committed":
        """A commit made outside the order pipeline (a seat taken, a game created): nothing drawn, no one told."""
        return cls(game_id, None, None)


class Order(Protocol):
    """An order as a route received it: how its sender is checked and how its action is read."""
    game_id: str
    key: str
    seat: str | None
    reply: bool  # draw the sender's own position for the reply (the JSON API)

    def authorise(self, request, user) -> None: ...
    def read(self, db, game, role: str) -> tuple[Any, int | None]: ...  # (action, expected version)
    def every_side(self, db, game, user_id: int) -> bool: ...


@dataclass
class JsonOrder:
    """An order from the JSON API (scripts, bots): the action as sent."""
    game_id: str
    action: dict[str, Any]
    expected: int
    key: str
    seat: str | None = None
    reply: bool = True

    def authorise(self, request, user) -> None:
        if not csrf_exempt(request):  # the browser's session cookie with a JSON body: its token in the header
            verify_csrf(request, request.headers.get(CSRF_HEADER), user)

    def read(self, db, game, role: str) -> tuple[Any, int | None]:
        return self.action, self.expected

    def every_side(self, db, game, user_id: int) -> bool:
        return False


@dataclass
class FormOrder:
    """An order from a game page's form, read against the prompt it was drawn for. A form drawn for a decision since
    passed is refused as stale (409, "the game has moved on") before it is read: read against today's prompt its
    fields would only be "cannot be read"."""
    game_id: str
    form: Any
    reply: bool = False
    key: str = field(init=False)
    seat: str | None = field(init=False)

    def __post_init__(self) -> None:
        self.key = str(self.form.get("key") or "")
        self.seat = str(self.form.get("seat") or "") or None

    def authorise(self, request, user) -> None:
        if not csrf_exempt(request):
            verify_csrf(request, request.headers.get(CSRF_HEADER) or self.form.get("csrf_token"), user)

    def read(self, db, game, role: str) -> tuple[Any, int | None]:
        expected = int_field(self.form.get("expected_version"), "expected_version")
        if game.status == "active":
            check_fresh(game, role, expected)
        prompt = prompts_of(rules_for(game), load_state(db, game)).get(role)
        return plugin_for(game.game).parse_form(self.form, prompt), expected

    def every_side(self, db, game, user_id: int) -> bool:
        return hot_seat.holds_every_side(db, game, user_id)


class Pipeline:
    """The order-to-push pipeline of one process, over its hub (made in `create_app`)."""

    def __init__(self, hub: Hub):
        self.hub = hub

    # -- an order -----------------------------------------------------------------------------------------------

    async def order(self, request, order: Order) -> Committed:
        """Place an order (one worker hop) and return what its commit hands on; nothing is pushed yet (`after`)."""
        gid = order.game_id
        watching, sessions, bases = self.hub.roles_watching(gid), self.hub.sessions(gid), self.hub.bases(gid)
        return await run_in_threadpool(self._place, request, order, watching, sessions, bases)

    def _place(self, request, order: Order, watching: set[str], sessions: set[str],
               bases: dict[str, Base]) -> Committed:
        # The session is read in the worker, before the write transaction: a request that is not signed in (or
        # whose token is wrong) never takes the write lock, and no thread hop is spent on it alone (issue 18).
        user = current_user(request)
        order.authorise(request, user)
        user = must_be_signed_in(user)
        if is_postgres():
            return self._place_then_draw(order, user.user_id, watching, sessions, bases)
        return self._place_and_draw(order, user.user_id, watching, sessions, bases)

    def _apply(self, db, order: Order, user_id: int):
        game = lock_game(db, order.game_id)
        role = lobby.require_seat(db, game, user_id, order.seat)  # first: a stranger learns nothing of the order
        action, expected = order.read(db, game, role)
        result = apply_action(db, order.game_id, role, action, expected, order.key, user_id, locked=game)
        return game, role, result, order.every_side(db, game, user_id)

    def _place_and_draw(self, order: Order, user_id: int, watching: set[str], sessions: set[str],
                        bases: dict[str, Base]) -> Committed:
        """SQLite: everything the pages need is read inside the order's transaction (the new position is in hand: no
        second transaction); the pages and the reply are drawn from memory while another thread commits (the fsync,
        a few milliseconds, releases the GIL). They are returned only once the commit succeeded, with the hub's
        ticket taken right after it (app/store/db.py `commit`)."""
        with transaction() as db:
            game, role, result, every = self._apply(db, order, user_id)
            roles = watching | ({role} if order.reply else set())
            facts = (page_facts(db, game, roles, result.state, result.prompts, result.row) if not result.replayed
                     else page_facts(db, game, roles))
            valid = ws.valid_sessions(db, sessions)
            found = followers_of(db, game, facts["thinking"])
            held, still = seats_held(game, facts, user_id), detached(game)

            def draw():
                models = page_models(None, still, roles, facts)
                return (reply_json(models[role], held) if order.reply else None,
                        {r: ws.fragment(models[r], bases.get(r)) for r in watching})
            (reply, pages), ticket = commit(db, alongside=draw, then=self.hub.ticket)
        return Committed(order.game_id, role, result.version, result.replayed,
                         Drawn(pages, ticket, frozenset(sessions), frozenset(valid)), found, every_side=every,
                         reply=reply)

    def _place_then_draw(self, order: Order, user_id: int, watching: set[str], sessions: set[str],
                         bases: dict[str, Base]) -> Committed:
        """PostgreSQL: the other processes are told inside the order's transaction (NOTIFY is delivered when it
        commits, so they start drawing as this one does), and the pages are drawn in a read right after it."""
        with transaction() as db:
            _, role, result, every = self._apply(db, order, user_id)
            db.execute(text("SELECT pg_notify(:channel, :payload)"),
                       {"channel": CHANNEL, "payload": f"{ORIGIN} {order.game_id}"})
        drawn, found, reply = self._draw(order.game_id, watching, sessions, bases,
                                         (role, user_id) if order.reply else None)
        return Committed(order.game_id, role, result.version, result.replayed, drawn, found, told=True,
                         every_side=every, reply=reply)

    # -- drawing ------------------------------------------------------------------------------------------------

    def draw(self, game_id: str, roles: set[str], sessions: set[str],
             bases: dict[str, Base]) -> tuple[Drawn, Followers | None]:
        """The pages of `roles` and the sessions still valid, in one read (a worker thread)."""
        drawn, found, _ = self._draw(game_id, roles, sessions, bases)
        return drawn, found

    def _draw(self, game_id: str, roles: set[str], sessions: set[str], bases: dict[str, Base],
              sender: tuple[str, int] | None = None) -> tuple[Drawn, Followers | None, dict[str, Any] | None]:
        ticket = self.hub.ticket()  # before the read begins: it sees every commit made before its ticket
        with transaction(read_only=True) as db:
            valid = ws.valid_sessions(db, sessions)
            if not roles and sender is None:
                return Drawn({}, ticket, frozenset(sessions), frozenset(valid)), None, None
            game = lobby.require_game(db, game_id)
            models = page_models(db, game, roles | ({sender[0]} if sender else set()))
            reply = reply_json(models[sender[0]], lobby.seats_held(db, game, sender[1])) if sender else None
            pages = {r: ws.fragment(models[r], bases.get(r)) for r in roles}
            return Drawn(pages, ticket, frozenset(sessions), frozenset(valid)), followers(db, game, models), reply

    # -- after the commit ---------------------------------------------------------------------------------------

    async def push(self, game_id: str, drawn: Drawn | None = None) -> Followers | None:
        """Send this process's sockets the committed position: the pages `drawn` with the commit, and the roles (or
        sessions) it did not cover drawn here in one read. A socket whose session ended gets nothing more. Returns
        what a drawing here learned of the commit's followers (None when it drew no page)."""
        subs = self.hub.subscribers(game_id)
        if not subs:
            return None
        have = drawn.pages if drawn is not None else {}
        # A page left undrawn (its sockets all showed it) stands only while every socket of its role still shows it.
        have = {r: p for r, p in have.items() if p or all(s.digest == p.digest for s in subs if s.role == r)}
        opened = {s.session for s in subs if s.session}
        valid = set(drawn.valid) if drawn is not None else set()
        missing = {s.role for s in subs} - set(have)
        unchecked = opened - (drawn.checked if drawn is not None else frozenset())
        more, found = None, None
        if missing or unchecked:
            more, found = await run_in_threadpool(self.draw, game_id, missing, unchecked,
                                                  {r: b for r, b in self.hub.bases(game_id).items() if r in missing})
            valid |= more.valid
        for sub in subs:  # a session that ended in another process, or simply expired, gets no more pushes
            if sub.session and sub.session not in valid:
                await self.hub.close(game_id, sub)
        subs = self.hub.subscribers(game_id)
        if not subs:
            return found
        self.hub.published += 1
        if drawn is not None and have:
            await self.hub.send(game_id, subs, have, drawn.ticket)
        if more is not None and more.pages:
            await self.hub.send(game_id, subs, more.pages, more.ticket)
        return found

    async def publish(self, game_id: str) -> Followers | None:
        """Push a commit made elsewhere (the clock, a computer's move), tell the other processes (PostgreSQL) at the
        same time, then queue the notices."""
        return await self._spread(Committed.elsewhere(game_id))

    async def _spread(self, done: Committed) -> Followers | None:
        if done.told or not is_postgres():  # (SQLite runs one process: no one else to tell)
            found = await self.push(done.game_id, done.drawn)
        else:
            found, _ = await asyncio.gather(self.push(done.game_id, done.drawn),
                                            run_in_threadpool(notify, done.game_id))
        followers = done.followers or found
        if followers is None or followers.subscribed:  # after the pushes: for the users the push did not reach
            notices.schedule(done.game_id)
        return followers

    async def after(self, done: Committed) -> None:
        """Once the reply has gone: push the commit, queue its notices, let the computer players answer (each move its
        own transaction) and push again. A push that fails is logged and does not keep the computer from answering:
        the game must not stall on a page that could not be drawn (pages reload the position on their next visit)."""
        try:
            followers = await self._spread(done)
        except Exception:
            log.exception("pushing game %s failed", done.game_id)
            followers = None
        if followers is not None and not followers.bots_owed:
            return
        if await run_in_threadpool(run_bots, done.game_id):
            await _logged(self.publish(done.game_id), done.game_id)

    async def changed(self, game_id: str) -> None:
        """A commit made outside the order pipeline: push it, queue its notices, let the computer players answer."""
        await self.after(Committed.elsewhere(game_id))

    async def resume_computer_players(self) -> None:
        """At start-up: each running game's computer seats answer what they owe (a restart between a commit and the
        computer's reply must not leave the game waiting on a seat no person holds). One game at a time, in the
        background; a game whose computer has nothing to answer costs one read."""
        for game_id in await run_in_threadpool(games_with_computer_seats):
            try:
                if await run_in_threadpool(run_bots, game_id):
                    await _logged(self.publish(game_id), game_id)
            except Exception:
                log.exception("resuming the computer players of game %s failed", game_id)


async def _logged(pushing, game_id: str) -> None:
    try:
        await pushing
    except Exception:
        log.exception("pushing game %s failed", game_id)


# -- the process's pipeline, for the routes that have no request at hand -----------------------------------------

_installed: Pipeline | None = None


def install(pipeline: Pipeline) -> Pipeline:
    """Called by `create_app`: the pipeline the module functions below use."""
    global _installed
    _installed = pipeline
    return pipeline


def installed() -> Pipeline:
    if _installed is None:
        raise RuntimeError("no order pipeline: the app was not made with create_app")
    return _installed


def of(request) -> Pipeline:
    return request.app.state.pipeline


async def after_commit(game_id: str) -> None:
    """A commit made outside the order pipeline (a seat taken, a tutorial's step): pushes, notices, computer players."""
    await installed().changed(game_id)


async def publish(game_id: str) -> None:
    """A commit made outside the order pipeline that no computer answers (chat, the clock, an undo): pushes, notices."""
    await installed().publish(game_id)


# -- reading a form before its own transaction (the tutorials' guided page) --------------------------------------

@dataclass
class ReadForm:
    role: str
    action: dict[str, Any]
    expected: int | None
    every_side: bool  # the sender holds every side (hot seat, a tutorial): the page follows the side asked next


async def order_from_form(form, game_id: str, user_id: int, seat: str | None) -> ReadForm:
    """The order a page's form stands for, read against the prompt it was drawn for, in a read of its own (the
    tutorials apply it in their own transaction: app/play/tutorials.py)."""
    def seat_and_prompt():
        with transaction(read_only=True) as db:
            game = lobby.require_game(db, game_id)
            role = lobby.require_seat(db, game, user_id, seat)  # first: a stranger learns nothing of the form's fate
            expected = int_field(form.get("expected_version"), "expected_version")
            if game.status == "active":
                check_fresh(game, role, expected)
            every = hot_seat.holds_every_side(db, game, user_id)
            return game.game, role, prompts_of(rules_for(game), load_state(db, game)).get(role), every, expected
    game_type, role, prompt, every, expected = await run_in_threadpool(seat_and_prompt)
    return ReadForm(role, plugin_for(game_type).parse_form(form, prompt), expected, every)


__all__ = ["Committed", "Drawn", "FormOrder", "JsonOrder", "Pipeline", "Submitted", "after_commit", "publish",
           "action_from_form", "int_field", "order_from_form"]
