"""Play on from here (issue 38): a new game started from a moment of a finished game's replay.

A fork is an ordinary game (hot seat, against the computer at any level on either side, or against an invited
opponent) whose version-0 snapshot is the position at the chosen moment instead of the scenario's set-up
(`lobby.create_game(start=...)`). It records its origin (`Game.forked_from`, `Game.forked_at`: shown on its page, in
its export and on its replay), is never rated, and draws its dice from a secret seed of its own and its own game id,
from roll 0: none of the finished game's later rolls is ever reused. Its computer seats decide from their own view
and a stream keyed by the fork's seed, like every computer seat.

Which moments can be played on from. Only a finished game's (a running game's replay is the umpire's alone, and its
future is still being played), only by someone who may see its replay, only where the game is not over, and only
where no side's orders are kept unseen: a secret simultaneous decision half made (Solomons keeps a side's plot until
both are in; U.S.N.'s air allocation, Guadalcanal's umpired steps) would hand the orders already given to whoever
opened the replay, and fix them for the fork's player of that side. The platform reads this from the prompts alone
(`kept`), never from a game's state: an order is kept when, after it, its side is no longer awaited (or its prompt
says its orders are in, `info.submitted`) while every other side asked at the same time is asked the very same
question as before it; the step stays open while sides send their orders again, and while an umpire holds orders
that are all in; it closes when the last order is carried out and the prompts move on. This errs on the side of
refusing: a moment it cannot tell from a half-made decision is refused, and the refusal names the nearest moments
that can be played on from.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as DB

from app.engine.contract import UMPIRE
from app.play import lobby
from app.play.deadlines import orders_in
from app.play.errors import BadRequest, Conflict, Forbidden
from app.play.records import may_see_record
from app.play.state import rules_for, state_at
from app.play.submit import prompt_fingerprint
from app.store.models import ActionRow, Game, User

NEAREST = 25  # how far the refusal looks, either way, for a moment that can be played on from


@dataclass
class _Step:
    """What one action did to the prompts: `kind` "reset" (the decision moved on), "kept" (a secret order held,
    or sent again, while another side is still asked), or "held" (the last order of a decision in, an umpire holding
    the step); `flagged` the roles whose prompts say their orders are in."""
    kind: str
    role: str
    flagged: frozenset[str]


class Moments:
    """Reads a finished game's moments: the position, the prompts and the orders kept at each, loading each
    position once."""

    def __init__(self, db: DB, game: Game):
        self.db, self.game, self.rules = db, game, rules_for(game)
        self._states: dict[int, Any] = {}
        self._prompts: dict[int, dict[str, Any]] = {}

    def state(self, seq: int):
        if seq not in self._states:
            self._states[seq] = state_at(self.db, self.game, seq)
        return self._states[seq]

    def prompts(self, seq: int) -> dict[str, Any]:
        if seq not in self._prompts:
            self._prompts[seq] = self.rules.prompts(self.state(seq)) if self.rules.outcome(self.state(seq)) is None \
                else {}
        return self._prompts[seq]

    def row(self, seq: int) -> ActionRow | None:
        return self.db.scalar(select(ActionRow).where(ActionRow.game_id == self.game.id, ActionRow.seq == seq))

    def _step(self, seq: int, row: ActionRow) -> _Step:
        before, after = self.prompts(seq - 1), self.prompts(seq)
        awaited_before = {r for r, p in before.items() if not orders_in(p)}
        awaited_after = {r for r, p in after.items() if not orders_in(p)}
        flagged = frozenset(r for r, p in after.items() if orders_in(p))
        role = row.role
        others = awaited_before - {role}
        if role in awaited_before and others and all(
                r in awaited_after and prompt_fingerprint(before[r]) == prompt_fingerprint(after[r]) for r in others):
            return _Step("kept", role, flagged)  # a secret order in, the others still asked the same question
        if role in before and orders_in(before[role]) and role in flagged:
            return _Step("kept", role, flagged)  # orders sent again while the others' are still awaited
        if awaited_after and awaited_after <= {UMPIRE}:
            return _Step("held", role, flagged)  # the last order in, the umpire to release the step
        return _Step("reset", role, flagged)

    def kept(self, seq: int) -> frozenset[str]:
        """The roles whose orders are kept, unseen, at moment `seq`, waiting for another side's or the umpire's."""
        chain: list[_Step] = []
        base: frozenset[str] = frozenset()
        while seq > 0:
            row = self.row(seq)
            if row is None:
                break
            verb = str(row.action.get("verb") or "")
            if verb == "_undo":  # the position an undo restored, and what was kept there
                seq = int(row.action["args"]["to"])
                continue
            if verb.startswith("_"):  # a resignation or a claim changes who won, not the position
                seq -= 1
                continue
            step = self._step(seq, row)
            if step.kind == "reset":
                base = step.flagged
                break
            chain.append(step)
            seq -= 1
        kept = base
        for step in reversed(chain):
            if step.kind == "held" and not kept:
                kept = step.flagged
            else:
                kept = kept | {step.role} | step.flagged
        return kept

    def why_not(self, seq: int) -> str | None:
        """Why the game cannot be played on from moment `seq`, in a player's words; None if it can."""
        meta = self.rules.meta
        if self.rules.outcome(self.state(seq)) is not None:
            return "At this moment the game is already over: choose an earlier moment to play on from."
        if not self.prompts(seq):
            return "Nobody has a decision to make at this moment: choose another moment to play on from."
        kept = sorted(r for r in self.kept(seq) if r != UMPIRE)
        if kept:
            names = " and ".join(meta.label(r) for r in kept)
            return (f"At this moment the secret orders of {names} are in but not yet carried out: playing on from "
                    "here would show them to anyone who opens this replay, and fix them for whoever takes that side. "
                    "Choose a moment before they were given or after they were carried out.")
        return None

    def nearest(self, seq: int) -> dict[str, int | None]:
        """The nearest moments before and after `seq` that can be played on from (None: none within reach)."""
        back = next((k for k in range(seq - 1, max(-1, seq - 1 - NEAREST), -1) if self.why_not(k) is None), None)
        last = self.game.version
        ahead = next((k for k in range(seq + 1, min(last, seq + NEAREST) + 1) if self.why_not(k) is None), None)
        return {"before": back, "after": ahead}


def moment(db: DB, game: Game, seq: int, moments: Moments | None = None) -> dict[str, Any]:
    """Whether a finished game can be played on from moment `seq`, and if not why, with the nearest moments that
    can. A running game's moments never can."""
    if not 0 <= seq <= game.version:
        raise BadRequest(f"Choose a moment from 0 to {game.version}.")
    if game.status != "ended":
        return {"seq": seq, "forkable": False, "why": RUNNING, "before": None, "after": None}
    moments = moments or Moments(db, game)
    why = moments.why_not(seq)
    near = moments.nearest(seq) if why else {"before": None, "after": None}
    return {"seq": seq, "forkable": why is None, "why": why, **near}


RUNNING = ("Only a finished game can be played on from a moment of its replay: this one is still being played. "
           "Its replay opens to the players when it is over.")


def start(db: DB, user_id: int, game_id: str, seq: int | None, side: str | None = None, opponent: str = "computer",
          clock: str = "none", seat_access: dict[str, str] | None = None) -> lobby.Created:
    """A new game from moment `seq` of the finished game `game_id`: the same game, scenario and options, and an
    umpire seat if it had one (the position expects one); `side` and `opponent` as in the lobby (the computer at a
    level, "computer:strong"; "hot_seat"; "human", invited). Never rated; fresh secret dice."""
    old = lobby.require_game(db, game_id)
    if old.status != "ended":
        raise Conflict(RUNNING)
    if not may_see_record(old, lobby.role_of(db, old, user_id)):
        raise Forbidden("Only someone who may see this game's replay can play on from it.")
    if seq is None:
        raise BadRequest("Choose the moment of the replay to play on from (seq).")
    moments = Moments(db, old)
    here = moment(db, old, seq, moments)
    if not here["forkable"]:
        raise Conflict(here["why"], extra={k: here[k] for k in ("before", "after")})
    rules = moments.rules
    meta = rules.meta
    declared = {o.id for o in meta.options}
    options = {k: v for k, v in (old.options or {}).items() if k in declared}  # a tutorial's marks stay behind
    title = f"{old.title or meta.title}, played on from moment {seq}"
    created = lobby.create_game(db, user_id, old.game, old.scenario, side, options, umpired=old.umpired, clock=clock,
                                opponent=opponent, title=title[:80], seat_access=seat_access, rated=False,
                                start=copy.deepcopy(moments.state(seq)))
    created.game.forked_from, created.game.forked_at = old.id, seq
    db.flush()
    return created


def origin(db: DB, game: Game) -> dict[str, Any] | None:
    """Where a fork comes from, as its page and its export name it (None for any other game)."""
    if not game.forked_from:
        return None
    old = db.get(Game, game.forked_from)
    title = None
    if old is not None:
        meta = rules_for(old).meta
        host = db.get(User, old.created_by)
        title = f"{old.title or meta.title}" + (f" (hosted by {host.username})" if host else "")
    return {"game": game.forked_from, "moment": game.forked_at, "title": title, "exists": old is not None,
            "replay": f"/games/{game.forked_from}/replay?seq={game.forked_at}"}


def forks_of(db: DB, game_id: str) -> list[dict[str, Any]]:
    """The games played on from a finished game, newest first: where each started and how it stands."""
    rows = db.scalars(select(Game).where(Game.forked_from == game_id).order_by(Game.created_at.desc()).limit(50))
    return [{"game": g.id, "moment": g.forked_at, "status": g.status, "title": g.title} for g in rows]
