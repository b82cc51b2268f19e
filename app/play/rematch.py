"""Rematches (issue 20): after a game ends, one of its players offers the same game (type, scenario, options, clock,
rated or not) against the same opponents, sides swapped by default. The new game waits with the other players'
seats kept for them (`Game.reserved`); each accepts (takes their seat) or declines (the offer is withdrawn: the new
game is deleted). Against the computer the rematch starts at once. One offer per ended game. A fork's rematch
(app/play/fork.py) is a fork too: it starts again from the position the fork was played on from."""
from __future__ import annotations

import copy
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as DB

from app.engine.contract import UMPIRE
from app.play import hot_seat, lobby
from app.play.bots import seat_level
from app.play.errors import Conflict, Forbidden, NotFound
from app.play.state import rules_for
from app.store.models import Game, Snapshot, User


def _swapped(meta) -> dict[str, str]:
    """Each seat's counterpart on the other side (two sides of equal size), else each seat to itself."""
    sides = meta.sides_of()
    if len(sides) != 2 or len(sides[0].seats) != len(sides[1].seats):
        return {r: r for r in meta.seats()}
    a, b = sides
    return {**dict(zip(a.seats, b.seats)), **dict(zip(b.seats, a.seats))}


def offer_of(db: DB, game_id: str) -> Game | None:
    return db.scalar(select(Game).where(Game.rematch_of == game_id))


def offer(db: DB, game_id: str, user_id: int, swap: bool = True) -> Game:
    old = lobby.require_game(db, game_id)
    if old.status != "ended":
        raise Conflict("A rematch can be offered once the game has ended.")
    if (old.options or {}).get("tutorial"):
        raise Conflict("A tutorial has no rematch: start it again from the tutorials page.")
    seats = lobby.seats_of(db, game_id)
    mine = [s.role for s in seats if s.user_id == user_id and s.role != UMPIRE]
    if not mine:
        raise Forbidden("Only a player of this game can offer a rematch.")
    if offer_of(db, game_id) is not None:
        raise Conflict("A rematch of this game has already been offered.")
    meta = rules_for(old).meta
    turn = _swapped(meta) if swap else {r: r for r in meta.seats()}
    computer = any(s.bot is not None and s.bot != "rules" for s in seats)
    level = next((seat_level(s.bot)[1] for s in seats if s.bot is not None and s.bot != "rules"), None)
    sides_held = {meta.side_of(s.role).id for s in seats if s.user_id == user_id and meta.side_of(s.role)}
    opponent = (f"computer:{level}" if level else "computer") if computer else \
        hot_seat.OPPONENT if len(sides_held) > 1 else "human"  # the same opponent: the computer at its level, or oneself
    umpire = next((s.user_id for s in seats if s.role == UMPIRE and s.user_id is not None), None)
    # A fork's rematch starts again from the position the fork was played on from (its version-0 snapshot).
    start = db.scalar(select(Snapshot.state).where(Snapshot.game_id == old.id, Snapshot.seq == 0)) \
        if old.forked_from else None
    created = lobby.create_game(
        db, user_id, old.game, old.scenario, turn.get(mine[0], mine[0]), dict(old.options), umpired=old.umpired,
        clock=(old.clock or {}).get("setting", "none"), opponent=opponent,
        sandbox=old.sandbox, title=old.title, rated=old.rated and not computer,
        start=copy.deepcopy(start) if start is not None else None)
    new = created.game
    new.rematch_of = old.id
    new.forked_from, new.forked_at = old.forked_from, old.forked_at
    kept = {turn.get(s.role, s.role): s.user_id for s in seats
            if s.user_id is not None and s.role != UMPIRE and s.user_id != user_id}
    if umpire is not None:
        kept[UMPIRE] = umpire
    for seat in lobby.seats_of(db, new.id):  # the proposer's other seats of the same side, taken at once
        if seat.user_id is None and seat.bot is None and seat.role in {turn.get(r, r) for r in mine[1:]}:
            seat.user_id, seat.joined_at, seat.invite_hash = user_id, new.created_at, None
    new.reserved = {role: uid for role, uid in kept.items()}
    db.flush()
    lobby.start_if_full(db, new)
    return new


def answer(db: DB, game_id: str, user_id: int, accept: bool) -> Game | None:
    """The answer of a player the rematch of `game_id` keeps seats for. Returns the new game, or None if declined."""
    new = offer_of(db, game_id)
    if new is None:
        raise NotFound("No rematch of this game has been offered.")
    roles = sorted(r for r, uid in (new.reserved or {}).items() if uid == user_id)
    taken = {s.role for s in lobby.seats_of(db, new.id) if s.user_id == user_id}
    if not roles or set(roles) <= taken:
        raise Forbidden("This rematch does not wait for you.")
    if new.status != "open":
        raise Conflict("This rematch has already started.")
    if not accept:
        db.delete(new)  # the seats and the set-up go with it
        db.flush()
        return None
    for role in roles:
        if role not in taken:
            lobby.join_seat(db, user_id, new.id, role, via_invite=True, accept_scripted_dice=True)
    return new


def facts(db: DB, game_id: str) -> dict[str, Any] | None:
    """The rematch of an ended game as every page of it is drawn from (`shown_to` makes each reader's card): read once
    per drawing, so the card is pushed to the other player's page as soon as an offer is made or answered."""
    new = offer_of(db, game_id)
    if new is None:
        return None
    host = db.get(User, new.created_by)
    return {"game_id": new.id, "status": new.status, "by": host.username if host else "?",
            "reserved": dict(new.reserved or {}),
            "seats": [[s.role, s.user_id] for s in lobby.seats_of(db, new.id) if s.user_id is not None]}


def shown_to(found: dict[str, Any] | None, users: set[int]) -> dict[str, Any] | None:
    """What the ended game's page says of a rematch (`facts`) to a reader holding `users`' seats."""
    if found is None:
        return None
    seats = {(role, uid) for role, uid in found["seats"]}
    waiting = [r for r, uid in found["reserved"].items() if (r, uid) not in seats]  # kept seats not yet taken
    return {"game_id": found["game_id"], "status": found["status"], "waiting": len(waiting), "by": found["by"],
            "yours_to_answer": any(found["reserved"].get(r) in users for r in waiting),
            "joined": any(uid in users for _, uid in seats)}
