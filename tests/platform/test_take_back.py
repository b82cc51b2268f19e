"""Taking back one's own moves from the action log, for any game (issue 13, item 5): back to the last die roll or
the last reveal, never past another side's move, recorded so that loading, replays and verification agree."""
from __future__ import annotations

import dataclasses

import pytest

from app.play.errors import Conflict
from app.play.state import forget_all
from app.play.undo import take_back
from app.store.db import transaction
from tests.fixtures.duel import Duel
from tests.platform.conftest import actions_of, csrf_of, fire, start_duel
from tests.fixtures.spec import spec_of


def back(game_id: str, role: str) -> int:
    with transaction() as db:
        return take_back(db, game_id, role)


def refused(game_id: str, role: str) -> str:
    with pytest.raises(Conflict) as e:
        back(game_id, role)
    return e.value.message


def test_a_side_takes_back_its_move_and_the_other_side_sees_the_position_before_it(players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    blue_before = blue.game(gid)["view"]
    fire(red, gid, 3)
    assert red.game(gid)["view"]["magazine"] == {"red": 5}
    back(gid, "red")
    forget_all()  # the position is rebuilt from the log, not served from the cache
    mine = red.game(gid)
    assert mine["view"]["magazine"] == {"red": 8} and mine["view"]["salvos"] == {"red": None}
    assert mine["prompt"] is not None
    assert blue.game(gid)["view"] == blue_before
    assert [(a.role, a.action["verb"]) for a in actions_of(gid)][-1] == ("red", "_undo")
    fire(red, gid, 1)  # and plays on from there
    assert red.game(gid)["view"]["magazine"] == {"red": 7}


def test_take_backs_follow_each_other_until_there_is_nothing_of_ones_own_left(players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    fire(red, gid, 2)
    back(gid, "red")
    fire(red, gid, 3)
    back(gid, "red")
    assert "no move to take back" in refused(gid, "red")
    assert red.game(gid)["view"]["magazine"] == {"red": 8}


def test_never_past_the_last_die_roll_nor_another_sides_move(players):
    red, blue = players(), players()
    gid = start_duel(red, blue, sandbox=True, dice=[6, 1])
    fire(red, gid, 1)
    fire(blue, gid, 1)  # both in: the round resolves with two dice
    assert "rolled a die" in refused(gid, "blue")
    assert "not yours" in refused(gid, "red")
    fire(red, gid, 2)  # round 2
    back(gid, "red")
    assert "not yours" in refused(gid, "red")
    assert red.game(gid)["view"]["hits"] == {"red": 1, "blue": 0}  # round 1's result stands


class RevealingDuel(Duel):
    """A copy of the test game in which committing a salvo shows it to the enemy (a reveal without a die)."""
    meta = dataclasses.replace(Duel.meta, id="duel_revealing", title="Revealing Duel (test copy)")

    def reveals(self, before, after, role):
        return before["salvos"][role] is None and after["salvos"][role] is not None


@pytest.fixture
def revealing():
    from app import games as registry

    registry.register(spec_of(RevealingDuel()), web="app.web.plugin:GENERIC")
    yield
    registry._registry.pop("duel_revealing", None)


def test_a_move_the_game_declares_a_reveal_cannot_be_taken_back(players, revealing):
    red, blue = players(), players()
    r = red.post("/api/games", json={"game": "duel_revealing", "side": "red"})
    gid = r.json()["id"]
    assert blue.post(f"/api/invites/{r.json()['invite_tokens']['blue']}").status_code == 200
    fire(red, gid, 2)
    assert "revealed hidden information" in refused(gid, "red")


def test_the_page_and_the_api_take_back_a_move_and_a_spectator_cannot(players):
    red, blue, watcher = players(), players(), players()
    gid = start_duel(red, blue)
    fire(red, gid, 2)
    assert watcher.post(f"/api/games/{gid}/take-back").status_code == 403
    r = red.post(f"/api/games/{gid}/take-back")
    assert r.status_code == 200 and r.json()["version"] == red.game(gid)["game"]["version"]
    assert red.game(gid)["view"]["magazine"] == {"red": 8}
    fire(red, gid, 1)
    csrf = csrf_of(red.get(f"/games/{gid}").text)
    r = red.post(f"/games/{gid}/take-back", data={"csrf_token": csrf}, follow_redirects=False)
    assert r.status_code == 303 and red.game(gid)["view"]["magazine"] == {"red": 8}
    r = red.post(f"/api/games/{gid}/take-back")
    assert r.status_code == 409 and "no move to take back" in r.json()["message"]


def test_pacific_war_takes_back_an_action_that_rolled_no_die_but_not_the_roll_before_it(players):
    me = players()
    # Scripted sixes: Action Points enough that the reserve below is not the turn's last (with one left it would end
    # the turn and the BOT would roll, and nothing could be taken back): the test once failed on such a seed.
    r = me.post("/api/games", json={"game": "pacific_war_1942", "sandbox": True, "dice_script": [6] * 30})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    assert me.act(gid, "attack_sea", {"sea": "central_pacific"}).status_code == 200  # a die (the AP roll: set-up)
    g = me.game(gid)
    ap = g["prompt"]["info"]["ap"]
    assert me.act(gid, "add_reserve", {"front": "india"}).status_code == 200
    assert me.game(gid)["prompt"]["info"]["ap"] == ap - 1
    assert me.post(f"/api/games/{gid}/take-back").status_code == 200
    assert me.game(gid)["view"] == g["view"] and me.game(gid)["prompt"]["info"]["ap"] == ap
    r = me.post(f"/api/games/{gid}/take-back")  # the Action Point roll before it stands
    assert r.status_code == 409 and "rolled a die" in r.json()["message"]
