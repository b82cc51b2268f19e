"""Computer players move after each commit, one transaction per move, deciding from their own view only.

Bots are keyed by seat: a game declares `bots = {role: bot}`, and a computer seat runs the bot of its own role and
no other (`bot_for`); a seat without one is refused when the game is created. Each seat draws from its own stream
(`bot_rng`): keyed by an HMAC of the game's secret seed and the seat's role, counted by the seat's own decisions,
so one bot's draws never shift another's and nothing about a stream follows from the game's public id or version.

Levels (issue 19 item 2): a game may declare `bot_levels = {level: {role: bot}}`, its easiest first ("easy" and
"strong" for Solomons). The seat records the level with the role, "allied:strong" (`seat_value`); a seat recorded as
the role alone plays the game's `bots`, as every seat did before levels (and as a game without levels always does).
"""
from __future__ import annotations

import copy
import hashlib
import hmac

from sqlalchemy import func, select

from app.engine.rng import HmacRng
from app.engine.testing import random_action
from app.play.deadlines import orders_in
from app.play.errors import BadRequest
from app.play.state import load_state, prompts_of, rules_for, state_at, view_for
from app.play.submit import Submitted, apply_action, lock_game, prompt_fingerprint
from app.store.db import transaction
from app.store.models import ActionRow, Game, Seat

MAX_BOT_MOVES = 2000  # a guard against a runaway loop; a game's whole turn is far fewer moves


RULES = "rules"  # the seat of a solitaire's other side: its own rules play it


def levels_of(rules) -> tuple[str, ...]:
    """The levels a game's computer players come in, easiest first; () for a game with one level."""
    return rules.levels if len(rules.levels) > 1 else ()


def seat_value(role: str, level: str | None) -> str:
    """What a computer seat records (Seat.bot): its role, and its level if the game declares levels."""
    return f"{role}:{level}" if level else role


def seat_level(value: str) -> tuple[str, str | None]:
    """The role and level (None: the game's one level) a computer seat's record names."""
    role, _, level = value.partition(":")
    return role, level or None


def bot_for(rules, role: str, level: str | None = None):
    """The computer player of `role`'s seat at `level`: the game's bot declared for that role (and level), and only
    that one."""
    bot = rules.bot(role, level)
    if bot is None:
        at = f" at level {level!r}" if level else ""
        raise BadRequest(f"{rules.meta.title} has no computer player for the {rules.meta.label(role)} seat{at}.")
    return bot


def seat_key(seed: bytes, role: str) -> bytes:
    """The key of one seat's stream: from the game's secret seed (so no public value predicts it) through a label
    of its own (so it is never the game's dice), and the seat's role (so each seat has its own)."""
    return hmac.new(seed, f"ironbottom computer player:{role}".encode(), hashlib.sha256).digest()


def bot_rng(seed: bytes, role: str, decision: int) -> HmacRng:
    """The stream of the seat's `decision`-th move (counting from 0): a function of the secret seed, the seat and
    how many moves that seat has made, and of nothing another seat does."""
    return HmacRng(seat_key(seed, role), f"decision:{decision}")


def decisions_made(db, game_id: str, role: str) -> int:
    """How many moves the computer has made for this seat (its own records in the action log)."""
    return db.scalar(select(func.count()).select_from(ActionRow).where(
        ActionRow.game_id == game_id, ActionRow.role == role, ActionRow.key.like("bot:%"))) or 0


def _prompt_is_new(db, game, role: str, prompt: dict, answered: dict[str, str]) -> bool:
    """A bot answers each prompt once. Games that let a side revise its secret orders until both are in keep
    prompting it after it has submitted; a bot has nothing to revise. Such a game says in the prompt whether the
    side's orders are in (info.submitted), and that decides. Otherwise the prompt is new if another move renewed it
    since the bot's last move, or if the bot's own last move left it asking something else (the US set-up is one
    placement after another): a move always renews its own role's prompt version (the staleness check needs that),
    so only the prompt's content tells a next decision from the one just answered. `answered` holds, per role, the
    fingerprint of the prompt this run last answered; a role not in it is read from the position before its last
    move (after a restart)."""
    info = prompt.get("info") if isinstance(prompt.get("info"), dict) else {}
    if isinstance(info.get("submitted"), bool):
        return not orders_in(prompt)
    last = db.scalar(select(func.max(ActionRow.seq)).where(ActionRow.game_id == game.id, ActionRow.role == role))
    if last is None or last < (game.prompt_versions or {}).get(role, 0):
        return True
    if role not in answered:
        rules = rules_for(game)
        answered[role] = prompt_fingerprint(rules.prompts(state_at(db, game, last - 1)).get(role))
    return prompt_fingerprint(prompt) != answered[role]


def games_with_computer_seats() -> list[str]:
    """Every running game with a computer seat: at start-up each gets a pass of `run_bots`, so a computer whose move
    was owed when the server stopped (its pass runs after the commit that prompted it) still makes it."""
    with transaction(read_only=True) as db:
        return list(db.scalars(select(Seat.game_id).join(Game, Game.id == Seat.game_id).where(
            Game.status == "active", Seat.bot.is_not(None)).distinct()))


def _owed(db, game_id: str, answered: dict[str, str], lock: bool):
    """The game, its rules, state and prompts and the computer seat that owes a move now, or None."""
    game = lock_game(db, game_id) if lock else db.get(Game, game_id)
    if game is None or game.status != "active":
        return None
    rules = rules_for(game)
    state = load_state(db, game)
    prompts = prompts_of(rules, state)  # the position's prompts asked once: its order asks for them again (state.py)
    seat = next((s for s in db.scalars(select(Seat).where(
        Seat.game_id == game_id, Seat.bot.is_not(None), Seat.role.in_(sorted(prompts))).order_by(Seat.role))
        if _prompt_is_new(db, game, s.role, prompts[s.role], answered)), None)
    return None if seat is None else (game, rules, state, prompts, seat)


def run_bots(game_id: str) -> list[Submitted]:
    """Let each computer seat answer its new prompts, one move per transaction. Whether any computer seat owes a
    move is read first, without the write lock: taking it for nothing after every human order (or for every
    computer game at start-up) cost every game on SQLite."""
    with transaction(read_only=True) as db:
        if db.scalar(select(Seat.id).where(Seat.game_id == game_id, Seat.bot.is_not(None)).limit(1)) is None:
            return []  # no computer seated: one query, not the position and its prompts
        if _owed(db, game_id, {}, lock=False) is None:
            return []
    moves: list[Submitted] = []
    answered: dict[str, str] = {}
    for _ in range(MAX_BOT_MOVES):
        with transaction() as db:
            owed = _owed(db, game_id, answered, lock=True)
            if owed is None:
                break
            game, rules, state, prompts, seat = owed
            rng = bot_rng(game.seed, seat.role, decisions_made(db, game_id, seat.role))
            if seat.bot == RULES:  # a seat the rules play themselves but that was prompted all the same
                action = random_action(rules, state, seat.role, rng)
            else:
                level = seat_level(seat.bot)[1]
                # a copy of its prompt: a computer player may work on what it is handed, and the prompts are shared
                action = bot_for(rules, seat.role, level)(view_for(rules, state, seat.role, False),
                                                          copy.deepcopy(prompts[seat.role]), rng)
            answered[seat.role] = prompt_fingerprint(prompts[seat.role])
            moves.append(apply_action(db, game_id, seat.role, action, game.version,
                                      f"bot:{game.version + 1}", None, platform=True))
    return moves
