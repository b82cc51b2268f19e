"""Whether a side has anything to decide at an air allocation (4.2 D) or a reset section (4.2 J, night F), so that a
side with nothing to decide is not asked (issue 11 item 4). At the table the other side may notice that a side
answered at once; the views show only "submitted or nothing to decide" for it (views.public, board.html).

Every test here reads only what the side itself knows: its own air, its own task forces, and the enemy markers it
has been shown (6.2, 18-19). Whether the other side has something to decide never depends on this side's secrets
beyond that one public fact.
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import entry
from app.games.solomons import air_orders, board
from app.games.solomons.plot import automatic
from app.games.solomons.units import at_sea, side_tfs

State = dict[str, Any]


def standing(state: State, side: str) -> dict[str, Any]:
    """The side's standing orders for the reset section (secret to it): {"no_transfers": True, "bases": [...]},
    or {} when it has none."""
    return (state.get("standing") or {}).get(side) or {}


def check_standing(args: Any) -> None:
    """A standing order is {"no_transfers": true or false}; nothing else."""
    if not isinstance(args, dict) or set(args) != {"no_transfers"} or not isinstance(args["no_transfers"], bool):
        raise IllegalAction('A standing order is {"no_transfers": true or false}: whether to stop asking you about '
                            "air transfers (6.26).", "6.26")


def set_standing(state: State, side: str, args: dict[str, Any]) -> None:
    """"Don't ask me about air transfers" holds until the side clears it or its air bases change (Henderson Field
    completed, taken or lost, 10.5, 12.5): a new base is something new to decide about, so the side is asked again."""
    orders = state.setdefault("standing", {})
    if args["no_transfers"]:
        orders[side] = {"no_transfers": True, "bases": air_bases(state, side)}
        state["log"].append(entry(side, "Standing order: you will not be asked about air transfers (6.26) until "
                                        "you clear it or your air bases change."))
    elif orders.get(side):
        orders[side] = {}
        state["log"].append(entry(side, "Standing order cleared: you will be asked about air transfers (6.26) "
                                        "again."))


def air_bases(state: State, side: str) -> list[str]:
    return air_orders.flying_bases(state, side)


def no_transfers(state: State, side: str) -> bool:
    order = standing(state, side)
    return bool(order.get("no_transfers")) and order.get("bases") == air_bases(state, side)


def air_choice(state: State, side: str, segment: int) -> bool:
    """4.2 D, 6.2: the side has air that can attack an enemy marker it sees this segment or bombard an enemy
    Henderson Field (14.6), or it can fly CAP (6.22) over a force of its own at sea."""
    marks = [m["hex"] for m in state["markers"][side].values()
             if m["segment"] == segment and m["units"] and not m["submarine"]]
    enemy_field = state["guadalcanal"]["henderson"]["side"] == board.ENEMY[side]
    sources = [(b, k) for b in air_orders.flying_bases(state, side) for k in ("lac", "nac")]
    sources += [(t, "nac") for t in sorted(air_orders.carrier_forces(state, side))]
    own_at_sea = any(at_sea(tf) for tf in side_tfs(state, side))
    for src, kind in sources:
        if air_orders.free_points(state, side, src, kind, offensive=True):
            targets = marks + ([board.GUADALCANAL] if enemy_field else [])
            if any(air_orders.in_range(state, side, src, kind, h) for h in targets):
                return True
        if own_at_sea and air_orders.free_points(state, side, src, kind, offensive=False) \
                and (src in air_orders.carrier_forces(state, side) or src in ("henderson", "shortlands")):
            return True
    return False


def reset_choice(state: State, side: str, day: bool) -> bool:
    """6.38: a force at sea (or plotted to sail) still on its mission may abort, and 6.39: a Japanese Transport or
    Bombardment one may turn Anti-Ship; 6.26: in a day segment air may transfer, unless the side's standing order
    says not to ask about transfers. A force that has aborted or done its mission sails home by itself (8.4) and
    asks nothing; its turn to Anti-Ship for a fight in M is the plot's standing order (15.3), so Japan is not asked
    for it alone (it may still change it whenever it is asked for something else)."""
    for tf in side_tfs(state, side):
        sails = not board.is_base(tf["hex"]) or any(not board.is_base(p) for p in tf["plot"].values())
        if sails and not automatic(tf):
            return True
    if day and not no_transfers(state, side):
        return any(air_orders.free_points(state, side, b, k, offensive=True)
                   for b in state["air"][side] for k in ("lac", "nac")) and len(state["air"][side]) > 1
    return False
