"""The game service: versions, idempotency keys, illegal actions, simultaneous submissions, snapshots, and
broadcasts only after commit."""
from __future__ import annotations

import html
import threading
import time
import uuid

import pytest
from sqlalchemy import event
from sqlalchemy.orm import Session

from tests.platform.conftest import (actions_of, fire, game_row, play_round, row_counts, snapshots_of,
                                     start_duel, version_of, ws_headers)


def test_stale_expected_version_gets_409_with_the_current_view_and_changes_nothing(players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    play_round(red, blue, gid)  # version 2; both prompts moved on to round 2
    before, log = row_counts(), actions_of(gid)
    r = red.act(gid, "fire", {"salvos": 1}, version=0)
    assert r.status_code == 409
    body = r.json()
    assert body["error"] == "stale_version" and "moved on" in body["message"]
    assert body["current"]["game"]["version"] == 2
    assert body["current"]["role"] == "red" and body["current"]["view"]["round"] == 2
    assert "blue" not in body["current"]["view"]["magazine"]  # the current view is red's, not everything
    r = red.act(gid, "fire", {"salvos": 1}, version=7)  # a version from the future is stale too
    assert r.status_code == 409
    assert row_counts() == before and actions_of(gid) == log
    assert game_row(gid).version == 2


def test_the_other_sides_move_does_not_make_my_page_stale(players):
    """Both sides plot at once: red's order does not refuse blue's order made on the page before it."""
    red, blue = players(), players()
    gid = start_duel(red, blue)
    fire(red, gid, 1, version=0)
    out = fire(blue, gid, 1, version=0)
    assert out["game"]["version"] == 2 and out["view"]["round"] == 2


def test_a_repeated_idempotency_key_is_applied_once(players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    key = uuid.uuid4().hex
    first = fire(red, gid, 2, version=0, key=key)
    again = fire(red, gid, 2, version=0, key=key)
    assert "seq" not in first  # the game's own count would tell red how often blue revised (app/play/versions.py)
    assert first["replayed"] is False and again["replayed"] is True
    assert again["game"]["version"] == 1
    rows = actions_of(gid)
    assert [(r.seq, r.key) for r in rows] == [(1, key)]
    assert again["view"]["magazine"] == {"red": 6}  # the salvos left the magazine once
    log = [line["text"] for line in again["view"]["log"]]
    assert log.count("You commit 2 salvo(s).") == 1


@pytest.mark.parametrize("args, message", [
    ({"salvos": 4}, "Commit from 1 to 3 salvos"),
    ({"salvos": 0}, "Commit from 1 to 3 salvos"),
    ({"salvos": "2"}, "Commit from 1 to 3 salvos"),
    ({}, "Commit from 1 to 3 salvos"),
])
def test_an_illegal_action_gets_422_with_message_and_rule_and_changes_nothing(players, args, message):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    before = row_counts()
    r = red.act(gid, "fire", args)
    assert r.status_code == 422
    body = r.json()
    assert body["error"] == "illegal_action" and message in body["message"] and body["rule"] == "duel 1"
    assert row_counts() == before and game_row(gid).version == 0


def test_acting_twice_in_a_round_is_illegal_and_changes_nothing(players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    fire(red, gid, 1)
    before = row_counts()
    r = red.act(gid, "fire", {"salvos": 1})
    assert r.status_code == 422 and r.json()["message"]
    assert row_counts() == before and game_row(gid).version == 1


def test_an_unknown_order_is_a_422_with_a_message(players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    before = row_counts()
    r = red.act(gid, "scuttle")
    assert r.status_code == 422 and "Unknown order" in r.json()["message"]
    assert row_counts() == before


def _both_at_once(red, blue, gid, barrier, results):
    view = red.game(gid)["game"]["version"]
    out = {}

    def go(player, name):
        barrier.wait()
        out[name] = player.act(gid, "fire", {"salvos": 1}, version=view, key=f"{name}-{uuid.uuid4().hex}")
    threads = [threading.Thread(target=go, args=(p, n)) for p, n in ((red, "red"), (blue, "blue"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    results.append(out)


def test_simultaneous_submissions_are_each_applied_once_and_the_round_resolves_once(players):
    red, blue = players(), players()
    games = [start_duel(red, blue, hits=5) for _ in range(5)]
    barrier = threading.Barrier(2)
    for gid in games:
        rounds = 0
        while game_row(gid).status == "active" and rounds < 6:
            results = []
            _both_at_once(red, blue, gid, barrier, results)
            out = results[0]
            assert out["red"].status_code == 200, out["red"].text
            assert out["blue"].status_code == 200, out["blue"].text
            rounds += 1
        rows = actions_of(gid)
        game = game_row(gid)
        assert [r.seq for r in rows] == list(range(1, game.version + 1))  # unique, contiguous
        assert game.version == 2 * rounds
        for i in range(rounds):  # each round: one order from each side
            assert sorted(r.role for r in rows[2 * i:2 * i + 2]) == ["blue", "red"]
        # the dice: two d6 per resolved round, drawn by the second order only, numbered k = 0, 1, 2, ...
        rolls = [roll for r in rows for roll in r.rolls]
        assert [roll["k"] for roll in rolls] == list(range(2 * rounds))
        assert all(not rows[2 * i].rolls and len(rows[2 * i + 1].rolls) == 2 for i in range(rounds))
        assert game.roll_count == 2 * rounds
        view = red.game(gid)["view"]
        texts = [line["text"] for line in view["log"]]
        assert sum(" fires 1 salvo(s) and rolls " in t for t in texts) == 2 * rounds
        assert sum(hits for hits in view["hits"].values()) == sum(t.endswith("scores a hit.") for t in texts)
        assert view["magazine"]["red"] == 8 - rounds


def test_the_same_retry_sent_twice_at_once_is_applied_once(players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    key = uuid.uuid4().hex
    barrier = threading.Barrier(4)
    out = []

    def go():
        barrier.wait()
        out.append(red.act(gid, "fire", {"salvos": 3}, version=0, key=key))
    threads = [threading.Thread(target=go) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert [r.status_code for r in out] == [200] * 4, [r.text for r in out]
    assert sorted(r.json()["replayed"] for r in out) == [False, True, True, True]
    assert [(r.seq, r.key) for r in actions_of(gid)] == [(1, key)]
    assert red.game(gid)["view"]["magazine"] == {"red": 5}


def test_loading_never_replays_more_than_one_phase(players, monkeypatch):
    from app.play import state as state_module
    from app.store.db import transaction
    from app.store.models import Game
    from tests.fixtures.duel import Duel

    red, blue = players(), players()
    gid = start_duel(red, blue, hits=5)
    # Four rounds and a salvo: the game cannot end (five hits win; 5 of 8 salvos fired), so its snapshots are the
    # running game's. A fifth round could end it (a side hitting every round), and a finished game's snapshots are
    # thinned (snapshots.thin, tested in test_packed_snapshots.py), which this check would misread as a missed phase.
    for i in range(4):
        play_round(red, blue, gid)
    fire(red, gid, 1)
    game = game_row(gid)
    assert game.status == "active"
    snaps = snapshots_of(gid)
    assert snaps[0].seq == 0
    phases = {}
    for seq in range(game.version + 1):
        with transaction() as db:
            phases[seq] = state_module.phase_of(Duel(), state_module.state_at(db, db.get(Game, gid), seq))
    for snap in snaps:  # a snapshot is the position after its action
        assert snap.phase == phases[snap.seq]
    # Every version loads from a snapshot of its own phase, replaying only actions of that phase.
    for seq in range(game.version + 1):
        base = max(s.seq for s in snaps if s.seq <= seq)
        assert {phases[x] for x in range(base, seq + 1)} == {phases[seq]}, (seq, snaps)

    # And the loader really starts there: a cold load of the current position replays at most one action.
    applied = []
    real_apply = Duel.apply
    monkeypatch.setattr(Duel, "apply", lambda self, *a: applied.append(a[1]) or real_apply(self, *a))
    from app.play import notify
    deadline = time.monotonic() + 30
    while notify._tasks and time.monotonic() < deadline:  # the last order's notices load the state off the request:
        time.sleep(0.02)  # under load they were still replaying when the count began
    state_module.forget_all()
    assert red.game(gid)["game"]["version"] == game.version
    assert len(applied) <= 1


SUBMITTED_BLUE_ONLY = '"submitted": {\n    "blue": true,\n    "red": false\n  }'


def test_broadcasts_go_out_only_after_commit(app, players, anon):
    """A submission whose transaction fails at commit is never pushed: the watcher's next fragment is the next
    committed version, and it does not show the failed order."""
    red, blue = players(), players()
    gid = start_duel(red, blue)
    armed = {"on": True}

    def mark(session, _context):
        if any(type(o).__name__ == "ActionRow" for o in session.new):
            session.info["appends_action"] = True

    def fail_commit(session):
        if armed["on"] and session.info.pop("appends_action", False):
            armed["on"] = False
            raise RuntimeError("the disk is full")
    event.listen(Session, "after_flush", mark)
    event.listen(Session, "before_commit", fail_commit)
    try:
        with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(blue)) as ws:
            r = red.act(gid, "fire", {"salvos": 3}, version=0)
            assert r.status_code == 503 and r.json()["error"] == "not_saved", r.text  # said so, not a bare 500
            assert game_row(gid).version == 0 and actions_of(gid) == []
            fire(blue, gid, 2, version=0)
            pushed = ws.receive_text()
            assert version_of(pushed) == 1
            assert SUBMITTED_BLUE_ONLY in html.unescape(pushed)
    finally:
        event.remove(Session, "before_commit", fail_commit)
        event.remove(Session, "after_flush", mark)
    # red's order was not kept: red can still fire this round
    out = fire(red, gid, 1)
    assert out["game"]["version"] == 2 and out["view"]["round"] == 2


def test_a_form_order_whose_commit_fails_is_told_so_and_can_be_sent_again(players):
    """The page's form path: a commit that fails answers 503 with the reason in the prompt's error fragment; the
    same form sent again (the same key) is applied, once."""
    red, blue = players(), players()
    gid = start_duel(red, blue)

    def fail_commit(session):
        if any(type(o).__name__ == "ActionRow" for o in session.identity_map.values()):
            raise OSError("the disk is full")
    form = {"verb": "fire", "arg.salvos": "2", "expected_version": "0", "key": uuid.uuid4().hex}
    event.listen(Session, "before_commit", fail_commit)
    try:
        r = red.post(f"/games/{gid}/actions", data=form, headers={"hx-request": "true", "hx-target": "prompt-error"})
    finally:
        event.remove(Session, "before_commit", fail_commit)
    assert r.status_code == 503 and "could not be saved" in r.text and "<html" not in r.text
    assert game_row(gid).version == 0 and actions_of(gid) == []
    r = red.post(f"/games/{gid}/actions", data=form, headers={"hx-request": "true"})
    assert r.status_code == 204 and game_row(gid).version == 1
    red.post(f"/games/{gid}/actions", data=form, headers={"hx-request": "true"})  # (409: the form's prompt passed)
    assert game_row(gid).version == 1 and len(actions_of(gid)) == 1


def test_an_htmx_order_gets_its_error_as_a_fragment_in_the_prompt(players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    before = row_counts()
    r = red.post(f"/games/{gid}/actions", data={"verb": "fire", "arg.salvos": "7", "expected_version": "0",
                                                "key": uuid.uuid4().hex},
                 headers={"hx-request": "true", "hx-target": "prompt-error"})
    assert r.status_code == 422
    assert r.text.strip().startswith('<p class="error-message">') and "<html" not in r.text
    assert "Commit from 1 to 3 salvos" in r.text and "(rule duel 1)" in r.text
    r = red.post(f"/games/{gid}/actions", data={"verb": "fire", "arg.salvos": "two", "expected_version": "0",
                                                "key": uuid.uuid4().hex}, headers={"hx-request": "true"})
    assert r.status_code == 400 and "cannot be read" in r.text
    assert r.headers.get("hx-retarget") == "#flash"  # no target named: the message goes to the page's flash
    assert row_counts() == before
    r = red.post(f"/games/{gid}/actions", data={"verb": "fire", "arg.salvos": "2", "expected_version": "0",
                                                "key": uuid.uuid4().hex}, headers={"hx-request": "true"})
    assert r.status_code == 204 and game_row(gid).version == 1
