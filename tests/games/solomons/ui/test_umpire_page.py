"""The umpire's page of an umpired Solomons game (issue 11, items 9 and 10): the umpire is named as the umpire, the
Game-Turn heading is followed by the step of play in words (not the state's step index), both sides' task forces
and plots stand side by side on the umpire's page only, the "orders are in" filler is one line per decision, and
the umpire's replay header reads as the sequence of play with no dead link to orders."""
from __future__ import annotations

import re
import uuid

import pytest
from tests import rulebook


@pytest.fixture
def umpired(players):
    """An umpired Solomons game run on the sides' default orders until the umpire must release Segment 1:
    (umpire, american, japanese, game id)."""
    ump, us, jp = players(f"um{uuid.uuid4().hex[:6]}"), players(f"us{uuid.uuid4().hex[:6]}"), players(f"jp{uuid.uuid4().hex[:6]}")
    r = ump.post("/api/games", json={"game": "solomons", "side": "umpire", "umpired": True})
    assert r.status_code == 201, r.text
    body = r.json()
    for p, role in ((us, "allied"), (jp, "japanese")):
        assert p.post(f"/api/invites/{body['invite_tokens'][role]}").status_code == 200
    gid = body["id"]
    for _ in range(200):
        if ump.game(gid)["prompt"]:
            return ump, us, jp, gid
        for p in (us, jp):
            g = p.game(gid)
            if g["prompt"] and not g["prompt"]["info"].get("submitted"):
                assert p.act(gid, "submit", g["prompt"]["info"]["default"], version=g["game"]["version"]).status_code == 200
    raise AssertionError("the umpire was never asked to release a segment")


def section(html: str, ident: str) -> str:
    m = re.search(rf'<section[^>]*(?:id|class)="{ident}"[^>]*>.*?</section>', html, re.S)
    return m.group(0) if m else ""


def test_the_umpire_is_named_the_umpire_and_the_game_turn_heading_has_no_stray_number(umpired):
    ump, *_, gid = umpired
    page = ump.get(f"/games/{gid}").text
    assert "Umpire (you)" in page and "Japan (you)" not in page
    turn = re.search(r'<h3 id="sol-turn-h">Game-Turn 1 of 16</h3>\s*<p>([^<]*)</p>', page)
    assert turn and turn.group(1).startswith("Segment 1, A."), turn and turn.group(1)


def test_the_umpire_sees_both_sides_task_forces_and_plots_side_by_side_and_the_sides_do_not(umpired):
    ump, us, jp, gid = umpired
    page = ump.get(f"/games/{gid}").text
    panel = page[page.index('<section class="sol-sides"'):page.index('id="sol-provenance"')]
    assert "United States" in panel and "Japan" in panel
    assert "CV Wasp" in panel and "TF 1" in panel                       # an American force with its ships
    assert len(re.findall(r'<th scope="col" title="Execution Segment \d+">', panel)) >= 7   # its plot by segment
    for side in (us, jp):
        assert 'class="sol-sides"' not in side.get(f"/games/{gid}").text


def test_orders_are_in_is_one_line_per_decision_on_the_umpires_log(umpired):
    ump, us, _, gid = umpired
    log = section(ump.get(f"/games/{gid}").text, "log")
    assert "Orders in from United States and Japan." in log
    assert "Your orders are in" not in log
    # the log folds by Game-Turn, newest open, each line marked with its kind for the filter
    assert re.search(r'<details class="log-turn" open><summary>Game-Turn 1</summary>', log)
    assert 'class="to-allied kind-orders"' in log or 'class="to-japanese kind-orders"' in log
    assert "kind-combat" in log or "kind-movement" in log
    # a side still reads its own line, without repeating the section heading above it
    assert "Your orders are in." in section(us.get(f"/games/{gid}").text, "log")


def test_the_umpires_replay_reads_as_the_sequence_of_play(umpired):
    ump, *_, gid = umpired
    version = ump.game(gid)["game"]["version"]
    page = ump.get(f"/games/{gid}/replay?seq={version}").text
    head = page.split("</h1>")[0]
    assert "Game-Turn 1, Plot Phase 1" in head or "Game-Turn 1, Plot Execution Phase 1" in head
    assert "turn-1-" not in page
    assert "Go to your orders" not in page and "&#34;verb&#34;" not in page
    assert "Umpire (you)" not in page
    assert not re.search(r'<h3 id="sol-turn-h">[^<]*</h3>\s*<p>\d+</p>', page)


def test_the_umpire_is_told_the_umpired_game_is_borrowed_from_guadalcanal_and_can_open_that_rule(umpired):
    ump, *_, gid = umpired
    page = ump.get(f"/games/{gid}").text
    note = re.search(r'<p class="sol-small" id="sol-umpired-rule">(.*?)</p>', page, re.S)
    assert note and "borrowed" in note.group(1)
    assert '<a href="/rules/guadalcanal#rule-18">Guadalcanal (Avalon Hill, 1992), rule 18, Umpired Games</a>' in note.group(1)
    if rulebook.installed("guadalcanal-avalon-hill-1992.txt"):  # the rule's own page needs the transcription
        assert 'id="rule-18"' in ump.get("/rules/guadalcanal").text
