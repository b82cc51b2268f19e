"""17c2: "Each player names one ship as the 'flagship' for his forces ... Flagships should always be aircraft carriers
or battleships, if possible." Each commander is given his first carrier or battleship when the first Turn begins and
may name another of his own carriers or battleships before his first radio message; the enemy never learns it."""
from __future__ import annotations

import json
import re

import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.guadalcanal import radio, rules
from tests.games.guadalcanal.test_rule17 import note, silence, team_game


def offered(s, seat):
    return {a["verb"]: a for a in rules.prompts(s)[seat]["actions"]}


@pytest.mark.rule("17c2")
def test_a_commander_names_another_of_his_carriers_and_battleships_as_flagship_before_his_first_message():
    s = team_game()
    naming = offered(s, "allied.1")["flagship"]["args"]["ship"]
    others = dict(zip(naming["choices"], naming["labels"]))
    assert others and "us-enterprise" not in others  # the one he has now is not offered again
    assert {s["units"][u]["type"] for u in others} <= {"CV", "BB", "CVL"}  # "aircraft carriers or battleships"
    ship = sorted(others)[0]
    s = rules.apply(s, "allied.1", {"verb": "flagship", "args": {"ship": ship}}, ScriptedRng())
    assert s["team"]["flagships"]["allied.1"] == ship
    assert f"names {others[ship]} his flagship (17c2)" in json.dumps(rules.view(s, "allied.2"))
    enemy = rules.view(s, "japanese.1")  # known to the commander's side only
    assert "his flagship" not in json.dumps(enemy) and ship not in json.dumps(enemy.get("team", {}))
    assert "allied.1" in rules.prompts(s)  # he still writes his message or keeps silence
    s = silence(s, "allied.1")
    assert not radio.naming(s, "allied.1")


@pytest.mark.rule("17c2")
def test_a_flagship_is_named_only_among_the_commanders_own_carriers_and_battleships_and_only_at_the_start():
    s = team_game()
    cruiser = next(u for u, r in s["units"].items() if r["side"] == "allied" and r["kind"] == "ship"
                   and r["type"] not in ("CV", "BB", "CVL"))
    with pytest.raises(IllegalAction, match="should always be aircraft carriers or battleships") as e:
        rules.apply(s, "allied.1", {"verb": "flagship", "args": {"ship": cruiser}}, ScriptedRng())
    assert e.value.rule == "17c2"
    with pytest.raises(IllegalAction, match="is not one of your ships") as e:
        rules.apply(s, "allied.1", {"verb": "flagship", "args": {"ship": "ij-junyo"}}, ScriptedRng())
    s = note(s, "allied.1", "Steam north", dice=(9, 1))
    with pytest.raises(IllegalAction, match="before your first radio message") as e:
        rules.apply(s, "allied.1", {"verb": "flagship", "args": {"ship": "us-enterprise"}}, ScriptedRng())
    assert e.value.rule == "17c2"


@pytest.mark.rule("17c2")
def test_the_radio_page_offers_the_flagship_by_name_and_the_board_shows_the_one_named():
    from starlette.datastructures import FormData

    from app.web.actions import action_from_form
    from tests.web.test_guadalcanal_pages import _text, board_html, prompt_html
    s = team_game()
    html = prompt_html(s, "allied.1")
    assert 'class="action gc-flagship-form"' in html and '<label for="gc-flagship">Flagship</label>' in html
    options = re.findall(r'<option value="&#34;([^&]+)&#34;">([^<]+)</option>', html.split("gc-flagship-form")[1])
    assert options and all(not label.startswith("us-") for _, label in options)  # printed names, not ids
    ship, name = options[0]
    sent = action_from_form(FormData([("verb", "flagship"), ("arg.ship", f'"{ship}"')]), rules.prompts(s)["allied.1"])
    s = rules.apply(s, "allied.1", sent, ScriptedRng())
    assert f"Allied overall commander: {name}" in _text(board_html(s, "allied.2")).replace("  ", " ")
    assert "gc-flagship-form" not in prompt_html(s, "allied.2")  # Henderson Field's commander has no other choice
