"""What each learner has answered on the Learn page (docs/learn.md).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from atout.web.columns import digest, stamp

revision = "0004"
down_revision: str | None = "0003"


def upgrade() -> None:
    op.create_table(
        "atout_learn_progress",
        digest("learner_hash", primary_key=True),
        sa.Column("item", sa.String(80), primary_key=True),
        stamp("done_at"),
    )


def downgrade() -> None:
    op.drop_table("atout_learn_progress")
