"""Take the README's screenshots: start the server on a temp database, play a little, and capture pages.

    .venv/bin/python -m tools.screenshots            # writes docs/screenshots/*.png
    .venv/bin/python -m tools.screenshots first_blood   # only the named games' functions below
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
import uuid
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.browser.conftest import CHROMIUM_ARGS, create_and_join, give_default_orders, sign_up, umpired_solomons
from tests.support_server import LiveServer

OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots"


def main(only: list[str] | None = None) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="ironbottom-shots-")
    server = LiveServer(f"sqlite:///{tmp}/shots.db")
    server.migrate()
    server.start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                        args=CHROMIUM_ARGS)
            if only:
                for name in only:
                    globals()[name](browser, server.url)
                browser.close()
                return
            page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            sign_up(page, server.url, f"admiral{uuid.uuid4().hex[:4]}")
            page.goto(server.url + "/")
            page.screenshot(path=str(OUT / "lobby.png"), full_page=True)
            for game_id in ("pacific_war_1942", "solomons"):
                page.goto(f"{server.url}/games/new?game={game_id}")
                if page.locator("select#opponent").count():
                    page.locator("select#opponent").select_option("computer")
                page.get_by_role("button", name="Create game").click()
                page.wait_for_load_state("networkidle")
                page.screenshot(path=str(OUT / f"{game_id}.png"), full_page=True)
            solomons(browser, server.url)
            umpire(browser, server.url)
            tutorial(browser, server.url)
            guadalcanal(browser, server.url)
            first_blood(browser, server.url)
            players(browser, server.url)
            browser.close()
    finally:
        server.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    print("screenshots in", OUT, os.listdir(OUT))


def solomons(browser, base: str) -> None:
    """Two admirals at 1280x800: the map once both have formed task forces and Japan's is revealed, the log headed
    by section, and the Simultaneous Movement Plotting Chart as Japan plots it (with TF 1's surface orders open)."""
    us = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    jp = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    create_and_join(us, jp, base, "solomons", "allied", f"fletcher{uuid.uuid4().hex[:4]}",
                    f"mikawa{uuid.uuid4().hex[:4]}")

    def submit(page, title: str) -> None:
        page.locator("#prompt-title").filter(has_text=title).wait_for()
        page.locator("#sol-orders button[type=submit]").click()

    submit(us, "Carrier Air Group Training")
    submit(jp, "Carrier Air Group Training")
    submit(us, "Task Force Allocation")
    jp.locator("#prompt-title").filter(has_text="Task Force Allocation").wait_for()
    jp.locator("#tf-jp-CA-1").select_option("1")
    jp.locator("#tf-jp-CA-2").select_option("1")
    jp.locator("#tf-jp-DD-1").select_option("1")
    jp.locator("#tf-jp-CA-3").select_option("2")
    jp.locator("#tf-jp-DD-2").select_option("2")
    jp.get_by_label("Task force 2 mission").select_option("bombardment")
    submit(jp, "Task Force Allocation")
    jp.locator("#prompt-title").filter(has_text="American Intelligence").wait_for()
    for tf, course in (("japanese-tf-1", "K L M L K rabaul"), ("japanese-tf-2", "rabaul K L M M L")):
        for seg, hex_ in enumerate(course.split(), 1):
            cell = jp.locator(f"#plot-{tf}-{seg}")
            cell.wait_for()
            jp.wait_for_function("id => { const d = document.getElementById(id)['htmx-internal-data'];"
                                 " return !!(d && d.initHash); }", arg=f"plot-{tf}-{seg}")
            with jp.expect_response(lambda r: "/solomons/plot/" in r.url):
                cell.select_option(hex_)
    jp.locator("#col-japanese-tf-1 details.sol-orders").evaluate("d => { d.open = true; }")
    jp.locator("#sol-orders").screenshot(path=str(OUT / "solomons-plot.png"))
    submit(jp, "American Intelligence")
    submit(us, "Movement Plot")
    us.locator("#prompt-title").filter(has_text="Segment 1, D").wait_for()
    us.locator("#log-now").wait_for(state="hidden")  # the stretch has played and new markers faded in
    us.wait_for_timeout(1000)
    us.locator("#board .sol-board").screenshot(path=str(OUT / "solomons-map.png"))
    us.locator("#log").screenshot(path=str(OUT / "solomons-log.png"))
    # the map zoomed (static/map_zoom.js): two steps in about its centre, by Guadalcanal
    us.locator("[data-zoom-host]").focus()
    us.keyboard.press("+")
    us.keyboard.press("+")
    us.wait_for_timeout(300)
    us.locator(".sol-map").screenshot(path=str(OUT / "solomons-map-zoomed.png"))
    # a phone: orders first, then the map
    phone = browser.new_context(viewport={"width": 390, "height": 844}, storage_state=us.context.storage_state()).new_page()
    phone.goto(us.url)
    phone.locator("#prompt-title").wait_for()
    phone.screenshot(path=str(OUT / "solomons-phone.png"))


def umpire(browser, base: str) -> None:
    """An umpired game at the first Execution Segment: the umpire's panel of both sides' task forces and plots."""
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    game_id, sides = umpired_solomons(page, base)
    give_default_orders(base, game_id, sides)  # until the umpire must release a segment
    page.goto(f"{base}/games/{game_id}")
    page.locator(".sol-sides").screenshot(path=str(OUT / "solomons-umpire.png"))


def tutorial(browser, base: str) -> None:
    """Guadalcanal's example 10 as a tutorial, three decisions in: the step's explanation and rule beside the form."""
    from app.play import tutorials
    from tests.browser.test_tutorials import give

    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    sign_up(page, base, f"learner{uuid.uuid4().hex[:4]}")
    page.goto(f"{base}/tutorials?game=guadalcanal")
    page.locator('button[data-tutorial="guadalcanal-example-10"]').click()
    t = tutorials.get("guadalcanal-example-10")
    for i in t.learner_steps()[:3]:
        give(page, t.game, t.steps[i].order)
    page.screenshot(path=str(OUT / "tutorial.png"), full_page=False)


def guadalcanal(browser, base: str) -> None:
    """Guadalcanal Scenario 1 in two browsers (the flow of tests/browser/test_guadalcanal.py): the Ready Step as a
    form on the Operations Card, a scout's route clicked on the searchboard with a search announced, and the
    umpire's side-by-side searchboards and cards in an umpired game."""
    from tests.browser import test_guadalcanal as g

    us = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    jp = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    sign_up(us, base, g.name("fletcher"))
    g.create(us, base, "allied", dice=g.DICE)
    g.join(jp, base, us.locator("input.invite-link").first.input_value())
    g.deploy(jp, *g.JAPANESE_SETUP)
    us.locator("#log").filter(has_text="The Japanese set-up is in").wait_for()
    g.deploy(us, *g.ALLIED_SETUP)
    g.asked(jp, "Ready Step")
    jp.locator("#prompt .gc-unit[data-unit='ij-2sd'] input").check()
    jp.locator("#prompt form.gc-card-form").screenshot(path=str(OUT / "guadalcanal-card.png"))
    g.give(jp, "Shift")
    for page, step, button in ((us, "Ready Step", "Shift"), (jp, "Sea Movement Step", "Move"),
                               (us, "Sea Movement Step", "Move"), (jp, "Sea search", "Call these hexes"),
                               (us, "Sea search", "Call these hexes"), (jp, "Assembly Step", "Take off")):
        g.asked(page, step)
        g.give(page, button)
    g.asked(us, "Assembly Step")
    us.locator("#prompt .gc-unit[data-unit='us-ss'] input").check()
    g.give(us, "Take off")
    for page, step, button in ((jp, "Ready Step", "Shift"), (us, "Ready Step", "Shift"),
                               (jp, "Sea Movement Step", "Move"), (us, "Sea Movement Step", "Move"),
                               (jp, "Sea search", "Call these hexes")):
        g.asked(page, step)
        g.give(page, button)
    g.asked(us, "Air Movement and Search Step")
    for h in ("P6", "O6", "N5", "N5"):
        us.locator(f"#searchboard .board-hex[data-hex='{h}']").click()
    us.locator("#searchboard").scroll_into_view_if_needed()
    us.locator(".gc-map").first.screenshot(path=str(OUT / "guadalcanal-route.png"))
    us.screenshot(path=str(OUT / "guadalcanal.png"), full_page=True)

    ump, a, j = (browser.new_context(viewport={"width": 1500, "height": 1000}).new_page() for _ in range(3))
    sign_up(ump, base, g.name("ump"))
    g.create(ump, base, "umpire", umpired=True)
    invites = {s: ump.get_by_label(f"{label}:", exact=True).input_value() for s, label in g.SIDES.items()}
    g.join(a, base, invites["allied"])
    g.join(j, base, invites["japanese"])
    g.deploy(a, *g.ALLIED_SETUP)
    j.locator("#log").filter(has_text="The Allied set-up is in").wait_for()
    g.deploy(j, *g.JAPANESE_SETUP)
    ump.locator("#searchboard-japanese .board-counter[aria-label^='Japanese Advance Force']").wait_for()
    ump.wait_for_timeout(1500)  # the pushes of both set-ups are in
    ump.locator(".gc-side-by-side").screenshot(path=str(OUT / "guadalcanal-umpire.png"))


def first_blood(browser, base: str) -> None:
    """First Blood's Sep I in two browsers (the flow of tests/browser/test_first_blood.py): an IJ unit chosen to move,
    the hexes it may reach marked with their cost; the IJ attack form with its odds before declaring; the page after
    the result, with the turn track and the boxes."""
    import json

    from tests.browser import test_first_blood as fb

    us = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    ij = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    us_name, ij_name = f"vandegrift{uuid.uuid4().hex[:4]}", f"kawaguchi{uuid.uuid4().hex[:4]}"
    sign_up(us, base, us_name)
    us.goto(f"{base}/games/new?game=first_blood")
    us.get_by_label("Your side").select_option("us")
    us.get_by_role("button", name="Create game").click()
    sign_up(ij, base, ij_name, next_url=us.locator("input.invite-link").first.input_value().replace(base, ""))
    ij.get_by_role("button", name="Take the seat").click()
    gid = us.url.rstrip("/").split("/")[-1]
    sides = {"us": fb.token(base, us_name), "ij": fb.token(base, ij_name)}
    g = fb.play_by_api(base, gid, sides, lambda r, p: p["info"]["kind"] == "movement")
    ij.reload()
    fb.asked(ij, "IJ movement phase")
    uid, dest, _ = fb.one_move(g, "ij")
    form = ij.locator("#prompt form.action", has=ij.locator('input[name="verb"][value="move"]'))
    form.locator(f'select[name="arg.to.{uid}"]').focus()
    ij.locator("#first-blood-map .fb-reachable").first.wait_for()
    ij.locator(".fb-map").screenshot(path=str(OUT / "first-blood-reach.png"))
    form.locator(f'select[name="arg.to.{uid}"]').select_option(json.dumps(dest))
    form.get_by_role("button", name="Move these units").click()
    g = fb.play_by_api(base, gid, sides, lambda r, p: p["info"]["kind"] == "combat" or
                       (p["info"]["kind"] == "movement" and r == "us"))
    if any(a["verb"] == "attack" for a in g["prompt"]["actions"]):
        ij.reload()
        spec = next(a for a in g["prompt"]["actions"] if a["verb"] == "attack")
        target, field = next(iter(spec["args"]["units"]["fields"].items()))
        attackers = [u for u in field["choices"] if target in fb.neighbours(g["view"]["units"][u]["loc"][4:])][:2]
        form = ij.locator("#prompt form.action", has=ij.locator('input[name="verb"][value="attack"]'))
        for u in attackers:
            form.locator(f"input[name='arg.units.{target}'][value='\"{u}\"']").check()
        ij.locator("#fb-odds .fb-odds-line").wait_for()
        ij.locator("#prompt").screenshot(path=str(OUT / "first-blood-odds.png"))
        form.get_by_role("button", name="Attack").click()
        ij.wait_for_timeout(1500)  # the result's push
        ij.reload()
    ij.locator(".fb-board").screenshot(path=str(OUT / "first-blood-boxes.png"))
    ij.screenshot(path=str(OUT / "first-blood.png"), full_page=True)


MAP_SIDES = {"solomons": "allied", "guadalcanal": "allied", "first_blood": "us", "usn": "allied",
             "pacific_war_1942": None}


def maps(browser, base: str) -> None:
    """Each game's map as a newcomer first sees it, at its default zoom, against the computer (the README's row of
    maps): docs/screenshots/map-<game>.png, the board section only."""
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    sign_up(page, base, f"cartographer{uuid.uuid4().hex[:4]}")
    for game, side in MAP_SIDES.items():
        page.goto(f"{base}/games/new?game={game}")
        if side:
            page.get_by_label("Your side").select_option(side)
            page.get_by_label("Opponent").select_option("computer")
        page.get_by_role("button", name="Create game").click()
        page.locator("#status").get_by_text("Your move").wait_for(timeout=60_000)
        page.wait_for_timeout(500)  # the map's script frames it
        page.locator("#board").screenshot(path=str(OUT / f"map-{game}.png"))


def players(browser, base: str) -> None:
    """A rated game ended by a resignation, the rematch offered to the other player, the player's page and the
    archive (issue 20)."""
    red, blue = (browser.new_context(viewport={"width": 1280, "height": 800}).new_page() for _ in range(2))
    red_name, blue_name = f"halsey{uuid.uuid4().hex[:4]}", f"yamamoto{uuid.uuid4().hex[:4]}"
    sign_up(red, base, red_name)
    red.goto(f"{base}/games/new?game=solomons")
    red.locator("input[name=rated]").check()
    red.get_by_role("button", name="Create game").click()
    invite = red.locator("input.invite-link").first.input_value()
    sign_up(blue, base, blue_name)
    blue.goto(invite)
    blue.get_by_role("button", name="Take the seat").click()
    red.reload()
    red.get_by_label("I resign").check()
    red.get_by_role("button", name="Resign").click()
    red.locator("#status").filter(has_text="resigned").wait_for()
    red.reload()
    red.get_by_role("button", name="Offer a rematch").click()
    blue.goto(f"{base}/")
    blue.locator("table.list a").first.click()
    blue.locator("#rematch").wait_for()
    blue.locator(".game-head").screenshot(path=str(OUT / "rematch.png"))
    red.goto(f"{base}/players/{red_name}")
    red.screenshot(path=str(OUT / "player.png"), full_page=True)
    red.goto(f"{base}/archive")
    red.screenshot(path=str(OUT / "archive.png"), full_page=True)


if __name__ == "__main__":
    main(sys.argv[1:] or None)
