"""Taking back one's own moves, for every game, from the action log (issue 13, item 5).

A side may take back its own last action, then the one before, and so on, as long as each:

- was that side's own move (never past another side's action, nor past the platform's records: a claim, the
  umpire's undo);
- drew no die (the action's recorded rolls are empty: the dice are never re-drawn by going back);
- revealed nothing hidden to anyone: a game that can reveal information without a die (a search, an intelligence
  answer) declares `reveals(before, after, role) -> bool` in its rules, and an action for which it says True is a
  barrier like a die roll.

Going back is the platform's record `_undo` (`{"to": seq}`) with the note "take back", followed by a snapshot of the
restored position, exactly like the umpire's consented undo (app/play/umpire.py), so loading, replays, exports and
verification already understand it. Earlier take-backs are looked through: the side's moves they left standing can
be taken back in turn. The game's dice counter is untouched: no roll is ever drawn again.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as DB

from app.engine.contract import UMPIRE
from app.play.deadlines import set_deadlines
from app.play.errors import Conflict, Forbidden
from app.play.state import load_state, phase_of, remember, rules_for, state_at
from app.play.submit import append_record, lock_game
from app.store.models import ActionRow, Game, Snapshot

TAKE_BACK = "take back"


def last_standing(db: DB, game: Game) -> ActionRow | None:
    """The last row of the log as it stands (the move that made the current position), read backwards: a
    take-back hides the moves it took back (and is itself transparent); any other platform record (a claim, the
    umpire's undo) is returned as it is, a barrier."""
    hidden_after: int | None = None  # rows after this seq were taken back
    rows = db.scalars(select(ActionRow).where(ActionRow.game_id == game.id).order_by(ActionRow.seq.desc())
                      .execution_options(yield_per=64))
    for row in rows:
        if hidden_after is not None and row.seq > hidden_after:
            continue
        if row.action.get("verb") == "_undo" and row.note == TAKE_BACK:
            to = row.action["args"]["to"]
            hidden_after = to if hidden_after is None else min(hidden_after, to)
            continue
        return row
    return None


UNREAD: Any = object()  # `last` not given: read it here


def why_not(db: DB, game: Game, role: str, last: ActionRow | None = UNREAD) -> str | None:
    """None if `role` may take back its last move now, else the reason in a player's words. `last`: the
    `last_standing` row when the caller has read it already (a page drawing reads it once for every role)."""
    if game.status != "active":
        return "Only a running game's moves can be taken back."
    if last is UNREAD:
        last = last_standing(db, game)
    if last is None:
        return "There is no move to take back."
    if last.action.get("verb", "").startswith("_"):
        return "The last entry in the log is the platform's own record; nothing before it can be taken back."
    if last.role != role:
        return "The last move was not yours: a move can be taken back only until another side has moved."
    if last.rolls:
        return "Your last move rolled a die: a move can be taken back only until the next die roll."
    rules = rules_for(game)
    reveals = rules.reveals
    if reveals is not None and reveals(state_at(db, game, last.seq - 1), load_state(db, game), role):
        return "Your last move revealed hidden information: it cannot be taken back."
    return None


def can_take_back(db: DB, game: Game, role: str, last: ActionRow | None = UNREAD) -> bool:
    return why_not(db, game, role, last) is None


def take_back(db: DB, game_id: str, role: str, user_id: int | None = None) -> int:
    """Take back `role`'s last move: the position before it, recorded as `_undo` with a snapshot. Returns the
    record's seq (the game's new version). Refused, with the reason, if the move may not be taken back."""
    game = lock_game(db, game_id)
    rules = rules_for(game)
    if role not in (*rules.meta.roles, UMPIRE):
        raise Forbidden("Only a seated player can take back a move.")
    reason = why_not(db, game, role)
    if reason:
        raise Conflict(reason)
    last = last_standing(db, game)
    now_prompts = rules.prompts(load_state(db, game))
    state = state_at(db, game, last.seq - 1)
    phase = phase_of(rules, state)
    seq = append_record(db, game, role, "_undo", {"to": last.seq - 1}, TAKE_BACK, phase, user_id)
    db.add(Snapshot(game_id=game.id, seq=seq, phase=phase, state=state))
    prompts = rules.prompts(state)
    # The taker's prompt and any other that changed move on; a side whose prompt is the same keeps its version,
    # so its orders in flight are not refused as stale.
    moved = {r for r in {*prompts, *now_prompts} if prompts.get(r) != now_prompts.get(r)} | {role}
    game.prompt_versions = dict(game.prompt_versions or {}, **{r: seq for r in moved})
    set_deadlines(game, prompts, moved & set(prompts))
    game.pending_undo = None
    db.flush()
    remember(game.id, seq, state, db)
    return seq
