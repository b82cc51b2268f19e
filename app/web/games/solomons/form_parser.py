"""The boards' fields back into the one order the rules take, {"verb": "submit", "args": {...}}. The parser only
reads the posted form; the rules decide what is legal (IllegalAction)."""
from __future__ import annotations

from typing import Any

from app.games.solomons.states import STATES
from app.play.errors import BadRequest
from app.web.actions import action_from_form
from app.games.solomons.boards.common import SLOT_RUN


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


def parse_plot(form) -> dict[str, Any]:
    plots: dict[str, Any] = {}
    for key, value in _prefixed(form, "plot.").items():
        tf_id, _, seg = key.rpartition(".")
        if not tf_id or not seg.isdigit():
            raise BadRequest("The plotting chart names each cell by task force and segment number. Reload the page.")
        plots.setdefault(tf_id, {"hexes": {}})["hexes"][seg] = value
    for tf_id in _prefixed(form, "column."):
        entry = plots.setdefault(tf_id, {"hexes": {}})
        start = str(form.get(f"slot_start.{tf_id}") or "")
        if form.get(f"anti_slot.{tf_id}"):
            entry.update(hexes={}, anti_slot=True)  # 11.1: the server writes the course
        elif start:  # 6.37 shortcut: wait at Rabaul, then K L M L K and home, one segment in each
            segs = sorted(int(s) for s in entry["hexes"]) or []
            if not start.strip().isdigit():
                raise BadRequest("Slot run: choose the segment to leave Rabaul in.")
            first = int(start)
            entry["hexes"] = {str(s): ("rabaul" if s < first else SLOT_RUN[min(s - first, 5)]) for s in segs}
            entry["slot"] = True
        elif form.get(f"slot.{tf_id}"):
            entry["slot"] = True
        orders = parse_surface_orders(form, tf_id)
        if orders is not None:
            entry["orders"] = orders
    out: dict[str, Any] = {"plots": plots}
    subs = {sid: where for sid, where in _prefixed(form, "sub.").items() if where}
    if subs:
        out["submarines"] = subs
    return out


def parse_surface_orders(form, tf_id: str) -> dict[str, Any] | None:
    """A column's "Surface action orders" (combat/surface.py): None when the column has none (a carrier force).
    A blank or missing choice is left out, which the rules read as their default; `set_aside` lists the numbered
    ships, first removed first (15.32), and is always given so that it replaces the orders of an earlier plot."""
    fields = _prefixed(form, f"orders.{tf_id}.")
    if not fields:
        return None
    orders: dict[str, Any] = {k: fields[k] for k in ("shield", "target") if fields.get(k)}
    if fields.get("anti_ship_in_m"):
        orders["anti_ship_in_m"] = True  # 15.3: unticked is the rules' default, keep the mission
    ranks = {k.removeprefix("set_aside."): _int(form, f"orders.{tf_id}.{k}")
             for k, v in fields.items() if k.startswith("set_aside.") and v.strip()}
    orders["set_aside"] = sorted(ranks, key=lambda u: (ranks[u], u))
    return orders


# Keyed by the board (form) id each decision kind's record names (app/games/solomons/states.py), the same id as the
# board's template, templates/games/solomons/_<form>.html. The other boards name their fields as the typed orders
# (`arg.<name>...`): the platform's generic parser reads them and their record tidies them (`tidy`).
PARSERS = {"allocation": parse_allocation, "plot": parse_plot}


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
