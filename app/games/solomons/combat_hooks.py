"""The thin adapter between the execution walker and the combat engineer's entry points (combat/__init__.py).

Each hook calls `module.function(state, ...)` if that module and function exist, and does nothing otherwise, so
the game plays end to end while the combat procedures are still being written.
"""
from __future__ import annotations

import importlib
from typing import Any, Callable

State = dict[str, Any]


def module(name: str) -> Any:
    """The combat module `name`, or None while it does not exist."""
    try:
        return importlib.import_module(f"app.games.solomons.combat.{name}")
    except ImportError as e:
        if e.name and e.name.startswith("app.games.solomons.combat"):
            return None
        raise


def _entry(name: str, function: str) -> Callable[..., Any] | None:
    mod = module(name)
    return getattr(mod, function, None) if mod is not None else None


def call(module: str, name: str, *args: Any) -> Any:
    fn = _entry(module, name)
    return fn(*args) if fn is not None else None


def submarine_attacks(state: State, segment: int, rng) -> None:      # day C (13.x)
    call("submarine", "resolve_attacks", state, segment, rng)


def air_attacks(state: State, segment: int, rng) -> None:             # day E (14.x)
    call("supply", "expend_air_supply", state, segment)
    call("air", "resolve_air_attacks", state, segment, rng)


def counterattacks(state: State, segment: int, rng) -> None:          # day F (6.25, 14.5)
    call("air", "resolve_counterattacks", state, segment, rng)


def surface(state: State, segment: int, rng) -> None:                 # day G, night C (15.x)
    call("surface", "resolve_surface_actions", state, segment, rng)


def bombardment(state: State, segment: int, rng) -> None:             # day H, night D (6.33, 15.2)
    call("bombardment", "resolve_naval_bombardment", state, segment, rng)


def after_landing(state: State) -> None:                              # after day I, night E (16.4, 16.21)
    call("supply", "after_landing", state)


def american_supply(state: State) -> bool:
    """16.11 before the American plot; False when the combat module is not there yet (the core then does it)."""
    fn = _entry("supply", "supply_american_ground")
    if fn is None:
        return False
    fn(state)
    return True


def ground_combat(state: State, rng) -> None:                         # Ground Combat Phase (12.x)
    call("ground", "resolve_ground_combat", state, rng)
