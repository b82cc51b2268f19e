"""Running a game: chat, the umpire's clock and undo, claiming a game after missed orders, and resigning.
Each HTML route has its JSON twin under /api."""
from __future__ import annotations

from fastapi import APIRouter, Form, Request
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from app.play import chat, clocks, lobby, rematch, umpire, undo
from app.play.errors import BadRequest
from app.play.resign import resign
from app.store.db import transaction
from app.web.actions import after_commit, publish
from app.web.deps import CSRF, ReadDBDep, User
from app.web.responses import RedirectResponse, Response

router = APIRouter(include_in_schema=False)
api = APIRouter(prefix="/api", tags=["api"])


def _done(request: Request, game_id: str) -> Response:
    if request.headers.get("hx-request"):
        return Response(status_code=204)
    return RedirectResponse(f"/games/{game_id}", status_code=303)


def _role(game_id: str, user_id: int) -> str:
    with transaction() as db:
        return lobby.role_of(db, lobby.require_game(db, game_id), user_id)


def _post_chat(game_id: str, user_id: int, channel: str, text: str) -> None:
    with transaction() as db:
        game = lobby.require_game(db, game_id)
        chat.post(db, game, user_id, lobby.role_of(db, game, user_id), channel, text)


def _undo(game_id: str, role: str, answer: bool | None, user_id: int) -> None:
    with transaction() as db:
        if answer is None:
            umpire.request_undo(db, game_id, role)
        else:
            umpire.answer_undo(db, game_id, role, answer, user_id)


def _take_back(game_id: str, user_id: int, seat: str | None) -> int:
    with transaction() as db:
        game = lobby.require_game(db, game_id)
        return undo.take_back(db, game_id, lobby.require_seat(db, game, user_id, seat or None), user_id)


@router.post("/games/{game_id}/take-back", dependencies=[CSRF])
async def take_back_form(request: Request, game_id: str, user: User, seat: str = Form("")):
    await run_in_threadpool(_take_back, game_id, user.user_id, seat)
    await publish(game_id)
    return _done(request, game_id)


@router.post("/games/{game_id}/chat", dependencies=[CSRF])
async def chat_form(request: Request, game_id: str, user: User, channel: str = Form("all"), text: str = Form("")):
    await run_in_threadpool(_post_chat, game_id, user.user_id, channel, text)
    await publish(game_id)
    return _done(request, game_id)


@router.post("/games/{game_id}/clock", dependencies=[CSRF])
async def clock_form(request: Request, game_id: str, user: User, paused: str = Form("1")):
    await run_in_threadpool(clocks.pause, game_id, await run_in_threadpool(_role, game_id, user.user_id), paused == "1")
    await publish(game_id)
    return _done(request, game_id)


@router.post("/games/{game_id}/claim", dependencies=[CSRF])
async def claim_form(request: Request, game_id: str, user: User):
    await run_in_threadpool(clocks.claim, game_id, await run_in_threadpool(_role, game_id, user.user_id), user.user_id)
    await publish(game_id)
    return _done(request, game_id)


@router.post("/games/{game_id}/resign", dependencies=[CSRF])
async def resign_form(request: Request, game_id: str, user: User, confirm: str = Form("")):
    if confirm != "1":
        raise BadRequest("Tick the box to confirm that you resign.")
    await run_in_threadpool(resign, game_id, await run_in_threadpool(_role, game_id, user.user_id), user.user_id)
    await publish(game_id)
    return _done(request, game_id)


@router.post("/games/{game_id}/undo", dependencies=[CSRF])
async def undo_form(request: Request, game_id: str, user: User, answer: str = Form("")):
    role = await run_in_threadpool(_role, game_id, user.user_id)
    await run_in_threadpool(_undo, game_id, role, {"yes": True, "no": False}.get(answer), user.user_id)
    await publish(game_id)
    return _done(request, game_id)


class ChatIn(BaseModel):
    channel: str = Field("all", max_length=20)
    text: str = Field(min_length=1, max_length=chat.MAX_LENGTH)


class ClockIn(BaseModel):
    paused: bool


class UndoIn(BaseModel):
    answer: bool | None = Field(None, description="Omit to propose (umpire); true or false to answer (a side)")


@api.get("/games/{game_id}/chat")
def chat_messages(game_id: str, db: ReadDBDep, user: User) -> list[dict]:
    game = lobby.require_game(db, game_id)
    return chat.messages(db, game, lobby.role_of(db, game, user.user_id))


@api.post("/games/{game_id}/chat", status_code=201, dependencies=[CSRF])
async def chat_api(game_id: str, body: ChatIn, user: User) -> dict:
    await run_in_threadpool(_post_chat, game_id, user.user_id, body.channel, body.text)
    await publish(game_id)
    return {"posted": True}


@api.post("/games/{game_id}/clock", dependencies=[CSRF])
async def clock_api(game_id: str, body: ClockIn, user: User) -> dict:
    await run_in_threadpool(clocks.pause, game_id, await run_in_threadpool(_role, game_id, user.user_id), body.paused)
    await publish(game_id)
    return {"paused": body.paused}


@api.post("/games/{game_id}/claim", dependencies=[CSRF])
async def claim_api(game_id: str, user: User) -> dict:
    await run_in_threadpool(clocks.claim, game_id, await run_in_threadpool(_role, game_id, user.user_id), user.user_id)
    await publish(game_id)
    return {"claimed": True}


@api.post("/games/{game_id}/resign", dependencies=[CSRF])
async def resign_api(game_id: str, user: User) -> dict:
    """Resign: the game ends now and the other side wins."""
    outcome = await run_in_threadpool(resign, game_id, await run_in_threadpool(_role, game_id, user.user_id),
                                      user.user_id)
    await publish(game_id)
    return {"outcome": outcome}


@api.post("/games/{game_id}/take-back", dependencies=[CSRF])
async def take_back_api(game_id: str, user: User, seat: str | None = None) -> dict:
    """Take back your own last move (your `seat`'s, if you hold several): allowed until the next die roll, a
    reveal, or another side's move."""
    version = await run_in_threadpool(_take_back, game_id, user.user_id, seat)
    await publish(game_id)
    return {"version": version}


@api.post("/games/{game_id}/undo", dependencies=[CSRF])
async def undo_api(game_id: str, body: UndoIn, user: User) -> dict:
    role = await run_in_threadpool(_role, game_id, user.user_id)
    await run_in_threadpool(_undo, game_id, role, body.answer, user.user_id)
    await publish(game_id)
    return {"ok": True}


class RematchIn(BaseModel):
    answer: bool | None = Field(None, description="Absent: offer a rematch of this ended game. True or false: accept "
                                                  "or decline the rematch offered to you.")


def _rematch(game_id: str, user_id: int, answer: bool | None) -> str | None:
    with transaction() as db:
        if answer is None:
            return rematch.offer(db, game_id, user_id).id
        new = rematch.answer(db, game_id, user_id, answer)
        return new.id if new is not None else None


@router.post("/games/{game_id}/rematch", dependencies=[CSRF])
async def rematch_form(game_id: str, user: User, answer: str = Form("")):
    """Offer a rematch of an ended game, or answer one ("yes"/"no"); the page goes to the new game unless declined."""
    new = await run_in_threadpool(_rematch, game_id, user.user_id, {"yes": True, "no": False}.get(answer))
    await publish(game_id)  # the other players' pages of the ended game show the offer, or its answer, at once
    if new:
        await after_commit(new)  # pushes, and a computer opponent's first moves
    return RedirectResponse(f"/games/{new or game_id}", status_code=303)


@api.post("/games/{game_id}/rematch", dependencies=[CSRF])
async def rematch_api(game_id: str, user: User, body: RematchIn | None = None) -> dict:
    new = await run_in_threadpool(_rematch, game_id, user.user_id, body.answer if body else None)
    await publish(game_id)
    if new:
        await after_commit(new)
    return {"game": new}
