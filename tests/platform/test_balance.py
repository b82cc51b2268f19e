"""How balanced each scenario is (issue 38): the lobby shows, beside each scenario, its finished rated games' wins by
side and draws and its computer-vs-computer benchmarks, with 95% Wilson intervals; /balance has every benchmark row.
The counts are checked against the results stored in the games table."""
from __future__ import annotations

import json
import re

import pytest

from tests.platform.conftest import execute, fetch, start_duel


def rated_duel(red, blue, winner: str | None = None, level: str | None = None) -> str:
    """A rated Listed Duel between `red` and `blue`, ended: the loser resigns (or its stored result is set, for a
    draw or a claim, which no test game's rules give)."""
    r = red.post("/api/games", json={"game": "duel_listed", "side": "red", "rated": True})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    assert blue.post(f"/api/invites/{r.json()['invite_tokens']['blue']}").status_code == 200
    loser = {"red": blue, "blue": red}.get(winner or "", red)
    assert loser.post(f"/api/games/{gid}/resign", json={}).status_code == 200
    if winner is None or level:
        execute("UPDATE games SET outcome = :o WHERE id = :g",
                o=json.dumps({"winner": winner, "level": level or "draw", "reason": "set by the test"}), g=gid)
    return gid


def stored_counts(game: str) -> dict[str, int]:
    """The rated results as the games table holds them, counted independently of app/play/balance.py."""
    counts = {"red": 0, "blue": 0, "draws": 0, "games": 0}
    for (outcome,) in fetch("SELECT outcome FROM games WHERE game = :g AND status = 'ended' AND rated = :t",
                            g=game, t=True):
        outcome = json.loads(outcome) if isinstance(outcome, str) else outcome
        if outcome.get("level") == "claimed":
            continue
        counts["games"] += 1
        counts[outcome["winner"] or "draws"] += 1
    return counts


def cell(html: str, row_id: str, column: str) -> str:
    row = re.search(rf'<tr id="{row_id}">(.*?)</tr>', html, re.S)
    assert row, f"no row {row_id}"
    found = re.search(rf'<td class="{column}">(.*?)</td>', row.group(1), re.S)
    return re.sub(r"<[^>]+>", "", found.group(1)).replace("\n", " ")


def test_the_lobby_shows_each_scenarios_rated_results_as_stored(players, listed_duel):
    from app.play.balance import wilson

    red, blue = players(), players()
    rated_duel(red, blue, "red")
    rated_duel(red, blue, "red")
    rated_duel(red, blue, "blue")
    rated_duel(red, blue, None)  # a draw
    rated_duel(red, blue, "red", level="claimed")  # won by a claim: not played out, left out
    start_duel(red, blue)  # unrated, and running
    counts = stored_counts("duel_listed")
    assert counts["games"] >= 4 and counts["draws"] >= 1
    text = cell(red.get("/").text, "balance-duel_listed-standard", "rated")
    n = counts["games"]
    for side, label in (("red", "Red"), ("blue", "Blue")):
        lo, hi = wilson(counts[side], n)
        assert f"{label} {counts[side]} ({counts[side] / n:.0%}, 95% interval {lo * 100:.0f}–{hi * 100:.0f}%)" in text
    assert f"drawn {counts['draws']}, of {n} games" in text
    assert "few games" in text  # under 30: the intervals matter most
    api = next(b for b in red.get("/api/balance").json() if b["game"] == "duel_listed")
    assert api["rated"]["games"] == n and [s["wins"] for s in api["rated"]["sides"]] == [counts["red"], counts["blue"]]


def test_a_fork_a_computer_game_and_an_unrated_game_never_count(players, listed_duel):
    from app.store.db import transaction
    from app.play.balance import rated_results

    red, blue = players(), players()
    gid = rated_duel(red, blue, "red")
    with transaction(read_only=True) as db:
        before = rated_results(db, "duel_listed")[("duel_listed", "standard")]
    fork = red.post(f"/api/games/{gid}/fork", json={"seq": 0, "side": "red", "opponent": "hot_seat"}).json()["id"]
    assert red.post(f"/api/games/{fork}/resign", json={"seat": "red"}).status_code == 200
    r = red.post("/api/games", json={"game": "duel_listed", "side": "red"})  # unrated
    assert blue.post(f"/api/invites/{r.json()['invite_tokens']['blue']}").status_code == 200
    assert red.post(f"/api/games/{r.json()['id']}/resign", json={}).status_code == 200
    with transaction(read_only=True) as db:
        assert rated_results(db, "duel_listed")[("duel_listed", "standard")] == before


def test_the_create_form_shows_the_chosen_scenarios_balance_beside_it(players):
    from app.play.balance import wilson

    host = players()
    form = host.get("/lobby/options?game=guadalcanal&scenario=3").text
    note = " ".join(re.sub(r"<[^>]+>", "", re.search(r'id="scenario-balance">(.*?)</p>', form, re.S).group(1)).split())
    lo, hi = wilson(17, 20)  # the shipped benchmark of Scenario 3, bot v bot: Allied 17, Japanese 2, a tie
    assert note.startswith("Balance of Scenario Three: The Battle of Santa Cruz (Oct 25-27): rated games ")
    assert f"computer vs computer Allied 17 (85%, 95% interval {lo * 100:.0f}–{hi * 100:.0f}%)" in note
    assert "Japanese 2 (10%" in note and "drawn 1, of 20 games" in note
    assert re.search(r'href="/balance/guadalcanal#balance-guadalcanal-3"', form)


def test_the_benchmarks_are_read_from_the_data_file_and_pooled_without_random_players(players, tmp_path,
                                                                                       monkeypatch):
    from app.play import balance

    data = tmp_path / "balance.json"
    monkeypatch.setattr(balance, "BENCHMARKS", data)
    rows = [{"game": "solomons", "scenario": "campaign", "levels": {"allied": "strong", "japanese": "easy"},
             "games": 10, "wins": {"allied": 8, "japanese": 1}, "draws": 1},
            {"game": "solomons", "scenario": "campaign", "levels": {"allied": "easy", "japanese": "strong"},
             "games": 10, "wins": {"allied": 2, "japanese": 7}, "draws": 1},
            {"game": "solomons", "scenario": "campaign", "levels": {"allied": "random", "japanese": "strong"},
             "games": 10, "wins": {"allied": 0, "japanese": 10}, "draws": 0}]
    balance.write_benchmarks(rows, "a test", data)
    balance.write_benchmarks([dict(rows[0], games=99)], "another tool", data)
    balance.write_benchmarks(rows[:2], "a test", data)  # a tool's rows replace its own, never another's
    assert sorted((r["source"], r["games"]) for r in balance.benchmarks(data)) == [
        ("a test", 10), ("a test", 10), ("another tool", 99)]
    balance.write_benchmarks(rows, "a test", data)
    balance.write_benchmarks([], "another tool", data)
    viewer = players()
    page = viewer.get("/balance/solomons").text
    text = " ".join(re.sub(r"<[^>]+>", "", page).split())
    lo, hi = balance.wilson(10, 20)
    # pooled: the two rows where a computer player held each side (the random player's row left out)
    assert f"Computer vs computer: United States 10 (50%, 95% interval {lo * 100:.0f}–{hi * 100:.0f}%)" in text
    assert "Japan 8 (40%" in text and "drawn 2, of 20 games" in text
    assert "strong (United States) v easy (Japan)" in text and "random (United States) v strong (Japan)" in text
    lobby = cell(viewer.get("/").text, "balance-solomons-campaign", "computer")
    assert "United States 10 (50%" in lobby and "of 20 games" in lobby


def test_the_shipped_benchmarks_name_their_source_and_bench_bots_writes_its_rows(tmp_path):
    from app.play import balance
    from tools import bench_bots

    shipped = balance.benchmarks()
    assert {(r["game"], r["scenario"]) for r in shipped} >= {("solomons", "campaign"), ("guadalcanal", "3"),
                                                             ("first_blood", "campaign")}
    assert all(r["source"] and r["games"] == sum(r["wins"].values()) + r["draws"] for r in shipped)
    data = tmp_path / "balance.json"
    data.write_text(json.dumps({"benchmarks": [r for r in shipped if r["game"] != "solomons"]}))
    levels = {"allied": "strong", "japanese": "easy"}
    record = [{"row": "strong-allied-easy", "seed": s, "commit": "abc1234", "winner": w, "levels": levels,
               "score": {"allied": 1, "japanese": 0}, "times": {"allied": [], "japanese": []}}
              for s, w in enumerate(["allied"] * 6 + ["japanese", None])]
    bench_bots.write_balance({"results": record, "table": "all.jsonl"}, data)
    ours = [r for r in balance.benchmarks(data) if r["source"] == bench_bots.SOURCE]
    assert ours == [{"game": "solomons", "scenario": "campaign", "levels": levels, "games": 8,
                     "wins": {"allied": 6, "japanese": 1}, "draws": 1, "source": bench_bots.SOURCE,
                     "command": "python -m tools.bench_bots --table all.jsonl", "measured": ours[0]["measured"],
                     "commit": "abc1234"}]
    assert len(balance.benchmarks(data)) == len([r for r in shipped if r["game"] != "solomons"]) + 1


@pytest.mark.parametrize("path", ["/balance/nothing", "/api/balance/nothing"])
def test_an_unknown_game_has_no_balance_page(anon, path):
    r = anon.get(path)
    assert r.status_code == 404 and "There is no such game" in r.text
