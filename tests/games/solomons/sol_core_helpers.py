"""Helpers for the Solomons core tests: start a game with scripted dice, give orders, walk to a step."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.solomons import rules
from app.games.solomons.sequence import current

SIDES = ("allied", "japanese")


def start(*dice: int, **options: Any) -> dict[str, Any]:
    """A new campaign past its Preliminary Set-Up (5.14, 5.15: no ship changes base). Game-Turn 1 then rolls only
    the Henderson Field die (10.5) before the next decision."""
    s = rules.setup("campaign", options, ScriptedRng())
    return both(s, dice or (6,)) if kind(s) == "placement" else s


def kind(state: dict[str, Any]) -> str:
    return current(state)["kind"]


def submit(state, role, args, *dice):
    return rules.apply(state, role, {"verb": "submit", "args": args}, ScriptedRng(dice))


def refused(state, role, args, rule: str | None = None) -> IllegalAction:
    """The order is refused (and, if given, for `rule`); returns the error to read its message."""
    try:
        rules.apply(state, role, {"verb": "submit", "args": args}, ScriptedRng())
    except IllegalAction as e:
        if rule is not None:
            assert e.rule == rule, f"refused for {e.rule}, not {rule}: {e}"
        return e
    raise AssertionError(f"{args} was accepted")


def both(state, dice=(), **orders):
    """Every prompted side submits: its given orders, else its default. One scripted die list for the step."""
    rng = ScriptedRng(dice)
    step = state["step"], state["turn"]
    for role in ("japanese", "allied"):
        if (state["step"], state["turn"]) != step or role not in rules.prompts(state):
            continue
        args = orders.get(role)
        if args is None and state["pending"][role] is not None:
            continue  # already submitted: keep it
        action = {"verb": "submit", "args": args} if args is not None else rules.default_action(state, role)
        state = rules.apply(state, role, action, rng)
    return state


def until(state, want: str, dice=(), turn: int | None = None, segment: int | None = None, limit: int = 4000):
    """Default orders for everyone until the walker stops at a decision of kind `want` (optionally on a
    given Game-Turn / segment). `dice` feed every roll on the way."""
    rng = ScriptedRng(dice)
    for _ in range(limit):
        here = current(state)
        if here["kind"] == want and (turn is None or state["turn"] == turn) \
                and (segment is None or here["segment"] == segment):
            return state
        role = waiting(state)
        state = rules.apply(state, role, rules.default_action(state, role), rng)
    raise AssertionError(f"never reached {want}")


def every_yes(state) -> dict[str, bool]:
    """Japan's answers to the American questions (18): yes to all that the Truk Sortie roll allows (8.6)."""
    from app.games.solomons.intentions import KEYS
    held = not (state["truk_sortie"] or {}).get("released")
    return {k: not (held and k.startswith("truk")) for k in KEYS}


def to_allocation(state, dice=(), turn: int | None = None, answers: dict[str, bool] | None = None):
    """Default orders up to American Intelligence (4.1, 4.4), where Japan announces `answers` (default: every
    yes the Truk roll allows, so that any plot keeps to them, 8.6); then Task Force Allocation."""
    state = until(state, "intelligence", dice, turn=turn)
    state = submit(state, "japanese", {"answers": every_yes(state) if answers is None else answers})
    assert kind(state) == "allocation"
    return state


def waiting(state) -> str:
    """A prompted side that has not yet submitted (a side that has may revise forever)."""
    prompted = rules.prompts(state)
    return next(r for r in sorted(prompted) if state["pending"][r] is None)


def tf_of(state, unit_id: str) -> dict[str, Any]:
    return state["task_forces"][state["units"][unit_id]["task_force"]]


def allocate(state, side, *specs):
    return {"task_forces": list(specs)}


def american_turn1_forces() -> dict[str, Any]:
    """Game-Turn 1: the American fleet in M split as 6.31 demands (carriers apart from transports)."""
    return {"task_forces": [
        {"units": ["us-CV-1", "us-CV-2", "us-CV-3", "us-BB-1", "us-DD-1", "us-DD-2"], "mission": "anti_ship"},
        {"units": [f"us-CA-{i}" for i in range(1, 8)] + ["us-DD-3", "us-DD-4", "us-DD-5"], "mission": "anti_ship"},
        {"units": [f"us-TR-{i}" for i in range(1, 8)], "mission": "transport"},
    ]}
