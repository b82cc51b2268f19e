"""Issue 11 item 4 on the page: the reset board sets the standing order "don't ask me about air transfers" (6.26)
and every later board offers to clear it; the enemy's page never shows it."""
from __future__ import annotations

import re

import pytest

from tests.games.solomons.ui.conftest import _attr, replace
from tests.games.solomons.ui.test_forms import ok, pending, to_kind


def standing_form(html: str) -> list[tuple[str, str]]:
    m = re.search(r'<form[^>]*id="sol-standing".*?</form>', html, re.S)
    assert m, "no standing-order form on the page"
    return [(_attr(t, "name"), _attr(t, "value") or "") for t in re.findall(r"<input\b[^>]*>", m.group(0))]


@pytest.mark.rule("6.26")
def test_the_reset_board_sets_the_standing_order_and_a_later_board_clears_it(solomons):
    us, jp = solomons
    to_kind(us, jp, "reset")
    assert jp.kind() == "reset" and "Don't ask me about air transfers from now on" in jp.page()
    ok(jp.post(replace(jp.form(), **{"standing__no_transfers": "1"})))
    assert pending(jp)["standing"] == {"no_transfers": True}
    assert "The other side has submitted or has nothing to decide" in us.page()  # all it may learn
    ok(us.post(us.form()))
    to_kind(us, jp, "allocation")  # the reset boards on the way keep the order ticked
    page = jp.page()
    assert "Ask me about air transfers again" in page and jp.state()["view"]["standing"]["no_transfers"] is True
    assert "air transfers again" not in us.page() and "no_transfers" not in str(us.state())
    ok(jp.post(standing_form(page)))
    assert not jp.state()["view"]["standing"] and "Ask me about air transfers again" not in jp.page()
