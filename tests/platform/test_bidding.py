"""Bidding for sides in victory points (issue 38): off unless the host opens it; each player bids VP for the side
they want before the seats are settled; the higher bid takes the side and gives that many VP to the other, which the
result shows. Offered only where the result is the VP score alone (a game declaring `vp_result`), between two people.

The test game is a Gunnery Duel whose outcome carries a score (the hits) and whose result is the higher score, so a
bid can turn it: with one hit to win, a bid of 3 VP given to Blue makes Blue the winner however the dice fall."""
from __future__ import annotations

import dataclasses
import re

import pytest

from tests.fixtures.duel import Duel
from tests.fixtures.spec import spec_of
from tests.platform.conftest import fetch, game_row


class ScoredDuel(Duel):
    meta = dataclasses.replace(Duel.meta, id="duel_scored", title="Scored Duel (test copy)")

    def outcome(self, state):
        return dict(state["over"], score=dict(state["hits"])) if state["over"] else None


def hits_decide(scenario, score):
    if score["red"] == score["blue"]:
        return None, "draw"
    return max(score, key=score.get), "victory"


@pytest.fixture
def scored():
    from app import games as registry

    spec = registry.register(dataclasses.replace(spec_of(ScoredDuel()), vp_result=hits_decide),
                             web="app.web.plugin:GENERIC")
    yield spec
    registry._registry.pop("duel_scored", None)


def bidding_game(host, vp: int, rated: bool = False) -> dict:
    r = host.post("/api/games", json={"game": "duel_scored", "side": "red", "options": {"hits_to_win": 1},
                                      "rated": rated})
    assert r.status_code == 201, r.text
    made = r.json()
    r = host.post(f"/api/games/{made['id']}/bidding", json={"vp": vp})
    assert r.status_code == 200, r.text
    return made


def play_out(players_by_role: dict, gid: str) -> None:
    """Both sides fire one salvo a round until the game ends."""
    for _ in range(20):
        if game_row(gid).status == "ended":
            return
        for role, who in players_by_role.items():
            if game_row(gid).status == "active" and who.game(gid)["prompt"]:
                assert who.act(gid, "fire", {"salvos": 1}).status_code == 200
    raise AssertionError("the duel did not end")


def test_the_higher_bid_takes_the_side_and_its_vp_go_to_the_other_side_in_the_result(players, scored):
    from app.play.records import replay_record

    host, guest = players(), players()
    made = bidding_game(host, 2, rated=True)
    gid = made["id"]
    r = guest.post(f"/api/invites/{made['invite_tokens']['blue']}/bid", json={"side": "red", "vp": 3})
    assert r.status_code == 200, r.text
    assert r.json()["role"] == "red"  # the higher bid took Red
    assert host.game(gid)["role"] == "blue" and game_row(gid).status == "active"
    shown = r.json()["bidding"]
    assert shown["result"] == {"side": "Red", "vp": 3, "to": "Blue", "by": guest.name}
    assert sorted((b["player"], b["side"], b["vp"]) for b in shown["bids"]) == sorted(
        [(host.name, "Red", 2), (guest.name, "Red", 3)])
    play_out({"red": guest, "blue": host}, gid)
    outcome = game_row(gid).outcome
    assert outcome["winner"] == "blue" and outcome["bid"] == {"side": "red", "vp": 3, "to": "blue"}
    assert outcome["score"]["blue"] == outcome["before_bid"]["score"]["blue"] + 3
    assert "With the bid, Red gave 3 VP to Blue" in outcome["reason"]
    report = " ".join(re.sub(r"<[^>]+>", "", host.get(f"/games/{gid}/report").text).split())
    assert "Blue wins" in report and "Sides were bid for: Red was taken for 3 VP, given to Blue" in report
    # ratings follow the result with the bid: the host, on Blue, won
    results = {row.user_id: row.result for row in fetch("SELECT user_id, result FROM rating_changes WHERE game_id = :g",
                                                         g=gid)}
    assert sorted(results.values()) == ["lost", "won"]
    assert results[fetch("SELECT id FROM users WHERE username = :u", u=host.name)[0][0]] == "won"
    record = host.get(f"/api/games/{gid}/export").json()
    assert record["bidding"]["result"] == {"side": "red", "vp": 3, "to": "blue"}
    assert replay_record(record)["ok"]  # the replay applies the same bid to the rules' own result


def test_bids_are_secret_until_both_are_in(players, scored):
    host, guest = players(), players()
    made = bidding_game(host, 7)
    token = made["invite_tokens"]["blue"]
    page = guest.get(f"/invite/{token}").text
    assert "The sides of this game are bid for" in page and "7 VP" not in page and 'value="7"' not in page
    invitation = guest.get(f"/api/invites/{token}").json()
    assert invitation["bidding"] is True and "vp" not in str(invitation) and 7 not in invitation.values()
    assert "Your bid" not in guest.get(f"/games/{made['id']}").text
    assert "Your bid: 7 VP for Red" in host.get(f"/games/{made['id']}/bidding").text
    r = guest.post(f"/api/invites/{token}/bid", json={"side": "red", "vp": 7})  # a tie: the host bid first
    assert r.json()["role"] == "blue" and r.json()["bidding"]["result"]["by"] == host.name


def test_players_wanting_different_sides_each_have_theirs_and_no_vp_change_hands(players, scored):
    host, guest = players(), players()
    made = bidding_game(host, 5)
    r = guest.post(f"/api/invites/{made['invite_tokens']['blue']}/bid", json={"side": "blue", "vp": 0})
    assert r.json()["role"] == "blue" and r.json()["bidding"]["result"] == {"side": None, "vp": 0, "to": None,
                                                                            "by": None}
    play_out({"red": host, "blue": guest}, made["id"])
    assert "bid" not in game_row(made["id"]).outcome


def test_a_seat_of_a_bidding_game_is_taken_only_with_a_bid_that_makes_sense(players, scored):
    host, guest = players(), players()
    made = bidding_game(host, 1)
    token = made["invite_tokens"]["blue"]
    r = guest.post(f"/api/invites/{token}")  # the plain way in
    assert r.status_code == 409 and "sides are bid for" in r.json()["message"]
    r = guest.post(f"/api/invites/{token}/bid", json={"side": "green", "vp": 1})
    assert r.status_code == 400 and r.json()["message"] == "Bid for a side: Red, Blue."
    r = guest.post(f"/api/invites/{token}/bid", json={"side": "red", "vp": -1})
    assert r.status_code == 400 and "from 0 to 1000" in r.json()["message"]
    form = guest.post(f"/invite/{token}/bid", data={"csrf_token": guest.csrf, "side": "red", "vp": "lots"},
                      follow_redirects=False)
    assert form.status_code == 400 and "A bid is a whole number of victory points" in form.text
    assert game_row(made["id"]).status == "open"
    form = guest.post(f"/invite/{token}/bid", data={"csrf_token": guest.csrf, "side": "red", "vp": "4"},
                      follow_redirects=False)
    assert form.status_code == 303 and guest.game(made["id"])["role"] == "red"


def test_only_the_host_opens_the_bidding_and_only_before_anyone_joins(players, scored):
    host, guest = players(), players()
    r = host.post("/api/games", json={"game": "duel_scored", "side": "red"})
    gid, token = r.json()["id"], r.json()["invite_tokens"]["blue"]
    r = guest.post(f"/api/games/{gid}/bidding", json={"vp": 1})
    assert r.status_code == 403 and "Only the game's host" in r.json()["message"]
    assert guest.post(f"/api/invites/{token}").status_code == 200
    r = host.post(f"/api/games/{gid}/bidding", json={"vp": 1})
    assert r.status_code == 409 and "can no longer be bid for" in r.json()["message"]
    assert game_row(gid).bidding is None  # off by default, and still off


def test_a_game_not_decided_by_its_vp_score_alone_offers_no_bidding_and_says_why(players):
    host = players()
    r = host.post("/api/games", json={"game": "first_blood", "side": "ij"})
    gid = r.json()["id"]
    r = host.post(f"/api/games/{gid}/bidding", json={"vp": 3})
    assert r.status_code == 409 and "not decided by its victory points alone" in r.json()["message"]
    assert "No bidding: First Blood" in host.get(f"/games/{gid}/bidding").text
    assert "VP bidding for sides: not offered. First Blood" in host.get("/lobby/options?game=first_blood").text
    assert "VP bidding for\n  sides: offered" in host.get("/lobby/options?game=solomons").text
    r = host.post("/api/games", json={"game": "solomons", "side": "allied", "opponent": "computer"})
    r = host.post(f"/api/games/{r.json()['id']}/bidding", json={"vp": 3})
    assert r.status_code == 409 and "against the computer" in r.json()["message"]


def test_solomons_applies_a_bid_by_its_own_victory_chart():
    from app import games as registry
    from app.play.bidding import settled

    rules = registry.get("solomons")
    own = {"winner": "japanese", "level": "substantive_japanese_victory", "score": {"japanese": 30, "allied": 15},
           "reason": "After Game-Turn 16: Japanese 30 VP to American 15 VP (22)."}
    bid = {"result": {"side": "japanese", "vp": 5, "to": "allied", "by": 1}}
    out = settled(rules, "campaign", bid, own)
    assert (out["winner"], out["level"], out["score"]) == (None, "draw", {"japanese": 30, "allied": 20})  # 1.5:1
    assert out["before_bid"]["level"] == "substantive_japanese_victory"
    assert out["reason"].endswith("With the bid, Japan gave 5 VP to United States: United States 20 VP, Japan 30 VP.")
    assert settled(rules, "campaign", None, own) == own
