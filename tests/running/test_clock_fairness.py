"""Clocks punish only a side whose orders are not in (issue 10, item 2): a side that submitted may still revise,
so it stays prompted, but its orders stand and it never misses; and a side that walked away cannot claim."""
from __future__ import annotations

import copy
import dataclasses
from datetime import timedelta

import pytest

from app.play import clocks
from app.play.clock import now
from app.store.db import transaction
from app.store.models import Game
from tests.fixtures.duel import SIDES, Duel
from tests.fixtures.spec import spec_of


class RevisableDuel(Duel):
    """The test game with Solomons-style secret orders: a side may revise its salvos until both are in, and its
    prompt says whether they are in (info.submitted)."""
    meta = dataclasses.replace(Duel.meta, id="duel_revisable", title="Revisable Duel (test copy)")

    def prompts(self, state):
        if state["over"]:
            return {}
        out = {}
        for side in SIDES:
            held = state["magazine"][side] + (state["salvos"][side] or 0)
            out[side] = {"title": f"Round {state['round']}: commit salvos", "rule": "duel 1",
                         "info": {"submitted": state["salvos"][side] is not None},
                         "actions": [{"verb": "fire", "label": "Fire", "args": {
                             "salvos": {"type": "integer", "minimum": 1, "maximum": min(3, held)}}}]}
        return out

    def apply(self, state, role, action, rng):
        if role in SIDES and not state["over"] and state["salvos"][role] is not None:  # a revision
            state = copy.deepcopy(state)
            state["magazine"][role] += state["salvos"][role]
            state["salvos"][role] = None
        return super().apply(state, role, action, rng)


@pytest.fixture
def revisable():
    from app import games as registry

    rules = registry.register(spec_of(RevisableDuel()), web="app.web.plugin:GENERIC")
    yield rules
    registry._registry.pop("duel_revisable", None)


def _start(players, game_type="duel_revisable"):
    red, blue = players(), players()
    body = red.post("/api/games", json={"game": game_type, "side": "red", "clock": "live",
                                        "options": {"hits_to_win": 5}}).json()
    assert blue.post(f"/api/invites/{body['invite_tokens']['blue']}").status_code == 200
    return red, blue, body["id"]


def _game(gid) -> Game:
    with transaction() as db:
        game = db.get(Game, gid)
        db.expunge(game)
        return game


def test_a_side_whose_orders_are_in_keeps_them_when_both_clocks_run_out(players, revisable):
    red, blue, gid = _start(players)
    # Blue (first by name) sends its orders and may still revise them; red sends nothing.
    assert blue.act(gid, "fire", {"salvos": 3}).status_code == 200
    assert blue.game(gid)["prompt"]["info"]["submitted"] is True
    assert set(_game(gid).deadlines) == {"red"}  # blue owes nothing, so no deadline runs against it
    with transaction() as db:  # even a deadline left on blue (as older games have) must not expire blue's orders
        game = db.get(Game, gid)
        game.deadlines = {r: (now() - timedelta(seconds=1)).isoformat() for r in SIDES}
    assert clocks.tick() == [gid]
    game = _game(gid)
    assert game.missed == {"red": 1}
    log = [line["text"] for line in blue.game(gid)["view"]["log"]]
    assert "Blue fires 3 salvo(s)" in " ".join(log) and "Red fires 1 salvo(s)" in " ".join(log)


def test_a_claim_needs_a_clean_record_of_ones_own(players):
    red, blue, gid = _start(players, "duel")
    with transaction() as db:
        db.get(Game, gid).missed = {"red": 3, "blue": 3}
    # the page offers no claim it would refuse
    assert "Claim the game" not in red.get(f"/games/{gid}").text
    r = red.post(f"/api/games/{gid}/claim")
    assert r.status_code == 409 and "missed 3 orders yourself" in r.json()["message"]
    assert _game(gid).status == "active"
    with transaction() as db:
        db.get(Game, gid).missed = {"red": 0, "blue": 3}
    assert "Claim the game" in red.get(f"/games/{gid}").text
    assert red.post(f"/api/games/{gid}/claim").status_code == 200
