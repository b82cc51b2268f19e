"""The JSON API: every HTML action has its twin here, so scripts and bots can play. Documented at /docs.

Authenticate with `Authorization: Bearer <token>` from POST /api/sessions (no CSRF token needed), or with the
browser's session cookie plus the X-CSRF-Token header."""
from __future__ import annotations

import asyncio
from typing import Any, Literal

from fastapi import APIRouter, BackgroundTasks, Request, Response
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from app.engine import orders
from app.play import accounts, lobby, records
from app.play.check import check_order
from app.realtime.hub import hub
from app.realtime.pg_notify import notify
from app.play.submit import apply_action, lock_game
from app.store.db import commit, is_postgres, transaction
from app.web import actions as game_actions
from app.web.deps import (CSRF, DBDep, ReadDBDep, User, client_address, current_user, must_be_signed_in, password_work,
                          session_token)
from app.play.errors import Forbidden
from app.web.pages import game_types, in_transaction, invite_links, public_base, sign_out_everywhere
from app.web.presenter import (Followers, detached, followers, followers_of, page_facts, page_model, page_models,
                                seats_held)
from app.web.ws import fragment, valid_sessions

router = APIRouter(prefix="/api", tags=["api"])


class Credentials(BaseModel):
    username: str = Field(min_length=1, max_length=30)
    password: str = Field(min_length=1, max_length=200)


class SessionOut(BaseModel):
    token: str
    csrf_token: str
    username: str


class NewGame(BaseModel):
    game: str = Field(max_length=40)
    scenario: str | None = Field(None, max_length=40)
    side: str | None = Field(None, max_length=20)
    options: dict[str, Any] = {}
    umpired: bool = False
    clock: Literal["none", "live", "daily", "3days"] = "none"
    opponent: str = Field("human", max_length=40)  # "human", "computer", "computer:<level>" or "hot_seat"
    sandbox: bool = False
    rated: bool = Field(False, description="Rated (issue 20): never with a sandbox, the computer or a solitaire")
    dice_script: list[int] | None = Field(None, max_length=10000)
    title: str = Field("", max_length=80)
    seat_access: dict[str, Literal["invite", "open"]] = Field(
        {}, description="Per seat left for a person: 'invite' (default; only through its invite link, never "
                        "listed) or 'open' (listed in the lobby for anyone)")


class Join(BaseModel):
    role: str = Field(max_length=20)
    accept_scripted_dice: bool = Field(False, description="Required to take a seat in a sandbox game, whose host "
                                                          "may script the dice")


class AcceptInvite(BaseModel):
    accept_scripted_dice: bool = False


class InviteChange(BaseModel):
    do: Literal["renew", "revoke", "open"]


class ActionIn(BaseModel):
    verb: str = Field(min_length=1, max_length=60)
    args: dict[str, Any] = {}


class Submission(BaseModel):
    action: ActionIn
    expected_version: int = Field(ge=0, description="The version of the position the order was made on")
    key: str = Field(min_length=1, max_length=80, description="Idempotency key: a retry with the same key is applied once")
    seat: str | None = Field(None, max_length=20, description="The seat the order is for; needed only by a player "
                                                              "holding several seats of one side (a team game)")


@router.post("/users", status_code=201, dependencies=[CSRF])
async def sign_up(body: Credentials) -> dict[str, Any]:
    """Create an account (the password is hashed outside any transaction)."""
    user, _ = await password_work(accounts.sign_up, body.username, body.password, False)
    return {"id": user.id, "username": user.username}


@router.post("/sessions", status_code=201, dependencies=[CSRF],
             responses={401: {"description": "Wrong username or password"},
                        429: {"description": "Too many failed sign-ins: try again in the seconds given"}})
async def sign_in(request: Request, body: Credentials) -> SessionOut:
    """Sign in: a bearer token and the CSRF token for cookie use. Failed sign-ins are limited per account and
    per client address."""
    user, token = await password_work(accounts.sign_in, body.username, body.password, client_address(request))
    signed = await run_in_threadpool(_session_of, token)
    return SessionOut(token=token, csrf_token=signed.csrf_token, username=user.username)


def _session_of(token: str):
    with transaction(read_only=True) as db:
        return accounts.session_user(db, token)


@router.delete("/sessions", status_code=204, dependencies=[CSRF])
async def sign_out(request: Request, user: User) -> Response:
    """End this session; its open game sockets are closed too."""
    await sign_out_everywhere(session_token(request))
    return Response(status_code=204)


@router.get("/game-types")
def list_game_types() -> list[dict[str, Any]]:
    return game_types()


@router.get("/lobby")
def open_seats(db: ReadDBDep, user: User) -> list[dict[str, Any]]:
    return lobby.open_seats(db, user.user_id)


@router.get("/games")
def my_games(db: ReadDBDep, user: User) -> list[dict[str, Any]]:
    return lobby.my_games(db, user.user_id)


@router.post("/games", status_code=201, dependencies=[CSRF])
async def create(request: Request, body: NewGame, user: User) -> dict[str, Any]:
    def create_it():
        with transaction() as db:
            return lobby.create_game(db, user.user_id, body.game, body.scenario, body.side, body.options,
                                     umpired=body.umpired, clock=body.clock, opponent=body.opponent,
                                     sandbox=body.sandbox, dice_script=body.dice_script, title=body.title,
                                     seat_access=body.seat_access, rated=body.rated)
    created = await run_in_threadpool(create_it)
    game_id, status = created.game.id, created.game.status
    await game_actions.after_commit(game_id)
    base = public_base(request)
    return {"id": game_id, "status": status,
            "invites": {role: f"{base}/invite/{token}" for role, token in created.invites.items()},
            "invite_tokens": created.invites}


@router.post("/games/{game_id}/join", dependencies=[CSRF])
async def join(game_id: str, body: Join, user: User) -> dict[str, Any]:
    role = (await run_in_threadpool(in_transaction, lobby.join_seat, user.user_id, game_id, body.role, False,
                                    body.accept_scripted_dice)).role
    await game_actions.after_commit(game_id)
    return {"id": game_id, "role": role}


@router.get("/invites/{token}")
def show_invite(token: str, db: ReadDBDep, user: User) -> dict[str, Any]:
    """Which game, which side and who invites, and whether its dice may be scripted, before taking the seat."""
    return lobby.invitation(db, token)


@router.post("/invites/{token}", dependencies=[CSRF])
async def accept_invite(token: str, user: User, body: AcceptInvite | None = None) -> dict[str, Any]:
    seat = await run_in_threadpool(in_transaction, lobby.join_by_invite, user.user_id, token,
                                   bool(body and body.accept_scripted_dice))
    game_id, role = seat.game_id, seat.role
    await game_actions.after_commit(game_id)
    return {"id": game_id, "role": role}


@router.get("/games/{game_id}/invites")
def list_invites(request: Request, game_id: str, db: ReadDBDep, user: User) -> list[dict[str, Any]]:
    """The host's waiting seats with their current invite links (empty for anyone else or a started game)."""
    game = lobby.require_game(db, game_id)
    if game.created_by != user.user_id:
        raise Forbidden("Only the game's host can manage its invitations.")
    return invite_links(request, lobby.seat_invites(db, game, user.user_id))


@router.post("/games/{game_id}/invites/{role}", dependencies=[CSRF])
def change_invite(request: Request, game_id: str, role: str, body: InviteChange, db: DBDep,
                  user: User) -> list[dict[str, Any]]:
    """Renew a seat's invite (the old link stops working), revoke it, or open the seat to anyone."""
    lobby.manage_invite(db, user.user_id, game_id, role, body.do)
    db.flush()
    return invite_links(request, lobby.seat_invites(db, lobby.require_game(db, game_id), user.user_id))


def game_json(db, game_id: str, user_id: int, seat: str | None = None) -> dict[str, Any]:
    game = lobby.require_game(db, game_id)
    model = page_model(db, game, lobby.role_of(db, game, user_id, seat))
    return _game_json(model, lobby.seats_held(db, game, user_id))


def _game_json(m: dict[str, Any], my_seats: list[str]) -> dict[str, Any]:
    # Beside the prompt, the JSON Schema of every order it allows (None while a game's specs are still prose).
    schema = orders.prompt_schema(m["prompt"]) if m["prompt"] else None
    return {"game": m["game"], "role": m["role"], "view": m["view"], "prompt": m["prompt"], "prompt_schema": schema,
            "waiting": m["waiting"], "seats": m["seats"], "my_seats": my_seats}


@router.get("/games/{game_id}")
def show(game_id: str, db: ReadDBDep, user: User, seat: str | None = None) -> dict[str, Any]:
    """The game as one of your seats sees it (`seat`, when you hold several; else your first seat)."""
    return game_json(db, game_id, user.user_id, seat)


def _reply_and_pages(game_id: str, user_id: int, role: str, watching: set[str],
                     sessions: set[str]) -> tuple[dict[str, Any], dict, set[str], Followers | None]:
    """After an order's commit, in one read: the sender's reply, the pushes of every role watching on this process
    (each role's page model built once: the sender's serves both its reply and its own pages' push), which of
    those pages' sessions are still valid, and whether a computer owes a move or anyone takes notices (each a
    worker hop after every order when asked separately)."""
    with transaction(read_only=True) as db:
        game = lobby.require_game(db, game_id)
        models = page_models(db, game, watching | {role})
        return (_game_json(models[role], lobby.seats_held(db, game, user_id)),
                {r: fragment(models[r]) for r in watching}, valid_sessions(db, sessions), followers(db, game, models))


def _order_and_pages(game_id: str, user_id: int, seat: str | None, order: dict[str, Any], expected: int, key: str,
                     watching: set[str], sessions: set[str]):
    """SQLite: the order's transaction, and everything `_reply_and_pages` reads, read inside it (the new position
    is in hand: no second transaction); then the reply and the pushes are drawn from memory while another thread
    commits (the fsync, a few milliseconds, releases the GIL). They are returned only once the commit succeeded,
    with the hub's ticket taken right after it (app/store/db.py `commit`)."""
    with transaction() as db:
        game = lock_game(db, game_id)
        role = lobby.require_seat(db, game, user_id, seat)
        result = apply_action(db, game_id, role, order, expected, key, user_id, locked=game)
        result.role = role
        roles = watching | {role}
        facts = (page_facts(db, game, roles, result.state, result.prompts, result.row) if not result.replayed
                 else page_facts(db, game, roles))
        valid = valid_sessions(db, sessions)
        found = followers_of(db, game, facts["thinking"])
        held, still = seats_held(game, facts, user_id), detached(game)

        def draw():
            models = page_models(None, still, roles, facts)
            return _game_json(models[role], held), {r: fragment(models[r]) for r in watching}
        (out, drawn), ticket = commit(db, alongside=draw, then=hub.ticket)
    return result, ticket, (out, drawn, valid, found)


@router.post("/games/{game_id}/actions", dependencies=[CSRF],
             responses={401: {"description": "Not signed in"}})
async def act(game_id: str, body: Submission, request: Request, later: BackgroundTasks) -> dict[str, Any]:
    """Apply an order. The reply is the position just after it; other pages' pushes and the computer's answer
    follow once the reply has gone (GET the game, or keep its websocket open, to see them)."""
    watching, sessions = hub.roles_watching(game_id), hub.sessions(game_id)  # read on the event loop
    order = body.action.model_dump()

    def apply():
        # The session is read in the worker, before the write transaction: a request that is not signed in never
        # takes the write lock, and no thread hop is spent on it alone (issue 18).
        user = must_be_signed_in(current_user(request))
        result = game_actions.apply_in_transaction(game_id, None, order, body.expected_version, body.key,
                                                   user.user_id, body.seat)
        return user, result, hub.ticket()  # the ticket after the commit, as a ticket must be

    def draw(user, result):
        return _reply_and_pages(game_id, user.user_id, result.role, watching, sessions)

    def order_and_pages():
        user = must_be_signed_in(current_user(request))  # (as in `apply`)
        return _order_and_pages(game_id, user.user_id, body.seat, order, body.expected_version, body.key, watching,
                                sessions)

    if is_postgres():  # the other processes start their pushes while this one draws its own
        user, result, ticket = await run_in_threadpool(apply)
        drawing, _ = await asyncio.gather(run_in_threadpool(draw, user, result), run_in_threadpool(notify, game_id))
    else:
        result, ticket, drawing = await run_in_threadpool(order_and_pages)
    out, drawn, valid, found = drawing
    later.add_task(game_actions.after_commit, game_id, drawn, ticket, True, (sessions, valid), found)
    # No seq: the game's own count would tell a side how often the other side revised its orders.
    out.update(replayed=result.replayed)
    return out


class OrderDraft(BaseModel):
    action: ActionIn
    seat: str | None = Field(None, max_length=20, description="The seat the order is for, as in a submission")


@router.post("/games/{game_id}/check", dependencies=[CSRF],
             responses={400: {"description": "The order cannot be read"},
                        403: {"description": "Only a player with a seat in this game can check orders"},
                        409: {"description": "The game has not started or is over"},
                        422: {"description": "Its shape or the rules refuse it now: the message, and the rule"}})
async def check(game_id: str, body: OrderDraft, user: User) -> dict[str, bool]:
    """Check a half-made order without applying it: its shape against the prompt's argument types, then the
    game's own rules check if it has one. Nothing changes; the guards are the submission's."""
    def judge():
        with transaction(read_only=True) as db:
            role = lobby.require_seat(db, lobby.require_game(db, game_id), user.user_id, body.seat)
            check_order(db, game_id, role, body.action.model_dump())
    await run_in_threadpool(judge)
    return {"ok": True}


@router.get("/games/{game_id}/replay")
def replay(game_id: str, db: ReadDBDep, user: User, seq: int = 0, eyes: str | None = None) -> dict[str, Any]:
    game = lobby.require_game(db, game_id)
    return records.replay_view(db, game, lobby.role_of(db, game, user.user_id), seq, eyes)


@router.get("/games/{game_id}/export")
def export(game_id: str, db: ReadDBDep, user: User) -> dict[str, Any]:
    game = lobby.require_game(db, game_id)
    return records.export(db, game, lobby.role_of(db, game, user.user_id))


@router.get("/games/{game_id}/verify")
def verify(game_id: str, db: ReadDBDep, user: User) -> dict[str, Any]:
    return records.verify(db, lobby.require_game(db, game_id))
