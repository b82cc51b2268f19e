"""Option 12a, variable sea movement, and 12a4, towing: how many hexes a task force marker may move in a Sea Movement
Step, read from the slowest ship unit in it and the TIME RECORD TRACK's marks (data/time.toml, data/options.toml).

- 12a1: slowest movement factor 1: one hex every Sea Movement Step (as in 3c).
- 12a2: slowest 2: one hex, or two on the Turns marked with the triangle (Turn 3).
- 12a3: slowest 3 (or more): one hex, or two on the Turns marked with the circle (odd Turns).
- 12a4: a dead in the water ship (option 11c) is towed if another ship of the task force, not dead in the water and
  not a BB, CV or CVL, is free to tow it; one tug per ship (12a4.1). A towed ship counts as movement factor 1 (12a4.2);
  a task force holding a dead in the water ship nothing tows may not move (stays).

Towing has no other effect in the printed text, so the tugs are matched by the server: any matching gives the same
movement, and the player is not asked a question whose answer cannot change anything.
"""
from __future__ import annotations

from typing import Any

from app.games.guadalcanal import options as optional
from app.games.guadalcanal import dead_in_the_water, searchboard
from app.games.guadalcanal.combat import units
from app.games.guadalcanal.combat.damage import alive, factor
from app.games.guadalcanal.gamedata import TRACK

State = dict[str, Any]


def ships(state: State, tf: str) -> list[str]:
    """The ship units in a task force's Ships box."""
    return [u for u, rec in state["units"].items() if rec.get("box") == "ships"
            and (rec.get("location") or {}).get("tf") == tf and alive(state, u)]


def _dead(state: State, uid: str) -> bool:
    return dead_in_the_water.is_dead(state, uid)


def stays(state: State, tf: str) -> bool:
    """12a4.2 under 11c: the task force may not move (it holds a dead in the water ship; under option 12a4 a tug
    may tow each dead ship)."""
    return (optional.on(state, optional.DEAD_IN_THE_WATER)
            and optional.values(optional.DEAD_IN_THE_WATER)["task_force_stays"]
            and bool(dead_in_the_water.dead_in(state, tf)) and not all_towed(state, tf))


def tugs(state: State, tf: str) -> list[str]:
    """12a4.1: the ships that may tow: not dead in the water, and not of a class that may not tow (BB, CV, CVL)."""
    barred = optional.values(optional.SEA_MOVEMENT)["may_not_tow"]
    return [u for u in ships(state, tf) if not _dead(state, u) and units.record(u)["type"] not in barred]


def towing(state: State, tf: str) -> dict[str, str]:
    """12a4.1: {dead in the water ship: the ship towing it}, one tug each, or {} when option 12 is off or there are
    not enough tugs for every dead ship (then the task force stays, 12a4.2: one untowed ship holds it)."""
    if not optional.on(state, optional.SEA_MOVEMENT):
        return {}
    dead = [u for u in ships(state, tf) if _dead(state, u)]
    free = tugs(state, tf)
    if not dead or len(free) < len(dead):
        return {}
    return dict(zip(dead, free))


def all_towed(state: State, tf: str) -> bool:
    """12a4: every dead in the water ship of the task force has a tug."""
    dead = [u for u in ships(state, tf) if _dead(state, u)]
    return bool(dead) and len(towing(state, tf)) == len(dead)


def slowest(state: State, tf: str) -> int:
    """12a: the movement factor of the slowest ship unit, as damaged (4b5); a towed ship counts 1 (12a4.2). Without
    option 11c nothing is dead in the water and every task force sails at least one hex (3c), so the least is 1."""
    towed, as_towed = towing(state, tf), optional.values(optional.SEA_MOVEMENT)["towed_movement"]
    mfs = [as_towed if u in towed else max(factor(state, u, "movement") or 1, 1) for u in ships(state, tf)]
    return min(mfs, default=1)


def hexes(state: State, tf: str) -> int:
    """How many hexes the task force may move this Sea Movement Step: 1 (3c), or 2 under 12a2/12a3."""
    if not optional.on(state, optional.SEA_MOVEMENT):
        return 1
    turn, mf = state["time"]["turn"], slowest(state, tf)
    fast = optional.values(optional.SEA_MOVEMENT)["marked_turn_hexes"]
    if mf >= 3 and turn in TRACK["dot_turns"]:
        return fast
    if mf == 2 and turn in TRACK["triangle_turns"]:
        return fast
    return 1


def mark(state: State, tf: str) -> str:
    """Why a task force may move two hexes this Turn (for the prompt)."""
    mf = slowest(state, tf)
    return "12a3, circle Turn" if mf >= 3 else "12a2, triangle Turn"


def reach(here: str, n: int) -> list[str]:
    """The hexes a task force in `here` may end in after at most `n` sea steps, never through an all-green hexside
    (3c), hex by hex (2e: hexes may not be skipped)."""
    seen, edge = {here: 0}, [here]
    for d in range(1, n + 1):
        nxt = []
        for h in edge:
            for m in searchboard.sea_steps(h):
                if m not in seen:
                    seen[m] = d
                    nxt.append(m)
        edge = nxt
    return list(seen)
