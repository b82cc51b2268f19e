"""Everything a player would see change is pushed (issue 34 item 5): the host's used invite link leaves the page when
the seat is taken, and a rematch offered after the end reaches the other player's page, ready to accept, without a
reload."""
import uuid

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sign_up

pytestmark = pytest.mark.browser


def test_the_used_invite_goes_and_a_rematch_offer_arrives_live(live_server, new_page):
    base = live_server.url
    red, blue = new_page(), new_page()
    sign_up(red, base, f"red{uuid.uuid4().hex[:6]}")
    red.goto(f"{base}/games/new?game=duel")
    red.get_by_label("Your side").select_option("red")
    red.get_by_role("button", name="Create game").click()
    invite = red.locator("input.invite-link").input_value()
    expect(red.locator("#invites")).to_be_visible()

    sign_up(blue, base, f"blue{uuid.uuid4().hex[:6]}", next_url=invite.replace(base, ""))
    blue.get_by_role("button", name="Take the seat").click()
    expect(blue.locator("#status")).to_contain_text("Your move")
    # The host's page, never reloaded: the seat is taken, so its link is gone with the card.
    expect(red.locator("#status")).to_contain_text("Your move", timeout=10000)
    expect(red.locator("#invites")).to_have_count(0)

    ended = blue.url
    blue.get_by_label("I resign").check()
    blue.get_by_role("button", name="Resign").click()
    expect(red.locator("#status")).to_contain_text("Game over", timeout=10000)
    # The offer button came with the push of the end (a form the page was never loaded with).
    red.get_by_role("button", name="Offer a rematch").click()
    expect(blue.locator("#rematch")).to_contain_text("offers you a rematch", timeout=10000)
    blue.get_by_role("button", name="Accept the rematch").click()  # a pushed form: the page's own CSRF token goes
    expect(blue.locator("#status")).to_contain_text("Your move", timeout=10000)
    # both are at the new game: red went there on offering it, blue on accepting
    assert blue.url == red.url != ended and "/rematch" not in blue.url
