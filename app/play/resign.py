"""A side resigns: the game ends at once and the other side wins. In a team game any seat of a side resigns for
the whole side (the side loses as one), and the winner is the other side. Recorded in the action log as the platform's
own '_resign' (never passed to the rules), so replays and exports show where the game stopped."""
from __future__ import annotations

from app.play import ratings, snapshots
from app.play.errors import Conflict, Forbidden
from app.play.state import load_state, phase_of, rules_for
from app.play.submit import append_record, lock_game
from app.store.db import transaction


def resign(game_id: str, role: str, user_id: int) -> dict:
    with transaction() as db:
        game = lock_game(db, game_id)
        rules = rules_for(game)
        meta = rules.meta
        side = meta.side_of(role)
        if side is None:
            raise Forbidden("Only a side can resign.")
        if game.status != "active":
            raise Conflict("Only a running game can be resigned.")
        append_record(db, game, role, "_resign", {}, "resigned", phase_of(rules, load_state(db, game)), user_id)
        others = [s.id for s in meta.sides_of() if s.id != side.id]
        who = meta.label(role) if len(side.seats) == 1 else f"{side.label} ({meta.label(role)})"
        game.status, game.deadlines = "ended", {}
        game.outcome = {"winner": others[0] if len(others) == 1 else None, "level": "resigned",
                        "reason": f"{who} resigned"}
        snapshots.thin(db, game)
        ratings.on_end(db, game)
        return dict(game.outcome)
