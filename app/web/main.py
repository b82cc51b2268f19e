"""The ASGI application: routers, static files, error pages, and the start-up check of the database."""
from __future__ import annotations

import asyncio
import logging
from contextlib import asynccontextmanager
from urllib.parse import urlsplit

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from app import games as registry
from app.config import get_settings
from app.play.clocks import run_ticker
from app.play.errors import PlayError, Stale
from app.realtime import pg_notify
from app.store.db import CommitFailed, is_postgres, transaction
from app.store.migrations import check_schema_current
from app.realtime.hub import hub
from app.web import actions as game_actions
from app.web import api, docs, health, notify_pages, pages, players, records_pages, study, table_talk, tutorials, ws
from app.web import plugin as web_plugins
from app.web.deps import csrf_token_for, signed_in
from app.web.guards import Compress, Guard
from app.web.heap import settle
from app.paths import ROOT
from app.web.api import game_json
from app.web.responses import HTMLResponse, JSONResponse, RedirectResponse
from app.web.templating import render

log = logging.getLogger("ironbottom")


@asynccontextmanager
async def lifespan(app: FastAPI):
    check_schema_current()
    pipeline = app.state.pipeline
    tasks = [asyncio.create_task(run_ticker(pipeline.publish))]
    if get_settings().resume_computers_at_start:
        tasks.append(asyncio.create_task(pipeline.resume_computer_players()))
    if is_postgres():  # another process's commits: pushed here as a commit made elsewhere
        tasks.append(asyncio.create_task(pg_notify.listen(pipeline.push, pipeline.hub.end_session)))
    settle()
    yield
    for task in tasks:
        task.cancel()


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/") or "application/json" in request.headers.get("accept", "") \
        and "text/html" not in request.headers.get("accept", "")


def same_site_back(request: Request) -> str | None:
    """Where the error page's "Go back" leads: the page the player came from, if it is a page of this site (a path
    of its own, or an address on the host the request came to); otherwise no link, never a `javascript:` or another
    site's address copied from the Referer."""
    referer = request.headers.get("referer") or ""
    try:
        parts = urlsplit(referer)
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or parts.netloc != request.url.netloc:
        return None
    path = parts.path or "/"
    if not path.startswith("/") or path.startswith("//") or "\\" in path:
        return None
    return path + (f"?{parts.query}" if parts.query else "")


def _error_response(request: Request, status: int, body: dict) -> object:
    if _wants_json(request):
        return JSONResponse(body, status_code=status)
    message, rule = body.get("message", "Something went wrong."), body.get("rule")
    if request.headers.get("hx-request"):
        html = render("_error_fragment.html", message=message, rule=rule)
        headers = {}
        target = request.headers.get("hx-target")
        if not target:
            headers = {"HX-Retarget": "#flash", "HX-Reswap": "innerHTML"}
        return HTMLResponse(html, status_code=status, headers=headers)
    user = getattr(request.state, "user", None)  # only what is known already: no database work on the loop
    headings = {400: "That did not work", 401: "Sign in first", 403: "Not allowed", 404: "Not found",
                409: "The game has moved on", 413: "Too large", 422: "Not allowed by the rules",
                429: "Slow down", 503: "Not saved"}
    return HTMLResponse(render("error.html", request=request, user=user, csrf=csrf_token_for(request, user),
                               status=status, heading=headings.get(status, "Error"), message=message, rule=rule,
                               back=same_site_back(request)), status_code=status)


def create_app() -> FastAPI:
    """The app over every registered game, each with its declared web plug-in: a game without one, or with a
    declared template or folder that is missing, stops the build here (PluginError), not at a player's page."""
    registry.load()
    settings = get_settings()
    if settings.extra_games:
        registry.load(settings.extra_games)
    plugins = web_plugins.load_all()
    app = FastAPI(title="Ironbottom", version="0.1.0", lifespan=lifespan, docs_url=None, redoc_url=None,
                  default_response_class=JSONResponse,
                  description="Hidden-movement wargames of the 1942 Pacific campaign. Every answer is rendered "
                              "from the requesting role's view of the game.")
    # The order-to-push pipeline over this process's hub (the sockets of this process): the order routes, the
    # websocket, the clock and the other processes' commits all go through it (app/web/actions.py).
    app.state.pipeline = game_actions.install(game_actions.Pipeline(hub))
    app.mount("/static", StaticFiles(directory=str(ROOT / "static")), name="static")
    docs.mount(app)  # /docs from local Swagger UI assets, and /favicon.ico
    # The order routes are matched first, each in a router of its own: every order otherwise tried the pattern of
    # every route included before it (the JSON API's came after four routers'). No route before them matches their
    # paths (no route starts with a parameter), so nothing else changes.
    app.include_router(api.orders)
    app.include_router(pages.orders)
    app.include_router(pages.router)
    app.include_router(records_pages.router)
    app.include_router(table_talk.router)
    app.include_router(table_talk.api)
    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(notify_pages.router)
    app.include_router(health.router)
    app.include_router(players.router)
    app.include_router(players.api)
    app.include_router(tutorials.router)
    app.include_router(study.router)  # play on from a replay's moment, balance, VP bids (issue 38)
    web_plugins.mount(app, plugins)  # each game's routes under /games/{game_id}/<game>/, its static folder

    @app.exception_handler(PlayError)
    async def play_error(request: Request, exc: PlayError):
        body = exc.body()
        if isinstance(exc, Stale) and _wants_json(request):
            body.update(await _current_view(request))
        if exc.status == 401 and request.method == "GET" and not _wants_json(request) \
                and not request.headers.get("hx-request"):
            return RedirectResponse(f"/signin?next={request.url.path}", status_code=303)
        response = _error_response(request, exc.status, body)
        if "retry_after" in exc.extra:
            response.headers["Retry-After"] = str(exc.extra["retry_after"])
        return response

    @app.exception_handler(CommitFailed)
    async def not_saved(request: Request, exc: CommitFailed):
        log.error("a commit failed: %s", exc, exc_info=exc.__cause__)
        return _error_response(request, 503, {
            "error": "not_saved", "message": "The change could not be saved: the database refused to commit it, "
                                             "and no page was told of it. Send it again (an order sent again is "
                                             "never applied twice)."})

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError):
        problems = []
        for err in exc.errors()[:5]:
            where = ".".join(str(x) for x in err.get("loc", ()) if x not in ("body", "query", "path"))
            problems.append(f"{where or 'request'}: {err.get('msg', 'invalid')}")
        return _error_response(request, 422, {"error": "invalid_request",
                                              "message": "The request could not be read: " + "; ".join(problems)})

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        messages = {404: "There is no such page.", 405: "That address does not take this kind of request."}
        return _error_response(request, exc.status_code, {"error": "http_error",
                                                          "message": messages.get(exc.status_code, str(exc.detail))})

    app.add_middleware(Guard, respond=_error_response)
    app.add_middleware(Compress)  # outermost: what the client receives, error pages included (app/web/guards.py)
    return app


async def _current_view(request: Request) -> dict:
    """A stale submission gets the current position with its 409, rendered for the submitter's role only."""
    # The game's id from the route itself: /api/games/{id}/actions and the page's /games/{id}/actions alike.
    game_id = request.path_params.get("game_id")
    user = await signed_in(request)
    if not game_id or user is None:
        return {}

    def load():
        with transaction(read_only=True) as db:
            return game_json(db, game_id, user.user_id)
    return {"current": await run_in_threadpool(load)}


app = create_app()
