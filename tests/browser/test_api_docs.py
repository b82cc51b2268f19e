"""/docs lists the API's operations in a browser with no outside network (issue 34 item 6): Swagger UI 4 could not
read FastAPI's OpenAPI 3.1 document and drew none ("does not specify a valid version field"), while the earlier test
only checked that the script was served."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_the_docs_page_lists_the_operations_offline(live_server, new_page):
    page = new_page()
    outside = []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(live_server.url) else None)
    page.goto(f"{live_server.url}/docs")
    page.locator(".opblock").first.wait_for(timeout=5000)
    summaries = page.locator(".opblock-summary-path").all_inner_texts()
    assert "/api/games/{game_id}/actions" in summaries and "/api/sessions" in summaries, summaries[:10]
    assert page.locator(".opblock").count() >= 20
    assert not page.get_by_text("does not specify a valid version field").count()
    assert outside == [], outside
