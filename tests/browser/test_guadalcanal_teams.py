"""Rule 17 in the browser (issue 15, "Done when": four browsers, two per side, and an umpire play a scenario 2 opening
with radio messages delivered on time). Each commander gives his part of the set-up (17b) and of the first Turn on
his own page; at the start of the Assembly Step the Allied overall commander writes a radio message on the radio form
(17c3) and the others keep radio silence. The scripted competitive roll (7 against 3) wins, so the message reaches
the second commander at the start of Turn 2's Assembly Step: his page shows it then and not before, the Japanese
pages never, the umpire's at once (the whole pile)."""
import uuid

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PASSWORD, sign_up
from tests.browser.test_guadalcanal import TIMEOUT, asked, give

pytestmark = pytest.mark.browser
SEATS = ("allied.1", "allied.2", "japanese.1", "japanese.2")
# 3: the Sides roll of Turn 1 (Allied 6, Japanese 4); 17c3: the Allied note's competitive roll, 7 against the enemy's
# 3 (won: delivered next Turn); 3: Turn 2's Sides roll.
DICE = [6, 4, 7, 3, 6, 4]
MESSAGE = "Strike the carriers at dawn"
# 7a2.2: each task force in its printed set-up area (the fleet's commander places them all, 17a fleet_and_bases).
# The forms name them as printed (issue 34).
HEXES = {"allied.1": {"Task Force 11": "O7", "Task Force 16": "O8", "Task Force 18": "Q9"},
         "japanese.1": {"Striking Force": "K1", "Detached Force": "K1", "Vanguard Force": "K1",
                        "Advance Force": "K1", "Outer South Seas Force": "J4", "Reinforcement Group": "J4"}}
# 2c4: Henderson holds 8 air units; the second commander (bases, 17a) sends two to Espiritu Santo.
BASES = {"allied.2": {"FF": "E. Santo", "GG": "E. Santo"}}


def account(base: str) -> tuple[str, dict[str, str]]:
    name = f"r{uuid.uuid4().hex[:8]}"
    assert httpx.post(f"{base}/api/users", json={"username": name, "password": PASSWORD}).status_code == 201
    token = httpx.post(f"{base}/api/sessions", json={"username": name, "password": PASSWORD}).json()["token"]
    return name, {"Authorization": f"Bearer {token}"}


def sign_in(page, base: str, name: str, game_id: str) -> None:
    page.goto(f"{base}/signin?next=/games/{game_id}")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("#board")).to_be_visible(timeout=TIMEOUT)


def send(page) -> None:
    """The prompt's order as the form stands (the set-up's first hexes, no moves, no searches)."""
    page.locator("#prompt form.action button[type=submit]").last.click()


def radio(page, text: str | None) -> None:
    asked(page, "write a radio message")
    if text is None:
        give(page, "Radio silence this Turn")
    else:
        page.locator("#prompt").get_by_label("Radio message to the", exact=False).fill(text)
        give(page, "Send the message")


def release(umpire, title: str, button: str = "Release this step") -> None:
    """18c1: the umpire rolls for the sides and releases each step of the Turn once every seat's orders are in."""
    asked(umpire, title)
    give(umpire, button)


def test_four_commanders_and_an_umpire_play_the_scenario_two_opening_with_a_radio_note_on_time(live_server, new_page):
    base = live_server.url
    ump_name, ump = account(base)
    made = httpx.post(f"{base}/api/games", headers=ump, timeout=60, json={
        "game": "guadalcanal", "scenario": "2", "side": "umpire", "umpired": True, "options": {"teams": True},
        "sandbox": True, "dice_script": DICE})
    assert made.status_code == 201, made.text
    game_id, tokens = made.json()["id"], made.json()["invite_tokens"]
    pages = {}
    for seat in SEATS:
        name, auth = account(base)
        r = httpx.post(f"{base}/api/invites/{tokens[seat]}", headers=auth, json={"accept_scripted_dice": True})
        assert r.status_code == 200, r.text
        pages[seat] = new_page(1280, 1000)
        sign_in(pages[seat], base, name, game_id)
    umpire = new_page(1280, 1000)
    sign_in(umpire, base, ump_name, game_id)
    us1, us2, jp1, jp2 = (pages[s] for s in SEATS)

    # 17b: each commander places his own part of the side's set-up; a seat's own card is "Your Operations Card".
    for seat, page in pages.items():
        asked(page, "Set-up")
        expect(page.locator("#board")).to_contain_text("Your Operations Card")
        own = seat.split(".")[0].capitalize()
        expect(page.locator("#board")).not_to_contain_text(f"{own} Operations Card (you watch it")
        form = page.locator("#prompt form.action")
        for tf, h in HEXES.get(seat, {}).items():
            form.get_by_label(tf, exact=True).select_option(h)
        for unit, base_label in BASES.get(seat, {}).items():
            form.get_by_label(f"{unit} base", exact=True).select_option(label=base_label)  # "FF" is its Ready box
        send(page)
        expect(page.locator("#prompt")).not_to_contain_text("Set-up: place", timeout=TIMEOUT)

    release(umpire, "Turn 1: roll the two dice for Sides A and B", "Roll for the sides")

    # 17c3, Turn 1: the overall commander radios his second; the other three keep silence.
    radio(us1, MESSAGE)
    for page in (us2, jp1, jp2):
        radio(page, None)
    expect(us1.locator(".gc-radio-sent")).to_contain_text(
        f"arrives at the start of Turn 2's Assembly Step: {MESSAGE}", timeout=TIMEOUT)
    expect(umpire.locator(".gc-radio-pile")).to_contain_text(MESSAGE, timeout=TIMEOUT)
    expect(umpire.locator(".gc-radio-pile")).to_contain_text("7, 3")

    # Turn 1 played on: the Ready Step by all four, sea movement and sea search by each overall commander.
    for page in (us1, us2, jp1, jp2):
        asked(page, "Ready Step")
        expect(us2.locator(".gc-radio-received")).to_contain_text("None yet.")
        expect(us2.locator("body")).not_to_contain_text(MESSAGE)
        send(page)
    release(umpire, "Release the Ready Step")
    for title in ("Sea Movement Step", "Sea search"):
        for page in (us1, jp1):
            asked(page, title)
            send(page)
        release(umpire, f"Release the {title}")
    release(umpire, "Release Turn Record Phase")
    expect(us2.locator("body")).not_to_contain_text(MESSAGE)
    release(umpire, "Turn 2: roll the two dice for Sides A and B", "Roll for the sides")

    # Turn 2's Assembly Step opens: the note is delivered to the second commander and to no one else.
    for page in pages.values():
        asked(page, "write a radio message")
    expect(us2.locator(".gc-radio-received")).to_contain_text(
        f"From the Allied overall commander, sent Turn 1, received Turn 2: {MESSAGE}", timeout=TIMEOUT)
    for page in (jp1, jp2):
        expect(page.locator("body")).not_to_contain_text(MESSAGE)
    expect(us1.locator(".gc-radio-received")).to_contain_text("None yet.")
    expect(umpire.locator(".gc-radio-pile")).to_contain_text("delivered")


def test_a_commander_makes_a_team_game_from_the_create_form(live_server, new_page):
    """The form offers the sides; choosing two commanders a side (rule 17) redraws the seats as the four commanders',
    and the game is made with the seat chosen, its invite links for the other three."""
    base = live_server.url
    host = new_page(1280, 1000)
    sign_up(host, base, f"t{uuid.uuid4().hex[:8]}")
    host.goto(f"{base}/games/new?game=guadalcanal")
    expect(host.get_by_label("Your side")).to_be_visible()
    host.get_by_label("Rule 17: two players a side", exact=False).select_option("true")
    seat = host.get_by_label("Your seat")
    expect(seat).to_be_visible()
    seat.select_option("japanese.2")
    host.get_by_role("button", name="Create game").click()
    expect(host.locator(".game-head")).to_contain_text("Guadalcanal")
    expect(host.locator("body")).to_contain_text("Japanese second commander")

