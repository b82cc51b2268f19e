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

    def make(width=1280, height=800):
        ctx = browser.new_context(viewport={"width": width, "height": height})
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
