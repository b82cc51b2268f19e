"""Scenario 5, the Battle of Friday the Thirteenth (7f), played through the pages by two admirals (issue 15, "Scenarios
5 and 6": one played through). Japan (Side B) sets up first on one setup line, the Allies on the other facing the
opposite way (16c, 7f4.2); the first Surface Turn's sides are rolled (16d1); each side steers its ships hex by hex on
the course form (16d2, 16e), passes on torpedoes (16d3), and Hiei's first shot sinks Portland after the Allies decline
the free roll (16g, 11a, 7f4.4). Each step is checked by what each player sees on the Battleboard: the same board for
both (16a), the ships in their new hexes, the sunk ship gone."""
import re

import pytest
from playwright.sync_api import expect

from app.games.guadalcanal.combat import units

from tests.browser.conftest import sign_up
from tests.browser.test_guadalcanal import TIMEOUT, asked, give, join, name

pytestmark = pytest.mark.browser
# 16d1: Allied 6, Japanese 4, so the Allies are Surface Side A and Japan (Side B) acts first in every step.
# 16g: Hiei's shot at Portland, 9 against 2: eliminated (16g3).
DICE = "6,4,9,2"
JAPANESE = {"ij-hiei": "I11", "ij-kirishima": "I12", "ij-nagara": "I13", "ij-dd11": "I14", "ij-dd12": "I15",
            "ij-dd15": "I16"}
ALLIED = {"us-portland": "L11", "us-san-francisco": "L10", "us-atlanta": "L9", "us-helena": "L8", "us-juneau": "L7",
          "us-dd9": "L6", "us-dd10": "L5"}


def ship(page, label: str):
    return page.locator(f"#board .board-counter[aria-label='{label}']")


def set_up(page, line: str, facing: str | None, hexes: dict[str, str]) -> None:
    """Side B chooses its line and facing; Side A (facing None) is given both, so the form asks neither (16c, 16b2)."""
    asked(page, "Set up your ships on the Battleboard")
    form = page.locator("#prompt form.action")
    if facing is None:
        expect(form.get_by_label("Line", exact=True)).to_have_count(0)
        expect(form.get_by_label("Facing", exact=True)).to_have_count(0)
    else:
        form.get_by_label("Line", exact=True).select_option(line)
        form.get_by_label("Facing", exact=True).select_option(facing)
    for uid, h in hexes.items():
        form.get_by_label(units.record(uid)["name"], exact=True).select_option(h)  # named as printed (issue 34)
    give(page, "Set up")


def test_two_admirals_fight_the_first_surface_turn_of_scenario_five(live_server, new_page):
    base = live_server.url
    us, jp = new_page(1280, 1000), new_page(1280, 1000)
    sign_up(us, base, name("callaghan"))
    us.goto(f"{base}/games/new?game=guadalcanal")
    us.get_by_label("Scenario", exact=True).select_option("5")
    expect(us.get_by_label("Your side")).to_be_visible()
    us.get_by_label("Your side").select_option("allied")
    us.get_by_role("checkbox", name=re.compile("Sandbox")).check()
    us.get_by_label("Scripted dice for a sandbox").fill(DICE)
    us.get_by_role("button", name="Create game").click()
    expect(us.locator(".game-head")).to_contain_text("Guadalcanal")
    join(jp, base, us.locator("input.invite-link").first.input_value())

    # 16c: Japan, Side B, sets up first; the Allies wait and then see the Japanese line on their board too (16a).
    expect(us.locator("#board")).to_contain_text("Battle of Friday the Thirteenth", timeout=TIMEOUT)
    set_up(jp, "I11", "N", JAPANESE)
    expect(ship(us, "Japanese Hiei, I11")).to_have_count(1, timeout=TIMEOUT)
    set_up(us, "L11", None, ALLIED)  # the other line, facing the other way: south
    expect(ship(jp, "Allied Portland, L11")).to_have_count(1, timeout=TIMEOUT)
    expect(jp.locator("#board")).to_contain_text("Surface Side A: Allied", timeout=TIMEOUT)

    # 16d2: Japan steams Hiei two hexes north on the course form; both boards show it in I9.
    asked(jp, "Surface Turn 1: move your ships")
    jp.locator("#prompt").get_by_label("Hiei: hex 1", exact=True).select_option("N")
    jp.locator("#prompt").get_by_label("Hiei: hex 2", exact=True).select_option("N")
    give(jp, "Move")
    for page in (jp, us):
        expect(ship(page, "Japanese Hiei, I9")).to_have_count(1, timeout=TIMEOUT)
        expect(ship(page, "Japanese Hiei, I11")).to_have_count(0)
    asked(us, "Surface Turn 1: move your ships")
    us.locator("#prompt").get_by_label("Portland: hex 1", exact=True).select_option("S")
    give(us, "Move")
    for page in (jp, us):
        expect(ship(page, "Allied Portland, L12")).to_have_count(1, timeout=TIMEOUT)

    # 16d3: neither side places a torpedo marker.
    asked(jp, "place torpedo markers")
    give(jp, "Place")
    asked(us, "place torpedo markers")
    give(us, "Place")

    # 16g: Hiei fires at Portland; the Allies, holding the free roll marker (7f4.4), are asked and decline; Portland
    # is sunk and gone from both boards, and both logs tell the shot.
    asked(jp, "gunnery")
    give(jp, "Hiei fires at Portland")
    asked(us, "Free roll marker")
    give(us, "Decide")
    for page in (jp, us):
        expect(ship(page, "Allied Portland, L12")).to_have_count(0, timeout=TIMEOUT)
        expect(page.locator("#board")).to_contain_text("Hiei fires at Portland", timeout=TIMEOUT)
    expect(ship(us, "Allied S. Francisco, L10")).to_have_count(1)
    asked(jp, "gunnery")
    give(jp, "Cease fire")
    asked(us, "gunnery")
