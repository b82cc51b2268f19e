"""The lobby's create form as a newcomer reads it (issue 11, item 13; issue 12, item 10): a solitaire game offers
no opponent and no umpire, yes-or-no options are worded for a person, and a game is credited only with the
publisher and year its rulebook names."""
from __future__ import annotations

import re

from tests.platform.conftest import csrf_of, game_row


def _options(player, game: str) -> str:
    r = player.get(f"/lobby/options?game={game}")
    assert r.status_code == 200, r.text
    return r.text


def test_the_solitaire_form_offers_no_opponent_umpire_or_umpire_seat(players):
    html = _options(players(), "pacific_war_1942")
    assert "Allied player" in html
    for offer in ("A human", "The computer", "Umpired", 'value="umpire"', 'name="opponent"', 'name="umpired"'):
        assert offer not in html, offer
    assert "you play alone" in html
    # a two-sided game still offers them
    two = _options(players(), "solomons")
    assert "A human (invite link)" in two and 'name="umpired"' in two and 'value="umpire"' in two


def test_yes_or_no_options_read_yes_and_no_and_the_chosen_one_is_stored(players):
    p = players()
    html = _options(p, "solomons")
    yamato = re.search(r'<select id="opt-yamato" name="opt.yamato">(.*?)</select>', html, re.S).group(1)
    assert re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', yamato) == [("true", "Yes"), ("false", "No")]
    assert "True" not in html and "False" not in html
    lobby = p.get("/").text
    r = p.post("/games", data={"csrf_token": csrf_of(lobby), "game": "solomons", "side": "allied",
                               "opponent": "computer", "clock": "none", "opt.yamato": "true"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    assert game_row(r.headers["location"].rsplit("/", 1)[-1]).options["yamato"] is True


def test_the_lobby_does_not_credit_a_publisher_the_rulebook_does_not_name(players):
    lobby = players().get("/").text
    option = re.search(r'<option value="pacific_war_1942"[^>]*>([^<]*)</option>', lobby).group(1)
    assert option == "Pacific War 1942: Solitaire (publisher unknown, year unknown)"
    assert "Worthington" not in lobby and "2024" not in lobby
    assert re.search(r'<option value="solomons"[^>]*>[^<]*\(SPI, 1972\)</option>', lobby)


def test_a_solitaire_game_cannot_be_created_umpired(players):
    """The form offers no umpire for a solitaire game, and the API refuses one with a reason (issue 11, item 13)."""
    r = players().post("/api/games", json={"game": "pacific_war_1942", "umpired": True})
    assert r.status_code == 400 and "solitaire game" in r.json()["message"]
