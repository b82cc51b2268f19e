"""Who is asked, and the standing orders that answer for a side (issue 11 item 4).

Two ways a side is spared a submission:

- It has nothing to decide (`training_choice`, `air_choice`, `reset_choice`; sequence.deciders): it is not asked.
- It set a standing order that covers the decision (`stand_in`): the order submits for it, exactly the orders the
  player would have given, as its pending submission (the player may still revise it until both are in). Each
  order holds only while the side learns nothing that could change its answer; when it does, the side is asked.

Either way the other side sees only "submitted or nothing to decide" (views.public's `waiting_for`); at the table
it might notice that the answer came at once. Every test here reads only what the side itself knows: its own
forces and air, and the enemy markers it has been shown (6.2, 18-19). The orders are secret to their side
(state["standing"][side], shown in its own view only).

The standing orders, each cleared by the player at any prompt (the standing-orders panel, `standing` verb). What an
order answers at a decision is that decision's record's `standing` part (and what it learns when it does not answer,
its `renew`), kept in the module of its rule; this module looks the step's record up and names no decision kind:

- `no_transfers` (6.26): never transfer air; holds until the side's air bases change.
- `carry_on` (6.38, 6.39): at a reset, no aborts and no mission changes; the side is asked instead when an enemy
  force is revealed to it this segment next to one of its forces at sea, or one of its ships is hit this segment
  (and by day when its air may transfer, unless `no_transfers` holds too).
- `air_hold` (14.11, 6.22, 6.23): at an air allocation, no missions but a field's Area CAP over the side's
  transports in the field's hex (9.4: where they unload; no other CAP, no strike on an airfield); the side is
  asked instead when its air can reach an enemy force revealed to it this segment, or a carrier force of its own
  is at sea (its CAP and counterattack orders, 6.25, are written with the allocation).
- `stay` (5.14, 5.15): no base moves in the Preliminary Set-Up; the side is asked again when a ship it has not yet
  been asked about is ready in port.
- `no_training` (6.21, 10.4): train no Carrier Air Group; the side is asked again when a carrier could take more
  NAC than when it gave the order (`trainable_fill`).
- `intentions` (18, Japan only): the eight answers Japan gave last; Japan is asked instead when its forces at sea
  need a "yes" the order lacks (8.6) or the Truk roll forbids an answer (20). In a new game it is True until Japan's
  first answers, which it then keeps.
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import entry
from app.engine.orders import Boolean, Free, Optional, args_json
from app.games.solomons import board, intentions, placement, steps
from app.games.solomons.air_orders import (  # noqa: F401 (who has an air decision: read from here too)
    air_choice, no_transfers, offensive_sources, sighted, strike_choice, transfer_choice)
from app.games.solomons.air_orders import flying_bases as air_bases
from app.games.solomons.decision import step
from app.games.solomons.movement import forces_choice, reset_choice, threatened  # noqa: F401 (likewise)
from app.games.solomons.standing import ORDERS, check_standing, checked_answers, standing  # noqa: F401 (likewise)
from app.games.solomons.states import DECIDES, STATES
from app.games.solomons.turn import trainable_fill, training_choice  # noqa: F401 (likewise)

State = dict[str, Any]

# The standing orders a new game starts with (issue 34: a newcomer is asked 16-24 times a Game-Turn without them):
# those a sensible player sets. Carry on, fly no air unless something is in reach, and make no air transfers answer
# at once; stay, no training and Japan's kept Intentions ask the first time (the side's ships, carriers and answers
# are learnt from that first answer) and then only when something changes. Each is explained on the page where it
# first answers or is first asked, and the player may clear any of them from the standing-orders panel.
DEFAULTS = ("carry_on", "air_hold", "no_transfers", "stay", "no_training", "intentions")


def newcomer(state: State) -> None:
    """Set the DEFAULTS for both sides of a new game, before its first decision: `stay` knows no ship yet and
    `no_training` no carrier's room (so the side is asked once about each), Japan's `intentions` keeps the answers
    it gives first (True until then: intentions.conclude fills it in)."""
    for side in board.SIDES:
        orders = state["standing"].setdefault(side, {})
        for key in DEFAULTS:
            if key == "intentions":
                if side == "japanese":
                    orders[key] = True
            elif key == "no_transfers":
                orders.update(no_transfers=True, bases=air_bases(state, side))
            elif key == "stay":
                orders[key] = {"known": []}
            elif key == "no_training":
                orders[key] = {"fill": {}}
            else:
                orders[key] = True
        if not DEFAULTS:
            continue
        state["log"].append(entry(side, "Your standing orders are on: they answer the routine questions for you "
                                        "(no aborts at the resets, no air missions unless an enemy force is in "
                                        "reach but your fields' CAP over your transports unloading, no air "
                                        "transfers), and you are asked whenever something changes "
                                        "that could change your answer. Change them under Standing orders."))


def _standing_args(side: str) -> dict[str, Optional]:
    """Typed orders (app/engine/orders.py): each standing order is set (true) or cleared (false), and may be left
    out; Japan's Intentions order may also be the eight answers, which check_standing reads (rule 18)."""
    out = {}
    for k, (text, rule) in ORDERS.items():
        if k == "intentions" and side != "japanese":
            continue
        label = f"{text} (rule {rule})"
        each = Free("true, false, or the eight Intentions answers", label) if k == "intentions" else Boolean(label)
        out[k] = Optional(each, label)
    return out


STANDING_ARGS = {side: _standing_args(side) for side in board.SIDES}


# ---------------------------------------------------------------- the side's standing orders

def standing_action(state: State, side: str) -> dict[str, Any]:
    """The prompt's "standing" order: set (true; for `intentions` also the eight answers) or clear (false) any of
    the side's standing orders, from any prompt; the decision in hand stays open."""
    return {"verb": "standing", "label": "Change your standing orders", "args": args_json(STANDING_ARGS[side])}


def set_standing(state: State, side: str, args: dict[str, Any]) -> None:
    """Set or clear each order named in `args`, telling only the side (its log). Setting an order again renews what
    it has seen (the air bases, the ships in port, the carriers' room); Japan's answers are kept unless new ones are
    given."""
    orders = state.setdefault("standing", {}).setdefault(side, {})
    for key, value in args.items():
        if value is False:
            if key in orders:
                del orders[key]
                if key == "no_transfers":
                    orders.pop("bases", None)
                state["log"].append(entry(side, f"Standing order cleared ({ORDERS[key][1]}): you will be asked "
                                                "again."))
            continue
        was = key in orders
        if key == "no_transfers":
            orders.update(no_transfers=True, bases=air_bases(state, side))
        elif key == "stay":
            orders["stay"] = {"known": sorted(placement.movable(state, side))}
        elif key == "no_training":
            orders["no_training"] = {"fill": trainable_fill(state, side)}
        elif key == "intentions":
            if isinstance(value, dict):
                orders["intentions"] = checked_answers(value)
            elif not was:
                orders["intentions"] = last_answers(state)
        else:
            orders[key] = True
        if not was:
            state["log"].append(entry(side, f"Standing order ({ORDERS[key][1]}): {ORDERS[key][0]}. It holds until "
                                            "you clear it."))


def last_answers(state: State) -> dict[str, bool]:
    """The answers Japan gave last (18), to keep as its standing answers: those it is writing now at the
    Intentions, else those announced this Plot Phase."""
    last = (state.get("intentions") or {}).get("questions")
    if DECIDES.get(step(state).get("printed")) is intentions.DECISION and state["pending"].get("japanese"):
        last = state["pending"]["japanese"].get("answers")
    if not isinstance(last, dict):
        raise IllegalAction("Announce your Intentions once first; then you may keep those answers as a standing "
                            "order.", "18")
    return checked_answers(last)


# ---------------------------------------------------------------- standing orders answering

def answer(state: State, side: str, here: dict[str, Any]) -> dict[str, Any] | None:
    """The orders the side's standing orders give at this step, or None if none covers it (then it is asked): the
    step's record says what its standing order answers (`standing`, in the module of its rule)."""
    kind = STATES[here["kind"]]
    return None if kind.standing is None else kind.standing(state, side, here)


def stand_in(state: State, here: dict[str, Any], sides: list[str]) -> None:
    """Before the walker waits for the sides deciding at the step `here`: a side whose standing orders cover the decision
    submits through them (its pending orders, revisable like any). An order that does not cover it learns what the
    side is now asked about (the record's `renew`: `stay`, `no_training`), so that it holds again next time unless
    more changes."""
    kind = STATES[here["kind"]]
    for side in sides:
        if state["pending"][side] is not None:
            continue
        orders = answer(state, side, here)
        if orders is not None:
            state["pending"][side] = orders
            state["log"].append(entry(side, f"Your standing orders answered for you: {here['title']}. You may revise "
                                            f"them until both sides are in.{explain(state, side, kind.order)}")
                                | {"at": steps.index(state)})
        elif kind.renew is not None:
            kind.renew(state, side)


def explain(state: State, side: str, order: str | None) -> str:
    """The first time a standing order answers for the side, the log says what it does and how to clear it (issue 34:
    explained where the first question it answers would have been asked); after that the short line alone."""
    told = state.setdefault("standing_told", {}).setdefault(side, [])
    if order is None or order in told:
        return ""
    told.append(order)
    text, rule = ORDERS[order]
    return f" Your standing order (rule {rule}): {text}. Untick it under Standing orders to be asked every time."
