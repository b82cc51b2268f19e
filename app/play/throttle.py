"""Failed sign-ins, limited per account and per client address (issue 10, item 6): after too many failures in
the window, further attempts are refused with 429 and the number of seconds until one is allowed again, before
any password is checked. Kept in this process's memory: a restart forgets them, and with several server
processes each keeps its own count (so the limit is per process; docs/security.md says so)."""
from __future__ import annotations

import math
import threading
import time
from collections import deque

from app.config import get_settings
from app.play.errors import TooMany

_lock = threading.Lock()
_failures: dict[str, deque[float]] = {}


def _keys(username: str, address: str | None) -> list[tuple[str, int]]:
    s = get_settings()
    keys = [(f"user:{(username or '').strip().lower()}", s.signin_failures_per_account)]
    if address:
        keys.append((f"addr:{address}", s.signin_failures_per_address))
    return keys


def _prune(q: deque[float], now: float, window: float) -> None:
    while q and q[0] <= now - window:
        q.popleft()


def check(username: str, address: str | None) -> None:
    """Refuse (429) if this account or this address has failed too often lately."""
    window = get_settings().signin_window_seconds
    now = time.monotonic()
    with _lock:
        wait = 0.0
        for key, limit in _keys(username, address):
            q = _failures.get(key)
            if q is None:
                continue
            _prune(q, now, window)
            if len(q) >= limit:
                wait = max(wait, q[len(q) - limit] + window - now)
    if wait > 0:
        seconds = max(1, math.ceil(wait))
        raise TooMany(f"Too many failed sign-ins. Try again in {seconds} seconds.", extra={"retry_after": seconds})


def failed(username: str, address: str | None) -> None:
    now = time.monotonic()
    window = get_settings().signin_window_seconds
    with _lock:
        for key, _ in _keys(username, address):
            q = _failures.setdefault(key, deque())
            _prune(q, now, window)
            q.append(now)


def succeeded(username: str) -> None:
    with _lock:
        _failures.pop(f"user:{(username or '').strip().lower()}", None)


def forget_all() -> None:
    """Tests start each case with a clean slate."""
    with _lock:
        _failures.clear()
