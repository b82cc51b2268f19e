"""The tables (docs/architecture.md, Persistence). The actions table is append-only: rows are inserted, never
updated or deleted, and (game_id, seq) and (game_id, role, key) are unique: an idempotency key belongs to the
side that sent it, so no side can take the key another side's page will carry."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (JSON, Boolean, DateTime, Float, ForeignKey, Index, Integer, LargeBinary, String, Text,
                        UniqueConstraint, false, func)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from app.store.packed import PackedJSON


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


class User(Base):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(40), unique=True, index=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # The player's page (/players/<name>) shows nothing but the name when hidden; leaderboards leave them out.
    profile_hidden: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    show_current: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())  # on their page


# Usernames are unique whatever their case: "Alice" and "alice" are one player.
Index("ix_users_username_lower", func.lower(User.username), unique=True)


class Session(Base):
    """A signed-in browser. The cookie carries a random token; only its SHA-256 is stored."""
    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    csrf_token: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Game(Base):
    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), index=True)
    scenario: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    status: Mapped[str] = mapped_column(String(10), index=True)  # open | active | ended
    version: Mapped[int] = mapped_column(Integer, default=0)
    seed: Mapped[bytes] = mapped_column(LargeBinary(32))  # secret until the game ends
    commitment: Mapped[str] = mapped_column(String(64))
    roll_count: Mapped[int] = mapped_column(Integer, default=0)
    setup_rolls: Mapped[list[Any]] = mapped_column(JSON, default=list)  # rolls drawn by the set-up itself
    umpired: Mapped[bool] = mapped_column(Boolean, default=False)
    sandbox: Mapped[bool] = mapped_column(Boolean, default=False)
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())  # chosen at creation
    # A rematch (app/play/rematch.py): the ended game it replays, and its seats kept for their players {role: user}.
    rematch_of: Mapped[str | None] = mapped_column(String(16), nullable=True, index=True)
    reserved: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # A fork (app/play/fork.py): the finished game it was played on from, and the moment of that game's replay (the
    # action number) its set-up is. Never rated.
    forked_from: Mapped[str | None] = mapped_column(String(16), nullable=True, index=True)
    forked_at: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # Sides bid for in victory points (app/play/bidding.py); None: no bidding (the default).
    bidding: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    clock: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # version at which each role's prompt last changed: a submission is stale only if the submitter's own
    # prompt moved on since the version it saw, so two sides plotting at once do not refuse each other.
    prompt_versions: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    dice_script: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)  # sandbox games only
    # Clocks: when each prompted role's decision is due (ISO 8601, UTC), and missed orders per role.
    deadlines: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    missed: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # An umpire's request to undo the last resolution, waiting for both sides' consent.
    pending_undo: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    title: Mapped[str] = mapped_column(String(80), default="")
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Seat(Base):
    """A role in a game: a user, a computer player (bot), or open with a hashed single-use invite token."""
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "role"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(20))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True, index=True)
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    # "invite": joinable only through its invite link and never listed; "open": listed in the lobby for anyone.
    access: Mapped[str] = mapped_column(String(10), default="invite", server_default="invite")
    invite_round: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # renewals of the invite
    joined_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "seq"),
                      UniqueConstraint("game_id", "role", "key", name="uq_actions_game_id_role_key"))
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    role: Mapped[str] = mapped_column(String(20))
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    key: Mapped[str] = mapped_column(String(80))
    rolls: Mapped[list[Any]] = mapped_column(JSON, default=list)  # [{k, sides, value}] drawn by this action
    phase: Mapped[str] = mapped_column(String(80), default="")  # the phase after this action, for replays
    note: Mapped[str | None] = mapped_column(String(40), nullable=True)  # "missed order", "undo", "claim"
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Rating(Base):
    """A player's rating in one game (openskill's Plackett-Luce: mean and uncertainty), from their rated games."""
    __tablename__ = "ratings"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingChange(Base):
    """What one rated game did to one player's rating. The primary key makes the update happen once per game and
    player, whatever ends the game and however many requests race to end it."""
    __tablename__ = "rating_changes"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    side: Mapped[str] = mapped_column(String(20))
    result: Mapped[str] = mapped_column(String(10))  # won | lost | drawn
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Snapshot(Base):
    """The state after action `seq` (0 = the set-up), so loading replays a few actions at most (app/play/snapshots.py
    says when one is taken and which a finished game keeps). Stored compressed."""
    __tablename__ = "snapshots"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    phase: Mapped[str] = mapped_column(String(80), default="")
    state: Mapped[dict[str, Any]] = mapped_column(PackedJSON)


class ChatMessage(Base):
    __tablename__ = "chat_messages"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    channel: Mapped[str] = mapped_column(String(20))  # "all" or a side
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    role: Mapped[str] = mapped_column(String(20))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class NotifySetting(Base):
    """A user's notices when the tab is closed (app/play/notify.py). No row, or `enabled` false: nothing is sent.
    `base_url` is the address the user saved the settings from, so links in a notice reach the same server."""
    __tablename__ = "notify_settings"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    enabled: Mapped[bool] = mapped_column(Boolean, default=False)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    webhook_url: Mapped[str | None] = mapped_column(String(500), nullable=True)
    events: Mapped[list[Any]] = mapped_column(JSON, default=list)  # of "move", "deadline", "end"
    base_url: Mapped[str] = mapped_column(String(200), default="")
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class NoticeSent(Base):
    """One notice to one user by one channel. The unique key is the claim: a notice for a prompt version (or a
    game's end) is written once before it is sent, so no process sends it twice."""
    __tablename__ = "notices_sent"
    __table_args__ = (UniqueConstraint("user_id", "game_id", "kind", "ref", "channel", name="uq_notices_sent_once"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(10))  # move | deadline | end
    ref: Mapped[str] = mapped_column(String(40))  # the prompt version (move, deadline) or "end"
    channel: Mapped[str] = mapped_column(String(10))  # email | webhook
    status: Mapped[str] = mapped_column(String(10), default="pending")  # pending | sent | failed
    error: Mapped[str | None] = mapped_column(String(200), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SignInFailure(Base):
    """One failed sign-in, kept for the limit's window (app/play/throttle.py) in the database, so every server
    process counts the same failures."""
    __tablename__ = "signin_failures"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(120), index=True)  # "user:<name>" or "addr:<address>"
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
