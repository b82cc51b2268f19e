"""The standing orders a side may give (issue 11 item 4): their texts and rules, the side's orders as they stand
(secret to it), and the check of an order given. Below the decisions whose questions they answer (their records
read a side's orders here); asking.py sets them, answers with them and says who is asked."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import entry
from app.games.solomons import disclosure

State = dict[str, Any]

# order -> (what the panel says it does, the rule that lets the side leave the decision at that)
ORDERS = {
    "carry_on": ("Keep every task force on its mission at the reset sections (no aborts, no mission changes); ask "
                 "me when an enemy force is sighted next to one of mine or one of my ships is hit", "6.38"),
    "air_hold": ("Fly no air missions but Area CAP from Henderson Field or the Shortlands over my transports in "
                 "its hex; ask me when my air can reach an enemy force sighted this segment or a carrier force of "
                 "mine is at sea", "14.11"),
    "stay": ("Keep my ships at their bases in the Preliminary Set-Up; ask me when a ship I have not placed yet is "
             "ready in port", "5.14"),
    "intentions": ("Answer the American questions as I answered them last; ask me when my forces at sea need "
                   "another answer", "18"),
    "no_training": ("Train no Carrier Air Group; ask me when a carrier could take more NAC than now", "6.21"),
    "no_transfers": ("Make no air transfers; ask me again when I gain an air base", "6.26"),
}


def standing(state: State, side: str) -> dict[str, Any]:
    """The side's standing orders (secret to it), {} when it has none:
    {"no_transfers": True, "bases": [...], "carry_on": True, "air_hold": True, "stay": {"known": [unit ids]},
     "no_training": {"fill": {carrier: n}}, "intentions": {question: bool}}."""
    return (state.get("standing") or {}).get(side) or {}


def check_standing(args: Any, side: str | None = None) -> None:
    """Standing orders: {order: true or false}, and Japan's `intentions` may also be the eight answers. Without a
    side (the reset board's own `standing` part, validate.py) only the order on air transfers."""
    known = ["no_transfers"] if side is None else [k for k in ORDERS if k != "intentions" or side == "japanese"]
    if not isinstance(args, dict) or not args or any(k not in known for k in args):
        raise IllegalAction(f"A standing order is one of {', '.join(known)}, set (true) or cleared (false).", None)
    for key, value in args.items():
        if key == "intentions" and isinstance(value, dict):
            checked_answers(value)
        elif not isinstance(value, bool):
            raise IllegalAction(f"The standing order {key!r} is set with true or cleared with false.", ORDERS[key][1])


def checked_answers(answers: dict[str, Any]) -> dict[str, bool]:
    """18: the shape of eight yes/no answers (intentions.check without the Truk roll, which is checked each time
    the order answers)."""
    return disclosure.check({"truk_sortie": {"released": True}}, {"answers": answers})


def keep_no_transfers(state: State, side: str, on: bool, bases: list[str]) -> None:
    """The reset board's "don't ask me about air transfers" (6.26): set for the side's air `bases` now, or cleared,
    telling only the side (its log) when it changes."""
    orders = state.setdefault("standing", {}).setdefault(side, {})
    text, rule = ORDERS["no_transfers"]
    if not on:
        if "no_transfers" in orders:
            del orders["no_transfers"]
            orders.pop("bases", None)
            state["log"].append(entry(side, f"Standing order cleared ({rule}): you will be asked again."))
        return
    was = "no_transfers" in orders
    orders.update(no_transfers=True, bases=bases)
    if not was:
        state["log"].append(entry(side, f"Standing order ({rule}): {text}. It holds until you clear it."))
