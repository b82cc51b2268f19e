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
from typing import Any, Callable
from urllib.parse import parse_qsl, unquote_to_bytes

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.config import get_settings
from app.engine.text import fault

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
