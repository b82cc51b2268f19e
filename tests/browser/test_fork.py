"""Play on from here (issue 38) in a browser: a finished Solomons game's replay, at a moment of Segment 1, starts a
new game against the computer; the player plays a segment on from there with the page's own forms, the new game's
page and exported record naming the finished game and moment as its origin."""
import re
import uuid

import httpx
import pytest
from playwright.sync_api import expect

from app import games as registry
from app.engine.rng import SeededRng
from tests.browser.conftest import api_user, sign_up
from tests.browser.test_solomons import clear_standing, no_secrets_of
from tests.browser.test_solomons_solo import SLOW, play

pytestmark = pytest.mark.browser


def finished_solomons(base: str, moves: int = 12) -> str:
    """A hot-seat Solomons game of an API player whose first `moves` decisions the easy computer players made for
    both sides, each from its own seat's view and prompt as the API serves them; then the United States resigns."""
    auth = api_user(base)
    r = httpx.post(f"{base}/api/games", headers=auth,
                   json={"game": "solomons", "side": "allied", "opponent": "hot_seat"})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    rules = registry.get("solomons")
    for i in range(moves):
        for role in ("allied", "japanese"):
            seat = httpx.get(f"{base}/api/games/{gid}?seat={role}", headers=auth).json()
            prompt = seat["prompt"]
            if prompt and not (prompt.get("info") or {}).get("submitted"):
                break
        else:
            raise AssertionError("nobody is asked anything")
        action = rules.bots["easy"][role](seat["view"], prompt, SeededRng(i))
        r = httpx.post(f"{base}/api/games/{gid}/actions", headers=auth, timeout=30,
                       json={"action": action, "expected_version": seat["game"]["version"], "key": f"k{i}",
                             "seat": role})
        assert r.status_code == 200, r.text
    assert httpx.post(f"{base}/api/games/{gid}/resign", headers=auth).status_code == 200
    return gid


def segment_one_moment(base: str, gid: str) -> int:
    """A moment of Segment 1 that can be played on from (its orders carried out, nothing kept)."""
    auth = api_user(base)
    record = httpx.get(f"{base}/api/games/{gid}/export", headers=auth).json()
    for act in record["actions"]:
        if act["phase"].startswith("turn-1-exec1-seg1"):
            if httpx.get(f"{base}/api/games/{gid}/fork?seq={act['seq']}", headers=auth).json()["forkable"]:
                return act["seq"]
    raise AssertionError("no Segment 1 moment can be played on from")


def segment(page) -> str:
    found = re.search(r"Execution Segment (\d+)", page.locator("#board").inner_text())
    return found.group(1) if found else ""


def test_a_finished_solomons_game_is_played_on_from_a_mid_game_moment_against_the_computer(live_server, new_page):
    base = live_server.url
    gid = finished_solomons(base)
    seq = segment_one_moment(base, gid)
    page = new_page()
    sign_up(page, base, f"fork{uuid.uuid4().hex[:6]}")
    page.goto(f"{base}/games/{gid}/replay?seq={seq}")
    form = page.locator("#play-on")
    expect(form).to_contain_text("never rated")
    form.get_by_label("Your side").select_option("allied")
    form.get_by_label("Opponent").select_option("computer")  # the easy computer
    form.get_by_role("button", name=f"Play on from moment {seq}").click()
    expect(page.locator(".game-head")).to_contain_text("You are United States")
    origin = page.locator("#origin")
    expect(origin).to_contain_text(f"Played on from moment {seq} of")
    expect(origin.get_by_role("link")).to_have_attribute("href", f"/games/{gid}/replay?seq={seq}")
    expect(page.locator("#seats")).to_contain_text("Japan: computer")
    fork_id = page.url.rstrip("/").split("/")[-1]
    assert fork_id != gid
    expect(page.locator("#board")).to_contain_text("Execution Segment 1", timeout=SLOW)
    no_secrets_of(page, "japanese")  # the finished game's replay was all-seeing; the fork's page is the side's own
    # The standing orders came with the moment (on by default): cleared, the Americans are asked at the resets
    # and for their air rather than have them answer the rest of the Plot Execution Phase.
    expect(page.locator("#sol-standing-orders")).to_be_attached(timeout=SLOW)
    clear_standing(page, "carry_on", "air_hold")
    answered = play(page, "japanese", stop=lambda p: segment(p) not in ("", "1"), limit=40)
    assert answered, "the player gave no orders"
    expect(page.locator("#board")).to_contain_text("Execution Segment 2", timeout=SLOW)
    no_secrets_of(page, "japanese")
    page.locator("form.resign").get_by_label("I resign").check()
    page.locator("form.resign").get_by_role("button", name="Resign").click()
    expect(page.locator("#status")).to_contain_text("Game over", timeout=SLOW)
    record = page.request.get(f"{base}/api/games/{fork_id}/export").json()
    assert record["origin"] == {"game": gid, "moment": seq, "replay": f"/games/{gid}/replay?seq={seq}"}
    assert record["start"]["turn"] == 1 and len(record["actions"]) >= len(answered) + 1
