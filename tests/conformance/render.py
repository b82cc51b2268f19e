"""Every page a role reads of a position, drawn from the position alone (no database): the game page and the
fragments a push carries, through the platform's own page model and templates, as a player would receive them."""
from __future__ import annotations

import re
from html import unescape
from types import SimpleNamespace
from typing import Any

from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.spec import GameSpec
from app.web.presenter import action_key, page_model, render_fragments
from app.web.templating import render


def game_row(spec: GameSpec, scenario: str, options: dict[str, Any], state: Any) -> SimpleNamespace:
    """What the page model reads of a game's row, for a game in progress (or ended) at `state`."""
    ended = spec.outcome(state) is not None
    return SimpleNamespace(
        id="g-conformance", game=spec.meta.id, version=7, prompt_versions={}, status="ended" if ended else "active",
        title=None, scenario=scenario, umpired=bool(options.get("umpired")), sandbox=False, rated=False,
        commitment="casual", options=dict(options), seed=b"\0" * 32, outcome=spec.outcome(state) if ended else None,
        clock={"setting": "none"}, missed={}, deadlines={}, pending_undo=None)


def facts(spec: GameSpec, state: Any, roles) -> dict[str, Any]:
    return {"rules": spec, "state": state, "prompts": spec.prompts(state) if spec.outcome(state) is None else {},
            "seats": [{"role": r, "label": spec.meta.label(r), "player": f"player {i}"}
                      for i, r in enumerate(spec.meta.seats())],
            "holders": [], "thinking": [], "notices": [], "chat": {r: [] for r in roles},
            "take_back": {r: False for r in roles}}


def pages(spec: GameSpec, scenario: str, options: dict[str, Any], state: Any, role: str) -> dict[str, str]:
    """{"page": the whole game page, "push": the fragments a push sends} as `role` receives them."""
    game = game_row(spec, scenario, options, state)
    model = page_model(None, game, role, facts(spec, state, (role,)))
    user = None if role == SPECTATOR else SimpleNamespace(username="player", user_id=1)
    page = render("game/page.html", request=None, user=user, csrf="csrf", action_key=action_key, m=model, oob=False,
                  invites={}, seat_invites=[])
    return {"page": page, "push": render_fragments(model)}


def roles_of(spec: GameSpec, scenario: str, options: dict[str, Any]) -> tuple[str, ...]:
    """Everyone who reads a game's pages: its seats (those the scenario offers), the umpire and a spectator."""
    seats = spec.seats_offered(scenario, options) if spec.seats_offered else spec.meta.seats()
    return (*seats, UMPIRE, SPECTATOR)


_HIDDEN = re.compile(r"<(script|style|template)\b.*?</\1>|<!--.*?-->", re.S)
_READ_ATTRIBUTES = re.compile(r'\s(?:aria-label|title|alt|placeholder|aria-description)="([^"]*)"')
_TAG = re.compile(r"<[^>]+>")


def visible_text(html: str) -> str:
    """The text a player reads, or hears from a screen reader: the text between tags, and the attributes read out
    (aria-label, title, alt, placeholder). Every other attribute value (a form's field values, ids, classes) is
    left out: ids belong there."""
    html = _HIDDEN.sub(" ", html)
    spoken = " ".join(_READ_ATTRIBUTES.findall(html))
    return unescape(_TAG.sub(" ", html) + " " + spoken)
