"""HTML pages and HTMX fragments: accounts, the lobby, the game page and its orders."""
from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, BackgroundTasks, Form, Request
from starlette.concurrency import run_in_threadpool

from app import games as registry
from app.config import get_settings
from app.play import accounts, fork, hot_seat, lobby, rulebooks
from app.play.errors import BadRequest, Forbidden, PlayError
from app.play.state import rules_for
from app.store.db import transaction
from app.web import actions as game_actions
from app.web.deps import (ANON_CSRF_COOKIE, CSRF, SESSION_COOKIE, MaybeUser, ReadDBDep, User,
                          client_address, csrf_token_for, password_work, session_token)
from app.web.guards import never_compress
from app.web.log_view import log_groups
from app.web.presenter import action_key, page_model
from app.web.responses import HTMLResponse, RedirectResponse, Response
from app.web.templating import render
from app.web.ws import end_session

router = APIRouter(include_in_schema=False)
orders = APIRouter(include_in_schema=False)  # the form's order route alone: matched first (app/web/main.py)


def in_transaction(use_case, *args):
    """Run one use case in its own transaction (called through run_in_threadpool from async routes)."""
    with transaction() as db:
        return use_case(db, *args)


def page(request: Request, name: str, user, status_code: int = 200, **context: Any) -> HTMLResponse:
    csrf = csrf_token_for(request, user)
    response = HTMLResponse(render(name, request=request, user=user, csrf=csrf, action_key=action_key, **context),
                            status_code=status_code)
    new_anon = getattr(request.state, "new_anon_csrf", None)
    if new_anon:
        response.set_cookie(ANON_CSRF_COOKIE, new_anon, httponly=True, samesite="lax",
                            secure=secure_cookies(request))
    return response


def public_base(request: Request) -> str:
    """Where links sent to other people point: the configured base URL, or else the host this request came to
    (so an invite works on whatever host and port the server is reached at)."""
    return get_settings().base_url.rstrip("/") or str(request.base_url).rstrip("/")


def secure_cookies(request: Request) -> bool:
    return public_base(request).startswith("https")


def invite_links(request: Request, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    base = public_base(request)
    return [dict(r, url=f"{base}/invite/{r['token']}" if r.get("token") else None) for r in rows]


def _safe_next(target: str | None) -> str:
    return target if target and target.startswith("/") and not target.startswith("//") else "/"


def _signed_in(request: Request, token: str, target: str) -> RedirectResponse:
    response = RedirectResponse(_safe_next(target), status_code=303)
    response.set_cookie(SESSION_COOKIE, token, httponly=True, samesite="lax", max_age=get_settings().session_days * 86400,
                        secure=secure_cookies(request))
    return response


def _game_type(r, scenario: str = "", options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A game as the create form shows it: the seats offered are those of the chosen scenario (its first if none is
    chosen or it is unknown) with the options chosen so far (the game's defaults for the rest), so the form never
    lists seats the server would refuse; an option that changes the seats (Guadalcanal's two commanders a side, rule
    17) redraws the form when it changes."""
    scenario = scenario if r.meta.scenario(scenario) is not None else r.meta.scenarios[0].id
    chosen = r.meta.default_options()
    for o in r.meta.options:
        if o.id in (options or {}) and options[o.id] in o.choices:
            chosen[o.id] = options[o.id]
    offered = lobby.seats_offered(r, scenario, chosen)
    sides = [{"label": s.label, "seats": [{"id": x, "label": r.meta.label(x)} for x in s.seats if x in offered]}
             for s in r.meta.sides_of()]
    sides = [s for s in sides if s["seats"]]

    def changes_seats(o) -> bool:
        return any(set(lobby.seats_offered(r, scenario, dict(chosen, **{o.id: c}))) != set(offered)
                   for c in o.choices if c != chosen[o.id])

    return {"id": r.meta.id, "title": r.meta.title, "publisher": r.meta.publisher, "year": r.meta.year,
            "solitaire": r.meta.solitaire, "scenario": scenario,
            "scenarios": [{"id": s.id, "title": s.title, "rule": s.rule} for s in r.meta.scenarios],
            # Where each option and the chosen scenario come from: the case of the rulebook that prints them (issue
            # 35: an optional rule's provenance, read before the game is made)
            "scenario_href": next((rulebooks.href(r.meta.id, s.rule) for s in r.meta.scenarios
                                   if s.id == scenario and s.rule), None),
            "roles": [{"id": x, "label": r.meta.label(x)} for x in r.meta.roles if x in offered],
            "sides": sides,
            "teams": any(len(s["seats"]) > 1 for s in sides),
            "bot_levels": list(lobby.computer_players.levels_of(r)),  # issue 19: the computer's levels, easiest first
            "options": [{"id": o.id, "label": o.label, "rule": o.rule, "default": chosen[o.id],
                         "href": rulebooks.href(r.meta.id, o.rule) if o.rule else None,
                         "choices": list(o.choices), "labels": list(o.labels or map(str, o.choices)),
                         "seats": changes_seats(o)} for o in r.meta.options]}


def game_types() -> list[dict[str, Any]]:
    return [_game_type(r) for r in registry.listed()]


@router.get("/", response_class=HTMLResponse)
def lobby_page(request: Request, db: ReadDBDep, user: MaybeUser):
    games = game_types()
    context: dict[str, Any] = {"games": games, "chosen": games[0] if games else {"scenarios": [], "roles": [], "options": []}}
    if user:
        context["my_games"] = lobby.my_games(db, user.user_id)
        context["open_seats"] = lobby.open_seats(db, user.user_id)
    return page(request, "lobby/index.html", user, **context)


@router.get("/lobby/options", response_class=HTMLResponse)
def lobby_options(request: Request, user: MaybeUser, game: str = "", scenario: str = ""):
    rules = registry.get(game) if game else None  # any game /games/new can show, listed or reached by a link
    if rules is None:
        raise BadRequest("Choose a game from the list.")
    options = {}
    for key, raw in request.query_params.items():  # the options chosen so far, as the form posts them (JSON values)
        if key.startswith("opt."):
            try:
                options[key[4:]] = json.loads(raw)
            except ValueError:
                continue  # unreadable: the game's default stands
    chosen = _game_type(rules, scenario, options)
    return page(request, "lobby/_options.html", user, chosen=chosen)


@router.get("/games/new", response_class=HTMLResponse)
def new_game_page(request: Request, user: User, game: str = ""):
    """The create form for one game, listed or not (a direct link is how a test-only game is reached)."""
    rules = registry.get(game) if game else (registry.listed() or [None])[0]
    if rules is None:
        raise BadRequest("There is no such game.")
    chosen = _game_type(rules)
    games = game_types()
    if chosen["id"] not in [g["id"] for g in games]:
        games = [chosen, *games]
    return page(request, "lobby/new.html", user, games=games, chosen=chosen)


@router.get("/signup", response_class=HTMLResponse)
def signup_page(request: Request, user: MaybeUser, next: str = "/"):
    return page(request, "account/form.html", user, heading="Sign up", action="/signup", next=_safe_next(next))


@router.get("/signin", response_class=HTMLResponse)
def signin_page(request: Request, user: MaybeUser, next: str = "/"):
    return page(request, "account/form.html", user, heading="Sign in", action="/signin", next=_safe_next(next))


async def _open_session(request: Request, action: str, heading: str, start, username: str, password: str,
                        next: str):
    """Sign up or sign in (the password is hashed or checked outside any transaction, in one of the few password
    slots), then set the session cookie; on a refusal show the form again with the player's username and the
    reason, where they are looking."""
    try:
        _, token = await password_work(start, username, password)
    except PlayError as e:
        return page(request, "account/form.html", None, status_code=e.status, heading=heading, action=action,
                    next=_safe_next(next), username=username, error=e.message)
    return _signed_in(request, token, next)


@router.post("/signup", dependencies=[CSRF])
async def signup(request: Request, username: str = Form(""), password: str = Form(""), next: str = Form("/")):
    return await _open_session(request, "/signup", "Sign up", accounts.sign_up, username, password, next)


@router.post("/signin", dependencies=[CSRF])
async def signin(request: Request, username: str = Form(""), password: str = Form(""), next: str = Form("/")):
    address = client_address(request)
    return await _open_session(request, "/signin", "Sign in", lambda u, p: accounts.sign_in(u, p, address), username,
                         password, next)


@router.post("/signout", dependencies=[CSRF])
async def signout(request: Request):
    await sign_out_everywhere(session_token(request))
    response = RedirectResponse("/", status_code=303)
    response.delete_cookie(SESSION_COOKIE)
    return response


async def sign_out_everywhere(token: str | None) -> None:
    """End the session, then (after the commit) close its open game sockets in every process."""
    await run_in_threadpool(in_transaction, accounts.close_session, token)
    await end_session(token)


def _options_from_form(form) -> dict[str, Any]:
    out = {}
    for key, value in form.multi_items():
        if key.startswith("opt."):
            try:
                out[key[4:]] = json.loads(value)
            except ValueError:
                raise BadRequest(f"Option {key[4:]!r} has an unreadable value.") from None
    return out


def _dice_script(text: str) -> list[int] | None:
    text = (text or "").strip()
    if not text:
        return None
    try:
        return [int(x) for x in text.replace(",", " ").split()]
    except ValueError:
        raise BadRequest("Scripted dice are whole numbers separated by commas, e.g. 3,6,1.") from None


@router.post("/games", dependencies=[CSRF])
async def create_game(request: Request, user: User):
    form = await request.form()
    sandbox = form.get("sandbox") == "1"

    def create():
        with transaction() as db:
            return lobby.create_game(
                db, user.user_id, str(form.get("game", "")), str(form.get("scenario") or "") or None,
                str(form.get("side") or "") or None, _options_from_form(form), umpired=form.get("umpired") == "1",
                clock=str(form.get("clock") or "none"), opponent=str(form.get("opponent") or "human"),
                sandbox=sandbox, dice_script=_dice_script(str(form.get("dice_script", ""))) if sandbox else None,
                title=str(form.get("title") or "")[:80], seat_access=_seat_access(form),
                rated=form.get("rated") == "1")
    created = await run_in_threadpool(create)
    game_id = created.game.id
    await game_actions.after_commit(game_id)
    # The host's game page shows each invite link (derived again from the game's seed whenever the host looks).
    return RedirectResponse(f"/games/{game_id}", status_code=303)


def _seat_access(form) -> dict[str, str]:
    """`access.<role>` fields: "open" lists the seat for anyone; anything else keeps it for its invite."""
    return {key[7:]: ("open" if str(value) == "open" else "invite")
            for key, value in form.multi_items() if key.startswith("access.") and key[7:]}


@router.post("/games/{game_id}/join", dependencies=[CSRF])
async def join_game(game_id: str, user: User, role: str = Form(""), accept_scripted_dice: str = Form("")):
    await run_in_threadpool(in_transaction, lobby.join_seat, user.user_id, game_id, role, False,
                            accept_scripted_dice == "1")
    await game_actions.after_commit(game_id)
    return RedirectResponse(f"/games/{game_id}", status_code=303)


@router.get("/invite/{token}", response_class=HTMLResponse)
def invite_page(request: Request, token: str, user: MaybeUser):
    if user is None:
        return RedirectResponse(f"/signup?next=/invite/{token}", status_code=303)
    with transaction(read_only=True) as db:
        invitation = lobby.invitation(db, token)
    return page(request, "lobby/invite.html", user, token=token, invitation=invitation)


@router.post("/invite/{token}", dependencies=[CSRF])
async def accept_invite(token: str, user: User, accept_scripted_dice: str = Form("")):
    game_id = (await run_in_threadpool(in_transaction, lobby.join_by_invite, user.user_id, token,
                                       accept_scripted_dice == "1")).game_id
    await game_actions.after_commit(game_id)
    return RedirectResponse(f"/games/{game_id}", status_code=303)


@router.get("/games/{game_id}", response_class=HTMLResponse)
def game_page(request: Request, game_id: str, db: ReadDBDep, user: User, seat: str | None = None):
    game = lobby.require_game(db, game_id)
    # hot seat: one person holds every side; without a seat named the page shows the one the game asks now
    role = lobby.role_of(db, game, user.user_id, seat or hot_seat.seat_to_move(db, game, user.user_id))
    # The host sees each waiting seat's invite link, labelled with the side's name, on every visit.
    seats = invite_links(request, lobby.seat_invites(db, game, user.user_id))
    invites = {s["label"]: s["url"] for s in seats if s["url"]}
    if invites:  # invite links are bearer secrets: this answer goes uncompressed (BREACH: app/web/guards.py)
        never_compress(request)
    return page(request, "game/page.html", user, m=page_model(db, game, role), oob=False, invites=invites,
                seat_invites=seats,
                origin=fork.origin(db, game))


@router.get("/games/{game_id}/log", response_class=HTMLResponse)
def whole_log_page(request: Request, game_id: str, db: ReadDBDep, user: User, seat: str | None = None):
    """Every Game-Turn of the log this reader may read (the game page carries the newest only): drawn from the same
    view as the game page, so a seat reads its side's lines and a spectator the public ones."""
    game = lobby.require_game(db, game_id)
    m = page_model(db, game, lobby.role_of(db, game, user.user_id, seat))
    view = m["view"] if isinstance(m["view"], dict) else {}
    rules = rules_for(game)
    groups = log_groups(view.get("log", []), m["role"], rules.meta.label, rules.turn_heading)
    return page(request, "game/log.html", user, m=m, groups=groups)


@router.get("/games/{game_id}/invites", response_class=HTMLResponse)
def invites_page(request: Request, game_id: str, db: ReadDBDep, user: User):
    """The host's invitations: copy each seat's link, renew or revoke it, or open the seat to anyone."""
    game = lobby.require_game(db, game_id)
    if game.created_by != user.user_id:
        raise Forbidden("Only the game's host can manage its invitations.")
    return page(request, "lobby/invites.html", user, game=game,
                seats=invite_links(request, lobby.seat_invites(db, game, user.user_id)))


@router.post("/games/{game_id}/invites/{role}", dependencies=[CSRF])
async def manage_invite(game_id: str, role: str, user: User, do: str = Form("")):
    await run_in_threadpool(in_transaction, lobby.manage_invite, user.user_id, game_id, role, do)
    return RedirectResponse(f"/games/{game_id}/invites", status_code=303)


@orders.post("/games/{game_id}/actions")
async def submit_form(request: Request, game_id: str, later: BackgroundTasks):
    """An order from the game page's forms. HTMX gets a fragment back (the page itself updates by push). The same
    pipeline as the JSON API's, in as many worker hops (one): the session and its CSRF token are checked there."""
    form = await request.form()
    pipeline = game_actions.of(request)
    done = await pipeline.order(request, game_actions.FormOrder(game_id, form))
    later.add_task(pipeline.after, done)
    if request.headers.get("hx-request"):
        # hot seat: reload to the seat asked next (the other side's, perhaps), as a tutorial's page does
        return Response(status_code=204, headers={"HX-Redirect": f"/games/{game_id}"} if done.every_side else None,
                        background=later)
    return RedirectResponse(f"/games/{game_id}", status_code=303, background=later)
