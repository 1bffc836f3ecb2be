"""The Alembic migrations: they make exactly the schema the store declares, go down and up
again, adopt a database made before them, and ship inside the package. Each test runs
on SQLite and, when ``ATOUT_TEST_POSTGRES_URL`` is set, on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

pytest.importorskip("sqlalchemy")
pytest.importorskip("alembic")

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect, select, text
from sqlalchemy.engine import Engine

from atout.web.store import (
    FIRST_REVISION,
    MIGRATIONS,
    Store,
    alembic_config,
    metadata,
    migrate,
    normalize_url,
    tables,
)

OURS = {
    "atout_tables", "atout_seats", "atout_events", "atout_scoresheets", "atout_learn_progress",
    "atout_chat",
}


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    """A bare engine on an empty database (no migration run yet)."""
    eng = create_engine(normalize_url(db_url))
    yield eng
    eng.dispose()


def head() -> str:
    heads = ScriptDirectory.from_config(alembic_config()).get_heads()
    assert len(heads) == 1, f"the migrations branch: {heads}"
    return heads[0]


def version(eng: Engine) -> str | None:
    with eng.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def differences(eng: Engine) -> list[Any]:
    """What Alembic's autogenerate would change to reach the declared schema."""
    with eng.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        return list(compare_metadata(context, metadata))


def described(eng: Engine) -> dict[str, Any]:
    """The schema as the database reports it: per table, its columns (name, type,
    nullable), primary key and foreign keys."""
    insp = inspect(eng)
    result: dict[str, Any] = {}
    for name in sorted(set(insp.get_table_names()) & OURS):
        result[name] = {
            "columns": sorted((c["name"], str(c["type"]), c["nullable"])
                              for c in insp.get_columns(name)),
            "pk": insp.get_pk_constraint(name)["constrained_columns"],
            "fks": sorted((tuple(fk["constrained_columns"]), fk["referred_table"],
                           tuple(fk["referred_columns"])) for fk in insp.get_foreign_keys(name)),
        }
    return result


def declared(db_url: str) -> dict[str, Any]:
    """The same description of what ``metadata.create_all`` makes on this kind of
    database, for comparison."""
    eng = create_engine(normalize_url(db_url))
    try:
        metadata.create_all(eng)
        return described(eng)
    finally:
        metadata.drop_all(eng)
        eng.dispose()


def test_the_migrations_ship_inside_the_package() -> None:
    assert (MIGRATIONS / "env.py").is_file()
    assert list((MIGRATIONS / "versions").glob("0001_*.py"))
    script = ScriptDirectory.from_config(alembic_config())
    assert script.get_bases() == [FIRST_REVISION]
    assert head() in {rev.revision for rev in script.walk_revisions()}


def test_upgrade_makes_the_declared_schema(engine: Engine, db_url: str) -> None:
    expected = declared(db_url)
    assert version(engine) is None
    migrate(engine)
    assert version(engine) == head()
    assert set(inspect(engine).get_table_names()) >= OURS
    assert differences(engine) == []
    assert described(engine) == expected


def test_downgrade_and_upgrade_again(engine: Engine) -> None:
    migrate(engine)
    with engine.begin() as conn:
        command.downgrade(alembic_config(conn), "base")
    assert not set(inspect(engine).get_table_names()) & OURS
    assert version(engine) is None
    migrate(engine, FIRST_REVISION)
    assert version(engine) == FIRST_REVISION
    migrate(engine)
    assert version(engine) == head()
    assert differences(engine) == []


def test_a_store_migrates_once_and_reopens(db_url: str) -> None:
    store = Store(db_url)
    table_id = store.create_table("belote", "belote()", 2**47 + 5, "fr", [
        ("human", None, "0" * 64), ("bot", "heuristic", None),
        ("bot", "heuristic", None), ("bot", "heuristic", None),
    ])
    store.append_event(table_id, 0, 1, "pass")
    assert version(store.engine) == head()
    store.close()
    again = Store(db_url)
    row = again.get_table(table_id)
    assert row is not None and row.seed == 2**47 + 5 and row.lang == "fr"
    assert [s.kind for s in row.seats] == ["human", "bot", "bot", "bot"]
    assert again.events(table_id) == [(0, 1, "pass")]
    assert version(again.engine) == head()
    again.close()


def test_a_database_made_before_the_migrations_is_adopted(engine: Engine, db_url: str) -> None:
    """The schema the old code made with ``metadata.create_all`` (the first revision's),
    with data and no ``alembic_version``: stamped with the first revision, upgraded,
    nothing lost."""
    migrate(engine, FIRST_REVISION)
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE alembic_version"))
    with engine.begin() as conn:  # in SQL: the first revision's seed is a BIGINT
        conn.execute(text(
            "INSERT INTO atout_tables (id, game, options, seed, lang, created_at) "
            "VALUES ('old', 'deberts', 'deberts()', 7, 'en', :created)"
        ), {"created": datetime(2026, 1, 1, tzinfo=UTC)})
    assert version(engine) is None
    store = Store(db_url)
    assert version(store.engine) == head()
    row = store.get_table("old")
    assert row is not None and row.game == "deberts" and row.seed == 7
    store.close()
    assert differences(engine) == []


def test_a_database_with_some_of_the_tables_is_left_alone(engine: Engine, db_url: str) -> None:
    tables.create(engine)
    with pytest.raises(RuntimeError, match="not touching it"):
        Store(db_url)
    assert version(engine) is None
    assert set(inspect(engine).get_table_names()) & OURS == {"atout_tables"}


def test_the_store_can_skip_the_migrations(engine: Engine, db_url: str) -> None:
    store = Store(db_url, upgrade=False)
    assert not set(inspect(engine).get_table_names()) & OURS
    store.close()


def test_the_events_key_refuses_a_second_writer(db_url: str) -> None:
    from atout.web.store import DuplicateEvent

    store = Store(db_url)
    table_id = store.create_table("deberts", "deberts()", 1, "en", [
        ("human", None, None), ("human", None, None),
    ])
    store.append_event(table_id, 0, 0, "pass")
    with pytest.raises(DuplicateEvent):
        store.append_event(table_id, 0, 1, "pass")
    with store.engine.connect() as conn:
        assert conn.execute(select(text("count(*)")).select_from(text("atout_events"))
                            ).scalar_one() == 1
    store.close()


@pytest.mark.parametrize(("given", "expected"), [
    ("sqlite:///atout.db", "sqlite:///atout.db"),
    ("postgresql://u:p@127.0.0.1:5432/db", "postgresql+psycopg://u:p@127.0.0.1:5432/db"),
    ("postgres://u@localhost/db", "postgresql+psycopg://u@localhost/db"),
    ("postgresql+psycopg2://u@localhost/db", "postgresql+psycopg2://u@localhost/db"),
])
def test_postgres_urls_mean_psycopg_3(given: str, expected: str) -> None:
    assert normalize_url(given) == expected


def test_seeds_of_128_bits_and_belote_tables_keep_their_shuffle(
    engine: Engine, db_url: str
) -> None:
    """Revision 0002: the seed holds 128 bits (it was a BigInteger); a Belote table made
    when ``gather`` was the default keeps it, so that its log still replays; going down
    restores both where the old column can hold the seeds."""
    migrate(engine, FIRST_REVISION)
    old = [
        ("b1", "belote", "belote", 2**62 + 1),
        ("b2", "belote", "belote(target=501)", 5),
        ("b3", "belote", "belote(shuffle=fresh)", 6),
        ("b4", "belote", "belote(shuffle=gather,target=301)", 8),
        ("d1", "deberts", "deberts(target=301)", 7),
    ]
    with engine.begin() as conn:
        for table_id, game, options, seed in old:
            conn.execute(text(
                "INSERT INTO atout_tables (id, game, options, seed, lang, created_at) "
                "VALUES (:id, :game, :options, :seed, 'en', :created)"
            ), {"id": table_id, "game": game, "options": options, "seed": seed,
                "created": datetime(2026, 1, 1, tzinfo=UTC)})
    store = Store(db_url)
    assert version(store.engine) == head()
    now = {t: store.get_table(t) for t, *_ in old}
    assert {t: (r.options, r.seed) for t, r in now.items() if r is not None} == {
        "b1": ("belote(shuffle=gather)", 2**62 + 1),
        "b2": ("belote(shuffle=gather,target=501)", 5),
        "b3": ("belote", 6),
        "b4": ("belote(shuffle=gather,target=301)", 8),
        "d1": ("deberts(target=301)", 7),
    }
    big = store.create_table("schieber", "schieber", 2**127 + 3, "en", [
        ("human", None, None), ("bot", "heuristic", None), ("bot", "heuristic", None),
        ("bot", "heuristic", None),
    ])
    row = store.get_table(big)
    assert row is not None and row.seed == 2**127 + 3
    store.close()
    with engine.begin() as conn, pytest.raises(RuntimeError, match="more than 64 bits"):
        command.downgrade(alembic_config(conn), FIRST_REVISION)
    with engine.begin() as conn:
        conn.execute(text("DELETE FROM atout_seats WHERE table_id = :t"), {"t": big})
        conn.execute(text("DELETE FROM atout_tables WHERE id = :t"), {"t": big})
    with engine.begin() as conn:
        command.downgrade(alembic_config(conn), FIRST_REVISION)
        rows = conn.execute(text("SELECT id, options, seed FROM atout_tables")).all()
    back = {"b4": "belote(target=301)"}  # gather was the default then: the same options
    assert sorted((r[0], r[1], int(r[2])) for r in rows) == sorted(
        (t, back.get(t, o), s) for t, _, o, s in old
    )
    migrate(engine)
    assert differences(engine) == []
