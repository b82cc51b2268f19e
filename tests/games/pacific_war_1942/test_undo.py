"""Undo within the Allied player's own turn, until a die is rolled (Sequence of Play Each Turn): the platform's
take-back from the action log (app/play/undo.py), played through the game page and the API; the game keeps no undo
stack of its own. The turn's AP roll is made as the turn begins, and the end of the actions rolls the BOT's die, so
neither can be taken back."""
import pytest

PW = "pacific_war_1942"
SEQ = "Sequence of Play Each Turn"
TAKE_BACK = "Take back your last move"


@pytest.fixture
def turn(players):
    """A sandbox game whose AP roll (made at the set-up) is a 3 (3 AP, AP Chart), then the given dice:
    (player, game_id)."""
    def make(*dice: int):
        p = players()
        r = p.post("/api/games", json={"game": PW, "sandbox": True, "dice_script": [3, *dice]})
        assert r.status_code == 201, r.text
        return p, r.json()["id"]
    return make


def do(p, gid, verb, **args):
    r = p.act(gid, verb, args)
    assert r.status_code == 200, r.text


def take_back(p, gid):
    return p.post(f"/api/games/{gid}/take-back")


@pytest.mark.rule(SEQ)
def test_undo_takes_back_actions_that_rolled_no_die(turn):
    p, gid = turn()
    before = p.game(gid)["view"]
    do(p, gid, "add_reserve", front="india")
    do(p, gid, "add_reserve", front="china")
    assert p.game(gid)["prompt"]["info"]["ap"] == 1 and TAKE_BACK in p.get(f"/games/{gid}").text
    assert take_back(p, gid).status_code == 200
    g = p.game(gid)
    assert g["prompt"]["info"]["ap"] == 2 and g["view"]["fronts"][0]["reserve"] and not g["view"]["fronts"][1]["reserve"]
    assert take_back(p, gid).status_code == 200
    assert p.game(gid)["view"] == before
    r = take_back(p, gid)  # the AP roll (at the set-up) stands: there is no move of the player's to take back
    assert r.status_code == 409 and "no move to take back" in r.json()["message"]
    assert TAKE_BACK not in p.get(f"/games/{gid}").text


@pytest.mark.rule(SEQ)
def test_a_die_roll_ends_what_can_be_taken_back(turn):
    p, gid = turn(4)
    do(p, gid, "add_reserve", front="india")
    do(p, gid, "attack_front", front="china")
    assert TAKE_BACK not in p.get(f"/games/{gid}").text
    r = take_back(p, gid)
    assert r.status_code == 409 and "rolled a die" in r.json()["message"]


@pytest.mark.rule(SEQ)
def test_the_bot_roll_ends_what_can_be_taken_back(turn):
    p, gid = turn(1, 6, 6, 6, 6, 6, 6)
    do(p, gid, "add_reserve", front="india")
    assert TAKE_BACK in p.get(f"/games/{gid}").text
    do(p, gid, "end_actions")  # the BOT rolls its chart at once
    assert TAKE_BACK not in p.get(f"/games/{gid}").text
    r = take_back(p, gid)
    assert r.status_code == 409 and "rolled a die" in r.json()["message"]
