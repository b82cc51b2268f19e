"""An umpired Solomons game in three browsers (issue 5): the umpire releases execution segment by segment, the
two players see only their own side, a spectator sees nothing hidden while it runs; after the end the spectator
replays it through either side's eyes, and the report and the exported record agree with the live game."""
import re
import uuid

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import invite_link, sign_up
from tests.browser.test_solomons import names as names_of, no_secrets_of, submit_pending

pytestmark = pytest.mark.browser
PASSWORD = "correct horse battery"


def until_umpire_is_asked(players, umpire, limit=120):
    button = umpire.get_by_role("button", name="Advance one segment")
    for _ in range(limit):
        if button.count():
            return
        for p in players:
            submit_pending(p)
        umpire.wait_for_timeout(100)
    raise AssertionError("the umpire was never asked to release a segment")


HTTP = httpx.Client(timeout=60)  # a Plot Execution Phase resolving on a busy CI machine can take seconds


def api_token(base, name):
    return HTTP.post(f"{base}/api/sessions", json={"username": name, "password": PASSWORD}).json()["token"]


def finish_by_api(base, game_id, tokens):
    """Play the rest quickly: each prompted seat sends its default orders (the umpire: advance)."""
    for _ in range(5000):
        moved = False
        for token in tokens:
            g = HTTP.get(f"{base}/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"}).json()
            if g["game"]["status"] == "ended":
                return g
            prompt = g["prompt"]
            if not prompt or (prompt.get("info") or {}).get("submitted"):
                continue
            default = prompt["info"]["default"]
            action = default if "verb" in default else {"verb": "submit", "args": default}
            r = HTTP.post(f"{base}/api/games/{game_id}/actions", headers={"Authorization": f"Bearer {token}"},
                           json={"action": action, "expected_version": g["game"]["version"], "key": uuid.uuid4().hex})
            assert r.status_code in (200, 409), r.text
            moved = True
        assert moved, "nobody could move and the game has not ended"
    raise AssertionError("the game did not end")


def test_umpired_solomons_in_three_browsers_then_a_spectators_replay(live_server, new_page):
    base = live_server.url
    ump, us, jp, watcher = new_page(), new_page(), new_page(), new_page()
    names = {k: f"{k}{uuid.uuid4().hex[:5]}" for k in ("ump", "us", "jp", "watch")}

    sign_up(ump, base, names["ump"])
    ump.goto(f"{base}/games/new?game=solomons")
    ump.get_by_label("Your side").select_option("umpire")
    ump.get_by_role("checkbox", name=re.compile("Umpired")).check()
    ump.get_by_role("button", name="Create game").click()
    invites = {role: invite_link(ump, role) for role in ("allied", "japanese")}
    game_id = ump.url.rstrip("/").split("/")[-1]
    sign_up(us, base, names["us"], next_url=invites["allied"].replace(base, ""))
    us.get_by_role("button", name="Take the seat").click()
    sign_up(jp, base, names["jp"], next_url=invites["japanese"].replace(base, ""))
    jp.get_by_role("button", name="Take the seat").click()
    sign_up(watcher, base, names["watch"], next_url=f"/games/{game_id}")
    expect(watcher.locator(".game-head")).to_contain_text("You are Spectator")

    # Plot Phase 1 with both sides; then the umpire holds execution until he releases a segment.
    until_umpire_is_asked([us, jp], ump)
    expect(ump.locator("#prompt")).to_contain_text("Segment 1 is next")
    assert "Segment 1 (day)" not in us.locator("#log").inner_text()
    ump.get_by_role("button", name="Advance one segment").click()
    expect(us.locator("#log")).to_contain_text("Segment 1", timeout=10000)
    expect(jp.locator("#log")).to_contain_text("Segment 1")

    # The umpire sees both sides; each side and the spectator see nothing of the other side.
    ump_html = ump.content()
    assert any(re.search(rf">[^<]*\b{re.escape(n)}\b", ump_html) for n in names_of("allied"))  # forces at sea
    ump_view = ump.request.get(f"{base}/api/games/{game_id}").json()["view"]
    assert {u["side"] for u in ump_view["units"].values()} == {"allied", "japanese"}
    assert ump_view["task_forces"] and ump_view["pending"] is not None
    no_secrets_of(us, "japanese")
    no_secrets_of(jp, "allied")
    no_secrets_of(watcher, "allied")
    no_secrets_of(watcher, "japanese")

    until_umpire_is_asked([us, jp], ump)
    ump.get_by_role("button", name=re.compile("^Run to the end")).click()

    # The rest of the campaign, quickly, through the API (the pages step aside so every move is not redrawn four
    # times); then the spectator's replay and report.
    for page in (ump, us, jp, watcher):
        page.goto("about:blank")
    final = finish_by_api(base, game_id, [api_token(base, names[k]) for k in ("us", "jp", "ump")])
    watcher.goto(f"{base}/games/{game_id}")
    expect(watcher.locator("#status")).to_contain_text("Game over")
    record = watcher.request.get(f"{base}/api/games/{game_id}/export").json()
    for eyes, enemy in (("allied", "japanese"), ("japanese", "allied")):
        watcher.goto(f"{base}/games/{game_id}/replay?seq=5&eyes={eyes}")
        expect(watcher.locator("h1")).to_contain_text("Replay")
        no_secrets_of(watcher, enemy)
    watcher.get_by_role("link", name="Action forward").click()
    expect(watcher.locator("h1")).to_contain_text("moment 6")
    watcher.goto(f"{base}/games/{game_id}/report")
    expect(watcher.locator("body")).to_contain_text("Victory Points")
    expect(watcher.locator("body")).to_contain_text(record["final_state_hash"])
    assert record["outcome"] == final["game"]["outcome"]
