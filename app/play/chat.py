"""Chat: one team channel per side and one channel for all players. The umpire reads and writes every channel.
A spectator reads nothing of the players' chat while the game runs (it could carry plans), and everything after.
Messages are stored, pushed live, and rate-limited per user."""
from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session as DB

from app.config import get_settings
from app.engine.contract import SPECTATOR, UMPIRE
from app.play.clock import now
from app.play.errors import BadRequest, Forbidden, TooMany
from app.play.state import rules_for
from app.store.models import ChatMessage, Game, User

ALL = "all"
MAX_LENGTH = 1000


def readable_channels(game: Game, role: str) -> list[str]:
    sides = list(rules_for(game).meta.roles)
    if role == UMPIRE or (game.status == "ended"):
        return [ALL, *sides]
    if role == SPECTATOR:
        return []
    return [ALL, role]


def writable_channels(game: Game, role: str) -> list[str]:
    if game.status == "ended" and role == SPECTATOR:
        return []
    if role == UMPIRE:
        return [ALL, *rules_for(game).meta.roles]
    if role == SPECTATOR:
        return []
    return [ALL, role]


def post(db: DB, game: Game, user_id: int, role: str, channel: str, text: str) -> ChatMessage:
    text = (text or "").strip()
    if not text:
        raise BadRequest("Write something first.")
    if len(text) > MAX_LENGTH:
        raise BadRequest(f"A message has at most {MAX_LENGTH} characters.")
    if channel not in writable_channels(game, role):
        raise Forbidden("You cannot write to that channel.")
    since = now() - timedelta(minutes=1)
    recent = db.scalar(select(func.count()).select_from(ChatMessage)
                       .where(ChatMessage.user_id == user_id, ChatMessage.at >= since))
    if recent >= get_settings().chat_per_minute:
        raise TooMany("You are sending messages too fast. Wait a minute.")
    message = ChatMessage(game_id=game.id, channel=channel, user_id=user_id, role=role, text=text, at=now())
    db.add(message)
    db.flush()
    return message


def messages(db: DB, game: Game, role: str, limit: int = 200) -> list[dict[str, Any]]:
    channels = readable_channels(game, role)
    if not channels:
        return []
    rows = db.execute(select(ChatMessage, User.username).join(User, User.id == ChatMessage.user_id)
                      .where(ChatMessage.game_id == game.id, ChatMessage.channel.in_(channels))
                      .order_by(ChatMessage.id.desc()).limit(limit)).all()
    meta = rules_for(game).meta
    label = lambda r: "Umpire" if r == UMPIRE else meta.label(r)  # noqa: E731
    return [{"channel": m.channel, "channel_label": "All" if m.channel == ALL else label(m.channel),
             "from": name, "role": label(m.role), "text": m.text, "at": m.at.strftime("%H:%M")}
            for m, name in reversed(rows)]
