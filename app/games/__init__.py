"""The registry of games. The engine never imports a game; the platform finds games only here.

A game package is listed in GAMES with the module of its web plug-in (app/web/plugin.py: forms, templates, static
files and routes); the registry only names that module, so nothing here imports the web layer. The game package
exposes `rules`, an object satisfying app.engine.contract.Rules. Extra modules (such as the test-only game) can be
added with IRONBOTTOM_EXTRA_GAMES, a comma-separated list of modules, read once by the platform at start-up; such
a module names its web plug-in in WEB_PLUGIN ("module" or "module:attribute"). A game without one is refused when
the web app is built.
"""
from __future__ import annotations

import importlib

from app.engine.contract import Rules

# rules module -> its web plug-in ("module" exposing `plugin`, or "module:attribute")
GAMES: dict[str, str] = {
    "app.games.solomons": "app.web.games.solomons",
    "app.games.pacific_war_1942": "app.web.games.pacific_war_1942",
    "app.games.guadalcanal": "app.web.games.guadalcanal",
    "app.games.first_blood": "app.web.games.first_blood",
    "app.games.usn": "app.web.games.usn",
}
GAME_MODULES: tuple[str, ...] = tuple(GAMES)

_registry: dict[str, Rules] = {}
_web: dict[str, str] = {}


def register(rules: Rules, web: str | None = None) -> Rules:
    """Add a game; `web` names its web plug-in (the web app refuses a game that has none)."""
    _registry[rules.meta.id] = rules
    if web:
        _web[rules.meta.id] = web
    else:
        _web.pop(rules.meta.id, None)
    return rules


def load(modules: tuple[str, ...] | list[str] = GAME_MODULES) -> dict[str, Rules]:
    for name in modules:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name == name:  # a game not yet written; its issue is open
                continue
            raise
        rules = getattr(module, "rules", None)
        if rules is None:  # a package whose rules are still being written exposes no `rules` yet
            continue
        register(rules, GAMES.get(name) or getattr(module, "WEB_PLUGIN", None))
    return _registry


def get(game_id: str) -> Rules | None:
    if not _registry:
        load()
    return _registry.get(game_id)


def web_plugin(game_id: str) -> str | None:
    """The module (optionally ":attribute") of the game's web plug-in, as the registry names it."""
    if not _registry:
        load()
    return _web.get(game_id)


def all_games() -> dict[str, Rules]:
    if not _registry:
        load()
    return dict(_registry)


def listed() -> list[Rules]:
    return [r for r in all_games().values() if r.meta.listed]
