"""Lean storage (issue 18): snapshots are stored compressed, an existing database's snapshots are packed by the
migration (and unpacked by its downgrade) without losing a position, and a finished game keeps only the snapshots a
replay needs."""
from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import command

from app.store.migrations import alembic_config

POSITION = {"turn": 3, "log": [{"text": "Segment 4: TF 12 sighted"}] * 50, "units": {"CV-6": {"hex": "2412"}}}


def test_the_migration_packs_existing_snapshots_and_its_downgrade_restores_them(tmp_path):
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'old.db'}")
    with engine.begin() as conn:
        cfg = alembic_config()
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0003")
        conn.execute(sa.text("INSERT INTO snapshots (game_id, seq, phase, state) VALUES ('g1', 0, 'setup', :s)"),
                     {"s": json.dumps(POSITION)})
        command.upgrade(cfg, "head")
        packed = conn.execute(sa.text("SELECT state FROM snapshots")).scalar_one()
        assert isinstance(packed, bytes) and len(packed) < len(json.dumps(POSITION)) / 5
        from app.store.models import Snapshot
        snap = sa.orm.Session(bind=conn).get(Snapshot, ("g1", 0))
        assert snap.state == POSITION and snap.phase == "setup"
        command.downgrade(cfg, "0003")
        assert json.loads(conn.execute(sa.text("SELECT state FROM snapshots")).scalar_one()) == POSITION


def test_a_finished_game_keeps_few_snapshots_and_every_moment_still_replays_exactly(players, monkeypatch):
    """While the duel runs there is a snapshot per round; when it ends they are thinned to the set-up, the end and
    one at least every `snapshot_keep_every` actions, and every version rebuilds from a kept one to the same position
    a full replay from the set-up gives."""
    from app.config import get_settings
    from app.play import state as state_module
    from app.store.db import transaction
    from app.store.models import Game
    from tests.platform.conftest import play_round, snapshots_of, start_duel

    monkeypatch.setattr(get_settings(), "snapshot_keep_every", 5)
    red, blue = players(), players()
    gid = start_duel(red, blue, hits=5, sandbox=True, dice=[3, 3] * 8)  # ties: nobody scores, so the magazines run down
    for _ in range(7):
        play_round(red, blue, gid)
    running = [s.seq for s in snapshots_of(gid)]
    assert len(running) >= 8  # the set-up and one a round
    assert red.post(f"/api/games/{gid}/resign", json={}).status_code == 200
    kept = [s.seq for s in snapshots_of(gid)]
    assert kept[0] == 0 and kept[-1] == running[-1] and len(kept) < len(running)
    assert all(b - a <= 5 for a, b in zip(kept, kept[1:])), kept

    with transaction() as db:
        game = db.get(Game, gid)
        full = state_module.state_at(db, game, 0)
        rules = state_module.rules_for(game)
        rows = list(db.scalars(sa.select(state_module.ActionRow).where(state_module.ActionRow.game_id == gid)
                               .order_by(state_module.ActionRow.seq)))
        for row in rows:
            full = state_module.replay_row(rules, full, row)
            assert state_module.state_at(db, game, row.seq) == full, row.seq


def test_thinning_keeps_the_ends_the_undo_positions_and_no_gap_wider_than_asked():
    from app.play.snapshots import kept

    taken = [0, 2, 4, 6, 8, 10, 12, 14, 16, 40, 42]
    keep = sorted(kept(taken, {10}, 5))
    assert keep[0] == 0 and keep[-1] == 42 and 10 in keep  # an undo's restored position is never replayed past
    assert all(b - a <= 5 or (a, b) == (16, 40) for a, b in zip(keep, keep[1:])), keep  # 16..40 was already a gap
    assert len(keep) < len(taken)
