"""Take the README's screenshots: start the server on a temp database, play a little, and capture pages.

    .venv/bin/python -m tools.screenshots            # writes docs/screenshots/*.png
"""
from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.browser.conftest import CHROMIUM_ARGS, sign_up
from tests.support_server import LiveServer

OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="ironbottom-shots-")
    server = LiveServer(f"sqlite:///{tmp}/shots.db")
    server.migrate()
    server.start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                        args=CHROMIUM_ARGS)
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
            browser.close()
    finally:
        server.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    print("screenshots in", OUT, os.listdir(OUT))


if __name__ == "__main__":
    main()
