"""A newcomer's first turn in each game (issue 34's "done when"): signed up, a game created against the computer from
each side with the lobby's defaults, and the first turn played through the page alone by pressing the button of the
form the page offers (its values already the sensible ones), never the API. The turn must end (the computer having
played its part by itself), every press must be taken without an error, and the presses stay within the game's click
budget (docs/benchmarks.md)."""
import uuid

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PASSWORD, sign_up

pytestmark = pytest.mark.browser

# (game, side or None for a solitaire, presses allowed for the first turn): issue 34 item 3's budgets.
FIRST_TURNS = [
    ("first_blood", "us", 10), ("first_blood", "ij", 10),
    ("pacific_war_1942", None, 16),
    ("guadalcanal", "allied", 8), ("guadalcanal", "japanese", 8),
    ("usn", "allied", 8), ("usn", "japanese", 8),
    ("solomons", "allied", 12), ("solomons", "japanese", 12),
]


def turn_of(view: dict) -> int:
    """The Game-Turn the view shows (Guadalcanal keeps it on its time track)."""
    return view["time"]["turn"] if "time" in view else view["turn"]


@pytest.mark.parametrize("game,side,budget", FIRST_TURNS, ids=[f"{g}-{s or 'solo'}" for g, s, _ in FIRST_TURNS])
def test_a_newcomer_plays_the_first_turn_through_the_page(live_server, new_page, game, side, budget):
    base = live_server.url
    page = new_page(1280, 900)
    name = f"new{uuid.uuid4().hex[:6]}"
    sign_up(page, base, name)
    page.goto(f"{base}/games/new?game={game}")
    if side:
        page.get_by_label("Your side").select_option(side)
        page.get_by_label("Opponent").select_option("computer")
    page.get_by_role("button", name="Create game").click()
    gid = page.url.rstrip("/").split("/")[-1]
    token = httpx.post(f"{base}/api/sessions", json={"username": name, "password": PASSWORD}).json()["token"]

    def view() -> dict:
        return httpx.get(f"{base}/api/games/{gid}", headers={"Authorization": f"Bearer {token}"}, timeout=60).json()

    second = max(turn_of(view()["view"]), 1) + 1  # First Blood's set-up comes before Turn 1 (its "turn 0"): it counts
    presses = 0
    while True:
        expect(page.locator("#status")).to_contain_text("Your move", timeout=60_000)
        g = view()
        if turn_of(g["view"]) >= second or g["game"]["status"] != "active":
            break
        assert presses < budget, f"{game} ({side}): the first turn is not over after {presses} presses"
        version = g["game"]["version"]
        # A newcomer presses the first button the orders offer; where it asks for a choice first (a movement form
        # with nothing chosen), the next one (ending the phase): each press counts.
        buttons = page.locator("#prompt form button[type=submit]")
        for i in range(buttons.count()):
            buttons.nth(i).click()
            presses += 1
            try:
                expect(page.locator("#status")).not_to_have_attribute("data-version", str(version), timeout=8_000)
                break
            except AssertionError:
                buttons = page.locator("#prompt form button[type=submit]")
        else:
            raise AssertionError(f"{game} ({side}): no button of the orders was taken: {page.locator('#prompt').inner_text()[:800]}")
    assert presses >= 1
    print(f"{game} ({side or 'solitaire'}): the first turn in {presses} presses")
