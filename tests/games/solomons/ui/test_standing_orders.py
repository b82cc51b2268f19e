"""Standing orders on the game page, posted as a browser would: the plotting chart's surface action orders and the
air allocation's doctrine and counterattack orders become the submission the rules see, a revision starts from
them, a redrawn column keeps them, and the rules refuse ill-formed ones with their own message."""
from __future__ import annotations

import re

import pytest

from tests.games.solomons.ui.conftest import replace
from tests.games.solomons.ui.test_forms import JP_TF1, ok, pending, to_japanese_plot, to_kind


def selected(html: str, name: str) -> str:
    sel = re.search(rf'<select[^>]*name="{re.escape(name)}"[^>]*>(.*?)</select>', html, re.S).group(1)
    chosen = re.search(r'<option value="([^"]*)" selected', sel)
    return chosen.group(1) if chosen else ""


@pytest.mark.rule("15.33")
def test_surface_orders_are_submitted_revised_and_kept_when_a_column_is_redrawn(solomons):
    us, jp = solomons
    to_japanese_plot(us, jp)
    assert jp.kind() == "movement_plot"
    ok(jp.post(jp.form()))                                   # untouched: the rules' defaults, written out
    assert pending(jp)["plots"][JP_TF1]["orders"] == {"shield": "keep_odds", "target": "transport", "set_aside": []}
    o = f"arg__plots__{JP_TF1}__orders"
    ok(jp.post(replace(jp.form(), **{f"{o}__shield": "max", f"{o}__target": "bombardment",
                                     f"{o}__set_aside__jp-DD-1": "1"})))
    assert pending(jp)["plots"][JP_TF1]["orders"] == {"shield": "max", "target": "bombardment",
                                                      "set_aside": ["jp-DD-1"]}
    page = jp.page()                                         # the revision starts from the orders given
    assert selected(page, f"arg.plots.{JP_TF1}.orders.shield") == "max"
    assert selected(page, f"arg.plots.{JP_TF1}.orders.set_aside.jp-DD-1") == "1"
    assert re.search(r'<details class="sol-orders" open>', page)
    r = jp.player.get(f"/games/{jp.game_id}/solomons/plot/{JP_TF1}",
                      params={f"arg.plots.{JP_TF1}.hexes.1": '"K"', f"arg.plots.{JP_TF1}.orders.target": "bombardment",
                              f"arg.plots.{JP_TF1}.orders.shield": "none"})
    assert r.status_code == 200
    assert selected(r.text, f"arg.plots.{JP_TF1}.orders.target") == "bombardment"
    assert selected(r.text, f"arg.plots.{JP_TF1}.orders.shield") == "none"
    assert selected(r.text, f"arg.plots.{JP_TF1}.hexes.1") == "K"


@pytest.mark.rule("14.3")
def test_air_doctrine_and_counterattack_orders_reach_the_rules(solomons):
    us, jp = solomons
    to_kind(us, jp, "air")
    page = us.page()
    assert "Standing orders for the strikes" in page and 'for="doctrine-priority-0"' in page
    assert 'for="counter-allied-tf-1"' in page and "TF 1 counterattacks" in page   # the carrier force at sea
    kinds = set(re.findall(r'<option value="([A-Z]+)"', re.search(r'name="arg.doctrine.priority.0".*?</select>',
                                                                    page, re.S).group(0)))
    assert "BC" in kinds and "APD" not in kinds                # the enemy's kinds of ship only
    ok(us.post(us.form()))                                     # untouched: nothing beyond the missions
    assert pending(us) == {"missions": []}
    box = ("arg.defence.allied-tf-1.counterattack", "true")
    form = [f for f in us.form() if f != box]                                         # the box unticked
    ok(us.post(replace(form, **{"arg__doctrine__priority__0": "TR", "arg__doctrine__priority__1": "CA",
                                "arg__doctrine__odds": "1.5", "arg__doctrine__spread": "one"})))
    got = pending(us)
    assert got["doctrine"] == {"priority": ["TR", "CA", "CV", "CVL", "BB", "BC", "B", "DD", "APD"], "odds": 1.5,
                               "spread": "one"}
    assert got["defence"] == {"allied-tf-1": {"counterattack": False}}
    page = us.page()                                           # the revision shows them
    assert selected(page, "arg.doctrine.priority.0") == "TR" and selected(page, "arg.doctrine.odds") == "1.5"
    assert selected(page, "arg.doctrine.spread") == "one"
    assert not re.search(r'name="arg\.defence\.allied-tf-1\.counterattack"[^>]*checked', page)
    r = us.post(replace(us.form(), **{"arg__doctrine__odds": "5"}))  # not a column the form offers
    assert r.status_code == 422 and "14.3" in r.text


def test_a_side_without_carriers_at_sea_is_offered_no_counterattack(solomons):
    us, jp = solomons
    to_kind(us, jp, "air")
    assert jp.kind() == "air"                                  # both sides allocate at once (section D)
    page = jp.page()
    assert "Attack doctrine (14.3)" in page and "Carrier counterattacks" not in page
    kinds = re.search(r'name="arg.doctrine.priority.0".*?</select>', page, re.S).group(0)
    assert 'value="APD"' in kinds and 'value="BC"' not in kinds


@pytest.mark.rule("12.4")
def test_the_forms_say_where_a_choice_spends_supply():
    from app.web.templating import render
    import app.web.games.solomons  # noqa: F401

    m = {"role": "japanese", "prompt": {"info": {"kind": "ground", "form": "ground", "effective": 6,
                                                 "default": {"attack": False}},
                                        "title": "Ground combat", "rule": "12"},
         "view": {"role": "japanese", "guadalcanal": {"supply": {"japanese": 2, "allied": 1}}},
         "game": {"id": "g", "version": 0, "status": "active"}, "waiting": []}
    html = render("games/solomons/prompt.html", m=m)
    assert "An attack spends one Supply Point on Guadalcanal (12.4, 16.12); you have 2." in html
    assert 'aria-describedby="ground-supply"' in html


def test_the_parser_writes_the_orders_as_the_rules_read_them():
    from app.engine.errors import IllegalAction
    from app.games.solomons.combat.air import check_standing_orders
    from tests.games.solomons.ui.test_parser import board_args

    o = "arg.plots.japanese-tf-2.orders"
    args = board_args("movement_plot", (f"{o}.anti_ship_in_m", "true"), (f"{o}.target", "bombardment"),
                      (f"{o}.shield", "none"), (f"{o}.set_aside.jp-DD-2", "2"), (f"{o}.set_aside.jp-CA-3", "1"),
                      (f"{o}.set_aside.jp-CA-1", ""))
    assert args["plots"]["japanese-tf-2"]["orders"] == {"shield": "none", "target": "bombardment",
                                                        "anti_ship_in_m": True, "set_aside": ["jp-CA-3", "jp-DD-2"]}

    args = board_args("air", ("arg.doctrine.priority.0", "BB"), ("arg.doctrine.priority.1", "BB"),
                      ("arg.doctrine.priority.2", ""), ("arg.doctrine.odds", "2"),
                      ("arg.defence.allied-tf-1.counterattack", "false"),
                      ("arg.defence.allied-tf-1.counterattack", "true"),
                      ("arg.defence.allied-tf-5.counterattack", "false"))
    assert args == {"missions": [], "defence": {"allied-tf-5": {"counterattack": False}},
                    "doctrine": {"priority": ["BB", "CV", "CVL", "BC", "B", "TR", "CA", "DD", "APD"], "odds": 2}}
    args = board_args("air", ("arg.doctrine.odds", "three to one"))  # reaches the rules as written; they refuse it
    with pytest.raises(IllegalAction, match="odds sought"):
        check_standing_orders({}, "allied", args)
