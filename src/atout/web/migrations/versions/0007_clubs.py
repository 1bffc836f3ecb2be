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

revision = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "atout_clubs",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("games", sa.String(60), nullable=False),
        sa.Column("lang", sa.String(5), nullable=False),
        sa.Column("admin_hash", sa.String(64), nullable=False),
        sa.Column("invite_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "atout_members",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("club_id", sa.String(40), sa.ForeignKey("atout_clubs.id"), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(40), nullable=False),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("reset_hash", sa.String(64), nullable=True),
        sa.Column("reset_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("club_id", "name_key", name="uq_atout_members_name"),
    )
    op.create_table(
        "atout_member_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("member_id", sa.String(40), sa.ForeignKey("atout_members.id"),
                  nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_atout_member_sessions_member", "atout_member_sessions", ["member_id"])
    op.create_table(
        "atout_club_tables",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("atout_tables.id"),
                  primary_key=True),
        sa.Column("club_id", sa.String(40), sa.ForeignKey("atout_clubs.id"), nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("created_by", sa.String(40), nullable=True),
        sa.Column("settled_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_atout_club_tables_club", "atout_club_tables", ["club_id"])
    op.create_table(
        "atout_club_seats",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("atout_tables.id"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("member_id", sa.String(40), sa.ForeignKey("atout_members.id"),
                  nullable=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_atout_club_seats_member", "atout_club_seats", ["member_id"])
    op.create_table(
        "atout_club_results",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("atout_tables.id"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("club_id", sa.String(40), sa.ForeignKey("atout_clubs.id"), nullable=False),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("player", sa.String(60), nullable=False),
        sa.Column("team", sa.Integer, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("points", sa.Integer, nullable=False),
        sa.Column("against", sa.Integer, nullable=False),
        sa.Column("deals", sa.Integer, nullable=False),
        sa.Column("taken", sa.Integer, nullable=False),
        sa.Column("made", sa.Integer, nullable=False),
        sa.Column("announcements", sa.Integer, nullable=False),
        sa.Column("capots", sa.Integer, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("rating_before", sa.Float, nullable=True),
        sa.Column("rating_after", sa.Float, nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_atout_club_results_player", "atout_club_results",
                    ["club_id", "player"])
    op.create_table(
        "atout_ratings",
        sa.Column("club_id", sa.String(40), sa.ForeignKey("atout_clubs.id"),
                  primary_key=True),
        sa.Column("game", sa.String(20), primary_key=True),
        sa.Column("player", sa.String(60), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
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
