"""What every HTTP request passes before it reaches a route, and what every answer carries (issue 10, items 7,
11 and 12):

- a body over the configured limit is refused with 413 before it is read (by its Content-Length, or as soon as
  a streamed body passes the limit);
- text no page can show, anywhere a player can put text (path, query, form or JSON body, keys included), is
  refused with 400 saying why (app/engine/text.py): a NUL (no database column can hold one), any other control
  character but tab and line breaks, a lone UTF-16 surrogate ("\\ud800" is legal JSON but cannot be encoded:
  stored in a radio note it once stopped a team game), and bytes that are not UTF-8;
- every answer carries a Content-Security-Policy (scripts only from this site, no inline script, no framing),
  X-Content-Type-Options, X-Frame-Options and a Referrer-Policy; everything but the static files is
  `Cache-Control: no-store`, since game pages and their API carry a side's secret orders.

A pure ASGI middleware, so the body is counted as it arrives and nothing is buffered beyond the limit."""
from __future__ import annotations

import json
import re
import zlib
from typing import Any, Callable
from urllib.parse import parse_qsl

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.config import get_settings
from app.engine.text import fault
from app.web.deps import csrf_tokens_of, mask_csrf

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
       "frame-ancestors 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),  # invite links carry their token: never send it to another site
]

Respond = Callable[[Request, int, dict[str, Any]], Any]


class TooLarge(Exception):
    pass


# What in a JSON body may spell a character `fault` refuses: an escape of a C0/C1 control, DEL or a surrogate, a raw
# control byte, or a UTF-8 C1 control. Only a body holding one is parsed here (the route parses it anyway).
_JSON_SUSPECT = re.compile(rb"\\u00[0189][0-9a-f]|\\u007f|\\ud[89a-f]|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\xc2[\x80-\x9f]",
                           re.IGNORECASE)


def text_fault(value: Any, where: str = "") -> str | None:
    """Why some text in `value` (a string, or JSON's lists and objects, keys included) cannot be taken, naming where
    it is; None when all of it can."""
    if isinstance(value, str):
        why = fault(value)
        return f"{where or 'The text'}: {why}." if why else None
    if isinstance(value, dict):
        for k, v in value.items():
            why = text_fault(k, "A field's name") or text_fault(v, f"The field {k!r}")
            if why:
                return why
    if isinstance(value, list):
        for v in value:
            why = text_fault(v, where)
            if why:
                return why
    return None


def _decoded(raw: bytes, where: str) -> tuple[str | None, str | None]:
    """(text, None) for UTF-8 bytes, or (None, why not)."""
    try:
        return raw.decode("utf-8"), None
    except UnicodeDecodeError:
        return None, f"{where} is not valid UTF-8 text. Send it as UTF-8."


def _query_fault(raw: bytes, where: str) -> str | None:
    """Why a query string or urlencoded form cannot be taken: bytes that are not UTF-8, or text `fault` refuses."""
    try:
        pairs = parse_qsl(raw.decode("latin-1"), keep_blank_values=True, encoding="utf-8", errors="strict")
    except UnicodeDecodeError:
        return f"{where} is not valid UTF-8 text. Send it as UTF-8."
    for name, value in pairs:
        why = text_fault(name, f"{where}'s field name") or text_fault(value, f"The field {name!r}")
        if why:
            return why
    return None


def _body_fault(content_type: str, body: bytes) -> str | None:
    if not body:
        return None
    if content_type.startswith("application/json"):
        if not _JSON_SUSPECT.search(body):
            return None
        try:
            return text_fault(json.loads(body))
        except ValueError:
            return None  # unreadable JSON: the route says so
    if content_type.startswith("application/x-www-form-urlencoded"):
        return _query_fault(body.replace(b"+", b" "), "The form")
    text, why = _decoded(body, "The request")
    return why or text_fault(text)


class Guard:
    def __init__(self, app: ASGIApp, respond: Respond):
        self.app = app
        self.respond = respond

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        static = scope.get("path", "").startswith("/static/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {k.lower() for k, _ in headers}
                headers += [(k, v) for k, v in SECURITY_HEADERS if k not in names]
                if not static and b"cache-control" not in names:
                    headers.append((b"cache-control", b"no-store"))
                message = dict(message, headers=headers)
            await send(message)

        limit = get_settings().max_body_bytes
        headers = {k.lower(): v for k, v in scope.get("headers", [])}
        why = _path_fault(scope)
        if why:
            await self._refuse(scope, 400, "bad_request", why, send_with_headers)
            return
        length = headers.get(b"content-length")
        try:
            too_long = length is not None and int(length) > limit
        except ValueError:
            too_long = False
        if too_long:
            await self._refuse(scope, 413, "too_large", _too_large(limit), send_with_headers)
            return
        if scope.get("method") in ("GET", "HEAD", "OPTIONS", "DELETE") and length is None \
                and b"transfer-encoding" not in headers:
            await self.app(scope, receive, send_with_headers)
            return
        try:
            body = await _read_body(receive, limit)
        except TooLarge:
            await self._refuse(scope, 413, "too_large", _too_large(limit), send_with_headers)
            return
        content_type = headers.get(b"content-type", b"").decode("latin-1").lower()
        why = _body_fault(content_type, body)
        if why:
            await self._refuse(scope, 400, "bad_request", why, send_with_headers)
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: a disconnect, when it comes
        await self.app(scope, replay, send_with_headers)

    async def _refuse(self, scope: Scope, status: int, code: str, message: str, send: Send) -> None:
        request = Request(scope)
        response = self.respond(request, status, {"error": code, "message": message})
        await response(scope, _no_body, send)


def _path_fault(scope: Scope) -> str | None:
    """Why the address (path or query) cannot be taken: the path as the server decoded it, the query as sent."""
    path = scope.get("path", "")
    return text_fault(path, "The address") or _query_fault(scope.get("query_string", b""), "The address's query")


def _too_large(limit: int) -> str:
    return f"That request is too large: the server reads at most {limit // 1000} kB."


async def _no_body() -> Message:
    return {"type": "http.disconnect"}


async def _read_body(receive: Receive, limit: int) -> bytes:
    """The whole body, counted as it arrives: past `limit`, stop reading and refuse."""
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return b"".join(chunks)
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise TooLarge
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


# -- compression (issue 37) ----------------------------------------------------------------------------------------

COMPRESSIBLE = (b"text/html", b"application/json", b"text/css", b"text/javascript", b"application/javascript",
                b"image/svg+xml", b"text/plain")
SMALLEST = 1024  # bytes: smaller answers gain less than the header costs
IN_A_THREAD = 64 * 1024  # larger bodies are compressed in the threadpool: the event loop never waits on zlib
# A 4 KiB window, as the websocket's (app/realtime/frames.py): text can only be matched against what lies within
# 4 KiB before it, so text another player wrote (a chat line) is rarely compressed against a page's secrets.
WINDOW_BITS = 12
# Answers that carry a bearer secret beside text from outside: never compressed (BREACH). The session token of
# a sign-in, and invite tokens (a new game's answer, the invitations' lists and pages).
NEVER = re.compile(r"^/(api/sessions$|api/games$|api/games/[^/]+/invites|games/[^/]+/invites|invite/)")
UNCOMPRESSED = "uncompressed"  # request.state flag: a route's answer shows a bearer secret (a host's invite links)


def never_compress(request: Request) -> None:
    """Mark this request's answer as one to send uncompressed (it shows a secret besides the session's CSRF token)."""
    setattr(request.state, UNCOMPRESSED, True)


def gzip(body: bytes) -> bytes:
    packer = zlib.compressobj(6, zlib.DEFLATED, 16 + WINDOW_BITS, 8)
    return packer.compress(body) + packer.flush()


class Compress:
    """gzip for clients that accept it: pages, JSON, scripts and styles of a kilobyte or more.

    BREACH: a compressed body that holds a secret and text an attacker chose (reflected from the request, or stored:
    another player's chat) leaks the secret through its compressed size. The one secret every page carries, the
    session's CSRF token, is masked in every compressed answer (app/web/deps.py `mask_csrf`: a mask drawn from the
    server's key and the rest of the body, so any change of the attacker's text redraws the token's bytes, while the
    same page is still the same bytes, as the non-interference tests compare them); answers with other bearer
    secrets (a sign-in's session token, invite links and tokens) are never compressed (`NEVER`, `never_compress`)."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or b"gzip" not in dict(scope.get("headers", [])).get(b"accept-encoding", b"") \
                or NEVER.match(scope.get("path", "")):
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        chunks: list[bytes] = []

        async def wrapped(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message
                return
            if message["type"] != "http.response.body" or start is None:
                await send(message)
                return
            chunks.append(message.get("body", b""))
            if message.get("more_body", False):
                return
            body = b"".join(chunks)
            headers = list(start.get("headers", []))
            if _compressible(start["status"], headers, body, scope):
                body = _masked(body, scope)
                body = await run_in_threadpool(gzip, body) if len(body) > IN_A_THREAD else gzip(body)
                headers = [(k, v) for k, v in headers if k.lower() not in (b"content-length", b"vary")]
                headers += [(b"content-encoding", b"gzip"), (b"content-length", str(len(body)).encode()),
                            (b"vary", b"Accept-Encoding")]
            await send(dict(start, headers=headers))
            await send({"type": "http.response.body", "body": body, "more_body": False})

        await self.app(scope, receive, wrapped)


def _compressible(status: int, headers: list[tuple[bytes, bytes]], body: bytes, scope: Scope) -> bool:
    if status < 200 or status in (204, 304) or len(body) < SMALLEST:
        return False
    names = {k.lower(): v for k, v in headers}
    if b"content-encoding" in names or (scope.get("state") or {}).get(UNCOMPRESSED):
        return False
    kind = names.get(b"content-type", b"").split(b";")[0].strip().lower()
    return kind in COMPRESSIBLE


def _masked(body: bytes, scope: Scope) -> bytes:
    """The body with the request's CSRF tokens (the session's, or the double-submit cookie's) masked."""
    for token in csrf_tokens_of(scope):
        raw = token.encode()
        if raw in body:
            body = body.replace(raw, mask_csrf(token, body.replace(raw, b"")).encode())
    return body
