"""What every HTTP request passes before it reaches a route, and what every answer carries (issue 10, items 7,
11 and 12):

- a body over the configured limit is refused with 413 before it is read (by its Content-Length, or as soon as
  a streamed body passes the limit);
- a NUL character anywhere a player can put text (path, query, form or JSON body) is refused with 400: no
  database column can hold one (PostgreSQL refuses it outright), and no name, message or key needs one;
- every answer carries a Content-Security-Policy (scripts only from this site, no inline script, no framing),
  X-Content-Type-Options, X-Frame-Options and a Referrer-Policy; everything but the static files is
  `Cache-Control: no-store`, since game pages and their API carry a side's secret orders.

A pure ASGI middleware, so the body is counted as it arrives and nothing is buffered beyond the limit."""
from __future__ import annotations

import json
from typing import Any, Callable
from urllib.parse import unquote_to_bytes

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.config import get_settings

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
       "frame-ancestors 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),  # invite links carry their token: never send it to another site
]
NUL_MESSAGE = "A NUL character (\\u0000) cannot be part of any name, message, key or address. Remove it."

Respond = Callable[[Request, int, dict[str, Any]], Any]


class TooLarge(Exception):
    pass


def has_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(has_nul(k) or has_nul(v) for k, v in value.items())
    if isinstance(value, list):
        return any(has_nul(v) for v in value)
    return False


def _body_has_nul(content_type: str, body: bytes) -> bool:
    if b"\x00" in body:
        return True
    if content_type.startswith("application/json"):
        if b"\\u0000" not in body.lower():
            return False
        try:
            return has_nul(json.loads(body))
        except ValueError:
            return False  # unreadable JSON: the route says so
    if content_type.startswith("application/x-www-form-urlencoded"):
        return b"\x00" in unquote_to_bytes(body.replace(b"+", b" "))
    return False


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
        if "\x00" in scope.get("path", "") or b"\x00" in unquote_to_bytes(scope.get("query_string", b"")):
            await self._refuse(scope, 400, "bad_request", NUL_MESSAGE, send_with_headers)
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
        if _body_has_nul(content_type, body):
            await self._refuse(scope, 400, "bad_request", NUL_MESSAGE, send_with_headers)
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
