"""board.html draws every state the game reaches from the view alone (the platform wraps it in its page)."""
import pytest
from jinja2 import StrictUndefined

from app.engine.rng import SeededRng
from app.engine.testing import random_action
from app.games.pacific_war_1942 import rules
from app.web.templating import env as app_env
from tests.games.pacific_war_1942.helpers import actions_phase, at, bot_acts, play

env = app_env.overlay(undefined=StrictUndefined)  # the web app's templates, with the one board renderer


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
    assert "<svg" in html and html.count("board-piece side-allied kind-front-marker") == 4 \
        and html.count("board-piece side-japanese kind-front-marker") == 4
    for text in ("India front", "China front", "Southwest Pacific front", "Central Pacific front",
                 "Indian Ocean sea area", "<strong>3 AP</strong> remaining", "Europe marker in play",
                 "Japanese Southwest Pacific front marker: beside Japan", "tag-stalled",
                 "(-1 DRM to Allied attacks)", "Score estimate"):
        assert text in html, text


def test_the_bot_turn_and_its_die_are_drawn():
    s = bot_acts(actions_phase(ap=1), [4, 5])
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


@pytest.mark.rule("How to Win")
@pytest.mark.rule("Victory Calculation")
@pytest.mark.rule("Score")
def test_what_was_invented_is_shown_with_its_provenance():
    """The Atomic Bomb trigger, game length, turn dates, Europe markers, VP values and score bands come from
    rules.toml; the page shows each with its source and marks the reconstructed ones (issue 12, item 9)."""
    from markupsafe import escape

    from app.games.pacific_war_1942 import data

    html = render(actions_phase(ap=2))
    panel = html[html.index('class="pw-panel"'):html.index('id="pw-rules"')]
    # next to "Atomic Bomb: not dropped", the trigger and that it is reconstructed
    assert ("Atomic Bomb: not dropped. Dropped at the end of turn 15 or a later turn if the Allied Central Pacific "
            "front marker is at Saipan or beyond") in panel
    assert f'href="#pw-rule-bomb" title="{data.BOMB["provenance"]}">reconstructed</a>' in panel
    assert f'title="{data.RULES["turns"]["provenance"]}">length and dates reconstructed</a>' in panel
    rules_part = html[html.index('id="pw-rules"'):]
    for rule_id, provenance in [("length", data.RULES["turns"]["provenance"]),
                                ("dates", data.RULES["turns"]["quarters_provenance"]),
                                ("bomb", data.BOMB["provenance"]), ("europe", data.RULES["europe_markers"]["provenance"])]:
        row = rules_part[rules_part.index(f'id="pw-rule-{rule_id}"'):]
        row = row[:row.index("</tr>")]
        assert '<span class="pw-invented">reconstructed</span> ' + str(escape(provenance[len("reconstructed: "):])) \
            in row, rule_id
    assert "One turn a quarter: turn 1 is Jan-Mar 1942, turn 16 is Oct-Dec 1945." in rules_part
    assert "publisher unknown, year unknown" in rules_part
    for v in data.RULES["vp"]:
        assert f"<td>{v['text']}</td><td>{v['vp']:+d} VP</td>" in rules_part
    for rng, band in zip(["6 or less", "7 to 12", "13 to 18", "19 or more"], data.BANDS):
        assert f"<td>{rng}</td><td>{band['text']}</td><td class=\"pw-provenance\">{band['provenance']}</td>" in rules_part


@pytest.mark.rule("Game Board")
def test_each_front_is_a_column_down_to_japan_so_the_map_fits_a_phone():
    """Four columns, not rows of nine locations: at 390 px a column is about 90 px, room for a name in 12 px type, and
    nothing forces the page wider (the browser test measures the names on screen,
    tests/browser/test_pacific_war.py)."""
    from app.games.pacific_war_1942 import data

    b = rules.view(actions_phase(), "allied")["board"]
    at = {s["id"]: s["at"] for s in b["spaces"]}
    for column, front in enumerate(data.FRONT_ORDER):
        route = [loc for loc in data.route(front) if loc != data.JAPAN]
        assert {at[loc][0] for loc in route} == {column}, front  # one column
        assert [at[loc][1] for loc in route] == sorted(at[loc][1] for loc in route)  # down the column
        assert at[data.JAPAN][1] > max(at[loc][1] for loc in route)  # Japan below every route
    x0, _, x1, _ = b["extent"]
    assert x1 - x0 <= len(data.FRONT_ORDER)
    assert "svg.board-svg { min-width" not in render(actions_phase())


@pytest.mark.rule("Allied Army Reserves")
def test_the_panel_shows_the_ap_left_then_the_attack_waiting_on_the_reserve():
    s = actions_phase(ap=2)
    s["fronts"]["china"]["reserve"] = True
    assert "<strong>2 AP</strong> remaining" in render(s)
    s = play(s, {"verb": "attack_front", "args": {"front": "china"}}, dice=[1])
    html = " ".join(render(s).split())
    assert 'The Allied attack on Chungking rolled <span class="pw-die">1</span> (+0): no result. Use the reserve' in html
    assert "AP</strong> remaining" not in html
