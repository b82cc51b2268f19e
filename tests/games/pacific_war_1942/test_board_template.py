"""board.html draws every state the game reaches from the view alone (the platform wraps it in its page)."""
from pathlib import Path

import pytest
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from app.engine.rng import SeededRng
from app.engine.testing import random_action
from app.games.pacific_war_1942 import rules
from tests.games.pacific_war_1942.helpers import actions_phase, at, play

TEMPLATES = Path(__file__).resolve().parents[3] / "templates"
env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined)


class Game:
    id, version = "g1", 3


def render(state, role="allied"):
    prompt = rules.prompts(state).get(role)
    return env.get_template("games/pacific_war_1942/board.html").render(
        view=rules.view(state, role), role=role, prompt=prompt, game=Game())


@pytest.mark.rule("Game Board")
def test_the_map_shows_fronts_seas_markers_and_ap():
    s = at("southwest_pacific", "japan", actions_phase(ap=3))
    s["europe"], s["fronts"]["china"]["stalled"], s["fronts"]["india"]["japanese_reserve"] = True, True, True
    html = render(s)
    assert "<svg" in html and html.count("class=\"pw-marker pw-marker-allied") == 4 and html.count("class=\"pw-marker pw-marker-japanese") == 4
    for text in ("India front", "China front", "Southwest Pacific front", "Central Pacific front",
                 "Indian Ocean sea area", "<strong>3 AP</strong> remaining", "Europe marker in play",
                 "Japanese Southwest Pacific front marker: beside Japan", "pw-marker-stalled",
                 "(-1 DRM to Allied attacks)", "Score estimate"):
        assert text in html, text


def test_the_bot_turn_and_its_die_are_drawn():
    s = play(actions_phase(ap=1), "end_actions", "japanese_action", dice=[4, 5])
    html = render(s, "spectator")
    assert 'die <span class="pw-die">4</span> — <strong>South Seas offensive</strong>' in html
    assert "The Japanese advance into Port Moresby" in html


def test_every_state_of_a_random_game_renders():
    dice, players = SeededRng(20), SeededRng(21)
    s = rules.setup("campaign", {}, dice)
    while rules.outcome(s) is None:
        render(s)
        s = rules.apply(s, "allied", random_action(rules, s, "allied", players), dice)
    html = render(s, "spectator")
    assert "Game over" in html and "Final score" in html
