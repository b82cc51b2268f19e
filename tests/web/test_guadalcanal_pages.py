"""Guadalcanal's pages (issue 14, "Pages"): what each role sees, drawn from its view only. A side sees its own
Operations Card and searchboard markers, the enemy task force markers its searches spotted, and the enemy's card only
outside umpired play (2c, 18c); the Assembly and Ready Steps are forms on the card (3a, 3b); a flight's route can be
clicked on the searchboard (3d); the Battleboard shows the battle's units and each combat's dice (4); the umpire sees
both sides' searchboards and cards side by side (18b)."""
from __future__ import annotations

import re

import pytest

from app.engine.contract import UMPIRE
from app.games.guadalcanal import rules
from app.web.plugin import plugin_for
from app.web.templating import env
from tests.games.guadalcanal.helpers import example_10, fly, play, take_off


def board_html(state, role: str) -> str:
    plugin_for("guadalcanal")
    return env.get_template("games/guadalcanal/board.html").render(view=rules.view(state, role), role=role, oob=False)


def prompt_html(state, role: str) -> str:
    plugin_for("guadalcanal")
    m = {"game": {"id": "g1", "version": 3, "status": "active"}, "role": role, "view": rules.view(state, role),
         "prompt": rules.prompts(state).get(role), "waiting": []}
    return env.get_template("games/guadalcanal/prompt.html").render(m=m)


def box(html: str, title: str) -> str:
    """The text of one box of a card, by its accessible name ("Hornet Ready")."""
    found = re.search(rf'aria-label="{re.escape(title)}">(.*?)</div>', html, re.DOTALL)
    assert found, f"no box {title!r}"
    return re.sub(r"<[^>]+>", " ", found.group(1))


def cards_shown(html: str) -> list[str]:
    return re.findall(r'<section class="gc-card side-\w+" aria-label="([^"]+)"', html)


@pytest.mark.rule("2c")
def test_a_side_sees_its_own_card_with_units_in_their_boxes_and_watches_the_enemys():
    s = example_10()
    html = board_html(s, "allied")
    assert cards_shown(html) == ["Your Operations Card", "Japanese Operations Card (you watch it, 2c)"]
    assert "B8" in box(html, "Hornet Ready") and "S8" in box(html, "Hornet Arming")
    assert "B8" not in box(html, "Hornet Arming")
    assert "capacity <strong>" in html and "launch factor <strong>" in html
    assert "Hornet Ships" not in html and "Hornet" in box(html, "Task Force 17 Ships")


@pytest.mark.rule("18c")
def test_when_umpired_a_side_sees_only_its_own_card():
    s = example_10()
    s["umpired"], s["open_cards"] = True, False
    html = board_html(s, "allied")
    assert cards_shown(html) == ["Your Operations Card"]
    assert "Junyo" not in html  # the enemy card's ships: not on the page
    assert "the enemy's Operations Card is hidden from you (18c)" in html


@pytest.mark.rule("3d3.3")
def test_a_spotted_enemy_task_force_is_a_marker_on_the_searchboard_and_unspotted_ones_are_not():
    s = play(example_10(), "allied", take_off("us-ss"))
    s = play(s, "allied", {"verb": "shift", "args": {"to_ready": [], "to_arming": []}})
    s = play(s, "japanese", {"verb": "shift", "args": {"to_ready": [], "to_arming": []}})
    s = play(s, "allied", {"verb": "move", "args": {"moves": {}}})
    s = play(s, "japanese", {"verb": "move", "args": {"moves": {}}})
    before = board_html(s, "allied")
    assert "Enemy task force marker" not in before
    s = play(s, "allied", fly(["us-ss"], ["P4", "O4", "N3", "N2"], ["N2"]))
    html = board_html(s, "allied")
    assert re.search(r'class="board-counter board-piece side-japanese kind-contact"[^>]*aria-label="Enemy task force '
                     r'marker 1, Exact: Junyo', html)
    assert 'aria-label="Allied Task Force 17, Q5"' in html
    assert "K1" not in re.findall(r'aria-label="[^"]*, (\w+)"', html)  # the unspotted Vanguard Force: no marker
    japan = board_html(s, "japanese")
    assert 'aria-label="Allied Task Force 17' not in japan and "Enemy task force marker" not in japan


@pytest.mark.rule("3a")
def test_the_assembly_step_is_a_form_on_the_card_whose_ticks_post_the_generic_fields():
    html = prompt_html(example_10(), "allied")
    assert 'class="action gc-card-form"' in html and 'name="verb" value="take_off"' in html
    ready = box(html, "Hornet Ready")
    assert "B8" in ready and "→ Normal Strike" in ready
    assert re.search(r'<input type="checkbox" name="arg.units" value="&#34;us-b8&#34;" data-to="normal_strike" '
                     r'aria-label="Air units taking off">', html)
    assert "arg.units" not in box(html, "Hornet Arming")  # units arming may not take off (3a2): no box to tick
    assert "Japanese Operations Card" not in html and "Junyo" not in html


@pytest.mark.rule("3b")
def test_the_ready_step_offers_to_ready_in_arming_boxes_and_to_arming_in_ready_boxes():
    s = play(example_10(), "allied", take_off("us-b8"))
    html = prompt_html(s, "allied")
    assert "→ Ready" in box(html, "Hornet Arming") and 'name="arg.to_ready" value="&#34;us-s8&#34;"' in html
    assert "→ Arming" in box(html, "Hornet Ready") and "→ Ready" not in box(html, "Hornet Ready")
    assert "B8" in box(html, "Task Force 17 Normal Strike")


@pytest.mark.rule("3d")
def test_a_flight_prompt_keeps_the_text_route_and_gives_the_map_its_origin_and_steps():
    s = play(example_10(), "allied", take_off("us-ss"))
    for side in ("allied", "japanese"):
        s = play(s, side, {"verb": "shift", "args": {"to_ready": [], "to_arming": []}})
    for side in ("allied", "japanese"):
        s = play(s, side, {"verb": "move", "args": {"moves": {}}})
    html = prompt_html(s, "allied")
    # works without script: a text list per flight of the one air order (issue 34)
    assert 'name="arg.flights.us-ss.path" type="text"' in html
    route = re.search(r'<span hidden class="gc-route" data-form="0" data-field="arg.flights.us-ss.path" '
                      r'data-origin="(\w+)"\s+data-max="(\d+)"', html)
    assert route and route.groups() == ("Q5", "6")


def test_the_umpire_sees_both_searchboards_and_both_cards_side_by_side():
    s = example_10()
    s["umpired"], s["open_cards"] = True, False
    html = board_html(s, UMPIRE)
    assert 'id="searchboard-allied"' in html and 'id="searchboard-japanese"' in html
    assert 'aria-label="Allied Task Force 17, Q5"' in html and 'aria-label="Japanese Advance Force, N2"' in html
    assert cards_shown(html) == ["Allied Operations Card", "Japanese Operations Card"]


@pytest.mark.rule("4")
def test_the_battleboard_places_the_battles_units_and_lists_each_combats_dice():
    from tests.games.guadalcanal.test_example_10a import N2, N2_DICE, through_air_step
    s = play(through_air_step(), "allied", {"verb": "sea_search", "args": {"hexes": []}})
    s = play(s, "japanese", {"verb": "sea_search", "args": {"hexes": []}})
    s = play(s, "japanese", N2[0][1])
    s = play(s, "allied", N2[1][1])
    v = rules.view(s, "allied")
    placed = {p["id"]: p["at"] for p in v["battleboard"]["pieces"]}
    assert placed == {f"bb-{u}": x["hex"] for u, x in s["combat"]["board"].items()}
    html = board_html(s, "japanese")
    assert "Battleboard: the battle in hex N2" in html
    assert re.search(r'aria-label="Japanese ship Junyo, [A-T]\d+"', html)
    assert "Combats: dice and results" not in html
    s = play(s, "japanese", N2[2][1], dice=N2_DICE[:2])  # 10b's AA: Haruna, Kongo and Junyo fire at B8
    html = board_html(s, "allied")
    rows = re.findall(r"<tr><td>Combat Phase, battle N2: anti-aircraft combat \(4c\)</td><td>AA: Haruna \+ Kongo "
                      r"\+ Junyo[^<]*</td><td>(\d+) → \d+</td><td>(\d+) → \d+</td><td[^>]*>(\w+)</td>", html)
    assert rows == [("6", "5", "hit")]


# --- rule 17: the radio form, the seat's own card, the notes each reader sees (issue 15) ----------------------------

def _team_pages():
    from tests.games.guadalcanal.test_rule17 import team_game
    return team_game()


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.rule("17c3")
def test_the_radio_prompt_is_a_message_form_to_the_teammate_with_a_radio_silence_choice():
    s = _team_pages()
    html = prompt_html(s, "allied.1")
    assert 'class="action gc-radio-form"' in html and 'class="action gc-radio-silence"' in html
    assert '<label for="gc-radio-text">Radio message to the Allied second commander</label>' in html
    assert re.search(r'<textarea id="gc-radio-text" name="arg.text"', html)
    assert 'name="arg.to" value="&#34;allied.2&#34;"' in html
    assert "Radio silence this Turn</button>" in html and 'name="verb" value="silence"' in html
    assert "rule 17c3" in html and "JSON" not in html


def test_the_radio_forms_post_the_orders_the_rules_read():
    from starlette.datastructures import FormData

    from app.web.actions import action_from_form
    s = _team_pages()
    p = rules.prompts(s)["allied.1"]
    sent = action_from_form(FormData([("verb", "radio"), ("arg.to", '"allied.2"'), ("arg.text", "Go north")]), p)
    assert sent == {"verb": "radio", "args": {"to": "allied.2", "text": "Go north"}}
    assert action_from_form(FormData([("verb", "silence")]), p) == {"verb": "silence", "args": {}}
    for words in ("42", "true", "[N2, O3]", '{"at": "dawn"}', "null"):  # read as written, never as JSON
        sent = action_from_form(FormData([("verb", "radio"), ("arg.to", '"allied.2"'), ("arg.text", words)]), p)
        assert sent["args"]["text"] == words
        rules.check(s, "allied.1", sent)


@pytest.mark.rule("17")
def test_a_team_seat_sees_its_sides_card_as_its_own():
    s = _team_pages()
    for seat in ("allied.1", "allied.2"):
        html = board_html(s, seat)
        assert cards_shown(html) == ["Your Operations Card", "Japanese Operations Card (you watch it, 2c)"], seat


@pytest.mark.rule("17c3")
def test_a_radio_note_shows_to_its_addressee_from_delivery_and_never_to_the_enemy():
    from tests.games.guadalcanal import test_rule17 as r17
    note, play_until, radio_turn, silence = r17.note, r17.play_until, r17.radio_turn, r17.silence
    s = note(_team_pages(), "allied.1", "Strike the carriers at N2", dice=(7, 3))
    assert "arrives at the start of Turn 2's Assembly Step: Strike the carriers at N2" in \
        _text(board_html(s, "allied.1")).replace("&#39;", "'")
    for seat in ("allied.2", "japanese.1", "japanese.2"):
        assert "Strike the carriers" not in board_html(s, seat), seat
    assert "Strike the carriers" in _text(board_html(s, UMPIRE)) and "7, 3" in board_html(s, UMPIRE)
    s = play_until(silence(s, "allied.2", "japanese.1", "japanese.2"), radio_turn(2))
    got = _text(board_html(s, "allied.2"))
    assert "From the Allied overall commander, sent Turn 1, received Turn 2: Strike the carriers at N2" in got
    for seat in ("japanese.1", "japanese.2"):
        assert "Strike the carriers" not in board_html(s, seat), seat
    assert "delivered" in board_html(s, UMPIRE)
