"""A newcomer starts Pacific War 1942 from the lobby and plays one whole turn in the browser: the AP roll,
an attack, the end of actions, and the Japanese BOT's turn shown step by step with its die roll."""
import re
import uuid

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sign_up

pytestmark = pytest.mark.browser


def test_one_turn_against_the_japanese_bot(live_server, new_page):
    page = new_page()
    sign_up(page, live_server.url, f"newcomer{uuid.uuid4().hex[:6]}")
    page.get_by_label("Game", exact=True).select_option("pacific_war_1942")
    expect(page.get_by_label("Scenario")).to_contain_text("The Pacific War")
    page.get_by_role("button", name="Create game").click()
    expect(page.locator("#status")).to_contain_text("Your move")
    expect(page.locator("#prompt")).to_contain_text("Roll for Action Points")

    page.get_by_role("button", name=re.compile("Roll the die for Action Points")).click()
    expect(page.locator("#prompt")).to_contain_text("AP left")
    ap_before = page.locator("#prompt h2").inner_text()

    page.get_by_role("button", name=re.compile(r"^Attack Guadalcanal")).click()
    expect(page.locator("#log")).to_contain_text("Guadalcanal")
    page.get_by_role("button", name=re.compile(r"^End your actions|^Re-roll|^Keep")).first.wait_for()
    # a reserve re-roll question may come first; then end the actions
    while page.get_by_role("button", name=re.compile(r"^End your actions")).count() == 0:
        page.get_by_role("button", name=re.compile(r"^Keep|^Do not|^Accept")).first.click()
    page.get_by_role("button", name=re.compile(r"^End your actions")).click()

    # The player rolls the BOT's die; its action appears in the log with the roll, and turn 2 starts.
    expect(page.locator("#prompt")).to_contain_text("The Japanese BOT acts")
    page.get_by_role("button", name=re.compile("Roll the die for the Japanese BOT")).click()
    while page.get_by_role("button", name=re.compile(r"^Keep|^Do not|^Accept")).count():
        page.get_by_role("button", name=re.compile(r"^Keep|^Do not|^Accept")).first.click()
    expect(page.locator("#log")).to_contain_text(re.compile(r"BOT|Japanese", re.I))
    expect(page.locator("#log")).to_contain_text(re.compile(r"rolls? (a )?\d|die", re.I))
    expect(page.locator("#prompt")).to_contain_text(re.compile(r"Turn 2"))
    assert ap_before != page.locator("#prompt h2").inner_text()
