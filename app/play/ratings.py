"""Ratings (issue 20): per game type, with openskill's Plackett-Luce model, which rates teams as well as single
players (a Guadalcanal rule 17 side of several commanders is one team).

A game is rated when its creator chose so at creation, and never if it is a sandbox (scripted dice), has a computer
seat, is played hot seat (one person holds every side), or is a solitaire. When a rated game ends, each side's
players (the distinct users holding its seats; the umpire is not a player) are rated once: a win, a loss, or a draw
when the game names no winner. A game won by a claim after the other side missed its orders is not rated (the loser
did not play it out). The update happens in the transaction that ends the game, under the game's row lock, and each
(game, player) change is a row with that primary key, so it happens exactly once even when two requests race to end
the game.
"""
from __future__ import annotations

from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import select
from sqlalchemy.orm import Session as DB

from app.engine.contract import UMPIRE
from app.play.clock import now
from app.play.state import rules_for
from app.store.models import Game, Rating, RatingChange, Seat, User

MODEL = PlackettLuce()
UNRATED_ENDINGS = {"claimed"}


def why_unrated(*, sandbox: bool, opponent: str, solitaire: bool) -> str | None:
    """Why a game asked to be rated cannot be, in a player's words; None if it can."""
    if sandbox:
        return "A sandbox game is never rated: its dice can be scripted."
    if opponent == "computer":
        return "A game against the computer is never rated."
    if opponent == "hot_seat":
        return "A hot-seat game is never rated: you play both sides."
    if solitaire:
        return "A solitaire game is never rated."
    return None


def shown(mu: float, sigma: float) -> dict[str, float]:
    """A rating as players read it: the conservative figure (mean less three uncertainties) and its parts."""
    return {"rating": round(mu - 3 * sigma, 1), "mu": round(mu, 1), "sigma": round(sigma, 1)}


def _current(db: DB, user_id: int, game: str) -> Rating:
    row = db.get(Rating, (user_id, game))
    if row is None:
        fresh = MODEL.rating()
        row = Rating(user_id=user_id, game=game, mu=fresh.mu, sigma=fresh.sigma, games=0, updated_at=now())
        db.add(row)
    return row


def on_end(db: DB, game: Game) -> bool:
    """Rate an ended game if it is rated; True if ratings changed. Call inside the transaction that ended it."""
    outcome = game.outcome or {}
    if not game.rated or game.status != "ended" or outcome.get("level") in UNRATED_ENDINGS:
        return False
    if db.scalar(select(RatingChange.game_id).where(RatingChange.game_id == game.id).limit(1)) is not None:
        return False  # rated already
    meta = rules_for(game).meta
    seats = db.scalars(select(Seat).where(Seat.game_id == game.id, Seat.role != UMPIRE))
    teams: dict[str, list[int]] = {}
    for seat in seats:
        if seat.bot is not None or seat.user_id is None:
            return False  # a computer or an empty seat: not a rated game after all
        side = meta.side_of(seat.role)
        members = teams.setdefault(side.id if side else seat.role, [])
        if seat.user_id not in members:
            members.append(seat.user_id)
    if len(teams) < 2 or len({u for m in teams.values() for u in m}) < sum(len(m) for m in teams.values()):
        return False  # one person on two sides (never allowed, but never rate it)
    winner = outcome.get("winner")
    order = sorted(teams)
    ratings = {side: [_current(db, u, game.game) for u in teams[side]] for side in order}
    ranks = [1 if winner is None or side == winner else 2 for side in order]
    new = MODEL.rate([[MODEL.rating(mu=r.mu, sigma=r.sigma) for r in ratings[side]] for side in order], ranks=ranks)
    at = now()
    for side, team in zip(order, new):
        result = "drawn" if winner is None else ("won" if side == winner else "lost")
        for row, after in zip(ratings[side], team):
            db.add(RatingChange(game_id=game.id, user_id=row.user_id, side=side, result=result, mu_before=row.mu,
                                sigma_before=row.sigma, mu_after=after.mu, sigma_after=after.sigma, at=at))
            row.mu, row.sigma, row.games, row.updated_at = after.mu, after.sigma, row.games + 1, at
    db.flush()
    return True


def of_player(db: DB, user_id: int) -> list[dict[str, Any]]:
    return [{"game": r.game, "games": r.games, **shown(r.mu, r.sigma)}
            for r in db.scalars(select(Rating).where(Rating.user_id == user_id).order_by(Rating.game))]


MIN_GAMES = 3  # a leaderboard lists players with at least this many rated games


def leaderboard(db: DB, game: str, limit: int = 100) -> list[dict[str, Any]]:
    rows = db.execute(select(Rating, User.username).join(User, User.id == Rating.user_id)
                      .where(Rating.game == game, Rating.games >= MIN_GAMES, User.profile_hidden.is_(False)))
    board = sorted(({"player": name, "games": r.games, **shown(r.mu, r.sigma)} for r, name in rows),
                   key=lambda e: (-e["rating"], e["player"].lower()))
    return [dict(e, rank=i + 1) for i, e in enumerate(board[:limit])]
