"""The umpire's powers beyond seeing everything (Guadalcanal rule 18, made general): undo the last resolution
with both sides' consent. (Pausing clocks is in clocks.py; messages to one side or both go through chat.)"""
from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session as DB

from app.engine.contract import UMPIRE
from app.play.errors import Conflict, Forbidden
from app.play.lobby import seats_held
from app.play.state import phase_of, remember, rules_for, state_at
from app.play.deadlines import set_deadlines
from app.play.submit import append_record, lock_game
from app.store.models import ActionRow, Game, Seat, Snapshot


def last_resolution(db: DB, game: Game) -> int | None:
    """The position before the last action that rolled dice or ended a phase: what an undo returns to."""
    rows = list(db.scalars(select(ActionRow).where(ActionRow.game_id == game.id).order_by(ActionRow.seq.desc())))
    for i, row in enumerate(rows):
        if row.action.get("verb") == "_undo":
            return None  # one undo at a time: the restored position is not itself undone
        before = rows[i + 1].phase if i + 1 < len(rows) else None
        if row.rolls or (before is not None and before != row.phase):
            return row.seq - 1
    return None


def request_undo(db: DB, game_id: str, role: str) -> int:
    game = lock_game(db, game_id)
    if role != UMPIRE:
        raise Forbidden("Only the umpire can propose to undo a resolution.")
    if game.status != "active":
        raise Conflict("Only a running game can be rolled back.")
    to = last_resolution(db, game)
    if to is None:
        raise Conflict("There is no resolution to undo.")
    game.pending_undo = {"to": to, "at_version": game.version, "consents": []}
    return to


def consenting(db: DB, game: Game) -> set[str]:
    """The seats whose consent an undo needs: every seat a person holds in this game, the umpire's aside. A seat the
    scenario never offered has no row and a computer seat has no say, so neither can hold the undo up."""
    return set(db.scalars(select(Seat.role).where(Seat.game_id == game.id, Seat.user_id.is_not(None),
                                                  Seat.role != UMPIRE)))


def answer_undo(db: DB, game_id: str, role: str, agree: bool, user_id: int | None = None) -> bool:
    """A player agrees or refuses, for every seat they hold (a user at two seats of one side answers once). When
    every seat a person holds has agreed, the game returns to the position before the last resolution: a logged
    '_undo' action and a snapshot of that position. Returns True when it was undone."""
    game = lock_game(db, game_id)
    rules = rules_for(game)
    pending = game.pending_undo
    if not pending:
        raise Conflict("Nobody has proposed an undo.")
    needed = consenting(db, game)
    if role not in needed:
        raise Forbidden("Only a side can agree to an undo.")
    if pending["at_version"] != game.version:
        game.pending_undo = None
        raise Conflict("The game has moved on since the undo was proposed; the proposal lapsed.")
    if not agree:
        game.pending_undo = None
        return False
    answering = set(seats_held(db, game, user_id)) & needed if user_id is not None else {role}
    consents = sorted(set(pending["consents"]) | answering | {role})
    game.pending_undo = dict(pending, consents=consents)
    if not needed <= set(consents):
        return False
    state = state_at(db, game, pending["to"])
    phase = phase_of(rules, state)
    seq = append_record(db, game, UMPIRE, "_undo", {"to": pending["to"]}, "undo", phase)
    db.add(Snapshot(game_id=game.id, seq=seq, phase=phase, state=state))
    prompts = rules.prompts(state)
    game.prompt_versions = dict(game.prompt_versions, **{r: seq for r in [*rules.meta.roles, UMPIRE]})
    set_deadlines(game, prompts, set(prompts))
    game.pending_undo = None
    db.flush()
    remember(game.id, seq, state, db)
    return True
