"""Notices when the tab is closed (issue 11, item 16): an e-mail and, if the user gives one, a webhook POST when it is
the user's move, when their deadline nears, and when the game ends.

Off until the user opts in on their settings page. Each notice says only what the user's own page shows: the game's
title, their side, where the game stands in their own view and the title of their own prompt. Notices are claimed by
writing a `NoticeSent` row (unique per user, game, kind, prompt version and channel) before anything is sent, so a
notice is never sent twice; delivery runs after the commit, off the request path, and a failure is recorded and
logged, never raised into the game."""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import ipaddress
import logging
import re
import smtplib
import socket
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from typing import Any
from urllib.parse import urlsplit

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from sqlalchemy import bindparam, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as DB
from starlette.concurrency import run_in_threadpool

from app.config import get_settings
from app.engine.contract import UMPIRE
from app.paths import ROOT
from app.play.clock import now
from app.play.columns import read
from app.play.deadlines import awaited
from app.play.errors import BadRequest, NotFound
from app.play.lobby import stage
from app.play.state import load_state, rules_for
from app.realtime.hub import hub
from app.store.db import transaction
from app.store.models import Game, NoticeSent, NotifySetting, Seat

log = logging.getLogger("ironbottom.notify")

# The events a user may choose, in the words of the settings page.
EVENTS = {"move": "It is my move", "deadline": "My deadline is near", "end": "A game of mine ends"}
EMAIL = re.compile(r"^[^@\s<>\"',;]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?\.[A-Za-z]{2,63}$")
_mail = Environment(loader=FileSystemLoader(str(ROOT / "templates" / "email")), autoescape=False,
                    undefined=StrictUndefined, keep_trailing_newline=True)


# ------------------------------------------------------------------------------------------------ unsubscribing

def _mac(user_id: int) -> str:
    # A purpose prefix keeps this MAC from matching anything else the secret key signs.
    key = get_settings().secret_key.encode()
    return hmac.new(key, f"ironbottom-unsubscribe:{user_id}".encode(), hashlib.sha256).hexdigest()[:32]


def unsubscribe_token(user_id: int) -> str:
    return f"{user_id}.{_mac(user_id)}"


def token_user(token: str) -> int:
    """The user an unsubscribe token was signed for, or NotFound."""
    user_id, _, mac = token.partition(".")
    if not user_id.isdigit() or not hmac.compare_digest(mac, _mac(int(user_id))):
        raise NotFound("This unsubscribe link is not valid. Sign in and turn notices off on your settings page.")
    return int(user_id)


def unsubscribe(db: DB, token: str) -> None:
    """One click from a notice: no more notices for this user until they opt in again. No sign-in: the signed
    token is the proof, and it can only ever turn notices off."""
    setting = db.get(NotifySetting, token_user(token))
    if setting is not None:
        setting.enabled = False
        setting.updated_at = now()


# --------------------------------------------------------------------------------------------------- settings

def settings_of(db: DB, user_id: int) -> dict[str, Any]:
    s = db.get(NotifySetting, user_id)
    if s is None:
        return {"enabled": False, "email": "", "webhook_url": "", "events": []}
    return {"enabled": s.enabled, "email": s.email or "", "webhook_url": s.webhook_url or "",
            "events": list(s.events or [])}


def check_email(text: str) -> str | None:
    text = text.strip()
    if not text:
        return None
    if len(text) > 254 or not EMAIL.match(text):
        raise BadRequest("That e-mail address cannot be used. Write it as name@example.org.")
    return text


NAT64 = ipaddress.ip_network("64:ff9b::/96")  # RFC 6052: the IPv4 address in the last 32 bits
NAT64_LOCAL = ipaddress.ip_network("64:ff9b:1::/48")  # RFC 8215: local-use translation, never a public address


def _embedded(ip: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address leads to: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64, 6to4
    (2002:AABB:CCDD::) and both ends of Teredo. A host may reach any of them through it."""
    out = [a for a in (ip.ipv4_mapped, ip.sixtofour) if a is not None]
    if ip.teredo:
        out += list(ip.teredo)
    low = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    if int(ip) >> 32 == 0 or ip in NAT64:
        out.append(low)
    return out


def _private(address: str) -> bool:
    """Does the address reach, directly or through an IPv6 form of an IPv4 address, anything but a public host:
    loopback, a private network, link-local (the cloud metadata service at 169.254.169.254 among them), multicast
    or reserved ranges."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if not ip.is_global or ip.is_multicast:
        return True
    if isinstance(ip, ipaddress.IPv6Address):
        return ip in NAT64_LOCAL or any(not v4.is_global or v4.is_multicast for v4 in _embedded(ip))
    return False


def check_webhook(url: str) -> str | None:
    """An http(s) address whose host resolves, and (unless the server allows it, as tests do) only to public
    addresses: a user must not be able to aim the server at its own machine or network."""
    url = url.strip()
    if not url:
        return None
    _resolve_webhook(url)
    return url


def _resolve_webhook(url: str) -> str:
    """The address the webhook's host resolves to now, after refusing a host that resolves to any non-public one."""
    if len(url) > 500:
        raise BadRequest("That webhook address is too long (500 characters at most).")
    try:
        parts = urlsplit(url)
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise BadRequest("That webhook address cannot be read. Write it as https://example.org/hook.") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise BadRequest("A webhook address starts with https:// (or http://) and names a host.")
    if parts.username or parts.password:
        raise BadRequest("A webhook address cannot carry a user name or password; put a secret in its path.")
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(parts.hostname, port, proto=socket.IPPROTO_TCP)}
    except (socket.gaierror, UnicodeError):
        raise BadRequest(f"The webhook's host {parts.hostname} cannot be found.") from None
    if not get_settings().webhook_allow_private and any(_private(a) for a in addresses):
        raise BadRequest("Webhooks cannot go to private, loopback or link-local addresses.")
    return sorted(addresses)[0]


def _pinned(url: str, address: str) -> tuple[str, str]:
    """The URL with its host replaced by the checked address, and the Host header it keeps: the connection goes to
    the address that was checked, so a host that re-resolves between the check and the connection (DNS rebinding)
    cannot turn the request toward the server's own network."""
    parts = urlsplit(url)
    ip = address.split("%", 1)[0]
    netloc = f"[{ip}]" if ":" in ip else ip
    if parts.port:
        netloc += f":{parts.port}"
    host = parts.hostname + (f":{parts.port}" if parts.port else "")
    return parts._replace(netloc=netloc).geturl(), host


def check_settings(email: str, webhook_url: str, events: list[str]) -> dict[str, Any]:
    """The settings as they will be stored, or a 400 saying what to change. Checked before any transaction (the
    webhook's host is looked up)."""
    unknown = [e for e in events if e not in EVENTS]
    if unknown:
        raise BadRequest("Choose among the listed events: " + ", ".join(EVENTS.values()) + ".")
    email_ok, hook = check_email(email or ""), check_webhook(webhook_url or "")
    if events and not (email_ok or hook):
        raise BadRequest("Give an e-mail address or a webhook address to receive notices, or choose no events.")
    return {"email": email_ok, "webhook_url": hook, "events": [e for e in EVENTS if e in events]}


def save_settings(db: DB, user_id: int, checked: dict[str, Any], base_url: str) -> None:
    s = db.get(NotifySetting, user_id)
    if s is None:
        s = NotifySetting(user_id=user_id)
        db.add(s)
    s.email, s.webhook_url, s.events = checked["email"], checked["webhook_url"], checked["events"]
    s.enabled = bool(checked["events"])  # opting in is choosing an event; choosing none turns notices off
    s.base_url, s.updated_at = base_url[:200], now()


# ------------------------------------------------------------------------------------------- what is due, once

@dataclass
class Notice:
    id: int
    channel: str
    address: str
    subject: str
    text: str
    payload: dict[str, Any]
    unsubscribe_url: str


def _subscribers(db: DB, game_id: str) -> list[tuple[Seat, NotifySetting]]:
    return list(db.execute(select(Seat, NotifySetting).join(NotifySetting, NotifySetting.user_id == Seat.user_id)
                           .where(Seat.game_id == game_id, NotifySetting.enabled.is_(True))).all())


_SUBSCRIBED = (select(Seat.id).join(NotifySetting, NotifySetting.user_id == Seat.user_id)
               .where(Seat.game_id == bindparam("game_id"), NotifySetting.enabled.is_(True)).limit(1))


def has_subscribers(db: DB, game_id: str) -> bool:
    """Whether anyone seated in the game takes notices: most games have no one, and then nothing is queued."""
    return read(db, _SUBSCRIBED, {"game_id": game_id}).scalar() is not None


def _window(game: Game) -> float:
    seconds = (game.clock or {}).get("seconds") or 0
    warn = get_settings().deadline_warning_seconds
    return min(warn, seconds / 4) if seconds else warn


def _due(db: DB, game: Game, kinds: tuple[str, ...], at: datetime,
         watching: frozenset[int]) -> list[tuple[Seat, NotifySetting, str, str]]:
    """(seat, setting, kind, ref) for each notice now due in this game: a move when the seat's prompt is open and
    its orders are not in (one per prompt version), a deadline within its warning window, the game's end. A user
    with the game open in a tab (`watching`) sees their move and the end there: those wait until the tab is
    closed (the next commit after it notices them). A deadline warning goes out either way."""
    subs = _subscribers(db, game.id)
    if not subs or game.status not in ("active", "ended"):
        return []
    owed: set[str] = set()
    if game.status == "active":
        owed = awaited(rules_for(game).prompts(load_state(db, game)))
    out = []
    for seat, setting in subs:
        version = str((game.prompt_versions or {}).get(seat.role, 0))
        events = set(setting.events or [])
        here = seat.user_id in watching
        if game.status == "ended":
            if "end" in kinds and "end" in events and not here:
                out.append((seat, setting, "end", "end"))
            continue
        if seat.role not in owed:
            continue
        if "move" in kinds and "move" in events and not here:
            out.append((seat, setting, "move", version))
        deadline = (game.deadlines or {}).get(seat.role)
        if "deadline" in kinds and "deadline" in events and deadline and not (game.clock or {}).get("paused"):
            left = (datetime.fromisoformat(deadline) - at).total_seconds()
            if 0 < left <= _window(game):
                out.append((seat, setting, "deadline", version))
    return out


def _when(iso: str) -> str:
    """'1 December 2026, 10:00 UTC': a deadline as a person reads it."""
    from datetime import timezone

    at = datetime.fromisoformat(iso).astimezone(timezone.utc)
    return f"{at.day} {at:%B %Y, %H:%M} UTC"


def _compose(db: DB, game: Game, seat: Seat, setting: NotifySetting, kind: str) -> dict[str, Any]:
    """The notice, from what the seat's own page shows: its view's stage, its own prompt's title, its deadline."""
    rules = rules_for(game)
    meta = rules.meta
    side = "Umpire" if seat.role == UMPIRE else meta.label(seat.role)
    title = " ".join((game.title or meta.title).split())  # no line breaks in a mail header
    prompt = rules.prompts(load_state(db, game)).get(seat.role) if game.status == "active" else None
    base = (setting.base_url or get_settings().base_url or "http://127.0.0.1:8000").rstrip("/")
    deadline = (game.deadlines or {}).get(seat.role) if kind != "end" else None
    subject = {"move": f"Your move: {title} ({side})", "deadline": f"Your deadline is near: {title} ({side})",
               "end": f"Game over: {title} ({side})"}[kind]
    context = {"kind": kind, "title": title, "game_type": meta.title, "side": side,
               "stage": stage(db, game, rules, seat.role),
               "orders": (prompt or {}).get("title") if isinstance(prompt, dict) else None,
               "deadline": _when(deadline) if deadline else None, "game_url": f"{base}/games/{game.id}",
               "unsubscribe_url": f"{base}/notifications/unsubscribe/{unsubscribe_token(seat.user_id)}"}
    payload = {"event": {"move": "your_move", "deadline": "deadline_near", "end": "game_over"}[kind],
               "text": subject, "game": {"id": game.id, "title": title, "type": meta.title,
                                         "url": context["game_url"]},
               "side": side, "stage": context["stage"], "deadline": deadline,
               "unsubscribe": context["unsubscribe_url"]}
    return {"subject": subject, "text": _mail.get_template("notice.txt").render(**context), "payload": payload,
            "unsubscribe_url": context["unsubscribe_url"]}


def _claim(game_id: str, kinds: tuple[str, ...], at: datetime, watching: frozenset[int]) -> list[Notice]:
    """Write a pending row for each notice due and not yet claimed, and return what to send."""
    with transaction(read_only=True) as db:  # most games have no subscriber: do not take the write lock for them
        if not has_subscribers(db, game_id):
            return []
    claimed = []
    with transaction() as db:
        game = db.get(Game, game_id)
        if game is None:
            return []
        for seat, setting, kind, ref in _due(db, game, kinds, at, watching):
            channels = []
            if setting.email and get_settings().smtp_host:
                channels.append(("email", setting.email))
            if setting.webhook_url:
                channels.append(("webhook", setting.webhook_url))
            message = None
            for channel, address in channels:
                if db.scalar(select(NoticeSent.id).where(
                        NoticeSent.user_id == seat.user_id, NoticeSent.game_id == game.id, NoticeSent.kind == kind,
                        NoticeSent.ref == ref, NoticeSent.channel == channel)) is not None:
                    continue
                row = NoticeSent(user_id=seat.user_id, game_id=game.id, kind=kind, ref=ref, channel=channel,
                                 status="pending", at=now())
                try:
                    with db.begin_nested():  # another process may claim the same notice at the same moment
                        db.add(row)
                except IntegrityError:
                    continue
                message = message or _compose(db, game, seat, setting, kind)
                claimed.append(Notice(row.id, channel, address, **message))
    return claimed


# ------------------------------------------------------------------------------------------------- delivery

def send_email(to: str, subject: str, text: str, unsubscribe_url: str) -> None:
    s = get_settings()
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = s.mail_from, to, subject
    msg["Auto-Submitted"] = "auto-generated"
    msg["List-Unsubscribe"] = f"<{unsubscribe_url}>"
    msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"  # RFC 8058: mail clients POST to the link
    msg.set_content(text)
    smtp_class = smtplib.SMTP_SSL if s.smtp_ssl else smtplib.SMTP
    with smtp_class(s.smtp_host, s.smtp_port, timeout=s.smtp_timeout_seconds) as smtp:
        if s.smtp_starttls and not s.smtp_ssl:
            smtp.starttls()
        if s.smtp_username:
            smtp.login(s.smtp_username, s.smtp_password)
        smtp.send_message(msg)


def post_webhook(url: str, payload: dict[str, Any]) -> None:
    import httpx

    # Checked again at sending (the host's addresses may have changed since the user saved it), and the request goes
    # to the very address checked; TLS still verifies the certificate for the host's name (sni_hostname).
    target, host = _pinned(url, _resolve_webhook(url))
    with httpx.Client(timeout=get_settings().webhook_timeout_seconds, follow_redirects=False) as client:
        r = client.post(target, json=payload, headers={"User-Agent": "Ironbottom notices", "Host": host},
                        extensions={"sni_hostname": urlsplit(url).hostname})
    if r.status_code >= 300:
        raise RuntimeError(f"the webhook answered {r.status_code}")


def _deliver(notice: Notice) -> None:
    status, error = "sent", None
    try:
        if notice.channel == "email":
            send_email(notice.address, notice.subject, notice.text, notice.unsubscribe_url)
        else:
            post_webhook(notice.address, notice.payload)
    except Exception as e:  # a notice that cannot go out is recorded; the game never hears of it
        status, error = "failed", (getattr(e, "message", None) or str(e) or type(e).__name__)[:200]
        log.warning("notice %s by %s failed: %s", notice.id, notice.channel, error)
    with transaction() as db:
        row = db.get(NoticeSent, notice.id)
        if row is not None:
            row.status, row.error = status, error


def _send(game_id: str, kinds: tuple[str, ...], at: datetime, watching: frozenset[int] = frozenset()) -> int:
    try:
        notices = _claim(game_id, kinds, at, watching)
        for notice in notices:
            _deliver(notice)
        return len(notices)
    except Exception:
        log.exception("notices for game %s failed", game_id)
        return 0


def send_for_game(game_id: str, watching: frozenset[int] = frozenset()) -> int:
    """After a commit: your-move and game-over notices now due in this game, except to the users `watching` it
    in an open tab. Returns how many were tried."""
    return _send(game_id, ("move", "end"), now(), watching)


def warn_deadlines(at: datetime | None = None) -> int:
    """From the clock ticker: a notice to each subscriber whose deadline falls within its warning window."""
    at = at or now()
    try:
        with transaction(read_only=True) as db:
            games = [g.id for g in db.scalars(select(Game).where(Game.status == "active"))
                     if g.deadlines and not (g.clock or {}).get("paused")]
    except Exception:
        log.exception("deadline notices failed")
        return 0
    return sum(_send(game_id, ("deadline",), at) for game_id in games)


_tasks: set[asyncio.Task] = set()


def schedule(game_id: str) -> None:
    """Queue this game's notices behind the commit that made them due, in the threadpool, off the request."""
    # The sockets of this process (another process's are unknown here, so their users may hear twice: never none).
    watching = frozenset(s.user_id for s in hub.channels.get(game_id, ()) if s.user_id is not None)
    try:
        task = asyncio.get_running_loop().create_task(run_in_threadpool(send_for_game, game_id, watching))
    except RuntimeError:  # no running loop (a script): nothing to queue on
        return
    _tasks.add(task)  # keep a reference until it is done
    task.add_done_callback(_tasks.discard)
