"""The JSON API: every HTML action has its twin here, so scripts and bots can play. Documented at /docs.

Authenticate with `Authorization: Bearer <token>` from POST /api/sessions (no CSRF token needed), or with the
browser's session cookie plus the X-CSRF-Token header."""
from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, BackgroundTasks, Request, Response
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from app.play import accounts, lobby, records
from app.play.check import check_order
from app.store.db import transaction
from app.web import actions as game_actions
from app.web.deps import CSRF, DBDep, ReadDBDep, User, client_address, password_work, session_token
from app.play.errors import Forbidden
from app.web.pages import game_types, in_transaction, invite_links, public_base, sign_out_everywhere
from app.web.presenter import page_model, reply_json
from app.web.responses import JSONResponse

router = APIRouter(prefix="/api", tags=["api"])
orders = APIRouter(prefix="/api", tags=["api"])  # the order route alone: matched first (app/web/main.py)


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
    return reply_json(m, my_seats)


@router.get("/games/{game_id}")
def show(game_id: str, db: ReadDBDep, user: User, seat: str | None = None) -> dict[str, Any]:
    """The game as one of your seats sees it (`seat`, when you hold several; else your first seat)."""
    return game_json(db, game_id, user.user_id, seat)


@orders.post("/games/{game_id}/actions", responses={401: {"description": "Not signed in"}})
async def act(game_id: str, body: Submission, request: Request, later: BackgroundTasks) -> dict[str, Any]:
    """Apply an order. The reply is the position just after it; other pages' pushes and the computer's answer
    follow once the reply has gone (GET the game, or keep its websocket open, to see them). A browser's session
    cookie needs its CSRF token in the X-CSRF-Token header (checked in the order's own worker hop)."""
    pipeline = game_actions.of(request)
    done = await pipeline.order(request, game_actions.JsonOrder(game_id, body.action.model_dump(),
                                                                body.expected_version, body.key, body.seat))
    later.add_task(pipeline.after, done)
    # No seq: the game's own count would tell a side how often the other side revised its orders.
    return JSONResponse({**done.reply, "replayed": done.replayed}, background=later)


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
