"""When the platform stores a position, and which a finished game keeps (issue 18: lean storage).

While a game runs, a snapshot is taken at every phase change and at least every `snapshot_every` actions, so a cold
load replays a phase at most. When the game ends, the snapshots are thinned: the set-up (seq 0), the last, every
snapshot of a platform record that the rules cannot replay (an '_undo' restores a position by its snapshot), and
enough of the rest that no version lies more than `snapshot_keep_every` actions after a kept one, so a replay of any
moment still rebuilds in a handful of applies. Stored compressed (app/store/packed.py).
"""
from __future__ import annotations

from sqlalchemy import bindparam, delete, select
from sqlalchemy.orm import Session as DB

from app.config import get_settings
from app.play.columns import read
from app.play.state import phase_of
from app.store.models import ActionRow, Game, Snapshot


_LAST = (select(Snapshot.seq, Snapshot.phase).where(Snapshot.game_id == bindparam("game_id"))
         .order_by(Snapshot.seq.desc()).limit(1))


def maybe_take(db: DB, game: Game, rules, state, seq: int) -> None:
    # Its seq and phase only: loading the last snapshot's whole state on every order cost more than the rules.
    # (The statement is built once: building it and its cache key cost about as much as running it.)
    last = read(db, _LAST, {"game_id": game.id}).first()
    phase = phase_of(rules, state)
    if last is None or last.phase != phase or seq - last.seq >= get_settings().snapshot_every \
            or game.status == "ended":
        db.add(Snapshot(game_id=game.id, seq=seq, phase=phase, state=state))


def kept(seqs: list[int], required: set[int], spacing: int) -> set[int]:
    """The snapshots a finished game keeps: the first, the last and the required, and, walking forward, each one
    whose successor lies more than `spacing` actions past the last kept (so every gap is at most `spacing`, or the
    gap that was already there)."""
    seqs = sorted(seqs)
    keep = {seqs[0], seqs[-1], *required} & set(seqs)
    last = seqs[0]
    for here, after in zip(seqs, seqs[1:]):
        if here in keep or after - last > spacing:
            keep.add(here)
            last = here
    return keep


def thin(db: DB, game: Game) -> None:
    """Called when a game ends: drop the snapshots a replay no longer needs."""
    db.flush()
    seqs = list(db.scalars(select(Snapshot.seq).where(Snapshot.game_id == game.id)))
    if len(seqs) < 3:
        return
    records = set(db.scalars(select(ActionRow.seq).where(ActionRow.game_id == game.id,
                                                          ActionRow.action["verb"].as_string() == "_undo")))
    keep = kept(seqs, records, get_settings().snapshot_keep_every)
    db.execute(delete(Snapshot).where(Snapshot.game_id == game.id, Snapshot.seq.not_in(keep)))
