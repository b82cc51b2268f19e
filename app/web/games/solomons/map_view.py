"""The map and the side panels for one role: own task forces in full, enemy markers as last seen, ships in port,
the refit/repair tracks, the reinforcement chart and the Victory Points lost. All from `view(state, role)` and the
game's printed (public) data."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from app.engine.contract import SPECTATOR, UMPIRE
from app.games.solomons import board, sequence, tables
from app.paths import ROOT
from app.play.records import result_words
from app.web.games.solomons.common import MISSIONS, anchor, place_label, tf_label, unit_info


# A counter is 56 by 30 map units and may be drawn up to 1.25 times that when the whole map is in view (solomons.css,
# --map-k): counters fanned out at one place stand this far apart so that none covers another.
STEP_X, STEP_Y = 72, 40
SIDE_LABEL = {"allied": "United States", "japanese": "Japan", "umpire": "Umpire"}


@lru_cache(maxsize=2)
def map_svg_open(again: bool = False) -> str:
    """The committed map without its closing tag, so the board can draw its counters inside the same SVG. The
    drawing itself (coasts, hexes, zones: some 80 KiB that never change) sits in a group htmx preserves, so a push
    to a page that already shows it (`again`) sends the group empty and the page keeps its own."""
    text = (ROOT / "static" / "solomons" / "map.svg").read_text()
    text = text[text.index("<svg"):text.rindex("</svg>")]
    head_end = text.index("</desc>") + len("</desc>")
    head = text[:head_end].replace("<svg ", "<svg data-zoomable ", 1)  # static/map_zoom.js: pan and zoom
    return f'{head}<g id="sol-basemap" hx-preserve="true">{"" if again else text[head_end:]}</g>'


def spread(items: list[dict[str, Any]], key: str) -> None:
    """Give each counter its x, y: counters at one place fan out two to a row under the place's anchor, so none
    hides another (own task forces first, then enemy markers: one call for every counter drawn)."""
    seen: dict[str, int] = {}
    for it in items:
        n = seen.get(it[key], 0)
        seen[it[key]] = n + 1
        x, y = anchor(it[key])
        it["x"], it["y"] = round(x - STEP_X / 2 + (n % 2) * STEP_X, 1), round(y + 14 + (n // 2) * STEP_Y, 1)


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
    spread(tfs + markers, "place")
    for tf in tfs:  # its plotted course this phase, drawn from where it is now
        stops = course_of((view.get("task_forces") or {})[tf["id"]], now)
        points = [anchor(p) for i, p in enumerate(stops) if i == 0 or p != stops[i - 1]]
        tf["course"] = " ".join(f"{x:.0f},{y:.0f}" for x, y in points) if len(points) > 1 else ""
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

