"""The archive of finished games (issue 20 item 4): browsable and searchable by game, scenario, player, result and
date, newest first, each opening its replay and its after-action report. Only the public record of each game: its
title, scenario, sides, players, result and dates. A tutorial is the learner's own and is left out; a player who
keeps their page private is named "a private player" and cannot be searched for."""
from __future__ import annotations

from datetime import date, datetime, time, timezone
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as DB

from app import games as registry
from app.engine.contract import UMPIRE
from app.play import accounts
from app.play.errors import BadRequest
from app.store.models import Game, Seat, User

PAGE = 50
LAST_PAGE = 1_000_000  # 50 million finished games


def _day(text: str, name: str) -> datetime | None:
    if not text:
        return None
    try:
        return datetime.combine(date.fromisoformat(text), time.min, tzinfo=timezone.utc)
    except ValueError:
        raise BadRequest(f"Write the {name} date as YYYY-MM-DD, e.g. 2026-11-30.") from None


def seated(db: DB, game_ids: list[str]) -> dict[str, list[tuple[Seat, User | None]]]:
    """Every seat of a page of games with its player, in one query (not one per game and seat)."""
    out: dict[str, list[tuple[Seat, User | None]]] = {}
    if game_ids:
        q = (select(Seat, User).outerjoin(User, User.id == Seat.user_id).where(Seat.game_id.in_(game_ids))
             .order_by(Seat.id))
        for seat, user in db.execute(q):
            out.setdefault(seat.game_id, []).append((seat, user))
    return out


def public_name(seat: Seat, user: User | None) -> str:
    """Who sat at a seat, as anyone may read it: a player who keeps their page private is not named."""
    if user is None:
        return "computer" if seat.bot else "open"
    return "a private player" if user.profile_hidden else user.username


def search(db: DB, game: str = "", scenario: str = "", player: str = "", result: str = "", since: str = "",
           until: str = "", page: int = 1) -> dict[str, Any]:
    if game and registry.get(game) is None:
        raise BadRequest("There is no such game.")
    q = select(Game).where(Game.status == "ended").order_by(Game.updated_at.desc(), Game.id)
    if game:
        q = q.where(Game.game == game)
    if scenario:
        q = q.where(Game.scenario == scenario)
    start, end = _day(since, "first"), _day(until, "last")
    if start:
        q = q.where(Game.updated_at >= start)
    if end:
        q = q.where(Game.updated_at < datetime.combine(end.date(), time.max, tzinfo=timezone.utc))
    if player:
        who = accounts.by_name(db, player)
        if who is None or who.profile_hidden:
            return {"games": [], "page": 1, "more": False}
        q = q.where(Game.id.in_(select(Seat.game_id).where(Seat.user_id == who.id)))
    if result == "drawn":
        q = q.where(Game.outcome["winner"].as_string().is_(None))
    elif result:
        q = q.where(Game.outcome["winner"].as_string() == result)
    if not 1 <= page <= LAST_PAGE:  # past it the offset no longer fits a database integer (was a 500)
        raise BadRequest(f"Pages are numbered from 1 to {LAST_PAGE:,}.")
    q = q.where(Game.options["tutorial"].as_string().is_(None))  # a tutorial is the learner's own
    out = []
    rows = list(db.scalars(q.offset((page - 1) * PAGE).limit(PAGE + 1)))
    seated_at = seated(db, [g.id for g in rows[:PAGE]])
    for g in rows[:PAGE]:
        rules = registry.get(g.game)
        if rules is None:
            continue
        winner = (g.outcome or {}).get("winner")
        meta = rules.meta
        names = {}
        for s, u in seated_at.get(g.id, ()):
            if s.role == UMPIRE:
                continue
            who = public_name(s, u)
            side = meta.side_of(s.role)
            names.setdefault(side.label if side else meta.label(s.role), []).append(who)
        out.append({"game_id": g.id, "game": meta.title, "type": g.game, "scenario": g.scenario,
                    "scenario_title": meta.scenario_title(g.scenario),
                    "sides": {k: sorted(set(v)) for k, v in names.items()},
                    "winner": meta.label(winner) if winner and winner in meta.roles else
                    next((s.label for s in meta.sides_of() if s.id == winner), None),
                    "how": (g.outcome or {}).get("level"), "reason": (g.outcome or {}).get("reason"),
                    "rated": g.rated, "sandbox": g.sandbox, "actions": g.version,
                    "ended": g.updated_at.date().isoformat()})
    return {"games": out, "page": page, "more": len(rows) > PAGE}
