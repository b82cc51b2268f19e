"""6.38: "Rewrite the Task Force's plot by the shortest route to the nearest friendly naval base." Where two bases are
equally near (Japanese forces in K, L and M: Rabaul and Truk; American forces in H, I, N and O: Espiritu Santo and
Australia) the player names the one it returns to, on the reset section's form; left alone it is the first by name,
as before. A base that is not among the nearest is refused, citing 6.38."""
from __future__ import annotations

import pytest

from app.games.solomons import rules
from app.games.solomons.boards import reset_model
from test_core_plot import japan_at_plot, rabaul_force
from sol_core_helpers import both, kind, refused, submit, tf_of, until


def at_reset_in_l():
    s = japan_at_plot(1, 1, rabaul_force())
    tf = tf_of(s, "jp-CA-1")["id"]
    s = submit(s, "japanese", {"plots": {tf: {"hexes": {"1": "K", "2": "L", "3": "L", "4": "L", "5": "L"}}}})
    s = both(s)
    return until(s, "reset", dice=[6] * 20, segment=2), tf


@pytest.mark.rule("6.38")
def test_an_aborting_force_between_two_equally_near_bases_returns_to_the_one_its_player_names():
    s, tf = at_reset_in_l()
    offered = rules.prompts(s)["japanese"]["actions"][0]["args"]["homes"]["each"]
    assert offered["fields"][tf]["choices"] == ["rabaul", "truk"]
    assert offered["fields"][tf]["labels"] == ["Rabaul", "Truk"]  # named as printed on the map
    s = both(s, japanese={"aborts": [tf], "homes": {tf: "truk"}})
    force = s["task_forces"][tf]
    assert force["aborted"] and force["plot"][str(max(int(k) for k in force["plot"]))] == "truk"
    assert "rabaul" not in [force["plot"][str(n)] for n in (3, 4, 5, 6, 7)]
    assert any("will return to Truk" in line["text"] for line in rules.view(s, "japanese")["log"])
    assert not any("will return to Truk" in line["text"] for line in rules.view(s, "allied")["log"])


@pytest.mark.rule("6.38")
def test_left_alone_it_returns_to_the_first_by_name_and_a_base_not_among_the_nearest_is_refused():
    s, tf = at_reset_in_l()
    e = refused(s, "japanese", {"aborts": [tf], "homes": {tf: "espiritu_santo"}}, "6.38")
    assert "nearest friendly naval base: Rabaul or Truk" in e.message
    s = both(s, japanese={"aborts": [tf]})
    force = s["task_forces"][tf]
    assert [force["plot"][str(n)] for n in (3, 4)] == ["K", "rabaul"]


@pytest.mark.rule("6.38")
def test_the_reset_board_offers_the_choice_beside_the_abort():
    s, tf = at_reset_in_l()
    model = reset_model(rules.view(s, "japanese"), rules.prompts(s)["japanese"])
    force = next(f for f in model["forces"] if f["id"] == tf)
    assert force["homes"] == [("rabaul", "Rabaul"), ("truk", "Truk")]


@pytest.mark.rule("6.38")
def test_the_reset_form_posts_the_named_base_as_the_rules_read_it():
    from starlette.datastructures import FormData

    from app.web.actions import action_from_form
    s, tf = at_reset_in_l()
    prompt = rules.prompts(s)["japanese"]
    sent = action_from_form(FormData([("verb", "submit"), ("arg.aborts", tf), (f"arg.homes.{tf}", "truk")]), prompt)
    assert sent["args"]["homes"] == {tf: "truk"} and sent["args"]["aborts"] == [tf]
    s = both(s, japanese=sent["args"])
    assert s["task_forces"][tf]["home"] == "truk"


@pytest.mark.rule("6.38")
def test_the_reset_page_shows_the_choice_by_name_beside_the_abort():
    from app.web.plugin import plugin_for
    from app.web.templating import env
    s, tf = at_reset_in_l()
    plugin_for("solomons")
    m = {"game": {"id": "g1", "version": 3, "status": "active"}, "role": "japanese",
         "view": rules.view(s, "japanese"), "prompt": rules.prompts(s)["japanese"], "waiting": []}
    html = env.get_template("games/solomons/prompt.html").render(m=m)
    assert f'<select id="home-{tf}" name="arg.homes.{tf}">' in html
    assert '<option value="truk">Truk</option>' in html and "(equally near, 6.38)" in html
