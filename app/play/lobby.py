"""The lobby: create a game, list open seats, join by seat or invite link, list my games.

Seats belong to sides (contract `GameMeta.sides`). A game offers the seats of its scenario (`seats_offered`, else
every seat); one user per seat; a user may hold several seats of one side (a smaller table playing a team game),
never seats of two sides and never the umpire's beside another (by joining: only a game's creator who chose the
hot seat, app/play/hot_seat.py, or a tutorial's learner is seated on every side, at creation). Each seat is taken through its own invite or, if
open, from the lobby. Acting for a seat needs holding it (`require_seat`)."""
from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session as DB

from app import games as registry
from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.errors import Refused
from app.engine.rng import commitment
from app.play import bidding
from app.play import bots as computer_players
from app.play import ratings
from app.play.clock import now
from app.play.dice import GameRng
from app.play.errors import BadRequest, Conflict, Forbidden, NotFound
from app.play.deadlines import set_deadlines
from app.play.state import load_state, phase_of, remember, rules_for, view_for
from app.play.submit import prompted_roles
from app.play.versions import role_version
from app.store.models import ActionRow, Game, Seat, Snapshot, User

CLOCKS = {"none": None, "live": 10 * 60, "daily": 24 * 3600, "3days": 3 * 24 * 3600}


ACCESS = ("invite", "open")  # a seat is joinable only through its invite, or by anyone from the lobby
SANDBOX_WARNING = ("This is a sandbox game: its host may script the dice and so knows every roll in advance. "
                   "It never counts for ratings or records.")


@dataclass
class Created:
    game: Game
    invites: dict[str, str]  # role -> invite token (stored hashed; derived again for the host on request)


def invite_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def invite_token(game: Game, seat: Seat) -> str:
    """A seat's invite, derived from the game's secret seed and the invite's round: the host can be shown it
    again at any time without it being stored, and renewing it (the next round) kills the old link."""
    mac = hmac.new(game.seed, f"invite:{seat.role}:{seat.invite_round}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:24]).decode().rstrip("=")


def _issue_invite(game: Game, seat: Seat) -> str:
    token = invite_token(game, seat)
    seat.invite_hash = invite_hash(token)
    return token


def _new_game_id(db: DB) -> str:
    while True:
        gid = secrets.token_urlsafe(8).replace("-", "x").replace("_", "y")[:10]
        if db.get(Game, gid) is None:
            return gid


def create_game(db: DB, user_id: int, game_type: str, scenario: str | None = None, side: str | None = None,
                options: dict[str, Any] | None = None, umpired: bool = False, clock: str = "none",
                opponent: str = "human", sandbox: bool = False, dice_script: list[int] | None = None,
                title: str = "", seat_access: dict[str, str] | None = None, rated: bool = False,
                start: dict[str, Any] | None = None) -> Created:
    """A new game. `seat_access` says, per seat left for a person, "invite" (the default: joinable only through
    its invite link, never listed) or "open" (listed in the lobby for anyone to take). `start`: a position to begin
    from instead of the scenario's set-up (a fork, app/play/fork.py): stored as the version-0 snapshot, no die drawn
    for it, the game's own dice starting afresh from its new secret seed."""
    rules = registry.get(game_type)
    if rules is None or (not rules.meta.listed and game_type not in registry.all_games()):
        raise BadRequest(f"There is no game called {game_type!r}.")
    meta = rules.meta
    scenario = scenario or meta.scenarios[0].id
    if meta.scenario(scenario) is None:
        raise BadRequest(f"{meta.title} has no such scenario. Choose one of: "
                         + ", ".join(s.title for s in meta.scenarios) + ".")
    chosen = meta.default_options()
    for key, value in (options or {}).items():
        opt = next((o for o in meta.options if o.id == key), None)
        if opt is None:
            raise BadRequest(f"{meta.title} has no option {key!r}.")
        if value not in opt.choices:
            raise BadRequest(f"Option {opt.label!r} can be " + ", ".join(map(str, opt.choices)) + ".")
        chosen[key] = value
    seats_roles = list(seats_offered(rules, scenario, chosen))
    if side is not None and side not in seats_roles and not (umpired and side == UMPIRE):
        raise BadRequest("Choose a side: " + ", ".join(meta.label(r) for r in seats_roles) + ".")
    if clock not in CLOCKS:
        raise BadRequest("Choose a clock: " + ", ".join(CLOCKS) + ".")
    opponent, _, level = opponent.partition(":")  # "computer:strong": the computer at a level the game declares
    level = level or None
    if opponent not in ("human", "computer", "hot_seat"):
        raise BadRequest("The opponent is a human, the computer, or yourself (hot seat: you play both sides).")
    bots = rules.roles_with_bots()
    if level is not None and (opponent != "computer" or level not in computer_players.levels_of(rules)):
        raise BadRequest(f"{meta.title}'s computer plays at: " + (", ".join(computer_players.levels_of(rules))
                                                                  or "one level only") + ".")
    if opponent == "computer" and not bots and not meta.solitaire:
        raise BadRequest(f"{meta.title} has no computer opponent yet.")
    if dice_script is not None and not sandbox:
        raise BadRequest("Only a sandbox game may script its dice.")
    if dice_script is not None and not all(isinstance(v, int) and 1 <= v <= 100 for v in dice_script):
        raise BadRequest("Scripted dice are whole numbers from 1 upward, e.g. 3,6,1.")
    unrated = ratings.why_unrated(sandbox=sandbox, opponent=opponent, solitaire=meta.solitaire) if rated else None
    if unrated:
        raise BadRequest(unrated)
    if opponent == "hot_seat" and meta.solitaire:  # hot seat: the creator holds every seat but the umpire's
        raise BadRequest(f"{meta.title} is a solitaire game: its own rules play the other side, so there is no "
                         "other side for you to play.")
    if umpired and meta.solitaire:
        raise BadRequest(f"{meta.title} is a solitaire game: its own rules play the other side, so there is no "
                         "umpire to seat.")
    if umpired:
        seats_roles.append(UMPIRE)
    seat_access = dict(seat_access or {})
    for role, access in seat_access.items():
        if role not in seats_roles:
            raise BadRequest(f"This game has no seat {role!r} to open or keep for an invite.")
        if access not in ACCESS:
            raise BadRequest("A seat is taken by invitation ('invite') or open to anyone ('open').")
    side = side or (UMPIRE if umpired and meta.solitaire else seats_roles[0])

    seed = secrets.token_bytes(32)
    at = now()
    game = Game(id=_new_game_id(db), game=game_type, scenario=scenario, options=chosen, status="open",
                version=0, seed=seed, commitment=commitment(seed), roll_count=0, umpired=umpired,
                sandbox=sandbox, rated=rated, clock={"setting": clock, "seconds": CLOCKS[clock], "paused": False},
                outcome=None, prompt_versions={}, dice_script=dice_script, title=title[:80],
                created_by=user_id, created_at=at, updated_at=at)
    db.add(game)
    db.flush()
    rng = GameRng(game)
    try:
        # Games learn whether an umpire sits (Guadalcanal 18): an umpired game may stop for the umpire.
        state = rules.setup(scenario, dict(chosen, umpired=umpired), rng) if start is None else start
    except Refused as e:
        raise BadRequest(e.message, e.rule) from None
    game.roll_count = rng.used
    db.add(Snapshot(game_id=game.id, seq=0, phase=phase_of(rules, state), state=state))
    invites: dict[str, str] = {}
    for role in seats_roles:
        seat = Seat(game_id=game.id, role=role, access="invite", invite_round=0)
        if role == side or (opponent == "hot_seat" and role != UMPIRE):
            seat.user_id, seat.joined_at = user_id, at
        elif meta.solitaire and role != UMPIRE:
            seat.bot, seat.joined_at = "rules", at
        elif opponent == "computer" and role != UMPIRE:
            seat.bot, seat.joined_at = computer_players.seat_value(bot_for(bots, role), level), at
        else:
            seat.access = seat_access.get(role, "invite")
            if seat.access == "invite":
                invites[role] = _issue_invite(game, seat)
        db.add(seat)
    db.flush()
    start_if_full(db, game)
    game.setup_rolls = rng.record()  # so verification covers the set-up's dice too
    remember(game.id, game.version, state, db)
    return Created(game, invites)


def seats_offered(rules, scenario: str, options: dict[str, Any]) -> tuple[str, ...]:
    """The seats a scenario offers: the game's `seats_offered` if it has one, else every seat of every side. A seat
    the game does not declare is refused: the platform would seat someone the rules never prompt."""
    meta = rules.meta
    own = rules.seats_offered
    offered = tuple(own(scenario, options)) if own is not None else meta.seats()
    unknown = [r for r in offered if r not in meta.seats()]
    if unknown:
        raise ValueError(f"{meta.id} offers seats no side declares: {unknown}")
    return offered


def bot_for(bots: set[str], role: str) -> str:
    """The computer player for a seat: the game's bot declared for that role, strictly (app/play/bots.py)."""
    if role in bots:
        return role
    raise BadRequest(f"This game has no computer player for {role!r}.")


def start_if_full(db: DB, game: Game) -> None:
    seats = db.scalars(select(Seat).where(Seat.game_id == game.id)).all()
    if all(s.user_id is not None or s.bot is not None for s in seats) and game.status == "open":
        game.status = "active"
        game.updated_at = now()
        prompts = rules_for(game).prompts(load_state(db, game))
        set_deadlines(game, prompts, set(prompts))


def seats_of(db: DB, game_id: str) -> list[Seat]:
    return list(db.scalars(select(Seat).where(Seat.game_id == game_id).order_by(Seat.id)))


def join_seat(db: DB, user_id: int, game_id: str, role: str, via_invite: bool = False,
              accept_scripted_dice: bool = False, bid: dict[str, Any] | None = None) -> Seat:
    """Take a seat: an open seat from the lobby, an invite-only seat only through its invite (`via_invite`).
    A sandbox game's seat is taken only once the player has been told its dice may be scripted. In a game whose
    sides are bid for (app/play/bidding.py) the seat is taken with a `bid`, which settles who sits where."""
    # Lock the game row so two players taking seats at the same instant are served one after the other
    # (SQLite's BEGIN IMMEDIATE already serialises; PostgreSQL needs the row lock).
    query = select(Game).where(Game.id == game_id)
    if db.get_bind().dialect.name == "postgresql":
        query = query.with_for_update()
    game = db.scalar(query)
    if game is None:
        raise NotFound("There is no such game.")
    seats = seats_of(db, game_id)
    meta = rules_for(game).meta
    _may_add_seat(meta, [s.role for s in seats if s.user_id == user_id], role)
    seat = next((s for s in seats if s.role == role), None)
    if seat is None:
        raise NotFound("This game has no such seat.")
    db.refresh(seat)  # read it again under the game's lock: another join may have just committed
    if seat.user_id is not None or seat.bot is not None:
        raise Conflict("That seat is taken.")
    if seat.access != "open" and not via_invite:
        raise Forbidden("That seat is taken by invitation only: ask the host for the link.")
    kept_for = (game.reserved or {}).get(role)
    if kept_for is not None and kept_for != user_id:  # a rematch keeps each seat for its player (rematch.py)
        raise Forbidden("That seat is kept for the player it was offered to in a rematch.")
    if game.sandbox and not accept_scripted_dice:
        raise Conflict(SANDBOX_WARNING + " Take the seat again saying you accept scripted dice "
                       "(accept_scripted_dice).", extra={"sandbox": True})
    seat.user_id, seat.joined_at, seat.invite_hash = user_id, now(), None
    bidding.place(db, rules_for(game), game, seats, seat, user_id, bid)
    db.flush()
    start_if_full(db, game)
    return seat


def _may_add_seat(meta, held: list[str], role: str) -> None:
    """A user may hold several seats of one side, never seats of two sides, never the umpire's beside another."""
    if not held:
        return
    if role in held:
        raise Conflict("You already hold that seat.")
    side = meta.side_of(held[0])
    if role == UMPIRE or side is None or meta.side_of(role) != side:
        if len(side.seats if side else ()) > 1:
            raise Conflict(f"You already have a seat of {side.label} in this game: you may take more seats of "
                           f"{side.label} only, never a seat of another side or the umpire's.")
        raise Conflict("You already have a seat in this game.")


def seat_by_invite(db: DB, token: str) -> tuple[Seat, Game]:
    seat = db.scalar(select(Seat).where(Seat.invite_hash == invite_hash(token or "")))
    game = db.get(Game, seat.game_id) if seat is not None else None
    if seat is None or game is None:
        raise NotFound("This invitation has been used or does not exist.")
    return seat, game


def join_by_invite(db: DB, user_id: int, token: str, accept_scripted_dice: bool = False,
                   bid: dict[str, Any] | None = None) -> Seat:
    seat, _ = seat_by_invite(db, token)
    return join_seat(db, user_id, seat.game_id, seat.role, via_invite=True,
                     accept_scripted_dice=accept_scripted_dice, bid=bid)


def invitation(db: DB, token: str) -> dict[str, Any]:
    """What an invite page tells the invited player before they take the seat: which game, which side, who
    invites, and whether the dice may be scripted."""
    seat, game = seat_by_invite(db, token)
    rules = registry.get(game.game)
    meta = rules.meta
    host = db.get(User, game.created_by)
    scenario = meta.scenario(game.scenario)
    return {"game_id": game.id, "game": meta.title, "title": game.title or meta.title,
            "scenario": scenario.title if scenario else game.scenario, "role": seat.role,
            "role_label": _label(meta, seat.role), "side_label": _side_label(meta, seat.role),
            "host": host.username if host else "?",
            "umpired": game.umpired, "sandbox": game.sandbox, "rated": game.rated,
            "clock": game.clock.get("setting", "none"),
            "sandbox_warning": SANDBOX_WARNING if game.sandbox else None,
            # sides bid for in VP (bidding.py): the invited player bids for a side as they take the seat
            "bidding": bidding.pending(game), "sides": [{"id": s.id, "label": s.label} for s in meta.sides_of()]}


def _label(meta, role: str) -> str:
    return "Umpire" if role == UMPIRE else meta.label(role)


def _side_label(meta, role: str) -> str | None:
    """The side a seat sits on, named only when the side has several seats (else the seat's name says it)."""
    side = meta.side_of(role)
    return side.label if side is not None and len(side.seats) > 1 else None


def seat_invites(db: DB, game: Game, user_id: int) -> list[dict[str, Any]]:
    """The host's view of the seats still waiting for a person: each invite-only seat's current link token (shown
    whenever the host looks, so a reload never loses it), and which seats are open to anyone."""
    if game.created_by != user_id or game.status != "open":
        return []
    meta = rules_for(game).meta
    out = []
    for seat in seats_of(db, game.id):
        if seat.user_id is not None or seat.bot is not None:
            continue
        out.append({"role": seat.role, "label": _label(meta, seat.role), "side_label": _side_label(meta, seat.role),
                    "access": seat.access,
                    "token": invite_token(game, seat) if seat.access == "invite" and seat.invite_hash else None})
    return out


def manage_invite(db: DB, user_id: int, game_id: str, role: str, do: str) -> Seat:
    """The host renews a seat's invite (the old link stops working), revokes it (no link works until renewed),
    or switches the seat between invite-only and open to anyone."""
    game = db.scalar(select(Game).where(Game.id == game_id).with_for_update()
                     if db.get_bind().dialect.name == "postgresql" else select(Game).where(Game.id == game_id))
    if game is None:
        raise NotFound("There is no such game.")
    if game.created_by != user_id:
        raise Forbidden("Only the game's host can manage its invitations.")
    seat = next((s for s in seats_of(db, game_id) if s.role == role), None)
    if seat is None:
        raise NotFound("This game has no such seat.")
    db.refresh(seat)
    if seat.user_id is not None or seat.bot is not None:
        raise Conflict("That seat is taken already.")
    if do == "renew":
        seat.access, seat.invite_round = "invite", seat.invite_round + 1
        _issue_invite(game, seat)
    elif do == "revoke":
        seat.access, seat.invite_hash = "invite", None
    elif do == "open":
        seat.access, seat.invite_hash = "open", None
    else:
        raise BadRequest("Renew, revoke or open the seat.")
    return seat


def open_seats(db: DB, user_id: int | None = None) -> list[dict[str, Any]]:
    rows = db.execute(select(Seat, Game).join(Game, Game.id == Seat.game_id)
                      .where(Game.status == "open", Seat.user_id.is_(None), Seat.bot.is_(None),
                             Seat.access == "open")
                      .order_by(Game.created_at.desc()).limit(100)).all()
    out = []
    for seat, game in rows:
        rules = registry.get(game.game)
        if rules is None or not rules.meta.listed:
            continue
        host = db.get(User, game.created_by)
        out.append({"game_id": game.id, "game": rules.meta.title, "scenario": game.scenario,
                    "scenario_title": rules.meta.scenario_title(game.scenario), "role": seat.role, "role_label": _label(rules.meta, seat.role),
                    "side_label": _side_label(rules.meta, seat.role),
                    "host": host.username if host else "?", "umpired": game.umpired,
                    "clock": game.clock.get("setting", "none"), "mine": game.created_by == user_id,
                    "sandbox": game.sandbox, "rated": game.rated, "bidding": bidding.pending(game),
                    "sides": [{"id": s.id, "label": s.label} for s in rules.meta.sides_of()]})
    return out


def my_games(db: DB, user_id: int) -> list[dict[str, Any]]:
    """The player's games, newest activity first: who they play against, where the game stands (Game-Turn and
    phase, as the player's own view names them), and whose move it is."""
    rows = db.execute(select(Seat, Game).join(Game, Game.id == Seat.game_id).where(Seat.user_id == user_id)
                      .order_by(Game.updated_at.desc(), Game.id, Seat.id).limit(200)).all()
    out = []
    stamps = []
    for seat, game in rows:
        rules = registry.get(game.game)
        if rules is None:
            continue
        meta = rules.meta
        waiting = prompted_roles(db, game) if game.status == "active" else []
        others = []
        all_seats = seats_of(db, game.id)
        several = sum(1 for s in all_seats if s.user_id == user_id) > 1
        for other in all_seats:
            if other.role == seat.role:
                continue
            who = db.get(User, other.user_id).username if other.user_id else ("computer" if other.bot else "open")
            others.append({"role_label": _label(meta, other.role), "player": who})
        out.append({"game_id": game.id, "game": meta.title, "title": game.title or meta.title,
                    "scenario": game.scenario, "scenario_title": meta.scenario_title(game.scenario),
                    "role": seat.role, "role_label": _label(meta, seat.role), "status": game.status, "your_move": seat.role in waiting,
                    "waiting_for": [_label(meta, r) for r in waiting if r != seat.role],
                    "version": role_version(game, seat.role),
                    "opponents": others, "stage": stage(db, game, rules, seat.role), "sandbox": game.sandbox,
                    "rated": game.rated,
                    "host": game.created_by == user_id,
                    # a user holding several seats opens the game at this one (the page's seat switcher)
                    "url": f"/games/{game.id}?seat={seat.role}" if several else f"/games/{game.id}"})
        stamps.append(_last_news(db, game, seat.role))
    # Newest activity first, as this player knows it: when their own prompt last changed (or the game ended).
    # Never the game's own last write, which would move a game up whenever the other side revised its orders.
    order = sorted(range(len(out)), key=lambda i: stamps[i], reverse=True)
    return [out[i] for i in order]


def _last_news(db: DB, game: Game, role: str) -> str:
    seq = game.version if game.status == "ended" else (game.prompt_versions or {}).get(role, 0)
    at = db.scalar(select(ActionRow.at).where(ActionRow.game_id == game.id, ActionRow.seq == seq)) if seq else None
    at = at or game.created_at
    return at.isoformat()[:26]


def stage(db: DB, game: Game, rules, role: str) -> str:
    """'Game-Turn 2 · Plot Phase': what the player's own view says of where the game stands."""
    if game.status == "open":
        return "Waiting for players"
    if game.status == "ended":
        outcome = game.outcome or {}
        winner = outcome.get("winner")
        known = (*rules.meta.roles, *(s.id for s in rules.meta.sides_of()))  # a team game's winner is a side
        return f"Over: {_label(rules.meta, winner)} won" if winner in known else "Over"
    view = view_for(rules, load_state(db, game), role, False)
    if not isinstance(view, dict):
        return ""
    parts = []
    if isinstance(view.get("turn"), int):
        parts.append(f"Game-Turn {view['turn']}")
    step = view.get("step") or view.get("phase_title")
    if isinstance(step, str) and step:
        parts.append(step)
    elif isinstance(view.get("round"), int):
        parts.append(f"Round {view['round']}")
    return " · ".join(parts)


_HELD = select(Seat.role).where(Seat.game_id == bindparam("game_id"), Seat.user_id == bindparam("user_id"))


def seats_held(db: DB, game: Game, user_id: int | None) -> list[str]:
    """The seats a user holds in a game, in the order the game lists its seats (the umpire's last)."""
    if user_id is None:
        return []
    return in_seat_order(game, set(db.scalars(_HELD, {"game_id": game.id, "user_id": user_id})))


def in_seat_order(game: Game, roles) -> list[str]:
    """`roles` in the order the game lists its seats (the umpire's last)."""
    order = [*rules_for(game).meta.seats(), UMPIRE]
    return sorted(roles, key=lambda r: order.index(r) if r in order else len(order))


def role_of(db: DB, game: Game, user_id: int | None, seat: str | None = None) -> str:
    """The viewer's role in a game: the seat they name (which they must hold), else their first seat, else
    spectator."""
    held = seats_held(db, game, user_id)
    if seat:
        return _held(game, held, seat)
    return held[0] if held else SPECTATOR


def _held(game: Game, held: list[str], seat: str) -> str:
    if seat not in held:
        meta = rules_for(game).meta
        known = seat in (*meta.seats(), UMPIRE)
        name = _label(meta, seat) if known else repr(seat)
        raise Forbidden(f"You do not hold the seat {name} in this game: only its own player may see or act for it."
                        if known else f"This game has no seat {name}.")
    return seat


def require_game(db: DB, game_id: str) -> Game:
    game = db.get(Game, game_id)
    if game is None:
        raise NotFound("There is no such game.")
    return game


def require_seat(db: DB, game: Game, user_id: int, seat: str | None = None) -> str:
    """The seat a user acts for: the one they name, which they must hold (a teammate may not act for another's
    seat), or their only seat. A user holding several seats must say which one."""
    held = seats_held(db, game, user_id)
    if not held:
        raise Forbidden("Only a player with a seat in this game can do that.")
    if seat:
        return _held(game, held, seat)
    if len(held) > 1:
        meta = rules_for(game).meta
        raise BadRequest("You hold several seats in this game (" + ", ".join(_label(meta, r) for r in held)
                         + "): say which one you act for (seat).")
    return held[0]
