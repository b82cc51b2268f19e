"""Issue 37: a push carries what changed. A page whose script applies patches (it says so on connecting) is sent,
after its first whole page, the patch of the page it holds: far fewer bytes, and the page it makes is, byte for
byte, the whole page a socket without patches is sent. A patch is made only between two renderings of the same
role's page, and a page holding another page (a push it missed) is sent the whole page again."""
from __future__ import annotations

import json

import pytest

from app.realtime import patch as patches
from tests.platform.conftest import fire, start_duel, version_of, ws_headers


def _hello(ws, since: int = -1) -> None:
    ws.send_text(json.dumps({"since": since, "patches": 1}))


def test_after_its_first_page_a_socket_that_applies_patches_gets_only_what_changed(players, anon):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(blue)) as patched, \
            anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(blue)) as whole:
        _hello(patched)
        held = patched.receive_text()
        assert held.startswith("<!--p:") and version_of(held) == 0
        shares = []
        for salvos, who in ((2, red), (1, blue), (1, red), (1, blue), (2, red)):
            fire(who, gid, salvos)
            message, page = patched.receive_text(), whole.receive_text()
            assert message.startswith(patches.MARK), message[:80]
            shares.append(len(message) / len(page))
            made = patches.apply(held, message)
            assert made == page  # what the patch makes is the page itself
            held = made
        assert version_of(held) == 5
    # A push within a round carries a few lines; a new round redraws the log's turns, still less than the page.
    assert max(shares) < 0.6 and sorted(shares)[len(shares) // 2] <= 0.15, shares


def test_a_patch_never_spans_two_roles(players, anon):
    """Red's page and Blue's are patched each from its own previous page: a socket of one role is never sent a
    patch made from the other's."""
    red, blue = players(), players()
    gid = start_duel(red, blue)
    with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(red)) as r, \
            anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(blue)) as b:
        _hello(r)
        _hello(b)
        red_page, blue_page = r.receive_text(), b.receive_text()
        fire(red, gid, 2)
        red_patch, blue_patch = r.receive_text(), b.receive_text()
    assert json.loads(red_patch[1:])[0] == patches.id_of(red_page)
    assert json.loads(blue_patch[1:])[0] == patches.id_of(blue_page)
    assert "You commit 2 salvo(s)." in patches.apply(red_page, red_patch)
    assert "You commit 2 salvo(s)." not in blue_patch


def test_a_page_that_missed_a_push_is_sent_the_whole_page(players, anon):
    from app.realtime.hub import hub

    red, blue = players(), players()
    gid = start_duel(red, blue)
    with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(blue)) as ws:
        _hello(ws)
        ws.receive_text()
        sub = next(iter(hub.channels[gid]))
        sub.holds = "0000000000000000"  # as if it held some other page
        fire(red, gid, 2)
        again = ws.receive_text()
    assert again.startswith("<!--p:") and version_of(again) == 1


@pytest.mark.parametrize("old,new", [
    ("", "<p>a</p>"), ("<p>a</p>", ""), ("<b>x</b>\n<i>y</i>", "<b>x</b>\n<i>z</i>\n<i>y</i>"),
    ("<ol>" + "".join(f"<li>line {i}</li>\n" for i in range(200)) + "</ol>",
     "<ol>" + "".join(f"<li>line {i}</li>\n" for i in range(1, 203)) + "</ol>"),
    ("tail without a tag end", "tail without a tag end, longer"), ("é>😀\n<x>", "<x>😀\né>"),
])
def test_a_patch_makes_the_new_page_exactly(old, new):
    old, new = patches.stamped(old), patches.stamped(new)
    assert patches.apply(old, patches.patch(old, new)) == new


def test_random_edits_of_a_page_are_made_exactly():
    import random

    rng = random.Random(37)
    pieces = ["<li>", "</li>", "\n", "<b>", "text", "é", "😀", ">", "a>b", "\n\n", "<g id=\"h1\">", "x" * 40]
    for _ in range(300):
        old = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 60)))
        parts = patches.chunks(old)
        for _ in range(rng.randint(0, 6)):
            at = rng.randint(0, len(parts))
            kind = rng.random()
            if kind < 0.4:
                parts.insert(at, rng.choice(pieces))
            elif kind < 0.7 and parts:
                parts.pop(min(at, len(parts) - 1))
            elif parts:
                k = rng.randint(0, len(parts) - 1)
                parts = parts[k:] + parts[:k]  # a section moved
        new = "".join(parts)
        a, b = patches.stamped(old), patches.stamped(new)
        assert patches.apply(a, patches.patch(a, b)) == b
