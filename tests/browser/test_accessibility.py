"""An automated accessibility check (issue 11): axe-core, run in the browser, finds no serious or critical
violation on the lobby, each game's page, the umpire's page and a replay. axe-core 4.10.3 (MPL-2.0, Deque
Systems) is vendored beside this file from its npm package, with its licence; it is a test tool, never served."""
import json
import re
import uuid
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import api_user, give_default_orders, invite_link, sign_up

pytestmark = pytest.mark.browser
AXE = Path(__file__).parent / "vendor" / "axe-4.10.3.min.js"


def serious_violations(page) -> list[str]:
    """axe's serious and critical violations on the page as it stands: rule, what it means, and where."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const r = await axe.run(document, { resultTypes: ['violations'] });
        return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
          .map(v => ({ id: v.id, help: v.help, where: v.nodes.slice(0, 3).map(n => n.target.join(' ')) })); }""")
    return [f"{v['id']} ({v['help']}): {json.dumps(v['where'])}" for v in found]


def test_no_serious_accessibility_violation_on_the_lobby_the_games_the_umpire_and_a_replay(live_server, new_page):
    base = live_server.url
    page = new_page(1280, 900, bypass_csp=True)
    page.goto(f"{base}/")
    assert serious_violations(page) == [], "the lobby, signed out"
    sign_up(page, base, f"ax{uuid.uuid4().hex[:6]}")
    expect(page.get_by_role("button", name="Create game")).to_be_visible()
    assert serious_violations(page) == [], "the lobby"

    # Pacific War 1942, solitaire
    page.get_by_label("Game", exact=True).select_option("pacific_war_1942")
    page.get_by_role("button", name="Create game").click()
    expect(page.locator("#prompt")).to_contain_text("Spend your Action Points")
    assert serious_violations(page) == [], "Pacific War 1942"

    # an umpired Solomons game: the umpire's page, a side's page, and the umpire's replay
    page.goto(f"{base}/games/new?game=solomons")
    page.get_by_label("Your side").select_option("umpire")
    page.get_by_role("checkbox", name=re.compile("Umpired")).check()
    page.get_by_role("button", name="Create game").click()
    invites = {role: invite_link(page, role) for role in ("allied", "japanese")}
    game_id = page.url.rstrip("/").split("/")[-1]
    side_page = new_page(1280, 900, bypass_csp=True)
    sign_up(side_page, base, f"sp{uuid.uuid4().hex[:6]}", next_url=invites["allied"].replace(base, ""))
    side_page.get_by_role("button", name="Take the seat").click()
    auth = api_user(base)
    token = invites["japanese"].rstrip("/").split("/")[-1]
    assert httpx.post(f"{base}/api/invites/{token}", headers=auth).status_code == 200
    give_default_orders(base, game_id, [auth])  # Japan's decisions (5.15, 6.21, 18) come first; then the American's
    expect(side_page.locator("#prompt-title")).to_contain_text("Task Force Allocation", timeout=30_000)
    assert serious_violations(side_page) == [], "Solomons, the American page with its orders"
    page.goto(f"{base}/games/{game_id}")
    expect(page.locator("#status")).to_contain_text("Waiting for")
    assert serious_violations(page) == [], "the umpire's page"
    page.goto(f"{base}/games/{game_id}/replay?seq=0")
    expect(page.locator("h1")).to_contain_text("Replay")
    assert serious_violations(page) == [], "the replay"
    page.goto(f"{base}/rules/solomons#rule-6.35")
    assert serious_violations(page) == [], "the rules page"


# Each two-sided game's sides, as its create form names them (the computer takes the other side).
SIDES = {"first_blood": ("us", "ij"), "guadalcanal": ("allied", "japanese"), "usn": ("allied", "japanese"),
         "solomons": ("allied", "japanese")}


@pytest.mark.parametrize("game,side", [(g, s) for g, sides in SIDES.items() for s in sides])
def test_no_serious_accessibility_violation_on_each_games_page_from_each_side(live_server, new_page, game, side):
    """Issue 34 item 7: every game's page, from each side, against the computer: its map, its first question and
    its log, as a newcomer first meets them."""
    base = live_server.url
    page = new_page(1280, 900, bypass_csp=True)
    sign_up(page, base, f"ax{uuid.uuid4().hex[:6]}")
    page.goto(f"{base}/games/new?game={game}")
    page.get_by_label("Your side").select_option(side)
    page.get_by_label("Opponent").select_option("computer")
    page.get_by_role("button", name="Create game").click()
    expect(page.locator("#status")).to_contain_text("Your move", timeout=60_000)
    assert serious_violations(page) == [], f"{game}, {side}'s page"
