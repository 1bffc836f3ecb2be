"""The card room: players' names, public tables for the lobby, hints on or off, the
rematch's table, and the chat of each table.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02

Existing tables become private tables with hints allowed and no rematch; their seats
have no names (the pages show "Player 1"... until someone gives one).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from atout.web.columns import table_log

revision = "0006"
down_revision: str | None = "0005"


def upgrade() -> None:
    with op.batch_alter_table("atout_tables") as batch:
        batch.add_column(sa.Column("public", sa.Boolean, nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("hints", sa.Boolean, nullable=False,
                                   server_default=sa.true()))
        batch.add_column(sa.Column("next_id", sa.String(40), nullable=True))
    with op.batch_alter_table("atout_seats") as batch:
        batch.add_column(sa.Column("name", sa.String(40), nullable=True))
    op.create_table("atout_chat", *table_log(sa.Column("text", sa.String(400), nullable=True),
                                             sa.Column("phrase", sa.String(20), nullable=True)))


def downgrade() -> None:
    op.drop_table("atout_chat")
    with op.batch_alter_table("atout_seats") as batch:
        batch.drop_column("name")
    with op.batch_alter_table("atout_tables") as batch:
        batch.drop_column("next_id")
        batch.drop_column("hints")
        batch.drop_column("public")
