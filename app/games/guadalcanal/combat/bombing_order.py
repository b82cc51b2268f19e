"""4d2's order of the bombing combats, answered by a standing order (issue 34): "Each category of bombing is handled as
a separate combat, in any order desired by the attacker." A newcomer's side has it on: the order below, without being
asked; the air attack set-up form (4a3) and the bombing form keep or cancel it. Cancelled, the attacker chooses each
next bombing combat after the one before is marked (bombing.py's prompt).
"""
from __future__ import annotations

from app.engine.contract import State
from app.engine.log import entry
from app.games.guadalcanal import standing_orders

# 4d2's own example resolves the torpedo bombing first, then the dive bombing; a result is marked at once, so a hit
# lowers the defence the later categories meet (10b)
ORDER = ("torpedo", "dive", "medium", "high")


def ordered(state: State, side: str) -> None:
    """The side's line when its standing order chose the bombing combats' order (explained the first time)."""
    why = "" if not standing_orders.first_told(state, side, "told_bombing") else (
        " Your bombers had several bombing combats to make, so you were not asked their order: torpedo bombing "
        "first, then dive, medium and high level bombing, target by target. Untick the standing order on the air "
        "attack set-up form to choose each one yourself.")
    state["log"].append(entry(side, f"Bombing combats in order by your standing order (4d2).{why}",
                              at="Combat Phase, bombing combat (4d2), standing order"))
