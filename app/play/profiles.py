"""A player's page (issue 20): their ratings, their finished games (result, side, opponents, length), and, if they
choose, their running games. A hidden profile shows the name only. Everything here is public record: who played
which side of a game and how it ended, never anything of a game's hidden information."""
from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as DB

from app import games as registry
from app.engine.contract import UMPIRE
from app.play import accounts, archive, ratings
from app.play.errors import NotFound
from app.store.models import Game, RatingChange, Seat, User


def find(db: DB, username: str) -> User:
    user = accounts.by_name(db, username)
    if user is None:
        raise NotFound("There is no player of that name.")
    return user


def _result(game: Game, side: str | None) -> str:
    outcome = game.outcome or {}
    if side is None:
        return "umpired"
    if outcome.get("winner") is None:
        return "drawn"
    return "won" if outcome.get("winner") == side else "lost"


def _games(db: DB, user: User, status: str, limit: int = 100) -> list[dict[str, Any]]:
    rows = db.execute(select(Seat, Game).join(Game, Game.id == Seat.game_id)
                      .where(Seat.user_id == user.id, Game.status == status)
                      .order_by(Game.updated_at.desc(), Game.id).limit(limit)).all()
    out, seen = [], set()
    seated_at = archive.seated(db, [game.id for _, game in rows]) if status == "ended" else {}
    for seat, game in rows:
        rules = registry.get(game.game)
        if rules is None or game.id in seen or (game.options or {}).get("tutorial"):
            continue  # a tutorial is the learner's practice, not a game played (as in the archive)
        seen.add(game.id)  # a player at two seats of one side is listed once
        meta = rules.meta
        side = meta.side_of(seat.role) if seat.role != UMPIRE else None
        # A running game names no one else: the other players have not chosen to show it.
        others = sorted({archive.public_name(s, u) for s, u in seated_at.get(game.id, ())
                         if s.user_id != user.id and s.role != UMPIRE})
        change = db.get(RatingChange, (game.id, user.id))
        out.append({"game_id": game.id, "game": meta.title, "scenario": game.scenario,
                    "scenario_title": meta.scenario_title(game.scenario),
                    "side": side.label if side else "Umpire", "opponents": others,
                    "result": _result(game, side.id if side else None) if status == "ended" else None,
                    "how": (game.outcome or {}).get("level"), "actions": game.version, "rated": game.rated,
                    "sandbox": game.sandbox, "ended": game.updated_at.date().isoformat(),
                    "rating_change": round((change.mu_after - 3 * change.sigma_after)
                                           - (change.mu_before - 3 * change.sigma_before), 1) if change else None})
    return out


def profile(db: DB, username: str, viewer_id: int | None) -> dict[str, Any]:
    user = find(db, username)
    own = viewer_id == user.id
    base = {"player": user.username, "own": own, "hidden": user.profile_hidden, "show_current": user.show_current}
    if user.profile_hidden and not own:
        return base | {"ratings": [], "finished": [], "current": []}
    return base | {
        "ratings": [dict(r, title=registry.get(r["game"]).meta.title if registry.get(r["game"]) else r["game"])
                    for r in ratings.of_player(db, user.id)],
        "finished": _games(db, user, "ended"),
        "current": _games(db, user, "active") if (user.show_current or own) else []}


def set_visibility(db: DB, user_id: int, hidden: bool, show_current: bool) -> None:
    user = db.get(User, user_id)
    user.profile_hidden, user.show_current = hidden, show_current
