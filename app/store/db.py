"""One engine and one session factory per process.

SQLite runs in WAL mode and every transaction begins IMMEDIATE, so two submissions to the same game are
serialised by the database itself (the PostgreSQL path locks the game row with SELECT ... FOR UPDATE).
"""
from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor, wait
from contextlib import contextmanager, nullcontext
from typing import Any, Callable, Iterator, TypeVar

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

from app.config import get_settings

_engine: Engine | None = None
_factory: sessionmaker[Session] | None = None
T = TypeVar("T")
# SQLite: every write transaction of this process commits under this lock, and `commit`'s `then` runs before it is
# released, so nothing else commits between a commit and its `then` (the hub's ticket: app/realtime/hub.py). SQLite
# has one writer at a time anyway, so the lock costs no concurrency; PostgreSQL's commits do not take it.
# Lock order: SQLite's write lock (taken by a transaction's first statement, BEGIN IMMEDIATE), then this lock; never
# the other way round. `commit` flushes before taking it, so under it a transaction only ends (COMMIT, then `then`):
# a transaction whose first statement was its flush at commit (a sign-in's new session row, nothing read) once
# waited for the write lock while holding this one, and the order holding the write lock waited for this one to
# commit, both until SQLite's busy timeout (30 s) gave up on the first.
_COMMITS = threading.Lock()
_committer: ThreadPoolExecutor | None = None


class CommitFailed(Exception):
    """The database refused to commit a transaction (its own error is the cause). Nothing drawn from that
    transaction was sent; the web layer answers 503 and asks for the change again (an order sent again with its
    key is never applied twice)."""


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_connect(dbapi_conn, _record):  # pragma: no cover - exercised by every SQLite run
            dbapi_conn.isolation_level = None  # let SQLAlchemy's begin event issue BEGIN itself
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.close()

        @event.listens_for(engine, "begin")
        def _sqlite_begin(conn):  # pragma: no cover
            # Writers take the write lock up front (no deadlock upgrading a read lock); readers do not queue.
            conn.exec_driver_sql("BEGIN" if conn.get_execution_options().get("read_only") else "BEGIN IMMEDIATE")

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)


def engine() -> Engine:
    global _engine, _factory
    if _engine is None:
        _engine = make_engine(get_settings().database_url)
        _factory = sessionmaker(_engine, expire_on_commit=False)
    return _engine


def reset() -> None:
    """Forget the engine (tests switch databases between runs)."""
    global _engine, _factory
    if _engine is not None:
        _engine.dispose()
    _engine = None
    _factory = None


@contextmanager
def transaction(read_only: bool = False) -> Iterator[Session]:
    """One unit of work: commit on success, roll back on any exception. A read-only unit does not take SQLite's
    write lock, so pages and pushes never wait behind a resolving phase."""
    engine()
    assert _factory is not None
    with _factory() as session:
        with session.begin():
            if read_only:
                session.connection(execution_options={"read_only": True})
            yield session
            if not read_only and session.in_transaction():
                commit(session)


def commit(session: Session, alongside: Callable[[], T] | None = None,
           then: Callable[[], Any] | None = None) -> tuple[T | None, Any]:
    """Commit `session`'s transaction now (inside `transaction()`, which then has nothing left to commit).

    `alongside`: work done in this thread while another thread commits (SQLite's fsync, a few milliseconds with
    synchronous=FULL, releases the GIL): a drawing of the new position from what is already in memory, which must
    not touch `session` or its objects. Its result is returned only once the commit has succeeded; if the commit
    fails, CommitFailed is raised (the database's error its cause) and the drawing is thrown away. `then`: run
    right after the commit, before any later commit of this process can complete (SQLite). Returns (alongside's
    result, then's result).

    The commit lock is taken only once the session's writes are flushed (the write lock held): what runs under it
    never waits for SQLite's write lock (see `_COMMITS`), so it is held for one COMMIT and `then` at most."""
    session.flush()  # here, in the session's own thread; a failure is the transaction's, raised as it was
    def run() -> Any:
        with nullcontext() if is_postgres() else _COMMITS:
            try:
                session.commit()
            except Exception as e:
                raise CommitFailed(f"{type(e).__name__}: {e}") from e
            return then() if then is not None else None
    if alongside is None:
        return None, run()
    global _committer
    if _committer is None:
        _committer = ThreadPoolExecutor(max_workers=4, thread_name_prefix="commit")
    pending = _committer.submit(run)
    try:
        drawn = alongside()
    except BaseException:
        wait([pending])  # the session is not closed while its commit runs
        raise
    return drawn, pending.result()


def is_postgres() -> bool:
    return engine().dialect.name == "postgresql"
