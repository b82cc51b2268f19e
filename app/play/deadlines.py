"""When each prompted role's decision is due: the game's time per decision from the moment it is prompted."""
from __future__ import annotations

from datetime import timedelta
from typing import Any

from app.play.clock import now
from app.store.models import Game


def set_deadlines(game: Game, prompts: dict[str, Any], renewed: set[str]) -> None:
    """Each newly prompted role (and each in `renewed`) gets a fresh deadline; a role no longer prompted has none."""
    seconds = (game.clock or {}).get("seconds")
    deadlines = {r: d for r, d in (game.deadlines or {}).items() if r in prompts and r not in renewed}
    if seconds and not (game.clock or {}).get("paused"):
        for r in prompts:
            if r not in deadlines:
                deadlines[r] = (now() + timedelta(seconds=seconds)).isoformat()
    game.deadlines = deadlines
