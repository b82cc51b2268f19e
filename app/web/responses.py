"""The answers the web layer sends, made so that stored text can never fail them.

Text a player wrote is refused at the boundary when no page could show it (app/web/guards.py, app/engine/text.py),
but a database may hold text stored before that check, and a page or JSON answer built from it must still be sent:
a lone surrogate once made every page of an umpired team game answer 500. These classes encode such a character as
"?" instead of raising, at no cost for text that encodes as it is.
"""
from __future__ import annotations

import json
from typing import Any

from fastapi import responses


class HTMLResponse(responses.HTMLResponse):
    def render(self, content: Any) -> bytes:
        if isinstance(content, str):
            return content.encode(self.charset, "replace")
        return super().render(content)


class JSONResponse(responses.JSONResponse):
    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=False, allow_nan=False, indent=None,
                          separators=(",", ":")).encode("utf-8", "replace")


RedirectResponse = responses.RedirectResponse
Response = responses.Response
