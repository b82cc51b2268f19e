"""A player filling in a form is not interrupted by the other side's moves: the push that tells Red that Blue's
orders are in leaves Red's half-made order and half-written chat message as Red left them, and the kept order is
the one the server takes. When the question changes (a new round), the form is drawn afresh."""
import uuid

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import create_and_join

pytestmark = pytest.mark.browser
TIMEOUT = 10_000


def duel(live_server, new_page):
    """Red and Blue in a started duel, each on the game page, both asked for their salvos."""
    red, blue = new_page(), new_page()
    create_and_join(red, blue, live_server.url, "duel", "red", f"red{uuid.uuid4().hex[:6]}",
                    f"blue{uuid.uuid4().hex[:6]}")
    expect(red.locator("#status")).to_contain_text("Your move", timeout=TIMEOUT)
    return red, blue


def test_the_other_sides_move_leaves_an_order_and_a_chat_message_being_written(live_server, new_page):
    red, blue = duel(live_server, new_page)
    salvos = red.get_by_role("spinbutton", name="Salvos")
    salvos.fill("3")
    chat = red.get_by_label("Message")
    chat.fill("Holding fire until")

    blue.get_by_role("spinbutton", name="Salvos").fill("1")
    blue.get_by_role("button", name="Fire").click()
    expect(red.locator("#board")).to_contain_text('"blue": true', timeout=TIMEOUT)  # the push reached Red's page

    expect(salvos).to_have_value("3")
    expect(chat).to_have_value("Holding fire until")
    chat.fill("Holding fire until they close")
    red.locator("#table").get_by_role("button", name="Send").click()
    expect(red.locator(".chat")).to_contain_text("Holding fire until they close", timeout=TIMEOUT)
    expect(chat).to_have_value("")  # sent: the box is cleared

    red.get_by_role("button", name="Fire").click()
    expect(red.locator("#log")).to_contain_text("Red fires 3 salvo(s)", timeout=TIMEOUT)
    expect(red.locator("#log")).to_contain_text("Round 2")
    expect(red.get_by_role("spinbutton", name="Salvos")).to_have_value("1")  # round 2 asks afresh


def test_a_refusal_stays_beside_the_form_when_the_other_side_moves(live_server, new_page):
    red, blue = duel(live_server, new_page)
    salvos = red.get_by_role("spinbutton", name="Salvos")
    salvos.evaluate("el => { el.removeAttribute('max'); el.value = '9'; }")  # past the form's own limit
    red.get_by_role("button", name="Fire").click()
    expect(red.locator("#prompt-error")).to_contain_text("Commit from 1 to 3 salvos", timeout=TIMEOUT)

    blue.get_by_role("button", name="Fire").click()
    expect(red.locator("#board")).to_contain_text('"blue": true', timeout=TIMEOUT)
    expect(red.locator("#prompt-error")).to_contain_text("Commit from 1 to 3 salvos")
    expect(salvos).to_have_value("9")  # what Red wrote, for Red to mend


def test_a_chat_line_does_not_redraw_the_board_and_the_other_sides_order_does(live_server, new_page):
    """The board under the player's pointer or keyboard focus is the same element after a push that draws it alike
    (a chat line): a click or a focused counter on it is not lost. The duel's board shows whose orders are in, so
    Blue's order redraws it."""
    red, blue = duel(live_server, new_page)
    red.locator("#board").evaluate("el => { el.dataset.probe = 'drawn before'; }")

    blue.get_by_label("Message").fill("Good hunting")
    blue.locator("#table").get_by_role("button", name="Send").click()
    expect(red.locator(".chat")).to_contain_text("Good hunting", timeout=TIMEOUT)
    expect(red.locator("#board")).to_have_attribute("data-probe", "drawn before")

    blue.get_by_role("button", name="Fire").click()
    expect(red.locator("#board")).to_contain_text('"blue": true', timeout=TIMEOUT)
    expect(red.locator("#board")).not_to_have_attribute("data-probe", "drawn before")
