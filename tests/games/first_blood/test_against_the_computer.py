"""First Blood against the computer on the platform (issue 16, "Seats"): the computer's seat answers each of its
prompts by itself, one after another, however many its side owes in a row."""
import pytest

from tests.platform.conftest import stored_state



def set_up_against_the_computer(me) -> str:
    """A First Blood game of `me`'s as the US against the computer, the US set-up placed as its form comes."""
    gid = me.post("/api/games", json={"game": "first_blood", "side": "us", "opponent": "computer"}).json()["id"]
    g = me.game(gid)
    r = me.post(f"/api/games/{gid}/actions", json={"action": {"verb": "place", "args": {
        "at": g["prompt"]["info"]["default"]["at"]}}, "expected_version": g["game"]["version"], "key": "set-up"})
    assert r.status_code == 200, r.text
    return gid

@pytest.mark.rule("§3")
def test_the_computer_sets_up_the_whole_us_side_before_the_ij_player_is_asked(players):
    me = players()
    r = me.post("/api/games", json={"game": "first_blood", "side": "ij", "opponent": "computer"})
    assert r.status_code == 201, r.text
    g = me.game(r.json()["id"])
    assert g["prompt"]["title"].startswith("Set up") and g["waiting"] == ["Imperial Japan (IJ)"]
    state = stored_state(r.json()["id"])
    us = [u for u in state["units"].values() if u["side"] == "us" and u["arrive"] == 0]
    assert us and all(u["loc"].startswith("hex:") for u in us)  # every US unit of the set-up is on the map


@pytest.mark.rule("§3")
def test_after_a_restart_between_two_of_its_moves_the_computer_goes_on(players, monkeypatch):
    """A server stopped after the computer's first order (its whole set-up): the next pass (no memory of what it
    answered) reads the prompt it answered from the position before that move, sees a new one, and plays on."""
    from app.play import bots

    monkeypatch.setattr(bots, "MAX_BOT_MOVES", 1)  # the pass that runs after creation stops after one move
    me = players()
    gid = set_up_against_the_computer(me)
    state = stored_state(gid)
    assert all(u["loc"] in ("box:A", "box:D") for u in state["units"].values()
               if u["side"] == "ij" and u["arrive"] == 0)  # the IJ set-up: one order
    assert (state["turn"], state["step"]["kind"], state["step"]["side"]) == (1, "reinforcements", "ij")
    monkeypatch.setattr(bots, "MAX_BOT_MOVES", 2000)
    bots.run_bots(gid)  # as after a restart: a new pass
    state = stored_state(gid)
    assert state["turn"] == 1 and state["step"]["side"] == "us" and me.game(gid)["prompt"] is not None


@pytest.mark.rule("§3")
def test_a_server_restarted_before_the_computer_moved_lets_it_move_at_start_up(app, players, monkeypatch):
    """The computer's pass runs after the commit that prompts it; a server stopped in between left the game waiting
    for ever on a seat no person holds. At start-up each running game's computer answers what it owes."""
    import time

    from fastapi.testclient import TestClient

    from app.config import get_settings
    from app.play import bots

    monkeypatch.setattr(bots, "MAX_BOT_MOVES", 0)  # the server "stops" before the computer's first move
    me = players()
    gid = me.post("/api/games", json={"game": "first_blood", "side": "ij", "opponent": "computer"}).json()["id"]
    assert not any(u["loc"].startswith("hex:") for u in stored_state(gid)["units"].values() if u["side"] == "us")
    monkeypatch.setattr(bots, "MAX_BOT_MOVES", 2000)
    monkeypatch.setattr(get_settings(), "resume_computers_at_start", True)  # (off for the other tests)
    with TestClient(app):  # the server starts again
        for _ in range(600):  # the start-up pass runs in the background (every running game: up to 30 s)
            if me.game(gid)["prompt"] is not None:  # the IJ player is asked: the computer's set-up is done
                break
            time.sleep(0.05)
    assert me.game(gid)["prompt"]["title"].startswith("Set up")
    us = [u for u in stored_state(gid)["units"].values() if u["side"] == "us" and u["arrive"] == 0]
    assert us and all(u["loc"].startswith("hex:") for u in us)


def test_after_the_computer_plays_its_part_the_players_log_shows_each_of_its_orders_by_phase(players):
    """Issue 34: against the computer, the player reads what it did: each of its orders, ending a phase included,
    is a line naming the units, filed under the phase it was given in."""
    me = players()
    gid = set_up_against_the_computer(me)
    g = me.game(gid)
    assert g["prompt"] is not None and g["view"]["turn"] == 1  # the computer's IJ set-up and Sep I part are done
    lines = [(line.get("data", {}).get("at"), line["text"]) for line in g["view"]["log"]]
    said = {at for at, _ in lines}
    assert {"IJ initial set-up", "IJ reinforcement phase", "IJ movement phase", "Supply phase"} <= said, said
    ij = [text for at, text in lines if at and at.startswith("IJ ")]
    assert any(t.startswith("IJ sets up (§3): ") and "124/1" in t for t in ij)
    assert any(t.startswith("IJ places its reinforcements (§5): IJ destroyer Sep I #1") for t in ij)
    assert any(t.startswith("IJ movement (§6): ") and " moves from off-map box " in t for t in ij)
    assert not any("ij-" in t or "box:" in t for t in ij)
