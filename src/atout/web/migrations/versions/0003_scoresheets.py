"""Scoresheets kept by hand at a real table (the scorekeeper, docs/scorekeeper.md).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "atout_scoresheets",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("lang", sa.String(5), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("atout_scoresheets")
