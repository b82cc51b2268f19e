"""Which computer player answers for which side, and where its choices come from (issue 10, items 8 and 9):
each computer seat plays its own side's bot, and its random stream is drawn from the game's secret seed, so a
player cannot replay the computer's secret orders from the public game id and version."""
from __future__ import annotations

import dataclasses
import hashlib

import pytest

from app.engine.rng import HmacRng, SeededRng
from tests.fixtures.duel import Duel
from tests.platform.conftest import actions_of, fetch, game_row
from tests.fixtures.spec import spec_of

PREFIX = {"japanese": "jp-", "allied": "us-"}
OTHER = {"japanese": "allied", "allied": "japanese"}


@pytest.mark.parametrize("computer", ["japanese", "allied"])
def test_the_computer_seat_plays_its_own_sides_bot_and_forms_its_own_task_forces(players, computer):
    me = players()
    gid = me.post("/api/games", json={"game": "solomons", "side": OTHER[computer], "opponent": "computer"}).json()["id"]
    assert fetch("SELECT role, bot FROM seats WHERE game_id = :g AND bot IS NOT NULL", g=gid) == [(computer, computer)]
    for _ in range(6):
        formed = [a for a in actions_of(gid) if a.role == computer and "task_forces" in a.action["args"]]
        if formed:
            break
        g = me.game(gid)
        assert me.act(gid, "submit", g["prompt"]["info"]["default"], version=g["game"]["version"]).status_code == 200
    assert formed, "the computer formed no task forces"
    units = [u for tf in formed[0].action["args"]["task_forces"] for u in tf["units"]]
    assert units and all(u.startswith(PREFIX[computer]) for u in units), units


class DiceDuel(Duel):
    """The test game with a computer player that draws its salvos from the stream it is given."""
    meta = dataclasses.replace(Duel.meta, id="duel_bots", title="Duel with computer players (test copy)")
    drawn: list[int] = []

    def _bot(self, view, prompt, rng):
        DiceDuel.drawn.append(rng.die(1_000_000))
        return {"verb": "fire", "args": {"salvos": 1}}

    @property
    def bots(self):
        return {"red": self._bot, "blue": self._bot}


@pytest.fixture
def dice_duel():
    from app import games as registry

    rules = registry.register(spec_of(DiceDuel()), web="app.web.plugin:GENERIC")
    DiceDuel.drawn = []
    yield rules
    registry._registry.pop("duel_bots", None)


def test_the_computers_stream_comes_from_the_secret_seed_not_public_facts_nor_the_dice(players, dice_duel):
    from app.play.bots import bot_rng

    me = players()
    made = me.post("/api/games", json={"game": "duel_bots", "side": "red", "opponent": "computer"}).json()
    gid = made["id"]
    assert fetch("SELECT role, bot FROM seats WHERE game_id = :g AND bot IS NOT NULL", g=gid) == [("blue", "blue")]
    assert DiceDuel.drawn, "the computer did not move"
    game = game_row(gid)
    version = 0  # the computer answered the opening position
    assert DiceDuel.drawn[0] == bot_rng(game.seed, "blue", version).die(1_000_000)
    public = SeededRng(int.from_bytes(hashlib.sha256(f"bot:{gid}:{version}".encode()).digest()[:8], "big"))
    assert DiceDuel.drawn[0] != public.die(1_000_000), "the computer's choice can be replayed from public facts"
    dice = HmacRng(game.seed, gid, 0)
    assert DiceDuel.drawn[0] != dice.die(1_000_000), "the computer drew the game's own dice"
    assert [a.role for a in actions_of(gid)] == ["blue"]
