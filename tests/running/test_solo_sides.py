"""A solo player may take either side against the computer (issue 4): whichever side the computer holds, it
answers every prompt it is given, including one its own move opened, so the game never stalls."""
import pytest

OTHER = {"japanese": "allied", "allied": "japanese"}


@pytest.mark.parametrize("side", ["japanese", "allied"])
def test_the_computer_answers_every_prompt_whichever_side_it_holds(players, side):
    me = players()
    gid = me.post("/api/games", json={"game": "solomons", "side": side, "opponent": "computer"}).json()["id"]
    turns = set()
    for _ in range(200):
        g = me.game(gid)
        turns.add(g["view"]["turn"])
        if g["view"]["turn"] == 3:
            break
        # the game always waits for me: the computer's orders are in for every decision it shares with me
        assert g["prompt"] and not g["prompt"]["info"]["submitted"], "my orders are in, yet the game is waiting"
        assert not (g["view"].get("waiting_for") or {}).get(OTHER[side]), g["prompt"]["title"]
        r = me.act(gid, "submit", g["prompt"]["info"]["default"], version=g["game"]["version"])
        assert r.status_code == 200, r.text
    assert turns == {1, 2, 3}


def test_a_push_that_fails_does_not_keep_the_computer_from_answering(players, monkeypatch):
    from app.web import actions

    me = players()
    gid = me.post("/api/games", json={"game": "solomons", "side": "japanese", "opponent": "computer"}).json()["id"]

    async def broken(game_id):
        raise RuntimeError("a page could not be drawn")

    monkeypatch.setattr(actions, "publish", broken)
    g = me.game(gid)
    assert me.act(gid, "submit", g["prompt"]["info"]["default"], version=g["game"]["version"]).status_code == 200
    after = me.game(gid)
    assert after["prompt"]["title"].startswith("Plot Phase 1: Carrier Air Group Training")  # past the base moves (5.15)
    assert after["view"]["waiting_for"] == {"allied": False, "japanese": True}  # the computer's orders are in
