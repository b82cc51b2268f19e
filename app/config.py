"""Settings from the environment (pydantic-settings). The app refuses the default secret outside development."""
from __future__ import annotations

from functools import lru_cache

from pydantic import model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_SECRET = "dev-only-change-me"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="IRONBOTTOM_", env_file=".env", extra="ignore")

    environment: str = "development"  # development | test | production
    secret_key: str = DEFAULT_SECRET
    database_url: str = "sqlite:///./var/ironbottom.db"
    # Where links sent to other people (invites) point. Empty: the host and port each request came to.
    base_url: str = ""
    # Origins allowed to open a game websocket; empty means base_url's origin plus the request's own host.
    allowed_origins: list[str] = []
    extra_games: list[str] = []  # modules to register beside app.games.GAME_MODULES (the test-only game)
    session_days: int = 30
    chat_per_minute: int = 20
    # Failed sign-ins a client may make freely, per account and over all accounts, before each further attempt waits
    # (1 s, doubled at each failure; app/play/throttle.py). Never counted per account alone.
    signin_failures_per_account: int = 10
    signin_failures_per_address: int = 50
    signin_window_seconds: int = 900
    # The largest request body (and websocket message) the server reads; larger ones get 413 unread.
    max_body_bytes: int = 1_000_000
    max_ws_message_bytes: int = 64_000
    # At start-up, let every running game's computer seats answer what they owe (app/web/actions.py). Off in the
    # tests, whose many short-lived clients would each sweep every game in the test database.
    resume_computers_at_start: bool = True
    snapshot_every: int = 25  # actions between snapshots, besides one at every phase change
    snapshot_keep_every: int = 12  # a finished game keeps a snapshot at least this often (app/play/snapshots.py)
    # Notices when the tab is closed (app/play/notify.py). No SMTP host: no e-mail is sent (webhooks still are).
    smtp_host: str = ""
    smtp_port: int = 25
    smtp_username: str = ""
    smtp_password: str = ""
    smtp_starttls: bool = False
    smtp_ssl: bool = False
    smtp_timeout_seconds: float = 10.0
    mail_from: str = "Ironbottom <noreply@localhost>"
    webhook_timeout_seconds: float = 5.0
    # Webhooks to loopback and private addresses are refused, so a user cannot aim the server at its own network;
    # tests allow loopback to reach their local receiver.
    webhook_allow_private: bool = False
    deadline_warning_seconds: int = 3600  # "your deadline nears" this long before it (at most a quarter of the clock)

    @model_validator(mode="after")
    def refuse_default_secret(self) -> "Settings":
        if self.environment not in ("development", "test") and self.secret_key == DEFAULT_SECRET:
            raise ValueError("IRONBOTTOM_SECRET_KEY must be set outside development (it signs nothing guessable)")
        return self

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")


def _database_url_from_env() -> str | None:
    import os

    return os.environ.get("DATABASE_URL")


@lru_cache
def get_settings() -> Settings:
    settings = Settings()
    url = _database_url_from_env()
    if url:  # DATABASE_URL, the conventional name, wins so `DATABASE_URL=postgresql+psycopg://...` just works
        settings = settings.model_copy(update={"database_url": url})
    return settings
