"""Issue 11 item 4 on the page: the reset board sets the standing order "don't ask me about air transfers" (6.26);
every board shows the side's standing orders (asking.py) in a panel that sets and clears them; the enemy's page
never shows them."""
from __future__ import annotations

import re

import pytest

from tests.games.solomons.ui.conftest import _attr, replace
from tests.games.solomons.ui.test_forms import ok, pending, to_kind


def standing_form(html: str, **ticks: bool) -> list[tuple[str, str]]:
    """The standing-orders panel's form as a browser posts it: hidden fields, ticked boxes (a box sent after its
    hidden "false" wins), with `ticks` changing which boxes are ticked."""
    m = re.search(r'<form[^>]*id="sol-standing".*?</form>', html, re.S)
    assert m, "no standing-orders form on the page"
    out = []
    for t in re.findall(r"<input\b[^>]*>", m.group(0)):
        name, value = _attr(t, "name"), _attr(t, "value") or ""
        if _attr(t, "type") == "checkbox":
            key = name.removeprefix("arg.")
            if not ticks.get(key, " checked" in t):
                continue
        out.append((name, value))
    return out


def ticked(html: str) -> set[str]:
    m = re.search(r'<form[^>]*id="sol-standing".*?</form>', html, re.S)
    return {_attr(t, "name").removeprefix("arg.") for t in re.findall(r"<input\b[^>]*>", m.group(0))
            if _attr(t, "type") == "checkbox" and " checked" in t}


@pytest.mark.rule("6.26")
def test_the_reset_board_sets_the_standing_order_and_the_panel_clears_it(solomons):
    us, jp = solomons
    to_kind(us, jp, "reset")
    assert jp.kind() == "reset" and "Don't ask me about air transfers from now on" in jp.page()
    ok(jp.post(replace(jp.form(), **{"arg__standing": '{"no_transfers": true}'})))  # the box ticked
    assert pending(jp)["standing"] == {"no_transfers": True}
    assert "The other side has submitted or has nothing to decide" in us.page()  # all it may learn
    ok(us.post(us.form()))
    to_kind(us, jp, "allocation")  # the reset boards on the way keep the order ticked
    page = jp.page()
    assert ticked(page) == {"no_transfers"} and jp.state()["view"]["standing"]["no_transfers"] is True
    assert "Standing orders (1 set)" in page and "Standing orders (" not in us.page()
    assert us.state()["view"]["standing"] == {}
    ok(jp.post(standing_form(page, no_transfers=False)))
    assert not jp.state()["view"]["standing"] and ticked(jp.page()) == set()


@pytest.mark.rule("6.38")
@pytest.mark.rule("14.11")
def test_the_panel_sets_standing_orders_that_answer_for_the_side(solomons):
    us, jp = solomons
    to_kind(us, jp, "allocation")
    page = jp.page()
    assert "Keep every task force on its mission" in page and "Answer the American questions" in page
    assert "Answer the American questions" not in us.page()  # 18: only Japan announces Intentions
    ok(jp.post(standing_form(page, carry_on=True, air_hold=True, intentions=True)))
    view = jp.state()["view"]
    assert set(view["standing"]) == {"carry_on", "air_hold", "intentions"}
    page = jp.page()
    assert ticked(page) == {"carry_on", "air_hold", "intentions"} and "Yes to:" in page  # the kept answers
    assert jp.kind() == "allocation" and pending(jp) is None  # the decision in hand stays open
    assert us.state()["view"]["standing"] == {} and "Yes to:" not in us.page()
    # a refused order changes nothing and says why, beside the form
    r = us.post(standing_form(us.page(), carry_on=True) + [("arg.intentions", "true")])
    assert r.status_code == 422 and "standing order" in r.text
    assert us.state()["view"]["standing"] == {}


def test_a_newcomers_first_board_shows_its_standing_orders_ticked_and_explains_the_one_that_asks(newcomer, solomons):
    """Issue 34: the standing orders a new game starts with are ticked in an open panel, and the board of a
    question one of them answers (here Japan's first Preliminary Set-Up, which `stay` answers once it knows the
    ships) says what the order does and how to clear it."""
    us, jp = solomons
    page = jp.page()
    assert jp.kind() == "placement"
    assert ticked(page) == {"carry_on", "air_hold", "no_transfers", "stay", "no_training", "intentions"}
    assert re.search(r'<details class="sol-standing" id="sol-standing-orders" open>', page)
    note = re.search(r'<p class="sol-standing-note"[^>]*>(.*?)</p>', page, re.S)
    assert note and "Keep my ships at their bases in the Preliminary Set-Up" in note.group(1)
    assert "untick it under Standing orders" in note.group(1)
    ok(jp.post(standing_form(page, stay=False)))
    assert "stay" not in jp.state()["view"]["standing"] and 'class="sol-standing-note"' not in jp.page()
