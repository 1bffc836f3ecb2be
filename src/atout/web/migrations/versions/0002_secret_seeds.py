"""Seeds of 128 bits, and Belote tables that keep the shuffle they were made with.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01

A table's seed is drawn from the operating system with 128 bits (a 48-bit seed could be
found by trying every one against one's own first hand): ``seed`` becomes the seed's
decimal digits. Belote's default shuffle became ``fresh`` (the gathered pack revealed
every hand); a Belote table made before keeps the shuffle it was dealt with, so that its
log replays: ``shuffle=gather`` is written into its options when they named no shuffle
(and, going down, ``shuffle=fresh`` where gather was not named).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"

_tables = sa.table(
    "atout_tables", sa.column("id", sa.String), sa.column("game", sa.String),
    sa.column("options", sa.String), sa.column("seed", sa.String),
)


def _with_shuffle(options: str, value: str) -> str:
    """``options`` (a canonical Belote options string) with ``shuffle=value`` added in
    name order, unless it names a shuffle already."""
    name, _, rest = options.strip().partition("(")
    pairs = [p.strip() for p in rest.rstrip(")").split(",") if p.strip()]
    if any(p.partition("=")[0].strip() == "shuffle" for p in pairs):
        return options
    pairs.append(f"shuffle={value}")
    pairs.sort(key=lambda p: p.partition("=")[0].strip())
    return f"{name.strip()}({','.join(pairs)})"


def _without_shuffle(options: str, value: str) -> str:
    name, _, rest = options.strip().partition("(")
    pairs = [p.strip() for p in rest.rstrip(")").split(",") if p.strip()]
    kept = [p for p in pairs if p.replace(" ", "") != f"shuffle={value}"]
    return f"{name.strip()}({','.join(kept)})" if kept else name.strip()


def _rewrite_belote(change: str, value: str) -> None:
    conn = op.get_bind()
    rows = conn.execute(
        sa.select(_tables.c.id, _tables.c.options).where(_tables.c.game == "belote")
    ).all()
    for table_id, options in rows:
        new = _with_shuffle(options, value) if change == "add" else _without_shuffle(
            options, value)
        if new != options:
            conn.execute(
                _tables.update().where(_tables.c.id == table_id).values(options=new)
            )


def upgrade() -> None:
    with op.batch_alter_table("atout_tables") as batch:
        batch.alter_column(
            "seed", existing_type=sa.BigInteger, type_=sa.String(40), existing_nullable=False,
            postgresql_using="seed::varchar(40)",
        )
    _rewrite_belote("add", "gather")  # the old default
    _rewrite_belote("remove", "fresh")  # now the default: the canonical string omits it


def downgrade() -> None:
    conn = op.get_bind()
    seeds = conn.execute(sa.select(_tables.c.id, _tables.c.seed)).all()
    too_long = [t for t, seed in seeds if not -2**63 <= int(seed) < 2**63]
    if too_long:
        raise RuntimeError(
            f"{len(too_long)} tables have seeds of more than 64 bits (e.g. {too_long[0]}): "
            "revision 0001 cannot hold them"
        )
    _rewrite_belote("add", "fresh")
    _rewrite_belote("remove", "gather")
    with op.batch_alter_table("atout_tables") as batch:
        batch.alter_column(
            "seed", existing_type=sa.String(40), type_=sa.BigInteger, existing_nullable=False,
            postgresql_using="seed::bigint",
        )
