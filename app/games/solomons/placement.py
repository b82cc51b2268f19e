"""Preliminary Set-Up (4.1, 5.1): the base moves of 5.14 and 5.15, a step of its own at the start of Plot Phase 1.

"Cases 5.14 and 5.15 concern units available before reinforcements are deployed" (5.15), and 4.1 puts the
Preliminary Set-Up before Reinforcement and the Truk Sortie roll. So a side moves its ships between its own bases
here, knowing neither this turn's reinforcements (which cannot be re-based on arrival) nor the Truk roll (a ship
moved to Rabaul first is not held by it, 20.2; a ship left at Truk is, 20).

A side's submission: `{"placement": {"us-TR-1": "espiritu_santo"}}`; ships not listed stay where they are.
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import entry
from app.engine.orders import Assignment, Optional
from app.games.solomons import board, bots
from app.games.solomons import standing as standing_orders
from app.games.solomons.decision import STRONG, VERB, Kind, ask, fixed, later, randomly, store
from app.games.solomons.units import side_units

State = dict[str, Any]
RULE = {"allied": "5.14", "japanese": "5.15"}


def movable(state: State, side: str) -> dict[str, str]:
    """Ships ready in port at one of the side's bases (not refitting, repairing or training): id -> base."""
    return {u["id"]: u["location"] for u in sorted(side_units(state, side), key=lambda u: u["id"])
            if u["status"] == "intact" and u["type"] != "SS" and u["task_force"] is None
            and u["location"] in board.BASES[side]}


def destinations(state: State, side: str, uid: str) -> list[str]:
    """The bases a ship may be placed at: its side's two (5.14, 5.15), never a carrier at Rabaul (5.16)."""
    return [b for b in board.BASES[side] if not (b == "rabaul" and board.is_carrier(uid))]


def has_choice(state: State, side: str) -> bool:
    return any(len(destinations(state, side, uid)) > 1 for uid in movable(state, side))


def check(state: State, side: str, args: dict[str, Any]) -> None:
    rule = RULE[side]
    moves = args.get("placement") or {}
    if not isinstance(moves, dict):
        raise IllegalAction("Placement maps a ship in port to the base it goes to.", rule)
    ready = movable(state, side)
    for uid, base in moves.items():
        if uid not in ready:
            raise IllegalAction(f"{uid!r} is not ready in port now: only ships available before this Game-Turn's "
                                "reinforcements arrive may change base.", rule)
        if base not in destinations(state, side, uid):
            raise IllegalAction(f"{board.unit_name(uid)} cannot be placed at {board.BASE_LABEL.get(base, base)!s}.",
                                "5.16" if base == "rabaul" else rule)
    arriving = [uid for uid, base in moves.items() if base == "rabaul" and ready[uid] != "rabaul"]
    if arriving:  # 5.16: the ships that stay at Rabaul and those placed there, transports not counted
        after = [uid for uid, base in ready.items() if moves.get(uid, base) == "rabaul"]
        if not board.rabaul_limit_ok(after):
            raise IllegalAction("Rabaul may hold no more than ten naval units or 100 Bombardment Points, and never "
                                "a carrier.", "5.16")


def resolve(state: State, side: str, args: dict[str, Any]) -> None:
    moved = []
    for uid, base in sorted((args.get("placement") or {}).items()):
        u = state["units"][uid]
        if u["location"] != base:
            u["location"] = base
            moved.append(f"{u['name']} to {board.BASE_LABEL[base]}")
    if moved:
        state["log"].append(entry(side, f"Ships placed at your bases (5.1{4 if side == 'allied' else 5}): "
                                        f"{', '.join(moved)}."))


# ---------------------------------------------------------------- the decision (states table)

_ALL_BASES = tuple(sorted({b for bs in board.BASES.values() for b in bs}))
ARGS = {"placement": Optional(Assignment(board.ship_ids(), _ALL_BASES, required=False,
                                         labels=board.base_labels(_ALL_BASES), label="Placement",
                                         names=board.ship_labels(board.ship_ids())))}


def deciders(state: State) -> list[str]:
    """5.14, 5.15: only a side with a ship ready in port has a base move to make."""
    return [s for s in board.SIDES if has_choice(state, s)]


def open_to(state: State, side: str, uid: str) -> list[str]:
    """The bases `uid` may be placed at while every other ship stays (issue 34: offered means legal): its
    destinations, less Rabaul when Rabaul could not take it besides the ships there (5.16)."""
    ready = movable(state, side)
    at_rabaul = [u for u, base in ready.items() if base == "rabaul" and u != uid]
    return [b for b in destinations(state, side, uid)
            if b != "rabaul" or ready[uid] == "rabaul" or board.rabaul_limit_ok(at_rabaul + [uid])]


def offered(state: State, side: str) -> dict[str, Any]:
    """The ships ready in port that may change base while the others stay, to one of the side's bases (5.14,
    5.15): a ship whose only base open is the one it is at (a Japanese carrier, which never goes to Rabaul, or
    any ship while Rabaul is full, 5.16) is not offered."""
    ready = movable(state, side)
    ids = tuple(uid for uid, at in ready.items() if any(b != at for b in open_to(state, side, uid)))
    return {"placement": Assignment(ids, board.BASES[side], required=False, labels=board.base_labels(board.BASES[side]),
                                    label="Placement", names=board.ship_labels(ids))}


def choices(state: State, side: str) -> dict[str, Any]:
    return {"ships": {uid: {"at": base, "bases": open_to(state, side, uid)}
                      for uid, base in movable(state, side).items()}}


def conclude(state: State, orders: dict[str, Any], sides: list[str], rng) -> None:
    for s in sides:
        resolve(state, s, orders[s])


def stay(state: State, side: str, step: dict[str, Any]) -> dict[str, Any] | None:
    """The `stay` standing order (asking.py): ships not placed stay where they are (5.14, 5.15), unless a ship the
    side has not been asked about is ready in port; then it is asked."""
    order = standing_orders.standing(state, side)
    if "stay" in order and set(movable(state, side)) <= set(order["stay"].get("known") or []):
        return {"placement": {}}
    return None


def stay_renew(state: State, side: str) -> None:
    """A `stay` order that did not cover the set-up learns the ships the side is now asked about."""
    order = standing_orders.standing(state, side).get("stay")
    if isinstance(order, dict):
        order["known"] = sorted(set(order.get("known") or []) | set(movable(state, side)))


DECISION = Kind(
    id="placement", rule="5.1", verbs={VERB: ARGS}, deciders=deciders, prompt=ask, resolve=store,
    default=fixed(lambda state, side: {"placement": {}}), random=randomly(later("players", "random_placement")),
    check=check, bot=bots.placement_bot, bots={STRONG: later("strong_bot", "placement_answer")}, form="placement",
    offered=offered, choices=choices, conclude=conclude,
    standing=stay, renew=stay_renew, order="stay")
