"""Schema checks and upgrades through Alembic, the only thing that changes the schema."""
from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from app.store.db import engine
from app.paths import ROOT


class SchemaNotCurrent(RuntimeError):
    pass


def alembic_config() -> Config:
    cfg = Config(str(ROOT / "alembic.ini"))
    cfg.set_main_option("script_location", str(ROOT / "migrations"))
    return cfg


def head_revision() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current_revision() -> str | None:
    with engine().connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def check_schema_current() -> None:
    """Stop the app at start-up, naming the command to run, if the database is not at the latest migration."""
    current, head = current_revision(), head_revision()
    if current != head:
        raise SchemaNotCurrent(
            f"The database is at migration {current or 'none (empty database)'}, but this code needs {head}. "
            f"Run `make migrate` (or `.venv/bin/alembic upgrade head`) and start again.")


def upgrade() -> None:
    command.upgrade(alembic_config(), "head")
