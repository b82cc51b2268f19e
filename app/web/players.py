"""Players' pages, leaderboards and the archive of finished games (issue 20), each with its JSON twin under /api."""
from __future__ import annotations

from fastapi import APIRouter, Form, Query, Request
from starlette.concurrency import run_in_threadpool

from app import games as registry
from app.play import archive, profiles, ratings
from app.play.errors import NotFound
from app.store.db import transaction
from app.web.deps import CSRF, MaybeUser, User
from app.web.pages import page
from app.web.responses import HTMLResponse, RedirectResponse

router = APIRouter(include_in_schema=False)
api = APIRouter(prefix="/api", tags=["api"])


def _profile(username: str, viewer: int | None) -> dict:
    with transaction(read_only=True) as db:
        return profiles.profile(db, username, viewer)


def _board(game: str) -> dict:
    rules = registry.get(game)
    if rules is None or not rules.meta.listed:
        raise NotFound("There is no such game.")
    with transaction(read_only=True) as db:
        return {"game": game, "title": rules.meta.title, "minimum_games": ratings.MIN_GAMES,
                "players": ratings.leaderboard(db, game)}


@router.get("/players/{username}", response_class=HTMLResponse)
async def profile_page(request: Request, username: str, user: MaybeUser):
    p = await run_in_threadpool(_profile, username, user.user_id if user else None)
    return page(request, "players/profile.html", user, p=p)


@api.get("/players/{username}")
async def profile_json(username: str, user: MaybeUser) -> dict:
    return await run_in_threadpool(_profile, username, user.user_id if user else None)


@router.post("/players/me/visibility", dependencies=[CSRF])
async def visibility(user: User, hidden: str = Form(""), show_current: str = Form("")):
    def save():
        with transaction() as db:
            profiles.set_visibility(db, user.user_id, hidden == "1", show_current == "1")
    await run_in_threadpool(save)
    return RedirectResponse(f"/players/{user.username}", status_code=303)


@router.get("/leaderboards", response_class=HTMLResponse)
async def leaderboards_page(request: Request, user: MaybeUser):
    boards = [await run_in_threadpool(_board, r.meta.id) for r in registry.listed() if not r.meta.solitaire]
    return page(request, "players/leaderboards.html", user, boards=boards)


@api.get("/leaderboards/{game}")
async def leaderboard_json(game: str) -> dict:
    return await run_in_threadpool(_board, game)


def _archive(**filters) -> dict:
    with transaction(read_only=True) as db:
        return archive.search(db, **filters)


@router.get("/archive", response_class=HTMLResponse)
async def archive_page(request: Request, user: MaybeUser, game: str = "", scenario: str = "", player: str = "",
                       result: str = "", since: str = "", until: str = "", number: int = Query(1, alias="page")):
    filters = {"game": game, "scenario": scenario, "player": player, "result": result, "since": since,
               "until": until}
    found = await run_in_threadpool(lambda: _archive(**filters, page=number))
    games = [{"id": r.meta.id, "title": r.meta.title, "scenarios": [s.id for s in r.meta.scenarios],
              "sides": [(s.id, s.label) for s in r.meta.sides_of()]} for r in registry.listed()]
    return page(request, "players/archive.html", user, found=found, filters=filters, games=games)


@api.get("/archive")
async def archive_json(game: str = "", scenario: str = "", player: str = "", result: str = "", since: str = "",
                       until: str = "", page: int = 1) -> dict:
    return await run_in_threadpool(lambda: _archive(game=game, scenario=scenario, player=player, result=result,
                                                    since=since, until=until, page=page))
