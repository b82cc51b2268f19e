"""Hot seat (issue 16): one person plays every side of a game at one screen.

The lobby's choice `opponent="hot_seat"` seats the creator in every seat but the umpire's (lobby.create_game); the
game is never rated (ratings.why_unrated) and nobody else can join, since no seat is left. The player chose to see
both sides' information. As on a tutorial's page, the game page shows the seat the game asks now: without a `seat`
named, the first of the player's seats that is prompted (`seat_to_move`), and after each order sent from the page
(app/web/pages.py) the page is reloaded, so it follows the turn to the other side."""
from __future__ import annotations

from sqlalchemy.orm import Session as DB

from app.engine.contract import UMPIRE
from app.play import lobby
from app.play.state import load_state, prompts_of, rules_for
from app.store.models import Game

OPPONENT = "hot_seat"


def holds_every_side(db: DB, game: Game, user_id: int | None) -> bool:
    """True when `user_id` holds seats of more than one side: a hot-seat game (or a tutorial, every seat its
    learner's). Never true in any other game: a player may hold seats of one side only (lobby._may_add_seat)."""
    meta = rules_for(game).meta
    held = [r for r in lobby.seats_held(db, game, user_id) if r != UMPIRE]
    return len({(meta.side_of(r).id if meta.side_of(r) else r) for r in held}) > 1


def seat_to_move(db: DB, game: Game, user_id: int | None) -> str | None:
    """The seat the page shows a player who holds every side: the first of theirs the game asks now (None: leave
    the choice to lobby.role_of, i.e. their first seat)."""
    if game.status != "active" or not holds_every_side(db, game, user_id):
        return None
    prompts = prompts_of(rules_for(game), load_state(db, game))
    return next((r for r in lobby.seats_held(db, game, user_id) if r in prompts), None)
