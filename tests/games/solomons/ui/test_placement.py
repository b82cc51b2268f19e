"""The Preliminary Set-Up board (5.14, 5.15) and the American Intelligence board (18) as a player sees and uses them:
ships ready in port, each with the bases it may go to; the eight questions Japan answers before allocation."""
from __future__ import annotations

import re

import pytest
from starlette.datastructures import FormData

from app.engine.rng import ScriptedRng
from app.games.solomons import board as sol_board, rules
from app.games.solomons.board import unit_name as board_name
from app.games.solomons.states import STATES
from app.web.games.solomons import parse_form
from tests.games.solomons.ui.conftest import form_fields, replace
from tests.games.solomons.ui.test_forms import ok, to_kind
from tests.games.solomons.ui.test_surface_orders import board, walk


def choice_row(html: str, uid: str) -> tuple[str, list[str], str]:
    """The row of one ship: its label, the options offered, and the one selected."""
    sel = re.search(rf'<label class="sr-only" for="base-{uid}">Base for ([^<]+)</label>\s*<select[^>]*>(.*?)</select>',
                    html, re.S)
    assert sel, f"no base choice for {uid}"
    options = re.findall(r"<option[^>]*>([^<]+)</option>", sel.group(2))
    chosen = re.search(r"<option[^>]*selected>([^<]+)</option>", sel.group(2)).group(1)
    return sel.group(1), options, chosen


@pytest.mark.rule("5.14")
def test_the_americans_move_transports_from_australia_to_espiritu_santo_on_the_page():
    s = walk(rules.setup("campaign", {}, ScriptedRng()), "placement")
    s = walk(s, "cag_training")
    s = walk(s, "placement")  # Game-Turn 2's Preliminary Set-Up
    for uid in ("us-TR-1", "us-TR-2"):  # transports ready in Australia, for the test
        s["units"][uid].update(status="intact", location="australia", returns=None, return_base=None)
    html, prompt = board(s, "allied")
    assert "Preliminary Set-Up" in html and "In port at Australia" in html
    label, options, chosen = choice_row(html, "us-TR-1")
    assert label.startswith("TR ") and options == ["to Espiritu Santo", "stays at Australia"]
    assert chosen == "stays at Australia"
    action = parse_form(FormData(replace(form_fields(html), **{"arg__placement__us-TR-1": '"espiritu_santo"'})), prompt)
    assert action["args"] == {"placement": {"us-TR-1": "espiritu_santo"}}
    s = rules.apply(s, "allied", action, ScriptedRng())
    html, _ = board(s, "allied")  # revising starts from the move given
    assert choice_row(html, "us-TR-1")[2] == "to Espiritu Santo" and choice_row(html, "us-TR-2")[2] == \
        "stays at Australia"


@pytest.mark.rule("5.15")
@pytest.mark.rule("5.16")
def test_japan_moves_ships_from_truk_to_rabaul_on_the_game_page_but_never_a_carrier(solomons):
    us, jp = solomons
    assert jp.kind() == "placement" and us.kind() is None  # Game-Turn 1: the American fleet is at sea
    page = jp.page()
    assert "In port at Truk" in page and "Ships that arrive this Game-Turn" in page
    assert choice_row(page, "jp-CA-4")[1] == ["to Rabaul", "stays at Truk"]
    assert choice_row(page, "jp-CV-1")[1] == ["stays at Truk"]  # 5.16: never a carrier at Rabaul
    ok(jp.post(replace(jp.form(), **{"arg__placement__jp-CA-4": '"rabaul"'})))
    assert jp.kind() == "cag_training"
    name = board_name("jp-CA-4")
    assert f"Ships placed at your bases (5.15): {name} to Rabaul." in [line["text"] for line in
                                                                      jp.state()["view"]["log"]]
    assert name not in us.page()  # a secret move
    to_kind(us, jp, "allocation")
    page = jp.page()
    rabaul = re.search(r"In port at Rabaul</legend>(.*?)</fieldset>", page, re.S).group(1)
    assert 'name="tf.jp-CA-4"' in rabaul  # it forms task forces at Rabaul now


@pytest.mark.rule("18")
@pytest.mark.rule("4.1")
def test_japan_answers_the_american_questions_before_forming_task_forces_and_the_americans_read_them(solomons):
    us, jp = solomons
    to_kind(us, jp, "intelligence")
    page = jp.page()
    assert "Is a Task Force coming down the Slot?" in page and "Will Japan sortie from Truk?" in page
    assert re.search(r'name="arg\.answers\.truk_sortie"[^>]*disabled', page)  # Game-Turn 1: no Truk sortie (20.3)
    form = [(k, v) for k, v in jp.form() if k != "arg.answers.slot"] + [("arg.answers.slot", "true")]
    ok(jp.post(form))
    assert us.kind() == "allocation" and jp.kind() == "allocation"
    told = [line["text"] for line in us.state()["view"]["log"] if "Japanese Intentions" in line["text"]]
    assert told and "a Task Force down the Slot: yes" in told[-1] and "a sortie from Truk: no" in told[-1]
    page = us.page()  # the board's line is written for a person, not the answers' keys (issue 11, item 13)
    assert "Japanese intentions announced for Plot Phase 1 (18)" in page and "a Task Force down the Slot: yes" in page
    assert "high seas capital" not in page and "slot_capital" not in page and "rabaul_sortie" not in page


@pytest.mark.rule("5.31")
def test_the_composition_board_of_plot_phase_2_shows_each_force_under_its_own_number():
    """Issue 11, item 5: the board names a force by the number it has had since it was formed."""
    from tests.games.solomons.sol_core_helpers import american_turn1_forces
    s = walk(rules.setup("campaign", {}, ScriptedRng()), "allocation")
    forces = american_turn1_forces()["task_forces"]
    s = rules.apply(s, "allied", {"verb": "submit", "args": {"task_forces": forces}},
                    ScriptedRng())
    s = walk(s, "movement_plot")
    cruisers = s["task_forces"][s["units"]["us-CA-1"]["task_force"]]
    assert cruisers["number"] == 2  # formed second; the carriers (TF 1) go home, the cruisers stay in M
    stay = {str(n): "M" for n in range(1, 8)}
    orders = rules.default_action(s, "allied")  # the others come home (missed-order plot)
    orders["args"]["plots"][cruisers["id"]] = {"hexes": stay}
    s = rules.apply(s, "allied", orders, ScriptedRng())
    s = walk(s, "allocation")
    assert s["phase"] == "plot2"
    html, _ = board(s, "allied")
    cell = re.search(r'<select id="tf-us-CA-1"[^>]*>(.*?)</select>', html, re.S).group(1)
    assert re.search(r'<option value="2" selected>TF 2</option>', cell)  # not renumbered as the first force left
    assert '<label for="mission-2">Task force 2 mission</label>' in html
    assert "(TF 2)" in html  # the ship's row names its force


@pytest.mark.rule("14.11")
@pytest.mark.rule("10.1")
def test_the_air_board_offers_each_source_only_the_targets_its_air_reaches_and_blank_rows_fly_nothing():
    """Issue 11, item 13: a target out of range is not offered; an unused row reads "no mission", not "Attack a
    task force" with target "none (CAP)"."""
    s = walk(rules.setup("campaign", {}, ScriptedRng()), "air", segment=1)
    carriers = s["task_forces"]["allied-tf-1"]["hex"]  # on its way home from M
    close = next(h for h in sol_board.sea_hexes() if sol_board.distance(carriers, h) == 1)
    far = next(h for h in sol_board.sea_hexes() if sol_board.distance(carriers, h) >= 3 and sol_board.distance("O", h) >= 2)
    near = {"hex": close, "segment": 1, "turn": 1, "units": 2, "capital": 0, "transports": 0, "submarine": False}
    s["markers"]["allied"] = {"tf-?1": near, "tf-?2": dict(near, hex=far, units=1)}
    html, prompt = board(s, "allied")
    carrier_row = re.search(r'name="arg\.missions\.(\d+)\.source" value="allied-tf-1"', html).group(1)
    targets = re.search(rf'<select id="m-{carrier_row}-target".*?</select>', html, re.S).group(0)
    # carrier air: one hex; the marker by its name (issue 34), its id only in the option's value
    assert f"Japanese Task Force A (sighted) in hex {close} (2 ships)" in targets and "tf-?2" not in targets
    es_rows = re.findall(r'name="arg\.missions\.(\d+)\.source" value="espiritu_santo"', html)
    for row in es_rows:  # Espiritu Santo's air reaches from O (10.6): never the far marker
        cell = re.search(rf'<select id="m-{row}-target".*?</select>', html, re.S).group(0)
        assert "tf-?2" not in cell
    mission = re.search(rf'<select id="m-{carrier_row}-mission".*?</select>', html, re.S).group(0)
    assert re.search(r'<option value="" selected>no mission</option>', mission)
    action = parse_form(FormData(form_fields(html)), prompt)  # the board as drawn flies nothing (the record's tidy)
    assert STATES["air"].tidy(s, "allied", action["args"])["missions"] == []
