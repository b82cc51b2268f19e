"""Start the real server (uvicorn in a subprocess) on a free port, for browser, crash and benchmark runs."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    def __init__(self, database_url: str, extra_games: str = '["tests.fixtures.duel"]', port: int | None = None):
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = dict(os.environ, DATABASE_URL=database_url, IRONBOTTOM_ENVIRONMENT="test",
                        IRONBOTTOM_EXTRA_GAMES=extra_games, IRONBOTTOM_BASE_URL=self.url)
        self.proc: subprocess.Popen | None = None
        self.ws = "app.realtime.frames:Protocol"  # as the app is run; the bench compares uvicorn's own ("auto")

    def migrate(self) -> None:
        subprocess.run([sys.executable, "-m", "app", "migrate"], env=self.env, cwd=ROOT, check=True,
                       capture_output=True)

    def start(self, timeout: float = 30) -> "LiveServer":
        self.proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "app.web.main:app", "--host", "127.0.0.1",
                                      "--port", str(self.port), "--log-level", "warning", "--ws-max-size", "65536",
                                      "--ws", self.ws],
                                     env=self.env, cwd=ROOT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}")
            try:
                if httpx.get(self.url + "/signin", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("the server did not start in time")

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()  # SIGKILL: no shutdown handlers run
            self.proc.wait()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
