"""Rule numbers open the rule (issue 11, item 12): each game's rulebook has a page with an anchor per case, pages
that cite rules say which book they link to, and a server without the transcriptions says so instead of failing."""
from __future__ import annotations

import html
import re

import pytest

from app import games as registry
from app.play import rulebooks, rulebooks_usn
from tests import rulebook


def opened(page: str, ident: str) -> str | None:
    """The text of the paragraph or heading the anchor `ident` opens: its own id, or one of its aliases' (an empty
    span inside it: "CRT 2" in Combat Results Table No. 2's heading)."""
    for m in re.finditer(r"<(p|h[1-6])\b([^>]*)>(.*?)</\1>", page, re.S):
        if f'id="{ident}"' in m.group(2) or f'id="{ident}"' in m.group(3):
            return html.unescape(re.sub(r"<[^>]+>", "", m.group(3)))
    return None


@pytest.mark.parametrize("book, case, words", [
    ("solomons", "rule-6.35", "Japanese emergency transport"),
    ("guadalcanal", "rule-18", "Umpired Games"),
    ("guadalcanal", "rule-18c1", "The umpire rolls two dice"),
    ("pacific_war_1942", "rule-using-action-charts", "Using Action Charts"),
    ("first_blood", "rule-7.4", "§7.4 US Air support for ground attack"),
    ("first_blood", "rule-7", "§7 Combat"),
    ("first_blood", "rule-table-8", "Table 8: Combat modifiers"),
    ("first_blood", "rule-table-3", "Unit types (Table 3)"),
    ("usn", "rule-supply", "Supply"),
    ("usn", "rule-supply-g", "(G) All naval units except Transports and Oilers"),
    ("usn", "rule-movement-v", "(V) Non-LBAC air units may extend their Range Allowance"),
    ("usn", "rule-detailed-sequence-of-play-step-5", "Step 5: Allied Land Attack Phase"),
    ("usn", "rule-detailed-sequence-of-play-step-5-e", "(E)"),
    ("usn", "rule-mission-surface-naval-engagement", "Mission: Surface Naval Engagement"),
    ("usn", "rule-mission-surface-naval-engagement-step-1", "1. The attacker"),
    ("usn", "rule-air-and-naval-bases-j", "(J) Bases may be sabotaged"),
    ("usn", "rule-eastern-solomons-special-game-rules", "Special Game Rules"),
    ("usn", "rule-campaign-game-1-shock-effect", "Shock Effect"),
    ("usn", "rule-errata-unit-breakdown", "Unit Breakdown"),
    # the other ways U.S.N.'s rules cite a case open it too
    ("usn", "rule-crt-2", "Combat Results Table No. 2"),
    ("usn", "rule-mission-capability-chart-air-units-cap", "Mission: Combat Air Patrol (CAP)"),
    ("usn", "rule-mission-capability-chart-naval-units-surface-naval-engagement-step-1", "1. The attacker"),
    ("usn", "rule-repairing-or-building-bases-j", "(J) Bases may be sabotaged"),
])
def test_a_rulebook_page_opens_at_each_case(anon, book, case, words):
    rulebook.text(registry.get(book).rulebook.file)  # skips, naming the file, without the transcription
    r = anon.get(f"/rules/{book}")
    assert r.status_code == 200
    text = opened(r.text, case)
    assert text is not None and words in text, text and text[:200]


@pytest.mark.parametrize("game, ref, anchor", [
    ("first_blood", "§7.4", "rule-7.4"),
    ("first_blood", "§7.6, Table 9", "rule-7.6"),  # a list opens its first
    ("first_blood", "Table 8", "rule-table-8"),
    ("usn", "Supply (G)", "rule-supply-g"),
    ("usn", "Movement (R)-(T)", "rule-movement-r"),  # a range opens its first
    ("usn", "Detailed Sequence of Play, Step 5 (E)", "rule-detailed-sequence-of-play-step-5-e"),
    ("usn", "Mission: Surface Naval Engagement", "rule-mission-surface-naval-engagement"),
    ("usn", "CRT 2", "rule-crt-2"),
    ("usn", "Eastern Solomons: Special Game Rules", "rule-eastern-solomons-special-game-rules"),
    ("usn", "Campaign Game 1, Shock Effect", "rule-campaign-game-1-shock-effect"),
    ("usn", "Submarines, General Rule", "rule-submarines-general-rule"),
    ("usn", "2A", "rule-detailed-sequence-of-play-step-2"),  # as the coverage count reads a Step
    ("solomons", "14.39", "rule-14.3"),  # no such case: the nearest that holds it
    ("solomons", "Guadalcanal 18c1", "rule-18c1"),
    ("usn", "Supply (Z)", "rule-supply"),
    ("usn", "Nothing Like It", "rulebook-title"),  # nothing near: the book
])
def test_a_citation_opens_an_anchor_its_page_has(anon, game, ref, anchor):
    book, _ = rulebooks.book_of(game, ref)
    rulebook.text(registry.get(book).rulebook.file)
    assert rulebooks.href(game, ref) == f"/rules/{book}#{anchor}"
    assert f'id="{anchor}"' in anon.get(f"/rules/{book}").text


def test_every_section_and_lettered_case_of_usn_has_its_anchor(anon):
    sections, _ = rulebooks_usn.sections(rulebook.text("usn-spi-1971.txt"))
    page = anon.get("/rules/usn").text
    assert len(sections) > 150
    assert [s for s in sections if f'id="{rulebooks.anchor(s)}"' not in page] == []


def test_every_section_and_table_of_first_blood_has_its_anchor(anon):
    text = rulebook.text("first-blood-guadalcanal.txt")
    cited = re.findall(r"^(§\d+(?:\.\d+)*) ", text, re.M) + re.findall(r"\b(Table \d+)\b", text)
    page = anon.get("/rules/first_blood").text
    assert len(set(cited)) > 40
    assert sorted({c for c in cited if f'id="{rulebooks.anchor(c)}"' not in page}) == []


@pytest.mark.parametrize("ref, anchor", [("4d3.3", "rule-4d3.3"), ("16k3", "rule-16k"), ("14d", "rule-14d")])
def test_a_case_the_transcription_lacks_opens_a_paragraph_saying_so(anon, ref, anchor):
    rulebook.text("guadalcanal-avalon-hill-1992.txt")
    assert rulebooks.href("guadalcanal", ref) == f"/rules/guadalcanal#{anchor}"
    text = opened(anon.get("/rules/guadalcanal").text, anchor)
    assert text is not None and "transcri" in text, text


def test_the_readme_names_the_cases_a_transcription_lacks():
    readme = ("- **Cut tables.** Rows 5-6 are missing from Guadalcanal 10b.\n"
              "- **Missing sections.** Guadalcanal 4b5, 4d3.2–4d3.3, 12b–12e, 15a1.2's result table, 16e–16f2,\n"
              "  16h2–16k, and the night turns are referred to but not transcribed.\n"
              "  Pacific War 1942's charts are described only by examples.\n")
    assert rulebooks.missing_cases(readme, "Guadalcanal (Avalon Hill, 1992)") == [
        ("4b5", ["4b5"]), ("4d3.2–4d3.3", ["4d3.2", "4d3.3"]), ("12b–12e", ["12b", "12c", "12d", "12e"]),
        ("15a1.2", ["15a1.2"]), ("16e–16f2", ["16e", "16f", "16f1", "16f2"]), ("16h2–16k", ["16h2", "16i", "16j", "16k"])]
    assert rulebooks.missing_cases(readme, "Solomons Campaign (SPI, 1972)") == []


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


def test_a_rulebooks_anchors_are_served_for_the_page_script(anon, monkeypatch, tmp_path):
    """static/app.js links the log's named citations ("(Supply (G))") once it knows the book's anchors."""
    rulebook.text("usn-spi-1971.txt")
    r = anon.get("/rules/usn?format=json")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    index = r.json()
    assert index["cases"] == "named" and index["installed"] is True
    assert {"rule-supply-g", "rule-crt-2", "rule-unit-breakdown"} <= set(index["anchors"])
    page_ids = set(re.findall(r'\sid="(rule-[^"]+)"', anon.get("/rules/usn").text))
    assert set(index["anchors"]) == page_ids
    if rulebook.installed("guadalcanal-avalon-hill-1992.txt"):
        assert "rule-4d3.3" in anon.get("/rules/guadalcanal?format=json").json()["missing"]
    monkeypatch.setenv("IRONBOTTOM_RULES_DIR", str(tmp_path))
    assert anon.get("/rules/usn?format=json").json()["installed"] is False
    assert anon.get("/rules/risk?format=json").status_code == 404


@pytest.mark.parametrize("game", [r.meta.id for r in registry.listed()])
def test_each_lobby_option_and_scenario_links_the_case_that_prints_it(anon, game):
    """Issue 35: an optional rule's provenance, read in the lobby before the game is made: each option with a rule
    and each scenario links the case of the rulebook that prints it, and the link opens that case's paragraph."""
    meta = registry.get(game).meta
    installed = rulebook.installed(registry.get(game).rulebook.file)
    for s in meta.scenarios:
        form = anon.get(f"/lobby/options?game={game}&scenario={s.id}").text
        links = {m.group(1): html.unescape(m.group(2))
                 for m in re.finditer(r'<p class="hint option-rule" id="([^"]+)"><a href="([^"]+)"', form)}
        wanted = {f"opt-{o.id}-rule" for o in meta.options if o.rule} | ({"scenario-rule"} if s.rule else set())
        assert set(links) == wanted, f"{game}/{s.id}: rule links {sorted(links)}, wanted {sorted(wanted)}"
        for at, href in links.items():
            path, _, anchor = href.partition("#")
            assert path.startswith("/rules/") and anchor.startswith("rule"), href
            page = anon.get(path)
            assert page.status_code == 200, href
            if installed and path == f"/rules/{game}":  # the book's own case (a borrowed one is its book's)
                assert f'id="{anchor}"' in page.text, f"{game}/{s.id}: {at} opens {href}, which the page lacks"
