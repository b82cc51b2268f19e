"""First Blood's pages (issue 16, "Pages"): what each side sees, drawn from its view and prompt only. The map names
each hex's terrain and its source; counters give strength and movement; the turn track and the boxes off the map are
a second board; the movement form carries the hexes each unit may reach with their cost (§6); the combat form has a
place for the odds, which the plug-in's /odds fragment fills from the rules before the attack is declared (§7.6)."""
from __future__ import annotations

import html as htmllib
import json
import re

import pytest

from app.games.first_blood import combat, rules
from app.web.plugin import plugin_for
from app.web.templating import env, render
from tests.games.first_blood.helpers import act, last, position
from tests.games.first_blood.test_combat import FIG6


def board_html(state, role: str) -> str:
    plugin_for("first_blood")
    return env.get_template("games/first_blood/board.html").render(view=rules.view(state, role), role=role, oob=False)


def prompt_html(state, role: str) -> str:
    plugin_for("first_blood")
    m = {"game": {"id": "g1", "version": 3, "status": "active"}, "role": role, "view": rules.view(state, role),
         "prompt": rules.prompts(state).get(role), "waiting": []}
    return env.get_template("games/first_blood/prompt.html").render(m=m)


def counter(html: str, board: str, label_start: str) -> str:
    part = html[html.index(f'id="{board}"'):]
    part = part[:part.index("</svg>")]
    found = re.search(rf'aria-label="({re.escape(label_start)}[^"]*)"\s*data-details="([^"]*)"', part)
    assert found, f"no counter {label_start!r} on {board}"
    return htmllib.unescape(found.group(1) + " | " + found.group(2))


@pytest.mark.rule("§2.1")
def test_each_hex_names_its_terrain_and_where_it_comes_from():
    html = board_html(position("movement", "us", units={"us-1-1": "0705"}), "us")
    assert "<title>Hex 0201: Jungle (combat -1, +1 MF to enter) [reconstructed: printed constraints kept]</title>" in html
    assert re.search(r"<title>Hex 0708: Clear, beach or rough, Henderson Field air strip \[printed §2.1 and §3", html)
    assert "<title>Hex 0908: Jungle on its sides only (not jungle for combat)" in html


@pytest.mark.rule("§2.1")
def test_a_counter_gives_strength_and_movement_on_the_map_and_in_the_boxes():
    s = position("movement", "ij", units={"us-1-1": "0705", "ij-124-1": "box:A"})
    for role in ("us", "ij"):
        html = board_html(s, role)
        on_map = counter(html, "first-blood-map", "US 1/1 Marines")
        assert on_map.endswith("in hex 0705: combat factor 5, movement factors 8."), on_map
        boxed = counter(html, "first-blood-boxes", "IJ 124/1")
        assert "in off-map box A: combat factor 4, movement factors 8" in boxed, boxed
        assert "IJ 124/1" not in html[html.index('id="first-blood-map"'):html.index('id="first-blood-boxes"')]


@pytest.mark.rule("§4")
def test_the_turn_track_marks_the_turn_and_shows_the_marker_there():
    html = board_html(position("movement", "us", turn=4, units={"us-1-1": "0705"}), "us")
    assert "Turn marker: Oct I" in counter(html, "first-blood-boxes", "Turn marker")
    assert re.search(r'board-space kind-turn mark-ring" id="[^"]*turn-4"', html)
    assert not re.search(r'board-space kind-turn mark-ring" id="[^"]*turn-3"', html)
    for box in ("IJN Reserve", "IJAAF Attack", "USAF CAP", "Off-map box D", "IJ east", "US (0701)"):
        assert f">{box}</text>" in html


@pytest.mark.rule("§6.1")
def test_the_movement_form_carries_each_units_reachable_hexes_with_their_cost():
    s = position("movement", "us", units={"us-1-1": "0705", "ij-124-1": "0604"})
    html = prompt_html(s, "us")
    reach = json.loads(htmllib.unescape(re.search(r'data-reach="([^"]*)"', html).group(1)))
    assert reach["us-1-1"]["hex:0706"] == 1 and "hex:0705" not in reach["us-1-1"]
    assert reach["us-1-1"] == {p: c for p, c in rules.prompts(s)["us"]["info"]["reach"]["us-1-1"].items()}
    words = re.search(r'<p data-unit="us-1-1">(.*?)</p>', html, re.DOTALL).group(1)
    assert "1/1 Marines may reach:" in words and "0706 (1 MF)" in words
    assert "the IJ" not in prompt_html(s, "us") and prompt_html(s, "ij").strip() != ""
    assert "data-reach" not in prompt_html(s, "ij")  # not the IJ's phase: no form, no help


@pytest.mark.rule("§7.6")
def test_the_combat_form_has_the_odds_panel_and_the_rules_give_the_odds_before_the_roll():
    s = position("combat", "us", units=FIG6)
    assert 'id="fb-odds"' in prompt_html(s, "us")
    o = combat.odds(s, "us", ["us-1-2", "us-1-3"], ["0606"], [])
    assert (o["A"], o["D"], o["column"], o["modifiers"]) == (10, 4, "2:1", [])
    shown = render("games/first_blood/_odds.html", o=o)
    assert "10 against 4" in shown and "column <strong class=\"fb-column\">2:1</strong>" in shown
    assert "no modifiers" in shown and "Table 10, US Attack Table" in shown
    s = act(s, "us", "attack", dice=[1], units={"0606": ["us-1-2", "us-1-3"]}, advance=False)
    assert "10 against 4; 2:1, die 1 = 1: A1 (§7.6, Table 10, US Attack Table)" in last(s)


@pytest.mark.rule("§7.1")
def test_the_odds_name_the_jungle_modifier_and_a_hopeless_attack():
    s = position("combat", "us", units={"us-1-1": "0705", "ij-124-1": "0604", "ij-124-3": "0605"})
    s["units"]["ij-124-1"]["cf"] = 11
    shown = render("games/first_blood/_odds.html", o=combat.odds(s, "us", ["us-1-1"], ["0604"], []))
    assert "5 against 11" in shown and "without a roll" in shown
    s = position("combat", "us", units={"us-1-1": "0200", "ij-124-1": "0201"})
    o = combat.odds(s, "us", ["us-1-1"], ["0201"], [])
    assert ("jungle (§7.1)", -1) in o["modifiers"]
    assert "-1 jungle (§7.1)" in render("games/first_blood/_odds.html", o=o)


@pytest.mark.rule("§7.6")
def test_the_odds_read_from_a_sides_view_are_the_odds_the_roll_will_use():
    """The /odds fragment computes from the role's view: along random games, every attack of two units on an enemy
    hex gets the same strengths, column and modifiers from the view as from the state the roll reads."""
    from app.engine.testing import random_positions

    compared = 0
    for seed in range(4):
        for s in random_positions(rules, "campaign", {}, seed, tuple(range(0, 300, 11))):
            for role in ("us", "ij"):
                mine = [u["id"] for u in s["units"].values() if u["side"] == role and u["loc"].startswith("hex:")][:2]
                theirs = sorted({u["loc"][4:] for u in s["units"].values()
                                 if u["side"] != role and u["loc"].startswith("hex:")})[:1]
                if mine and theirs:
                    assert combat.odds(rules.view(s, role), role, mine, theirs, []) == combat.odds(s, role, mine, theirs, [])
                    compared += 1
    assert compared > 50
