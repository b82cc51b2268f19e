"""One websocket per open game page, authenticated from the session cookie at the handshake, Origin checked.

The server pushes out-of-band HTML fragments rendered from the viewer's role's view. The page sends
{"since": version} when it (re)connects; if it is behind, it gets the current fragments at once.
"""
from __future__ import annotations

import hashlib
import json
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from sqlalchemy import bindparam, select
from starlette.concurrency import run_in_threadpool

from app.config import get_settings
from app.play import accounts, lobby
from app.play.clock import now
from app.play.columns import read
from app.play.versions import role_version
from app.realtime import frames
from app.realtime import patch as patches
from app.realtime.hub import Base, Fragment, Subscriber, hub
from app.realtime.pg_notify import notify_session_ended
from app.store.db import transaction
from app.store.models import Session
from app.web.deps import SESSION_COOKIE
from app.web.presenter import page_model, render_fragments

router = APIRouter()


def origin_allowed(ws: WebSocket) -> bool:
    origin = ws.headers.get("origin")
    if origin is None:  # not a browser (scripts, bots): the session token still has to be valid
        return True
    settings = get_settings()
    allowed = set(settings.allowed_origins)
    if settings.base_url:
        base = urlsplit(settings.base_url)
        allowed.add(f"{base.scheme}://{base.netloc}")
    host = ws.headers.get("host")
    if host:
        allowed.update({f"http://{host}", f"https://{host}"})
    return origin in allowed


def _who(game_id: str, token: str | None, seat: str | None = None):
    with transaction(read_only=True) as db:
        user = accounts.session_user(db, token)
        if user is None:
            return None, None, None, None
        game = lobby.require_game(db, game_id)
        role = lobby.role_of(db, game, user.user_id, seat)  # a player holding several seats watches one
        return user, role, role_version(game, role), model_digest(page_model(db, game, role))


# What a page model derives from the rest of it (the log's groups from the view, "your move" from the prompt) or
# holds alike for every page of the game (its templates, the rulebook, the log's kinds): left out of its digest.
_DERIVED = frozenset({"log_groups", "log_earlier", "your_move", "role_label", "board_template", "prompt_template",
                      "rules_book", "log_kinds", "game"})


def model_digest(model: dict) -> str:
    """What a role's page shows, less the game's version: equal digests mean nothing new for that role. Read from
    what the page is drawn from, not what is derived from it (the log twice over cost as much again)."""
    shown = {k: v for k, v in model.items() if k not in _DERIVED}
    shown["game"] = {k: v for k, v in model["game"].items() if k != "version"}
    return hashlib.sha256(json.dumps(shown, sort_keys=True, default=str).encode()).hexdigest()


def fragment(model: dict, base: Base | None = None) -> Fragment:
    """One role's push, drawn from its page model (the same model a reply to that role's order is built from), with
    its id (app/realtime/patch.py). With `base` (the role's sockets: app/realtime/hub.py `Hub.bases`), also the patch
    that makes it from the page those sockets hold: both are renderings of this role's view; and when every one of
    those sockets shows what this model shows (the other side revised its secret orders), nothing is drawn: the
    fragment is empty (never sent), its fingerprint and version known. The compressed frames
    of what will be sent are made here, in the worker thread, once for every socket they go to
    (app/realtime/frames.py)."""
    digest = model_digest(model)
    if base is not None and base.shown == {digest}:  # every socket of the role shows this already: nothing to send
        return Fragment("", digest, model["game"]["version"])
    page = Fragment(patches.stamped(render_fragments(model), (model["game"]["id"], model["game"].get("commitment"))),
                    digest, model["game"]["version"])
    if base is not None and base.page is not None and base.page.digest != page.digest:
        page.base, page.patch = base.page.id, patches.patch(base.page, page)
        frames.prepare(page.patch)
    if base is None or base.whole:
        frames.prepare(page)
    return page


_SESSIONS = (select(Session.token_hash, Session.expires_at)
             .where(Session.token_hash.in_(bindparam("hashes", expanding=True))))


def valid_sessions(db, hashes: set[str]) -> set[str]:
    """Which of these sessions (by hash) are still valid: not signed out, not expired."""
    if not hashes:
        return set()
    rows = read(db, _SESSIONS, {"hashes": sorted(hashes)}).all()
    at = now()
    return {h for h, expires in rows if (expires if expires.tzinfo else expires.replace(tzinfo=at.tzinfo)) > at}


def _valid_sessions(hashes: set[str]) -> set[str]:
    with transaction(read_only=True) as db:
        return valid_sessions(db, hashes)


async def sessions_valid(hashes: set[str]) -> set[str]:
    return await run_in_threadpool(_valid_sessions, hashes)


async def end_session(token: str | None) -> None:
    """After a sign-out has committed: close that session's sockets here (the process's hub) and in every other
    process."""
    if not token:
        return
    session = accounts.token_hash(token)
    await hub.end_session(session)
    await run_in_threadpool(notify_session_ended, session)


@router.websocket("/games/{game_id}/ws")
async def game_socket(ws: WebSocket, game_id: str):
    if not origin_allowed(ws):
        await ws.close(code=4403, reason="origin not allowed")
        return
    pipeline = ws.app.state.pipeline
    hub = pipeline.hub
    token = ws.cookies.get(SESSION_COOKIE)
    ticket = hub.ticket()  # taken before the page is drawn for its digest
    try:
        user, role, version, digest = await run_in_threadpool(_who, game_id, token, ws.query_params.get("seat"))
    except Exception:
        user = None
    if user is None:
        await ws.close(code=4401, reason="sign in first")
        return
    await ws.accept()
    sub = Subscriber(role=role, user_id=user.user_id, send=ws.send_text, version=version,
                     session=accounts.token_hash(token), close=lambda: ws.close(code=4401, reason="signed out"),
                     digest=digest, ticket=ticket)
    hub.join(game_id, sub)
    try:
        while True:
            raw = await ws.receive_text()
            if len(raw) > get_settings().max_ws_message_bytes:  # a page only ever sends {"since": n}
                await ws.close(code=1009, reason="message too large")
                break
            try:
                said = json.loads(raw)
                since = int(said.get("since", -1))
            except (ValueError, AttributeError, TypeError):
                continue
            sub.patches = bool(said.get("patches"))  # the page's script applies patches (static/app.js)
            if not await sessions_valid({sub.session}):  # expired while the page was open
                await ws.close(code=4401, reason="session ended")
                break
            if since < await run_in_threadpool(_version, game_id, role):
                drawn, _ = await run_in_threadpool(pipeline.draw, game_id, {role}, set(), {})
                page = drawn.pages[role]
                if hub.later(sub, page, drawn.ticket):  # else a push drawn later has already reached this page
                    hub.holding(game_id, sub, page, drawn.ticket)
                    await ws.send_text(page)
    except WebSocketDisconnect:
        pass
    finally:
        hub.leave(game_id, sub)


def _version(game_id: str, role: str) -> int:
    """The role's own version (app/play/versions.py): the game's would tell a page coming back that the other
    side revised its orders."""
    with transaction(read_only=True) as db:
        return role_version(lobby.require_game(db, game_id), role)
