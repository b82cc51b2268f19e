"""Reading a game's record: replays at a moment, the exported action log, and dice verification."""
from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as DB

from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.testing import state_hash
from app.play.dice import seed_matches, verify_rolls
from app.play.errors import BadRequest, Forbidden
from app.play.state import load_state, rules_for, state_at, view_for
from app.store.models import ActionRow, Game, Snapshot


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
            "version": game.version, "final_state_hash": state_hash(load_state(db, game)),
            "commitment": game.commitment, "seed": game.seed.hex() if game.status == "ended" else None,
            "outcome": game.outcome, "setup_rolls": game.setup_rolls,
            "actions": [{"seq": r.seq, "role": r.role, "action": r.action, "rolls": r.rolls, "phase": r.phase,
                         "note": r.note, "at": r.at.isoformat()} for r in rows]}


def turn_of(phase: str) -> str:
    """Games name phases 'turn/phase' (e.g. 'turn-3/plot-1'); the part before the slash is the turn."""
    return phase.split("/", 1)[0]


def eyes_choices(game: Game) -> list[dict[str, str]]:
    rules = rules_for(game)
    return [*({"id": r, "label": rules.meta.label(r)} for r in rules.meta.roles),
            {"id": UMPIRE, "label": "All-seeing"}]


def steps(db: DB, game: Game, seq: int) -> dict[str, Any]:
    """Where the replay's buttons go from `seq`: by action, by phase and by turn, forward and back."""
    rows = list(db.execute(select(ActionRow.seq, ActionRow.phase).where(ActionRow.game_id == game.id)
                           .order_by(ActionRow.seq)))
    first_phase = db.scalar(select(Snapshot.phase).where(Snapshot.game_id == game.id, Snapshot.seq == 0)) or ""
    phases = [(0, first_phase)] + [(r.seq, r.phase or "") for r in rows]
    here = dict(phases).get(seq, "")

    def boundary(key, forward: bool) -> int | None:
        if forward:
            return next((s for s, p in phases if s > seq and key(p) != key(here)), None)
        # back: the start of this stretch, or if already there, the start of the previous one
        starts = [s for i, (s, p) in enumerate(phases) if i == 0 or key(p) != key(phases[i - 1][1])]
        earlier = [s for s in starts if s < seq]
        return earlier[-1] if earlier else None
    same = lambda p: p  # noqa: E731
    return {"first": 0, "last": game.version, "prev": seq - 1 if seq > 0 else None,
            "next": seq + 1 if seq < game.version else None, "phase": here, "turn": turn_of(here),
            "prev_phase": boundary(same, False), "next_phase": boundary(same, True),
            "prev_turn": boundary(turn_of, False), "next_turn": boundary(turn_of, True)}


def after_action(db: DB, game: Game, viewer_role: str) -> dict[str, Any]:
    """The after-action report: who won and how, the dice, the missed orders, the turns, and the whole log."""
    if game.status != "ended":
        raise Forbidden("The after-action report is written when the game is over.")
    rules = rules_for(game)
    state = load_state(db, game)
    rows = list(db.scalars(select(ActionRow).where(ActionRow.game_id == game.id).order_by(ActionRow.seq)))
    dice: dict[str, dict[int, int]] = {}
    for roll in [r for row in rows for r in row.rolls] + list(game.setup_rolls or []):
        faces = dice.setdefault(f"d{roll['sides']}", {})
        faces[roll["value"]] = faces.get(roll["value"], 0) + 1
    turns: list[dict[str, Any]] = []
    for row in rows:
        turn = turn_of(row.phase or "")
        if not turns or turns[-1]["turn"] != turn:
            turns.append({"turn": turn, "from": row.seq, "to": row.seq})
        turns[-1]["to"] = row.seq
    extra = getattr(rules, "report", None)
    full = view_for(rules, state, UMPIRE, True)
    return {"title": rules.meta.title, "scenario": game.scenario, "outcome": game.outcome,
            "actions": len(rows), "missed": game.missed or {},
            "missed_orders": [{"seq": r.seq, "role": r.role} for r in rows if r.note == "missed order"],
            "dice": {k: dict(sorted(v.items())) for k, v in dice.items()}, "turns": turns,
            "final_state_hash": state_hash(state), "log": full.get("log", []) if isinstance(full, dict) else [],
            "game_report": extra(state) if extra else None, "version": game.version}


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
