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
- `air_hold` (14.11, 6.22, 6.23): at an air allocation, no missions (no CAP, no strike on an airfield); the side is
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
from app.games.solomons import air_orders, board, intentions, placement, turn
from app.games.solomons.decision import step, table
from app.games.solomons.plot import automatic
from app.games.solomons.units import at_sea, side_tfs

State = dict[str, Any]

# order -> (what the panel says it does, the rule that lets the side leave the decision at that)
ORDERS = {
    "carry_on": ("Keep every task force on its mission at the reset sections (no aborts, no mission changes); ask "
                 "me when an enemy force is sighted next to one of mine or one of my ships is hit", "6.38"),
    "air_hold": ("Fly no air missions; ask me when my air can reach an enemy force sighted this segment or a "
                 "carrier force of mine is at sea", "14.11"),
    "stay": ("Keep my ships at their bases in the Preliminary Set-Up; ask me when a ship I have not placed yet is "
             "ready in port", "5.14"),
    "intentions": ("Answer the American questions as I answered them last; ask me when my forces at sea need "
                   "another answer", "18"),
    "no_training": ("Train no Carrier Air Group; ask me when a carrier could take more NAC than now", "6.21"),
    "no_transfers": ("Make no air transfers; ask me again when I gain an air base", "6.26"),
}
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
                                        "reach, no air transfers), and you are asked whenever something changes "
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

def standing(state: State, side: str) -> dict[str, Any]:
    """The side's standing orders (secret to it), {} when it has none:
    {"no_transfers": True, "bases": [...], "carry_on": True, "air_hold": True, "stay": {"known": [unit ids]},
     "no_training": {"fill": {carrier: n}}, "intentions": {question: bool}}."""
    return (state.get("standing") or {}).get(side) or {}


def standing_action(state: State, side: str) -> dict[str, Any]:
    """The prompt's "standing" order: set (true; for `intentions` also the eight answers) or clear (false) any of
    the side's standing orders, from any prompt; the decision in hand stays open."""
    return {"verb": "standing", "label": "Change your standing orders", "args": args_json(STANDING_ARGS[side])}


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
    return intentions.check({"truk_sortie": {"released": True}}, {"answers": answers})


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
    if step(state)["kind"] == intentions.DECISION.id and state["pending"].get("japanese"):
        last = state["pending"]["japanese"].get("answers")
    if not isinstance(last, dict):
        raise IllegalAction("Announce your Intentions once first; then you may keep those answers as a standing "
                            "order.", "18")
    return checked_answers(last)


def air_bases(state: State, side: str) -> list[str]:
    return air_orders.flying_bases(state, side)


def no_transfers(state: State, side: str) -> bool:
    """The order holds while the side has no air base it did not have when it gave it (Henderson Field completed or
    taken, 10.5, 12.5; Shortlands, 10.5): a new base is something new to decide about. A base lost is not."""
    order = standing(state, side)
    return bool(order.get("no_transfers")) and set(air_bases(state, side)) <= set(order.get("bases") or [])


# ---------------------------------------------------------------- nothing to decide

def training_choice(state: State, side: str) -> bool:
    """6.21, 10.4: a side trains a Carrier Air Group only with a carrier in port at its home base that has room
    for NAC and untrained NAC waiting there; without both, it has nothing to decide."""
    carriers, untrained = turn.trainable(state, side)
    return bool(carriers) and untrained > 0


def trainable_fill(state: State, side: str) -> dict[str, int]:
    """6.21, 10.4, 17.1: the most NAC each carrier that may train could take now (its room, at most the untrained
    NAC waiting). The no-training order asks again only when one of these grows: a carrier back with room, or
    untrained NAC enough to fill more of one; more untrained NAC than any carrier can take change nothing."""
    carriers, untrained = turn.trainable(state, side)
    return {c: min(untrained, board.strength(c)["capacity"] - state["units"][c]["nac"]) for c in carriers}


def offensive_sources(state: State, side: str) -> list[tuple[str, str]]:
    """The air that may still fly an offensive mission this Game-Turn: points not spent (14), not transferred
    (14.63), from a field other than Rabaul and Shortlands or one that has not yet attacked (14.63), and carrier air
    whose force has not made its one offensive action (14.41)."""
    out = [(b, k) for b in air_orders.flying_bases(state, side) for k in ("lac", "nac")
           if not (b in air_orders.ONCE_A_TURN and state["air"][side][b]["attacked"])]
    out += [(t, "nac") for t in sorted(air_orders.carrier_forces(state, side))]
    return [(src, kind) for src, kind in out if air_orders.free_points(state, side, src, kind, offensive=True)]


def sighted(state: State, side: str, segment: int) -> list[str]:
    """The hexes of the enemy forces revealed to `side` this segment (18.5, 19; submarines are never attacked, 13.6)."""
    return [m["hex"] for m in state["markers"][side].values()
            if m["segment"] == segment and m["units"] and not m["submarine"]]


def strike_choice(state: State, side: str, segment: int) -> bool:
    """14.11, 10.1: air that may attack can reach an enemy force revealed this segment."""
    marks = sighted(state, side, segment)
    return any(air_orders.in_range(state, side, src, kind, h)
               for src, kind in offensive_sources(state, side) for h in marks)


def air_choice(state: State, side: str, segment: int) -> bool:
    """4.2 D, 6.2: the side has air that can attack an enemy marker it sees this segment or bombard an enemy
    Henderson Field (14.6), or it can fly CAP (6.22) over a force of its own at sea."""
    if strike_choice(state, side, segment):
        return True
    if state["guadalcanal"]["henderson"]["side"] == board.ENEMY[side] and any(
            air_orders.in_range(state, side, src, kind, board.GUADALCANAL) for src, kind in offensive_sources(state, side)):
        return True  # 6.23
    if any(at_sea(tf) for tf in side_tfs(state, side)):
        for src in [*air_orders.carrier_forces(state, side), *(b for b in ("henderson", "shortlands")
                                                               if b in air_orders.flying_bases(state, side))]:
            if any(air_orders.free_points(state, side, src, k, offensive=False) for k in ("lac", "nac")):
                return True
    return False


def forces_choice(state: State, side: str) -> bool:
    """6.38: a force at sea (or plotted to sail) still on its mission may abort, and 6.39: a Japanese Transport or
    Bombardment one may turn Anti-Ship. A force that has aborted or done its mission sails home by itself (8.4) and
    asks nothing; its turn to Anti-Ship for a fight in M is the plot's standing order (15.3), so Japan is not asked
    for it alone (it may still change it whenever it is asked for something else)."""
    return any((not board.is_base(tf["hex"]) or any(not board.is_base(p) for p in tf["plot"].values()))
               and not automatic(tf) for tf in side_tfs(state, side))


def transfer_choice(state: State, side: str, day: bool) -> bool:
    """6.26: in a day segment air may transfer between two bases of the side, unless its standing order says not
    to ask about transfers."""
    if not day or no_transfers(state, side):
        return False
    return any(air_orders.free_points(state, side, b, k, offensive=True)
               for b in state["air"][side] for k in ("lac", "nac")) and len(state["air"][side]) > 1


def reset_choice(state: State, side: str, day: bool) -> bool:
    return forces_choice(state, side) or transfer_choice(state, side, day)


# ---------------------------------------------------------------- standing orders answering

def threatened(state: State, side: str, segment: int) -> bool:
    """What the side learnt this segment that could make it abort (6.38): an enemy force revealed in or next to the
    hex of one of its forces at sea, or one of its ships hit (the loss report, 14.3, 15.3, 13.3)."""
    own = [tf["hex"] for tf in side_tfs(state, side) if at_sea(tf)]
    if any(h == mine or h in board.adjacency().get(mine, ()) for h in sighted(state, side, segment) for mine in own):
        return True
    return any(loss.get("turn") == state["turn"] and loss.get("segment") == segment
               for u in state["units"].values() if u["side"] == side for loss in u.get("losses") or [])


def answer(state: State, side: str, here: dict[str, Any]) -> dict[str, Any] | None:
    """The orders the side's standing orders give at this step, or None if none covers it (then it is asked): the
    step's record says what its standing order answers (`standing`, in the module of its rule)."""
    kind = table()[here["kind"]]
    return None if kind.standing is None else kind.standing(state, side, here)


def stand_in(state: State, here: dict[str, Any], sides: list[str]) -> None:
    """Before the walker waits for the sides deciding at the step `here`: a side whose standing orders cover the decision
    submits through them (its pending orders, revisable like any). An order that does not cover it learns what the
    side is now asked about (the record's `renew`: `stay`, `no_training`), so that it holds again next time unless
    more changes."""
    kind = table()[here["kind"]]
    for side in sides:
        if state["pending"][side] is not None:
            continue
        orders = answer(state, side, here)
        if orders is not None:
            state["pending"][side] = orders
            state["log"].append(entry(side, f"Your standing orders answered for you: {here['title']}. You may revise "
                                            f"them until both sides are in.{explain(state, side, kind.order)}")
                                | {"at": state["step"]})
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
