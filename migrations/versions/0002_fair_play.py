"""fair play: submission keys scoped to the submitter; seats open to anyone or by invite, with renewable invites

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30 06:00:00

- actions: a key is unique per (game, role, key), not per game, so one side cannot squat the key another side's
  page will carry next (issue 10, item 1).
- seats.access: "invite" (joinable only through its invite, not listed) or "open" (listed in the lobby).
- seats.invite_round: the invite's generation; a renewed invite is derived from the game's seed and the next
  round, so the host can always see it again and a revoked link stops working.
"""
from alembic import op
import sqlalchemy as sa


revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None

# SQLite reflects 0001's unique constraints without names; a naming convention lets batch mode find them.
NAMING = {"uq": "uq_%(table_name)s_%(column_0_N_name)s"}


def _unique_name(columns: list[str]) -> str:
    """The database's own name for the actions table's unique constraint on `columns` (PostgreSQL named it)."""
    for uq in sa.inspect(op.get_bind()).get_unique_constraints("actions"):
        if uq["column_names"] == columns and uq.get("name"):
            return uq["name"]
    return "uq_actions_" + "_".join(columns)


def upgrade() -> None:
    old = _unique_name(["game_id", "key"])
    with op.batch_alter_table('actions', schema=None, naming_convention=NAMING) as batch_op:
        batch_op.drop_constraint(old, type_='unique')
        batch_op.create_unique_constraint('uq_actions_game_id_role_key', ['game_id', 'role', 'key'])
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('access', sa.String(length=10), nullable=False, server_default='invite'))
        batch_op.add_column(sa.Column('invite_round', sa.Integer(), nullable=False, server_default='0'))


def downgrade() -> None:
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.drop_column('invite_round')
        batch_op.drop_column('access')
    with op.batch_alter_table('actions', schema=None, naming_convention=NAMING) as batch_op:
        batch_op.drop_constraint('uq_actions_game_id_role_key', type_='unique')
        batch_op.create_unique_constraint('uq_actions_game_id_key', ['game_id', 'key'])
