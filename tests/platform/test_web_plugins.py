"""Each game's web parts come from the plug-in its registry entry names (issue 13, item 6): a game without one, or a
plug-in whose declared board cannot be found, stops the app from being built; nothing falls back to the generic
board; the Solomons board gets its helpers from its plug-in, not from an import's side effect; and a plug-in's
routes answer only under a game of its own kind."""
from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from app import games as registry
from app.paths import ROOT
from app.web import plugin as web_plugins
from app.web.plugin import PluginError, WebPlugin
from tests.fixtures.duel import Duel
from tests.fixtures.spec import spec_of

# Declared for the copies below; named by "tests.platform.test_web_plugins:<NAME>".
MISSING_BOARD = WebPlugin(id="duel_missing_board", templates=ROOT / "templates" / "games" / "pacific_war_1942",
                          board="no_such_board.html")
MISSING_CHECK = WebPlugin(id="duel_missing_check", templates=ROOT / "templates" / "games" / "pacific_war_1942",
                          check="no_such_check.html")
TAKEN_GLOBAL = WebPlugin(id="duel_taken_global", globals={"action_key": lambda *a: "mine"})


def copy_of_duel(game_id: str, web: str | None):
    class Copy(Duel):
        meta = dataclasses.replace(Duel.meta, id=game_id, title=f"Copy {game_id}")
    return registry.register(spec_of(Copy()), web=web)


@pytest.fixture
def registered():
    ids: list[str] = []

    def register(game_id: str, web: str | None):
        ids.append(game_id)
        return copy_of_duel(game_id, web)
    yield register
    for game_id in ids:
        registry._registry.pop(game_id, None)
        registry._web.pop(game_id, None)


def test_a_game_without_a_web_plug_in_stops_the_app_from_being_built(registered):
    from app.web.main import create_app

    registered("duel_no_plugin", None)
    with pytest.raises(PluginError, match=r"Copy duel_no_plugin \('duel_no_plugin'\) has no web plug-in"):
        create_app()


def test_a_declared_board_that_cannot_be_found_is_an_error_not_the_generic_board(registered):
    from app.web.main import create_app
    from app.web.presenter import board_template

    registered("duel_missing_board", "tests.platform.test_web_plugins:MISSING_BOARD")
    with pytest.raises(PluginError, match="declares the template 'no_such_board.html'"):
        create_app()
    with pytest.raises(PluginError, match="no_such_board.html"):
        board_template("duel_missing_board")


def test_a_declared_live_check_that_cannot_be_drawn_is_an_error(registered):
    """The live check of a half-made board is the platform's route; the verdict's template is the plug-in's."""
    from app.web.main import create_app

    registered("duel_missing_check", "tests.platform.test_web_plugins:MISSING_CHECK")
    with pytest.raises(PluginError, match="declares the template 'no_such_check.html'"):
        create_app()


def test_a_plug_in_may_not_take_a_template_global_the_platform_uses(registered):
    registered("duel_taken_global", "tests.platform.test_web_plugins:TAKEN_GLOBAL")
    with pytest.raises(PluginError, match="template global 'action_key'"):
        web_plugins.plugin_for("duel_taken_global")


def test_a_plug_in_declared_for_another_game_is_refused(registered):
    registered("duel_borrows", "app.web.games.pacific_war_1942")
    with pytest.raises(PluginError, match="declared for 'pacific_war_1942'"):
        web_plugins.plugin_for("duel_borrows")


def test_each_game_draws_the_board_its_plug_in_declares(app):  # the app registers the test duel
    from app.web.presenter import board_template, prompt_template

    assert (board_template("solomons"), prompt_template("solomons")) == \
        ("games/solomons/board.html", "games/solomons/prompt.html")
    assert (board_template("pacific_war_1942"), prompt_template("pacific_war_1942")) == \
        ("games/pacific_war_1942/board.html", "game/_prompt.html")
    assert (board_template("duel"), prompt_template("duel")) == ("games/_generic_board.html", "game/_prompt.html")


# In a fresh interpreter: nothing imports the Solomons web package before its board is drawn (the harness's
# non-interference test once compared the generic board because of that).
FRESH = """
import sys
from app.engine.rng import SeededRng
from app.games.solomons import rules
from app.web.presenter import board_template
from app.web.templating import render
from tests.fixtures.spec import spec_of
assert "app.web.games.solomons" not in sys.modules
state = rules.setup(rules.meta.scenarios[0].id, rules.meta.default_options(), SeededRng(1))
html = render(board_template("solomons"), view=rules.view(state, "allied"), role="allied", prompt=None,
              game={"id": "g", "version": 0, "status": "active"})
print(board_template("solomons"), "sol-map" in html, "Espiritu Santo" in html)
"""


def test_the_solomons_board_finds_its_helpers_without_an_import_side_effect():
    out = subprocess.run([sys.executable, "-c", FRESH], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["games/solomons/board.html", "True", "True"]


def test_a_plug_in_route_answers_only_under_a_game_of_its_kind(players):
    me = players()
    duel = me.post("/api/games", json={"game": "duel", "side": "red"}).json()["id"]
    sol = me.post("/api/games", json={"game": "solomons", "side": "allied"}).json()["id"]
    r = me.get(f"/games/{sol}/solomons/provenance/unit/us-CV-1", headers={"HX-Request": "true"})
    assert r.status_code == 200 and "printed 21" in r.text
    r = me.get(f"/games/{duel}/solomons/provenance/unit/us-CV-1", headers={"HX-Request": "true"})
    assert r.status_code == 400 and "is not a game of Solomons Campaign" in r.text
    r = me.get(f"/games/{duel}/solomons/check", headers={"HX-Request": "true"})
    assert r.status_code == 400 and "is not a game of Solomons Campaign" in r.text
