"""Failed sign-ins, limited per account and per client address (issue 10, item 6): after too many failures in
the window, further attempts are refused with 429 and the number of seconds until one is allowed again, before
any password is checked. The failures are rows in the database (`SignInFailure`), so every server process counts
the same ones and a restart forgets nothing (docs/deploy.md runs several processes on one PostgreSQL)."""
from __future__ import annotations

import math
from datetime import timedelta

from sqlalchemy import delete, select

from app.config import get_settings
from app.play.clock import now
from app.play.errors import TooMany
from app.store.db import transaction
from app.store.models import SignInFailure


def _keys(username: str, address: str | None) -> list[tuple[str, int]]:
    s = get_settings()
    keys = [(_user_key(username), s.signin_failures_per_account)]
    if address:
        keys.append((f"addr:{address}"[:120], s.signin_failures_per_address))
    return keys


def _user_key(username: str) -> str:
    return f"user:{(username or '').strip().lower()}"[:120]


def check(username: str, address: str | None) -> None:
    """Refuse (429) if this account or this address has failed too often lately."""
    window = timedelta(seconds=get_settings().signin_window_seconds)
    at = now()
    wait = 0.0
    with transaction(read_only=True) as db:
        for key, limit in _keys(username, address):
            times = list(db.scalars(select(SignInFailure.at).where(SignInFailure.key == key,
                                                                   SignInFailure.at > at - window)
                                    .order_by(SignInFailure.at.desc()).limit(limit)))
            if len(times) >= limit:  # the limit-th most recent failure leaves the window first
                oldest = times[-1] if times[-1].tzinfo else times[-1].replace(tzinfo=at.tzinfo)
                wait = max(wait, (oldest + window - at).total_seconds())
    if wait > 0:
        seconds = max(1, math.ceil(wait))
        raise TooMany(f"Too many failed sign-ins. Try again in {seconds} seconds.", extra={"retry_after": seconds})


def failed(username: str, address: str | None) -> None:
    at = now()
    window = timedelta(seconds=get_settings().signin_window_seconds)
    with transaction() as db:
        db.execute(delete(SignInFailure).where(SignInFailure.at <= at - window))  # nothing older is ever read
        db.add_all(SignInFailure(key=key, at=at) for key, _ in _keys(username, address))


def succeeded(username: str) -> None:
    with transaction() as db:
        db.execute(delete(SignInFailure).where(SignInFailure.key == _user_key(username)))


def forget_all() -> None:
    """Tests start each case with a clean slate."""
    with transaction() as db:
        db.execute(delete(SignInFailure))
