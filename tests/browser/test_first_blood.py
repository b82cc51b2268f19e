"""First Blood through its pages (issue 16, "Pages" and "Seats"). Two players in two browsers play Sep I: the set-up
and the reinforcements are given through the API (dozens of placements), then each side moves a unit through the
movement form, seeing first the hexes it may reach marked on the map with their cost (§6), and declares a combat
through the attack form when one is offered, seeing the odds column and modifiers before declaring (§7.6) and the
result line naming die, column and rule after. Each step is checked by what a player notices: the counter in its new
hex. Then one player against the computer (the computer's side sets up and plays its phases by itself; the player
sees its counters arrive and the turn marker move on), and one player in the hot seat, moving a unit of each side
from the same page."""
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


def candidates(spec: dict, west: bool) -> list[dict]:
    """A few well-shaped orders for a prompt's action, the rules to pick the legal one (the US sets up in the west
    columns, near where the IJ comes in from box A)."""
    args = spec["args"]
    if not args:
        return [{}]
    if spec["verb"] == "place":
        places = sorted(args["at"]["choices"], key=lambda c: (not c.startswith("hex:"), -int(c[-2:]) if west and
                                                               c[-2:].isdigit() else 0, c))
        return [{"unit": args["unit"]["choices"][0], "at": p} for p in places]
    if spec["verb"] == "move":
        return []
    if spec["verb"] == "attack":
        return [{"attackers": [a], "targets": [t], "support": [], "advance": False}
                for t in args["targets"]["choices"] for a in args["attackers"]["choices"]]
    out: dict = {}
    for name, a in args.items():
        if a["type"] == "choice":
            out[name] = a["choices"][0]
        elif a["type"] == "several":
            out[name] = a["choices"][: a.get("minimum") or 0]
        elif a["type"] == "boolean":
            out[name] = False
        elif a["type"] == "assignment":
            out[name] = {i: a["choices"][0] for i in a["ids"]} if a.get("required") else {}
    return [out]


def play_by_api(base: str, gid: str, sides: dict, until, hot_seat: bool = False) -> dict:
    """The sides named give orders through the API (an order of no arguments first, e.g. ending a phase; IJ units
    that must leave a box move by their cheapest way) until `until(role, prompt)`; a side not named is the computer's,
    which plays by itself. `hot_seat`: one player holds both seats and names the one it acts for."""
    for _ in range(400):
        for role, auth in sides.items():
            g = state(base, gid, auth, role if hot_seat else None)
            p = g["prompt"]
            if not p:
                continue
            if until(role, p):
                return g
            if p["info"]["kind"] == "movement":
                boxed = [u for u, r in p["info"]["reach"].items() if r and g["view"]["units"][u]["loc"][:4] == "box:"]
                if boxed:
                    to = min((c, h) for h, c in p["info"]["reach"][boxed[0]].items())[1]
                    assert post(base, gid, auth, g, "move", unit=boxed[0], to=to)
                    break
            specs = sorted(p["actions"], key=lambda s: bool(s["args"]))
            if not any(post(base, gid, auth, g, s["verb"], **a) for s in specs for a in candidates(s, role == "us")):
                raise AssertionError(f"no order taken for {role}: {p['title']}")
            break
    raise AssertionError("the game did not reach the expected step")


def asked(page, title: str) -> None:
    expect(page.locator("#prompt-title")).to_contain_text(title, timeout=TIMEOUT)


def move(page, uid: str, name: str, dest: str) -> None:
    """Choose the unit: the reachable hexes light up with their cost; then move it and see its counter there."""
    form = page.locator("#prompt form.action", has=page.locator('input[name="verb"][value="move"]'))
    form.get_by_label("Unit", exact=True).select_option(json.dumps(uid))
    lit = page.locator(f'#first-blood-map .fb-reachable[data-hex="{dest[4:]}"]')
    expect(lit).to_have_count(1)
    expect(lit.locator(".fb-cost")).to_contain_text("MF")
    expect(page.locator("#fb-reach-text")).to_contain_text(f"{name} may reach:")
    form.get_by_label("Destination", exact=True).select_option(json.dumps(dest))  # the forms' values are JSON
    form.get_by_role("button", name="Move a unit").click()
    counter = page.locator(f"#first-blood-map .board-counter[aria-label*='{name} (']")
    expect(counter).to_have_attribute("aria-label", re.compile(f"hex {dest[4:]}$"), timeout=TIMEOUT)


def attack(page, attackers: list[str], target: str) -> None:
    """Tick the attackers and the defending hex: the odds show before the attack is declared; then the result."""
    form = page.locator("#prompt form.action", has=page.locator('input[name="verb"][value="attack"]'))
    for u in attackers:
        form.locator(f"input[name='arg.attackers'][value='\"{u}\"']").check()
    form.locator(f"input[name='arg.targets'][value='\"{target}\"']").check()
    expect(page.locator("#fb-odds")).to_contain_text("against", timeout=TIMEOUT)
    expect(page.locator("#fb-odds .fb-odds-line")).to_contain_text(re.compile(r"column|without a roll"))
    expect(page.locator("#fb-odds")).to_contain_text("§7.6")
    form.get_by_role("button", name="Attack").click()
    expect(page.locator("body")).to_contain_text(re.compile(rf"attack on {target} .*(die \d|without a roll)"),
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
    target = spec["args"]["targets"]["choices"][0]
    attackers = [u for u in spec["args"]["attackers"]["choices"] if target in neighbours(units[u]["loc"][4:])][:1]
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
    expect(ij.locator("#first-blood-boxes")).to_contain_text("Sep I")
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
    us.locator("#prompt").get_by_role("button", name="End the movement phase").click()
    asked(us, "US combat phase")
    g = state(base, gid, sides["us"])
    assert declare_if_offered(us, g, "us") == close  # next to an IJ unit, a combat is offered (§7)
    assert fought or close, "neither side had a combat to declare: the turn showed no odds"

    # The rest of Sep I through the API: the IJ's first orders of Sep II show on its page, the turn marker moved.
    play_by_api(base, gid, sides, lambda r, p: r == "ij" and p["info"]["kind"] == "movement")
    ij.reload()
    expect(ij.locator("#first-blood-boxes .board-counter[aria-label^='Turn marker']")).to_have_attribute(
        "aria-label", "Turn marker: Sep II")


def turn_marker(page):
    return page.locator("#first-blood-boxes .board-counter[aria-label^='Turn marker']")


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
    expect(turn_marker(me)).to_have_attribute("aria-label", "Turn marker: Sep I")
    uid, dest, _ = one_move(g, "ij")
    move(me, uid, g["view"]["units"][uid]["name"], dest)
    # The IJ's other Sep I decisions through the API; the computer plays the US phases of Sep I by itself and the
    # IJ's page, left open, shows the turn marker on Sep II: nobody pressed anything for the US.
    play_by_api(base, gid, {"ij": auth}, lambda r, p: state(base, gid, auth)["view"]["turn"] >= 2)
    expect(turn_marker(me)).to_have_attribute("aria-label", "Turn marker: Sep II", timeout=TIMEOUT)


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
