"""Issue 20 in the browser: a rated game played to its end, the rematch offered and accepted through the pages, the
loser's page showing the rating change, the archive opening the replay."""
import re
import uuid

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sign_up

pytestmark = pytest.mark.browser


def test_a_rated_game_a_rematch_the_player_s_page_and_the_archive(live_server, new_page):
    base = live_server.url
    red, blue = new_page(), new_page()
    red_name, blue_name = f"red{uuid.uuid4().hex[:6]}", f"blue{uuid.uuid4().hex[:6]}"
    sign_up(red, base, red_name)
    red.goto(f"{base}/games/new?game=duel")
    red.get_by_label("Your side").select_option("red")
    red.locator("input[name=rated]").check()
    red.get_by_role("button", name="Create game").click()
    expect(red.locator(".game-head .badge.rated")).to_have_text("Rated")
    invite = red.locator("input.invite-link").input_value()
    sign_up(blue, base, blue_name)
    blue.goto(invite)
    blue.get_by_role("button", name="Take the seat").click()
    expect(blue.locator("#status")).to_contain_text("Your move")

    red.reload()
    red.get_by_label("I resign").check()
    red.get_by_role("button", name="Resign").click()
    expect(red.locator("#status")).to_contain_text("Blue", timeout=10000)

    red.reload()
    red.get_by_role("button", name="Offer a rematch").click()
    expect(red).to_have_url(re.compile(r"/games/\w+$"))
    rematch_url = red.url
    expect(red.locator("#status")).to_contain_text("Waiting for players")
    blue.goto(f"{base}/")
    blue.locator("table.list a").first.click()
    expect(blue.locator("#rematch")).to_contain_text(f"{red_name} offers you a rematch")
    blue.get_by_role("button", name="Accept the rematch").click()
    expect(blue).to_have_url(rematch_url)
    expect(blue.locator(".game-head")).to_contain_text("You are Red")  # the sides swapped

    red.goto(f"{base}/players/{red_name}")
    expect(red.locator("table.list").first).to_contain_text("Gunnery Duel")  # the rating, one rated game
    expect(red.locator("table.list").nth(1)).to_contain_text("lost")
    red.goto(f"{base}/archive?player={red_name}")
    red.get_by_role("link", name="Replay").first.click()
    expect(red).to_have_url(re.compile(r"/replay"))
