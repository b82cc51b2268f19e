"""Execution appears live (issue 4): when both sides' orders are in, the server resolves the stretch of sections up
to the next decision in one transaction, and each page plays that stretch section by section, as it happened:
the section being played is named, its lines appear under its heading, later sections wait their turn."""
import pytest
from playwright.sync_api import expect

from tests.browser.test_solomons import clear_standing, no_secrets_of, start_game, submit, submit_pending

pytestmark = pytest.mark.browser


def until_both_prompted(pages, title: str, limit: int = 150) -> None:
    for _ in range(limit):
        if all(title in p.locator("#prompt-title").inner_text() for p in pages):
            return
        for p in pages:
            if title not in p.locator("#prompt-title").inner_text():
                submit_pending(p)
        pages[0].wait_for_timeout(100)
    raise AssertionError(f"the pages never asked for {title!r}: {[p.locator('#prompt-title').inner_text() for p in pages]} {[p.locator('#sol-submission-status').all_inner_texts() for p in pages]}")


def at_the_resets(us, jp) -> None:
    """Each side clears its standing orders to carry on and to make no air transfers at the resets (both on by
    default), so both are asked there even with no force at sea: Japan at once, the Americans on their first
    question (the panel is shown with one)."""
    clear_standing(jp, "carry_on", "no_transfers")
    for _ in range(150):
        if us.locator("#sol-standing-orders").count():
            break
        submit_pending(jp)
        jp.wait_for_timeout(100)
    clear_standing(us, "carry_on", "no_transfers")


def test_a_stretch_of_sections_plays_section_by_section_on_both_pages(live_server, new_page):
    us, jp = start_game(new_page, live_server.url)
    expect(jp.locator("#prompt-title")).to_contain_text("Preliminary Set-Up", timeout=10000)
    at_the_resets(us, jp)
    until_both_prompted([us, jp], "Segment 1, J")

    # Japan's orders go in first; the Americans' complete the pair and Segment 2 runs to its reset. (Japan always
    # reads a line in both A and B: whether each side has task forces at Guadalcanal is told to it, 18.6, 19.3.)
    submit(jp)
    expect(jp.locator("#sol-submission-status")).to_contain_text("Your orders are in")
    watch_playback(jp)
    submit(us)
    for page in (us, jp):
        # When it is done the whole stretch stands in the log, newest section first, each under its heading. (The
        # stretch ends at the next decision of either side: a side with nothing to decide there is not asked.)
        expect(page.locator("#log .log-at").first).to_contain_text("Segment 2, ", timeout=10000)
        expect(page.locator("#log-now")).to_be_hidden(timeout=10000)
        expect(page.locator("#log li[data-n][hidden]")).to_have_count(0)
        expect(page.locator("#log .log-at").first).to_contain_text("Segment 2, ")
        # the pushes left the map's drawing to the page, which still shows it
        expect(page.locator("#sol-basemap .land")).not_to_have_count(0)
        expect(page.locator("#sol-basemap .hex-letter")).to_have_count(19)
    # What Japan's page showed, in order: each section of Segment 2 it has lines for, A first, each shown
    # while the later ones still waited, and the headings in the log name the same sections, newest first.
    shown = jp.evaluate("window.playbackSeen")
    assert len(shown) >= 2 and shown[0]["now"].startswith("Now: Segment 2, A."), shown
    played = [x["now"].removeprefix("Now: ") for x in shown]
    heads = jp.locator("#log .log-at").all_inner_texts()
    assert heads[:len(played)] == played[::-1]
    for i, x in enumerate(shown):
        assert set(played[i + 1:]) <= set(x["waiting"]), (i, x)
        assert played[i] not in x["waiting"]
    no_secrets_of(us, "japanese")
    no_secrets_of(jp, "allied")


def watch_playback(page) -> None:
    """Record, each time the page names the section it is showing, which sections' headings are still held back
    (a section stays up for under a second, too short to poll for reliably)."""
    page.evaluate("""() => {
      window.playbackSeen = [];
      new MutationObserver(() => {
        const now = document.getElementById('log-now');
        const text = now && !now.hidden ? now.textContent : '';
        const seen = window.playbackSeen;
        if (!text || (seen.length && seen[seen.length - 1].now === text)) return;
        const waiting = Array.from(document.querySelectorAll('#log .log-run[hidden]')).map(r => r.dataset.at);
        seen.push({now: text, waiting: waiting});
      }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
    }""")


def test_escape_shows_the_whole_stretch_at_once(live_server, new_page):
    us, jp = start_game(new_page, live_server.url)
    expect(jp.locator("#prompt-title")).to_contain_text("Preliminary Set-Up", timeout=10000)
    at_the_resets(us, jp)
    until_both_prompted([us, jp], "Segment 1, J")
    submit(jp)
    submit(us)
    jp.wait_for_function("() => document.getElementById('log-now').textContent.startsWith('Now: Segment 2, A.')",
                         polling=50, timeout=10000)
    jp.keyboard.press("Escape")
    expect(jp.locator("#log-now")).to_be_hidden()
    expect(jp.locator("#log .log-run[data-at^='Segment 2, B.']")).to_be_visible()
