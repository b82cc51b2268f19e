"""Game-specific web pieces: each module turns its game's HTML forms into the game's actions.

A game whose orders are richer than one form field per argument (Solomons' task force board, plotting chart
and air allocation) registers a form parser here; every other game uses the generic one in app/web/actions.py.
The parser only reads the form: legality is the rules' business (IllegalAction), so it never needs the state.
"""
from __future__ import annotations

import importlib
from typing import Any, Callable

FormParser = Callable[[Any, dict[str, Any] | None], dict[str, Any]]  # (form, prompt) -> action
PARSERS: dict[str, FormParser] = {}
MODULES = ("app.web.games.solomons",)


def parser(game_id: str):
    def register(fn: FormParser) -> FormParser:
        PARSERS[game_id] = fn
        return fn
    return register


def parser_for(game_id: str) -> FormParser | None:
    if not PARSERS:
        for name in MODULES:
            try:
                importlib.import_module(name)
            except ModuleNotFoundError as e:
                if e.name != name:
                    raise
    return PARSERS.get(game_id)
