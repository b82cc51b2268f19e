"""Notices when the tab is closed (issue 11, item 16), as a player would notice them: the e-mail arrives at a local
SMTP server (aiosmtpd) with the right subject, the game's link and an unsubscribe link, and nothing of the other
side's secrets; nobody who has not opted in gets anything; the unsubscribe link stops further notices; the webhook
receives its JSON; and a failing mail server leaves the game playable."""
from __future__ import annotations

import email
import email.policy
import json
import re
import socket
import threading
import time
from datetime import datetime, timedelta
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest

from tests.platform.conftest import execute, fetch, fire, game_row, rewrite_state, start_duel

UNSUBSCRIBE = re.compile(r"https?://\S+/notifications/unsubscribe/\S+")
CANARY = "CANARY-7f3e"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Inbox:
    """The local mail server's handler: keeps every message it accepts, or refuses them all when `failing`."""

    def __init__(self):
        self.messages: list[email.message.EmailMessage] = []
        self.failing = False

    async def handle_DATA(self, server, session, envelope):
        if self.failing:
            return "554 Transaction failed"
        self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
        return "250 OK"

    def to(self, address: str) -> list[email.message.EmailMessage]:
        return [m for m in self.messages if m["To"] == address]


@pytest.fixture
def inbox(monkeypatch):
    from aiosmtpd.controller import Controller

    from app.config import get_settings

    handler = Inbox()
    port = _free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    monkeypatch.setattr(get_settings(), "smtp_host", "127.0.0.1")
    monkeypatch.setattr(get_settings(), "smtp_port", port)
    yield handler
    _drain_notices()
    controller.stop()
    execute("DELETE FROM notify_settings")  # the players are reused by later tests: leave them opted out


class _Hook(BaseHTTPRequestHandler):
    received: list[dict] = []

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length", 0)))
        type(self).received.append({"type": self.headers.get("content-type"), "host": self.headers.get("host"),
                                    "body": json.loads(body)})
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def hook(monkeypatch):
    """A webhook receiver on loopback, which the server is allowed to reach only because the test says so."""
    from app.config import get_settings

    _Hook.received = []
    server = HTTPServer(("127.0.0.1", 0), _Hook)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    monkeypatch.setattr(get_settings(), "webhook_allow_private", True)
    yield f"http://127.0.0.1:{server.server_address[1]}/hook", _Hook.received
    _drain_notices()
    server.shutdown()
    server.server_close()
    execute("DELETE FROM notify_settings")


def _drain_notices():
    """Wait for the notices this test's commits queued: the players are reused, so a notice still on its way when a
    test ends would otherwise reach the next test's mail server under the same address (a flake seen on PostgreSQL,
    whose commits are slower)."""
    from app.play import notify

    wait_for(lambda: not notify._tasks)


def wait_for(check, seconds: float = 30.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got = check()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError("nothing arrived in time")


def opt_in(player, events=("move", "deadline", "end"), email_address: str | None = None, webhook: str = ""):
    r = player.post("/account/notifications", data={
        "email": email_address if email_address is not None else f"{player.name}@example.org",
        "webhook_url": webhook, "events": list(events)}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return f"{player.name}@example.org"


def plant_canaries(game_id: str) -> None:
    """Red's secrets carry a canary: red's own log line. Nothing sent to blue may contain it."""
    from app.engine.log import entry

    def change(state):
        state["log"].append(entry("red", f"Red's secret plan {CANARY}"))
        return state
    rewrite_state(game_id, change)


def test_your_move_email_arrives_once_with_its_links_and_no_secret(inbox, players):
    red, blue = players(), players()
    game_id = start_duel(red, blue)
    plant_canaries(game_id)
    address = opt_in(blue)
    fire(red, game_id, 3)  # red's orders are in: blue is still awaited, and this commit queues the notice

    mail = wait_for(lambda: inbox.to(address))
    assert len(mail) == 1
    msg = mail[0]
    assert msg["Subject"] == "Your move: Gunnery Duel (test game) (Blue)"
    body = msg.get_content()
    assert f"http://testserver/games/{game_id}" in body
    assert "Your side: Blue" in body and "Orders wanted: Round 1: commit salvos" in body
    link = UNSUBSCRIBE.search(body).group(0)
    assert msg["List-Unsubscribe"] == f"<{link}>"
    assert CANARY not in msg.as_string() and "3 salvo" not in body  # red's secrets and red's orders stay red's

    # The same prompt version is never noticed twice, however often the game is pushed.
    from app.play import notify

    red.post(f"/api/games/{game_id}/chat", json={"channel": "all", "text": "your turn"})
    assert notify.send_for_game(game_id) == 0
    assert len(inbox.to(address)) == 1
    # The next prompt (round 2, after blue fires) is a new notice.
    fire(blue, game_id, 1)
    wait_for(lambda: len(inbox.to(address)) == 2)
    assert "Round 2: commit salvos" in inbox.to(address)[1].get_content()


def test_a_player_with_the_game_open_hears_of_the_move_there_and_by_mail_once_the_tab_is_closed(inbox, players, anon):
    from app.play import notify
    from tests.platform.conftest import ws_headers

    red, blue = players(), players()
    game_id = start_duel(red, blue)
    # The start's own notices first: one queued when blue had no tab open, run late (under load) after blue's
    # opt-in, mailed blue blue's first move (as it should: the tab was not open then), which is not this test's.
    wait_for(lambda: not notify._tasks)
    address = opt_in(blue)
    with anon.websocket_connect(f"/games/{game_id}/ws", headers=ws_headers(blue)) as ws:
        fire(red, game_id)
        ws.receive_text()  # the move is pushed to blue's open page
        wait_for(lambda: not notify._tasks)
    assert inbox.to(address) == []
    from app.realtime.hub import hub
    wait_for(lambda: not hub.channels.get(game_id))  # the server has seen the tab close (slow under load)
    red.post(f"/api/games/{game_id}/chat", json={"channel": "all", "text": "your turn"})  # the next commit
    assert wait_for(lambda: inbox.to(address))[0]["Subject"].startswith("Your move:")


def test_no_email_for_a_user_who_has_not_opted_in(inbox, players):
    red, blue, third = players(), players(), players()
    game_id = start_duel(red, blue)
    red_address = opt_in(red, events=())  # an address, but no event chosen: not opted in
    blue_address = opt_in(blue, events=("move",))
    assert "Notices are <strong>off</strong>" in red.get("/account/notifications").text
    assert "Notices are <strong>off</strong>" in third.get("/account/notifications").text  # never visited: off
    fire(red, game_id)
    fire(blue, game_id)  # round 2: both sides are to move
    wait_for(lambda: inbox.to(blue_address))
    assert inbox.to(red_address) == []
    assert fetch("SELECT count(*) FROM notices_sent WHERE game_id = :g AND user_id != "
                 "(SELECT id FROM users WHERE username = :b)", g=game_id, b=blue.name)[0][0] == 0


def test_the_unsubscribe_link_stops_further_notices_without_signing_in(inbox, players, anon):
    red, blue = players(), players()
    game_id = start_duel(red, blue)
    red_address, blue_address = opt_in(red), opt_in(blue)
    fire(red, game_id)
    link = UNSUBSCRIBE.search(wait_for(lambda: inbox.to(blue_address))[0].get_content()).group(0)

    path = link.replace("http://testserver", "")
    page = anon.get(path)  # a browser that is not signed in, or a mail scanner fetching every link: it only asks
    assert page.status_code == 200 and "Turn all notices off" in page.text
    assert "Notices are <strong>on</strong>" in blue.get("/account/notifications").text
    assert inbox.to(blue_address)[0]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    page = anon.post(path)  # the page's button
    assert page.status_code == 200 and "You will receive no more notices" in page.text
    assert "Notices are <strong>off</strong>" in blue.get("/account/notifications").text

    fire(blue, game_id)  # round 2 opens for both: red still hears of it, blue does not
    wait_for(lambda: len(inbox.to(red_address)) == 1)
    from app.play import notify
    notify.send_for_game(game_id)
    assert len(inbox.to(blue_address)) == 1
    # A link whose signature was altered is refused and changes nothing.
    assert anon.get(link.replace("http://testserver", "")[:-1] + "x").status_code == 404


def test_the_webhook_receives_its_json(hook, players):
    url, received = hook
    red, blue = players(), players()
    game_id = start_duel(red, blue, hits=1)
    plant_canaries(game_id)
    opt_in(blue, events=("move", "end"), email_address="", webhook=url)
    fire(red, game_id, 3)
    got = wait_for(lambda: received)[0]
    assert got["type"] == "application/json"
    body = got["body"]
    assert body["event"] == "your_move" and body["side"] == "Blue"
    assert body["game"] == {"id": game_id, "title": "Gunnery Duel (test game)", "type": "Gunnery Duel (test game)",
                            "url": f"http://testserver/games/{game_id}"}
    assert "/notifications/unsubscribe/" in body["unsubscribe"]
    assert CANARY not in json.dumps(body)
    # Red's 3 salvos against blue's 1 decides the one-hit game unless blue out-rolls: play until it ends.
    fire(blue, game_id, 1)
    while blue.game(game_id)["game"]["status"] != "ended":
        fire(red, game_id, 1)
        fire(blue, game_id, 1)
    ended = wait_for(lambda: [r["body"] for r in received if r["body"]["event"] == "game_over"])
    assert ended[0]["text"] == "Game over: Gunnery Duel (test game) (Blue)"


def test_a_failing_mail_server_leaves_the_game_playable(inbox, players):
    inbox.failing = True
    red, blue = players(), players()
    game_id = start_duel(red, blue)
    opt_in(red), opt_in(blue)
    fire(red, game_id)
    fire(blue, game_id)
    fire(red, game_id)
    assert blue.game(game_id)["view"]["round"] == 2  # the game went on
    failed = wait_for(lambda: fetch("SELECT status, error FROM notices_sent WHERE game_id = :g AND status = 'failed'",
                                    g=game_id))
    assert "554" in failed[0][1]
    assert inbox.messages == []


def test_a_deadline_near_is_noticed_once_within_its_window(inbox, players):
    from app.play import notify

    red, blue = players(), players()
    r = red.post("/api/games", json={"game": "duel", "side": "red", "clock": "daily"})
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    assert blue.post(f"/api/invites/{r.json()['invite_tokens']['blue']}").status_code == 200
    address = opt_in(blue, events=("deadline",))
    due = datetime.fromisoformat(game_row(game_id).deadlines["blue"])
    assert notify.warn_deadlines(due - timedelta(hours=3)) == 0  # not near yet
    assert notify.warn_deadlines(due - timedelta(minutes=30)) == 1
    assert notify.warn_deadlines(due - timedelta(minutes=20)) == 0  # once per prompt version
    msg = wait_for(lambda: inbox.to(address))[0]
    assert msg["Subject"] == "Your deadline is near: Gunnery Duel (test game) (Blue)"
    assert f"your orders are due by {due.day} {due:%B %Y, %H:%M} UTC." in msg.get_content()


@pytest.mark.parametrize("fields, message", [
    ({"email": "not an address", "events": ["move"]}, "That e-mail address cannot be used"),
    ({"email": "a@example.org\r\nBcc: x@example.org", "events": ["move"]}, "That e-mail address cannot be used"),
    ({"webhook_url": "ftp://example.org/hook", "events": ["move"]}, "starts with https://"),
    ({"webhook_url": "http://127.0.0.1:9/hook", "events": ["move"]}, "cannot go to private"),
    ({"webhook_url": "http://10.0.0.8/hook", "events": ["move"]}, "cannot go to private"),
    # issue 32 item 8: IPv6 forms that lead to an IPv4 address reach what it reaches (the metadata service, loopback)
    ({"webhook_url": "http://[64:ff9b::a9fe:a9fe]/hook", "events": ["move"]}, "cannot go to private"),  # NAT64
    ({"webhook_url": "http://[64:ff9b:1::a00:8]/hook", "events": ["move"]}, "cannot go to private"),  # local NAT64
    ({"webhook_url": "http://[2002:7f00:1::]/hook", "events": ["move"]}, "cannot go to private"),  # 6to4
    ({"webhook_url": "http://[::127.0.0.1]/hook", "events": ["move"]}, "cannot go to private"),  # IPv4-compatible
    ({"webhook_url": "http://[::ffff:169.254.169.254]/hook", "events": ["move"]}, "cannot go to private"),
    ({"webhook_url": "https://user:pw@example.org/hook", "events": ["move"]}, "user name or password"),
    ({"events": ["move"]}, "Give an e-mail address or a webhook address"),
    ({"email": "a@example.org", "events": ["everything"]}, "Choose among the listed events"),
])
def test_bad_settings_are_refused_with_a_clear_400_and_change_nothing(players, fields, message):
    from tests.platform.conftest import row_counts

    player = players()
    before = row_counts()
    r = player.post("/account/notifications", data=fields, follow_redirects=False)
    assert r.status_code == 400, r.text
    assert message in r.text
    assert row_counts() == before


def test_a_mail_client_s_one_click_unsubscribe_turns_notices_off_at_once(inbox, players, anon):
    """RFC 8058: the client POSTs "List-Unsubscribe=One-Click" to the link and expects no page, just success."""
    red, blue = players(), players()
    game_id = start_duel(red, blue)
    opt_in(red)
    blue_address = opt_in(blue)
    fire(red, game_id)
    link = UNSUBSCRIBE.search(wait_for(lambda: inbox.to(blue_address))[0].get_content()).group(0)
    r = anon.post(link.replace("http://testserver", ""), content=b"List-Unsubscribe=One-Click",
                  headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 204
    assert "Notices are <strong>off</strong>" in blue.get("/account/notifications").text


def test_a_webhook_goes_to_the_address_that_was_checked_even_if_its_host_resolves_elsewhere_later(hook, monkeypatch):
    """DNS rebinding: a host that answers the check with one address and the connection with another (the server's
    own network) must not get the request redirected; the request goes to the address checked, naming its host."""
    import socket

    from app.play import notify

    url, received = hook
    port = url.split(":")[2].split("/")[0]
    real, asked = socket.getaddrinfo, []

    def rebinding(host, *args, **kwargs):
        if host == "hooks.example":
            asked.append(host)
            if len(asked) > 1:
                raise socket.gaierror("the name now points elsewhere")
            return real("127.0.0.1", *args, **kwargs)
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", rebinding)
    notify.post_webhook(f"http://hooks.example:{port}/hook", {"event": "your_move"})
    assert asked == ["hooks.example"]  # looked up once, at the check
    assert received == [{"type": "application/json", "host": f"hooks.example:{port}", "body": {"event": "your_move"}}]
