"""Scoresheets kept by hand at a real table (the scorekeeper, docs/scorekeeper.md).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from atout.web.columns import digest, game, key, lang, stamp

revision = "0003"
down_revision: str | None = "0002"


def upgrade() -> None:
    op.create_table(
        "atout_scoresheets",
        key(),
        game(),
        lang(),
        digest("token_hash"),
        sa.Column("record", sa.Text, nullable=False),
        stamp("created_at"),
        stamp("updated_at"),
    )


def downgrade() -> None:
    op.drop_table("atout_scoresheets")
