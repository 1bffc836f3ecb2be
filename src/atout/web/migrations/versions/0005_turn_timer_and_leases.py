"""A turn timer per table, and the lease that says which server process runs a table.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02

``turn_seconds``: the table's turn timer (0: none). ``lease_owner`` and ``lease_until``:
the server process that runs the table (its bots, timers and connections) and until
when, renewed while it does (``atout serve --workers N``, docs/web.md#operations).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from atout.web.columns import stamp

revision = "0005"
down_revision: str | None = "0004"


def upgrade() -> None:
    with op.batch_alter_table("atout_tables") as batch:
        batch.add_column(sa.Column("turn_seconds", sa.Integer, nullable=False,
                                   server_default="0"))
        batch.add_column(sa.Column("lease_owner", sa.String(80), nullable=True))
        batch.add_column(stamp("lease_until", nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("atout_tables") as batch:
        batch.drop_column("lease_until")
        batch.drop_column("lease_owner")
        batch.drop_column("turn_seconds")
