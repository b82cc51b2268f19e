"""Submitting orders from the web: parse, apply in one transaction, then (only after the commit) let the
computer players move and push the new views."""
from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from starlette.background import BackgroundTasks
from starlette.concurrency import run_in_threadpool

from app.play import lobby
from app.play import notify as notices
from app.play.bots import run_bots
from app.play.errors import BadRequest
from app.play.submit import Submitted, apply_action, lock_game
from app.realtime.hub import hub
from app.realtime.pg_notify import notify
from app.store.db import is_postgres, transaction

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
    """Turn the form fields into an action, typed by the prompt's argument spec: `verb`, then for each argument
    the fields templates/game/_prompt.html draws for its kind (`arg.<name>`, `arg.<name>.<part>`, repeated
    `arg.<name>` for several choices). The rules check legality; this only reads the values."""
    verb = str(form.get("verb") or "")
    if not verb:
        raise BadRequest("The form has no order in it. Reload the page.")
    spec = _spec_for(prompt, verb).get("args") or {}
    args: dict[str, Any] = {}
    for name, arg in spec.items():
        value = _read(form, f"arg.{name}", arg if isinstance(arg, dict) else {}, name)
        if value is not _MISSING:
            args[name] = value
    # Fields for arguments the prompt does not list are read as JSON and left for the rules to refuse by name.
    for key, raw in form.multi_items():
        if key.startswith("arg.") and key[4:].split(".")[0] not in spec:
            args[key[4:]] = _loads(str(raw), {}, key[4:])
    return {"verb": verb, "args": args}


_MISSING = object()
_PARTS = ("assignment", "plot", "group")  # kinds drawn as parts `arg.<name>.<part>`, or as JSON when too deep


def _read(form, field: str, arg: dict[str, Any], name: str) -> Any:
    """One argument (or part) of the kind `arg` describes, from the fields named `field` or `field.<part>`;
    _MISSING if the form holds nothing for it (an optional part left blank)."""
    kind = arg.get("type")
    raw = form.get(field)
    if kind == "several":  # ticked boxes, each one value (a JSON list, from a client that sends one, is taken whole)
        ticked = [_loads(str(v), arg, name) for v in form.getlist(field)]
        return ticked[0] if len(ticked) == 1 and isinstance(ticked[0], list) else ticked
    if kind == "boolean":  # an unticked box sends nothing
        return raw is not None and str(raw) in ("true", "1", "on")
    if kind in _PARTS:
        if raw is not None:  # drawn as JSON (nested too deep for fields)
            return _loads(str(raw), arg, name) if str(raw).strip() else _MISSING
        if kind == "assignment":
            parts = [(i, dict(arg, type="choice")) for i in arg.get("ids", [])]  # each id one of the choices
        elif kind == "plot":
            parts = [(s, arg.get("each") or {}) for s in arg.get("segments", [])]
        else:
            parts = list((arg.get("fields") or {}).items())
        out = {}
        for part, sub in parts:
            value = _read(form, f"{field}.{part}", sub if isinstance(sub, dict) else {}, f"{name}, {part}")
            if value is not _MISSING:
                out[str(part)] = value
        return out
    if raw is None:
        return _MISSING
    raw = str(raw)
    if kind is None:  # an older prose spec: the field holds JSON (blank: null), as the form drew it
        return _loads(raw, arg, name)
    if kind != "string" and not raw.strip():
        return _MISSING  # a blank choice ("no move", "(none)") or an empty number
    if kind == "path" and not raw.lstrip().startswith("["):  # "P4, O4" or "P4 O4": the spaces in order
        return [s for s in raw.replace(",", " ").split()]
    if kind == "integer":
        try:
            return int(raw)
        except ValueError:
            raise _unreadable(arg, name) from None
    if kind == "string":
        return raw
    return _loads(raw, arg, name)


def _loads(raw: str, arg: dict[str, Any], name: str) -> Any:
    try:
        return json.loads(raw) if raw.strip() else None
    except ValueError:
        raise _unreadable(arg, name) from None


def _unreadable(arg: dict[str, Any], name: str) -> BadRequest:
    return BadRequest(f"{arg.get('label') or name.replace('_', ' ').capitalize()}: that value cannot be read.")


def _apply_in_transaction(game_id: str, role: str | None, action: Any, expected: int | None, key: str,
                          user_id: int | None, seat: str | None) -> Submitted:
    """One transaction for the whole order: the game's row locked, the sender's seat looked up under that lock
    (when the caller has not already), the rules applied."""
    with transaction() as db:
        if role is None:
            role = lobby.require_seat(db, lock_game(db, game_id), user_id, seat)
        result = apply_action(db, game_id, role, action, expected, key, user_id)
        result.role = role
        return result


async def apply(game_id: str, role: str | None, action: Any, expected: int | None, key: str, user_id: int | None,
                seat: str | None = None) -> Submitted:
    """Apply an order and commit it; nothing is pushed yet (see `submit`). `role` None: the user's seat (`seat`
    when they hold several), looked up inside the order's own transaction."""
    return await run_in_threadpool(_apply_in_transaction, game_id, role, action, expected, key, user_id, seat)


async def submit(game_id: str, role: str | None, action: Any, expected: int | None, key: str,
                 user_id: int | None, later: BackgroundTasks | None = None, seat: str | None = None) -> Submitted:
    """Apply an order; then push it and let the computer answer. With `later` (the request's background tasks)
    that runs after the reply has gone, so the player is not kept waiting on every other page's push; without it,
    before this returns."""
    result = await apply(game_id, role, action, expected, key, user_id, seat)
    if later is None:
        await after_commit(game_id)
    else:
        later.add_task(after_commit, game_id)
    return result


async def after_commit(game_id: str, drawn: dict[str, str] | None = None, ticket: int | None = None,
                       notified: bool = False, checked: tuple[set[str], set[str]] | None = None) -> None:
    """Push the committed position, let computer players answer (each move its own transaction), push again.
    `drawn`: pages already drawn for some roles after the commit, under the hub's `ticket`; `notified`: the other
    processes were already told of the commit; `checked`: the sessions looked up with that drawing, and the valid.
    A push that fails is logged and does not keep the computer from answering: the game must not stall on a
    page that could not be drawn (pages reload the position on their next visit)."""
    await _publish_logged(game_id, drawn, ticket, notified, checked)
    moves = await run_in_threadpool(run_bots, game_id)
    if moves:
        await _publish_logged(game_id)


async def _publish_logged(game_id: str, drawn: dict[str, str] | None = None, ticket: int | None = None,
                          notified: bool = False, checked: tuple[set[str], set[str]] | None = None) -> None:
    try:
        await publish(game_id, drawn, ticket, notified, checked)
    except Exception:
        log.exception("pushing game %s failed", game_id)


async def publish(game_id: str, drawn: dict[str, str] | None = None, ticket: int | None = None,
                  notified: bool = False, checked: tuple[set[str], set[str]] | None = None) -> None:
    """Push to this process's sockets, and tell the other processes (PostgreSQL deployments) at the same time, so
    their sockets do not wait for this process's whole local push before they hear of the commit."""
    notices.schedule(game_id)  # e-mail and webhook notices, after the commit, off the request
    if notified or not is_postgres():  # (SQLite runs one process: no one else to tell)
        await hub.publish(game_id, drawn, ticket, checked)
    else:
        await asyncio.gather(hub.publish(game_id, drawn, ticket, checked), run_in_threadpool(notify, game_id))
