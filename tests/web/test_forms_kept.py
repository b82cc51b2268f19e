"""A push that does not change what a player's order form asks leaves the form as the player has it (app/web/
forms_kept.py): the prompt section's digest stays the same when only the other side moved, and the form drawn
before that move is still taken. When the rules renew the prompt (a new round), the digest changes and the page's
script redraws the form."""
from __future__ import annotations

import re

from tests.platform.conftest import fire, start_duel

SECTION = '<section id="{id}"[^>]*\\bdata-{attr}="([0-9a-f]+)"'


def digest(player, gid: str, section: str, attr: str) -> str:
    """The digest a section of the player's page carries (the prompt's data-form, the board's data-board)."""
    found = re.search(SECTION.format(id=section, attr=attr), player.get(f"/games/{gid}").text)
    assert found, f"the {section} section carries no data-{attr}"
    return found.group(1)


def prompt_digest(player, gid: str) -> str:
    return digest(player, gid, "prompt", "form")


def board_digest(player, gid: str) -> str:
    return digest(player, gid, "board", "board")


def form_post(player, version: int, key: str, salvos: int) -> dict[str, str]:
    return {"csrf_token": player.csrf, "verb": "fire", "expected_version": str(version), "key": key,
            "arg.salvos": str(salvos)}


def test_the_other_sides_order_keeps_the_digest_and_the_form_drawn_before_it_is_taken(players):
    red, blue = players(), players()
    gid = start_duel(red, blue, hits=3)
    drawn_at = red.game(gid)["game"]["version"]
    before = prompt_digest(red, gid)
    fire(blue, gid, 1)
    assert red.game(gid)["game"]["version"] > drawn_at  # red's page did change: it shows Blue's orders are in
    assert prompt_digest(red, gid) == before
    r = red.post(f"/games/{gid}/actions", data=form_post(red, drawn_at, "kept-form", 2),
                 headers={"HX-Request": "true"})
    assert r.status_code == 204, r.text
    assert "Red fires 2 salvo(s)" in red.get(f"/games/{gid}").text  # the kept form's own order was the one taken


def test_a_renewed_prompt_changes_the_digest(players):
    red, blue = players(), players()
    gid = start_duel(red, blue, hits=3)
    first = prompt_digest(red, gid)
    fire(red, gid, 1)
    asked_nothing = prompt_digest(red, gid)
    fire(blue, gid, 1)  # round 2: red is asked again, the same question
    again = prompt_digest(red, gid)
    assert len({first, asked_nothing, again}) == 3


def test_a_chat_line_leaves_the_board_digest_and_an_order_the_board_shows_changes_it(players):
    red, blue = players(), players()
    gid = start_duel(red, blue, hits=3)
    drawn = board_digest(red, gid)
    r = blue.post(f"/api/games/{gid}/chat", json={"channel": "all", "text": "Good hunting"})
    assert r.status_code == 201, r.text
    assert "Good hunting" in red.get(f"/games/{gid}").text  # red's page did change
    assert board_digest(red, gid) == drawn
    fire(blue, gid, 1)  # the duel's board shows whose orders are in
    assert board_digest(red, gid) != drawn


def test_a_prompt_renewed_but_drawn_alike_is_still_redrawn():
    """The rules may ask again what they asked before (the same form, drawn alike): the form drawn for the old
    question would be refused as stale (check_fresh), so the digest follows when the prompt last changed too."""
    from app.web.forms_kept import form_digest

    html = '<form><input type="hidden" name="expected_version" value="4"><input name="arg.salvos"></form>'
    model = {"role": "red", "game": {"id": "g1", "prompt_since": 4}}
    later = '<form><input type="hidden" name="expected_version" value="6"><input name="arg.salvos"></form>'
    assert form_digest(later, model) == form_digest(html, model)  # only the version moved: kept
    assert form_digest(html, {**model, "game": {"id": "g1", "prompt_since": 5}}) != form_digest(html, model)
