"""A push drawn section by section (issue 37): each section of a game page's live part (templates/game/_live.html)
is drawn alone from exactly the parts of the role's page model it shows, and a section drawn before from equal parts
is reused rather than drawn again.

Most orders change one or two sections of a role's page (the board and the log), not the seats, the rematch card or
the table (the clock, the notices, the chat), and a change that only moves the status line ("waiting for ...") leaves
the board, the dearest section, as it was. Drawing every section of both roles' pages after every order was the
largest share of an order's CPU.

Secrecy: a section's template is drawn with its inputs and nothing else (besides the environment's constant
globals), so its bytes are a function of those inputs; its cache key is a hash of the same inputs written out in
order (JSON, insertion order kept, every value as it is: a value JSON cannot write is not cached). A role's section is
therefore only ever served another role's (or game's) bytes when everything it is drawn from is equal, when drawing it
afresh would have given the same bytes. The order forms (the prompt section) are drawn every time: each carries the
page's version in its keys (app/web/templating.py `action_key`).

The board is drawn with the game's facts less its version and the count at which the prompt last changed (no board
template reads them; the page's own board, drawn by the whole `_live.html`, has them, and
tests/web/test_sections.py holds the two alike on positions of every game)."""
from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from typing import Any, Callable

from app.web.templating import action_key, render

Inputs = Callable[[dict[str, Any]], dict[str, Any]]


def _seats(m: dict[str, Any]) -> dict[str, Any]:
    return {"seats": m["seats"], "role": m["role"], "game": {"id": m["game"]["id"]}, "waiting": m["waiting"]}


def _status(m: dict[str, Any]) -> dict[str, Any]:
    g = m["game"]
    return {"game": {k: g.get(k) for k in ("id", "version", "status", "result", "seed")}, "your_move": m["your_move"],
            "waiting": m["waiting"], "thinking": m["thinking"]}


def _rematch(m: dict[str, Any]) -> dict[str, Any]:
    return {"rematch": m["rematch"], "game": {"id": m["game"]["id"]}}


# What a board is drawn without: they move with commits the board does not show.
_NOT_ON_THE_BOARD = frozenset({"version", "prompt_since"})


def _board(m: dict[str, Any]) -> dict[str, Any]:
    return {"view": m["view"], "role": m["role"], "prompt": m["prompt"], "board_template": m["board_template"],
            "game": {k: v for k, v in m["game"].items() if k not in _NOT_ON_THE_BOARD}}


def _log(m: dict[str, Any]) -> dict[str, Any]:
    return {"log_groups": m["log_groups"], "log_kinds": m["log_kinds"], "log_earlier": m["log_earlier"],
            "game": {"id": m["game"]["id"]}, "role": m["role"]}


def _table(m: dict[str, Any]) -> dict[str, Any]:
    return {"clock": m["clock"], "notices": m["notices"], "game": {"id": m["game"]["id"], "status": m["game"]["status"]},
            "role": m["role"], "take_back": m["take_back"], "undo": m["undo"], "chat": m["chat"],
            "chat_channels": m["chat_channels"]}


# In the order of templates/game/_live.html; None: drawn from the whole model every time.
SECTIONS: tuple[tuple[str, Inputs | None], ...] = (
    ("game/_seats.html", _seats),
    ("game/_status.html", _status),
    ("game/_rematch.html", _rematch),
    ("game/_board_section.html", _board),
    ("game/_prompt_section.html", None),
    ("game/_log.html", _log),
    ("game/_table.html", _table),
)


class Drawn:
    """Sections drawn lately, by the hash of their template and inputs, least recently used dropped first once they
    hold more than `limit` characters in all. Used from several worker threads."""

    def __init__(self, limit: int = 8_000_000):
        self.limit, self.size, self.hits, self.misses = limit, 0, 0, 0
        self._kept: OrderedDict[bytes, str] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: bytes) -> str | None:
        with self._lock:
            html = self._kept.get(key)
            if html is None:
                self.misses += 1
                return None
            self._kept.move_to_end(key)
            self.hits += 1
            return html

    def put(self, key: bytes, html: str) -> None:
        if len(html) > self.limit // 8:
            return
        with self._lock:
            if key in self._kept:
                return
            self._kept[key] = html
            self.size += len(html)
            while self.size > self.limit:
                _, dropped = self._kept.popitem(last=False)
                self.size -= len(dropped)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self.size = self.hits = self.misses = 0


drawn = Drawn()


def key(template: str, inputs: dict[str, Any]) -> bytes | None:
    """The hash of a section's template and inputs, or None when JSON cannot write them as they are."""
    try:
        text = json.dumps([template, inputs], ensure_ascii=False, check_circular=False, allow_nan=True)
    except (TypeError, ValueError):
        return None
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=20).digest()


def section(template: str, inputs: dict[str, Any]) -> str:
    found = key(template, inputs)
    html = drawn.get(found) if found is not None else None
    if html is None:
        html = render(template, m=inputs, action_key=action_key, oob=True)
        if found is not None:
            drawn.put(found, html)
    return html


def draw(model: dict[str, Any]) -> str:
    """The out-of-band fragments a push sends (the whole `_live.html` with `oob`), section by section."""
    return "\n".join(render(template, m=model, action_key=action_key, oob=True) if inputs is None
                     else section(template, inputs(model)) for template, inputs in SECTIONS)
