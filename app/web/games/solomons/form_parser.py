"""The boards' fields back into the one order the rules take, {"verb": "submit", "args": {...}}. The parser only
reads the posted form; the rules decide what is legal (IllegalAction)."""
from __future__ import annotations

from typing import Any

from app.games.solomons.states import STATES
from app.play.errors import BadRequest
from app.web.actions import action_from_form


def _int(form, name: str, default: int = 0) -> int:
    raw = str(form.get(name) or "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise BadRequest(f"{name.split('.')[-1].replace('_', ' ').capitalize()}: give a whole number.") from None


def _prefixed(form, prefix: str) -> dict[str, str]:
    return {k[len(prefix):]: str(v) for k, v in form.multi_items() if k.startswith(prefix)}


def parse_allocation(form) -> dict[str, Any]:
    groups: dict[int, list[str]] = {}
    for uid, slot in _prefixed(form, "tf.").items():
        if slot.strip():
            groups.setdefault(_int(form, f"tf.{uid}"), []).append(uid)
    specs = []
    for n in sorted(groups):
        units = sorted(groups[n])
        spec: dict[str, Any] = {"units": units, "mission": str(form.get(f"mission.{n}") or "anti_ship"), "number": n}
        cargo = {u: {"ground": _int(form, f"cargo.{u}.ground"), "supply": _int(form, f"cargo.{u}.supply")}
                 for u in units if f"cargo.{u}.ground" in form or f"cargo.{u}.supply" in form}
        if cargo:
            spec["cargo"] = cargo
        dd = str(form.get(f"emergency.{n}") or "")
        if dd:
            spec["emergency_dd"] = dd
            spec["emergency_cargo"] = str(form.get(f"emergency_cargo.{n}") or "supply")
        specs.append(spec)
    return {"task_forces": specs}


# Keyed by the board (form) id each decision kind's record names (app/games/solomons/states.py), the same id as the
# board's template, templates/games/solomons/_<form>.html. The other boards name their fields as the typed orders
# (`arg.<name>...`): the platform's generic parser reads them and their record tidies them (`tidy`).
PARSERS = {"allocation": parse_allocation}


def parse_form(form, prompt: dict[str, Any] | None) -> dict[str, Any]:
    """The boards' fields back into {"verb": "submit", "args": ...}, by the board the form was drawn for."""
    if str(form.get("verb") or "") != "submit":
        return action_from_form(form, prompt)  # the umpire's plain orders (advance, run), or no order at all
    info = (prompt or {}).get("info") or {}
    board = str(form.get("form") or info.get("form") or "")
    if not board:  # a page drawn before boards were named, or a client that says only the decision kind
        kind = str(form.get("kind") or info.get("kind") or "")
        board = STATES[kind].form if kind in STATES else ""
    if not board:
        raise BadRequest("The form has no order in it. Reload the page.")
    if board not in PARSERS:  # a board drawn with the typed orders' field names
        return action_from_form(form, prompt)
    return {"verb": "submit", "args": PARSERS[board](form)}
