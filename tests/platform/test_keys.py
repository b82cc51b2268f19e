"""Idempotency keys belong to the side that sent them (issue 10, item 1): no side can take the key the other
side's page, the clock or the computer will use next, and the keys a page carries cannot be worked out."""
from __future__ import annotations

import re
import uuid

import pytest

from tests.platform.conftest import actions_of, fire, row_counts, start_duel

KEY = re.compile(r'name="key" value="([^"]+)"')


def page_key(player, gid: str) -> str:
    keys = KEY.findall(player.get(f"/games/{gid}").text)
    assert keys, "the page has no order form"
    return keys[0]


def test_the_same_key_from_the_other_side_is_that_sides_own_submission(players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    key = uuid.uuid4().hex
    fire(red, gid, 1, key=key)
    out = fire(blue, gid, 2, key=key)
    assert out["replayed"] is False and out["game"]["version"] == 2
    assert [(r.role, r.key, r.action["args"]["salvos"]) for r in actions_of(gid)] == [("red", key, 1),
                                                                                    ("blue", key, 2)]


def test_a_side_cannot_squat_the_key_the_other_sides_page_will_carry(players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    blues_key = page_key(blue, gid)
    fire(red, gid, 1, key=blues_key)  # red has somehow learnt it: it is still only red's own key
    r = blue.post(f"/games/{gid}/actions", data={"verb": "fire", "arg.salvos": "2", "expected_version": "0",
                                                 "key": blues_key}, headers={"hx-request": "true"})
    assert r.status_code == 204, r.text
    assert [(a.role, a.action["args"]["salvos"]) for a in actions_of(gid)] == [("red", 1), ("blue", 2)]


def test_rendered_keys_cannot_be_worked_out_from_the_page(players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    red_key, blue_key = page_key(red, gid), page_key(blue, gid)
    assert red_key != blue_key
    for key in (red_key, blue_key):
        assert len(key) >= 32 and not re.search(r"\d+-(red|blue)-\d+", key), key
    assert page_key(red, gid) == red_key  # the same view draws the same key: a resent form is applied once


@pytest.mark.parametrize("key", ["bot:1", "missed:red:0", "undo:3", "claim:2", "resign:1"])
def test_the_servers_own_key_prefixes_are_refused(players, key):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    before = row_counts()
    r = red.act(gid, "fire", {"salvos": 1}, key=key)
    assert r.status_code == 400 and "server's own" in r.json()["message"]
    assert row_counts() == before
