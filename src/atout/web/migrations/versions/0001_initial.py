"""The first schema: tables, their seats and the event log.

Revision ID: 0001
Revises:
Create Date: 2026-11-29

This is the schema that ``metadata.create_all`` made before the migrations existed; a
database made that way is stamped with this revision when first opened
(see :func:`atout.web.store.migrate`).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from atout.web.columns import digest, game, key, lang, seat_key, stamp, table_log

revision = "0001"
down_revision: str | None = None


def upgrade() -> None:
    op.create_table(
        "atout_tables",
        key(),
        game(),
        sa.Column("options", sa.String(400), nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        lang(),
        stamp("created_at"),
        stamp("finished_at", nullable=True),
    )
    op.create_table(
        "atout_seats",
        *seat_key(),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("bot", sa.String(40), nullable=True),
        digest("token_hash", nullable=True),
    )
    op.create_table("atout_events", *table_log(sa.Column("action", sa.String(40), nullable=False)))


def downgrade() -> None:
    op.drop_table("atout_events")
    op.drop_table("atout_seats")
    op.drop_table("atout_tables")
