"""The databases the web tests run on.

``db_url`` (one test) and ``module_db_url`` (one module) give a fresh, empty database of
each kind in turn: a SQLite file in a temporary folder, always; and a fresh schema in
the PostgreSQL database named by ``ATOUT_TEST_POSTGRES_URL`` (``.ci/postgres.sh``
starts one and prints the line to set it), dropped afterwards. Without the variable
the PostgreSQL cases are skipped; with it, a server that cannot be reached fails them.
``pytest -k postgres`` runs only those.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest

POSTGRES_ENV = "ATOUT_TEST_POSTGRES_URL"
BACKENDS = ["sqlite", "postgres"]


@contextmanager
def fresh_database(kind: str, folder: Path) -> Iterator[str]:
    """The URL of an empty database of ``kind`` (``sqlite`` or ``postgres``)."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'atout.db'}"
        return
    base = os.environ.get(POSTGRES_ENV)
    if not base:
        pytest.skip(f"{POSTGRES_ENV} is not set (.ci/postgres.sh starts a server)")
    sqlalchemy = pytest.importorskip("sqlalchemy")
    from atout.web.store import normalize_url

    base = normalize_url(base)
    schema = f"atout_test_{secrets.token_hex(6)}"
    admin = sqlalchemy.create_engine(base)
    try:
        with admin.begin() as conn:
            conn.execute(sqlalchemy.text(f'CREATE SCHEMA "{schema}"'))
        try:
            url = sqlalchemy.engine.make_url(base).update_query_dict(
                {"options": f"-csearch_path={schema}"}
            )
            yield url.render_as_string(hide_password=False)
        finally:
            with admin.begin() as conn:
                conn.execute(sqlalchemy.text("SET LOCAL lock_timeout = '30s'"))
                conn.execute(sqlalchemy.text(f'DROP SCHEMA "{schema}" CASCADE'))
    finally:
        admin.dispose()


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    """A test marked ``pages_only`` looks at what a page shows, which is the same on
    every storage: it runs on SQLite alone (the storage tests cover PostgreSQL)."""
    keep, dropped = [], []
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        on_postgres = params.get("db_url") == "postgres" or params.get(
            "module_db_url") == "postgres"
        (dropped if on_postgres and item.get_closest_marker("pages_only") else keep).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep


@pytest.fixture(params=BACKENDS)
def db_url(request: Any, tmp_path: Path) -> Iterator[str]:
    """A fresh database for one test, of each kind in turn."""
    with fresh_database(request.param, tmp_path) as url:
        yield url


@pytest.fixture(params=BACKENDS, scope="module")
def module_db_url(request: Any, tmp_path_factory: Any) -> Iterator[str]:
    """A fresh database shared by one module's tests, of each kind in turn."""
    with fresh_database(request.param, tmp_path_factory.mktemp("db")) as url:
        yield url


@pytest.fixture(autouse=True)
def _browser_pages_closed(request: Any) -> Iterator[None]:
    """After a browser test, its pages are closed: a page left open keeps its table's
    animations and websocket running, and a module's dozen of them slow every test that
    follows on a small machine."""
    yield
    for name in ("browser", "chromium"):
        browser = request.node.funcargs.get(name)
        contexts = getattr(browser, "contexts", None)
        if contexts is None:
            continue
        for context in list(contexts):
            with suppress(Exception):  # already closed with its browser
                context.close()
