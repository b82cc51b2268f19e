"""Computer players move after each commit, one transaction per move, deciding from their own view only."""
from __future__ import annotations

import hashlib
import hmac

from sqlalchemy import func, select

from app.engine.rng import HmacRng
from app.engine.testing import random_action
from app.play.deadlines import orders_in
from app.play.state import load_state, rules_for, view_for
from app.play.submit import Submitted, apply_action, lock_game
from app.store.db import transaction
from app.store.models import ActionRow, Seat

MAX_BOT_MOVES = 2000  # a guard against a runaway loop; a game's whole turn is far fewer moves


def bot_rng(seed: bytes, role: str, version: int) -> HmacRng:
    """The computer's own random stream for one decision. Its choices are secret orders, so the stream comes from
    the game's secret seed (never from the public game id and version alone, from which a player could replay
    it); through a key of its own (HMAC of the seed), so it is never the game's dice nor shifts their rolls."""
    key = hmac.new(seed, b"ironbottom computer players", hashlib.sha256).digest()
    return HmacRng(key, f"{role}:{version}")


def _prompt_is_new(db, game, role: str, prompt: dict) -> bool:
    """A bot answers each prompt once. Games that let a side revise its secret orders until both are in keep
    prompting it after it has submitted; a bot has nothing to revise. Such a game says in the prompt whether the
    side's orders are in (info.submitted), and that decides: a bot's own move may complete one decision and open
    the next in the same commit, which its prompt version alone cannot tell from the revise form. Otherwise a
    bot waits until its prompt changes after its last move."""
    info = prompt.get("info") if isinstance(prompt.get("info"), dict) else {}
    if isinstance(info.get("submitted"), bool):
        return not orders_in(prompt)
    last = db.scalar(select(func.max(ActionRow.seq)).where(ActionRow.game_id == game.id, ActionRow.role == role))
    return last is None or last < (game.prompt_versions or {}).get(role, 0)


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
            seat = next((s for s in db.scalars(select(Seat).where(
                Seat.game_id == game_id, Seat.bot.is_not(None), Seat.role.in_(sorted(prompts))).order_by(Seat.role))
                if _prompt_is_new(db, game, s.role, prompts[s.role])), None)
            if seat is None:
                break
            rng = bot_rng(game.seed, seat.role, game.version)
            bot = (getattr(rules, "bots", {}) or {}).get(seat.bot)
            if bot is not None:
                action = bot(view_for(rules, state, seat.role, False), prompts[seat.role], rng)
            else:  # a seat the rules play themselves but that was prompted all the same: any legal move
                action = random_action(rules, state, seat.role, rng)
            moves.append(apply_action(db, game_id, seat.role, action, game.version,
                                      f"bot:{game.version + 1}", None, platform=True))
    return moves
