"""The registry of games. The engine never imports a game; the platform finds games only here.

A game package exposes `spec`, its declaration (app/engine/spec.py `GameSpec`: the rules contract and every optional
part), and is listed in GAMES with the module of its web plug-in (app/web/plugin.py: forms, templates, static files
and routes); the registry only names that module, so nothing here imports the web layer. A declaration is validated
when it registers, so a game that lacks a part or contradicts itself stops the start-up with a message naming it.

Extra modules (such as the test-only games) can be added with IRONBOTTOM_EXTRA_GAMES, a comma-separated list of
modules read once by the platform at start-up; such a module names its web plug-in in WEB_PLUGIN ("module" or
"module:attribute"). A game without one is refused when the web app is built.

Adding a sixth game: its packages (app/games/<id>/, app/web/games/<id>/, templates/games/<id>/, static/<id>/) and
one line in GAMES (docs/architecture.md, "Add a game").
"""
from __future__ import annotations

import importlib

from app.engine.spec import GameSpec, SpecError, validate

# game package -> its web plug-in ("module" exposing `plugin`, or "module:attribute")
GAMES: dict[str, str] = {
    "app.games.solomons": "app.web.games.solomons",
    "app.games.pacific_war_1942": "app.web.games.pacific_war_1942",
    "app.games.guadalcanal": "app.web.games.guadalcanal",
    "app.games.first_blood": "app.web.games.first_blood",
    "app.games.usn": "app.web.games.usn",
}
GAME_MODULES: tuple[str, ...] = tuple(GAMES)

_registry: dict[str, GameSpec] = {}
_web: dict[str, str] = {}


def register(spec: GameSpec, web: str | None = None) -> GameSpec:
    """Add a game's declaration (validated first); `web` names its web plug-in (the web app refuses a game that has
    none)."""
    if not isinstance(spec, GameSpec):
        raise SpecError(f"register takes a game's GameSpec, not {type(spec).__name__}")
    validate(spec)
    _registry[spec.meta.id] = spec
    if web:
        _web[spec.meta.id] = web
    else:
        _web.pop(spec.meta.id, None)
    return spec


def load(modules: tuple[str, ...] | list[str] = GAME_MODULES) -> dict[str, GameSpec]:
    for name in modules:
        module = importlib.import_module(name)
        register(module.spec, GAMES.get(name) or module.WEB_PLUGIN)
    return _registry


def get(game_id: str) -> GameSpec | None:
    if not _registry:
        load()
    return _registry.get(game_id)


def web_plugin(game_id: str) -> str | None:
    """The module (optionally ":attribute") of the game's web plug-in, as the registry names it."""
    if not _registry:
        load()
    return _web.get(game_id)


def all_games() -> dict[str, GameSpec]:
    if not _registry:
        load()
    return dict(_registry)


def listed() -> list[GameSpec]:
    return [r for r in all_games().values() if r.meta.listed]
