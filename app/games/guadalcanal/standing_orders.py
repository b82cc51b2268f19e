"""Where a side's standing orders (issue 34) are kept: `state["standing"][side]`, one flag an order, on unless the
side cancelled it, and whether the side has been told once why it was not asked. The orders themselves are their
steps' own: the sea search's (3d5, standing.py), the battle order's (4, combat/phase.py), the ships' formation (4a2,
combat/setup.py), the AA fire's (4c, combat/aa.py), the bombing order's (4d2, combat/bombing_order.py), the
reorganisation's (4e1, combat/reorganisation.py) and the landing's (5, landing.py).

Each order's box is on the form of the question it answers (asked once the order is cancelled, or when the order
cannot answer), and every box is on the Sea Movement form (3c, sea.py), asked every Turn before the Turn's battles:
a side whose standing orders answer every question of the Combat Phase still sees, and may change, all of them.
"""
from __future__ import annotations

from typing import Any

from app.engine.orders import Boolean, Group, Optional

State = dict[str, Any]

# order -> its box's words (the rule last); each order is on from the start
LABELS: dict[str, str] = {
    "sea_search": "Standing order: on a Turn with no enemy marker on my searchboard in or next to my task forces' "
                  "hexes, call my bases' hexes and no task force's without asking (3d5)",
    "battle_order": "Standing order: when no two of a Turn's battles are in one hex (and option 11a's free roll "
                    "marker is not in play), fight them in the listed order without asking (4)",
    "formation": "Standing order: when my ships are attacked, set them up without asking, carriers nearest the "
                 "Battleboard's centre and the escorts around them, one empty hex between units, facing north (4a2)",
    "aa": "Standing order: my ships' and bases' guns concentrate without asking on the most dangerous attacking air "
          "unit (the one attacking my most valuable unit, then the strongest bomber), with guns in its range enough "
          "to beat its defense by 4, then the next; unless a later wave of the same battle may still come (4c)",
    "bombing": "Standing order: when my bombers make several bombing combats, resolve them without asking, target by "
               "target in the order they were set up, torpedo bombing first, then dive, medium and high level "
               "bombing (4d2)",
    "reorganise": "Standing order: after a Combat Phase, split my ships damaged in it off under a spare marker in "
                  "their hex (to withdraw) and keep every other task force as it is, without asking (4e1)",
    "landing": "Standing order: land my flying air units without asking, each at the nearest place with room; "
               "when room is short, give up the scouts first, then the weakest bombers (asked when one may patrol or "
               "shadow under option 12d) (5, 5c)",
}
ORDERS = tuple(LABELS)


def mine(state: State, side: str) -> dict[str, Any]:
    return state.setdefault("standing", {}).setdefault(side, {})


def on(state: State, side: str, order: str) -> bool:
    """Is the side's standing order `order` on (each is from the start)?"""
    return (state.get("standing") or {}).get(side, {}).get(order, True)


def keep(state: State, side: str, order: str, kept: bool) -> None:
    """The side kept (True) or cancelled (False) the standing order, by the box on its form."""
    mine(state, side)[order] = bool(kept)


def first_told(state: State, side: str, flag: str) -> bool:
    """True the first time the side is told that this standing order answered for it (then it is marked told)."""
    first = not mine(state, side).get(flag)
    mine(state, side)[flag] = True
    return first


def cancelled(sides: tuple[str, ...] | list[str]) -> dict[str, dict[str, bool]]:
    """Every standing order off for each side: the printed examples, the tutorials and the tests of the rules' own
    steps ask every question."""
    return {side: {order: False for order in ORDERS} for side in sides}


# --- every box on one form (the Sea Movement Step's, sea.py) -----------------------------------------------------

def boxes() -> Optional:
    """The fieldset of every standing order's box (an unticked box cancels its order)."""
    return Optional(Group({order: Optional(Boolean(label=label)) for order, label in LABELS.items()},
                          label="Standing orders (untick one to be asked that question yourself)"))


def shown(state: State, side: str) -> dict[str, bool]:
    """The boxes as the side left them: the form's default."""
    return {order: on(state, side, order) for order in ORDERS}


def set_all(state: State, side: str, flags: dict[str, Any]) -> None:
    """The side's boxes as sent (an order left out keeps its flag)."""
    for order, kept in flags.items():
        if order in LABELS:
            keep(state, side, order, bool(kept))
