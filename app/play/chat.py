"""Chat, as the game's chat policy allows (contract `ChatPolicy`): one channel for all players while the sides may
talk across the table, and one channel per side. A side's channel is its team channel, offered only while teammates
may talk (Guadalcanal 17c1 forbids it: teammates communicate by radio messages, which are game actions); a side of a
single seat keeps its channel whatever the policy, since no teammate reads it (it carries the seat's word to the
umpire). The umpire reads and writes every channel there is. A spectator reads nothing of the players' chat while
the game runs (it could carry plans), and everything after.
Messages are stored, pushed live, and rate-limited per user."""
from __future__ import annotations

from datetime import timedelta
from functools import lru_cache
from typing import Any

from sqlalchemy import bindparam, func, select, union_all
from sqlalchemy.orm import Session as DB

from app.config import get_settings
from app.engine.contract import SPECTATOR, UMPIRE
from app.play.clock import now
from app.play.columns import read
from app.play.errors import BadRequest, Forbidden, TooMany
from app.play.state import rules_for
from app.store.models import ChatMessage, Game, User

ALL = "all"
MAX_LENGTH = 1000


def channels(game: Game) -> list[str]:
    """Every channel the game's policy opens: "all" if the sides may talk, and each side's whose seats may (a side
    with one seat in this game keeps its channel: Guadalcanal's two-player game declares the rule 17 seats too)."""
    rules = rules_for(game)
    meta = rules.meta
    offered = rules.seats_offered
    seats = set(offered(game.scenario, game.options or {})) if offered is not None else set(meta.seats())
    sides = [s.id for s in meta.sides_of() if meta.chat.teammates or len(seats & set(s.seats)) == 1]
    return ([ALL] if meta.chat.opponents else []) + sides


def _own(game: Game, role: str) -> list[str]:
    side = rules_for(game).meta.side_of(role)
    return [c for c in channels(game) if c == ALL or (side is not None and c == side.id)]


def readable_channels(game: Game, role: str) -> list[str]:
    if role == UMPIRE or (game.status == "ended"):
        return [ALL, *(s.id for s in rules_for(game).meta.sides_of())]  # all there ever was
    if role == SPECTATOR:
        return []
    return _own(game, role)


def writable_channels(game: Game, role: str) -> list[str]:
    if role == SPECTATOR:
        return []
    if role == UMPIRE:
        return channels(game)
    return _own(game, role)


def refusal(game: Game, role: str, channel: str) -> str:
    """Why `role` may not write to `channel`, in the game's words and citing its rule when it gives one."""
    meta = rules_for(game).meta
    rule = f" (rule {meta.chat.rule})" if meta.chat.rule else ""
    side = meta.side_of(role)
    if role == SPECTATOR:
        return "You cannot write to that channel: only the players and the umpire can write here."
    if channel == ALL and not meta.chat.opponents:
        return f"The sides may not talk to each other in this game{rule}."
    if side is not None and channel == side.id and not meta.chat.teammates:
        return f"The players of one side may not talk to each other in this game{rule}."
    return ("You cannot write to that channel: only to your own side's"
            + (" and to all players'." if ALL in channels(game) else "."))


def post(db: DB, game: Game, user_id: int, role: str, channel: str, text: str) -> ChatMessage:
    text = (text or "").strip()
    if not text:
        raise BadRequest("Write something first.")
    if len(text) > MAX_LENGTH:
        raise BadRequest(f"A message has at most {MAX_LENGTH} characters.")
    if channel not in writable_channels(game, role):
        raise Forbidden(refusal(game, role, channel))
    since = now() - timedelta(minutes=1)
    recent = db.scalar(select(func.count()).select_from(ChatMessage)
                       .where(ChatMessage.user_id == user_id, ChatMessage.at >= since))
    if recent >= get_settings().chat_per_minute:
        raise TooMany("You are sending messages too fast. Wait a minute.")
    message = ChatMessage(game_id=game.id, channel=channel, user_id=user_id, role=role, text=text, at=now())
    db.add(message)
    db.flush()
    return message


@lru_cache(maxsize=32)
def _chat_query(channels: tuple[str, ...], limit: int):
    """The last `limit` messages of each channel, as columns; built once per set of channels (every drawing reads
    the chat: building the statement and its cache key cost more than running it)."""
    per_channel = [select(ChatMessage.id, ChatMessage.channel, ChatMessage.role, ChatMessage.text,
                          ChatMessage.at, User.username)
                   .join(User, User.id == ChatMessage.user_id)
                   .where(ChatMessage.game_id == bindparam("game_id"), ChatMessage.channel == channel)
                   .order_by(ChatMessage.id.desc()).limit(limit).subquery().select()
                   for channel in channels]
    return union_all(*per_channel) if len(per_channel) > 1 else per_channel[0]


def messages(db: DB, game: Game, role: str, limit: int = 200) -> list[dict[str, Any]]:
    return messages_for(db, game, (role,), limit)[role]


def messages_for(db: DB, game: Game, roles, limit: int = 200) -> dict[str, list[dict[str, Any]]]:
    """Each role's chat, the last `limit` messages of the channels it reads, in one query for all the roles (a
    push draws every watching role's page: issue 18). Each channel's last `limit` are read, so no role's share
    is crowded out by a channel it does not read."""
    readable = {role: readable_channels(game, role) for role in roles}
    wanted = sorted({c for chans in readable.values() for c in chans})
    rows = sorted(read(db, _chat_query(tuple(wanted), limit), {"game_id": game.id}).all()) if wanted else []
    meta = rules_for(game).meta
    label = lambda r: "Umpire" if r == UMPIRE else meta.label(r)  # noqa: E731  (a side's id names the side)
    return {role: [{"channel": channel, "channel_label": "All" if channel == ALL else label(channel),
                    "from": name, "role": label(who), "text": text, "at": at.strftime("%H:%M")}
                   for _, channel, who, text, at, name in [r for r in rows if r[1] in chans][-limit:]]
            for role, chans in readable.items()}
