"""Sides, seats and teams (issue 13 item 3), on the test-only team game Fleet Action (tests/fixtures/teams.py): two
sides of two commanders' seats each, spotting reports addressed to a whole side, teammates forbidden to talk.

What a player notices: which seats a scenario offers and how they are grouped; that one user takes one seat, or
several of one side, never seats of two sides; that nobody acts for a seat they do not hold; which chat channels
exist and why a post is refused; which log lines each seat, side and spectator reads; replays through a side's
eyes; a side resigning as one."""
from __future__ import annotations

import dataclasses
import re

import pytest

from app.engine.contract import ChatPolicy
from app.engine.rng import SeededRng
from tests.fixtures.teams import Teams
from tests.platform import harness
from tests.platform.conftest import csrf_of, fire_as, game_row, row_counts, stored_state
from tests.fixtures.spec import spec_of

SEATS = ("north.1", "north.2", "south.1", "south.2")
REPORT_NORTH = "Spotting report: our salvos this round: North commander 2, North second 1."
REPORT_SOUTH = "Spotting report: our salvos this round: South commander 1, South second 3."


def start(host, others: dict, scenario: str = "full", game: str = "teams", **body) -> tuple[str, dict]:
    """A game of Fleet Action hosted by `host` in the seat `body['side']` (north.1 by default); each of `others`
    ({seat: player}) takes its seat through that seat's invite. Returns the game id and the invite tokens."""
    made = host.post("/api/games", json={"game": game, "scenario": scenario, "side": "north.1", **body})
    assert made.status_code == 201, made.text
    made = made.json()
    for seat, who in others.items():
        r = who.post(f"/api/invites/{made['invite_tokens'][seat]}",
                      json={"accept_scripted_dice": True} if body.get("sandbox") else None)
        assert r.status_code == 200, r.text
    return made["id"], made["invite_tokens"]


def four_seats(players, **body):
    """Four players in the four seats of a started game: {seat: player}, game id."""
    seated = {seat: players() for seat in SEATS}
    gid, _ = start(seated["north.1"], {s: p for s, p in seated.items() if s != "north.1"}, **body)
    return seated, gid


def play_round(seated, gid, salvos=(2, 1, 1, 3)):
    for seat, n in zip(SEATS, salvos):
        r = fire_as(seated[seat], gid, n)
        assert r.status_code == 200, r.text


def log_texts(who, gid, seat=None):
    url = f"/api/games/{gid}" + (f"?seat={seat}" if seat else "")
    return [line["text"] for line in who.get(url).json()["view"]["log"]]


@pytest.fixture
def listed_teams():
    """A copy of the team game listed in the lobby, so the create form can be read; removed afterwards."""
    from app import games as registry

    class ListedTeams(Teams):
        meta = dataclasses.replace(Teams.meta, id="teams_listed", title="Listed Fleet Action", listed=True)

    yield registry.register(spec_of(ListedTeams()), web="app.web.plugin:GENERIC")
    registry._registry.pop("teams_listed", None)


@pytest.fixture
def talkative_teams():
    """The team game under the opposite chat policy: teammates may talk, the sides may not (rule "quiet 1")."""
    from app import games as registry

    class QuietTeams(Teams):
        meta = dataclasses.replace(Teams.meta, id="teams_quiet", chat=ChatPolicy(teammates=True, opponents=False,
                                                                                   rule="quiet 1"))

    yield registry.register(spec_of(QuietTeams()), web="app.web.plugin:GENERIC")
    registry._registry.pop("teams_quiet", None)


# ------------------------------------------------------------------------------------------------- seating

def test_the_lobby_offers_the_scenario_s_seats_grouped_by_side(players, listed_teams):
    host = players()
    options = host.get("/lobby/options?game=teams_listed").text
    assert "Your seat" in options
    groups = re.findall(r'<optgroup label="([^"]+)">(.*?)</optgroup>', options, re.S)
    assert [(label, re.findall(r'value="([^"]+)"', inner)) for label, inner in groups] == [
        ("North", ["north.1", "north.2"]), ("South", ["south.1", "south.2"])]
    gid, tokens = start(host, {})
    assert sorted(tokens) == ["north.2", "south.1", "south.2"]
    seats = host.get(f"/api/games/{gid}/invites").json()
    assert [(s["label"], s["side_label"]) for s in seats] == [
        ("North second", "North"), ("South commander", "South"), ("South second", "South")]
    # A smaller scenario offers fewer seats (`seats_offered`): one commander a side.
    _, tokens = start(host, {}, scenario="pair")
    assert sorted(tokens) == ["south.1"]
    r = host.post("/api/games", json={"game": "teams", "scenario": "pair", "side": "north.2"})
    assert r.status_code == 400 and "North commander, South commander" in r.json()["message"]


def test_a_user_may_hold_several_seats_of_one_side_but_never_seats_of_two(players):
    host, rival = players(), players()
    gid, tokens = start(host, {"north.2": host})  # the host takes the second North seat through its invite
    assert host.game(gid)["my_seats"] == ["north.1", "north.2"]
    page = host.get(f"/invite/{tokens['south.1']}").text
    assert "one of the seats of South" in page
    before = row_counts()
    r = host.post(f"/api/invites/{tokens['south.1']}")
    assert r.status_code == 409
    assert "more seats of North only, never a seat of another side" in r.json()["message"]
    assert row_counts() == before
    # a seat is taken only through its own invite: holding a seat of North opens no other seat
    r = rival.post(f"/api/games/{gid}/join", json={"role": "south.2"})
    assert r.status_code == 403 and "invitation only" in r.json()["message"]
    assert rival.post(f"/api/invites/{tokens['south.1']}").status_code == 200
    assert rival.post(f"/api/invites/{tokens['south.1']}").status_code == 404  # one user per seat
    mine = [g for g in host.get("/api/games").json() if g["game_id"] == gid]
    assert [(g["role_label"], g["url"]) for g in mine] == [
        ("North commander", f"/games/{gid}?seat=north.1"), ("North second", f"/games/{gid}?seat=north.2")]


def test_a_teammate_cannot_act_for_another_teammate_s_seat(players):
    seated, gid = four_seats(players)
    before = row_counts()
    r = fire_as(seated["north.1"], gid, 2, seat="north.2")
    assert r.status_code == 403
    assert r.json()["message"] == ("You do not hold the seat North second in this game: only its own player may "
                                   "see or act for it.")
    assert row_counts() == before
    assert seated["north.1"].get(f"/api/games/{gid}?seat=north.2").status_code == 403  # nor see through its eyes
    r = fire_as(seated["north.1"], gid, 2, seat="north.1")
    assert r.status_code == 200 and r.json()["view"]["salvos"] == {"north.1": 2}
    assert fire_as(seated["north.2"], gid, 1).json()["role"] == "north.2"  # a single seat needs no naming


def test_a_player_with_two_seats_plays_each_from_its_own_page(players):
    host, south1, south2 = players(), players(), players()
    gid, _ = start(host, {"north.2": host, "south.1": south1, "south.2": south2})
    r = fire_as(host, gid, 2)
    assert r.status_code == 400 and "North commander, North second" in r.json()["message"]
    page = host.get(f"/games/{gid}?seat=north.2").text
    assert "You are <strong>North second</strong>" in page
    switch = re.search(r'<span class="seat-switch">(.*?)</span>', page, re.S).group(1)
    assert f'<a href="/games/{gid}?seat=north.1">North commander</a> (to move)' in switch
    assert '<strong aria-current="page">North second</strong> (to move)' in switch
    assert 'name="seat" value="north.2"' in page and f'ws-connect="/games/{gid}/ws?seat=north.2"' in page
    # the page's own form carries its seat
    version = host.game(gid)["game"]["version"]
    r = host.post(f"/games/{gid}/actions", data={"verb": "fire", "arg.salvos": "3", "seat": "north.2",
                                                 "expected_version": str(version), "key": "form-n2"},
                  follow_redirects=False)
    assert r.status_code == 303, r.text
    assert stored_state(gid)["salvos"] == {"north.1": None, "north.2": 3, "south.1": None, "south.2": None}
    assert fire_as(host, gid, 1, seat="north.1").status_code == 200
    assert host.game(gid)["role"] == "north.1"
    assert host.get(f"/api/games/{gid}?seat=north.2").json()["view"]["magazine"] == {"north.2": 3}


# ---------------------------------------------------------------------------------------------------- chat

def test_no_team_channel_when_teammates_may_not_talk_and_the_refusal_cites_the_rule(players):
    seated, gid = four_seats(players)
    north1, north2 = seated["north.1"], seated["north.2"]
    page = north1.get(f"/games/{gid}").text
    assert re.findall(r'<select id="chat-channel" name="channel">(.*?)</select>', page) == [
        '<option value="all">All players</option>']
    before = row_counts()
    r = north1.post(f"/api/games/{gid}/chat", json={"channel": "north", "text": "Go north"})
    assert r.status_code == 403
    assert r.json()["message"] == "The players of one side may not talk to each other in this game (rule teams 3)."
    assert row_counts() == before
    assert north2.post(f"/api/games/{gid}/chat", json={"channel": "all", "text": "Good luck"}).status_code == 201
    assert [m["text"] for m in seated["south.2"].get(f"/api/games/{gid}/chat").json()] == ["Good luck"]


def test_no_all_channel_when_the_sides_may_not_talk(players, talkative_teams):
    seated = {seat: players() for seat in SEATS}
    gid, _ = start(seated["north.1"], {s: p for s, p in seated.items() if s != "north.1"}, game="teams_quiet")
    r = seated["south.1"].post(f"/api/games/{gid}/chat", json={"channel": "all", "text": "Hello"})
    assert r.status_code == 403
    assert r.json()["message"] == "The sides may not talk to each other in this game (rule quiet 1)."
    assert seated["north.1"].post(f"/api/games/{gid}/chat", json={"channel": "north", "text": "Go"}).status_code == 201
    assert [m["text"] for m in seated["north.2"].get(f"/api/games/{gid}/chat").json()] == ["Go"]
    assert seated["south.2"].get(f"/api/games/{gid}/chat").json() == []
    r = seated["south.2"].post(f"/api/games/{gid}/chat", json={"channel": "north", "text": "sneaky"})
    assert r.status_code == 403 and "your own side's." in r.json()["message"]


# ------------------------------------------------------------------------------------------ the log, replays

def test_spotting_reports_reach_every_seat_of_the_side_and_no_one_else(players):
    seated, gid = four_seats(players, sandbox=True, dice_script=[4, 4])
    watcher = players()
    play_round(seated, gid)
    north1, north2, south1 = (log_texts(seated[s], gid) for s in ("north.1", "north.2", "south.1"))
    assert REPORT_NORTH in north1 and REPORT_NORTH in north2 and REPORT_NORTH not in south1
    assert REPORT_SOUTH in south1 and REPORT_SOUTH not in north1
    assert "You commit 2 salvo(s)." in north1 and "You commit 2 salvo(s)." not in north2  # a seat's own line
    assert "North rolls 4: total 7." in log_texts(watcher, gid)
    assert not any(t.startswith("Spotting report") or t.startswith("You commit") for t in log_texts(watcher, gid))
    assert REPORT_NORTH in seated["north.2"].get(f"/games/{gid}").text
    assert REPORT_NORTH not in seated["south.2"].get(f"/games/{gid}").text


def test_replays_through_a_side_s_eyes(players):
    seated, gid = four_seats(players, sandbox=True, dice_script=[4, 1])
    play_round(seated, gid)
    last = seated["south.1"].game(gid)["game"]["version"]  # after the first round's reports
    assert seated["south.1"].post(f"/api/games/{gid}/resign").status_code == 200  # the replay opens at the end

    def replay(eyes):
        r = seated["south.1"].get(f"/api/games/{gid}/replay?seq={last}&eyes={eyes}")
        assert r.status_code == 200, r.text
        return r.json()
    side = replay("side:north")
    texts = [line["text"] for line in side["view"]["log"]]
    assert REPORT_NORTH in texts and REPORT_SOUTH not in texts
    assert not any(t.startswith("You commit") for t in texts)  # no seat's own orders
    assert side["eyes_label"] == "North" and "magazine" not in side["view"]
    assert replay("north")["view"] == side["view"]  # a side named by its id
    seat = [line["text"] for line in replay("north.2")["view"]["log"]]
    assert "You commit 1 salvo(s)." in seat and REPORT_NORTH in seat and REPORT_SOUTH not in seat
    assert seated["south.1"].get(f"/api/games/{gid}/replay?seq=0&eyes=west").status_code == 400
    page = seated["south.1"].get(f"/games/{gid}/replay?eyes=side:south&seq={last}").text
    assert re.search(r'<option value="side:north"\s*>North \(the whole side\)</option>', page)
    assert "Seen through the eyes of South." in page and REPORT_SOUTH in page and REPORT_NORTH not in page


def test_a_seat_resigns_for_its_whole_side(players):
    seated, gid = four_seats(players)
    r = seated["south.2"].post(f"/api/games/{gid}/resign")
    assert r.status_code == 200
    assert r.json()["outcome"] == {"winner": "north", "level": "resigned",
                                   "reason": "South (South second) resigned"}
    assert "North wins" in seated["north.2"].get(f"/games/{gid}").text


# --------------------------------------------------------------------------------------------- secrecy

def test_what_a_seat_may_not_know_reaches_it_through_no_channel(players, anon):
    """Rendered non-interference and canaries for every seat of both sides and a spectator, mid-round: North's
    commander has fired, the rest have not."""
    seated, gid = four_seats(players, sandbox=True, dice_script=[4, 4])
    watcher = players()
    play_round(seated, gid)
    assert fire_as(seated["north.1"], gid, 1).status_code == 200
    rules = Teams()
    for seat, who in [*seated.items(), ("spectator", watcher)]:
        harness.assert_rendered_non_interference(who, gid, seat, rules, anon, SeededRng(3),
                                                 probes=[("fire", {"salvos": 9})], moment="mid-round")
    for seat, who in [*seated.items(), ("spectator", watcher)]:
        harness.assert_rendered_canaries(who, None, gid, seat, rules, anon, marker=f"CANARY-{seat}",
                                         probes=[("fire", {"salvos": 9})], moment="mid-round")


def test_choosing_a_smaller_scenario_redraws_the_form_with_only_its_seats(players, listed_teams):
    """The create form follows the scenario: "pair" offers one commander a side, so its seat list holds those two and
    keeps the scenario chosen; an unknown scenario falls back to the game's first."""
    host = players()
    options = host.get("/lobby/options?game=teams_listed&scenario=pair").text
    assert re.findall(r'<option value="(north\.\d|south\.\d)"', options) == ["north.1", "south.1"]
    assert re.search(r'<option value="pair" selected>', options)
    assert 'hx-get="/lobby/options"' in options.split('id="scenario"')[1].split(">")[0]
    full = host.get("/lobby/options?game=teams_listed&scenario=nonsense").text
    assert re.findall(r'<option value="(north\.\d|south\.\d)"', full) == ["north.1", "north.2", "south.1", "south.2"]


def test_an_umpire_s_undo_waits_only_for_the_seats_people_hold_and_a_player_at_two_seats_answers_once(players):
    """A smaller table (north.1 holds north.2 too; the "pair" scenario offers no second seats at all) is never held up
    by a seat nobody could take: the undo lands when every seat a person holds has agreed."""
    ump, north, south = players(), players(), players()
    made = ump.post("/api/games", json={"game": "teams", "scenario": "full", "side": "umpire", "umpired": True}).json()
    tokens = made["invite_tokens"]
    for seat, who in (("north.1", north), ("north.2", north), ("south.1", south), ("south.2", south)):
        assert who.post(f"/api/invites/{tokens[seat]}").status_code == 200
    gid = made["id"]
    for seat, n in zip(SEATS, (2, 1, 1, 3)):
        assert fire_as(north if seat.startswith("north") else south, gid, n, seat=seat).status_code == 200
    moved_on = ump.get(f"/api/games/{gid}").json()["game"]["version"]
    assert ump.post(f"/api/games/{gid}/undo", json={}).status_code == 200
    assert north.post(f"/api/games/{gid}/undo", json={"answer": True}).status_code == 200
    assert ump.get(f"/api/games/{gid}").json()["game"]["version"] == moved_on  # the south has not answered yet
    assert south.post(f"/api/games/{gid}/undo", json={"answer": True}).status_code == 200
    assert "the last resolution was undone" in north.get(f"/games/{gid}").text

    ump2, a, b = players(), players(), players()
    made = ump2.post("/api/games", json={"game": "teams", "scenario": "pair", "side": "umpire", "umpired": True}).json()
    assert a.post(f"/api/invites/{made['invite_tokens']['north.1']}").status_code == 200
    assert b.post(f"/api/invites/{made['invite_tokens']['south.1']}").status_code == 200
    gid = made["id"]
    assert fire_as(a, gid, 2).status_code == 200 and fire_as(b, gid, 1).status_code == 200
    assert ump2.post(f"/api/games/{gid}/undo", json={}).status_code == 200
    assert a.post(f"/api/games/{gid}/undo", json={"answer": True}).status_code == 200
    assert b.post(f"/api/games/{gid}/undo", json={"answer": True}).status_code == 200
    assert "the last resolution was undone" in a.get(f"/games/{gid}").text


def test_choosing_two_commanders_a_side_in_the_form_offers_the_seats_and_makes_the_team_game(players):
    """Guadalcanal's rule 17 is an option: the form first offers the two sides ("Your side"); choosing the option
    redraws the seats as the four commanders' ("Your seat"), and the game is made from the form with the seat chosen
    (before, the seat list stayed Allied/Japanese and the server refused it: "Choose a side: allied.1, ...")."""
    host = players()
    plain = host.get("/lobby/options?game=guadalcanal").text
    assert '<label for="side">Your side</label>' in plain
    assert re.findall(r'<option value="(allied[.\d]*|japanese[.\d]*)"', plain) == ["allied", "japanese"]
    teams_select = re.search(r'<select id="opt-teams"[^>]*>', plain).group(0)
    assert 'hx-get="/lobby/options"' in teams_select and "select[name^='opt.']" in teams_select
    assert 'hx-get' not in re.search(r'<select id="opt-free_roll"[^>]*>', plain).group(0)  # no seats change
    drawn = host.get("/lobby/options?game=guadalcanal&scenario=2&opt.teams=true").text
    assert '<label for="side">Your seat</label>' in drawn
    assert re.findall(r'<option value="(allied[.\d]*|japanese[.\d]*)"', drawn) == [
        "allied.1", "allied.2", "japanese.1", "japanese.2"]
    assert re.search(r'<select id="opt-teams".*?<option value="true" selected>Yes</option>', drawn, re.S)
    r = host.post("/games", data={"csrf_token": csrf_of(host.get("/").text), "game": "guadalcanal", "scenario": "2",
                                  "side": "japanese.2", "opponent": "human", "clock": "none", "opt.teams": "true"},
                  follow_redirects=False)
    assert r.status_code == 303, r.text
    game = game_row(r.headers["location"].rsplit("/", 1)[-1])
    assert game.options["teams"] is True
    assert host.get(f"/api/games/{game.id}").json()["role"] == "japanese.2"

