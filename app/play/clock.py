"""The wall clock, in one place, so the rules never see it and tests can read it."""
from datetime import datetime, timezone


def now() -> datetime:
    return datetime.now(timezone.utc)
