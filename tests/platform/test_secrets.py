"""Secrets through every channel a role receives: the HTML page, the JSON API, websocket fragments (pushed and
caught up), error messages, "my games", replay, export and verify.

Non-interference: change only what a role may not know, and everything that role receives stays byte-identical.
Canaries: a marker planted in hidden fields never reaches the role. Spectators see public information while
the game runs and everything, with the seed, once it has ended."""
from __future__ import annotations

import json

import pytest

from app.engine.rng import SeededRng
from tests.fixtures.duel import Duel
from tests.platform import harness
from tests.platform.conftest import fire, game_row, play_round, start_duel, stored_state, ws_headers

MARKER = "CANARY-7f3a"


PROBES = [("fire", {"salvos": 9}), ("fire", {"salvos": "x"})]  # the duel's own illegal orders


def channels(who, gid: str, anon) -> dict[str, str]:
    return harness.channels(who, gid, anon, PROBES)


def _mask(text: str, gid: str) -> str:
    """What differs between two games for reasons other than their content: the id, the dice commitment, and the
    CSRF token as a compressed page masks it (a pad drawn from the whole body, the game's id included)."""
    import re

    game = game_row(gid)
    text = re.sub(r'(name="csrf_token" value="|"X-CSRF-Token": ")m\.[A-Za-z0-9_-]+', r"\1CSRF", text)
    return text.replace(gid, "GAME").replace(game.commitment, "COMMITMENT")


@pytest.fixture
def four(players):
    return players(), players(), players(), players()  # red, blue, a spectator, an umpire


def _moments(red, blue, gid):
    """Yield at: the start, red's salvos committed, a round resolved, blue's next salvos committed."""
    yield "start"
    fire(red, gid, 2)
    yield "red committed"
    fire(blue, gid, 1)
    yield "round resolved"
    fire(blue, gid, 3)
    yield "blue committed"


@pytest.mark.parametrize("role", ["red", "blue", "spectator"])
def test_non_interference_perturbing_the_stored_game(four, anon, role):
    red, blue, watcher, _ = four
    who = {"red": red, "blue": blue, "spectator": watcher}[role]
    gid = start_duel(red, blue, hits=5)
    for i, moment in enumerate(_moments(red, blue, gid)):
        harness.assert_rendered_non_interference(who, gid, role, Duel(), anon, SeededRng(i + 1), PROBES,
                                                 f"at {moment}")


def test_non_interference_two_games_with_different_hidden_salvos(players, anon):
    """Two sandbox games, same players and scripted dice, differing only in red's secret salvos: until they are
    fired, blue and a spectator receive the same bytes from both, pushes included."""
    red, blue, watcher = players(), players(), players()
    games = [start_duel(red, blue, sandbox=True, dice=[4, 4, 2, 5]) for _ in range(2)]
    for gid in games:
        play_round(red, blue, gid, 1, 1)  # the same public past
    seen: dict[str, list[dict[str, str]]] = {"blue": [], "spectator": []}
    for gid, salvos in zip(games, (1, 3)):
        with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(blue)) as b_ws, \
                anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(watcher)) as s_ws:
            fire(red, gid, salvos)
            pushed_blue, pushed_watcher = b_ws.receive_text(), s_ws.receive_text()
        for role, who, pushed in (("blue", blue, pushed_blue), ("spectator", watcher, pushed_watcher)):
            got = channels(who, gid, anon)
            got["pushed"] = pushed
            seen[role].append({k: _mask(v, gid) for k, v in got.items()})
    for role in seen:
        first, second = seen[role]
        for channel in first:
            assert first[channel] == second[channel], f"{role}'s {channel} shows red's secret salvos"
    # and the difference is real: red's own page differs, and it shows once the round resolves
    assert _mask(red.get(f"/games/{games[0]}").text, games[0]) != _mask(red.get(f"/games/{games[1]}").text, games[1])
    for gid in games:
        fire(blue, gid, 1)
    texts = [" ".join(x["text"] for x in blue.game(gid)["view"]["log"]) for gid in games]
    assert "Red fires 1 salvo(s)" in texts[0] and "Red fires 3 salvo(s)" in texts[1]


@pytest.mark.parametrize("role", ["red", "blue", "spectator"])
def test_canaries_never_reach_the_role(four, anon, role):
    red, blue, watcher, umpire = four
    who = {"red": red, "blue": blue, "spectator": watcher}[role]
    gid = start_duel(red, blue, umpire=umpire, hits=5)
    for moment in _moments(red, blue, gid):
        harness.assert_rendered_canaries(who, umpire, gid, role, Duel(), anon, MARKER, PROBES, f"at {moment}")
        assert MARKER in umpire.get(f"/api/games/{gid}/replay?seq={game_row(gid).version}").text
        with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(umpire)) as u_ws:
            u_ws.send_text(json.dumps({"since": -1}))
            assert MARKER in u_ws.receive_text()


def test_a_spectator_of_a_running_game_sees_nothing_hidden(players, anon):
    red, blue, watcher = players(), players(), players()
    gid = start_duel(red, blue, hits=5)
    fire(red, gid, 3)
    seen = watcher.game(gid)
    assert seen["role"] == "spectator" and seen["prompt"] is None
    view = seen["view"]
    assert "magazine" not in view and "salvos" not in view
    assert all(line["to"] == "public" for line in view["log"])
    assert view["submitted"] == {"red": True, "blue": False}  # that red has committed is public
    assert seen["game"]["seed"] is None
    assert "You commit" not in watcher.get(f"/games/{gid}").text
    assert watcher.get(f"/api/games/{gid}/export").status_code == 403
    assert watcher.get(f"/api/games/{gid}/replay?seq=1&eyes=red").status_code == 403


def test_after_the_end_a_spectator_sees_everything_and_the_seed(players, anon):
    red, blue, watcher = players(), players(), players()
    gid = start_duel(red, blue, hits=1, sandbox=True, dice=[6, 1])
    play_round(red, blue, gid, 2, 1)
    game = game_row(gid)
    assert game.status == "ended"
    final = stored_state(gid)
    seen = watcher.game(gid)
    assert seen["view"]["magazine"] == final["magazine"] and seen["view"]["salvos"] == final["salvos"]
    assert [x["text"] for x in seen["view"]["log"]] == [x["text"] for x in final["log"]]
    assert seen["game"]["seed"] == game.seed.hex() and seen["game"]["outcome"]["winner"] == "red"
    page = watcher.get(f"/games/{gid}").text
    assert game.seed.hex() in page and "You commit 2 salvo(s)." in page
    export = watcher.get(f"/api/games/{gid}/export").json()
    assert export["seed"] == game.seed.hex() and [a["action"] for a in export["actions"]] == [
        {"verb": "fire", "args": {"salvos": 2}}, {"verb": "fire", "args": {"salvos": 1}}]
    replay = watcher.get(f"/api/games/{gid}/replay?seq=1&eyes=red").json()
    assert replay["view"]["salvos"] == {"red": 2} and replay["action"] is not None
    # The replay page's log is read through the chosen eyes: red's own line for red, not for blue.
    assert "You commit 2 salvo(s)." in watcher.get(f"/games/{gid}/replay?seq=1&eyes=red").text
    assert "You commit 2 salvo(s)." not in watcher.get(f"/games/{gid}/replay?seq=1&eyes=blue").text


@pytest.mark.parametrize("role", ["blue", "spectator", "other"])
def test_a_sides_team_chat_never_reaches_the_other_side_or_spectators(four, players, anon, role):
    red, blue, watcher, umpire = four
    outsider = players()
    who = {"blue": blue, "spectator": watcher, "other": outsider}[role]
    gid = start_duel(red, blue, umpire=umpire, hits=5)
    r = red.post(f"/api/games/{gid}/chat", json={"channel": "red", "text": f"{MARKER} plan: fire 3 next round"})
    assert r.status_code == 201, r.text
    assert MARKER in json.dumps(umpire.get(f"/api/games/{gid}/chat").json())
    assert MARKER in json.dumps(red.get(f"/api/games/{gid}/chat").json())
    with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(who)) as ws:
        with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(red)) as red_ws:
            red.post(f"/api/games/{gid}/chat", json={"channel": "red", "text": f"{MARKER} second thoughts"})
            assert MARKER in red_ws.receive_text()
            # Nothing in the team message is for this role, so it gets no push; the next one it gets is the next
            # thing it may see, without the marker.
            fire(blue, gid, 2)  # public: blue's orders are in
            pushed = ws.receive_text()
    assert "Blue" in pushed and MARKER not in pushed
    for channel, text in channels(who, gid, anon).items():
        assert MARKER not in text, f"red's team chat reached {role} through {channel}"
