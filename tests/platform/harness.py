"""The platform's half of the secrecy harness, for any game: what a role receives through every channel, and
rendered non-interference and canary checks on a stored game.

app/engine/testing.py checks a game's `view` alone; these check what the server actually sends: the HTML page,
the JSON API, the websocket fragments, error messages, "my games", chat, replay, export, verify and the record
pages. A game's own tests can reuse them with their own players:

    from tests.platform.harness import assert_rendered_non_interference, assert_rendered_canaries
    assert_rendered_non_interference(player, game_id, role, rules, anon_client, SeededRng(1))

`player` is a tests.conftest.Player with a seat (or none, for a spectator); `anon_client` is any TestClient of
the app (it carries the websocket, with the player's cookie in the handshake)."""
from __future__ import annotations

import json
import uuid
from typing import Any

from tests.platform.conftest import rewrite_state, stored_state, ws_headers

GET_CHANNELS = (
    ("page", "/games/{gid}"), ("json", "/api/games/{gid}"), ("my games", "/api/games"),
    ("chat", "/api/games/{gid}/chat"), ("replay", "/api/games/{gid}/replay?seq=0"),
    ("export", "/api/games/{gid}/export"), ("verify", "/api/games/{gid}/verify"),
    ("replay page", "/games/{gid}/replay"), ("report page", "/games/{gid}/report"),
    ("verify page", "/games/{gid}/verify"),
)


def channels(who, gid: str, anon, probes: list[tuple[str, dict[str, Any]]] = ()) -> dict[str, str]:
    """Everything `who` receives about game `gid`, by channel, as status and body text.

    Error messages are drawn out by an unknown order, a stale order, and each of `probes` (a game's own
    illegal orders, as (verb, args)), through the JSON API and as an HTMX form."""
    out = {}
    for name, url in GET_CHANNELS:
        r = who.get(url.format(gid=gid))
        out[name] = f"{r.status_code} {r.text}"
        if name == "my games" and r.status_code == 200:  # this game's line only: the list holds other games too
            out[name] = json.dumps([g for g in r.json() if g["game_id"] == gid])
    orders = [("unknown order", "no-such-order", {"x": 1}, None), ("stale order", "no-such-order", {}, 10_000)]
    orders += [(f"probe {i}", verb, args, None) for i, (verb, args) in enumerate(probes)]
    for name, verb, args, version in orders:
        r = who.act(gid, verb, args, version=version, key=f"probe-{uuid.uuid4().hex}")
        assert r.status_code in (400, 403, 409, 422), f"the probe {name} was accepted: {r.text}"
        out[name] = f"{r.status_code} {r.text}"
    r = who.post(f"/games/{gid}/actions", data={"verb": "no-such-order", "expected_version": "0",
                                                "key": f"probe-{uuid.uuid4().hex}"}, headers={"hx-request": "true"})
    out["htmx error"] = f"{r.status_code} {r.text}"
    with anon.websocket_connect(f"/games/{gid}/ws", headers=ws_headers(who)) as ws:
        ws.send_text(json.dumps({"since": -1}))
        out["websocket"] = ws.receive_text()
    return out


def assert_rendered_non_interference(who, gid: str, role: str, rules, anon, rng, probes=(), moment="") -> None:
    """Perturb what `role` may not know in the stored game (the game's `perturb` hook): every channel `who`
    receives must stay byte-identical. The stored position is put back afterwards."""
    original = stored_state(gid)
    before = channels(who, gid, anon, list(probes))
    try:
        rewrite_state(gid, lambda s: rules.perturb(s, role, rng))
        assert stored_state(gid) != original, "perturb changed nothing: the check would prove nothing"
        after = channels(who, gid, anon, list(probes))
    finally:
        rewrite_state(gid, lambda s: original)
    for channel in before:
        assert after[channel] == before[channel], f"{role} sees a hidden change through {channel} {moment}"


def assert_rendered_canaries(who, umpire, gid: str, role: str, rules, anon, marker: str = "CANARY-7f3a",
                             probes=(), moment="") -> None:
    """Plant `marker` in every field hidden from `role` (the game's `plant_canaries` hook): the umpire's page
    shows it, and nothing `who` receives does. The planted position stays (it is what the game now is)."""
    rewrite_state(gid, lambda s: rules.plant_canaries(s, role, marker))
    if umpire is not None:
        assert marker in umpire.get(f"/games/{gid}").text, "the canary was not planted where the umpire sees it"
    for channel, text in channels(who, gid, anon, list(probes)).items():
        assert marker not in text, f"a hidden field reached {role} through {channel} {moment}"
