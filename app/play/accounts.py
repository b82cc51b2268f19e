"""Accounts and browser sessions: argon2id password hashes, random session tokens stored as SHA-256."""
from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as DB

from app.config import get_settings
from app.play.clock import now
from app.play.errors import BadRequest, Conflict, NotSignedIn
from app.store.models import Session, User

_hasher = PasswordHasher()  # argon2id with the library's current recommended parameters
USERNAME = re.compile(r"^[A-Za-z0-9_.-]{3,30}$")


@dataclass(frozen=True)
class SignedIn:
    user_id: int
    username: str
    csrf_token: str


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def sign_up(db: DB, username: str, password: str) -> User:
    username = (username or "").strip()
    if not USERNAME.match(username):
        raise BadRequest("A username is 3 to 30 letters, digits, dots, dashes or underscores.")
    if len(password or "") < 8:
        raise BadRequest("A password needs at least 8 characters.")
    if len(password) > 200:
        raise BadRequest("A password may have at most 200 characters.")
    taken = Conflict("That username is taken. Choose another.")
    if db.scalar(select(User).where(func.lower(User.username) == username.lower())) is not None:
        raise taken
    user = User(username=username, password_hash=_hasher.hash(password), created_at=now())
    try:
        with db.begin_nested():  # a savepoint: a sign-up racing this one leaves the transaction usable
            db.add(user)
            db.flush()
    except IntegrityError:
        raise taken from None
    return user


def check_password(db: DB, username: str, password: str) -> User:
    user = db.scalar(select(User).where(func.lower(User.username) == (username or "").strip().lower()))
    try:
        if user is None:
            raise VerifyMismatchError
        _hasher.verify(user.password_hash, password or "")
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        raise NotSignedIn("Wrong username or password.") from None
    return user


def open_session(db: DB, user: User) -> str:
    """Start a browser session; returns the cookie token (only its hash is stored)."""
    token = secrets.token_urlsafe(32)
    db.add(Session(token_hash=token_hash(token), user_id=user.id, csrf_token=secrets.token_urlsafe(24),
                   created_at=now(), expires_at=now() + timedelta(days=get_settings().session_days)))
    return token


def session_user(db: DB, token: str | None) -> SignedIn | None:
    if not token:
        return None
    row = db.get(Session, token_hash(token))
    if row is None:
        return None
    expires = row.expires_at if row.expires_at.tzinfo else row.expires_at.replace(tzinfo=now().tzinfo)
    if expires < now():
        return None
    user = db.get(User, row.user_id)
    return SignedIn(user.id, user.username, row.csrf_token) if user else None


def close_session(db: DB, token: str | None) -> None:
    if token:
        db.execute(delete(Session).where(Session.token_hash == token_hash(token)))
