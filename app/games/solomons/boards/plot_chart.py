"""The Simultaneous Movement Plotting Chart (8): one column per task force, each row offering only the places the
force can reach from the row above, the Slot / Anti-Slot choices, and the submarine placement (13.1)."""
from __future__ import annotations

from typing import Any

from app.games.solomons import board
from app.games.solomons.board_view import MISSIONS, place_label
from app.games.solomons.plot import CARRIER_BASES, phase_segments, slot_course
from app.games.solomons.boards.common import has_type, start_args, tf_label, unit_info
from app.games.solomons.boards.standing_orders import surface_orders


def plot_segments(view: dict[str, Any]) -> list[int]:
    return phase_segments(1 if view.get("phase") == "plot1" else 2)


def slot_start_of(hexes: dict[str, str], segments: list[int]) -> int | None:
    """The segment a Slot run from Rabaul leaves in (its first segment in K), if `hexes` is one."""
    start = next((s for s in segments if hexes.get(str(s)) == "K"), None)
    return start if start is not None and slot_course(segments, start) == {str(s): hexes.get(str(s), "rabaul")
                                                                            for s in segments} else None


def plot_column(view: dict[str, Any], tf: dict[str, Any], hexes: dict[str, str], orders: Any = None,
                slot_start: int | None = None, was: dict[str, str] | None = None) -> dict[str, Any]:
    """One column of the Simultaneous Movement Plotting Chart: in each segment only the places the task force
    can reach from where the previous row leaves it (8.2, 8.5, 8.8, 8.9, 9.1 transport pace, 20 Truk), and under
    them its standing orders for a surface action in M (15.3). A Slot run chosen by its start (6.37) fills the
    cells with its course.
    `was` is the column as it was drawn before the player's change: a later cell the player did not touch keeps
    its meaning ("stay", or "move to X") if it still can; one whose move is no longer legal from where the
    changed row now leaves the force resets to "stay", and says so."""
    side = view["role"]
    if slot_start is not None:
        hexes = slot_course(plot_segments(view), slot_start)
    carriers = has_type(tf, board.CARRIERS)
    transports = has_type(tf, ("TR",))
    bases = [CARRIER_BASES[side]] if carriers else list(board.BASES[side])
    units = view.get("units") or {}
    # 6.3: a force back in port after its sortie this Game-Turn may not sail again
    done_at_sea = board.is_base(tf["hex"]) and any(units.get(u, {}).get("sortied") for u in tf["units"]) \
        and tf["mission"] != "none" and any(not board.is_base(p) for p in (tf.get("plot") or {}).values())
    held_at_truk = not (view.get("truk_sortie") or {}).get("released")
    here, moved_last, rows = tf["hex"], False, []
    was_here = tf["hex"]  # where the force was, row by row, in the column as drawn before the change
    been_at_sea = done_at_sea or not board.is_base(here)
    for seg in plot_segments(view):
        options = [here]
        pace = transports and moved_last
        if not pace and not (board.is_base(here) and (been_at_sea or (here == "truk" and held_at_truk))):
            for n in board.adjacency()[here]:
                if board.is_base(n) and n not in bases:
                    continue
                options.append(n)
        chosen, reset = hexes.get(str(seg), here), None
        before = (was or {}).get(str(seg))
        if was is not None and before is not None and chosen == before:  # untouched: keep what it meant
            stayed = before == was_here
            chosen = here if stayed else before
            if not stayed and (chosen == here or chosen not in options):
                reset, chosen = before, here  # "move to X" can no longer mean that: stay, and say so
        if chosen not in options:
            reset, chosen = chosen, here
        was_here = before if before is not None else was_here
        moved_last = chosen != here
        been_at_sea = been_at_sea or not board.is_base(chosen)  # 6.3: once home again, it stays for the turn
        rows.append({"segment": seg, "night": not board.is_day(seg), "value": chosen, "pace": pace,
                     "reset": place_label(reset) if reset else None,
                     "options": [{"value": o, "label": ("stay in " if o == here else "") + place_label(o)}
                                 for o in options]})
        here = chosen
    slot_ok = (side == "japanese" and tf["base"] == "rabaul" and tf["hex"] == "rabaul"
               and tf["mission"] in ("anti_ship", "bombardment")
               and not has_type(tf, ("CV", "CVL", "BB", "B", "TR")))
    anti_ok = (side == "allied" and tf["hex"] == "espiritu_santo" and tf["mission"] == "anti_ship" and not carriers)
    return {"id": tf["id"], "label": tf_label(tf), "mission": dict(MISSIONS).get(tf["mission"], "None"),
            "transports": transports, "rows": rows, "slot": tf["slot"], "slot_ok": slot_ok, "anti_ok": anti_ok,
            "slot_start": slot_start if slot_ok else None,
            "units": [unit_info(view, u) for u in tf["units"]], "surface": surface_orders(view, tf, orders)}


def plot_model(view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any]:
    args = start_args(view, prompt)
    plots = args.get("plots") or {}
    columns, automatic = [], []
    for tf in sorted((view.get("task_forces") or {}).values(), key=lambda t: t["number"]):
        if tf["aborted"] or tf["mission_done"] or tf["anti_slot"]:
            automatic.append({"label": tf_label(tf), "why": "Anti-Slot: follows the Japanese Slot force (11.1)"
                              if tf["anti_slot"] else "retiring to base: the course is written for it (6.38, 8.4)"})
            continue
        entry = plots.get(tf["id"]) or {}
        # the orders being revised, else those the force already has (written with an earlier plot)
        orders = entry["orders"] if "orders" in entry else tf.get("orders")
        hexes = entry.get("hexes") or {}
        start = slot_start_of(hexes, plot_segments(view)) if entry.get("slot") else None
        col = plot_column(view, tf, hexes, orders, slot_start=start)
        col["anti_slot_on"] = bool(entry.get("anti_slot"))
        columns.append(col)
    subs = []
    if view.get("role") == "japanese" and view.get("phase") == "plot1":
        chosen = args.get("submarines") or {}
        for sid, s in sorted((view.get("submarines") or {}).items()):
            if s["status"] in ("available", "deployed", "used"):
                subs.append({"id": sid, "name": f"Submarine {sid.split('-')[-1]}", "value": chosen.get(sid) or "",
                             "status": s["status"]})
    return {"columns": columns, "automatic": automatic, "segments": plot_segments(view),
            "submarines": subs, "sea_hexes": board.sea_hexes()}

