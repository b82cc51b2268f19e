"""Each page shows its role's own version (issue 10, item 13; app/play/versions.py): revising secret orders
bumps the game's version, but the other side may learn only that the orders are in, so its page, its JSON and
its answers to stale or probing submissions stay exactly as they were."""
from __future__ import annotations

import uuid

import pytest

from tests.platform.conftest import row_counts, submit_default


def test_the_other_sides_revisions_leave_the_american_page_and_json_byte_identical(at_the_allocation):
    us, jp, gid = at_the_allocation
    assert submit_default(jp, gid).status_code == 200           # Japan's orders are in; it may revise them
    page, api = us.get(f"/games/{gid}").text, us.get(f"/api/games/{gid}").text
    mine = us.get("/api/games").text                             # "my games" lists the version too
    seen = us.game(gid)["game"]["version"]
    for _ in range(2):                                           # Japan revises its orders twice
        assert submit_default(jp, gid).status_code == 200
    assert us.get(f"/games/{gid}").text == page
    assert us.get(f"/api/games/{gid}").text == api
    assert us.get("/api/games").text == mine
    # A version the American page never showed is refused, whatever Japan did: no probing the game's count.
    before = row_counts()
    r = submit_default(us, gid, version=seen + 1)
    assert r.status_code == 409 and r.json()["error"] == "stale_version"
    assert r.json()["version"] == seen and r.json()["current"]["game"]["version"] == seen
    assert row_counts() == before
    # The American's orders, made on that page, still go through, once.
    r = submit_default(us, gid, version=seen)
    assert r.status_code == 200, r.text
    assert "seq" not in r.json()                                # the game's count would tell of the revisions
    assert r.json()["game"]["version"] == seen + 1              # one more thing the American saw change


def test_a_genuinely_stale_american_submission_is_still_refused(at_the_allocation):
    us, jp, gid = at_the_allocation
    assert submit_default(us, gid).status_code == 200           # the American orders are in
    old = us.game(gid)["game"]["version"]
    stale = {"verb": "submit", "args": us.game(gid)["prompt"]["info"]["default"]}
    assert submit_default(jp, gid).status_code == 200           # Japan's too: the allocation resolves (5.2)
    assert us.game(gid)["prompt"]["info"]["kind"] == "movement_plot"
    before = row_counts()
    r = us.post(f"/api/games/{gid}/actions", json={"action": stale, "expected_version": old,
                                                   "key": uuid.uuid4().hex})
    assert r.status_code == 409 and r.json()["error"] == "stale_version", r.text
    assert r.json()["version"] == us.game(gid)["game"]["version"] == old + 1
    assert row_counts() == before
    assert submit_default(us, gid, version=old + 1).status_code == 200
