"""U.S.N. through its pages (issue 17, "Done when"): two players play Coral Sea's first Game-Turn for both sides in
two browsers, each on his own forms and map: the deployment of air points, the Japanese carriers' move (their
destination clicked on the map), the Allied carriers' answer, the secret simultaneous air mission allocation (Step
5 (E): the Allied strike's target clicked on the examined Japanese stack; the Japanese page shows nothing of it until
the strike is announced in 5 (F)), then every remaining step of the turn to Game-Turn 2. Each step is checked by what
a player sees: the counter in its new hex, the enemy stack's count, the log."""
import re
import uuid

import pytest
from playwright.sync_api import expect

from app.games.usn import board_view, naming, tutorials
from tests.browser.conftest import sign_up

pytestmark = pytest.mark.browser
TIMEOUT = 20_000


def name(n: str) -> str:
    return f"{n}{uuid.uuid4().hex[:5]}"


def asked(page, title: str) -> None:
    expect(page.locator("#prompt-title")).to_contain_text(title, timeout=TIMEOUT)


def give(page, button: str) -> None:
    page.locator("#prompt").get_by_role("button", name=button, exact=True).click()


def stack(page, whose: str, hex_id: str, ships: int):
    """A naval stack's counter by the label a player reads: its hex by its place's name and number, or "hex 0793"."""
    label = f"{whose} naval stack at {naming.place(hex_id)}: {ships} ships"
    return page.locator(f"#usn-map .board-counter[aria-label=\"{label}\"]")


def click_hex(page, hex_id: str) -> None:
    """A click on the map at the centre of a hex, as a player points at it."""
    page.locator("#usn-map").scroll_into_view_if_needed()
    x, y = board_view.centre(hex_id)
    script = """([x, y]) => { const svg = document.getElementById('usn-map'); const p = svg.createSVGPoint();
        p.x = x; p.y = y; const s = p.matrixTransform(svg.getScreenCTM()); return [s.x, s.y]; }"""
    sx, sy = page.evaluate(script, [x, y])
    height = page.viewport_size["height"]
    if not 0 < sy < height:
        page.mouse.wheel(0, sy - height / 2)
        sx, sy = page.evaluate(script, [x, y])
    page.mouse.click(sx, sy)


def deploy(page, points: dict[str, str]) -> None:
    asked(page, "Deploy your air points")
    for label, n in points.items():
        page.locator("#prompt").get_by_label(label, exact=True).fill(n)
    give(page, "Deploy")


def test_two_players_play_a_coral_sea_turn_with_the_secret_air_allocation(live_server, new_page):
    base = live_server.url
    jp, us = new_page(1280, 1000), new_page(1280, 1000)
    sign_up(jp, base, name("inoue"))
    jp.goto(f"{base}/games/new?game=usn")
    jp.get_by_label("Your side").select_option("japanese")
    jp.get_by_role("button", name="Create game").click()
    expect(jp.locator(".game-head")).to_contain_text("U.S.N.")
    invite = jp.locator("input.invite-link").first.input_value()
    sign_up(us, base, name("fletcher"), next_url=invite.replace(base, ""))
    us.get_by_role("button", name=re.compile("^Take the seat")).click()
    expect(us.locator("#usn-map")).to_be_visible(timeout=TIMEOUT)
    # "Pan and zoom from the ocean to a single atoll": the whole Pacific down to about one hex across the view. The
    # map opens framed on the mini-game's area, so the whole map is measured after "Whole map".
    us.get_by_role("button", name="Whole map").first.click()
    whole = float(us.locator("#usn-map").get_attribute("viewBox").split()[2])
    for _ in range(10):
        us.get_by_role("button", name="Zoom in").first.click()
    narrow = float(us.locator("#usn-map").get_attribute("viewBox").split()[2])
    assert whole / narrow == pytest.approx(32, rel=0.01)  # 1.5 ** 10 would be 58: held at the board's 32x
    us.get_by_role("button", name="Whole map").first.click()

    # Set-up: Japan deploys first, then the Allies (How To Use the Situation & Order of Battle).
    # The fields read the carriers' printed names. Japan leaves Rabaul blank: the deployment's standing order puts
    # the 10 LAC not placed there (the bases left blank take the rest, in order, within capacity).
    deploy(jp, {"NAC points by carrier: Japanese CV-3": "10", "NAC points by carrier: Japanese CV-4": "5",
                "LAC points by air base: Lae (0692)": "5"})
    deploy(us, {"NAC points by carrier: Allied CV-5": "10", "NAC points by carrier: Allied CV-2": "4",
                "LAC points by air base: Port Moresby (0659)": "10", "LAC points by air base: Brisbane (0698)": "10",
                "LBAC points by air base: Port Moresby (0659)": "5"})
    expect(jp.locator("#usn-map .board-space[id$='-0759'] title")).to_contain_text("LAC 10", timeout=TIMEOUT)

    # Step 2: the Japanese carriers leave Truk; their destination is clicked on the map, field by field.
    asked(jp, "Move your naval units")
    for ship in ("J-CV-3", "J-CV-4"):
        jp.locator(f"#prompt [name='arg.moves.{ship}.to']").click()
        click_hex(jp, "0793")
        expect(jp.locator(f"#prompt [name='arg.moves.{ship}.to']")).to_have_value("0793")
    expect(jp.locator("#usn-hex-status")).to_contain_text("Hex 0793 → Japanese CV-4, rest of movement to (I)")
    give(jp, "Move")
    expect(stack(jp, "Your", "0793", 2)).to_have_count(1, timeout=TIMEOUT)
    expect(stack(jp, "Your", "0754", 2)).to_have_count(1)
    # The Allies see a stack of two arrive, its ships unnamed: the count only (Stacking; 5(D) not yet).
    enemy = stack(us, "Japanese", "0793", 2)
    expect(enemy).to_have_count(1, timeout=TIMEOUT)
    enemy.focus()
    expect(us.locator("#usn-map-details")).to_contain_text("composition unknown")
    expect(us.locator("#board")).not_to_contain_text("J-CV-3")
    expect(us.locator("#board")).not_to_contain_text("Japanese CV-3")

    # Steps 3-5 (A)-(C): the Allies stay on land, steam their carriers from Noumea to 0862 (typed), attack nothing.
    asked(us, "Move land units one hex")
    give(us, "Done")
    asked(us, "Move your naval units")
    for ship in ("A-CV-5", "A-CV-2"):
        us.locator(f"#prompt [name='arg.moves.{ship}.to']").fill("0862")
    give(us, "Move")
    expect(stack(us, "Your", "0862", 2)).to_have_count(1, timeout=TIMEOUT)
    asked(us, "Land from transports")
    give(us, "Done")

    # Step 5 (D)-(E): both write the Air Mission Allocation Chart at once, in secret. The Allied strike's target is
    # the examined Japanese stack, clicked on the map; its two-ship group opens on demand.
    asked(us, "Air Mission Allocation Chart")
    asked(jp, "Air Mission Allocation Chart")
    enemy = stack(us, "Japanese", "0793", 2)
    enemy.focus()
    expect(us.locator("#usn-map-details")).to_contain_text("examined in Step (D): group 1: JCV, JCV")
    row = us.locator("#prompt")
    row.locator("[name='arg.missions.0.from']").select_option(label="Allied CV-5")
    expect(row.locator("[name='arg.missions.0.from']")).to_have_value("A-CV-5")  # the option's value stays the id
    row.locator("[name='arg.missions.0.kind']").select_option("nac")
    row.locator("[name='arg.missions.0.points']").fill("10")
    row.locator("[name='arg.missions.0.target']").focus()
    enemy.click()
    expect(row.locator("[name='arg.missions.0.target']")).to_have_value("0793")
    row.locator("[name='arg.missions.0.group']").fill("1")
    row.locator("[name='arg.missions.0.ship']").fill("1")
    give(us, "Write the allocation")
    expect(us.locator(".usn-allocation")).to_contain_text("Strike: 10 NAC from Allied CV-5 on hex 0793",
                                                          timeout=TIMEOUT)

    # The Japanese page learns only that the Allies have written: nothing of the strike until it is announced.
    expect(jp.locator("#log")).to_contain_text("The Allied Player has written the air allocation.", timeout=TIMEOUT)
    for page_text in (jp.locator("#board").inner_text(), jp.locator("#log").inner_text(),
                      jp.locator("#prompt").inner_text()):
        assert "10 NAC" not in page_text and "strike on hex 0793" not in page_text
    expect(jp.locator(".usn-allocation")).to_have_count(0)

    # Japan keeps J-CV-3's 10 NAC on Combat Air Patrol over its own hex; then the strikes are announced one by one.
    jp_form = jp.locator("#prompt")
    jp_form.locator("[name='arg.cap.0.from']").select_option(label="Japanese CV-3")
    jp_form.locator("[name='arg.cap.0.kind']").select_option("nac")
    jp_form.locator("[name='arg.cap.0.points']").fill("10")
    give(jp, "Write the allocation")
    for page in (jp, us):
        expect(page.locator("#log")).to_contain_text("Allied 10 NAC strike on hex 0793, group 1.", timeout=TIMEOUT)
        expect(page.locator("#log")).to_contain_text("CAP 10 points meet it")

    # The rest of the Game-Turn for both sides: Step 6 (Allied), 7-9 (Japanese), 9 (E) both, 10.
    asked(us, "Move your naval units")
    give(us, "Move")
    asked(jp, "Move land units one hex")
    give(jp, "Done")
    asked(jp, "Move your naval units")
    give(jp, "Move")
    asked(jp, "Land from transports")
    give(jp, "Done")
    asked(jp, "Air Mission Allocation Chart")
    asked(us, "Air Mission Allocation Chart")
    give(jp, "Write the allocation")
    give(us, "Write the allocation")
    for page in (jp, us):
        expect(page.locator(".usn-turn")).to_contain_text("Game-Turn 2 of 2", timeout=TIMEOUT)
    expect(jp.locator("#usn-vp")).to_contain_text("Victory Points (open record)")


PHONE = 390  # a phone's width (issue 34): no U.S.N. page may scroll sideways on it


def sideways(page) -> int:
    """How many px the page is wider than the screen (0: it fits)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def sticking_out(page) -> list[str]:
    """The innermost visible elements reaching past the screen's right edge: what makes the page scroll sideways."""
    return page.evaluate("""w => Array.from(document.querySelectorAll('body *')).filter(e => e.offsetParent
        && e.getBoundingClientRect().right > w + 1
        && !Array.from(e.children).some(c => c.getBoundingClientRect().right > w + 1)).slice(0, 5)
        .map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + '.' + e.className + ' ' +
             Math.round(e.getBoundingClientRect().right) + ': ' + (e.textContent || '').trim().slice(0, 40))""", PHONE)


def test_every_usn_page_fits_a_phone_390_px_wide(live_server, new_page):
    """Issue 34: on a phone 390 px wide no U.S.N. page scrolls sideways: the new-game form, the rulebook, the
    tutorials list and each tutorial's first page, and the game's page (its map and the order forms) at each of the
    Allied Player's decisions of Coral Sea's first Game-Turn against the computer, each answered with the form as it
    opens (blank rows are no orders), then a campaign game's first decisions."""
    base = live_server.url
    page = new_page(PHONE, 844)
    sign_up(page, base, name("phone"))
    for path in ("/games/new?game=usn", "/rules/usn", "/tutorials"):
        page.goto(base + path)
        assert sideways(page) <= 0, f"{path} is {sideways(page)} px too wide: {sticking_out(page)}"
    for tutorial in tutorials.TUTORIALS:  # each U.S.N. tutorial as it opens from the lobby, its guide and its order
        page.goto(f"{base}/")
        page.locator(f'button[data-tutorial="{tutorial.id}"]').click()
        expect(page.locator("#tutorial-guide")).to_contain_text("Step 1 of", timeout=TIMEOUT)
        assert sideways(page) <= 0, f"{tutorial.id} is {sideways(page)} px too wide: {sticking_out(page)}"
    page.goto(f"{base}/games/new?game=usn")
    page.get_by_label("Your side").select_option("allied")
    page.get_by_label("Opponent").select_option("computer")
    page.get_by_role("button", name="Create game").click()
    expect(page.locator("#usn-map")).to_be_visible(timeout=TIMEOUT)
    titles: list[str] = []
    while "Game-Turn 2" not in page.locator("#log").inner_text() and len(titles) < 12:
        form = page.locator("#prompt form.usn-order").first
        expect(form).to_be_visible(timeout=TIMEOUT)
        title = page.locator("#prompt-title").inner_text()
        assert sideways(page) <= 0, f"{title}: the page is {sideways(page)} px too wide: {sticking_out(page)}"
        titles.append(title)
        version = page.locator("#status").get_attribute("data-version")
        form.locator("button[type=submit]").click()
        expect(page.locator("#status")).not_to_have_attribute("data-version", version, timeout=TIMEOUT)
    assert any("allocation" in t.lower() for t in titles), titles  # the Air Mission Allocation Chart was seen

    # a campaign game's page: hundreds of counters, the off-map places and the longest order forms
    csrf = page.evaluate("() => JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRF-Token']")
    r = page.request.post(f"{base}/api/games", headers={"X-CSRF-Token": csrf},
                          data={"game": "usn", "side": "japanese", "opponent": "computer", "scenario": "campaign_1"})
    assert r.ok, r.text()
    page.goto(f"{base}/games/{r.json()['id']}")
    for _ in range(3):
        form = page.locator("#prompt form.usn-order").first
        expect(form).to_be_visible(timeout=TIMEOUT)
        title = page.locator("#prompt-title").inner_text()
        assert sideways(page) <= 0, f"{title}: the page is {sideways(page)} px too wide: {sticking_out(page)}"
        version = page.locator("#status").get_attribute("data-version")
        form.locator("button[type=submit]").click()
        expect(page.locator("#status")).not_to_have_attribute("data-version", version, timeout=TIMEOUT)
