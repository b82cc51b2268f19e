"""Submitting an action: one transaction that locks the game, checks the version and the idempotency key,
applies the rules, appends to the action log and bumps the version. Publishing happens after the commit,
in the caller (app/web), never inside the transaction."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session as DB

from app.engine.contract import Action
from app.engine.errors import Refused
from app.play.clock import now
from app.play.columns import read
from app.play.deadlines import set_deadlines
from app.play import bidding, ratings, snapshots
from app.play.dice import GameRng
from app.play.errors import BadRequest, Conflict, Illegal, NotFound, Stale
from app.play.state import load_state, phase_of, prompts_of, remember, rules_for
from app.play.versions import DIGESTS, bump, bump_all, changed_for, prompt_count, role_version, watchers
from app.store.db import is_postgres
from app.store.models import ActionRow, Game


@dataclass
class Submitted:
    game_id: str
    seq: int
    version: int  # the submitter's own version (app/play/versions.py), never the game's
    replayed: bool = False  # the idempotency key was seen before; nothing new was applied
    ended: bool = False
    bot_moves: list[int] = field(default_factory=list)
    role: str | None = None  # the seat it was applied for (set by the web layer, which may look it up itself)
    # What a drawing of the new position inside the same transaction needs and would otherwise read again (the
    # state is cached for later transactions only once the commit succeeds): None when nothing new was applied.
    state: Any = None
    prompts: dict[str, Any] | None = None
    row: ActionRow | None = None


# Every order's queries, built once (building a statement and its cache key cost about as much as running it).
_GAME = select(Game).where(Game.id == bindparam("game_id"))
_GAME_LOCKED = _GAME.with_for_update()
_PRIOR = select(ActionRow.seq, ActionRow.action).where(ActionRow.game_id == bindparam("game_id"),
                                                        ActionRow.role == bindparam("role"),
                                                        ActionRow.key == bindparam("key"))


def lock_game(db: DB, game_id: str) -> Game:
    """The game row, locked for this transaction (SQLite: BEGIN IMMEDIATE already holds the write lock)."""
    game = db.scalar(_GAME_LOCKED if is_postgres() else _GAME, {"game_id": game_id})
    if game is None:
        raise NotFound("There is no such game.")
    return game


def prompted_roles(db: DB, game: Game) -> list[str]:
    rules = rules_for(game)
    return sorted(prompts_of(rules, load_state(db, game)))


def check_action_shape(action: Any) -> Action:
    if not isinstance(action, dict) or not isinstance(action.get("verb"), str):
        raise BadRequest("An action needs a 'verb' (text) and optional 'args' (an object).")
    args = action.get("args", {})
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise BadRequest("An action's 'args' must be an object.")
    if len(json.dumps(action)) > 64_000:
        raise BadRequest("That order is too long.")
    return {"verb": action["verb"], "args": args}


# Keys the platform writes itself (the computer's moves, missed orders, the umpire's undo, claims, resignations).
# A client may not send them: a side could otherwise take the key the clock or the computer will use next.
PLATFORM_KEY_PREFIXES = ("bot:", "missed:", "undo:", "claim:", "resign:")


def check_client_key(key: Any) -> str:
    if not isinstance(key, str) or not key or len(key) > 80:
        raise BadRequest("Every submission needs an idempotency key of 1 to 80 characters.")
    if key.startswith(PLATFORM_KEY_PREFIXES):
        raise BadRequest("Submission keys starting with " + ", ".join(PLATFORM_KEY_PREFIXES)
                         + " are the server's own. Choose another key.")
    return key


def prompt_fingerprint(prompt: Any) -> str:
    return hashlib.sha256(json.dumps(prompt, sort_keys=True, default=str).encode()).hexdigest()[:16]


def check_fresh(game: Game, role: str, expected_version: int | None, platform: bool = False) -> None:
    """Refuse (409) an order made on a page drawn before the submitter's own prompt moved on, or at a version it was
    never shown. Pages carry the role's own version (app/play/versions.py), never the game's, which would let a side
    probe how often the other side revised its orders; the platform's own submissions give the game's version."""
    if expected_version is None:
        raise BadRequest("Every submission needs the version of the page it was made on (expected_version).")
    low, high = ((game.prompt_versions.get(role, 0), game.version) if platform else
                 (prompt_count(game, role), role_version(game, role)))
    if expected_version < low or expected_version > high:
        raise Stale("The game has moved on since your page was drawn. Here is the current position.",
                    extra={"version": role_version(game, role)})


def apply_action(db: DB, game_id: str, role: str, action: Any, expected_version: int | None, key: str,
                 user_id: int | None, note: str | None = None, platform: bool = False,
                 locked: Game | None = None) -> Submitted:
    """Apply one action inside the caller's transaction. See the module docstring. `platform` marks the
    server's own submissions (computer players, missed orders), the only ones that may use its key prefixes.
    `locked`: the game's row, when the caller has already locked it in this transaction."""
    action = check_action_shape(action)
    if action["verb"].startswith("_"):
        raise BadRequest("Orders starting with '_' are the platform's own (undo, claim); use their pages.")
    if not platform:
        check_client_key(key)
    game = locked if locked is not None else lock_game(db, game_id)
    # A key belongs to the side that sent it: another side's use of the same text is a different submission.
    # Its columns on the session's connection (app/play/columns.py): every order asks, and almost every answer is none.
    prior = read(db, _PRIOR, {"game_id": game_id, "role": role, "key": key}).first()
    if prior is not None:
        if prior.action != action:
            raise Stale("This form was already sent with other orders. Reload the page for the current position.",
                        extra={"version": role_version(game, role)})
        return Submitted(game_id, prior.seq, role_version(game, role), replayed=True, ended=game.status == "ended")
    if game.status == "open":
        raise Conflict("The game has not started: a seat is still open.")
    if game.status == "ended":
        raise Conflict("The game is over.")
    check_fresh(game, role, expected_version, platform)
    rules = rules_for(game)
    state = load_state(db, game)
    before = prompts_of(rules, state)
    if role not in before:
        raise Illegal("It is not your move: the game is waiting for the other side.")
    rng = GameRng(game)
    try:
        new_state = rules.apply(state, role, action, rng)
    except Refused as e:
        raise Illegal(e.message, e.rule) from None
    seq = game.version + 1
    phase = phase_of(rules, new_state)
    row = ActionRow(game_id=game_id, seq=seq, role=role, action=action, key=key, rolls=rng.record(),
                    user_id=user_id, at=now(), phase=phase, note=note)
    db.add(row)
    after = prompts_of(rules, new_state)
    versions = dict(game.prompt_versions)
    renewed = set()
    for r in set(before) | set(after):
        if prompt_fingerprint(before.get(r)) != prompt_fingerprint(after.get(r)) or r == role:
            versions[r] = seq
            renewed.add(r)
    game.prompt_versions = versions
    deadlines = dict(game.deadlines or {})
    set_deadlines(game, after, renewed)
    outcome = rules.outcome(new_state)
    # Whose page this commit changes: the submitter's (it made it), and each role whose view, prompt or list of
    # who is awaited changed; everyone's when a public record is written (deadlines, notices, the end).
    if outcome is not None or note is not None or game.deadlines != deadlines:
        changed = watchers(rules)
        game.prompt_versions = {k: v for k, v in game.prompt_versions.items() if k != DIGESTS}
    else:
        changed = [role, *changed_for(game, rules, state, before, new_state, after)]
    bump(game, rules, changed, renewed)
    game.version = seq
    game.roll_count += rng.used
    game.updated_at = now()
    if outcome is not None:  # a game whose sides were bid for in VP ends with the bid applied (bidding.py)
        game.status, game.outcome, game.deadlines = "ended", bidding.settled(rules, game.scenario, game.bidding,
                                                                             dict(outcome)), {}
    snapshots.maybe_take(db, game, rules, new_state, seq)
    if outcome is not None:
        snapshots.thin(db, game)
        ratings.on_end(db, game)
    db.flush()
    remember(game_id, seq, new_state, db)
    return Submitted(game_id, seq, role_version(game, role), ended=outcome is not None, state=new_state,
                     prompts=after if game.status == "active" else {}, row=row)


def append_record(db: DB, game: Game, role: str, verb: str, args: dict[str, Any], note: str, phase: str,
                  user_id: int | None = None) -> int:
    """Append one of the platform's own records ('_undo', '_claim': never passed to the rules) to the action log
    and bump the version. Returns its seq."""
    seq = game.version + 1
    db.add(ActionRow(game_id=game.id, seq=seq, role=role, action={"verb": verb, "args": args}, key=f"{note}:{seq}",
                     rolls=[], user_id=user_id, at=now(), phase=phase, note=note))
    bump_all(game, rules_for(game))  # a public record every page shows; a page drawn before it is stale
    game.version = seq
    game.updated_at = now()
    return seq


