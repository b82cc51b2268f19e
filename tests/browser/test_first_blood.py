"""First Blood through its pages (issue 16, "Pages" and "Seats"; issue 34). Two players in two browsers play Sep I:
the set-up and the reinforcements are given through the API (one order each), then each side moves a unit through
the movement form, seeing first the hexes it may reach marked on the map with their cost (§6), and declares a combat
through the attack form when one is offered, seeing the odds column and modifiers before declaring (§7.6) and the
result line naming die, column and rule after. Each step is checked by what a player notices: the counter in its new
hex. Then one player against the computer (the computer's side sets up and plays its phases by itself; the player
sees its counters arrive and the turn marker move on), one player in the hot seat, moving a unit of each side from
the same page, and the pages on a phone: 390 px wide, never scrolling sideways."""
import json
import re
import time
import uuid

import httpx
import pytest
from playwright.sync_api import expect

from app.games.first_blood.gamedata import neighbours
from tests.browser.conftest import PASSWORD, sign_up

pytestmark = pytest.mark.browser
TIMEOUT = 20_000


def token(base: str, name: str) -> dict[str, str]:
    r = httpx.post(f"{base}/api/sessions", json={"username": name, "password": PASSWORD})
    return {"Authorization": f"Bearer {r.json()['token']}"}


def state(base: str, gid: str, auth, seat: str | None = None) -> dict:
    """The game as a seat sees it (`seat` for a player holding both, in the hot seat)."""
    return httpx.get(f"{base}/api/games/{gid}", headers=auth, timeout=60, params={"seat": seat} if seat else {}
                     ).json()


def post(base: str, gid: str, auth, g: dict, verb: str, **args) -> bool:
    seat = {"seat": g["role"]} if len(g["my_seats"]) > 1 else {}  # the hot seat names the side it acts for
    r = httpx.post(f"{base}/api/games/{gid}/actions", headers=auth, timeout=60, json={
        "action": {"verb": verb, "args": args}, "expected_version": g["game"]["version"], "key": uuid.uuid4().hex,
        **seat})
    assert r.status_code < 500, r.text
    return r.status_code == 200


def order_for(g: dict) -> dict:
    """An order the rules accept for the prompt shown, as a player would give it: what the form starts from (set-up,
    reinforcements, air, the Reserve, stacking losses), the units that must leave a box moved the cheapest way, the
    first unit next to the first enemy hex attacking it, the first offered value otherwise; else ending the phase."""
    p = g["prompt"]
    info, specs = p["info"], {a["verb"]: a for a in p["actions"]}
    if info.get("default"):
        verb = next(iter(specs))
        return {"verb": verb, "args": dict(info["default"])}
    if info["kind"] == "movement":
        boxed = {u: min((c, h) for h, c in r.items())[1] for u, r in info["reach"].items()
                 if r and g["view"]["units"][u]["loc"][:4] in ("box:", "entr")}
        return {"verb": "move", "args": {"to": boxed}} if boxed else {"verb": "end_movement", "args": {}}
    if "attack" in specs and info.get("must_attack"):
        t = info["must_attack"][0]
        return {"verb": "attack", "args": {"units": {t: specs["attack"]["args"]["units"]["fields"][t]["choices"][:1]},
                                           "advance": False}}
    if info["kind"] == "combat":
        return {"verb": "end_combat", "args": {}}
    spec = p["actions"][0]
    out: dict = {}
    for name, a in spec["args"].items():
        if a["type"] == "choice":
            out[name] = a["choices"][0]
        elif a["type"] == "several":
            out[name] = a["choices"][: a.get("minimum") or 0]
        elif a["type"] == "group":
            out[name] = {k: f["choices"][0] for k, f in a["fields"].items() if k not in (a.get("optional") or [])}
        elif a["type"] == "boolean":
            out[name] = False
    return {"verb": spec["verb"], "args": out}


def play_by_api(base: str, gid: str, sides: dict, until, hot_seat: bool = False) -> dict:
    """The sides named give orders through the API (`order_for`) until `until(role, prompt)`; a side not named is
    the computer's, which plays by itself. `hot_seat`: one player holds both seats and names the one it acts for."""
    for _ in range(400):
        for role, auth in sides.items():
            g = state(base, gid, auth, role if hot_seat else None)
            p = g["prompt"]
            if not p:
                continue
            if until(role, p):
                return g
            order = order_for(g)
            if not post(base, gid, auth, g, order["verb"], **order["args"]):
                raise AssertionError(f"the order {order} was refused for {role}: {p['title']}")
            break
    raise AssertionError("the game did not reach the expected step")


def asked(page, title: str) -> None:
    expect(page.locator("#prompt-title")).to_contain_text(title, timeout=TIMEOUT)


def move(page, uid: str, name: str, dest: str) -> None:
    """Choose the unit's destination: the hexes it reaches light up with their cost; then move it and see its counter
    there."""
    form = page.locator("#prompt form.action", has=page.locator('input[name="verb"][value="move"]'))
    to = form.locator(f'select[name="arg.to.{uid}"]')
    to.focus()
    lit = page.locator(f'#first-blood-map .fb-reachable[data-hex="{dest[4:]}"]')
    expect(lit).to_have_count(1)
    expect(lit.locator(".fb-cost")).to_contain_text("MF")
    expect(page.locator("#fb-reach-text")).to_contain_text(f"{name} may reach:")
    to.select_option(json.dumps(dest))  # the forms' values are JSON
    form.get_by_role("button", name="Move these units").click()
    counter = page.locator(f"#first-blood-map .board-counter[aria-label*=' {name} ('], "
                           f"#first-blood-map .board-counter[aria-label*='stack'][data-details*='{name} (']")
    expect(counter.first).to_have_attribute("aria-label", re.compile(f"hex {dest[4:]}"), timeout=TIMEOUT)


def attack(page, attackers: list[str], target: str) -> None:
    """Tick the attackers under the defending hex: the odds show before the attack is declared; then the result."""
    form = page.locator("#prompt form.action", has=page.locator('input[name="verb"][value="attack"]'))
    for u in attackers:
        form.locator(f"input[name='arg.units.{target}'][value='\"{u}\"']").check()
    expect(page.locator("#fb-odds")).to_contain_text("against", timeout=TIMEOUT)
    expect(page.locator("#fb-odds .fb-odds-line")).to_contain_text(re.compile(r"column|without a roll"))
    expect(page.locator("#fb-odds")).to_contain_text("§7.6")
    form.get_by_role("button", name="Attack").click()
    expect(page.locator("body")).to_contain_text(re.compile(rf"attack on hex {target} .*(die \d|without a roll)"),
                                                 timeout=TIMEOUT)


def one_move(g: dict, side: str) -> tuple[str, str, bool]:
    """A unit and a destination for it: next to an enemy if it can get there (so that a combat is offered), else
    as far as it goes."""
    view, reach = g["view"], g["prompt"]["info"]["reach"]
    enemy = {u["loc"][4:] for u in view["units"].values() if u["side"] != side and u["loc"].startswith("hex:")}
    near = {n for h in enemy for n in neighbours(h)} - enemy
    for uid, r in reach.items():
        close = sorted(h for h in r if h[4:] in near)
        if close:
            return uid, close[0], True
    uid = next(u for u, r in reach.items() if any(h.startswith("hex:") for h in r))
    return uid, max((c, h) for h, c in reach[uid].items() if h.startswith("hex:"))[1], False


def declare_if_offered(page, g: dict, side: str) -> bool:
    verbs = [a["verb"] for a in g["prompt"]["actions"]]
    if "attack" not in verbs:
        return False
    spec = next(a for a in g["prompt"]["actions"] if a["verb"] == "attack")
    units = g["view"]["units"]
    target, field = next(iter(spec["args"]["units"]["fields"].items()))
    attackers = [u for u in field["choices"] if target in neighbours(units[u]["loc"][4:])][:1]
    attack(page, attackers, target)
    return True


def test_each_side_moves_and_fights_through_the_pages(live_server, new_page):
    base = live_server.url
    us, ij = new_page(), new_page()
    us_name, ij_name = f"us{uuid.uuid4().hex[:6]}", f"ij{uuid.uuid4().hex[:6]}"
    sign_up(us, base, us_name)
    us.goto(f"{base}/games/new?game=first_blood")
    us.get_by_label("Your side").select_option("us")
    us.get_by_role("button", name="Create game").click()
    invite = us.locator("input.invite-link").first.input_value()
    sign_up(ij, base, ij_name, next_url=invite.replace(base, ""))
    ij.get_by_role("button", name="Take the seat").click()
    gid = us.url.rstrip("/").split("/")[-1]
    sides = {"us": token(base, us_name), "ij": token(base, ij_name)}

    # Set-up and the IJ reinforcements through the API, up to the IJ movement phase of Sep I.
    g = play_by_api(base, gid, sides, lambda r, p: p["info"]["kind"] == "movement")
    ij.reload()
    asked(ij, "IJ movement phase")
    expect(turn_marker(ij)).to_have_text("Sep I")
    uid, dest, _ = one_move(g, "ij")
    move(ij, uid, g["view"]["units"][uid]["name"], dest)
    g = play_by_api(base, gid, sides, lambda r, p: p["info"]["kind"] == "combat" or
                    (p["info"]["kind"] == "movement" and r == "us"))
    fought = False
    if g["prompt"]["info"]["kind"] == "combat":
        ij.reload()
        asked(ij, "IJ combat phase")
        fought = declare_if_offered(ij, g, "ij")

    g = play_by_api(base, gid, sides, lambda r, p: p["info"]["kind"] == "movement" and r == "us")
    us.reload()
    asked(us, "US movement phase")
    uid, dest, close = one_move(g, "us")
    move(us, uid, g["view"]["units"][uid]["name"], dest)
    if close:  # next to an IJ unit, a combat is offered (§7)
        us.locator("#prompt").get_by_role("button", name="End the movement phase").click()
        asked(us, "US combat phase")
        g = state(base, gid, sides["us"])
        assert declare_if_offered(us, g, "us")
    assert fought or close, "neither side had a combat to declare: the turn showed no odds"

    # The rest of Sep I through the API: the IJ's first orders of Sep II show on its page, the turn marker moved.
    play_by_api(base, gid, sides, lambda r, p: r == "ij" and p["info"]["kind"] == "movement")
    ij.reload()
    expect(turn_marker(ij)).to_have_text("Sep II")


def turn_marker(page):
    return page.locator(".fb-turns li.fb-now")


def test_one_player_against_the_computer_sees_its_side_play_by_itself(live_server, new_page):
    base = live_server.url
    me = new_page()
    name = f"solo{uuid.uuid4().hex[:6]}"
    sign_up(me, base, name)
    me.goto(f"{base}/games/new?game=first_blood")
    me.get_by_label("Your side").select_option("ij")
    me.get_by_label("Opponent").select_option("computer")
    me.get_by_role("button", name="Create game").click()
    gid = me.url.rstrip("/").split("/")[-1]
    auth = token(base, name)
    # The US sets up first (§3): the computer has done it by itself, its counters are on the map round the strips.
    asked(me, "Set up")
    expect(me.locator("#first-blood-map .board-counter[aria-label^='US ']").first).to_be_visible(timeout=TIMEOUT)
    g = state(base, gid, auth)
    assert g["role"] == "ij" and g["game"]["status"] == "active"
    assert any(u["side"] == "us" and u["loc"].startswith("hex:") for u in g["view"]["units"].values())

    # The IJ's set-up and reinforcements through the API; then an IJ unit moves through the page's form.
    g = play_by_api(base, gid, {"ij": auth}, lambda r, p: p["info"]["kind"] == "movement")
    me.reload()
    asked(me, "IJ movement phase")
    expect(turn_marker(me)).to_have_text("Sep I")
    uid, dest, _ = one_move(g, "ij")
    move(me, uid, g["view"]["units"][uid]["name"], dest)
    # The IJ's other Sep I decisions through the API; the computer plays the US phases of Sep I by itself and the
    # IJ's page, left open, shows the turn marker on Sep II: nobody pressed anything for the US.
    play_by_api(base, gid, {"ij": auth}, lambda r, p: state(base, gid, auth)["view"]["turn"] >= 2)
    expect(turn_marker(me)).to_have_text("Sep II", timeout=TIMEOUT)


def test_one_player_in_the_hot_seat_moves_a_unit_of_each_side_from_one_page(live_server, new_page):
    base = live_server.url
    me = new_page()
    name = f"hot{uuid.uuid4().hex[:6]}"
    sign_up(me, base, name)
    me.goto(f"{base}/games/new?game=first_blood")
    expect(me.locator("#hot-seat-note")).to_contain_text("both sides")
    me.get_by_label("Opponent").select_option("hot_seat")
    me.get_by_role("button", name="Create game").click()
    gid = me.url.rstrip("/").split("/")[-1]
    auth = token(base, name)
    # Both seats are this player's; the page opens on the side asked now: the US sets up first (§3).
    asked(me, "Set up")
    expect(me.locator("#seats")).to_contain_text(f"Imperial Japan (IJ): {name}")
    expect(me.locator("#seats")).to_contain_text(f"United States (US): {name}")
    expect(me.locator('#prompt input[name="seat"]').first).to_have_value("us")

    both = {"us": auth, "ij": auth}
    g = play_by_api(base, gid, both, lambda r, p: p["info"]["kind"] == "movement", hot_seat=True)
    assert g["role"] == "ij"
    me.goto(f"{base}/games/{gid}")  # no seat named: the page shows the side to move
    asked(me, "IJ movement phase")
    uid, dest, _ = one_move(g, "ij")
    move(me, uid, g["view"]["units"][uid]["name"], dest)

    # The rest of the IJ's Sep I through the API (its units in the boxes must move, §6.5); the same page, opened
    # again without naming a seat, is now the US's.
    g = play_by_api(base, gid, both, lambda r, p: p["info"]["kind"] == "movement" and r == "us", hot_seat=True)
    me.goto(f"{base}/games/{gid}")
    asked(me, "US movement phase")
    expect(me.locator('#prompt input[name="seat"]').first).to_have_value("us")
    uid, dest, _ = one_move(g, "us")
    move(me, uid, g["view"]["units"][uid]["name"], dest)
    if me.locator("#prompt").get_by_role("button", name="End the movement phase").count():
        me.locator("#prompt").get_by_role("button", name="End the movement phase").click()
    # The page goes on by itself to the decision asked next, whichever seat's it is.
    for _ in range(100):  # the order is in once the US is no longer asked for its movement
        seen = {r: state(base, gid, auth, r)["prompt"] for r in ("ij", "us")}
        if "movement" not in ((seen["us"] or {}).get("info") or {}).get("kind", ""):
            break
        time.sleep(0.2)
    now = next(r for r, p in seen.items() if p)
    asked(me, seen[now]["title"])
    expect(me.locator('#prompt input[name="seat"]').first).to_have_value(now)


def fits(page) -> None:
    """Nothing on the page is wider than the phone's screen: no sideways scrolling."""
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 391, f"the page is {wide} px wide on a 390 px screen"


def test_each_page_of_a_turn_fits_a_phone_390_px_wide(live_server, new_page):
    """Issue 34 item 5: the set-up (23 pieces, each with its list of hexes), the reinforcements, the movement form
    (each unit its destinations), the combat form, the supply and air forms, the map and the boxes: on a phone 390 px
    wide, none scrolls sideways."""
    base = live_server.url
    phone = new_page(width=390, height=844)
    name = f"phone{uuid.uuid4().hex[:6]}"
    sign_up(phone, base, name)
    phone.goto(f"{base}/games/new?game=first_blood")
    phone.get_by_label("Opponent").select_option("hot_seat")
    phone.get_by_role("button", name="Create game").click()
    gid = phone.url.rstrip("/").split("/")[-1]
    auth = token(base, name)
    both = {"us": auth, "ij": auth}
    asked(phone, "Set up")
    fits(phone)
    seen = set()
    for _ in range(60):
        g = None
        for role in ("us", "ij"):
            g = state(base, gid, auth, role)
            if g["prompt"]:
                break
        if g is None or not g["prompt"] or g["view"]["turn"] >= 2:
            break
        kind = g["prompt"]["info"]["kind"]
        if kind not in seen:
            phone.goto(f"{base}/games/{gid}?seat={g['role']}")
            asked(phone, g["prompt"]["title"][:20])
            fits(phone)
            seen.add(kind)
        order = order_for(g)
        assert post(base, gid, auth, g, order["verb"], **order["args"]), g["prompt"]["title"]
    assert {"placement", "movement", "combat"} <= seen, seen
