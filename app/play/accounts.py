"""Accounts and browser sessions: argon2id password hashes, random session tokens stored as SHA-256.

Signing up and signing in hash or verify the password outside any transaction (argon2 takes a third of a
second on purpose; inside SQLite's write transaction it stalled every game, issue 10 item 5), then write the user
or session row in a short transaction of its own. An unknown username is verified against a dummy hash, so
the answer takes as long as for a real one and does not tell which usernames exist (item 6)."""
from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import bindparam, delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as DB

from app.config import get_settings
from app.play.clock import now
from app.play import throttle
from app.play.errors import BadRequest, Conflict, NotSignedIn
from app.store.db import transaction
from app.store.models import Session, User


def _password_hasher() -> PasswordHasher:
    """argon2id with the library's current recommended parameters (a third of a second of CPU a hash). The test
    suite's environment ("test", which also accepts the default secret and so never serves players) takes
    argon2id's cheapest parameters instead: every test player signs up and signs in, and at full cost those
    checks were a large part of the suite's CPU time. The stored hash names its own parameters, so either
    hasher verifies the other's hashes."""
    if get_settings().environment == "test":
        return PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    return PasswordHasher()


_hasher = _password_hasher()
_DUMMY_HASH = _hasher.hash("ironbottom: no such user")  # checked for unknown usernames, to take the same time
USERNAME = re.compile(r"^[A-Za-z0-9_.-]{3,30}$")


@dataclass(frozen=True)
class SignedIn:
    user_id: int
    username: str
    csrf_token: str


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def by_name(db: DB, username: str) -> User | None:
    """The user of that name, whatever its case ("Alice" and "alice" are one player); None if there is none."""
    name = (username or "").strip().lower()
    return db.scalar(select(User).where(func.lower(User.username) == name)) if "\x00" not in name else None


def _check_new_account(username: str, password: str) -> str:
    username = (username or "").strip()
    if not USERNAME.match(username):
        raise BadRequest("A username is 3 to 30 letters, digits, dots, dashes or underscores.")
    if len(password or "") < 8:
        raise BadRequest("A password needs at least 8 characters.")
    if len(password) > 200:
        raise BadRequest("A password may have at most 200 characters.")
    return username


def _taken() -> Conflict:
    return Conflict("That username is taken. Choose another.")


def sign_up(username: str, password: str, session: bool = True) -> tuple[User, str | None]:
    """A new account and (if `session`) its first session: (user, session token). The hash is computed outside
    any transaction; the rows are written in one short one."""
    username = _check_new_account(username, password)
    with transaction(read_only=True) as db:
        if by_name(db, username) is not None:
            raise _taken()
    password_hash = _hasher.hash(password)
    try:
        with transaction() as db:
            user = User(username=username, password_hash=password_hash, created_at=now())
            db.add(user)
            db.flush()
            token = open_session(db, user) if session else None
    except IntegrityError:  # a sign-up for the same name won the race
        raise _taken() from None
    return user, token


def sign_in(username: str, password: str, address: str | None = None) -> tuple[User, str]:
    """Check the password (outside any transaction) and open a session: (user, session token). Too many
    failures for this account or address are refused with 429 before any password is checked."""
    throttle.check(username, address)
    with transaction(read_only=True) as db:
        user = by_name(db, username)
    try:
        _hasher.verify(user.password_hash if user else _DUMMY_HASH, password or "")
        if user is None:
            raise VerifyMismatchError
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        throttle.failed(username, address)
        raise NotSignedIn("Wrong username or password.") from None
    throttle.succeeded(username, address)
    with transaction() as db:
        token = open_session(db, user)
    return user, token


def open_session(db: DB, user: User) -> str:
    """Start a browser session; returns the cookie token (only its hash is stored)."""
    token = secrets.token_urlsafe(32)
    db.add(Session(token_hash=token_hash(token), user_id=user.id, csrf_token=secrets.token_urlsafe(24),
                   created_at=now(), expires_at=now() + timedelta(days=get_settings().session_days)))
    return token


_SIGNED_IN = (select(Session.expires_at, Session.csrf_token, User.id, User.username)
              .join(User, User.id == Session.user_id).where(Session.token_hash == bindparam("hash")))


def session_user(db: DB, token: str | None) -> SignedIn | None:
    if not token:
        return None
    # One query for columns, not two objects: every request reads it (issue 18).
    row = db.execute(_SIGNED_IN, {"hash": token_hash(token)}).first()
    if row is None:
        return None
    expires_at, csrf_token, user_id, username = row
    at = now()
    if (expires_at if expires_at.tzinfo else expires_at.replace(tzinfo=at.tzinfo)) < at:
        return None
    return SignedIn(user_id, username, csrf_token)


def close_session(db: DB, token: str | None) -> None:
    if token:
        db.execute(delete(Session).where(Session.token_hash == token_hash(token)))
