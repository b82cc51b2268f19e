"""Loading a game's state: the latest snapshot plus the actions after it (at most one phase), with a small
in-process cache keyed by (game, version) so a push after a commit does not replay anything."""
from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any

from sqlalchemy import event, select
from sqlalchemy.orm import Session as DBSession
from sqlalchemy.orm import Session as DB

from app import games as registry
from app.engine.contract import SPECTATOR, UMPIRE, Rules, State
from app.play.dice import ReplayRng
from app.play.errors import NotFound
from app.store.models import ActionRow, Game, Snapshot

_CACHE: "OrderedDict[tuple[str, int], State]" = OrderedDict()
_CACHE_SIZE = 512


def rules_for(game: Game) -> Rules:
    rules = registry.get(game.game)
    if rules is None:
        raise NotFound(f"This server does not have the game {game.game!r}.")
    return rules


def remember(game_id: str, version: int, state: State, db: DB | None = None) -> None:
    """Cache the state at a version. Inside a transaction (`db` given) it is cached only once that transaction
    commits, so a position whose commit failed is never served."""
    if db is not None:
        db.info.setdefault("remember", []).append((game_id, version, state))
        return
    _CACHE[(game_id, version)] = state
    _CACHE.move_to_end((game_id, version))
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)


@event.listens_for(DBSession, "after_commit")
def _remember_committed(session: DB) -> None:
    for game_id, version, state in session.info.pop("remember", []):
        remember(game_id, version, state)


@event.listens_for(DBSession, "after_rollback")
def _forget_rolled_back(session: DB) -> None:
    session.info.pop("remember", None)


def forget_all() -> None:
    _CACHE.clear()
    _PROMPTS.clear()


# The prompts of the positions lately asked about, by the position object itself (kept here with them, so an id is
# never taken for another position's): an order asks for the prompts of the position before it, which the order
# before it asked for as its own new position, and a form's order asks once more to read the form. Some games'
# prompts are their dearest call (U.S.N.: half of an order's worker, issue 37).
_PROMPTS: "OrderedDict[int, tuple[State, dict[str, Any]]]" = OrderedDict()
_PROMPTS_SIZE = 256
_PROMPTS_LOCK = threading.Lock()


def prompts_of(rules: Rules, state: State) -> dict[str, Any]:
    """`rules.prompts(state)`, asked once per position object while it is among the latest asked about. Like the
    state, the answer is shared: callers must not mutate it."""
    kept = _PROMPTS.get(id(state))
    if kept is not None and kept[0] is state:
        return kept[1]
    prompts = rules.prompts(state)
    with _PROMPTS_LOCK:  # the order's worker threads share it
        _PROMPTS[id(state)] = (state, prompts)
        _PROMPTS.move_to_end(id(state))
        while len(_PROMPTS) > _PROMPTS_SIZE:
            _PROMPTS.popitem(last=False)
    return prompts


def load_state(db: DB, game: Game) -> State:
    """The state at the game's current version. Callers must not mutate it (rules.apply copies)."""
    cached = _CACHE.get((game.id, game.version))
    if cached is not None:
        return cached
    snap = db.scalar(select(Snapshot).where(Snapshot.game_id == game.id, Snapshot.seq <= game.version)
                     .order_by(Snapshot.seq.desc()).limit(1))
    if snap is None:
        raise NotFound("This game has no saved position.")
    state = json.loads(json.dumps(snap.state))  # a stored position is plain JSON: the fastest deep copy
    rules = rules_for(game)
    tail = db.scalars(select(ActionRow).where(ActionRow.game_id == game.id, ActionRow.seq > snap.seq,
                                              ActionRow.seq <= game.version).order_by(ActionRow.seq))
    for row in tail:
        state = replay_row(rules, state, row)
    remember(game.id, game.version, state)
    return state


def state_at(db: DB, game: Game, seq: int) -> State:
    """The state after action `seq`, for replays."""
    snap = db.scalar(select(Snapshot).where(Snapshot.game_id == game.id, Snapshot.seq <= seq)
                     .order_by(Snapshot.seq.desc()).limit(1))
    state = json.loads(json.dumps(snap.state))  # a stored position is plain JSON: the fastest deep copy
    rules = rules_for(game)
    for row in db.scalars(select(ActionRow).where(ActionRow.game_id == game.id, ActionRow.seq > snap.seq,
                                                  ActionRow.seq <= seq).order_by(ActionRow.seq)):
        state = replay_row(rules, state, row)
    return state


def replay_row(rules: Rules, state: State, row: ActionRow) -> State:
    """Re-apply one logged action. The platform's own records (verbs starting with '_': an undo, a claim) do
    not go through the rules: an undo is always followed by a snapshot of the position it restored, and a claim
    changes who won, not the position."""
    if row.action.get("verb", "").startswith("_"):
        return state
    return rules.apply(state, row.role, row.action, ReplayRng(row.rolls))


def view_for(rules: Rules, state: State, role: str, ended: bool) -> dict[str, Any]:
    """The only door: what `role` may see. A spectator of an ended game sees everything."""
    if role == SPECTATOR and ended:
        return rules.view(state, UMPIRE)
    return rules.view(state, role)


def phase_of(rules: Rules, state: State) -> str:
    return str(rules.phase(state)) if rules.phase else ""
