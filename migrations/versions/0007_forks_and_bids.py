"""forks and VP bids: a game played on from a moment of a finished game, and sides bid for in victory points
(issue 38)

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02 10:00:00

- games.forked_from, games.forked_at: the finished game a fork was started from and the moment (action number) of
  its replay it starts at; both null for every other game.
- games.bidding: a game whose sides are bid for in victory points (null: no bidding, the default): the bids kept
  secret until every player's is in, then the side each took and the VP given.
"""
import sqlalchemy as sa
from alembic import op

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('games') as batch_op:
        batch_op.add_column(sa.Column('forked_from', sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column('forked_at', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('bidding', sa.JSON(), nullable=True))
        batch_op.create_index('ix_games_forked_from', ['forked_from'])


def downgrade() -> None:
    with op.batch_alter_table('games') as batch_op:
        batch_op.drop_index('ix_games_forked_from')
        batch_op.drop_column('bidding')
        batch_op.drop_column('forked_at')
        batch_op.drop_column('forked_from')
