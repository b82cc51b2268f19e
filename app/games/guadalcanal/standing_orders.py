"""Where a side's standing orders (issue 34) are kept: `state["standing"][side]`, one flag an order, on unless the
side cancelled it, and whether the side has been told once why it was not asked. The orders themselves are their
steps' own: the sea search's (3d5, standing.py), the reorganisation's (4e1, combat/reorganisation.py) and the bombing
order's (4d2, combat/bombing_order.py)."""
from __future__ import annotations

from typing import Any

State = dict[str, Any]


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
