"""Studying a game (issue 38): play on from a moment of a finished game's replay, and each scenario's balance (the
lobby's card and its create form, /balance). Each HTML route has its JSON twin under /api."""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from app import games as registry
from app.play import balance, fork, lobby
from app.play.bots import levels_of
from app.play.errors import BadRequest, NotFound
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
    meta = rules_for(game).meta
    here = fork.moment(db, game, seq)
    seats = [{"id": r, "label": meta.label(r), "side": (meta.side_of(r).label if meta.side_of(r) else "")}
             for r in lobby.seats_offered(rules_for(game), game.scenario, game.options or {})]
    return {**here, "seats": seats, "levels": list(levels_of(rules_for(game))),
            "computer": bool(rules_for(game).roles_with_bots()), "solitaire": meta.solitaire,
            "umpired": game.umpired, "forks": fork.forks_of(db, game.id)}


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
env.globals["scenario_balance"] = lambda game=None, scenario=None: _balance(game, scenario) if game is None \
    or registry.get(game) is not None else []


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


router.include_router(api)  # last, once every JSON route is declared: app/web/main.py mounts `router` alone
