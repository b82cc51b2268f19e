"""When each prompted role's decision is due: the game's time per decision from the moment it is prompted."""
from __future__ import annotations

from datetime import timedelta
from typing import Any

from app.play.clock import now
from app.store.models import Game


def orders_in(prompt: Any) -> bool:
    """A game that lets a side revise its secret orders until both are in keeps prompting it, and says in the
    prompt that its orders are in (info.submitted). Such a side has nothing it must still do."""
    info = prompt.get("info") if isinstance(prompt, dict) and isinstance(prompt.get("info"), dict) else {}
    return info.get("submitted") is True


def awaited(prompts: dict[str, Any]) -> set[str]:
    """The roles whose decision is still owed: prompted, and their orders not in."""
    return {r for r, p in prompts.items() if not orders_in(p)}


def set_deadlines(game: Game, prompts: dict[str, Any], renewed: set[str]) -> None:
    """Each newly awaited role (and each in `renewed`) gets a fresh deadline; a role no longer prompted, or whose
    orders are in (it may still revise them), has none: its orders stand until the phase resolves."""
    seconds = (game.clock or {}).get("seconds")
    owed = awaited(prompts)
    deadlines = {r: d for r, d in (game.deadlines or {}).items() if r in owed and r not in renewed}
    if seconds and not (game.clock or {}).get("paused"):
        for r in owed:
            if r not in deadlines:
                deadlines[r] = (now() + timedelta(seconds=seconds)).isoformat()
    game.deadlines = deadlines
