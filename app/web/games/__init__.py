"""Game-specific web parts, one package per game (app/web/games/<id>/), each declaring a `plugin`
(app/web/plugin.py) that the registry names. Nothing here registers anything.

`parser` is kept so that modules written before the plug-ins (Solomons' form_parser) still import; it registers
nothing: a game's form parsers are the ones its plug-in declares.
"""
from __future__ import annotations

from typing import Any, Callable

FormParser = Callable[[Any, dict[str, Any] | None], dict[str, Any]]  # (form, prompt) -> action


def parser(game_id: str):
    """Formerly registered a game's form parser by an import's side effect; now a plain marker."""
    def mark(fn: FormParser) -> FormParser:
        return fn
    return mark
