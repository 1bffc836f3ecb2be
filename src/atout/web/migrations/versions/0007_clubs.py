"""Clubs: members with a name and a password (an Argon2 hash), their sessions, the club
tables and who sits at them, each finished club match's results, and the ratings.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03

Nothing existing changes: a table made before is no club's table.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from atout.web.columns import counts, digest, game, key, lang, ref, seat_key, stamp

revision = "0007"
down_revision: str | None = "0006"


def upgrade() -> None:
    op.create_table(
        "atout_clubs",
        key(),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("games", sa.String(60), nullable=False),
        lang(),
        digest("admin_hash"),
        digest("invite_hash"),
        stamp("created_at"),
    )
    op.create_table(
        "atout_members",
        key(),
        ref("club_id", "atout_clubs.id"),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(40), nullable=False),
        sa.Column("password_hash", sa.String(200), nullable=True),
        digest("reset_hash", nullable=True),
        stamp("reset_until", nullable=True),
        stamp("created_at"),
        sa.UniqueConstraint("club_id", "name_key", name="uq_atout_members_name"),
    )
    op.create_table(
        "atout_member_sessions",
        digest("token_hash", primary_key=True),
        ref("member_id", "atout_members.id"),
        stamp("created_at"),
        stamp("expires_at"),
        stamp("revoked_at", nullable=True),
    )
    op.create_index("ix_atout_member_sessions_member", "atout_member_sessions", ["member_id"])
    op.create_table(
        "atout_club_tables",
        ref("table_id", "atout_tables.id", primary_key=True),
        ref("club_id", "atout_clubs.id"),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("created_by", sa.String(40), nullable=True),
        stamp("settled_at", nullable=True),
    )
    op.create_index("ix_atout_club_tables_club", "atout_club_tables", ["club_id"])
    op.create_table(
        "atout_club_seats",
        *seat_key(),
        ref("member_id", "atout_members.id", nullable=True),
        stamp("joined_at", nullable=True),
    )
    op.create_index("ix_atout_club_seats_member", "atout_club_seats", ["member_id"])
    op.create_table(
        "atout_club_results",
        *seat_key(),
        ref("club_id", "atout_clubs.id"),
        game(),
        sa.Column("player", sa.String(60), nullable=False),
        sa.Column("team", sa.Integer, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        *counts("points", "against", "deals", "taken", "made", "announcements", "capots"),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("rating_before", sa.Float, nullable=True),
        sa.Column("rating_after", sa.Float, nullable=True),
        stamp("finished_at"),
    )
    op.create_index("ix_atout_club_results_player", "atout_club_results",
                    ["club_id", "player"])
    op.create_table(
        "atout_ratings",
        ref("club_id", "atout_clubs.id", primary_key=True),
        sa.Column("game", sa.String(20), primary_key=True),
        sa.Column("player", sa.String(60), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False),
        stamp("updated_at"),
    )


def downgrade() -> None:
    op.drop_table("atout_ratings")
    op.drop_index("ix_atout_club_results_player", "atout_club_results")
    op.drop_table("atout_club_results")
    op.drop_index("ix_atout_club_seats_member", "atout_club_seats")
    op.drop_table("atout_club_seats")
    op.drop_index("ix_atout_club_tables_club", "atout_club_tables")
    op.drop_table("atout_club_tables")
    op.drop_index("ix_atout_member_sessions_member", "atout_member_sessions")
    op.drop_table("atout_member_sessions")
    op.drop_table("atout_members")
    op.drop_table("atout_clubs")
