"""The operational map as a board description (docs/architecture.md, Contract v2, Board), carried in the view as
`view["board"]` and drawn by the one renderer, in the map's own units. It is built from one role's view and the
game's public map only: own task forces in full (every side's for the umpire, and for everyone once the game is
over), enemy markers as last seen, each own force's plotted course from where it is now. Nothing else is read, so the
board cannot tell a role more than its view does (tests/games/test_every_game.py).

The geometry (hex centres, base anchors, extent) and the map's title and description are the committed drawing's,
made from data/map.toml by tools/make_solomons_map.py (tests/tools/test_solomons_map.py holds them to the data); the
drawing itself (GSHHS coastlines, hexes, zones) is a layer the web registers ("solomons-basemap")."""
from __future__ import annotations

import html
import json
from functools import lru_cache
from typing import Any

from app.engine.contract import SPECTATOR, UMPIRE
from app.games.solomons import board, tables
from app.games.solomons.units import marker_name
from app.paths import ROOT

MAP = ROOT / "static" / "solomons"
SIDE_LABEL = {"allied": "United States", "japanese": "Japan", "umpire": "Umpire"}
MISSIONS = (("anti_ship", "Anti-Ship"), ("bombardment", "Bombardment"), ("transport", "Transport"))  # 6.3
# A counter is 56 by 30 map units (the renderer fans counters at one place so that none covers another); a stack
# hangs just below its hex's centre, clear of the hex letter above it.
COUNTER = (56, 30)
STACK_OFFSET = (0, 14)


@lru_cache(maxsize=1)
def map_data() -> dict[str, Any]:
    return json.loads((MAP / "map.json").read_text())


@lru_cache(maxsize=1)
def map_words() -> tuple[str, str]:
    """The committed drawing's title and description: the map's accessible name and longer description."""
    text = (MAP / "map.svg").read_text()
    title = text[text.index(">", text.index("<title")) + 1:text.index("</title>")]
    desc = text[text.index(">", text.index("<desc")) + 1:text.index("</desc>")]
    return html.unescape(title), html.unescape(desc)


def place_label(place: str | None) -> str:
    if place is None:
        return ""
    return board.BASE_LABEL.get(place, f"hex {place}" if place in tables.HEXES else place.replace("_", " ").title())


def unit_label(view: dict[str, Any], uid: str) -> str:
    """A ship as its counter reads: type and name ("CA Chokai"), the name as the view gives it."""
    kind = board.unit_type(uid)
    name = ((view.get("units") or {}).get(uid) or {}).get("name") or board.unit_name(uid)
    return name if name.startswith(kind + " ") else f"{kind} {name}"


def mission_label(mission: str | None) -> str:
    return dict(MISSIONS).get(mission or "", "None")


def course_of(tf: dict[str, Any], now: int) -> list[str]:
    """The places a task force's plot still takes it through, from where it is now, each once in a row."""
    plot = tf.get("plot") or {}
    stops = [tf["hex"]] + [plot[k] for k in sorted(plot, key=int) if int(k) > now]
    return [p for i, p in enumerate(stops) if i == 0 or p != stops[i - 1]]


def own_forces(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The task forces the view holds, by side and number."""
    return sorted((view.get("task_forces") or {}).values(), key=lambda t: (t.get("side") or "", t["number"]))


def _at(place: str) -> Any:
    """Where a counter stands: a hex or base the board names, else the map's corner."""
    d = map_data()
    return place if place in d["hexes"] or place in d["bases"] else [20.0, 20.0]


def describe(view: dict[str, Any]) -> dict[str, Any]:
    """The board for the role whose view this is."""
    d = map_data()
    title, desc = map_words()
    all_seeing = view.get("role") in (UMPIRE, SPECTATOR)
    now = view.get("segment") or 0
    spaces = [{"id": h, "label": f"hex {h}", "at": list(v["center"]), "shape": "none"} for h, v in d["hexes"].items()]
    spaces += [{"id": k, "label": v["name"], "at": list(v["anchor"]), "shape": "none"} for k, v in d["bases"].items()]
    pieces, edges = [], []
    for tf in own_forces(view):
        side = tf.get("side") or view.get("role")
        label = f"TF {tf['number']}"
        who = f"{SIDE_LABEL[side]} " if all_seeing else ""
        ships = ", ".join(unit_label(view, u) for u in tf["units"]) or "no ships"
        pieces.append({"id": tf["id"], "label": f"{who}{label}", "side": side, "kind": "tf", "at": _at(tf["hex"]),
                       "face": label,
                       "details": f"{mission_label(tf['mission'])} at {place_label(tf['hex'])}: {ships}"})
        course = course_of(tf, now)
        if len(course) > 1:
            edges.append({"label": f"{label}: plotted course", "kind": "course", "side": side,
                          "path": [_at(p) for p in course]})
    markers = []
    for mid, mk in sorted(((view.get("enemy") or {}).get("markers") or {}).items()):
        seen = f" of Game-Turn {mk['turn']}" if mk.get("turn") else ""
        what = (f": {mk['units']} ships, {mk['capital']} capital, {mk['transports']} transports"
                if mk.get("units") is not None else "")
        name = marker_name(board.ENEMY[view["role"]], mid, bool(mk.get("submarine")))
        letter = name.removesuffix(" (sighted)").rsplit(" ", 1)[-1]
        markers.append({"id": mid, "label": name, "kind": "seen", "at": _at(mk["hex"]),
                        "face": [f"{'Sub' if mk.get('submarine') else 'TF'} {letter}", f"seen s{mk['segment']}"],
                        "details": f"last seen at {place_label(mk['hex'])} in segment {mk['segment']}{seen}{what}"})
    x0, y0, w, h = d["viewBox"]
    return {"id": "solomons-map", "label": title, "description": desc, "extent": [x0, y0, x0 + w, y0 + h],
            "piece_size": list(COUNTER), "stack_offset": list(STACK_OFFSET), "per_row": 2,
            "layers": [{"id": "sol-basemap", "draw": "solomons-basemap", "below": True, "preserve": True,
                        "label": "coastlines, hexes and zones"}],
            "spaces": spaces, "edges": edges, "pieces": pieces, "markers": markers}
