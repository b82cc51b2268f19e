"""Option 11c, dead in the water (not transcribed; rebuilt from its references, data/options.toml): a ship unit
whose current movement factor (printed, less one per hit marker, 4b5) has fallen to 0 is dead in the water.

- 12a4.2: a task force marker holding a dead in the water ship that is not towed may not move in the Sea Movement
  Step. Towing is option 12a4 (sea_movement.py): without it, or with no free tug, such a task force stays where it
  is; its owner can leave the ship behind in a task force of its own by a reorganisation (4e1).
- 11e3.1: a submarine attacking a dead in the water ship adds +4 (submarine.py; the +4 is printed in 11e, so it
  applies whenever submarines are played).
- 11c1 (16d7): dead in the water ships are eliminated at the end of a surface battle; surface combat (option 16) is
  not played yet, so 11c1 never applies.
"""
from __future__ import annotations

from typing import Any

from app.games.guadalcanal import options as optional
from app.games.guadalcanal.combat import units
from app.games.guadalcanal.combat.damage import alive, factor

State = dict[str, Any]


def is_dead(state: State, uid: str) -> bool:
    """11c (reconstructed): the ship's movement factor, as damaged, is at most the data's threshold (0)."""
    if units.record(uid)["kind"] != "ship" or not alive(state, uid):
        return False
    mf = factor(state, uid, "movement")
    return mf is not None and mf <= optional.values(optional.DEAD_IN_THE_WATER)["movement_at_most"]


def dead_in(state: State, tf: str) -> list[str]:
    """The dead in the water ships in a task force's Ships box."""
    return [u for u, rec in state["units"].items() if rec.get("box") == "ships"
            and (rec.get("location") or {}).get("tf") == tf and is_dead(state, u)]


# 12a4.2 under 11c, whether the task force stays (it holds an untowed dead in the water ship), asks towing too:
# sea_movement.stays.
