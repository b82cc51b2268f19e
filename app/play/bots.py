"""Computer players move after each commit, one transaction per move, deciding from their own view only."""
from __future__ import annotations

import hashlib

from sqlalchemy import select

from app.engine.rng import SeededRng
from app.engine.testing import random_action
from app.play.state import load_state, rules_for, view_for
from app.play.submit import Submitted, apply_action, lock_game
from app.store.db import transaction
from app.store.models import Seat

MAX_BOT_MOVES = 2000  # a guard against a runaway loop; a game's whole turn is far fewer moves


def _bot_rng(game_id: str, version: int) -> SeededRng:
    """Bots' choices are not game dice: they come from their own stream, so they never shift the game's rolls."""
    return SeededRng(int.from_bytes(hashlib.sha256(f"bot:{game_id}:{version}".encode()).digest()[:8], "big"))


def run_bots(game_id: str) -> list[Submitted]:
    moves: list[Submitted] = []
    for _ in range(MAX_BOT_MOVES):
        with transaction() as db:
            game = lock_game(db, game_id)
            if game.status != "active":
                break
            rules = rules_for(game)
            state = load_state(db, game)
            prompts = rules.prompts(state)
            seat = db.scalar(select(Seat).where(Seat.game_id == game_id, Seat.bot.is_not(None),
                                                Seat.role.in_(sorted(prompts))).order_by(Seat.role).limit(1))
            if seat is None:
                break
            rng = _bot_rng(game_id, game.version)
            bot = (getattr(rules, "bots", {}) or {}).get(seat.bot)
            if bot is not None:
                action = bot(view_for(rules, state, seat.role, False), prompts[seat.role], rng)
            else:  # a seat the rules play themselves but that was prompted all the same: any legal move
                action = random_action(rules, state, seat.role, rng)
            moves.append(apply_action(db, game_id, seat.role, action, game.version,
                                      f"bot:{game.version + 1}", None))
    return moves
