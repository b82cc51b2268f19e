"""Counters never hide each other (issue 11, item 7): your own task force and an enemy marker in the same hex, or
several of your forces in one base, are fanned out so that no counter covers another even at the largest size
the map draws them (1.25 times their 56 by 30 units when the whole map is in view)."""
from __future__ import annotations

import itertools
import re

import pytest

from app.engine.rng import ScriptedRng
from app.games.solomons import rules
from app.games.solomons.board import vp_value
from app.games.solomons.board_view import describe
from app.web.board import layout
from app.web.games.solomons import board_model
from app.web.plugin import plugin_for
from app.web.templating import render

WIDTH, HEIGHT = 56 * 1.25, 30 * 1.25


def drawn(view):
    """The counters as the one board renderer places them on the map (map units are the SVG's own)."""
    return {c["id"]: c for c in layout(describe(view))["counters"]}


def tf(number, hex_):
    return {"id": f"allied-tf-{number}", "number": number, "hex": hex_, "mission": "anti_ship", "slot": False,
            "anti_slot": False, "aborted": False, "units": [], "plot": {}}


def overlapping(a, b) -> bool:
    return abs(a["x"] - b["x"]) < WIDTH and abs(a["y"] - b["y"]) < HEIGHT


def test_your_task_force_does_not_hide_under_an_enemy_marker_in_the_same_hex():
    view = {"role": "allied", "segment": 2, "task_forces": {"allied-tf-1": tf(1, "M")},
            "enemy": {"markers": {"J1": {"hex": "M", "segment": 2, "units": None}}}}
    c = drawn(view)
    own, enemy = c["allied-tf-1"], c["J1"]
    assert not overlapping(own, enemy), (own["x"], own["y"], enemy["x"], enemy["y"])


def test_five_counters_in_one_hex_are_all_in_view():
    view = {"role": "allied", "segment": 2, "task_forces": {f"allied-tf-{n}": tf(n, "L") for n in (1, 2, 3)},
            "enemy": {"markers": {"J1": {"hex": "L", "segment": 1, "units": None},
                                  "J2": {"hex": "L", "segment": 2, "units": None}}}}
    counters = list(drawn(view).values())
    assert len(counters) == 5
    for a, c in itertools.combinations(counters, 2):
        assert not overlapping(a, c), (a["label"], c["label"])


def test_the_map_on_the_page_is_zoomable(solomons):
    us, _ = solomons
    page = us.page()
    assert re.search(r'<svg data-zoomable [^>]*id="solomons-map"', page)
    assert '<script src="/static/map_zoom.js" defer></script>' in page


def test_a_finished_game_names_its_result_in_words_on_the_victory_panel():
    view = {"role": "japanese", "task_forces": {}, "enemy": {"markers": {}},
            "outcome": {"winner": "japanese", "level": "decisive_japanese_victory",
                        "score": {"japanese": 41, "allied": 12}}}
    assert board_model(view)["result"] == "Japan wins: decisive Japanese victory."


@pytest.mark.rule("22")
def test_the_victory_panel_counts_what_your_own_losses_are_worth_to_the_enemy():
    """22: a side reads the Victory Points its own losses have given the enemy (a ship sunk, Air Points lost), from
    its own view; the enemy's losses stay hidden until the end."""
    plugin_for("solomons")  # installs the `sol` helpers the board's template calls
    state = rules.setup("campaign", {}, ScriptedRng())
    state["units"]["us-CA-1"]["status"] = "sunk"
    state["losses"]["allied"]["lac"] = 3
    state["losses"]["japanese"]["nac"] = 2
    worth = vp_value("us-CA-1") + 3 * vp_value("lac")

    def panel(role):
        html = render("games/solomons/board.html", view=rules.view(state, role), role=role, prompt=None,
                      game={"id": "g", "version": 0, "status": "active"})
        return re.search(r"Your losses have given the enemy <strong>(\d+) VP</strong>", html).group(1)
    assert panel("allied") == str(worth)
    assert panel("japanese") == str(2 * vp_value("nac"))


def test_the_enemy_list_beside_the_map_names_a_marker_as_the_map_does():
    """Issue 34: "What you know of the enemy" reads "Japanese Task Force A (sighted)", as the map's counter and the
    log do, never the marker's id (tf-?1)."""
    view = {"role": "allied", "segment": 2, "task_forces": {},
            "enemy": {"markers": {"tf-?1": {"hex": "K", "segment": 1, "units": 2, "capital": 0, "transports": 0},
                                  "tf-?2": {"hex": "L", "segment": 2, "units": None, "submarine": True}}}}
    names = [m["name"] for m in board_model(view)["markers"]]
    assert names == ["Japanese Task Force A (sighted)", "Japanese Submarine B (sighted)"]
    assert {m["label"] for m in describe(view)["markers"]} == set(names)
