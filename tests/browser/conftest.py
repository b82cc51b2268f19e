"""Browser tests: the real server in a subprocess, driven by Playwright in Debian's headless Chromium."""
from __future__ import annotations

import os
import shutil
import tempfile

import pytest

from tests.support_server import LiveServer

CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
# The flags the machine notes require: without the background-networking ones Chromium keeps trying to reach
# hosts this closed network refuses.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def live_server():
    tmp = tempfile.mkdtemp(prefix="ironbottom-browser-")
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgresql"):
        url = f"sqlite:///{tmp}/browser.db"
    server = LiveServer(url)
    server.migrate()
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: apt-get install chromium (CI does this itself)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def new_page(browser):
    contexts = []

    def make(width=1280, height=800, bypass_csp=False):
        # bypass_csp: only for a test tool that injects its own script (axe); the pages themselves run under the CSP
        ctx = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=bypass_csp)
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(15000)
        return page
    yield make
    for ctx in contexts:
        ctx.close()


def sign_up(page, base: str, name: str, next_url: str = "/") -> None:
    page.goto(f"{base}/signup?next={next_url}")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill("correct horse battery")
    page.get_by_role("button", name="Sign up").click()


def create_and_join(host, guest, base: str, game: str, side: str, host_name: str, guest_name: str) -> None:
    """`host` signs up and creates `game` on `side`; `guest` signs up through the invite link and takes the seat."""
    sign_up(host, base, host_name)
    host.goto(f"{base}/games/new?game={game}")
    host.get_by_label("Your side").select_option(side)
    host.get_by_role("button", name="Create game").click()
    invite = host.locator("input.invite-link").first.input_value()
    sign_up(guest, base, guest_name, next_url=invite.replace(base, ""))
    guest.get_by_role("button", name="Take the seat").click()


PASSWORD = "correct horse battery"
# The game page labels each waiting seat's invite link with the side's name, as a host reads it.
SOLOMONS_SIDES = {"allied": "United States", "japanese": "Japan"}


def invite_link(page, role: str) -> str:
    return page.get_by_label(f"{SOLOMONS_SIDES[role]}:", exact=True).input_value()


def api_user(base: str) -> dict[str, str]:
    """A new account signed in through the API: its bearer header."""
    import uuid

    import httpx

    name = f"a{uuid.uuid4().hex[:8]}"
    assert httpx.post(f"{base}/api/users", json={"username": name, "password": PASSWORD}).status_code == 201
    token = httpx.post(f"{base}/api/sessions", json={"username": name, "password": PASSWORD}).json()["token"]
    return {"Authorization": f"Bearer {token}"}


def umpired_solomons(page, base: str) -> tuple[str, list[dict[str, str]]]:
    """`page` signs up and creates an umpired Solomons game as the umpire; two API players take the sides' seats
    through their invite links. Returns the game id and the two players' bearer headers."""
    import re
    import uuid

    import httpx

    sign_up(page, base, f"ump{uuid.uuid4().hex[:6]}")
    page.goto(f"{base}/games/new?game=solomons")
    page.get_by_label("Your side").select_option("umpire")
    page.get_by_role("checkbox", name=re.compile("Umpired")).check()
    page.get_by_role("button", name="Create game").click()
    game_id = page.url.rstrip("/").split("/")[-1]
    sides = []
    for role in SOLOMONS_SIDES:
        auth = api_user(base)
        token = invite_link(page, role).rstrip("/").split("/")[-1]
        assert httpx.post(f"{base}/api/invites/{token}", headers=auth).status_code == 200
        sides.append(auth)
    return game_id, sides


def give_default_orders(base: str, game_id: str, sides: list[dict[str, str]], rounds: int = 200) -> None:
    """Each side submits its prompt's default orders until neither is asked (e.g. the umpire must release a
    segment)."""
    import uuid

    import httpx

    for _ in range(rounds):
        moved = False
        for auth in sides:
            g = httpx.get(f"{base}/api/games/{game_id}", headers=auth, timeout=60).json()
            if g["prompt"] and not g["prompt"]["info"].get("submitted"):
                r = httpx.post(f"{base}/api/games/{game_id}/actions", headers=auth, timeout=60, json={
                    "action": {"verb": "submit", "args": g["prompt"]["info"]["default"]},
                    "expected_version": g["game"]["version"], "key": uuid.uuid4().hex})
                assert r.status_code == 200, r.text
                moved = True
        if not moved:
            return
