"""The page script's rule links in a browser (static/app.js; run with `make test-browser`): First Blood's "§7.4" and
"Table 8" and U.S.N.'s named cases become links in a prompt's rule, a refusal's "(rule Supply (G))" and the log's
parenthesised citations, each to an anchor the rulebook page has; and a rules page opened at a case it has no
paragraph for says so at the nearest case that holds it."""
from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import expect

from tests import rulebook
from tests.browser.conftest import sign_up

pytestmark = pytest.mark.browser
TIMEOUT = 20_000

# A refusal and log lines as the game page receives them in a push, with the rule citations the games write.
SWAPPED = """
<div id="test-swap"><p class="error-message">That move is not allowed. <span class="rule">(rule {refusal})</span></p>
<ol class="log-runs"><li class="log-run"><ol>{lines}</ol></li></ol></div>"""


def start(page, base: str, game: str, scenario: str | None = None) -> None:
    sign_up(page, base, f"r{uuid.uuid4().hex[:8]}")
    body = {"game": game, "side": "allied" if game == "usn" else "us", "opponent": "computer"}
    if scenario:
        body["scenario"] = scenario
    csrf = page.evaluate("() => JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRF-Token']")
    r = page.request.post(f"{base}/api/games", data=body, headers={"X-CSRF-Token": csrf})
    assert r.ok, r.text()
    page.goto(f"{base}/games/{r.json()['id']}")
    expect(page.locator("#prompt-title")).to_be_visible(timeout=TIMEOUT)


def swap_in(page, refusal: str, lines: list[str]) -> None:
    """Put a refusal and log lines on the page as a push would, and tell the page's script (htmx:afterSwap)."""
    html = SWAPPED.format(refusal=refusal, lines="".join(f'<li data-n="{n}">{t}</li>' for n, t in enumerate(lines)))
    page.evaluate("""html => { const box = document.createElement('div'); box.innerHTML = html;
        const el = box.firstElementChild; document.querySelector('main').appendChild(el);
        el.dispatchEvent(new CustomEvent('htmx:afterSwap', {bubbles: true})); }""", html)


def anchors(page, base: str, book: str) -> set[str]:
    return set(re.findall(r'\sid="([^"]+)"', page.request.get(f"{base}/rules/{book}").text()))


def hrefs(page, selector: str) -> dict[str, str]:
    return page.evaluate("""sel => Object.fromEntries(Array.from(document.querySelectorAll(sel))
        .map(a => [a.textContent, a.getAttribute('href')]))""", selector)


def test_first_blood_sections_and_tables_link_to_their_anchors(live_server, new_page):  # noqa: F811
    rulebook.text("first-blood-guadalcanal.txt")
    base, page = live_server.url, new_page()
    start(page, base, "first_blood")
    have = anchors(page, base, "first_blood")
    prompt = page.locator("#prompt-title a.rule-link").first
    expect(prompt).to_have_attribute("href", re.compile(r"^/rules/first_blood#rule-\d+(\.\d+)?$"))
    assert prompt.get_attribute("href").split("#")[1] in have
    swap_in(page, "§6.7", ["Combat at 0709 (§7.6, Table 10, US Attack Table): the IJ unit retreats.",
                           "Ichiki (0619) moves 3 hexes (4 MF)."])
    expect(page.locator("#test-swap .log-runs a.rule-link")).to_have_count(2)
    links = hrefs(page, "#test-swap a.rule-link")
    assert links == {"§6.7": "/rules/first_blood#rule-6.7", "§7.6": "/rules/first_blood#rule-7.6",
                     "Table 10": "/rules/first_blood#rule-table-10"}, links
    assert {h.split("#")[1] for h in links.values()} <= have


def test_usn_named_cases_link_to_their_anchors(live_server, new_page):  # noqa: F811
    rulebook.text("usn-spi-1971.txt")
    base, page = live_server.url, new_page()
    start(page, base, "usn", "coral_sea")
    have = anchors(page, base, "usn")
    prompt = page.locator("#prompt-title a.rule-link").first
    expect(prompt).to_have_attribute("href", re.compile(r"^/rules/usn#rule-[a-z]"))
    assert prompt.get_attribute("href").split("#")[1] in have
    swap_in(page, "Supply (G)", [
        "8-15 Regiment at 1456 tries to entrench: rolled 4, fails (Entrenchment (C)).",
        "30-50 Division at 0220 breaks down into 3 8-15 Regiments (A-L10, A-L10.2, A-L10.3; Unit Breakdown).",
        "Hex 0790: J-TR-2 too slow to engage (Movement Allowance below 6): out of combat.",
        "A strike (damage number 4, Mission: Bombing Coastal Defense Unit) on 0381."])
    expect(page.locator("#test-swap .log-runs a.rule-link")).to_have_count(3, timeout=TIMEOUT)
    links = hrefs(page, "#test-swap a.rule-link")
    assert links == {"Supply (G)": "/rules/usn#rule-supply-g", "Entrenchment (C)": "/rules/usn#rule-entrenchment-c",
                     "Unit Breakdown": "/rules/usn#rule-unit-breakdown",
                     "Mission: Bombing Coastal Defense Unit": "/rules/usn#rule-mission-bombing-coastal-defense-unit"}, links
    assert {h.split("#")[1] for h in links.values()} <= have
    expect(page.locator("#test-swap .error-message")).to_have_text(re.compile(r"\(rule Supply \(G\)\)$"))


def test_a_rules_page_opened_at_a_case_it_lacks_says_so_at_the_nearest(live_server, new_page):  # noqa: F811
    rulebook.text("usn-spi-1971.txt")
    base, page = live_server.url, new_page()
    page.goto(f"{base}/rules/usn#rule-supply-z")
    expect(page.locator("#rule-supply.rule-target")).to_be_visible()
    expect(page.locator(".rule-nearest")).to_contain_text("nearest case that holds it")
    page.goto(f"{base}/rules/usn#rule-crt-2")  # an alias: its heading is marked
    expect(page.locator("#rule-combat-results-table-no\\.-2.rule-target")).to_be_visible()
