"""failed sign-ins in the database, so the limit holds across server processes (issue 10 item 6, issue 18)

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30 15:00:00

- signin_failures: one row per failed sign-in, keyed by account or client address, pruned once out of the window.
"""
import sqlalchemy as sa
from alembic import op

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'signin_failures',
        sa.Column('id', sa.Integer(), primary_key=True),
        sa.Column('key', sa.String(length=120), nullable=False),
        sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index('ix_signin_failures_key', 'signin_failures', ['key'])
    op.create_index('ix_signin_failures_at', 'signin_failures', ['at'])


def downgrade() -> None:
    op.drop_index('ix_signin_failures_at', table_name='signin_failures')
    op.drop_index('ix_signin_failures_key', table_name='signin_failures')
    op.drop_table('signin_failures')
