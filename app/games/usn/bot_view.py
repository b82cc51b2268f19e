"""What a computer player reads from its own side's view (never the state): the hexes of enemy naval stacks, and
whether a hex is free for its ship to enter. Shared by bots.py and offmap_bots.py, below both."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.games.usn import board, grid, situation

View = dict[str, Any]


def enemy_hexes(view: View, side: str) -> list[str]:
    return [st["hex"] for st in view["ships"][board.other(side)]["stacks"]]


def free(view: View, side: str, h: str) -> bool:
    """Open to the ship: not the inset, no enemy stack, not kept out by a special rule (Eastern Solomons)."""
    return grid.open_hex(h) and h not in enemy_hexes(view, side) and not situation.forbidden(view, side, h)


def free_of(view: View, side: str) -> Callable[[str], bool]:
    """`free` for many hexes of one view: the enemy's stacks read once (a ship's course weighs every hex in reach)."""
    enemy = set(enemy_hexes(view, side))
    # a rule keeping ships out names hexes and a distance (situation.forbidden): a situation with none forbids nothing
    kept_off = any("distance" in r for r in board.situation(view.get("scenario", "coral_sea")).get("special", []))
    return lambda h: (grid.open_hex(h) and h not in enemy
                      and not (kept_off and situation.forbidden(view, side, h)))
