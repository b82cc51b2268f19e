"""Errors a use case raises; the web layer maps each to its status code and shows the message to the player."""
from __future__ import annotations

from typing import Any


class PlayError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, message: str, rule: str | None = None, extra: dict[str, Any] | None = None):
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.extra = extra or {}

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"error": self.code, "message": self.message}
        if self.rule:
            out["rule"] = self.rule
        out.update(self.extra)
        return out


class BadRequest(PlayError):
    status, code = 400, "bad_request"


class NotSignedIn(PlayError):
    status, code = 401, "not_signed_in"


class Forbidden(PlayError):
    status, code = 403, "forbidden"


class NotFound(PlayError):
    status, code = 404, "not_found"


class Conflict(PlayError):
    status, code = 409, "conflict"


class Stale(Conflict):
    code = "stale_version"


class Illegal(PlayError):
    status, code = 422, "illegal_action"


class TooMany(PlayError):
    status, code = 429, "rate_limited"
