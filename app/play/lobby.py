"""The lobby: create a game, list open seats, join by seat or invite link, list my games."""
from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as DB

from app import games as registry
from app.engine.contract import UMPIRE
from app.engine.errors import IllegalAction
from app.engine.rng import commitment
from app.play.clock import now
from app.play.dice import GameRng
from app.play.errors import BadRequest, Conflict, Forbidden, NotFound
from app.play.deadlines import set_deadlines
from app.play.state import load_state, phase_of, remember, rules_for
from app.store.models import Game, Seat, Snapshot, User

CLOCKS = {"none": None, "live": 10 * 60, "daily": 24 * 3600, "3days": 3 * 24 * 3600}


@dataclass
class Created:
    game: Game
    invites: dict[str, str]  # role -> invite token (shown once, stored hashed)


def invite_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _new_game_id(db: DB) -> str:
    while True:
        gid = secrets.token_urlsafe(8).replace("-", "x").replace("_", "y")[:10]
        if db.get(Game, gid) is None:
            return gid


def create_game(db: DB, user_id: int, game_type: str, scenario: str | None = None, side: str | None = None,
                options: dict[str, Any] | None = None, umpired: bool = False, clock: str = "none",
                opponent: str = "human", sandbox: bool = False, dice_script: list[int] | None = None,
                title: str = "") -> Created:
    rules = registry.get(game_type)
    if rules is None or (not rules.meta.listed and game_type not in registry.all_games()):
        raise BadRequest(f"There is no game called {game_type!r}.")
    meta = rules.meta
    scenario = scenario or meta.scenarios[0].id
    if meta.scenario(scenario) is None:
        raise BadRequest(f"{meta.title} has no scenario {scenario!r}. Choose one of: "
                         + ", ".join(s.id for s in meta.scenarios) + ".")
    chosen = meta.default_options()
    for key, value in (options or {}).items():
        opt = next((o for o in meta.options if o.id == key), None)
        if opt is None:
            raise BadRequest(f"{meta.title} has no option {key!r}.")
        if value not in opt.choices:
            raise BadRequest(f"Option {opt.label!r} can be " + ", ".join(map(str, opt.choices)) + ".")
        chosen[key] = value
    seats_roles = list(meta.roles)
    if side is not None and side not in seats_roles and not (umpired and side == UMPIRE):
        raise BadRequest(f"Choose a side: " + ", ".join(seats_roles) + ".")
    if clock not in CLOCKS:
        raise BadRequest("Choose a clock: " + ", ".join(CLOCKS) + ".")
    if opponent not in ("human", "computer"):
        raise BadRequest("The opponent is a human or the computer.")
    bots = getattr(rules, "bots", {}) or {}
    if opponent == "computer" and not bots and not meta.solitaire:
        raise BadRequest(f"{meta.title} has no computer opponent yet.")
    if dice_script is not None and not sandbox:
        raise BadRequest("Only a sandbox game may script its dice.")
    if dice_script is not None and not all(isinstance(v, int) and 1 <= v <= 100 for v in dice_script):
        raise BadRequest("Scripted dice are whole numbers from 1 upward, e.g. 3,6,1.")
    if umpired:
        seats_roles.append(UMPIRE)
    side = side or (UMPIRE if umpired and meta.solitaire else meta.roles[0])

    seed = secrets.token_bytes(32)
    at = now()
    game = Game(id=_new_game_id(db), game=game_type, scenario=scenario, options=chosen, status="open",
                version=0, seed=seed, commitment=commitment(seed), roll_count=0, umpired=umpired,
                sandbox=sandbox, clock={"setting": clock, "seconds": CLOCKS[clock], "paused": False},
                outcome=None, prompt_versions={}, dice_script=dice_script, title=title[:80],
                created_by=user_id, created_at=at, updated_at=at)
    db.add(game)
    db.flush()
    rng = GameRng(game)
    try:
        # Games learn whether an umpire sits (Guadalcanal 18): an umpired game may stop for the umpire.
        state = rules.setup(scenario, dict(chosen, umpired=umpired), rng)
    except IllegalAction as e:
        raise BadRequest(e.message, e.rule) from None
    game.roll_count = rng.used
    db.add(Snapshot(game_id=game.id, seq=0, phase=phase_of(rules, state), state=state))
    invites: dict[str, str] = {}
    for role in seats_roles:
        seat = Seat(game_id=game.id, role=role)
        if role == side:
            seat.user_id, seat.joined_at = user_id, at
        elif meta.solitaire and role != UMPIRE:
            seat.bot, seat.joined_at = "rules", at
        elif opponent == "computer" and role != UMPIRE:
            seat.bot, seat.joined_at = next(iter(bots)), at
        else:
            token = secrets.token_urlsafe(24)
            seat.invite_hash = invite_hash(token)
            invites[role] = token
        db.add(seat)
    db.flush()
    _start_if_full(db, game)
    game.setup_rolls = rng.record()  # so verification covers the set-up's dice too
    remember(game.id, game.version, state, db)
    return Created(game, invites)


def _start_if_full(db: DB, game: Game) -> None:
    seats = db.scalars(select(Seat).where(Seat.game_id == game.id)).all()
    if all(s.user_id is not None or s.bot is not None for s in seats) and game.status == "open":
        game.status = "active"
        game.updated_at = now()
        prompts = rules_for(game).prompts(load_state(db, game))
        set_deadlines(game, prompts, set(prompts))


def seats_of(db: DB, game_id: str) -> list[Seat]:
    return list(db.scalars(select(Seat).where(Seat.game_id == game_id).order_by(Seat.id)))


def join_seat(db: DB, user_id: int, game_id: str, role: str) -> Seat:
    # Lock the game row so two players taking seats at the same instant are served one after the other
    # (SQLite's BEGIN IMMEDIATE already serialises; PostgreSQL needs the row lock).
    query = select(Game).where(Game.id == game_id)
    if db.get_bind().dialect.name == "postgresql":
        query = query.with_for_update()
    game = db.scalar(query)
    if game is None:
        raise NotFound("There is no such game.")
    seats = seats_of(db, game_id)
    if any(s.user_id == user_id for s in seats):
        raise Conflict("You already have a seat in this game.")
    seat = next((s for s in seats if s.role == role), None)
    if seat is None:
        raise NotFound("This game has no such seat.")
    db.refresh(seat)  # read it again under the game's lock: another join may have just committed
    if seat.user_id is not None or seat.bot is not None:
        raise Conflict("That seat is taken.")
    seat.user_id, seat.joined_at, seat.invite_hash = user_id, now(), None
    db.flush()
    _start_if_full(db, game)
    return seat


def join_by_invite(db: DB, user_id: int, token: str) -> Seat:
    seat = db.scalar(select(Seat).where(Seat.invite_hash == invite_hash(token or "")))
    if seat is None:
        raise NotFound("This invitation has been used or does not exist.")
    game_id, role = seat.game_id, seat.role
    joined = join_seat(db, user_id, game_id, role)
    return joined


def open_seats(db: DB, user_id: int | None = None) -> list[dict[str, Any]]:
    rows = db.execute(select(Seat, Game).join(Game, Game.id == Seat.game_id)
                      .where(Game.status == "open", Seat.user_id.is_(None), Seat.bot.is_(None))
                      .order_by(Game.created_at.desc()).limit(100)).all()
    out = []
    for seat, game in rows:
        rules = registry.get(game.game)
        if rules is None or not rules.meta.listed:
            continue
        host = db.get(User, game.created_by)
        out.append({"game_id": game.id, "game": rules.meta.title, "scenario": game.scenario,
                    "role": seat.role, "role_label": rules.meta.label(seat.role) if seat.role != UMPIRE else "Umpire",
                    "host": host.username if host else "?", "umpired": game.umpired,
                    "clock": game.clock.get("setting", "none"), "mine": game.created_by == user_id})
    return out


def my_games(db: DB, user_id: int) -> list[dict[str, Any]]:
    from app.play.submit import prompted_roles  # late import: submit imports lobby helpers

    rows = db.execute(select(Seat, Game).join(Game, Game.id == Seat.game_id).where(Seat.user_id == user_id)
                      .order_by(Game.updated_at.desc()).limit(200)).all()
    out = []
    for seat, game in rows:
        rules = registry.get(game.game)
        if rules is None:
            continue
        waiting = prompted_roles(db, game) if game.status == "active" else []
        out.append({"game_id": game.id, "game": rules.meta.title, "scenario": game.scenario, "role": seat.role,
                    "role_label": rules.meta.label(seat.role) if seat.role != UMPIRE else "Umpire",
                    "status": game.status, "your_move": seat.role in waiting,
                    "waiting_for": [rules.meta.label(r) for r in waiting], "version": game.version})
    return out


def role_of(db: DB, game: Game, user_id: int | None) -> str:
    """The viewer's role in a game: their seat, or spectator."""
    if user_id is not None:
        seat = db.scalar(select(Seat).where(Seat.game_id == game.id, Seat.user_id == user_id))
        if seat is not None:
            return seat.role
    return "spectator"


def require_game(db: DB, game_id: str) -> Game:
    game = db.get(Game, game_id)
    if game is None:
        raise NotFound("There is no such game.")
    return game


def require_seat(db: DB, game: Game, user_id: int) -> str:
    role = role_of(db, game, user_id)
    if role == "spectator":
        raise Forbidden("Only a player with a seat in this game can do that.")
    return role
