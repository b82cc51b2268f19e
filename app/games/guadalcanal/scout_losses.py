"""Option 15b, loss of scout air units (used only with option 14): a scout that enters a hex where the enemy has
fighters in a High or Low CAP box (over a task force or a base there) may be shot down. Both sides roll an
unmodified die at once; if the CAP side's roll is three times the scout side's or more, the scouts are eliminated
(15b1). They still search that hex first, as in 15a1 (15b2; the extra movement factor modifier is not played).

12d2's shadowing, the other case of 15b1, is shadowing.py's (it calls `enters` for the shadowed hex).
"""
from __future__ import annotations

from typing import Any

from app.engine.log import entry
from app.games.guadalcanal import cards
from app.games.guadalcanal import options as optional
from app.games.guadalcanal.combat.battle import hex_of
from app.games.guadalcanal.combat.damage import alive, eliminate
from app.games.guadalcanal.gamedata import AIR, TITLE, enemy

State = dict[str, Any]
CAP_BOXES = ("high_cap", "low_cap")


def on(state: State) -> bool:
    return optional.on(state, optional.SCOUT_LOSSES) and optional.on(state, optional.FIGHTERS)


def cap_over(state: State, side: str, hex_id: str) -> list[str]:
    """The fighters of `side` in a CAP box over its task forces or base in `hex_id` (14a2)."""
    return [u for u, x in state["units"].items() if x.get("side") == side and x.get("box") in CAP_BOXES
            and alive(state, u) and hex_of(state, u) == hex_id]


def entering(state: State, group: list[str], i: int) -> list[str]:
    """The scouts of a flight still flying that enter the i-th hex of its path (3d2: a slower unit drops off at its
    last hex)."""
    return [u for u in group if not cards.is_combat(u) and i < AIR[u]["mf"] and alive(state, u)]


def enters(state: State, side: str, scouts: list[str], hex_id: str, at: str, rng) -> bool:
    """15b1: the roll when `scouts` enter `hex_id`; True if they are eliminated (after searching it, 15b2)."""
    if not on(state) or not scouts:
        return False
    other = enemy(side)
    if not cap_over(state, other, hex_id):
        return False
    mine, theirs = rng.d10(), rng.d10()
    lost = theirs >= optional.values(optional.SCOUT_LOSSES)["eliminated_from"] * mine
    names = cards.names(state, scouts)
    outcome = (f"{names} eliminated (after searching the hex, 15b2)" if lost else "no result")
    text = (f"{names} meet {TITLE[other]} fighters on CAP in {hex_id}: scout roll {mine}, CAP roll {theirs}: "
            f"{outcome} (15b1).")
    for reader in (side, other):
        state["log"].append(entry(reader, text, at=at, hex=hex_id, dice={"scout": mine, "cap": theirs}))
    return lost


def lose(state: State, scouts: list[str]) -> None:
    for u in scouts:
        eliminate(state, u)
