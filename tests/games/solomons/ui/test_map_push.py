"""The map's drawing (coasts, hexes, zones) is sent once, with the page; a push carries only what changes (the
counters, panels, orders and log), so each commit costs a phone tens of KiB less and the map stays drawn."""
from __future__ import annotations

from fastapi.testclient import TestClient

from tests.platform.conftest import ws_headers


def test_a_push_leaves_the_map_drawing_to_the_page(solomons, app):
    anon = TestClient(app)
    us, jp = solomons
    page = us.page()
    assert '<g id="sol-basemap" class="board-layer" hx-preserve="true">' in page and 'class="land"' in page
    with anon.websocket_connect(f"/games/{us.game_id}/ws", headers=ws_headers(us.player)) as ws:
        assert jp.post(jp.form()).status_code in (200, 204)
        pushed = ws.receive_text()
    # the push keeps the map's frame, title and counters, with the drawing's group empty for the page to keep
    assert '<g id="sol-basemap" class="board-layer" hx-preserve="true"></g>' in pushed
    assert 'class="land"' not in pushed and "<title id=\"solomons-map-title\">" in pushed \
        and 'id="solomons-map-counters"' in pushed
    assert len(pushed) < len(page) - 60_000
