"""A commit that changes nothing a role may see (the other side revising its secret orders) draws nothing for that
role's sockets: they all show its page already, and drawing it (a Solomons page is some 200 KB of HTML) only to send
nothing cost the order its largest share of CPU. A commit that does change the role's page still draws and pushes it."""
from __future__ import annotations

import pytest

from tests.platform.conftest import at_the_allocation, submit_default, version_of, ws_headers  # noqa: F401 (a fixture)


def test_the_other_sides_revisions_draw_nothing_for_a_page_that_shows_them_already(at_the_allocation, anon,
                                                                                    monkeypatch):
    from app.web import ws as ws_module

    us, jp, gid = at_the_allocation
    drawn: list[str] = []
    real = ws_module.render_fragments

    def render_fragments(model):
        drawn.append(model["role"])
        return real(model)
    monkeypatch.setattr(ws_module, "render_fragments", render_fragments)
    assert submit_default(jp, gid).status_code == 200  # Japan's orders are in (the American page says so)
    with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(us)) as ws:
        drawn.clear()
        for _ in range(2):  # Japan revises its orders twice: nothing the American may see changes
            assert submit_default(jp, gid).status_code == 200
        assert drawn == [], f"pages drawn for nothing: {drawn}"
        seen = us.game(gid)["game"]["version"]
        assert submit_default(us, gid).status_code == 200  # the American's own orders: the allocation resolves
        assert "allied" in drawn
        assert version_of(ws.receive_text()) > seen
