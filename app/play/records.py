"""Reading a game's record: replays at a moment, the exported action log, and dice verification."""
from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as DB

from app.engine.contract import SPECTATOR, UMPIRE
from app.play.dice import seed_matches, verify_rolls
from app.play.errors import BadRequest, Forbidden
from app.play.state import rules_for, state_at, view_for
from app.store.models import ActionRow, Game


def may_see_record(game: Game, role: str) -> bool:
    """Replays and exports of a running game are for the umpire only; after the end, for everyone."""
    return game.status == "ended" or role == UMPIRE


def replay_view(db: DB, game: Game, viewer_role: str, seq: int, eyes: str | None) -> dict[str, Any]:
    if not may_see_record(game, viewer_role):
        raise Forbidden("The replay opens when the game is over.")
    if not 0 <= seq <= game.version:
        raise BadRequest(f"Choose a moment from 0 to {game.version}.")
    rules = rules_for(game)
    eyes = eyes or UMPIRE
    if eyes not in (*rules.meta.roles, UMPIRE, SPECTATOR):
        raise BadRequest("See the game through one side's eyes, or all-seeing (umpire).")
    state = state_at(db, game, seq)
    row = db.scalar(select(ActionRow).where(ActionRow.game_id == game.id, ActionRow.seq == seq)) if seq else None
    return {"seq": seq, "last": game.version, "eyes": eyes, "view": view_for(rules, state, eyes, False),
            "action": {"role": row.role, "action": row.action} if row and eyes in (UMPIRE, row.role) else None}


def export(db: DB, game: Game, viewer_role: str) -> dict[str, Any]:
    if not may_see_record(game, viewer_role):
        raise Forbidden("The record can be exported when the game is over.")
    rows = db.scalars(select(ActionRow).where(ActionRow.game_id == game.id).order_by(ActionRow.seq))
    return {"game": game.game, "id": game.id, "scenario": game.scenario, "options": game.options,
            "commitment": game.commitment, "seed": game.seed.hex() if game.status == "ended" else None,
            "outcome": game.outcome, "setup_rolls": game.setup_rolls,
            "actions": [{"seq": r.seq, "role": r.role, "action": r.action, "rolls": r.rolls,
                         "at": r.at.isoformat()} for r in rows]}


def verify(db: DB, game: Game) -> dict[str, Any]:
    """Recompute every roll from the seed. Before the end the seed is secret, so only the commitment shows."""
    if game.status != "ended":
        return {"ok": None, "revealed": False, "commitment": game.commitment,
                "message": "The seed is revealed when the game ends; then every roll can be recomputed."}
    rows = db.scalars(select(ActionRow).where(ActionRow.game_id == game.id).order_by(ActionRow.seq))
    report = verify_rolls(game.seed, game.id, [(0, game.setup_rolls or [])] + [(r.seq, r.rolls) for r in rows])
    report.update(revealed=True, commitment=game.commitment, seed=game.seed.hex(),
                  commitment_ok=seed_matches(game.seed, game.commitment))
    report["ok"] = report["ok"] and report["commitment_ok"]
    return report
