"""Whether a side has anything to decide at an air allocation (4.2 D) or a reset section (4.2 J, night F), so that a
side with nothing to decide is not asked (issue 11 item 4). At the table the other side may notice that a side
answered at once; the views show only "submitted or nothing to decide" for it (views.public, board.html).

Every test here reads only what the side itself knows: its own air, its own task forces, and the enemy markers it
has been shown (6.2, 18-19). Whether the other side has something to decide never depends on this side's secrets
beyond that one public fact.
"""
from __future__ import annotations

from typing import Any

from app.games.solomons import air_orders, board
from app.games.solomons.units import at_sea, side_tfs

State = dict[str, Any]


def standing(state: State, side: str) -> dict[str, Any]:
    """The side's standing orders for the reset section (secret to it): {"no_transfers": bool}."""
    return (state.get("standing") or {}).get(side) or {}


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
    """6.38: a force at sea (or plotted to sail) that has not aborted may abort; 6.39: Japan may turn a Transport
    or Bombardment force Anti-Ship; 6.26: in a day segment air may transfer, unless the side's standing order
    says not to ask about transfers."""
    for tf in side_tfs(state, side):
        sails = not board.is_base(tf["hex"]) or any(not board.is_base(p) for p in tf["plot"].values())
        if sails and (not tf["aborted"] or side == "japanese" and tf["mission"] in ("transport", "bombardment")):
            return True
    if day and not standing(state, side).get("no_transfers"):
        return any(air_orders.free_points(state, side, b, k, offensive=True)
                   for b in state["air"][side] for k in ("lac", "nac")) and len(state["air"][side]) > 1
    return False
