"""ratings and rematches: rated games, players' ratings per game and each rated game's change, hidden profiles,
rematches (issue 20)

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30 12:30:00

- games.rated: the creator's choice (never for sandbox games or games against the computer).
- games.rematch_of, games.reserved: a rematch's ended game, and its seats kept for that game's players.
- users.profile_hidden: the player's page shows only the name; leaderboards leave them out.
- users.show_current: the player's page lists their running games (off unless they choose it).
- ratings: (user, game) -> openskill mean and uncertainty, number of rated games.
- rating_changes: one row per rated game and player, written once when the game ends.
"""
import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('games') as batch_op:
        batch_op.add_column(sa.Column('rated', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column('rematch_of', sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column('reserved', sa.JSON(), nullable=True))
        batch_op.create_index('ix_games_rematch_of', ['rematch_of'])
    with op.batch_alter_table('users') as batch_op:
        batch_op.add_column(sa.Column('profile_hidden', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column('show_current', sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_table(
        'ratings',
        sa.Column('user_id', sa.Integer(), sa.ForeignKey('users.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('game', sa.String(length=40), primary_key=True),
        sa.Column('mu', sa.Float(), nullable=False),
        sa.Column('sigma', sa.Float(), nullable=False),
        sa.Column('games', sa.Integer(), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index('ix_ratings_game', 'ratings', ['game'])
    op.create_table(
        'rating_changes',
        sa.Column('game_id', sa.String(length=16), sa.ForeignKey('games.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('user_id', sa.Integer(), sa.ForeignKey('users.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('side', sa.String(length=20), nullable=False),
        sa.Column('result', sa.String(length=10), nullable=False),
        sa.Column('mu_before', sa.Float(), nullable=False),
        sa.Column('sigma_before', sa.Float(), nullable=False),
        sa.Column('mu_after', sa.Float(), nullable=False),
        sa.Column('sigma_after', sa.Float(), nullable=False),
        sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index('ix_rating_changes_user_id', 'rating_changes', ['user_id'])


def downgrade() -> None:
    op.drop_table('rating_changes')
    op.drop_index('ix_ratings_game', table_name='ratings')
    op.drop_table('ratings')
    with op.batch_alter_table('users') as batch_op:
        batch_op.drop_column('show_current')
        batch_op.drop_column('profile_hidden')
    with op.batch_alter_table('games') as batch_op:
        batch_op.drop_index('ix_games_rematch_of')
        batch_op.drop_column('reserved')
        batch_op.drop_column('rematch_of')
        batch_op.drop_column('rated')
