"""Solomons Campaign in two browsers: create and join, then Game-Turn 1 Plot Phase 1 (a base move in the Preliminary
Set-Up, carrier training, American Intelligence, the Task Force Composition Board and the Movement Plotting Chart,
with a Slot run revised unchanged) into Plot Execution Phase 1 (the first reveal and the air allocation), asserting
what each page shows and that neither shows the other side's secrets."""
import re
import uuid

import pytest
from playwright.sync_api import expect

from app.games.solomons import tables
from tests.browser.conftest import create_and_join

pytestmark = pytest.mark.browser

US_ID = re.compile(r"\bus-(CV|CVL|BB|CA|DD|APD|TR)-\d+\b")
JP_ID = re.compile(r"\bjp-(CV|CVL|BB|BC|B|CA|DD|TR|SS)-\d+\b")


def names(side: str) -> list[str]:
    return [u["name"] for u in tables.units(side)]


def no_secrets_of(page, enemy: str) -> None:
    """What one side's page shows has no id, name or task force of the enemy's (only markers like "Japanese Task Force A (sighted)")."""
    html = page.content()
    assert not (US_ID if enemy == "allied" else JP_ID).search(html)
    assert f"{enemy}-tf-" not in html
    shown = [n for n in names(enemy) if re.search(rf">[^<]*\b{re.escape(n)}\b", html)]
    assert not shown, f"enemy ship names on the page: {shown}"


def submit(page) -> None:
    page.locator("#sol-orders").get_by_role("button", name=re.compile("Submit your orders|Revise")).click()


def pick(page, label: str, value: str, then: str | None = None) -> None:
    """Choose a hex in one plotting-chart cell and wait for its column to come back drawn from that choice (only
    the hexes legal from there); `then` is an option the next cell must now offer."""
    cell = page.get_by_label(label, exact=True)
    with page.expect_response(lambda r: "/solomons/plot/" in r.url):
        cell.select_option(value)
    expect(page.get_by_label(label, exact=True)).to_have_value(value)
    # the new cells are bound by htmx before the next one is changed
    page.wait_for_function("id => { const d = document.getElementById(id)['htmx-internal-data'];"
                           " return !!(d && d.initHash); }", arg=cell.get_attribute("id"))
    if then:
        expect(page.locator(then)).to_be_attached()


def clear_standing(page, *keys: str) -> None:
    """Clear some of the side's standing orders (on by default in a new game) from the page's panel, as a player
    would: open the panel if it is closed, untick each order's box, save."""
    panel = page.locator("#sol-standing-orders")
    if panel.get_attribute("open") is None:
        panel.locator("summary").click()
    summary = panel.locator("summary").inner_text()
    for key in keys:
        page.locator(f"#standing-{key}").uncheck()
    page.locator("#sol-standing").get_by_role("button", name="Save standing orders").click()
    expect(page.locator("#sol-standing-orders summary")).not_to_have_text(summary)
    for key in keys:
        expect(page.locator(f"#standing-{key}")).not_to_be_checked()


def start_game(new_page, base: str):
    """The American creates a Solomons game and the Japanese player joins by the invite link."""
    us, jp = new_page(), new_page()
    create_and_join(us, jp, base, "solomons", "allied", f"fletcher{uuid.uuid4().hex[:5]}",
                    f"mikawa{uuid.uuid4().hex[:5]}")
    return us, jp


def submit_pending(page) -> bool:
    """Submit this side's board unchanged if its orders are not in; True if it submitted."""
    status = page.locator("#sol-submission-status")
    if status.count() and "not yet in" in status.inner_text():
        version = page.locator("#status").get_attribute("data-version")
        page.locator("#sol-orders button[type=submit]").click()
        try:
            expect(page.locator("#status")).not_to_have_attribute("data-version", version, timeout=5000)
        except AssertionError:
            pass  # the other side's commit redrew the form first: look again
        return True
    return False


def play_defaults_until(pages, text: str, limit: int = 150) -> None:
    """Each side submits its board unchanged whenever its orders are not in, until every page's board shows `text`."""
    for _ in range(limit):
        if all(text in p.locator("#board").inner_text() for p in pages):
            return
        for p in pages:
            submit_pending(p)
        pages[0].wait_for_timeout(100)
    raise AssertionError(f"the boards never showed {text!r}")


def test_two_browsers_play_plot_phase_1_into_plot_execution_phase_1(live_server, new_page):
    base = live_server.url
    us, jp = start_game(new_page, base)

    # Preliminary Set-Up (5.14, 5.15): only Japan has ships in port (the American fleet is at sea in M). It moves a
    # heavy cruiser from Truk to Rabaul before the Truk Sortie roll; a carrier may never go there (5.16).
    expect(jp.locator("#prompt-title")).to_contain_text("Preliminary Set-Up", timeout=10000)
    expect(us.locator("#prompt")).to_contain_text("Nothing for you to decide now")
    for page in (us, jp):
        expect(page.locator("#solomons-map")).to_be_visible()
        expect(page.locator("#board")).to_contain_text("Guadalcanal Supply Status")
        expect(page.locator("#board")).to_contain_text("Game-Turn 1 of 16")
    expect(jp.locator("#base-jp-CV-1 option")).to_have_count(1)
    jp.locator("#base-jp-CA-4").select_option(label="to Rabaul")
    submit(jp)

    # Carrier Air Group Training: only Japan has carriers in port that can train (6.21); the American carriers are at
    # sea, so the Americans are not asked. The map shows each side its own task forces only.
    expect(jp.locator("#prompt-title")).to_contain_text("Carrier Air Group Training", timeout=10000)
    expect(us.locator("#prompt")).to_contain_text("Nothing for you to decide now")
    expect(jp.locator("#log")).to_contain_text("to Rabaul")
    expect(us.locator("#solomons-map-counters .board-piece")).to_have_count(0)  # the Americans start at sea, not yet in TFs
    no_secrets_of(us, "japanese")
    no_secrets_of(jp, "allied")
    submit(jp)

    # American Intelligence, before either side forms its forces (4.1): Japan answers yes to a Slot run and to a
    # high-seas sortie from Rabaul; the Truk questions are closed on Game-Turn 1 (20.3).
    expect(jp.locator("#prompt-title")).to_contain_text("American Intelligence", timeout=10000)
    expect(jp.locator("#answer-truk_sortie")).to_be_disabled()
    jp.locator("#answer-slot").check()
    jp.locator("#answer-rabaul_sortie").check()
    submit(jp)

    # Task Force Composition Board: the Americans read the answers first, then keep the default (three forces
    # from the ships at M); Japan forms TF 1 from a heavy cruiser and a destroyer at Rabaul.
    expect(us.locator("#prompt-title")).to_contain_text("Task Force Allocation", timeout=10000)
    expect(jp.locator("#prompt-title")).to_contain_text("Task Force Allocation")
    expect(us.locator("#board")).to_contain_text("a Task Force down the Slot: yes")
    expect(us.locator("#sol-orders")).to_contain_text("At sea in hex M")
    expect(jp.locator("#tf-jp-CA-4")).to_be_attached()  # moved to Rabaul, it may join a Rabaul force
    # The board is checked as it is filled in: a carrier at Truk cannot join a cruiser at Rabaul (5.21).
    jp.locator("#tf-jp-CA-1").select_option("1")
    jp.locator("#tf-jp-CV-1").select_option("1")
    expect(jp.locator("#sol-check")).to_contain_text("same base")
    jp.locator("#tf-jp-CV-1").select_option("")
    expect(jp.locator("#sol-check")).to_contain_text("The rules accept these orders")
    # The Americans submit meanwhile: Japan's page learns it live and keeps the board being filled in.
    submit(us)
    expect(jp.locator("#sol-submission-status")).to_contain_text("The other side has submitted")
    expect(jp.locator("#tf-jp-CA-1")).to_have_value("1")
    jp.locator("#tf-jp-DD-1").select_option("1")
    jp.get_by_label("Task force 1 mission").select_option("anti_ship")
    submit(jp)

    # Movement Plot: Japan plots TF 1 down to Guadalcanal on the chart, cell by cell.
    expect(jp.locator("#prompt-title")).to_contain_text("Movement Plot", timeout=10000)
    expect(jp.locator("#sol-orders .sol-night")).not_to_have_count(0)
    tf = jp.locator(".sol-col .sol-head").filter(has_text="TF 1")
    expect(tf).to_contain_text("Anti-Ship")
    expect(tf.locator(".sol-ships li")).to_have_count(2)  # the head names its ships
    col = "#col-japanese-tf-1"
    # From the keyboard: the arrow key picks K in segment 1; the column is drawn again and the focus stays put.
    first = jp.locator("#plot-japanese-tf-1-1")
    first.focus()
    with jp.expect_response(lambda r: "/solomons/plot/" in r.url):
        jp.keyboard.press("ArrowDown")
    expect(jp.locator(f"{col} #plot-japanese-tf-1-2 option[value=L]")).to_be_attached()
    expect(jp.locator("#plot-japanese-tf-1-1")).to_be_focused()
    expect(jp.locator("#plot-japanese-tf-1-1")).to_have_value("K")
    pick(jp, "TF 1, segment 1 (day)", "K", f"{col} #plot-japanese-tf-1-2 option[value=L]")
    pick(jp, "TF 1, segment 2 (night)", "L", f"{col} #plot-japanese-tf-1-3 option[value=M]")
    pick(jp, "TF 1, segment 3 (day)", "M", f"{col} #plot-japanese-tf-1-4 option[value=M]")
    pick(jp, "TF 1, segment 4 (night)", "L", f"{col} #plot-japanese-tf-1-5 option[value=K]")
    pick(jp, "TF 1, segment 5 (day)", "K", f"{col} #plot-japanese-tf-1-6 option[value=rabaul]")
    pick(jp, "TF 1, segment 6 (night)", "rabaul")
    submit(jp)
    expect(jp.locator("#sol-submission-status")).to_contain_text("Your orders are in")

    # Japan makes it a Slot run (6.37): choosing the start redraws the column with the run's course, and the
    # revision, then a revision with nothing changed, both stand.
    with jp.expect_response(lambda r: "/solomons/plot/" in r.url):
        jp.get_by_label("Slot run (6.37): leave Rabaul in segment").select_option("1")
    expect(jp.locator("#plot-japanese-tf-1-3")).to_have_value("M")
    expect(jp.locator("#plot-japanese-tf-1-6")).to_have_value("rabaul")
    version = jp.locator("#status").get_attribute("data-version")
    submit(jp)
    expect(jp.locator("#status")).not_to_have_attribute("data-version", version, timeout=10000)
    jp.reload()
    expect(jp.get_by_label("Slot run (6.37): leave Rabaul in segment")).to_have_value("1")
    version = jp.locator("#status").get_attribute("data-version")
    submit(jp)  # "Revise your orders" with no change
    expect(jp.locator("#status")).not_to_have_attribute("data-version", version, timeout=10000)
    expect(jp.locator("#prompt-error")).to_be_empty()
    expect(jp.locator("#log")).to_contain_text("Your orders are revised")
    # Japan's standing orders would fly no air mission and keep its force on at the resets: it clears both, to be
    # asked in Plot Execution Phase 1.
    clear_standing(jp, "carry_on", "air_hold")

    # The Americans plot knowing Japan's announced intentions, and both plots lock.
    expect(us.locator("#prompt-title")).to_contain_text("Movement Plot", timeout=10000)
    expect(us.locator("#board")).to_contain_text("Japanese intentions announced")
    expect(us.locator("#sol-submission-status")).to_contain_text("The other side has submitted")
    expect(jp.locator("#sol-submission-status")).to_contain_text("The other side has not yet submitted")
    no_secrets_of(us, "japanese")
    clear_standing(us, "carry_on")  # to be asked at the resets (its air is asked anyway: an enemy is in reach)
    submit(us)

    # Plot Execution Phase 1, segment 1: Japan's TF 1 is revealed in K as a marker; both allocate air.
    for page in (us, jp):
        expect(page.locator("#prompt-title")).to_contain_text("Segment 1, D", timeout=10000)
        expect(page.locator("#board")).to_contain_text("Execution Segment 1")
    expect(us.locator("#solomons-map-counters .board-marker")).to_have_count(1)
    us.locator("#solomons-map-counters .board-marker").focus()  # a tab stop: its details under the map
    expect(us.locator("#solomons-map-details")).to_contain_text("Japanese Task Force A (sighted): last seen at hex K in segment 1")
    expect(us.locator("#board .sol-enemy")).to_contain_text("Japanese Task Force A (sighted): hex K, seen in segment 1: 2 ships")
    expect(us.locator("#log")).to_contain_text("Japanese Task Force A (sighted) in K")
    expect(jp.locator("#solomons-map-counters .board-marker")).to_have_count(0)
    expect(jp.locator("#solomons-map-counters .board-piece")).to_have_count(1)
    us.get_by_label("TF 1 carriers NAC points", exact=True).fill("4")
    us.get_by_label("TF 1 carriers NAC mission", exact=True).select_option("cap_point")
    us.get_by_label("TF 1 carriers NAC CAP counters, blanks included", exact=True).fill("3")
    submit(us)
    expect(us.locator("#sol-submission-status")).to_contain_text("Your orders are in")
    submit(jp)
    for page in (us, jp):
        expect(page.locator("#prompt-title")).to_contain_text("Segment 1, J", timeout=10000)
    # The American carriers in R were not revealed to Japan, so neither is their Point Defense CAP (6.22).
    expect(jp.locator("#board .sol-enemy")).to_contain_text("No enemy task force has been revealed")
    expect(jp.locator("#board .sol-enemy")).not_to_contain_text("CAP over")
    no_secrets_of(us, "japanese")
    no_secrets_of(jp, "allied")

    # Nobody resets: Segment 2 runs, and on Japan's map TF 1 glides from K to L as the section plays.
    counter = jp.locator("#piece-japanese-tf-1")
    at_k = counter.get_attribute("transform")
    submit(jp)
    submit(us)
    expect(jp.locator("#prompt-title")).to_contain_text("Segment 2, F", timeout=10000)
    expect(counter).to_have_attribute("data-moving", "yes")
    expect(counter).not_to_have_attribute("transform", at_k)
    expect(jp.locator("#board")).to_contain_text("TF 1")


def test_two_browsers_play_game_turn_1_to_the_end_of_plot_execution_phase_2(live_server, new_page):
    us, jp = start_game(new_page, live_server.url)
    expect(jp.locator("#prompt-title")).to_contain_text("Preliminary Set-Up", timeout=10000)
    play_defaults_until([us, jp], "Plot Phase 2")
    for page in (us, jp):
        expect(page.locator("#log")).to_contain_text("Segment 7 (day)")
    no_secrets_of(us, "japanese")
    no_secrets_of(jp, "allied")
    play_defaults_until([us, jp], "Game-Turn 2 of 16")
    for page in (us, jp):
        expect(page.locator("#log")).to_contain_text("Segment 14")
    no_secrets_of(us, "japanese")
    no_secrets_of(jp, "allied")


UNLABELLED = """() => [...document.querySelectorAll('#prompt select, #prompt input:not([type=hidden])')]
    .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label')).map(el => el.name)"""


def test_the_game_page_fits_a_phone_held_upright(live_server, new_page):
    base = live_server.url
    phone, other = new_page(width=390, height=844), new_page()
    create_and_join(phone, other, base, "solomons", "japanese", f"phone{uuid.uuid4().hex[:5]}",
                    f"desk{uuid.uuid4().hex[:5]}")
    expect(phone.locator("#prompt-title")).to_contain_text("Preliminary Set-Up", timeout=10000)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 392
    assert phone.evaluate(UNLABELLED) == []
    submit(phone)
    expect(phone.locator("#prompt-title")).to_contain_text("Carrier Air Group Training", timeout=10000)
    assert phone.evaluate(UNLABELLED) == []
    submit(phone)  # only Japan is asked: the American carriers are at sea (6.21)
    expect(phone.locator("#prompt-title")).to_contain_text("American Intelligence", timeout=10000)
    assert phone.evaluate(UNLABELLED) == []
    submit(phone)
    expect(phone.locator("#prompt-title")).to_contain_text("Task Force Allocation", timeout=10000)
    phone.reload()  # the one-time invite box (the platform's, shown only at creation) is gone on a later visit
    expect(phone.locator("#solomons-map")).to_be_visible()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 392, f"the page scrolls sideways on a phone ({width}px)"
    assert phone.evaluate(UNLABELLED) == []
    # Keyboard: the first task force choice is reachable with Tab and changed with the arrow keys.
    choice = phone.locator("#sol-orders select").first
    choice.focus()
    expect(choice).to_be_focused()

    # The plotting chart with a force's surface action orders open also fits, every control labelled.
    phone.locator("#tf-jp-CA-1").select_option("1")
    phone.locator("#tf-jp-DD-1").select_option("1")
    phone.get_by_label("Task force 1 mission").select_option("anti_ship")
    submit(other)
    submit(phone)
    expect(phone.locator("#prompt-title")).to_contain_text("Movement Plot", timeout=10000)
    phone.locator("#col-japanese-tf-1 details.sol-orders summary").click()
    expect(phone.get_by_label("Shielding (15.33, 15.35)")).to_be_visible()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 392, f"the plotting chart scrolls the page sideways on a phone ({width}px)"
    assert phone.evaluate(UNLABELLED) == []
