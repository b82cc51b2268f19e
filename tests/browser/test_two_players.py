"""Two players in two separate browser contexts: sign up, create, join by invite link, and see each other's
moves arrive live, without reloading."""
import re
import uuid

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sign_up

pytestmark = pytest.mark.browser


def test_two_browsers_create_join_by_invite_and_see_live_updates(live_server, new_page):
    base = live_server.url
    red, blue = new_page(), new_page()
    red_name, blue_name = f"red{uuid.uuid4().hex[:6]}", f"blue{uuid.uuid4().hex[:6]}"

    sign_up(red, base, red_name)
    expect(red.get_by_text(f"Signed in as {red_name}")).to_be_visible()
    red.goto(f"{base}/games/new?game=duel")
    red.get_by_label("Your side").select_option("red")
    red.get_by_role("button", name="Create game").click()
    invite = red.locator("input.invite-link").input_value()
    assert "/invite/" in invite
    expect(red.locator("#status")).to_contain_text("Waiting for players")

    # Blue follows the invite link, signs up on the way, and takes the seat.
    blue.goto(invite)
    blue.get_by_label("Username").fill(blue_name)
    blue.get_by_label("Password").fill("correct horse battery")
    blue.get_by_role("button", name="Sign up").click()
    blue.get_by_role("button", name="Take the seat").click()
    expect(blue.locator("#status")).to_contain_text("Your move")

    # Red's page learns that the game started without a reload.
    expect(red.locator("#status")).to_contain_text("Your move", timeout=10000)
    expect(red).to_have_title(re.compile("^Your move"))

    red.get_by_role("spinbutton", name="Salvos").fill("3")
    red.get_by_role("button", name="Fire").click()
    expect(red.locator("#prompt")).to_contain_text("Nothing for you to decide")
    # Blue sees that Red has submitted, live, but not how many salvos.
    expect(blue.locator("#board")).to_contain_text('"red": true')
    assert "You commit 3" not in blue.content()

    blue.get_by_role("spinbutton", name="Salvos").fill("1")
    blue.get_by_role("button", name="Fire").click()
    expect(red.locator("#log")).to_contain_text("Round 2", timeout=10000)
    expect(blue.locator("#log")).to_contain_text("Round 2")


def test_an_illegal_order_shows_its_message_beside_the_form(live_server, new_page):
    base = live_server.url
    page = new_page()
    sign_up(page, base, f"solo{uuid.uuid4().hex[:6]}")
    page.goto(f"{base}/games/new?game=duel")
    page.get_by_role("button", name="Create game").click()
    invite = page.locator("input.invite-link").input_value()
    other = new_page()
    sign_up(other, base, f"opp{uuid.uuid4().hex[:6]}", next_url=invite.replace(base, ""))
    other.get_by_role("button", name="Take the seat").click()
    expect(page.locator("#status")).to_contain_text("Your move", timeout=10000)
    salvos = page.get_by_role("spinbutton", name="Salvos")
    salvos.evaluate("el => { el.removeAttribute('max'); el.value = '9'; }")
    page.get_by_role("button", name="Fire").click()
    expect(page.locator("#prompt-error")).to_contain_text("Commit from 1 to 3 salvos")
