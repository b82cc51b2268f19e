"""The map (a board description the one renderer draws) and the side panels for one role: own task forces in full, enemy markers as last seen, ships in port,
the refit/repair tracks, the reinforcement chart and the Victory Points lost. All from `view(state, role)` and the
game's printed (public) data."""
from __future__ import annotations

import html
from functools import lru_cache
from typing import Any

from app.engine.contract import SPECTATOR, UMPIRE
from app.games.solomons import board, sequence, tables
from app.paths import ROOT
from app.play.records import result_words
from app.web.board import register_layer
from app.web.games.solomons.common import MISSIONS, anchor, map_data, place_label, tf_label, unit_info


SIDE_LABEL = {"allied": "United States", "japanese": "Japan", "umpire": "Umpire"}
# A counter is 56 by 30 map units (the one board renderer fans counters at one place so that none covers another);
# a stack hangs just below its hex's centre, clear of the hex letter above it.
COUNTER = (56, 30)
STACK_OFFSET = (0, 14)


def _map_svg() -> str:
    return (ROOT / "static" / "solomons" / "map.svg").read_text()


@lru_cache(maxsize=1)
def map_text() -> tuple[str, str, str]:
    """The committed map's title, description and drawing (coasts, hexes, zones: some 80 KiB that never change)."""
    text = _map_svg()
    title = text[text.index(">", text.index("<title")) + 1:text.index("</title>")]
    desc = text[text.index(">", text.index("<desc")) + 1:text.index("</desc>")]
    drawing = text[text.index("</desc>") + len("</desc>"):text.rindex("</svg>")]
    return html.unescape(title), html.unescape(desc), drawing


def basemap(layer: dict[str, Any]) -> str:
    """The Solomons' own layer under the counters: the GSHHS coastlines, the lettered hexes, the zones and the
    off-map bases, drawn by tools/make_solomons_map.py in the map units the board uses."""
    return map_text()[2]


register_layer("solomons-basemap", basemap)


def _at(place: str) -> Any:
    """Where a counter stands: a hex or base the board names, else the map's anchor for it."""
    d = map_data()
    return place if place in d["hexes"] or place in d["bases"] else list(anchor(place))


def board_description(view: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """The map as the one renderer's board (docs/architecture.md, Contract v2, Board), in the map's own units:
    the committed map as a layer the page keeps across pushes, own task forces (every side's for the umpire),
    enemy markers as last seen, and each task force's plotted course from where it is now."""
    d = map_data()
    title, desc, _ = map_text()
    all_seeing = b.get("by_side") is not None
    spaces = [{"id": h, "label": f"hex {h}", "at": list(v["center"]), "shape": "none"} for h, v in d["hexes"].items()]
    spaces += [{"id": k, "label": v["name"], "at": list(v["anchor"]), "shape": "none"} for k, v in d["bases"].items()]
    pieces = []
    for tf in b["task_forces"]:
        who = f"{SIDE_LABEL[tf['side']]} " if all_seeing else ""
        pieces.append({"id": tf["id"], "label": f"{who}{tf['label']}", "side": tf["side"], "kind": "tf",
                       "at": _at(tf["place"]), "face": tf["label"],
                       "details": f"{tf['mission']} at {tf['where']}: "
                                  + (", ".join(u["label"] for u in tf["units"]) or "no ships")})
    markers = []
    for mk in b["markers"]:
        seen = f" of Game-Turn {mk['turn']}" if mk.get("turn") else ""
        what = (f": {mk['units']} ships, {mk['capital']} capital, {mk['transports']} transports"
                if mk.get("units") is not None else "")
        markers.append({"id": mk["id"], "label": f"Enemy task force {mk['id']}", "kind": "seen",
                        "at": _at(mk["place"]), "face": [mk["id"], f"seen s{mk['segment']}"],
                        "details": f"last seen at {mk['where']} in segment {mk['segment']}{seen}{what}"})
    edges = [{"label": f"{tf['label']}: plotted course", "kind": "course", "side": tf["side"],
              "path": [_at(p) for p in tf["course"]]} for tf in b["task_forces"] if len(tf["course"]) > 1]
    x0, y0, w, h = d["viewBox"]
    return {"id": "solomons-map", "label": title, "description": desc, "extent": [x0, y0, x0 + w, y0 + h],
            "piece_size": list(COUNTER), "stack_offset": list(STACK_OFFSET), "per_row": 2,
            "layers": [{"id": "sol-basemap", "draw": "solomons-basemap", "below": True, "preserve": True,
                        "label": "coastlines, hexes and zones"}],
            "spaces": spaces, "edges": edges, "pieces": pieces, "markers": markers}


def step_title(view: dict[str, Any]) -> str:
    """The step of the sequence of play in words. A side's view names it; the umpire's view carries the state's
    own step index (a number nobody should read), so look its title up."""
    step = view.get("step")
    if isinstance(step, int) and 0 <= step < len(sequence.STEPS):
        return sequence.STEPS[step]["title"]
    return step if isinstance(step, str) else ""


def course_of(tf: dict[str, Any], now: int) -> list[str]:
    """The hexes a task force's plot still takes it through, from where it is now."""
    plot = tf.get("plot") or {}
    return [tf["hex"]] + [plot[k] for k in sorted(plot, key=int) if int(k) > now]


def board_model(view: dict[str, Any]) -> dict[str, Any]:
    """What the map draws for this role: own task forces in full, enemy markers as last seen. The umpire (and
    everyone after the end) sees every task force of both sides, each in its side's colour."""
    now = view.get("segment") or 0
    tfs = []
    for tf in sorted((view.get("task_forces") or {}).values(), key=lambda t: (t.get("side") or "", t["number"])):
        side = tf.get("side") or view.get("role")
        tfs.append({"id": tf["id"], "label": tf_label(tf), "place": tf["hex"], "where": place_label(tf["hex"]),
                    "side": side, "mission": dict(MISSIONS).get(tf["mission"], "None"), "slot": tf["slot"],
                    "anti_slot": tf["anti_slot"], "aborted": tf["aborted"],
                    "units": [unit_info(view, u) for u in tf["units"]]})
    markers = []
    for mid, mk in sorted(((view.get("enemy") or {}).get("markers") or {}).items()):
        markers.append(dict(mk, id=mid, place=mk["hex"], where=place_label(mk["hex"])))
    for tf in tfs:  # its plotted course this phase, from where it is now: the places it still passes through
        stops = course_of((view.get("task_forces") or {})[tf["id"]], now)
        tf["course"] = [p for i, p in enumerate(stops) if i == 0 or p != stops[i - 1]]
    return {"task_forces": tfs, "markers": markers, "step": step_title(view),
            "result": result_words(SIDE_LABEL.get, view.get("outcome")),
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
    segments = list(range(1, 8)) if phase == 1 else list(range(8, 15))
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


def losses_vp(view: dict[str, Any]) -> int:
    """The Victory Points the enemy has earned from this side's losses (22), from what this side knows."""
    side = view.get("role")
    vp = sum(board.vp_value(uid) for uid, u in (view.get("units") or {}).items() if u["status"] == "sunk")
    vp += sum(board.vp_value("SS") for s in (view.get("submarines") or {}).values() if s["status"] == "sunk")
    lost = view.get("losses") or {}
    vp += lost.get("lac", 0) * board.vp_value("lac") + lost.get("nac", 0) * board.vp_value("nac")
    vp += lost.get("ground", 0) * board.vp_value(f"ground_{side}") + lost.get("supply", 0) * board.vp_value("supply")
    return vp

