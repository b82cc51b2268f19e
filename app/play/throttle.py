"""Failed sign-ins slow the one who fails, never the account's owner elsewhere (issue 10 item 6, issue 32 item 5).

Usernames are public (players' pages, the lobby), so a limit counted per account alone let anyone lock a player out:
ten wrong passwords from a stranger, and the owner could not sign in for a quarter of an hour, long enough to miss a
deadline and lose a timed game to a claim. The failures are therefore counted per client and account, and per
client over all accounts; never per account alone. A client may fail a few times freely, then waits before each
further attempt, twice as long each time (1 s, 2 s, 4 s ... up to the window): a guesser gets a handful of tries an
hour, while the owner, signing in from their own client, is never held up by what another client did.

Both limits apply before any password is checked (429 with the seconds to wait). The failures are rows in the
database (`SignInFailure`), so every server process counts the same ones and a restart forgets nothing
(docs/deploy.md runs several processes on one PostgreSQL). A success clears its client's count for that account.
"""
from __future__ import annotations

import math
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select

from app.config import get_settings
from app.play.clock import now
from app.play.errors import TooMany
from app.store.db import transaction
from app.store.models import SignInFailure

FIRST_DELAY = 1.0  # seconds, after the free attempts; doubled at each further failure


def _keys(username: str, address: str | None) -> list[tuple[str, int]]:
    """(key, free attempts) of the counts a sign-in from `address` to `username` is held to."""
    s = get_settings()
    client = address or "unknown"
    return [(_pair_key(username, client), s.signin_failures_per_account),
            (f"addr:{client}"[:120], s.signin_failures_per_address)]


def _pair_key(username: str, client: str) -> str:
    return f"user:{(username or '').strip().lower()}@{client}"[:120]


def delay_after(failures: int, free: int, window: float) -> float:
    """Seconds a client must wait after its last failure, having failed `failures` times: none within the free
    attempts, then 1 s, 2 s, 4 s ... never more than the window (after which the failures are forgotten)."""
    if failures < free:
        return 0.0
    return min(window, FIRST_DELAY * 2 ** (failures - free))


def wait_for(username: str, address: str | None) -> float:
    """Seconds before this client may try this account again (0: now)."""
    window = timedelta(seconds=get_settings().signin_window_seconds)
    at = now()
    wait = 0.0
    with transaction(read_only=True) as db:
        for key, free in _keys(username, address):
            count, last = db.execute(select(func.count(), func.max(SignInFailure.at)).where(
                SignInFailure.key == key, SignInFailure.at > at - window)).one()
            if not count:
                continue
            last = _aware(last, at)
            until = last + timedelta(seconds=delay_after(count, free, window.total_seconds()))
            wait = max(wait, (until - at).total_seconds())
    return wait


def check(username: str, address: str | None) -> None:
    """Refuse (429) if this client must still wait after its failures for this account, or for any account."""
    wait = wait_for(username, address)
    if wait > 0:
        seconds = max(1, math.ceil(wait))
        raise TooMany(f"Too many failed sign-ins from here. Try again in {seconds} seconds.",
                      extra={"retry_after": seconds})


def failed(username: str, address: str | None) -> None:
    at = now()
    window = timedelta(seconds=get_settings().signin_window_seconds)
    with transaction() as db:
        db.execute(delete(SignInFailure).where(SignInFailure.at <= at - window))  # nothing older is ever read
        db.add_all(SignInFailure(key=key, at=at) for key, _ in _keys(username, address))


def succeeded(username: str, address: str | None) -> None:
    """The right password: this client's count for this account starts again (its count over all accounts stays,
    so one good account does not reset a sweep over others)."""
    with transaction() as db:
        db.execute(delete(SignInFailure).where(SignInFailure.key == _pair_key(username, address or "unknown")))


def forget_all() -> None:
    """Tests start each case with a clean slate."""
    with transaction() as db:
        db.execute(delete(SignInFailure))


def _aware(at: datetime, like: datetime) -> datetime:
    return at if at.tzinfo else at.replace(tzinfo=like.tzinfo)
