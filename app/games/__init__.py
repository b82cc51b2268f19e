"""The registry of games. The engine never imports a game; the platform finds games only here.

A game package is listed in GAME_MODULES; it exposes `rules`, an object satisfying app.engine.contract.Rules.
Extra modules (such as the test-only game) can be added with IRONBOTTOM_EXTRA_GAMES, a comma-separated list of
modules, read once by the platform at start-up.
"""
from __future__ import annotations

import importlib

from app.engine.contract import Rules

GAME_MODULES: tuple[str, ...] = (
    "app.games.solomons",
    "app.games.pacific_war_1942",
    "app.games.guadalcanal",
)

_registry: dict[str, Rules] = {}


def register(rules: Rules) -> Rules:
    _registry[rules.meta.id] = rules
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
        register(rules)
    return _registry


def get(game_id: str) -> Rules | None:
    if not _registry:
        load()
    return _registry.get(game_id)


def all_games() -> dict[str, Rules]:
    if not _registry:
        load()
    return dict(_registry)


def listed() -> list[Rules]:
    return [r for r in all_games().values() if r.meta.listed]
