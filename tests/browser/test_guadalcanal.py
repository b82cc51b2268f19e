"""Guadalcanal through its pages (issue 14, "Pages"). Two admirals play Scenario 1 in two browsers, each clicking
his own forms: the secret set-up (7a2), the night Turn's Action Phase (the Ready Step on the Operations Card 3b, sea
movement 3c, sea search 3d5), and on the day Turn a scout's take-off from the card (3a) and its route clicked hex by
hex on the searchboard with a search announced (3d). Then an umpire watches an umpired game and sees both sides'
searchboards, while each side sees only its own card (18b, 18c). Each step is checked by what a player would see:
the unit in its new box, the marker in its new hex."""
import re
import uuid

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sign_up

pytestmark = pytest.mark.browser
TIMEOUT = 20_000
SIDES = {"allied": "Allied", "japanese": "Japanese"}
# The competitive roll for sides (3): Allied 6, Japanese 4 on both Turns, so the Allies are Side A and the Japanese
# act first in every step.
DICE = "6,4,6,4"


def name(n: str) -> str:
    return f"{n}{uuid.uuid4().hex[:5]}"


def asked(page, title: str) -> None:
    expect(page.locator("#prompt-title")).to_contain_text(title, timeout=TIMEOUT)


def give(page, button: str) -> None:
    page.locator("#prompt").get_by_role("button", name=re.compile("^" + re.escape(button))).click()


def box(page, title: str):
    """A box of an Operations Card on the board (not the order form), by its accessible name."""
    return page.locator("#board").get_by_role("group", name=title, exact=True)


def marker(page, label: str, board: str = "#searchboard"):
    return page.locator(f"{board} .board-counter[aria-label='{label}']")


def fill_set_up(page, hexes: dict[str, str], ready: list[str]) -> None:
    """The set-up form (7a2.2, 7a2.3): each task force's hex, and the air units that start Ready."""
    asked(page, "Set-up")
    form = page.locator("#prompt form.action")
    for tf, h in hexes.items():
        form.get_by_label(tf, exact=True).select_option(h)
    for u in ready:
        form.get_by_label(u, exact=True).check()


def deploy(page, hexes: dict[str, str], ready: list[str]) -> None:
    fill_set_up(page, hexes, ready)
    give(page, "Place the task forces")


def create(host, base: str, side: str, umpired: bool = False, dice: str = "") -> str:
    host.goto(f"{base}/games/new?game=guadalcanal")
    host.get_by_label("Your side").select_option(side)
    if umpired:
        host.get_by_role("checkbox", name=re.compile("Umpired")).check()
    if dice:
        host.get_by_role("checkbox", name=re.compile("Sandbox")).check()
        host.get_by_label("Scripted dice for a sandbox").fill(dice)
    host.get_by_role("button", name="Create game").click()
    expect(host.locator(".game-head")).to_contain_text("Guadalcanal")
    return host.url.rstrip("/").split("/")[-1]


def join(page, base: str, invite: str) -> None:
    sign_up(page, base, name("adm"), next_url=invite.replace(base, ""))
    scripted = page.get_by_role("checkbox", name=re.compile("may script the dice"))
    if scripted.count():
        scripted.check()
    page.get_by_role("button", name=re.compile("^Take the seat")).click()
    expect(page.locator("#board")).to_be_visible()


# The forms name task forces and air units as printed (issue 34): their labels are the names.
ALLIED_SETUP = ({"Task Force 16": "R7", "Task Force 17": "Q7"}, ["B10", "RR", "B8", "SS"])
JAPANESE_SETUP = ({"Advance Force": "N2", "Striking Force": "P1", "Vanguard Force": "L2"}, ["1SD", "AA"])


def test_two_admirals_play_the_set_up_and_the_first_turns_through_the_pages(live_server, new_page):
    base = live_server.url
    us, jp = new_page(1280, 1000), new_page(1280, 1000)
    sign_up(us, base, name("fletcher"))
    create(us, base, "allied", dice=DICE)
    join(jp, base, us.locator("input.invite-link").first.input_value())

    # Set-up: both in secret; the searchboard then holds each side's own markers only. The Allied form is filled in
    # when the Japanese set-up's push redraws the Allied prompt: what was chosen is kept.
    fill_set_up(us, *ALLIED_SETUP)
    deploy(jp, *JAPANESE_SETUP)
    expect(us.locator("#log")).to_contain_text("The Japanese set-up is in", timeout=TIMEOUT)  # its push is in
    give(us, "Place the task forces")
    expect(marker(us, "Allied Task Force 16, R7")).to_have_count(1, timeout=TIMEOUT)
    expect(marker(us, "Allied Task Force 17, Q7")).to_have_count(1, timeout=TIMEOUT)
    expect(marker(jp, "Japanese Advance Force, N2")).to_have_count(1, timeout=TIMEOUT)
    expect(us.locator("#searchboard .board-counter[aria-label^='Japanese Advance Force']")).to_have_count(0)
    expect(us.locator("#board")).to_contain_text("night Turn")

    # Night Turn 1, the Ready Step (3b) on the Operations Card: Japan (Side B) ticks 2SD from Arming to Ready.
    asked(jp, "Ready Step")
    card = jp.locator("#prompt form.gc-card-form")
    card.get_by_role("group", name="Shokaku Arming", exact=True).get_by_role("checkbox", name="Arming to Ready").first \
        .check()
    expect(box(jp, "Shokaku Ready")).not_to_contain_text("2SD")
    arming = card.get_by_role("group", name="Shokaku Arming", exact=True).locator(".gc-unit").filter(
        has=jp.locator("input:checked"))
    moved = arming.locator(".gc-unit-name").inner_text()
    give(jp, "Shift")
    expect(box(jp, "Shokaku Ready")).to_contain_text(moved, timeout=TIMEOUT)
    expect(box(us, "Shokaku Ready")).to_contain_text(moved, timeout=TIMEOUT)  # the Allies watch the card (2c)

    # The Allies (Side A) drag S8 from Hornet's Arming box onto its Ready box: the drag ticks the same box.
    asked(us, "Ready Step")
    card = us.locator("#prompt form.gc-card-form")
    s8 = card.locator(".gc-unit[data-unit='us-s8']")
    ready = card.get_by_role("group", name="Hornet Ready", exact=True)
    # Scroll the box wholly into view first, as a player would: were the drag itself to scroll the page between the
    # press and the move, Chromium would start it from whatever unit then lay under the pointer (T6, below S8).
    ready.scroll_into_view_if_needed()
    s8.drag_to(ready)
    expect(s8.get_by_role("checkbox", name="Arming to Ready")).to_be_checked()
    give(us, "Shift")
    expect(box(us, "Hornet Ready")).to_contain_text("S8", timeout=TIMEOUT)
    expect(box(us, "Hornet Arming")).not_to_contain_text("S8")

    # Sea movement (3c): the markers move one hex, each side seeing only its own.
    asked(jp, "Sea Movement Step")
    jp.locator("#prompt").get_by_label("Advance Force", exact=True).select_option("N3")
    give(jp, "Move")
    expect(marker(jp, "Japanese Advance Force, N3")).to_have_count(1, timeout=TIMEOUT)
    asked(us, "Sea Movement Step")
    us.locator("#prompt").get_by_label("Task Force 16", exact=True).select_option("S7")
    give(us, "Move")
    expect(marker(us, "Allied Task Force 16, S7")).to_have_count(1, timeout=TIMEOUT)
    expect(us.locator("#searchboard .board-counter[aria-label^='Japanese Advance Force']")).to_have_count(0)

    # Sea search (3d5): no enemy marker near either side's task forces, so the standing order a newcomer starts with
    # calls the bases' hexes without asking (issue 34), says so in the side's log, and Turn 2 (day) begins.
    for page in (jp, us):
        expect(page.locator("#log")).to_contain_text("Sea search by your standing order", timeout=TIMEOUT)
    expect(us.locator("#board .gc-time")).to_contain_text("Turn 2", timeout=TIMEOUT)

    # Day Turn 2. Japan takes off nothing; the Allies tick the scout SS in Hornet's Ready box to take off (3a).
    asked(jp, "Assembly Step")
    give(jp, "Take off")
    asked(us, "Assembly Step")
    us.locator("#prompt .gc-unit[data-unit='us-ss']").get_by_role("checkbox", name="Air units taking off").check()
    give(us, "Take off")
    expect(box(us, "Task Force 17 Normal Strike")).to_contain_text("SS", timeout=TIMEOUT)
    expect(box(jp, "Task Force 17 Normal Strike")).to_contain_text("SS", timeout=TIMEOUT)
    for page in (jp, us):
        asked(page, "Ready Step")
        give(page, "Shift")
    for page in (jp, us):
        asked(page, "Sea Movement Step")
        give(page, "Move")

    # Air movement (3d): every flight in one order (issue 34); the scout's route is clicked hex by hex on the
    # searchboard, and the route field the form posts fills as the route is drawn. (Japan, Side B, has no flight,
    # and its sea search is its standing order's.)
    asked(us, "Air Movement and Search Step")
    for h in ("P6", "O6", "N5"):
        us.locator(f"#searchboard .board-hex[data-hex='{h}']").click()
    expect(us.locator("#prompt input[name='arg.flights.us-ss.path']")).to_have_value("P6, O6, N5")
    expect(us.locator("#gc-route-layer .gc-route-step")).to_have_count(3)
    give(us, "Fly these flights")
    expect(us.locator("#log")).to_contain_text("SS fly from Q7: P6, O6, N5", timeout=TIMEOUT)
    expect(jp.locator("#searchboard .board-counter[aria-label^='Allied air units']")).to_have_count(0)
    # No battle: the Air Return Phase (5) lands the scout by the landing's standing order, without asking, and the
    # Allied log says so (issue 34); the Japanese never read where it went.
    expect(us.locator("#log")).to_contain_text("landed by your standing order", timeout=TIMEOUT)
    expect(jp.locator("#log")).not_to_contain_text("landed by your standing order")


def test_the_umpire_sees_both_searchboards_and_each_side_only_its_own_card(live_server, new_page):
    base = live_server.url
    ump, us, jp = new_page(1400, 1000), new_page(), new_page()
    sign_up(ump, base, name("ump"))
    create(ump, base, "umpire", umpired=True)
    invites = {s: ump.get_by_label(f"{label}:", exact=True).input_value() for s, label in SIDES.items()}
    join(us, base, invites["allied"])
    join(jp, base, invites["japanese"])
    deploy(us, *ALLIED_SETUP)
    expect(jp.locator("#log")).to_contain_text("The Allied set-up is in", timeout=TIMEOUT)  # its push is in
    deploy(jp, *JAPANESE_SETUP)

    ump.reload()
    allied_board, japanese_board = "#searchboard-allied", "#searchboard-japanese"
    expect(marker(ump, "Allied Task Force 17, Q7", allied_board)).to_have_count(1, timeout=TIMEOUT)
    expect(marker(ump, "Japanese Advance Force, N2", japanese_board)).to_have_count(1)
    expect(marker(ump, "Japanese Advance Force, N2", allied_board)).to_have_count(0)  # each side's own board
    expect(ump.locator(".gc-card")).to_have_count(2)
    expect(ump.locator("#board")).to_contain_text("Japanese Operations Card")

    # Each side: its own card only (18c), and no enemy marker.
    expect(us.locator("#board .gc-card")).to_have_count(1, timeout=TIMEOUT)
    expect(us.locator("#board")).to_contain_text("the enemy's Operations Card is hidden from you (18c)")
    expect(us.locator("#board")).not_to_contain_text("Shokaku")
    expect(us.locator("#searchboard .board-counter.side-japanese.kind-task_force")).to_have_count(0)
    expect(jp.locator("#board")).not_to_contain_text("Hornet")
