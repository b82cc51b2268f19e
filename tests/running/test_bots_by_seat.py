"""Computer players keyed by seat (issue 13, item 7): a computer seat runs the bot its game declares for that seat's
role and no other, a seat without one is refused when the game is created, and each seat draws from its own
stream, derived from the game's secret seed and the seat, that another seat's draws never shift and no public value
predicts."""
from __future__ import annotations

import dataclasses
import hashlib

import pytest

from app.engine.rng import HmacRng
from tests.fixtures.duel import Duel
from tests.platform.conftest import actions_of, execute, fetch, game_row
from tests.fixtures.spec import spec_of

RED_SALVOS, BLUE_SALVOS = 1, 2  # what each side's bot fires: the mark of which bot played


class SeatedDuel(Duel):
    """The test game with a bot for each side, each firing its own number of salvos and noting its draws."""
    meta = dataclasses.replace(Duel.meta, id="duel_seated", title="Duel with a bot per seat (test copy)")
    drawn: dict[str, list[int]] = {"red": [], "blue": []}
    red_draws = 1  # how many numbers Red's bot draws per move (a test changes it)

    def _red(self, view, prompt, rng):
        SeatedDuel.drawn["red"].extend(rng.die(1_000_000) for _ in range(SeatedDuel.red_draws))
        return {"verb": "fire", "args": {"salvos": RED_SALVOS}}

    def _blue(self, view, prompt, rng):
        SeatedDuel.drawn["blue"].append(rng.die(1_000_000))
        return {"verb": "fire", "args": {"salvos": min(BLUE_SALVOS, view["magazine"]["blue"])}}

    @property
    def bots(self):
        return {"red": self._red, "blue": self._blue}


class RedOnlyDuel(Duel):
    """A game that declares a computer player for Red's seat only."""
    meta = dataclasses.replace(Duel.meta, id="duel_red_only", title="Duel with a Red bot only (test copy)")

    @property
    def bots(self):
        return {"red": lambda view, prompt, rng: {"verb": "fire", "args": {"salvos": RED_SALVOS}}}


@pytest.fixture
def duels():
    from app import games as registry

    for rules in (SeatedDuel(), RedOnlyDuel()):
        registry.register(spec_of(rules), web="app.web.plugin:GENERIC")
    SeatedDuel.drawn, SeatedDuel.red_draws = {"red": [], "blue": []}, 1
    yield
    for game_id in ("duel_seated", "duel_red_only"):
        registry._registry.pop(game_id, None)


def salvos_of(game_id: str, role: str) -> list[int]:
    return [a.action["args"]["salvos"] for a in actions_of(game_id) if a.role == role]


def test_the_blue_seat_runs_blues_bot_whatever_its_seat_row_says(players, duels):
    me = players()
    gid = me.post("/api/games", json={"game": "duel_seated", "side": "red", "opponent": "computer"}).json()["id"]
    assert salvos_of(gid, "blue") == [BLUE_SALVOS]
    # The seat's role is the key, not a bot name stored beside it: a row naming Red's bot changes nothing.
    execute("UPDATE seats SET bot = 'red' WHERE game_id = :g AND role = 'blue'", g=gid)
    g = me.game(gid)
    assert me.act(gid, "fire", {"salvos": 3}, version=g["game"]["version"]).status_code == 200
    assert salvos_of(gid, "blue") == [BLUE_SALVOS, BLUE_SALVOS]


def test_a_seat_without_a_bot_is_refused_when_the_computer_is_asked_to_play_it(players, duels):
    me = players()
    r = me.post("/api/games", json={"game": "duel_red_only", "side": "red", "opponent": "computer"})
    assert r.status_code == 400 and "no computer player for 'blue'" in r.json()["message"]
    assert fetch("SELECT id FROM games WHERE game = 'duel_red_only'") == []
    # Red's seat has one: the computer plays Red against a human Blue.
    r = me.post("/api/games", json={"game": "duel_red_only", "side": "blue", "opponent": "computer"})
    assert r.status_code == 201 and salvos_of(r.json()["id"], "red") == [RED_SALVOS]


def bot_game(me, monkeypatch, seed: bytes) -> str:
    """A game in which the computer plays both sides (the host umpires), on a chosen secret seed."""
    import secrets
    from types import SimpleNamespace

    from app.play import lobby

    monkeypatch.setattr(lobby, "secrets", SimpleNamespace(token_bytes=lambda n: seed,
                                                          token_urlsafe=secrets.token_urlsafe))
    r = me.post("/api/games", json={"game": "duel_seated", "side": "umpire", "umpired": True,
                                    "opponent": "computer"})
    assert r.status_code == 201, r.text
    return r.json()["id"]


def test_each_seat_draws_from_its_own_stream_that_the_other_seats_draws_never_shift(players, duels, monkeypatch):
    me = players()
    seed = hashlib.sha256(b"a secret seed for this test").digest()
    bot_game(me, monkeypatch, seed)
    first = {role: list(v) for role, v in SeatedDuel.drawn.items()}
    assert first["red"] and first["blue"]
    assert first["red"][0] != first["blue"][0], "both seats drew the same stream"

    SeatedDuel.drawn, SeatedDuel.red_draws = {"red": [], "blue": []}, 3  # Red's bot now draws three a move
    bot_game(me, monkeypatch, seed)
    second = SeatedDuel.drawn
    n = min(len(first["blue"]), len(second["blue"]))
    assert n >= 1 and second["blue"][:n] == first["blue"][:n], "Red's draws shifted Blue's"
    assert second["red"][0] == first["red"][0] and len(second["red"]) > len(first["red"][:1])


def test_the_computer_cannot_be_predicted_from_the_public_game_id_and_version(players, duels):
    from app.play.bots import bot_rng

    me = players()
    gid = me.post("/api/games", json={"game": "duel_seated", "side": "red", "opponent": "computer"}).json()["id"]
    g = me.game(gid)
    assert me.act(gid, "fire", {"salvos": 1}, version=g["game"]["version"]).status_code == 200
    blue = SeatedDuel.drawn["blue"]
    assert len(blue) == 2
    seed = game_row(gid).seed
    # Blue's n-th move draws from the seat's stream at n: the secret seed and the seat, nothing else.
    assert blue == [bot_rng(seed, "blue", n).die(1_000_000) for n in (0, 1)]
    versions = [a.seq - 1 for a in actions_of(gid) if a.role == "blue"]
    for version, value in zip(versions, blue):
        for public in (f"{gid}:{version}", f"bot:{gid}:{version}", f"blue:{version}", f"{gid}:blue:{version}"):
            key = hashlib.sha256(public.encode()).digest()
            assert HmacRng(key, gid).die(1_000_000) != value
            assert HmacRng(key, public).die(1_000_000) != value
        assert HmacRng(seed, gid, version).die(1_000_000) != value, "the computer drew the game's own dice"


def test_a_rematch_against_the_computer_starts_at_once_and_the_computer_plays_its_new_seat(players, duels):
    """Issue 20: the rematch swaps sides, so the computer now plays Red, and answers Red's first prompt at once."""
    me = players()
    gid = me.post("/api/games", json={"game": "duel_seated", "side": "red", "opponent": "computer"}).json()["id"]
    assert me.post(f"/api/games/{gid}/resign", json={}).status_code == 200
    new = me.post(f"/api/games/{gid}/rematch", json={}).json()["game"]
    g = me.game(new)
    assert g["role"] == "blue" and g["game"]["status"] == "active"
    assert len(salvos_of(new, "red")) == 1 and salvos_of(new, "blue") == []
