"""Studying a game (issue 38): play on from a moment of a finished game's replay, each scenario's balance (the
lobby's card and its create form, /balance), and bidding for sides in victory points. Each HTML route has its JSON
twin under /api."""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Form, Request
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from app import games as registry
from app.engine.contract import UMPIRE
from app.play import balance, bidding, fork, lobby
from app.play.bots import levels_of
from app.play.errors import BadRequest, Forbidden, NotFound
from app.play.state import rules_for
from app.store.db import transaction
from app.web.actions import after_commit
from app.web.deps import CSRF, MaybeUser, ReadDBDep, User
from app.web.pages import page, public_base
from app.web.responses import HTMLResponse, RedirectResponse
from app.web.templating import env

router = APIRouter()
api = APIRouter(prefix="/api", tags=["api"])


# ------------------------------------------------------------------------------------------ play on from here

def play_on_form(db, game, seq: int) -> dict[str, Any]:
    """What the replay's "Play on from here" offers at moment `seq`: whether it may (and if not why, with the
    nearest moments that may), and the seats, opponents and levels a new game from there can have."""
    rules = rules_for(game)
    meta = rules.meta
    here = fork.moment(db, game, seq)
    seats = [{"id": r, "label": meta.label(r), "side": (meta.side_of(r).label if meta.side_of(r) else "")}
             for r in lobby.seats_offered(rules, game.scenario, game.options or {})]
    return {**here, "seats": seats, "levels": list(levels_of(rules)), "computer": bool(rules.roles_with_bots()),
            "solitaire": meta.solitaire, "umpired": game.umpired, "forks": fork.forks_of(db, game.id)}


def _int(value: Any, what: str) -> int | None:
    if value in (None, ""):
        return None
    try:
        return int(str(value))
    except ValueError:
        raise BadRequest(f"The {what} is a whole number.") from None


def _start(user_id: int, game_id: str, seq: int | None, side: str | None, opponent: str, clock: str,
           seat_access: dict[str, str] | None = None) -> lobby.Created:
    with transaction() as db:
        return fork.start(db, user_id, game_id, seq, side or None, opponent or "computer", clock or "none",
                          seat_access)


@router.post("/games/{game_id}/fork", dependencies=[CSRF], include_in_schema=False)
async def play_on(request: Request, game_id: str, user: User):
    """The replay's "Play on from here": a new game from the moment shown, then its page."""
    form = await request.form()
    created = await run_in_threadpool(_start, user.user_id, game_id, _int(form.get("seq"), "moment"),
                                      str(form.get("side") or ""), str(form.get("opponent") or "computer"),
                                      str(form.get("clock") or "none"))
    await after_commit(created.game.id)  # a computer seat's first move, if it is asked first
    return RedirectResponse(f"/games/{created.game.id}", status_code=303)


class PlayOn(BaseModel):
    seq: int = Field(description="The moment of the finished game's replay to play on from (an action number).")
    side: str | None = Field(None, description="Your seat in the new game (default: the game's first).")
    opponent: str = Field("computer", description='"computer" (or "computer:<level>"), "human" (invited) or '
                                                  '"hot_seat" (you play every side).')
    clock: str = Field("none", description="none, live, daily or 3days.")
    seat_access: dict[str, str] | None = Field(None, description='Per seat left for a person: "invite" or "open".')


@api.post("/games/{game_id}/fork", status_code=201, dependencies=[CSRF])
async def play_on_api(request: Request, game_id: str, body: PlayOn, user: User) -> dict[str, Any]:
    """Play on from a moment of a finished game: a new, unrated game from that position with fresh secret dice."""
    created = await run_in_threadpool(_start, user.user_id, game_id, body.seq, body.side, body.opponent, body.clock,
                                      body.seat_access)
    await after_commit(created.game.id)
    base = public_base(request)
    return {"id": created.game.id, "status": created.game.status,
            "origin": {"game": game_id, "moment": body.seq},
            "invites": {role: f"{base}/invite/{token}" for role, token in created.invites.items()},
            "invite_tokens": created.invites}


@api.get("/games/{game_id}/fork")
def play_on_moment(game_id: str, db: ReadDBDep, user: User, seq: int | None = None) -> dict[str, Any]:
    """Whether a moment (default: the last) of a finished game can be played on from, and if not why, with the
    nearest moments that can."""
    game = lobby.require_game(db, game_id)
    return fork.moment(db, game, game.version if seq is None else seq)




# ------------------------------------------------------------------------------------------------ balance

def _balance(game: str | None = None, scenario: str | None = None) -> list[dict[str, Any]]:
    with transaction(read_only=True) as db:
        if game is None:
            return balance.every_scenario(db)
        rules = registry.get(game)
        if rules is None or not rules.meta.listed:
            raise NotFound("There is no such game. The lobby lists every game with its scenarios' balance.")
        return balance.of_game(db, game, scenario)


# The lobby's card and the create form (beside the chosen scenario) call `scenario_balance()` or
# `scenario_balance(game, scenario)`: the lobby's routes stay as they are, and the figures are public records.
def _lobby_balance(game: str | None = None, scenario: str | None = None) -> list[dict[str, Any]]:
    """Every listed game's scenarios, or one game's (listed or reached by a link, as /games/new shows it)."""
    if game is None:
        return _balance()
    with transaction(read_only=True) as db:
        return balance.of_game(db, game, scenario)


env.globals["scenario_balance"] = _lobby_balance


@router.get("/balance", response_class=HTMLResponse, include_in_schema=False)
async def balance_page(request: Request, user: MaybeUser):
    scenarios = await run_in_threadpool(_balance)
    return page(request, "study/balance.html", user, scenarios=scenarios, game_title=None)


@router.get("/balance/{game}", response_class=HTMLResponse, include_in_schema=False)
async def game_balance_page(request: Request, game: str, user: MaybeUser):
    scenarios = await run_in_threadpool(_balance, game)
    return page(request, "study/balance.html", user, scenarios=scenarios, game_title=registry.get(game).meta.title)


@api.get("/balance")
async def balance_json() -> list[dict[str, Any]]:
    """Every listed game's scenarios: finished rated games and computer-vs-computer benchmarks, wins by side with
    95% Wilson intervals."""
    return await run_in_threadpool(_balance)


@api.get("/balance/{game}")
async def game_balance_json(game: str, scenario: str | None = None) -> list[dict[str, Any]]:
    """One game's scenarios (or one scenario's) balance."""
    return await run_in_threadpool(_balance, game, scenario)


# ------------------------------------------------------------------------------------------------ VP bidding

env.globals["vp_bidding"] = lambda game: bidding.why_not_offered(registry.get(game)) if registry.get(game) else None


def _bidding_page(db, game_id: str, user_id: int) -> dict[str, Any]:
    game = lobby.require_game(db, game_id)
    if game.created_by != user_id:
        raise Forbidden("Only the game's host can open the bidding for sides.")
    rules = rules_for(game)
    seats = lobby.seats_of(db, game.id)
    mine = next((s for s in seats if s.user_id == user_id and s.role != UMPIRE), None)
    return {"game": game, "why_not": bidding.why_not(rules, game, seats) if game.status == "open" else
            "The game has started: its seats are settled.", "shown": bidding.shown(db, rules, game, user_id),
            "side": rules.meta.label(mine.role) if mine else None}


@router.get("/games/{game_id}/bidding", response_class=HTMLResponse, include_in_schema=False)
def bidding_page(request: Request, game_id: str, db: ReadDBDep, user: User):
    """The host's page for bidding for sides: open it with a bid for the seat they hold, or why it is not offered."""
    return page(request, "study/bidding.html", user, **_bidding_page(db, game_id, user.user_id))


def _open_bidding(game_id: str, user_id: int, vp: Any) -> dict[str, Any]:
    with transaction() as db:
        game = lobby.require_game(db, game_id)
        return bidding.open_bidding(db, rules_for(game), game, lobby.seats_of(db, game_id), user_id, vp)


@router.post("/games/{game_id}/bidding", dependencies=[CSRF], include_in_schema=False)
async def open_bidding(game_id: str, user: User, vp: str = Form("")):
    await run_in_threadpool(_open_bidding, game_id, user.user_id, vp)
    return RedirectResponse(f"/games/{game_id}/bidding", status_code=303)


class OpenBidding(BaseModel):
    vp: int = Field(description="Victory points you would give the other side to have the side of your seat.")


@api.post("/games/{game_id}/bidding", dependencies=[CSRF])
async def open_bidding_api(game_id: str, body: OpenBidding, user: User) -> dict[str, Any]:
    """The host opens the bidding for sides (before anyone else joins), bidding for the side of their seat."""
    await run_in_threadpool(_open_bidding, game_id, user.user_id, body.vp)
    return {"bidding": True}


def _join_with_bid(user_id: int, game_id: str | None, token: str | None, role: str, side: str, vp: Any,
                   accept: bool) -> str:
    bid = {"side": side, "vp": vp}
    with transaction() as db:
        if token is not None:
            seat = lobby.join_by_invite(db, user_id, token, accept, bid=bid)
        else:
            seat = lobby.join_seat(db, user_id, game_id, role, False, accept, bid=bid)
        return seat.game_id


@router.post("/invite/{token}/bid", dependencies=[CSRF], include_in_schema=False)
async def bid_by_invite(token: str, user: User, side: str = Form(""), vp: str = Form(""),
                        accept_scripted_dice: str = Form("")):
    """Take an invited seat of a game whose sides are bid for, with a bid: the bids settle who sits where."""
    game_id = await run_in_threadpool(_join_with_bid, user.user_id, None, token, "", side, vp,
                                      accept_scripted_dice == "1")
    await after_commit(game_id)
    return RedirectResponse(f"/games/{game_id}", status_code=303)


@router.post("/games/{game_id}/bid", dependencies=[CSRF], include_in_schema=False)
async def bid_for_open_seat(game_id: str, user: User, role: str = Form(""), side: str = Form(""),
                            vp: str = Form(""), accept_scripted_dice: str = Form("")):
    """Take an open seat from the lobby of a game whose sides are bid for, with a bid."""
    await run_in_threadpool(_join_with_bid, user.user_id, game_id, None, role, side, vp, accept_scripted_dice == "1")
    await after_commit(game_id)
    return RedirectResponse(f"/games/{game_id}", status_code=303)


class Bid(BaseModel):
    side: str = Field(description="The side you want.")
    vp: int = Field(description="Victory points you would give the other side to have it (0 or more).")
    role: str | None = Field(None, description="The open seat to take (when joining from the lobby, not by invite).")
    accept_scripted_dice: bool = False


@api.post("/invites/{token}/bid", dependencies=[CSRF])
async def bid_by_invite_api(token: str, body: Bid, user: User) -> dict[str, Any]:
    """Take an invited seat with a bid for a side; the answer names the seat the bids gave you."""
    game_id = await run_in_threadpool(_join_with_bid, user.user_id, None, token, "", body.side, body.vp,
                                      body.accept_scripted_dice)
    await after_commit(game_id)
    return await run_in_threadpool(_seated, game_id, user.user_id)


@api.post("/games/{game_id}/bid", dependencies=[CSRF])
async def bid_for_open_seat_api(game_id: str, body: Bid, user: User) -> dict[str, Any]:
    """Take an open seat with a bid for a side; the answer names the seat the bids gave you."""
    await run_in_threadpool(_join_with_bid, user.user_id, game_id, None, body.role or "", body.side, body.vp,
                            body.accept_scripted_dice)
    await after_commit(game_id)
    return await run_in_threadpool(_seated, game_id, user.user_id)


def _seated(game_id: str, user_id: int) -> dict[str, Any]:
    with transaction(read_only=True) as db:
        game = lobby.require_game(db, game_id)
        return {"id": game_id, "role": lobby.role_of(db, game, user_id),
                "bidding": bidding.shown(db, rules_for(game), game, user_id)}


router.include_router(api)  # last, once every JSON route is declared: app/web/main.py mounts `router` alone
