"""packed snapshots: a snapshot's state is stored zlib-compressed (issue 18: lean storage)

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30 12:00:00

- snapshots.state: JSON -> compressed bytes (app/store/packed.py). Each existing row is packed in place.
"""
import json

import sqlalchemy as sa
from alembic import op

from app.store.packed import pack, unpack

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def _convert(read, write, column_type) -> None:
    bind = op.get_bind()
    with op.batch_alter_table('snapshots') as batch_op:
        batch_op.add_column(sa.Column('converted', column_type, nullable=True))
    rows = bind.execute(sa.text("SELECT game_id, seq, state FROM snapshots")).fetchall()
    for game_id, seq, state in rows:
        bind.execute(sa.text("UPDATE snapshots SET converted = :v WHERE game_id = :g AND seq = :s"),
                     {"v": write(read(state)), "g": game_id, "s": seq})
    with op.batch_alter_table('snapshots') as batch_op:
        batch_op.drop_column('state')
        batch_op.alter_column('converted', new_column_name='state', nullable=False, existing_type=column_type)


def upgrade() -> None:
    _convert(lambda v: v if isinstance(v, (dict, list)) else json.loads(v), pack, sa.LargeBinary())


def downgrade() -> None:
    _convert(lambda v: unpack(bytes(v)), json.dumps, sa.JSON())
