"""Solomons Campaign against the computer in one browser (issue 4): the player chooses a side on /games/new and
answers every prompt with the page's own forms until the game ends, the computer answering for the other side and
none of its secrets showing; then the outcome, the after-action report and the replay open from the status line."""
import re
import time
import uuid

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout, expect

from tests.browser.conftest import sign_up
from tests.browser.test_solomons import no_secrets_of, pick

pytestmark = pytest.mark.browser

# A Plot Execution Phase resolving, then the computer answering, on a busy 2-core CI machine can take seconds.
SLOW = 60_000


SIDES = {"allied": ("United States", "Japan"), "japanese": ("Japan", "United States")}


def create_against_the_computer(page, base: str, side: str) -> None:
    """Sign up and create a Solomons game on `side` against the computer; the page says who sits where and
    opens on the first decision: Japan's base moves (the Preliminary Set-Up, 5.15), or for the Americans, whose
    fleet starts at sea with no ship in port to move and no carrier in port to train (6.21: they are not asked),
    Task Force Allocation, once the computer has answered the American questions for Japan."""
    sign_up(page, base, f"solo{uuid.uuid4().hex[:6]}")
    page.goto(f"{base}/games/new?game=solomons")
    page.get_by_label("Your side").select_option(side)
    page.get_by_label("Opponent").select_option("computer")
    page.get_by_role("button", name="Create game").click()
    me, computer = SIDES[side]
    expect(page.locator(".game-head")).to_contain_text(f"You are {me}")
    expect(page.locator("#seats")).to_contain_text(f"{computer}: computer")
    first = "Preliminary Set-Up" if side == "japanese" else "Task Force Allocation"
    expect(page.locator("#prompt-title")).to_contain_text(first, timeout=SLOW)


def version(page) -> str:
    return page.locator("#status").get_attribute("data-version")


def title(page) -> str:
    return page.locator("#prompt-title").inner_text()


def turn(page) -> str:
    heading = page.locator("#sol-turn-h")
    return heading.inner_text() if heading.count() else ""


def over(page) -> bool:
    return "Game over" in page.locator("#status").inner_text()


def my_orders_are_due(page) -> bool:
    # read in one go: the computer's move may end the game and redraw the prompt (without this line) at any time
    return page.evaluate("() => (document.getElementById('sol-submission-status')?.innerText || '')"
                         ".includes('not yet in')")


def wait_for_news(page, seen: str) -> None:
    """Wait for the server to push a position after version `seen` (each commit is pushed; no polling)."""
    try:
        expect(page.locator("#status")).not_to_have_attribute("data-version", seen, timeout=SLOW)
    except AssertionError:
        orders = page.locator("#sol-submission-status")
        raise AssertionError(
            f"the game stalled at version {seen}: {page.locator('#status').inner_text()!r}, prompt {title(page)!r}, "
            f"{orders.inner_text() if orders.count() else 'no orders form'!r}") from None


def submit_orders(page) -> None:
    """Submit the orders form as it stands and wait for the next position; a refusal fails with its message."""
    seen = version(page)
    try:
        page.locator("#sol-orders button[type=submit]").click(timeout=10_000)
    except PlaywrightTimeout:
        if over(page):
            return  # the computer's last move ended the game while this form was on the page
        raise
    try:
        page.wait_for_function(
            """seen => document.querySelector('#status').dataset.version !== seen
                       || (document.querySelector('#prompt-error')?.innerText || '').trim() !== ''""",
            arg=seen, timeout=SLOW)
    except PlaywrightTimeout:
        raise AssertionError(f"nothing came back for {SLOW // 1000}s after submitting {title(page)!r} "
                             f"(version {seen})") from None
    error = page.locator("#prompt-error")
    if version(page) == seen and error.count() and "The game has moved on" in error.inner_text():
        return  # the computer answered while this form was on the page: the player reads the new position and goes on
    if version(page) == seen:
        raise AssertionError(f"the page refused its own form at {title(page)!r} (version {seen}): "
                             f"{page.locator('#prompt-error').inner_text()}")


def play(page, enemy: str, stop, change=lambda page, title: None, limit: int = 3000) -> list[str]:
    """Answer every prompt with the page's form (after `change` has altered it as a player might) until
    `stop(page)` or the game is over; the page is searched for the enemy's secrets at each new Game-Turn.
    Returns the titles of the prompts answered."""
    answered: list[str] = []
    turns: set[str] = set()
    for _ in range(limit):
        seen = version(page)  # read first: a push landing while the page is read below ends the wait at once
        if over(page) or stop(page):
            return answered
        if turn(page) not in turns:
            turns.add(turn(page))
            no_secrets_of(page, enemy)
        if my_orders_are_due(page):
            prompt = title(page)
            if version(page) != seen:  # a push landed while the page was read (past `stop`, perhaps): read it again
                continue
            answered.append(prompt)
            change(page, answered[-1])
            submit_orders(page)
        else:
            wait_for_news(page, seen)
    raise AssertionError(f"no end after {limit} prompts; the last was {answered[-1:]}")


def plot(page, column: str, segment: int, hex_: str) -> None:
    """Choose a hex in one cell of the Movement Plotting Chart, as a player altering the proposed course."""
    pick(page, page.locator(f"label[for='plot-{column}-{segment}']").inner_text(), hex_)


def american_choices(page, prompt: str) -> None:
    """What an American player changes on the first Game-Turn: the surface force lingers a segment longer in R
    before making for port, and the carriers fly Point Defense CAP in the first segment."""
    if prompt.startswith("Plot Phase 1: Movement Plot") and turn(page).startswith("Game-Turn 1 "):
        expect(page.locator("#board")).to_contain_text("Japanese intentions announced")
        no_secrets_of(page, "japanese")
        plot(page, "allied-tf-3", 2, "R")
        expect(page.locator("#sol-check")).to_contain_text("The rules accept these orders", timeout=SLOW)
    elif prompt.startswith("Segment 1, D") and turn(page).startswith("Game-Turn 1 "):
        page.get_by_label("TF 1 carriers NAC points", exact=True).fill("4")
        page.get_by_label("TF 1 carriers NAC mission", exact=True).select_option("cap_point")
        page.get_by_label("TF 1 carriers NAC CAP counters, blanks included", exact=True).fill("3")


def test_one_browser_plays_a_whole_game_against_the_computer(live_server, new_page):
    base = live_server.url
    page = new_page()
    create_against_the_computer(page, base, "allied")
    expect(page.locator("#board")).to_contain_text("Game-Turn 1 of 16")

    started = time.monotonic()
    answered = play(page, "japanese", stop=lambda page: False, change=american_choices)
    assert over(page), "the game did not end"
    print(f"\n{len(answered)} prompts answered in {time.monotonic() - started:.0f}s")
    assert any(t.startswith("Plot Phase 1: Movement Plot") for t in answered)
    assert any(t.startswith("Segment 1, D") for t in answered)

    # The outcome: the status line names the winner and level, the board the score, the log the end.
    status = page.locator("#status")
    expect(status).to_contain_text(re.compile(r"Game over\.\s+((Japan|United States) wins(: .+)?|A draw)\."))
    expect(page.locator("#prompt")).to_contain_text("The game is over")
    expect(page.locator("#board")).to_contain_text(re.compile(r"Japan \d+ VP, United States \d+ VP"))

    # The after-action report: the Victory Points breakdown, with each side's total.
    game_url = page.url
    status.get_by_role("link", name="After-action report").click()
    expect(page.locator("h1")).to_contain_text("After-action report")
    vp = page.locator("section").filter(has=page.get_by_role("heading", name="Victory Points"))
    expect(vp.locator("tbody tr").first).to_be_visible()
    expect(vp.locator("tfoot")).to_contain_text("Japan")
    expect(vp.locator("tfoot")).to_contain_text("United States")
    expect(page.get_by_role("heading", name="Losses over time")).to_be_visible()

    # The replay opens at the first moment and steps forward.
    page.goto(game_url)
    page.locator("#status").get_by_role("link", name="Replay").click()
    expect(page.locator("h1")).to_contain_text("Replay")
    expect(page.locator("h1")).to_contain_text("moment 0 of")
    page.get_by_role("link", name="Action forward").click()
    expect(page.locator("h1")).to_contain_text("moment 1 of")
    expect(page.locator("body")).to_contain_text("Game-Turn 1 of 16")


def test_a_solo_player_may_take_the_japanese_side(live_server, new_page):
    base = live_server.url
    page = new_page()
    create_against_the_computer(page, base, "japanese")

    # The Americans have no ship in port to move, so Japan's base moves are its own; then Carrier Air Group
    # Training, which only Japan is asked: the American carriers are at sea, none can train (6.21, 10.4).
    submit_orders(page)
    expect(page.locator("#prompt-title")).to_contain_text("Carrier Air Group Training", timeout=SLOW)
    expect(page.locator("#sol-submission-status")).to_contain_text("The other side has submitted or has nothing")
    no_secrets_of(page, "allied")
    # Japan gives two standing orders from the panel (issue 11 item 4): no training, no base moves. The first
    # answers the training in hand as if submitted, and the game moves on to the American questions. (A new game
    # starts with its standing orders on, so the panel is open already; these two ask once, as this does.)
    if page.locator("#sol-standing-orders").get_attribute("open") is None:
        page.locator("#sol-standing-orders summary").click()
    page.get_by_label("Train no Carrier Air Group").check()
    page.get_by_label("Keep my ships at their bases").check()
    page.locator("#sol-standing").get_by_role("button", name="Save standing orders").click()
    expect(page.locator("#prompt-title")).to_contain_text("American Intelligence", timeout=SLOW)
    expect(page.locator("#sol-standing-orders summary")).to_contain_text("Standing orders (6 set)")  # all Japan's
    expect(page.get_by_label("Train no Carrier Air Group")).to_be_checked()
    expect(page.get_by_label("Keep my ships at their bases")).to_be_checked()
    expect(page.locator("#log")).to_contain_text("Your standing orders answered for you")
    no_secrets_of(page, "allied")

    # Japan answers under American Intelligence, then forms and plots its forces; the American orders come in
    # by themselves and Plot Execution Phase 1 begins.
    answered = play(page, "allied", stop=lambda page: "Execution Segment 1" in page.locator("#board").inner_text())
    assert answered[0].startswith("Plot Phase 1: American Intelligence")
    assert any(t.startswith("Plot Phase 1: Task Force Allocation") for t in answered)
    assert any(t.startswith("Plot Phase 1: Movement Plot") for t in answered), answered
    expect(page.locator("#log")).to_contain_text("Segment 1")
    no_secrets_of(page, "allied")

    # On to the end of the Game-Turn: every American decision is the computer's.
    answered += play(page, "allied", stop=lambda page: turn(page).startswith("Game-Turn 2 "))
    assert turn(page).startswith("Game-Turn 2 ")
    # Game-Turn 2: the standing orders answer the base moves and the training (no new ship, no carrier with more
    # room), and the American questions as Japan answered them last (its Intentions order, on by default); the
    # first question Japan is asked is the Task Force Composition Board
    expect(page.locator("#prompt-title")).to_contain_text("Plot Phase 1: Task Force Allocation", timeout=SLOW)
    expect(page.locator("#log")).to_contain_text("Your standing orders answered for you: Plot Phase 1: American "
                                                 "Intelligence")
    expect(page.locator("#sol-submission-status")).to_contain_text("The other side has submitted")
    expect(page.locator("#log")).to_contain_text("Segment 14")
    no_secrets_of(page, "allied")
