"""Clocks and missed orders. Each decision point has a deadline (game.deadlines); when it passes, the missing
side's decision takes the game's documented default for that prompt (`rules.default_action`), logged as a missed
order. After CLAIM_AFTER missed orders the other side may claim the game. Deadlines live in the database, so they
survive a restart: the ticker only reads them."""
from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta

from sqlalchemy import select
from starlette.concurrency import run_in_threadpool

from app.engine.contract import UMPIRE
from app.play import notify
from app.play import ratings, snapshots
from app.play.clock import now
from app.play.errors import Conflict, Forbidden, PlayError
from app.play.state import load_state, phase_of, rules_for
from app.play.deadlines import awaited, set_deadlines
from app.play.submit import append_record, apply_action, lock_game
from app.store.db import transaction
from app.store.models import Game

log = logging.getLogger("ironbottom.clocks")
CLAIM_AFTER = 3
TICK_SECONDS = 5.0


def _due(deadline: str, at: datetime) -> bool:
    when = datetime.fromisoformat(deadline)
    return when <= at


def tick(at: datetime | None = None) -> list[str]:
    """Apply the default for every decision whose deadline has passed. Returns the games that changed."""
    at = at or now()
    with transaction() as db:
        candidates = [g.id for g in db.scalars(select(Game).where(Game.status == "active"))
                      if g.deadlines and not (g.clock or {}).get("paused")
                      and any(_due(d, at) for d in g.deadlines.values())]
    changed = []
    for game_id in candidates:
        try:
            if _expire(game_id, at):
                changed.append(game_id)
        except PlayError as e:  # the default was refused: keep the game as it is and say so in the server log
            log.warning("game %s: the default order was refused: %s", game_id, e.message)
    return changed


def _expire(game_id: str, at: datetime) -> bool:
    """Take the default for each side whose deadline has passed and whose orders are not in. A side that has
    submitted may still be prompted (to revise): its orders stand until the phase resolves, and it misses
    nothing, whatever the order of the sides' names."""
    changed = False
    with transaction() as db:
        game = lock_game(db, game_id)
        rules = rules_for(game)
        for _ in range(len(game.deadlines or {})):
            state = load_state(db, game)
            owed = awaited(rules.prompts(state))
            due = sorted(r for r, d in (game.deadlines or {}).items() if r in owed and _due(d, at))
            if not due:
                break
            role = due[0]
            default = rules.default_action
            if default is None:
                raise Conflict(f"{rules.meta.title} has no default for a missed order")
            key = f"missed:{role}:{game.prompt_versions.get(role, 0)}"
            apply_action(db, game_id, role, default(state, role), game.version, key, None, note="missed order",
                         platform=True)
            game.missed = dict(game.missed or {}, **{role: (game.missed or {}).get(role, 0) + 1})
            changed = True
            if game.status != "active":
                break
        stale = {r for r in (game.deadlines or {}) if r not in awaited(rules.prompts(load_state(db, game)))}
        if stale and game.status == "active":  # a deadline left on a side whose orders are in (older games)
            game.deadlines = {r: d for r, d in game.deadlines.items() if r not in stale}
            changed = True
    return changed


def claim(game_id: str, role: str, user_id: int) -> None:
    """A side claims the game after the other side has missed CLAIM_AFTER orders."""
    with transaction() as db:
        game = lock_game(db, game_id)
        rules = rules_for(game)
        if game.status != "active":
            raise Conflict("Only a running game can be claimed.")
        if role not in rules.meta.roles:
            raise Forbidden("Only a side can claim the game.")
        missed = {r: n for r, n in (game.missed or {}).items() if r != role and n >= CLAIM_AFTER}
        own = (game.missed or {}).get(role, 0)
        if missed and own >= CLAIM_AFTER:  # both sides walked away: neither wins by the other's absence
            raise Conflict(f"You have missed {own} orders yourself, so you cannot claim the game.")
        if not missed:
            raise Conflict(f"You can claim the game once the other side has missed {CLAIM_AFTER} orders.")
        append_record(db, game, role, "_claim", {}, "claim", phase_of(rules, load_state(db, game)), user_id)
        loser = next(iter(missed))
        game.status, game.deadlines = "ended", {}
        game.outcome = {"winner": role, "level": "claimed",
                        "reason": f"{rules.meta.label(loser)} missed {missed[loser]} orders"}
        snapshots.thin(db, game)
        ratings.on_end(db, game)


def pause(game_id: str, role: str, paused: bool) -> None:
    """The umpire stops or restarts the clocks. Time left is kept while paused."""
    with transaction() as db:
        game = lock_game(db, game_id)
        if role != UMPIRE:
            raise Forbidden("Only the umpire can pause the clocks.")
        clock = dict(game.clock or {})
        if paused and not clock.get("paused"):
            clock["remaining"] = {r: max(0, (datetime.fromisoformat(d) - now()).total_seconds())
                                  for r, d in (game.deadlines or {}).items()}
            clock["paused"] = True
            game.deadlines = {}
        elif not paused and clock.get("paused"):
            remaining = clock.pop("remaining", {})
            clock["paused"] = False
            game.deadlines = {r: (now() + timedelta(seconds=s)).isoformat() for r, s in remaining.items()}
            if not game.deadlines:
                set_deadlines(game, rules_for(game).prompts(load_state(db, game)), set())
        game.clock = clock


async def run_ticker(publish) -> None:
    """The background loop started with the app: every few seconds, expire what is due and push the changes."""
    while True:
        try:
            for game_id in await run_in_threadpool(tick):
                await publish(game_id)
            await run_in_threadpool(notify.warn_deadlines)  # deadline notices
        except asyncio.CancelledError:
            raise
        except Exception:  # a database hiccup must not stop the clocks for good
            log.exception("clock tick failed")
        await asyncio.sleep(TICK_SECONDS)
