"""Request dependencies: a database transaction, the signed-in user, and the CSRF check."""
from __future__ import annotations

import asyncio
import hmac
import os
import secrets
from typing import Annotated, Iterator

from fastapi import Depends, Request
from starlette.concurrency import run_in_threadpool
from sqlalchemy.orm import Session as DB

from app.config import get_settings
from app.play.accounts import SignedIn, session_user
from app.play.errors import Forbidden, NotSignedIn
from app.store.db import engine, transaction

SESSION_COOKIE = "ib_session"
ANON_CSRF_COOKIE = "ib_csrf"  # double-submit token for forms shown before sign-in
CSRF_HEADER = "X-CSRF-Token"


def get_db() -> Iterator[DB]:
    with transaction() as db:
        yield db


def get_read_db() -> Iterator[DB]:
    with transaction(read_only=True) as db:
        yield db


# scope="function": the transaction commits before the response is sent, so a client never acts on an answer
# whose change is not yet durable.
DBDep = Annotated[DB, Depends(get_db, scope="function")]
ReadDBDep = Annotated[DB, Depends(get_read_db, scope="function")]  # for GET: a GET never changes state


# Password hashing is slow on purpose and takes a whole core. Sign-ins and sign-ups queue here, on the event
# loop, for one of these few slots, so a storm of them never fills the threadpool that every player's move
# and chat post also need (issue 10, item 5).
PASSWORD_SLOTS = max(1, (os.cpu_count() or 2) // 2)
_slots: dict[int, asyncio.Semaphore] = {}


async def password_work(fn, *args):
    """Run `fn(*args)` (a sign-in or sign-up) in the threadpool once a password slot is free."""
    loop = asyncio.get_running_loop()
    slots = _slots.setdefault(id(loop), asyncio.Semaphore(PASSWORD_SLOTS))
    async with slots:
        return await run_in_threadpool(fn, *args)


def client_address(request: Request) -> str | None:
    """The address failed sign-ins are counted against: the connecting peer (a proxy in front must pass the
    real one through uvicorn's --proxy-headers, which rewrites this)."""
    return request.client.host if request.client else None


def bearer_token(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    return auth[7:].strip() if auth.lower().startswith("bearer ") else None


def session_token(request: Request) -> str | None:
    return bearer_token(request) or request.cookies.get(SESSION_COOKIE)


def current_user(request: Request) -> SignedIn | None:
    cached = getattr(request.state, "user", "unset")
    if cached != "unset":
        return cached
    # On a connection, not in an ORM session: every request reads its session, and the session's machinery cost
    # twice the query itself (0.47 ms of CPU against 0.18, measured in process).
    with engine().connect().execution_options(read_only=True) as conn:
        user = session_user(conn, session_token(request))
    request.state.user = user
    return user


async def signed_in(request: Request) -> SignedIn | None:
    """`current_user` as a dependency: the session is read in the threadpool once per request (the CSRF check may
    have read it already), and a request that has it pays no thread hop (issue 18: each hop is a wait in every
    order's push)."""
    cached = getattr(request.state, "user", "unset")
    if cached != "unset":
        return cached
    return await run_in_threadpool(current_user, request)


MaybeUser = Annotated[SignedIn | None, Depends(signed_in)]


async def require_user(user: MaybeUser) -> SignedIn:
    return must_be_signed_in(user)


def must_be_signed_in(user: SignedIn | None) -> SignedIn:
    if user is None:
        raise NotSignedIn("Sign in first.")
    return user


User = Annotated[SignedIn, Depends(require_user)]


def anon_csrf(request: Request) -> str:
    """The double-submit token for sign-in and sign-up forms; set as a cookie by the page that shows them."""
    token = request.cookies.get(ANON_CSRF_COOKIE)
    if not token:
        token = getattr(request.state, "new_anon_csrf", None) or secrets.token_urlsafe(24)
        request.state.new_anon_csrf = token
    return token


def csrf_token_for(request: Request, user: SignedIn | None) -> str:
    return user.csrf_token if user else anon_csrf(request)


def csrf_exempt(request: Request) -> bool:
    """No token is needed: a safe method, or no ambient credential rides on the request (a bearer token cannot be
    forged by another site, and a cross-site page cannot send a JSON body without a CORS preflight, which this
    server never grants)."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return True
    return not request.cookies.get(SESSION_COOKIE) and (
        bool(bearer_token(request)) or request.headers.get("content-type", "").startswith("application/json"))


def verify_csrf(request: Request, sent: str | None, user: SignedIn | None) -> None:
    """The token sent must be the session's (or, before sign-in, the double-submit cookie's), as it is or as a
    compressed page masked it (`mask_csrf`)."""
    expected = user.csrf_token if user else request.cookies.get(ANON_CSRF_COOKIE)
    sent = unmask_csrf(str(sent)) if sent else sent
    if not expected or not sent or not hmac.compare_digest(sent, expected):
        raise Forbidden("This form has expired. Reload the page and try again.")


_MASKED = "m."


def mask_csrf(token: str, rest: bytes) -> str:
    """The token as a compressed answer carries it (BREACH: app/web/guards.py `Compress`): XORed with a pad drawn
    from the server's key and the rest of the body (`rest`), the pad sent beside it. An attacker who changes any of
    the body's text (a reflected parameter, a chat line) changes the pad, so no two of his guesses see the token's
    bytes alike; the same page is still the same bytes."""
    import base64
    import hashlib

    raw = token.encode()
    key = get_settings().secret_key.encode()
    pad = b""
    while len(pad) < len(raw):
        pad += hmac.new(key, b"csrf-mask:%d:" % len(pad) + raw + hashlib.sha256(rest).digest(), hashlib.sha256).digest()
    pad = pad[:len(raw)]
    return _MASKED + base64.urlsafe_b64encode(pad + bytes(a ^ b for a, b in zip(pad, raw))).decode().rstrip("=")


def unmask_csrf(sent: str) -> str:
    """A masked token back to the token (anything else as it is)."""
    import base64
    import binascii

    if not sent.startswith(_MASKED):
        return sent
    try:
        both = base64.urlsafe_b64decode(sent[len(_MASKED):] + "=" * (-len(sent[len(_MASKED):]) % 4))
    except (binascii.Error, ValueError):
        return sent
    half = len(both) // 2
    if len(both) % 2:
        return sent
    try:
        return bytes(a ^ b for a, b in zip(both[:half], both[half:])).decode()
    except UnicodeDecodeError:
        return sent


def csrf_tokens_of(scope) -> list[str]:
    """The CSRF tokens a page drawn for this request may show: the session's (read during the request) and the
    double-submit cookie's (sent, or set by this answer)."""
    state = scope.get("state") or {}
    out = []
    user = state.get("user")
    if user and user != "unset" and getattr(user, "csrf_token", None):
        out.append(user.csrf_token)
    anon = state.get("new_anon_csrf") or Request(scope).cookies.get(ANON_CSRF_COOKIE)
    if anon:
        out.append(anon)
    return out


async def csrf_sent(request: Request) -> str | None:
    """The token a request carries: the X-CSRF-Token header (HTMX, scripts) or a form's csrf_token field."""
    sent = request.headers.get(CSRF_HEADER)
    if not sent and request.headers.get("content-type", "").startswith(
            ("application/x-www-form-urlencoded", "multipart/form-data")):
        form = await request.form()
        sent = form.get("csrf_token")
    return sent


async def check_csrf(request: Request) -> None:
    """Every state-changing request carries the CSRF token, in the X-CSRF-Token header (HTMX, scripts) or the
    csrf_token form field. A bearer-token client (the JSON API) sends no cookie, so it cannot be forged. (The order
    routes check the same in their one worker hop: app/web/actions.py.)"""
    if csrf_exempt(request):
        return
    sent = await csrf_sent(request)
    # Never touch the database on the event loop: a blocked loop cannot let another request finish and release
    # SQLite's write lock.
    verify_csrf(request, sent, await signed_in(request))


CSRF = Depends(check_csrf)
