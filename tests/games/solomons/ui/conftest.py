"""A Solomons game between two signed-in players, driven through the game page's forms (HTMX posts)."""
from __future__ import annotations

import re
import uuid
from html import unescape

import pytest


class Seat:
    """One side at the table: its player, the game, and helpers to read the page and post its order form."""

    def __init__(self, player, game_id: str, role: str):
        self.player, self.game_id, self.role = player, game_id, role

    def page(self) -> str:
        r = self.player.get(f"/games/{self.game_id}")
        assert r.status_code == 200, r.text
        return r.text

    def state(self) -> dict:
        return self.player.game(self.game_id)

    def kind(self) -> str | None:
        prompt = (self.state().get("prompt") or {})
        return (prompt.get("info") or {}).get("kind")

    def form(self) -> list[tuple[str, str]]:
        """The fields of the order form as the browser would post them unchanged (selected options, values)."""
        return form_fields(self.page())

    def post(self, fields: list[tuple[str, str]]):
        return self.player.post(f"/games/{self.game_id}/actions", data=dict(fields), headers={"HX-Request": "true"})


def form_fields(html: str) -> list[tuple[str, str]]:
    m = re.search(r'<form[^>]*id="sol-orders".*?</form>', html, re.S)
    assert m, "no Solomons order form on the page"
    form = m.group(0)
    out: list[tuple[str, str]] = []
    for tag in re.finditer(r"<input\b[^>]*>", form):
        t = tag.group(0)
        name = _attr(t, "name")
        if name is None or " disabled" in t:
            continue
        typ = _attr(t, "type") or "text"
        if typ in ("checkbox", "radio") and " checked" not in t:
            continue
        out.append((name, _attr(t, "value") or ""))
    for sel in re.finditer(r"<select\b([^>]*)>(.*?)</select>", form, re.S):
        if " disabled" in sel.group(1):
            continue
        name = _attr(sel.group(1), "name")
        opts = re.findall(r"<option\b([^>]*)>", sel.group(2))
        chosen = next((o for o in opts if " selected" in o), opts[0] if opts else None)
        if name and chosen is not None:
            out.append((name, _attr(chosen, "value") or ""))
    return out


def _attr(tag: str, name: str) -> str | None:
    m = re.search(rf'\b{name}="([^"]*)"', tag)
    return unescape(m.group(1)) if m else None


def replace(fields: list[tuple[str, str]], **changes: str) -> list[tuple[str, str]]:
    """The same form with some fields set (names with dots are passed with __ for .)."""
    changes = {k.replace("__", "."): v for k, v in changes.items()}
    out = [(k, changes.pop(k) if k in changes else v) for k, v in fields]
    return out + list(changes.items())


@pytest.fixture
def solomons(players):
    """A started Solomons game: (american seat, japanese seat), created and joined through the API."""
    us, jp = players(f"us{uuid.uuid4().hex[:6]}"), players(f"jp{uuid.uuid4().hex[:6]}")
    r = us.post("/api/games", json={"game": "solomons", "side": "allied"})
    assert r.status_code == 201, r.text
    body = r.json()
    r = jp.post(f"/api/invites/{body['invite_tokens']['japanese']}")
    assert r.status_code == 200, r.text
    return Seat(us, body["id"], "allied"), Seat(jp, body["id"], "japanese")
