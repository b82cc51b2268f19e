"""Submitting orders from the web: parse, apply in one transaction, then (only after the commit) let the
computer players move and push the new views."""
from __future__ import annotations

import json
import logging
from typing import Any

from starlette.concurrency import run_in_threadpool

from app.play import notify as notices
from app.play.bots import run_bots
from app.play.errors import BadRequest
from app.play.submit import Submitted, apply_action
from app.realtime.hub import hub
from app.realtime.pg_notify import notify
from app.store.db import transaction

log = logging.getLogger("ironbottom")


def int_field(value: Any, name: str) -> int:
    try:
        return int(str(value))
    except (TypeError, ValueError):
        raise BadRequest(f"The form is missing its {name.replace('_', ' ')}. Reload the page.") from None


def _spec_for(prompt: dict[str, Any] | None, verb: str) -> dict[str, Any]:
    for spec in (prompt or {}).get("actions", []):
        if spec.get("verb") == verb:
            return spec
    return {}


def action_from_form(form, prompt: dict[str, Any] | None) -> dict[str, Any]:
    """Turn the form fields `verb` and `arg.<name>` into an action, typed by the prompt's argument spec.
    The rules check legality; this only reads the values."""
    verb = str(form.get("verb") or "")
    if not verb:
        raise BadRequest("The form has no order in it. Reload the page.")
    spec = _spec_for(prompt, verb).get("args") or {}
    args: dict[str, Any] = {}
    for key, raw in form.multi_items():
        if not key.startswith("arg."):
            continue
        name, arg = key[4:], spec.get(key[4:], {})
        raw = str(raw)
        kind = arg.get("type") if isinstance(arg, dict) else None
        try:
            if isinstance(arg, dict) and "choices" in arg:
                args[name] = json.loads(raw)
            elif kind == "integer":
                args[name] = int(raw)
            elif kind == "boolean":
                args[name] = raw in ("true", "1", "on")
            elif kind == "string":
                args[name] = raw
            else:
                args[name] = json.loads(raw) if raw.strip() else None
        except ValueError:
            label = arg.get("label") if isinstance(arg, dict) else None
            raise BadRequest(f"{label or name.replace('_', ' ').capitalize()}: that value cannot be read.") from None
    for name, arg in spec.items():  # an unchecked checkbox sends nothing
        if isinstance(arg, dict) and arg.get("type") == "boolean" and name not in args:
            args[name] = False
    return {"verb": verb, "args": args}


def _apply_in_transaction(game_id: str, role: str, action: Any, expected: int | None, key: str,
                          user_id: int | None) -> Submitted:
    with transaction() as db:
        return apply_action(db, game_id, role, action, expected, key, user_id)


async def submit(game_id: str, role: str, action: Any, expected: int | None, key: str,
                 user_id: int | None) -> Submitted:
    result = await run_in_threadpool(_apply_in_transaction, game_id, role, action, expected, key, user_id)
    await after_commit(game_id)
    return result


async def after_commit(game_id: str) -> None:
    """Push the committed position, let computer players answer (each move its own transaction), push again.
    A push that fails is logged and does not keep the computer from answering: the game must not stall on a
    page that could not be drawn (pages reload the position on their next visit)."""
    await _publish_logged(game_id)
    moves = await run_in_threadpool(run_bots, game_id)
    if moves:
        await _publish_logged(game_id)


async def _publish_logged(game_id: str) -> None:
    try:
        await publish(game_id)
    except Exception:
        log.exception("pushing game %s failed", game_id)


async def publish(game_id: str) -> None:
    """Push to this process's sockets, and tell the other processes (PostgreSQL deployments)."""
    notices.schedule(game_id)  # e-mail and webhook notices, after the commit, off the request
    await hub.publish(game_id)
    await run_in_threadpool(notify, game_id)
