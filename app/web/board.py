"""One board renderer for every game (issue 13, item 4).

A game describes its board as data, in its own board units (a location step, a hex, a projection's map units),
never in pixels; see docs/architecture.md, Contract v2, "Board". `layout(board)` turns that description into the
geometry `templates/game/_board.html` draws as one SVG: board units are scaled to SVG user units here, a hex grid
is drawn from `app.engine.hexgrid`, and the pieces and markers at one place are fanned out so that none hides
another. Pan and zoom (static/map_zoom.js), focus, details and gliding counters (static/board.js) are the page's.

A game may add a layer (a drawing the renderer does not know, such as a coastline): it registers a function that
returns the layer's SVG markup (`register_layer`) and names it in the board's `layers`.
"""
from __future__ import annotations

import functools
import json
import math
import re
from typing import Any, Callable

from markupsafe import Markup, escape

from app.engine.hexgrid import OffsetGrid

Point = tuple[float, float]

WIDE = 1000.0          # a board in small units (a hex, a location step) is drawn about this many SVG units across
MAX_GROW = 1.25        # counters may be drawn up to this much larger when the map is zoomed out (static/app.css)
SPREAD = MAX_GROW + 0.05  # so counters fanned at one place stand this far apart, in counter sizes
READABLE = 11.0        # the smallest counter text, in screen pixels, that zooming out still keeps (--map-k)
SQRT3 = math.sqrt(3)

_LAYERS: dict[str, Callable[[dict[str, Any]], str]] = {}


def register_layer(name: str, draw: Callable[[dict[str, Any]], str]) -> None:
    """A game's own drawing, by name: `draw(layer)` returns SVG markup in board units (the renderer scales it)."""
    _LAYERS[name] = draw


def dom_id(text: str) -> str:
    """An element id from a game's id: letters, digits, '-' and '_' kept, anything else (a '?') made a letter."""
    return re.sub(r"[^A-Za-z0-9_-]", lambda m: "q" if m.group() == "?" else "_", str(text))


# --- hex grids ---------------------------------------------------------------------------------------------------

def grid_of(spec: dict[str, Any]) -> OffsetGrid:
    """The printed grid a board names, with the same parameters as `OffsetGrid`."""
    return OffsetGrid(spec["lines"], spec["shifted"], spec["toward"], spec["ids"],
                      tuple(spec["cols"]) if spec.get("cols") else None,
                      tuple(spec["rows"]) if spec.get("rows") else None, spec.get("width", 2))


def hex_centre(grid: OffsetGrid, size: float, hex_id: str) -> Point:
    """Board units: `size` is a hex's centre-to-corner distance. Pointy-top rows or flat-top columns."""
    q, r = grid.axial(hex_id)
    if grid.lines == "rows":
        return size * SQRT3 * (q + r / 2), size * 1.5 * r
    return size * 1.5 * q, size * SQRT3 * (r + q / 2)


def hex_corners(grid: OffsetGrid, size: float, centre: Point) -> list[Point]:
    start = 30 if grid.lines == "rows" else 0
    return [(centre[0] + size * math.cos(math.radians(start + 60 * i)),
             centre[1] + size * math.sin(math.radians(start + 60 * i))) for i in range(6)]


# --- the layout --------------------------------------------------------------------------------------------------

class _Board:
    """Where things are, in board units: spaces by id, hexes of the grid, or coordinates."""

    def __init__(self, board: dict[str, Any]):
        self.board = board
        spec = board.get("grid")
        self.grid = grid_of(spec) if spec else None
        self.hex_size = float(spec.get("size", 1)) if spec else 1.0
        self.spaces = {s["id"]: s for s in board.get("spaces", [])}

    def at(self, where: Any) -> Point:
        if isinstance(where, (list, tuple)):
            return float(where[0]), float(where[1])
        if where in self.spaces:
            return self.at(self.spaces[where]["at"])
        if self.grid is not None and self.grid.is_hex(where):
            return hex_centre(self.grid, self.hex_size, where)
        raise ValueError(f"board {self.board.get('id')!r}: {where!r} is neither a space, a hex nor a point")

    def extent(self) -> tuple[float, float, float, float]:
        if self.board.get("extent"):
            x0, y0, x1, y1 = (float(v) for v in self.board["extent"])
            return x0, y0, x1, y1
        if self.grid is None:
            raise ValueError(f"board {self.board.get('id')!r}: give an extent or a grid")
        return _grid_extent(_key(self.board["grid"]))


def _key(spec: dict[str, Any]) -> str:
    return json.dumps(spec, sort_keys=True)


# A board's grid is the same at every drawing of it, while its pieces move: the grid's extent and hex cells are
# worked out once per grid (and scale, and named places) instead of at every page and push (~half a drawing's cost).

@functools.lru_cache(maxsize=32)
def _grid_extent(grid_key: str) -> tuple[float, float, float, float]:
    spec = json.loads(grid_key)
    grid, size = grid_of(spec), float(spec.get("size", 1))
    pts = [c for h in grid.all() for c in hex_corners(grid, size, hex_centre(grid, size, h))]
    pad = size * 0.25
    return (min(p[0] for p in pts) - pad, min(p[1] for p in pts) - pad,
            max(p[0] for p in pts) + pad, max(p[1] for p in pts) + pad)


@functools.lru_cache(maxsize=32)
def _hex_cells(board_id: str, grid_key: str, named_key: str, x0: float, y0: float,
               k: float) -> tuple[dict[str, Any], ...]:
    spec = json.loads(grid_key)
    grid, size = grid_of(spec), float(spec.get("size", 1))
    places = {at: (label, kind) for at, label, kind in json.loads(named_key)}  # a later space at a hex wins
    out = []
    for h in grid.all():
        c = hex_centre(grid, size, h)
        label, kind = places.get(h, (None, None))
        out.append({"id": h, "dom_id": dom_id(f"{board_id}-hex-{h}"),
                    "label": f"Hex {h}" + (f": {label}" if label else ""), "kind": kind,
                    "points": _points(hex_corners(grid, size, c), k, (x0, y0)),
                    "x": _fmt((c[0] - x0) * k), "y": _fmt((c[1] - y0) * k), "show_id": spec.get("show_ids", True)})
    return tuple(out)


@functools.lru_cache(maxsize=512)
def _hex_shapes(grid_key: str, hexes: tuple[str, ...], x0: float, y0: float, k: float) -> tuple[str, ...]:
    """The outlines of an area drawn as its hexes: the same at every drawing of the board (a Guadalcanal page's
    areas were a tenth of a million points worked out again at each push)."""
    spec = json.loads(grid_key)
    grid, size = grid_of(spec), float(spec.get("size", 1))
    return tuple(_points(hex_corners(grid, size, hex_centre(grid, size, h)), k, (x0, y0)) for h in hexes)


@functools.lru_cache(maxsize=32)
def _hex_markup(board_id: str, grid_key: str, named_key: str, x0: float, y0: float, k: float) -> Markup:
    """The grid's hexes as templates/game/_board.html draws them, byte for byte as its loop over them did, made once
    per grid (and scale, and named places): every page and push of a hex map drew the same hundreds of hexes again,
    the largest share of drawing a real game's page (issue 37)."""
    out = []
    for h in _hex_cells(board_id, grid_key, named_key, x0, y0, k):
        kind = f" kind-{escape(h['kind'])}" if h["kind"] else ""
        shown = (f'<text class="board-hex-id" x="{escape(h["x"])}" y="{escape(h["y"])}">{escape(h["id"])}</text>'
                 if h["show_id"] else "")
        out.append(f'\n      <g class="board-hex{kind}" id="{escape(h["dom_id"])}" data-hex="{escape(h["id"])}">'
                   f'<title>{escape(h["label"])}</title>\n        <polygon points="{escape(h["points"])}"></polygon>'
                   f'{shown}</g>')
    return Markup("".join(out))


def scale_of(width: float) -> float:
    """SVG user units per board unit. A board already in hundreds of units (a projection's map units, where a
    game's layer is drawn) is drawn as it is; one in small units is scaled to about WIDE units across, so text
    sizes in the stylesheet (user units, kept readable by --map-k) suit every board."""
    return 1.0 if width >= WIDE / 2 else WIDE / width


def _fmt(v: float) -> float:
    return round(v, 2)


def _points(pts: list[Point], k: float, origin: Point) -> str:
    return " ".join(f"{_fmt((x - origin[0]) * k)},{_fmt((y - origin[1]) * k)}" for x, y in pts)


def fan(anchor: Point, n: int, size: Point, per_row: int, offset: Point) -> list[Point]:
    """Centres of `n` counters at one place: rows of `per_row`, each row centred under the anchor, rows hanging
    below it, every centre at least SPREAD counter sizes from the next, so no counter covers another at any size
    the map draws it."""
    cols = max(1, min(n, per_row))
    step_x, step_y = size[0] * SPREAD, size[1] * SPREAD
    return [(anchor[0] + offset[0] + (i % cols - (cols - 1) / 2) * step_x,
             anchor[1] + offset[1] + (i // cols) * step_y) for i in range(n)]


def _face(counter: dict[str, Any]) -> list[str]:
    face = counter.get("face", counter.get("label", ""))
    return [str(x) for x in face] if isinstance(face, (list, tuple)) else [str(face)]


def layout(board: dict[str, Any], again: bool = False) -> dict[str, Any]:
    """The SVG geometry of a board description (see the module docstring). `again`: a push to a page that
    already shows the board, whose preserved layers are sent empty for the page to keep."""
    b = _Board(board)
    x0, y0, x1, y1 = b.extent()
    k = scale_of(x1 - x0)
    o = (x0, y0)

    def xy(p: Point) -> tuple[float, float]:
        return _fmt((p[0] - x0) * k), _fmt((p[1] - y0) * k)

    hexes, hexes_markup = (), Markup("")
    if b.grid is not None:
        named = json.dumps([(s["at"], s.get("label"), s.get("kind")) for s in board.get("spaces", [])
                            if isinstance(s.get("at"), str)])
        cells = (board["id"], _key(board["grid"]), named, x0, y0, k)
        # the cells themselves, shared and read only: the template draws the markup made once per grid, and reads
        # the cells only to know there are hexes (a copy of each was made at every draw for nothing)
        hexes, hexes_markup = _hex_cells(*cells), _hex_markup(*cells)

    areas = []
    for a in board.get("areas", []):
        if "rect" in a:
            rx, ry, rw, rh = a["rect"]
            pts = [(rx, ry), (rx + rw, ry), (rx + rw, ry + rh), (rx, ry + rh)]
        elif "hexes" in a:
            pts = []
        else:
            pts = [tuple(p) for p in a["points"]]
        shapes = [_points(pts, k, o)] if pts else list(_hex_shapes(_key(board["grid"]), tuple(a["hexes"]), x0, y0, k))
        label_at = xy(tuple(a["label_at"])) if a.get("label_at") else None
        areas.append({"id": a["id"], "label": a["label"], "kind": a.get("kind"), "shapes": shapes,
                      "label_at": label_at})

    edges = []
    for e in board.get("edges", []):
        path = e.get("path") or [e["from"], e["to"]]
        edges.append({"label": e.get("label", ""), "kind": e.get("kind"), "side": e.get("side"),
                      "points": _points([b.at(p) for p in path], k, o)})

    default_r = float(board.get("space_size", b.hex_size * 0.3))
    spaces = []
    for s in board.get("spaces", []):
        shape = s.get("shape", "circle")
        if shape == "none":
            continue
        cx, cy = xy(b.at(s["at"]))
        r = _fmt(float(s.get("size", default_r)) * k)
        spaces.append({"id": s["id"], "dom_id": dom_id(f"{board['id']}-space-{s['id']}"), "label": s["label"],
                       "details": s.get("details", ""), "kind": s.get("kind"), "shape": shape,
                       "marks": list(s.get("marks", [])), "x": cx, "y": cy, "r": r,
                       "polygon": _polygon(shape, cx, cy, r), "show_name": s.get("show_name", True)})

    labels = [{"text": lb["text"], "kind": lb.get("kind"), "anchor": lb.get("anchor", "start"),
               "x": xy(tuple(lb["at"]))[0], "y": xy(tuple(lb["at"]))[1]} for lb in board.get("labels", [])]

    size = tuple(board.get("piece_size") or (b.hex_size * 1.2, b.hex_size * 0.7))
    w, h = size[0] * k, size[1] * k
    offset = tuple(board.get("stack_offset") or (0, 0))
    per_row = int(board.get("per_row", 2))
    counters = [dict(c, marker=False) for c in board.get("pieces", [])] + \
               [dict(c, marker=True) for c in board.get("markers", [])]
    places: dict[Any, list[int]] = {}
    for i, c in enumerate(counters):
        where = c["at"]
        places.setdefault(tuple(where) if isinstance(where, list) else where, []).append(i)
    centres: dict[int, Point] = {}
    for where, members in places.items():
        space = b.spaces.get(where, {}) if isinstance(where, str) else {}  # a space may fan its own stack
        fanned = fan(b.at(where), len(members), size, int(space.get("per_row", per_row)),
                     tuple(space.get("stack_offset", offset)))
        centres.update(zip(members, fanned))
    drawn = []
    font = _fmt(h * 0.47)
    for i, c in enumerate(counters):
        face = _face(c)
        cx, cy = xy(centres[i])
        lines = len(face)
        line_font = _fmt(h * (0.47 if lines == 1 else 0.36))
        drawn.append({"id": c["id"], "dom_id": dom_id(f"piece-{c['id']}"), "label": c["label"],
                      "details": c.get("details", ""), "side": c.get("side"), "kind": c.get("kind"),
                      "tags": list(c.get("tags", [])), "marker": c["marker"], "x": cx, "y": cy,
                      "w": _fmt(w), "h": _fmt(h), "font": line_font,
                      "face": [{"text": t, "y": _fmt(line_font * 0.35 + (j - (lines - 1) / 2) * line_font * 1.1)}
                               for j, t in enumerate(face)]})

    layers = []
    for lay in board.get("layers", []):
        empty = again and lay.get("preserve")
        markup = "" if empty else _LAYERS[lay["draw"]](lay)
        layers.append({"id": lay["id"], "label": lay.get("label", ""), "below": lay.get("below", True),
                       "preserve": bool(lay.get("preserve")), "markup": markup,
                       "transform": "" if k == 1 and (x0, y0) == (0, 0) else
                       f"scale({_fmt(k)}) translate({_fmt(-x0)},{_fmt(-y0)})"})

    return {"id": board["id"], "label": board["label"], "description": board.get("description", ""),
            "max_zoom": board.get("max_zoom"),
            # the part of the map the page opens on (a scenario's area of play), in SVG units "x y w h"; the player
            # zooms out to the whole map from there (static/map_zoom.js)
            "frame": (" ".join(str(v) for v in (*xy(board["frame"][:2]), _fmt((board["frame"][2] - board["frame"][0]) * k),
                                                  _fmt((board["frame"][3] - board["frame"][1]) * k)))
                      if board.get("frame") else None),
            "width": _fmt((x1 - x0) * k), "height": _fmt((y1 - y0) * k), "hexes": hexes, "hexes_markup": hexes_markup,
            "areas": areas,
            "edges": edges, "spaces": spaces, "labels": labels, "counters": drawn, "layers": layers,
            # counters grow (up to MAX_GROW) as the map zooms out, so their text stays READABLE px on screen
            "grow": _fmt(READABLE / font) if font else 0}


def _polygon(shape: str, x: float, y: float, r: float) -> str:
    """The outline of a space that is not a circle: a pentagon (a fortified place) or a square (a box)."""
    if shape == "pentagon":
        pts = [(x + r * 1.15 * math.sin(math.radians(72 * i)), y - r * 1.15 * math.cos(math.radians(72 * i)))
               for i in range(5)]
    elif shape == "square":
        pts = [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
    else:
        return ""
    return " ".join(f"{_fmt(px)},{_fmt(py)}" for px, py in pts)
