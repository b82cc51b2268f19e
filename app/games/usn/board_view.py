"""The U.S.N. map as the one board renderer draws it (docs/architecture.md, Contract v2, "Board"), described from a
role's view alone: bases with their air points, each side's naval stacks as one counter a hex (an enemy stack shows
its count only, and its two-ship groups once examined, as the view says), land units a hex, the Victory Point record.

Board units: a hex's centre-to-corner distance is SIZE, flat-topped hexes in straight north-south columns (Game
Equipment; digest §4.1), the partial column of 0001-0022 at the west edge. The coastlines, the grid, the hex numbers
and the place names never change: tools/usn_coastlines.py draws them once into static/usn/map.svg in these same
units, from GSHHS through the digest's fit of the grid to the hex numbers (§4.1 item 3: the grid is tilted some
10-20 degrees against the meridians, so the coastlines are drawn tilted under a straight grid). Everything here is a
pure function of the view and the printed map data.
"""
from __future__ import annotations

import math
from functools import cache
from typing import Any

from app.games.usn import board, gamedata, grid, naming, offmap

SIZE = 20.0                        # board units from a hex's centre to a corner
ROW = SIZE * math.sqrt(3)          # north-south step between hex centres in a column
COLUMN = SIZE * 1.5                # east-west step between columns
MARGIN = SIZE * 1.5
COLUMNS = range(-1, (grid.LAST - grid.OFFSET) // grid.PER_COLUMN + 1)  # printed columns -1 .. 44
WIDTH = round(MARGIN * 2 + COLUMN * (len(COLUMNS) - 1) + SIZE * 2, 1)
HEIGHT = round(MARGIN * 2 + ROW * (grid.PER_COLUMN + 0.5), 1)
SIDE_TITLE = {"japanese": "Japanese", "allied": "Allied"}
BASE_SIDE_TITLE = {**SIDE_TITLE, "thailand": "Neutral (Thai)"}  # a campaign's Bangkok starts neutral (campaign.py)
OFF_MAP_NAMES = {"west-coast": "U.S. West Coast (off the map to the east)",
                 **{k: v for k, v in offmap.NAMES.items() if k != "west-coast"}}  # Off-Map Movement's places
KIND_TITLE = {"lac": "LAC", "lbac": "LBAC", "nac": "NAC"}


def centre(hex_id: str | int) -> tuple[float, float]:
    """Board units of a hex's centre: printed odd columns half a hex higher (grid.py), row 0 on the north edge. An
    off-map place (a campaign's U.S. West Coast) is drawn on the east margin, half-way down."""
    if hex_id in offmap.DRAW:  # the east boxes on the east margin, the places off the west edge on the west one
        east, row = offmap.DRAW[hex_id]
        return round(WIDTH - MARGIN / 2 if east else MARGIN / 2, 2), round(MARGIN + ROW * (row + 0.5), 2)
    if hex_id in grid.OFF_MAP:
        return round(WIDTH - MARGIN / 2, 2), round(HEIGHT / 2, 2)
    c, r = grid.column_row(hex_id)
    return _centre(c, r)


def _centre(c: int, r: float) -> tuple[float, float]:
    x = MARGIN + SIZE + COLUMN * (c - COLUMNS[0])
    y = MARGIN + ROW * (r + 0.5 + (0.0 if c % 2 else 0.5))
    return round(x, 2), round(y, 2)


def corners(hex_id: str | int) -> list[tuple[float, float]]:
    x, y = centre(hex_id)
    return [(round(x + SIZE * math.cos(math.radians(60 * i)), 2), round(y + SIZE * math.sin(math.radians(60 * i)), 2))
            for i in range(6)]


def all_hexes() -> list[str]:
    return [f"{n:04d}" for n in range(grid.FIRST, grid.LAST + 1)]


def hex_at(x: float, y: float) -> str | None:
    """The hex under a board point (what a click on the map names), or None off the grid."""
    c0 = round((x - MARGIN - SIZE) / COLUMN) + COLUMNS[0]
    best, far = None, SIZE * 1.01
    for c in (c0 - 1, c0, c0 + 1):
        shift = 0.0 if c % 2 else 0.5
        r0 = round((y - MARGIN) / ROW - 0.5 - shift)
        for r in (r0 - 1, r0, r0 + 1):
            h = grid.hex_at(c, r)
            if h is None:
                continue
            cx, cy = _centre(c, r)
            d = math.hypot(x - cx, y - cy)
            if d < far:
                best, far = h, d
    return best


# --- geography (digest §4.1 item 3): x = 0.866*col, y = -(row - 0.5*(col mod 2)) in hexes;
# lon = 84.69 + 3.119x - 0.547y, mercator_lat = 77.11 - 1.142x + 2.909y (degrees). Inverted here for drawing.
FIT = {"lon0": 84.69, "lon_x": 3.119, "lon_y": -0.547, "merc0": 77.11, "merc_x": -1.142, "merc_y": 2.909}


def mercator(lat: float) -> float:
    return math.degrees(math.log(math.tan(math.radians(45 + lat / 2))))


def from_lonlat(lon: float, lat: float) -> tuple[float, float]:
    """Board units of a longitude/latitude on the main map (±1 hex, the fit's accuracy). Longitudes run on east past
    180 (the map runs from Burma to beyond Hawaii: Pearl Harbor's -158 is 202); none is wrapped here, so a coastline
    unwrapped by the caller stays continuous."""
    a, b, c, d = FIT["lon_x"], FIT["lon_y"], FIT["merc_x"], FIT["merc_y"]
    u, v = lon - FIT["lon0"], mercator(lat) - FIT["merc0"]
    det = a * d - b * c
    gx, gy = (d * u - b * v) / det, (a * v - c * u) / det   # digest x (columns * 0.866) and y (north positive)
    # centre(c, r) in the same terms: x = 0.866c, y = -(r - 0.5 (c mod 2)) -> board x, y
    return MARGIN + SIZE + ROW * gx - COLUMN * COLUMNS[0], MARGIN + ROW * (0.5 - gy) + ROW * 0.5


def inset_box() -> tuple[float, float, float, float]:
    """The Aleutian inset's frame (x0, y0, x1, y1) around its columns and rows (map.toml [aleutian_inset])."""
    ins = gamedata.load("map")["aleutian_inset"]
    (c0, c1), (r0, r1) = ins["columns"], ins["rows"]
    x0 = _centre(c0, r0)[0] - SIZE
    x1 = _centre(c1, r1)[0] + SIZE
    y0 = min(_centre(c, r0)[1] for c in (c0, c0 + 1)) - ROW / 2
    y1 = max(_centre(c, r1)[1] for c in (c0, c0 + 1)) + ROW / 2
    return round(x0, 2), round(y0, 2), round(x1, 2), round(y1, 2)


# --- the description of one role's board ----------------------------------------------------------------------

def _where(h: str, names: dict[str, str]) -> str:
    """A hex by its place's name and number ("Lae (0692)", "hex 0897"), an off-map place by its name alone."""
    if h in OFF_MAP_NAMES:
        return OFF_MAP_NAMES[h]
    return f"{names[h]} ({h})" if h in names else f"hex {h}"


def _base(b: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    h = b["hex"]
    kinds = "naval and air base" if b["naval"] and b.get("capacity") else ("naval base" if b["naval"] else "air base")
    air = ", ".join(f"{KIND_TITLE[k]} {n}" for k, n in sorted(b.get("air", {}).items()) if n) or "no air points"
    return {"id": h, "label": _where(h, names), "at": list(centre(h)), "kind": f"base side-{b['side']}",
            "shape": "square" if b["naval"] else "circle", "size": SIZE * 0.32,
            "details": f"{BASE_SIDE_TITLE[b['side']]} {kinds}; air capacity {b.get('capacity', 0)}; {air}",
            "show_name": False}


def _ship_line(s: dict[str, Any]) -> str:
    v = s.get("values") or {}
    bits = [naming.name(s["id"])]
    if s.get("capacity"):
        bits.append(f"NAC {s.get('nac', 0)}/{s['capacity']}")
    if v:
        bits.append(f"D{v.get('defense')} AA{v.get('anti_aircraft')} S{v.get('surface_attack')} MA{v.get('movement')}")
    if s.get("damage"):
        bits.append(f"damaged {s['damage']} weeks")
    if s.get("cargo"):
        bits.append("carrying " + ", ".join(s["cargo"]))
    if s.get("at_sea"):
        bits.append(f"{s['at_sea']} turns at sea")
    return " ".join(bits[:1]) + (" (" + "; ".join(bits[1:]) + ")" if len(bits) > 1 else "")


def _own_stacks(side: str, units: list[dict[str, Any]], names: dict[str, str], mine: bool = True
                ) -> list[dict[str, Any]]:
    by_hex: dict[str, list[dict[str, Any]]] = {}
    for s in units:
        by_hex.setdefault(s["hex"], []).append(s)
    out = []
    for h, ships in sorted(by_hex.items()):
        types = sorted({s["type"] for s in ships}, key=lambda t: [s["type"] for s in ships].index(t))
        where = _where(h, names)
        out.append({"id": f"stack-{side}-{h}", "label": f"{'Your' if mine else SIDE_TITLE[side]} naval stack at {where}: {len(ships)} ship"
                    f"{'s' if len(ships) != 1 else ''}", "at": list(centre(h)), "side": side, "kind": "stack",
                    "face": [f"{len(ships)} ⚓", " ".join(types)[:9]], "tags": ["own" if mine else side, f"hex-{h}"],
                    "details": f"{where}, top first: " + "; ".join(_ship_line(s) for s in ships)})
    return out


def _enemy_stacks(side: str, stacks: list[dict[str, Any]], names: dict[str, str]) -> list[dict[str, Any]]:
    out = []
    for st in stacks:
        h, n = st["hex"], st["count"]
        where = _where(h, names)
        if st.get("groups"):
            groups = "; ".join(f"group {i}: " + ", ".join(x["type"] + (" (damaged)" if x.get("damaged") else "")
                                                           for x in g) for i, g in enumerate(st["groups"], 1))
            details = f"{SIDE_TITLE[side]} ships at {where}, examined in Step (D): {groups}"
        else:
            details = (f"{SIDE_TITLE[side]} naval stack at {where}: {n} ship{'s' if n != 1 else ''}; "
                       "composition unknown until examined within your air range")
        out.append({"id": f"stack-{side}-{h}", "label": f"{SIDE_TITLE[side]} naval stack at {where}: {n} ship"
                    f"{'s' if n != 1 else ''}", "at": list(centre(h)), "side": side, "kind": "stack",
                    "face": [f"{n} ⚓", "seen" if st.get("groups") else "?"], "tags": ["enemy", f"hex-{h}"],
                    "details": details})
    return out


def _land(units: list[dict[str, Any]], names: dict[str, str]) -> list[dict[str, Any]]:
    by: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for u in units:
        by.setdefault((u["hex"], u["side"]), []).append(u)
    out = []
    for (h, side), us in sorted(by.items()):
        strength = sum(u["attack"] for u in us)
        where = _where(h, names)
        lines = "; ".join(f"{u['name']} {u['attack']}-{u['defense']}" + (" entrenched" if u.get("entrenched") else "")
                          for u in us)
        out.append({"id": f"land-{side}-{h}", "label": f"{SIDE_TITLE[side]} land units at {where}: {len(us)}",
                    "at": list(centre(h)), "side": side, "kind": "land", "face": [f"{len(us)} ▲", f"{strength}"],
                    "tags": [f"hex-{h}"], "details": f"{SIDE_TITLE[side]} land units at {where}: {lines}"})
    return out


WORK_TITLE = {"air": "air base", "naval": "naval base"}


@cache
def frame(scenario: str) -> list[float] | None:
    """The area of play a mini-game's board opens on (issue 34): every base, ship and land unit of its set-up, two
    hexes around them, within the map; None (the whole map) for a campaign. The player zooms out from there."""
    if scenario not in board.SITUATIONS:
        return None
    s = board.new_state(scenario=scenario)
    hexes = set(s["bases"]) | {x["hex"] for x in [*s["ships"].values(), *s["land"].values()]
                               if x.get("hex") and x["hex"][0].isdigit()}
    pts = [centre(h) for h in hexes]
    pad = ROW * 2
    return [round(max(0.0, min(p[0] for p in pts) - pad), 1), round(max(0.0, min(p[1] for p in pts) - pad), 1),
            round(min(WIDTH, max(p[0] for p in pts) + pad), 1), round(min(HEIGHT, max(p[1] for p in pts) + pad), 1)]


def _works(works: list[dict[str, Any]], names: dict[str, str], mine: bool) -> list[dict[str, Any]]:
    """Works in progress (Repairing or Building Bases), drawn for their owner only (the view holds them for him):
    a marker a hex, its details the works begun and the bases completed, usable from Step 1 of a later Game-Turn."""
    out = []
    for w in works:
        h, side = w["hex"], w["side"]
        where = _where(h, names)
        lines = [f"{x['work']} by {x['unit']} (begun Game-Turn {x['begun']})" for x in w["works"]]
        lines += [f"{WORK_TITLE[x['part']]} completed, usable from Game-Turn {x['from']}" for x in w["ready"]]
        whose = "Your" if mine else SIDE_TITLE[side]
        out.append({"id": f"works-{side}-{h}", "label": f"{whose} works in progress at {where}",
                    "at": list(centre(h)), "side": side, "kind": "works", "face": ["⚒", "works"],
                    "tags": ["own" if mine else side, f"hex-{h}"],
                    "details": f"{whose} works in progress at {where}: " + "; ".join(lines)})
    return out


def describe(view: dict[str, Any], role: str) -> dict[str, Any]:
    """The board of one role's view (a side, the umpire, a spectator, or anyone once the game is over)."""
    names = {h: p["name"] for h, p in gamedata.places().items()} | OFF_MAP_NAMES
    full = "ships" in view and isinstance(view["ships"], dict) and any(
        isinstance(v, dict) and "type" in v for v in view["ships"].values())  # the umpire's (or an ended game's) state
    pieces: list[dict[str, Any]] = []
    bases = view["bases"].values() if isinstance(view["bases"], dict) else view["bases"]
    spaces = [_base(b, names) for b in bases]
    if full:
        for side in SIDE_TITLE:
            own = [dict(s, values=None, cargo=[view["land"][u]["name"] for u in s.get("cargo", [])])
                   for s in view["ships"].values() if s["side"] == side and not s["sunk"]]
            pieces += _own_stacks(side, own, names, mine=False)
        land = [u for u in view["land"].values() if u.get("aboard") is None and u.get("hex")]
    else:
        for side, part in view["ships"].items():
            if "units" in part:
                pieces += _own_stacks(side, part["units"], names)
            else:
                pieces += _enemy_stacks(side, part["stacks"], names)
        land = view["land"]
    pieces += _land(land, names)
    pieces += _works(view.get("my_works", []), names, mine=not full)
    vp = view.get("vp", {})
    x0, y0, _, _ = inset_box()
    return {
        "id": "usn-map", "label": "The U.S.N. map of the Pacific",
        "max_zoom": 32,  # from the whole Pacific (45 columns) to about one hex across the view: a single atoll
        "description": ("The numbered hex grid over the Pacific's coastlines (GSHHS), tilted as the grid was fitted to "
                        "the hex numbers; the Aleutian inset in the south-east corner. Bases are squares (naval) and "
                        "circles (air); a ship counter is a whole stack, a land counter every land unit of a side in "
                        "a hex. " + " ".join(f"{SIDE_TITLE[s]} Victory Points: {v:g}." for s, v in vp.items())),
        "extent": [0, 0, WIDTH, HEIGHT], "frame": frame(view.get("scenario", "")),
        "spaces": spaces, "pieces": pieces,
        "labels": [{"text": "Aleutian Islands (inset)", "at": [x0 + 6, y0 + 16], "kind": "inset"}],
        "layers": [{"id": "usn-basemap", "draw": "usn-basemap", "below": True, "preserve": True}],  # kept on a push
        "piece_size": [SIZE * 1.25, SIZE * 0.95], "per_row": 2, "stack_offset": [0, -SIZE * 0.35],
    }
