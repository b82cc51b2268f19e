"""The page scripts a player notices (issue 11, items 7, 11, 12 and 15), in one Solomons game against the computer:
the map pans and zooms (buttons, keyboard, wheel, drag) and keeps the chosen view across a live push, with island
names readable at every zoom and a full-screen mode; a cited rule opens the rulebook at its case; the log can run
oldest first and be filtered by kind; and after a server restart the page says it is reconnecting, then catches up."""
import os
import re
import tempfile
import uuid

import httpx
import pytest
from playwright.sync_api import expect

from tests import rulebook
from tests.browser.conftest import give_default_orders, sign_up, umpired_solomons
from tests.browser.test_solomons_solo import SLOW, create_against_the_computer, version
from tests.support_server import LiveServer

pytestmark = pytest.mark.browser


def view_box(page) -> list[float]:
    return [float(x) for x in page.locator("#solomons-map").get_attribute("viewBox").split()]


def label_height(page, name: str) -> float:
    return page.evaluate("""name => {
        const t = Array.from(document.querySelectorAll('#solomons-map text.place')).find(t => t.textContent.trim() === name);
        return t.getBoundingClientRect().height; }""", name)


def test_the_map_zooms_pans_and_keeps_its_view_the_rules_open_and_the_log_filters(live_server, new_page):
    base = live_server.url
    page = new_page(1400, 900)
    create_against_the_computer(page, base, "allied")
    whole = view_box(page)

    # Island names stay readable with the whole map in view (they were 6-9 px at this size).
    assert label_height(page, "Guadalcanal") >= 11
    assert label_height(page, "Savo") >= 10

    # Buttons, keyboard and wheel zoom; dragging pans.
    page.get_by_role("button", name="Zoom in").click()
    assert view_box(page)[2] == pytest.approx(whole[2] / 1.5, rel=0.01)
    expect(page.locator(".map-zoom-level")).to_have_text("150%")
    page.locator("[data-zoom-host]").focus()
    page.keyboard.press("+")
    assert view_box(page)[2] == pytest.approx(whole[2] / 2.25, rel=0.01)
    before = view_box(page)
    page.keyboard.press("ArrowRight")
    assert view_box(page)[0] > before[0]
    box = page.locator("#solomons-map").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, 300)                                       # the map has focus: the wheel zooms out
    assert view_box(page)[2] > before[2]
    zoomed = view_box(page)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 - 120, box["y"] + box["height"] / 2, steps=5)
    page.mouse.up()
    assert view_box(page)[0] > zoomed[0]                          # dragged left: the view moved east
    chosen = view_box(page)

    # The chosen view survives a live push (the computer answering our orders redraws the board).
    v = version(page)
    page.locator("#sol-orders button[type=submit]").click()
    expect(page.locator("#status")).not_to_have_attribute("data-version", v, timeout=SLOW)
    assert view_box(page) == pytest.approx(chosen, rel=0.001)

    # Full screen fills the window, and Escape leaves it.
    page.get_by_role("button", name="Full screen").click()
    full = page.locator(".sol-map.map-full")
    expect(full).to_be_visible()
    assert full.bounding_box()["width"] >= 1380
    page.locator("[data-zoom-host]").focus()
    page.keyboard.press("Escape")
    expect(page.locator(".sol-map.map-full")).to_have_count(0)

    # A rule cited by the prompt opens the rulebook at that case.
    link = page.locator("#prompt-title a.rule-link").first
    expect(link).to_have_attribute("href", re.compile(r"^/rules/solomons#rule-\d+(\.\d+)*$"))
    case = link.get_attribute("href").split("#")[1]
    if rulebook.installed("solomons-campaign-spi-1972.txt"):  # the rules page is drawn from the transcription
        link.click()
        expect(page.locator("h1")).to_contain_text("Rules: Solomons Campaign")
        expect(page.locator(f"[id='{case}']")).to_be_in_viewport()
        page.go_back()

    # The log: oldest first, and a kind filtered away.
    log = page.locator("#log")
    expect(log.locator(".log-controls")).to_be_visible()
    first_line = lambda: page.evaluate("""() => { const lis = Array.from(document.querySelectorAll('#log details[open] li[data-n]'))
        .filter(li => li.offsetParent); lis.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
        return lis[0].textContent; }""")
    assert "begins" not in first_line()                          # newest first: the turn's opening line is last
    log.get_by_label("Oldest first").check()
    assert "Game-Turn 1 begins" in first_line()
    orders = log.locator("li.kind-orders").first
    expect(orders).to_be_visible()
    log.get_by_label("Orders in").uncheck()
    expect(orders).to_be_hidden()
    page.reload()                                                 # the choice is remembered
    expect(page.locator("#log li.kind-orders").first).to_be_hidden()
    assert "Game-Turn 1 begins" in first_line()


def test_after_a_server_restart_the_page_says_it_is_reconnecting_then_catches_up(new_page):
    tmp = tempfile.mkdtemp(prefix="ironbottom-restart-")
    url = os.environ.get("DATABASE_URL", "")
    server = LiveServer(url if url.startswith("postgresql") else f"sqlite:///{tmp}/restart.db")
    server.migrate()
    server.start()
    try:
        red, blue = new_page(), new_page()
        names = [f"r{uuid.uuid4().hex[:6]}", f"b{uuid.uuid4().hex[:6]}"]
        for p, n in zip((red, blue), names):
            sign_up(p, server.url, n)
        token = httpx.post(f"{server.url}/api/sessions", json={"username": names[0], "password": "correct horse battery"}).json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        made = httpx.post(f"{server.url}/api/games", headers=auth, json={"game": "duel", "side": "red"}).json()
        blue.goto(f"{server.url}/invite/{made['invite_tokens']['blue']}")
        blue.get_by_role("button", name="Take the seat").click()
        expect(blue.locator("#status")).to_be_visible()
        notice = blue.locator("#connection")
        expect(notice).to_be_hidden()

        server.kill()
        expect(notice).to_contain_text("reconnecting", timeout=10_000)
        server.start()
        expect(notice).to_contain_text("Reconnected", timeout=15_000)
        # the page is live again: a move made now reaches it without a reload
        g = httpx.get(f"{server.url}/api/games/{made['id']}", headers=auth).json()
        r = httpx.post(f"{server.url}/api/games/{made['id']}/actions", headers=auth, json={
            "action": {"verb": "fire", "args": {"salvos": 1}}, "expected_version": g["game"]["version"],
            "key": uuid.uuid4().hex})
        assert r.status_code == 200, r.text
        expect(blue.locator("#status")).to_have_attribute("data-version", str(g["game"]["version"] + 1), timeout=10_000)
    finally:
        server.stop()


def test_the_umpires_prompt_links_the_rule_it_borrows_from_guadalcanal(live_server, new_page):
    rulebook.text("guadalcanal-avalon-hill-1992.txt")  # the rule's anchors come from the transcription, else skip
    base = live_server.url
    page = new_page(1280, 900)
    game_id, sides = umpired_solomons(page, base)
    give_default_orders(base, game_id, sides)  # until the umpire must release Segment 1
    page.goto(f"{base}/games/{game_id}")
    title = page.locator("#prompt-title")
    expect(title).to_contain_text("Segment 1 is next")
    link = title.locator("a.rule-link")
    expect(link).to_have_attribute("href", "/rules/guadalcanal#rule-18")
    expect(title).to_contain_text("the umpired game is borrowed from Guadalcanal (Avalon Hill, 1992)")
    link.click()
    expect(page.locator("[id='rule-18']")).to_be_in_viewport()
    expect(page.locator("[id='rule-18']")).to_contain_text("Umpired Games")
