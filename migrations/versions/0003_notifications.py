"""notifications: per-user notice settings (opt-in) and the record of notices sent

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30 07:00:00

- notify_settings: a user's e-mail address, webhook URL and chosen events; nothing is sent until `enabled`.
- notices_sent: one row per notice, user, game, kind, prompt version and channel, written before sending so the
  same notice is never sent twice (issue 11, item 16).
"""
from alembic import op
import sqlalchemy as sa


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'notify_settings',
        sa.Column('user_id', sa.Integer(), sa.ForeignKey('users.id', ondelete='CASCADE'), primary_key=True),
        sa.Column('enabled', sa.Boolean(), nullable=False),
        sa.Column('email', sa.String(length=254), nullable=True),
        sa.Column('webhook_url', sa.String(length=500), nullable=True),
        sa.Column('events', sa.JSON(), nullable=False),
        sa.Column('base_url', sa.String(length=200), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        'notices_sent',
        sa.Column('id', sa.Integer(), primary_key=True),
        sa.Column('user_id', sa.Integer(), sa.ForeignKey('users.id', ondelete='CASCADE'), nullable=False),
        sa.Column('game_id', sa.String(length=16), sa.ForeignKey('games.id', ondelete='CASCADE'), nullable=False),
        sa.Column('kind', sa.String(length=10), nullable=False),
        sa.Column('ref', sa.String(length=40), nullable=False),
        sa.Column('channel', sa.String(length=10), nullable=False),
        sa.Column('status', sa.String(length=10), nullable=False),
        sa.Column('error', sa.String(length=200), nullable=True),
        sa.Column('at', sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint('user_id', 'game_id', 'kind', 'ref', 'channel', name='uq_notices_sent_once'),
    )
    op.create_index('ix_notices_sent_user_id', 'notices_sent', ['user_id'])
    op.create_index('ix_notices_sent_game_id', 'notices_sent', ['game_id'])


def downgrade() -> None:
    op.drop_index('ix_notices_sent_game_id', table_name='notices_sent')
    op.drop_index('ix_notices_sent_user_id', table_name='notices_sent')
    op.drop_table('notices_sent')
    op.drop_table('notify_settings')
