"""Rule numbers open the rule (issue 11, item 12): each game's rulebook has a page with an anchor per case, pages
that cite rules say which book they link to, and a server without the transcriptions says so instead of failing."""
from __future__ import annotations

import re

import pytest

from app import games as registry
from tests import rulebook


@pytest.mark.parametrize("book, case, words", [
    ("solomons", "rule-6.35", "Japanese emergency transport"),
    ("guadalcanal", "rule-18", "Umpired Games"),
    ("guadalcanal", "rule-18c1", "The umpire rolls two dice"),
    ("pacific_war_1942", "rule-using-action-charts", "Using Action Charts"),
])
def test_a_rulebook_page_opens_at_each_case(anon, book, case, words):
    rulebook.text(registry.get(book).rulebook.file)  # skips, naming the file, without the transcription
    r = anon.get(f"/rules/{book}")
    assert r.status_code == 200
    m = re.search(rf'<(?:p|h2)[^>]*id="{re.escape(case)}"[^>]*>(.*?)</(?:p|h2)>', r.text, re.S)
    assert m and words in m.group(1), m and m.group(1)[:200]


def test_a_rulebook_nobody_wrote_is_not_found(anon):
    r = anon.get("/rules/risk")
    assert r.status_code == 404 and "Solomons Campaign (SPI, 1972)" in r.text


def test_a_server_without_the_transcriptions_says_so(anon, monkeypatch, tmp_path):
    monkeypatch.setenv("IRONBOTTOM_RULES_DIR", str(tmp_path))
    r = anon.get("/rules/solomons")
    assert r.status_code == 200
    assert "is not installed on this server" in r.text and 'id="rule-6.35"' not in r.text


def test_a_game_page_names_its_rulebook_for_its_rule_links(players):
    me = players()
    gid = me.post("/api/games", json={"game": "solomons", "side": "allied", "opponent": "computer"}).json()["id"]
    page = me.get(f"/games/{gid}").text
    assert 'data-rules="solomons"' in page
    # the rule Solomons borrows for the umpired game links into the book it comes from
    assert "&#34;Guadalcanal&#34;: {&#34;id&#34;: &#34;guadalcanal&#34;" in page
