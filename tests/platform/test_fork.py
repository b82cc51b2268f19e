"""Play on from here (issue 38): a new game from a moment of a finished game's replay, against the computer, hot
seat or an invited opponent; never rated, with fresh secret dice, naming its origin on its page and in its export;
refused for a running game, for someone who may not see the replay, and at a moment where one side's secret orders
are in and wait for the other's.

The Gunnery Duel (tests/fixtures/duel.py) is a secret simultaneous game: each round Red and Blue commit salvos, the
first order kept unseen until the second is in. So moment 1 (Red's salvos in, Blue's awaited) cannot be played on
from, and moment 2 (the round carried out) can."""
from __future__ import annotations

import json
import re

from sqlalchemy import select

from tests.platform.conftest import actions_of, fetch, fire, game_row, play_round, start_duel, stored_state


def finished_duel(red, blue, rounds: int = 2) -> str:
    """A duel of `rounds` whole rounds (two moments each), then Red resigns: finished, its replay open to all."""
    gid = start_duel(red, blue, hits=5)
    for _ in range(rounds):
        play_round(red, blue, gid)
    assert red.post(f"/api/games/{gid}/resign", json={}).status_code == 200
    return gid


def play_on(who, gid: str, seq: int, **body):
    return who.post(f"/api/games/{gid}/fork", json={"seq": seq, **body})


def test_a_settled_moment_is_played_on_from_hot_seat_starting_at_that_position(players):
    red, blue = players(), players()
    gid = finished_duel(red, blue)
    r = play_on(blue, gid, 2, side="blue", opponent="hot_seat")
    assert r.status_code == 201, r.text
    new = r.json()["id"]
    assert r.json()["origin"] == {"game": gid, "moment": 2}
    row = game_row(new)
    assert (row.forked_from, row.forked_at, row.status, row.rated) == (gid, 2, "active", False)
    position = blue.game(new)
    assert position["view"]["round"] == 2 and position["view"]["hits"] == stored_state_at(gid, 2)["hits"]
    assert position["game"]["version"] == 0
    page = blue.get(f"/games/{new}").text
    assert f'href="/games/{gid}/replay?seq=2"' in page and "Played on from" in page and "moment 2 of" in page
    assert "never rated" in page


def stored_state_at(gid: str, seq: int) -> dict:
    from app.play.state import state_at
    from app.store.db import transaction
    from app.store.models import Game

    with transaction(read_only=True) as db:
        return state_at(db, db.get(Game, gid), seq)


def test_a_fork_has_a_new_secret_seed_so_the_finished_games_later_rolls_are_not_reused(players):
    red, blue = players(), players()
    gid = finished_duel(red, blue, rounds=3)
    new = play_on(red, gid, 2, side="red", opponent="hot_seat").json()["id"]
    old_row, new_row = game_row(gid), game_row(new)
    assert new_row.seed != old_row.seed and new_row.commitment != old_row.commitment
    assert new_row.roll_count == 0 and new_row.setup_rolls == []  # no die was drawn to begin
    for role in ("red", "blue"):  # the same orders the finished game's third round had
        version = red.game(new)["game"]["version"]
        r = red.post(f"/api/games/{new}/actions", json={"action": {"verb": "fire", "args": {"salvos": 1}},
                                                         "expected_version": version, "key": f"k{role}",
                                                         "seat": role})
        assert r.status_code == 200, r.text
    from app.engine.rng import hmac_roll

    rolls = [roll for a in actions_of(new) for roll in a.rolls]
    assert [r["k"] for r in rolls] == [0, 1]  # the fork's own stream, from its first roll
    # Each roll is the fork's own: its secret seed and id, counted from 0, never the finished game's rolls 2 and 3
    # that followed this moment there (those came from the old seed and id).
    assert all(r["value"] == hmac_roll(new_row.seed, new, r["k"], r["sides"]) for r in rolls)


def test_against_the_computer_a_fork_is_never_rated_and_the_computer_plays_its_seat(players, monkeypatch):
    from tests.fixtures import duel
    from app import games as registry
    import dataclasses

    plays = []

    def computer(view, prompt, rng):
        plays.append(view.get("salvos"))  # its own view: its own salvos only
        return {"verb": "fire", "args": {"salvos": 1}}

    spec = registry.get("duel")
    monkeypatch.setitem(registry._registry, "duel", dataclasses.replace(spec, bots={"standard": {"blue": computer}}))
    red, blue = players(), players()
    gid = finished_duel(red, blue)
    r = play_on(red, gid, 2, side="red", opponent="computer")
    assert r.status_code == 201, r.text
    new = r.json()["id"]
    assert game_row(new).rated is False and game_row(new).status == "active"
    fire(red, new, 2)
    assert plays and all(set(p) == {"blue"} for p in plays)  # it decided from its own view
    assert red.game(new)["view"]["round"] == 3  # the round was carried out: both orders were in
    r = play_on(red, gid, 2, side="red", opponent="human", rated=True)
    assert r.status_code == 201 and game_row(r.json()["id"]).rated is False  # no way to make a fork rated
    assert duel.rules.meta.id == "duel"


def test_an_invited_opponent_takes_the_other_seat_of_a_fork(players):
    red, blue, friend = players(), players(), players()
    gid = finished_duel(red, blue)
    r = play_on(red, gid, 4, side="blue", opponent="human")
    assert r.status_code == 201, r.text
    new, tokens = r.json()["id"], r.json()["invite_tokens"]
    assert list(tokens) == ["red"] and game_row(new).status == "open"
    assert friend.post(f"/api/invites/{tokens['red']}").status_code == 200
    assert game_row(new).status == "active"
    assert friend.game(new)["role"] == "red" and friend.game(new)["view"]["round"] == 3


def test_a_running_game_is_not_played_on_from(players):
    red, blue = players(), players()
    gid = start_duel(red, blue, hits=5)
    play_round(red, blue, gid)
    before = len(game_ids())
    r = play_on(red, gid, 2, opponent="hot_seat")
    assert r.status_code == 409
    assert "Only a finished game can be played on from" in r.json()["message"]
    assert len(game_ids()) == before  # nothing was created
    form = red.post(f"/games/{gid}/fork", data={"csrf_token": red.csrf, "seq": "2"}, follow_redirects=False)
    assert form.status_code == 409 and "still being played" in form.text
    assert blue.get(f"/api/games/{gid}/fork?seq=2").json()["forkable"] is False


def game_ids() -> list[str]:
    from app.store.db import transaction
    from app.store.models import Game

    with transaction(read_only=True) as db:
        return list(db.scalars(select(Game.id)))


def test_a_moment_with_one_sides_secret_orders_in_is_refused_and_the_nearest_moments_named(players):
    red, blue = players(), players()
    gid = finished_duel(red, blue)
    # moment 1: Red's salvos are in, Blue's not yet (round 1 carried out at moment 2)
    r = play_on(blue, gid, 1, side="blue", opponent="hot_seat")
    assert r.status_code == 409
    body = r.json()
    assert "secret orders of Red are in but not yet carried out" in body["message"]
    assert (body["before"], body["after"]) == (0, 2)
    moments = {seq: blue.get(f"/api/games/{gid}/fork?seq={seq}").json()["forkable"] for seq in range(0, 6)}
    assert moments == {0: True, 1: False, 2: True, 3: False, 4: True, 5: True}  # 5: Red resigned mid-round 3
    # The replay marks it: no form at moment 1, the reason and links to moments 0 and 2 instead.
    page = blue.get(f"/games/{gid}/replay?seq=1").text
    assert "Play on from moment" not in page and "secret orders of Red are in" in page
    assert re.search(rf'href="/games/{gid}/replay\?eyes=umpire&amp;seq=0#play-on"', page)
    assert re.search(rf'href="/games/{gid}/replay\?eyes=umpire&amp;seq=2#play-on"', page)
    assert "Play on from moment 2" in blue.get(f"/games/{gid}/replay?seq=2").text


def test_a_moment_out_of_the_replay_or_no_moment_at_all_is_a_clear_400(players):
    red, blue = players(), players()
    gid = finished_duel(red, blue)
    r = play_on(red, gid, 99)
    assert r.status_code == 400 and "Choose a moment from 0 to 5" in r.json()["message"]
    form = red.post(f"/games/{gid}/fork", data={"csrf_token": red.csrf, "seq": "two"}, follow_redirects=False)
    assert form.status_code == 400 and "The moment is a whole number" in form.text
    form = red.post(f"/games/{gid}/fork", data={"csrf_token": red.csrf}, follow_redirects=False)
    assert form.status_code == 400 and "Choose the moment" in form.text
    r = play_on(red, gid, 2, side="green")
    assert r.status_code == 400 and "Choose a side" in r.json()["message"]


def test_the_forks_export_names_its_origin_and_replays_from_the_forked_position(players):
    from app.play.records import replay_record

    red, blue = players(), players()
    gid = finished_duel(red, blue)
    new = play_on(red, gid, 2, side="red", opponent="hot_seat").json()["id"]
    for _ in range(2):
        for role in ("red", "blue"):
            version = red.game(new)["game"]["version"]
            assert red.post(f"/api/games/{new}/actions", json={
                "action": {"verb": "fire", "args": {"salvos": 1}}, "expected_version": version,
                "key": f"k{role}{version}", "seat": role}).status_code == 200
    assert red.post(f"/api/games/{new}/resign", json={"seat": "red"}).status_code == 200
    record = red.get(f"/api/games/{new}/export").json()
    assert record["origin"] == {"game": gid, "moment": 2, "replay": f"/games/{gid}/replay?seq=2"}
    assert record["start"] == stored_state_at(gid, 2)
    report = replay_record(record)
    assert report["ok"] and report["same_position"] and report["dice"]["ok"], report
    assert red.get(f"/api/games/{new}/verify").json()["ok"] is True
    assert "Played on from" in red.get(f"/games/{new}/replay?seq=0").text
    assert "origin" not in red.get(f"/api/games/{gid}/export").json()  # an ordinary game names none


def test_the_replay_of_a_finished_game_lists_the_games_played_on_from_it(players):
    red, blue = players(), players()
    gid = finished_duel(red, blue)
    new = play_on(red, gid, 2, side="red", opponent="hot_seat").json()["id"]
    page = blue.get(f"/games/{gid}/replay?seq=0").text
    assert "Played on from this game" in page and f'href="/games/{new}"' in page


def test_the_rematch_of_a_fork_starts_again_from_the_same_position(players):
    red, blue = players(), players()
    gid = finished_duel(red, blue)
    fork = play_on(red, gid, 2, side="red", opponent="human").json()
    assert blue.post(f"/api/invites/{fork['invite_tokens']['blue']}").status_code == 200
    play_round(red, blue, fork["id"])
    assert red.post(f"/api/games/{fork['id']}/resign", json={}).status_code == 200
    new = red.post(f"/api/games/{fork['id']}/rematch", json={}).json()["game"]
    row = game_row(new)
    assert (row.forked_from, row.forked_at, row.rated) == (gid, 2, False)
    assert blue.post(f"/api/games/{fork['id']}/rematch", json={"answer": True}).status_code == 200
    assert stored_state(new)["round"] == 2 and red.game(new)["role"] == "blue"  # sides swapped, same position


# ------------------------------------------------------------------------------------------------ Solomons

def solomons_played(host, moves: int, umpire=None) -> str:
    """A hot-seat Solomons game of `host`'s whose first `moves` decisions the easy computer players made for both
    sides (each from its own view), then resigned by the United States: finished, its replay open to all. With an
    `umpire`, the game is umpired, the umpire taking the seat by its invite and releasing each step."""
    from app import games as registry
    from app.engine.rng import SeededRng
    from app.play.deadlines import orders_in
    from app.play.state import load_state
    from app.play.submit import apply_action, lock_game
    from app.store.db import transaction

    r = host.post("/api/games", json={"game": "solomons", "side": "allied", "opponent": "hot_seat",
                                      "umpired": umpire is not None})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    if umpire is not None:
        assert umpire.post(f"/api/invites/{r.json()['invite_tokens']['umpire']}").status_code == 200
    rules = registry.get("solomons")
    for i in range(moves):
        with transaction() as db:
            game = lock_game(db, gid)
            state = load_state(db, game)
            prompts = rules.prompts(state)
            role = next(r for r in sorted(prompts) if not orders_in(prompts[r]))
            action = rules.default_action(state, role) if role == "umpire" else \
                rules.bots["easy"][role](rules.view(state, role), prompts[role], SeededRng(i))
            apply_action(db, gid, role, action, game.version, f"bot:{i}", None, platform=True)
    assert host.post(f"/api/games/{gid}/resign", json={"seat": "allied"}).status_code == 200
    return gid


def test_a_solomons_moment_with_one_sides_plot_kept_is_refused_and_a_settled_one_is_played_against_the_computer(
        players):
    host, student = players(), players()
    gid = solomons_played(host, 12)
    log = fetch("SELECT seq, role, phase, action FROM actions WHERE game_id = :g ORDER BY seq", g=gid)
    # The United States' first Movement Plot is in, Japan's not yet: Solomons keeps a plot until both are in (8.1).
    plotted = next(row.seq for row in log if row.phase == "turn-1-plot1" and row.role == "allied"
                   and "plots" in json.dumps(row.action))
    r = play_on(student, gid, plotted, side="japanese", opponent="computer:strong")
    assert r.status_code == 409, r.text
    assert "secret orders of United States are in but not yet carried out" in r.json()["message"]
    assert r.json()["after"] == plotted + 1  # Japan's plot: both carried out, Segment 1 begins
    # A moment in Segment 1 after the segment's orders were carried out: play on as the United States.
    settled = next(row.seq for row in log if row.phase.startswith("turn-1-exec1-seg")
                   and student.get(f"/api/games/{gid}/fork?seq={row.seq}").json()["forkable"])
    r = play_on(student, gid, settled, side="allied", opponent="computer")
    assert r.status_code == 201, r.text
    new = r.json()["id"]
    assert student.game(new)["role"] == "allied" and game_row(new).status == "active"
    assert "Game-Turn 1" in student.get(f"/games/{new}").text


def test_orders_all_in_and_held_for_the_umpires_release_are_kept_and_the_fork_keeps_an_umpire_seat(players):
    host, umpire, student = players(), players(), players()
    gid = solomons_played(host, 10, umpire=umpire)
    log = fetch("SELECT seq, role FROM actions WHERE game_id = :g ORDER BY seq", g=gid)
    released = next(row.seq for row in log if row.role == "umpire")  # Segment 1, released once both plots were in
    r = play_on(student, gid, released - 1, side="allied", opponent="hot_seat")
    assert r.status_code == 409, r.text
    assert "secret orders of United States and Japan are in but not yet carried out" in r.json()["message"]
    assert r.json()["after"] == released
    r = play_on(student, gid, released, side="allied", opponent="computer")
    assert r.status_code == 201, r.text
    assert list(r.json()["invite_tokens"]) == ["umpire"] and game_row(r.json()["id"]).umpired
