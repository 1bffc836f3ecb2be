"""Duplicate nights: each night's setup, entrants, rounds and results as JSON.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from atout.web.columns import digest, key, lang, stamp

revision = "0008"
down_revision: str | None = "0007"


def upgrade() -> None:
    op.create_table(
        "atout_nights",
        key(),
        lang(),
        digest("token_hash"),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        stamp("created_at"),
        stamp("updated_at"),
    )


def downgrade() -> None:
    op.drop_table("atout_nights")
