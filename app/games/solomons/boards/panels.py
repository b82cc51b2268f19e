"""The side panels for one role: own task forces in full, enemy markers as last seen, ships in port, the refit/repair
tracks, the reinforcement chart and the Victory Points lost, all from `view(state, role)` and the game's printed
(public) data. The map's own drawing is the web plug-in's layer (app/web/games/solomons)."""
from __future__ import annotations

from typing import Any

from app.engine.contract import SPECTATOR, UMPIRE
from app.games.solomons import board, sequence, tables
from app.games.solomons.board_view import SIDE_LABEL, mission_label, own_forces, place_label
from app.games.solomons.plot import phase_segments
from app.games.solomons.boards.common import tf_label, unit_info
from app.games.solomons.units import marker_name


def step_title(view: dict[str, Any]) -> str:
    """The step of the sequence of play in words. A side's view names it; the umpire's view carries the state's
    own place in the walk (the walker's step, whose index nobody should read), so look its title up."""
    step = view.get("step")
    if isinstance(step, dict):
        step = step.get("index")
    if isinstance(step, int) and 0 <= step < len(sequence.STEPS):
        return sequence.STEPS[step]["title"]
    return step if isinstance(step, str) else ""


def board_model(view: dict[str, Any], result: str | None = None) -> dict[str, Any]:
    """The panels beside the map for this role: own task forces in full, enemy markers as last seen. The umpire (and
    everyone after the end) sees every task force of both sides, each in its side's colour."""
    tfs = [{"id": tf["id"], "label": tf_label(tf), "where": place_label(tf["hex"]),
            "side": tf.get("side") or view.get("role"), "mission": mission_label(tf["mission"]), "slot": tf["slot"],
            "anti_slot": tf["anti_slot"], "aborted": tf["aborted"], "units": [unit_info(view, u) for u in tf["units"]]}
           for tf in own_forces(view)]
    enemy = board.ENEMY.get(view.get("role") or "")
    marks = (view.get("enemy") or {}).get("markers") or {}
    # issue 34: the enemy list names each marker as the map and the log do ("Japanese Task Force A (sighted)")
    markers = [dict(mk, id=mid, where=place_label(mk["hex"]),
                    name=marker_name(enemy, mid, bool(mk.get("submarine"))) if enemy else mid)
               for mid, mk in sorted(marks.items())]
    return {"task_forces": tfs, "markers": markers, "step": step_title(view),
            "result": result,
            "by_side": both_sides(view, tfs) if view.get("role") in (UMPIRE, SPECTATOR) else None}


def short_place(place: str | None) -> str:
    """A plot cell: a hex by its letter (the column heads say these are hexes), a base by its name."""
    if not place:
        return "—"
    return place if place in tables.HEXES else place_label(place)


def both_sides(view: dict[str, Any], tfs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The umpire's side-by-side panel: each side's task forces with their ships and their plotted courses, one
    cell per Execution Segment of this Plot Execution Phase (Guadalcanal 18b: the umpire's copy shows both)."""
    raw = view.get("task_forces") or {}
    phase = 2 if str(view.get("phase", "")).endswith("2") else 1
    segments = phase_segments(phase)
    out = []
    for side in board.SIDES:
        forces = []
        for tf in (t for t in tfs if t["side"] == side):
            plot = raw[tf["id"]].get("plot") or {}
            forces.append(dict(tf, plot=[{"segment": seg, "where": short_place(plot.get(str(seg))),
                                          "past": seg <= (view.get("segment") or 0)} for seg in segments]))
        out.append({"side": side, "label": SIDE_LABEL[side], "forces": forces,
                    "submitted": not (view.get("waiting_for") or {}).get(side)})
    return out


def in_port(view: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Own ships not in a task force, by base."""
    out: dict[str, list[dict[str, Any]]] = {}
    for uid, u in sorted((view.get("units") or {}).items()):
        if u["task_force"] is None and u["status"] == "intact" and board.is_base(u["location"]):
            out.setdefault(u["location"], []).append(unit_info(view, uid))
    return out


def tracks(view: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The refit and repair tracks (8.8, 15.3, 21.6, 21.7) and carriers away training (6.21): own units only."""
    out: dict[str, list[dict[str, Any]]] = {"refit": [], "repair": [], "training": [], "sunk": []}
    for uid, u in sorted((view.get("units") or {}).items()):
        info = dict(unit_info(view, uid), returns=u.get("returns"), return_base=place_label(u.get("return_base")))
        if u["status"] == "sunk":
            out["sunk"].append(info)
        elif u.get("training"):
            out["training"].append(dict(info, returns=u["training"]["returns"]))
        elif u["status"] == "refit" or u["location"] == "refit":
            out["refit"].append(info)
        elif u["status"] == "crippled" or u["location"] == "repair":
            out["repair"].append(info)
    return out


def reinforcement_chart(side: str, turns: int) -> list[dict[str, Any]]:
    """Own side's printed Turn Record and Reinforcement chart (21)."""
    rows = []
    for t in range(1, turns + 1):
        try:
            rec = tables.reinforcements(t, side)
        except KeyError:
            rec = {}
        for base, spec in rec.items():
            units = [f"{board.unit_type(u)} {board.unit_name(u)}" for u in spec.get("units", [])]
            rows.append({"turn": t, "base": place_label(base), "units": units, "lac": spec.get("lac", 0),
                         "nac": spec.get("nac", 0), "ground": spec.get("ground", 0)})
    return rows
