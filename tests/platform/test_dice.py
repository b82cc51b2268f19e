"""Dice anyone can verify: the commitment on the first page, the seed at the end, verification from the log,
tampering caught, fair d6 and d10, and scripted dice only in a sandbox."""
from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from collections import Counter

import pytest

from app.engine.rng import hmac_roll
from app.paths import ROOT
from tests.platform.conftest import (actions_of, execute, fetch, fire, game_row, html_sign_up, new_name,
                                     play_round, row_counts, start_duel)


def _play_to_the_end(red, blue, gid, red_salvos=3, blue_salvos=1):
    for _ in range(10):
        if game_row(gid).status == "ended":
            return
        play_round(red, blue, gid, red_salvos if red.game(gid)["view"]["magazine"]["red"] >= red_salvos else 1,
                   1)
    assert game_row(gid).status == "ended"


def _cli_verify(game_id: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "app", "verify", game_id], cwd=ROOT, env=dict(os.environ),
                          capture_output=True, text=True, timeout=60)


def test_commitment_is_the_sha256_of_the_seed_and_shows_on_the_first_page(players):
    red, blue = players(), players()
    r = red.post("/api/games", json={"game": "duel", "side": "red"})
    gid = r.json()["id"]
    seed = bytes(fetch("SELECT seed FROM games WHERE id = :g", g=gid)[0][0])
    assert len(seed) == 32
    commitment = hashlib.sha256(seed).hexdigest()
    page = red.get(f"/games/{gid}").text  # the first page, before the opponent has even joined
    assert commitment in page
    assert red.game(gid)["game"]["commitment"] == commitment
    assert seed.hex() not in page and seed.hex() not in json.dumps(red.game(gid))


def test_the_seed_is_revealed_only_at_the_end(players):
    red, blue, watcher = players(), players(), players()
    gid = start_duel(red, blue, hits=1)
    seed = bytes(fetch("SELECT seed FROM games WHERE id = :g", g=gid)[0][0]).hex()
    fire(red, gid, 3)
    for who in (red, blue, watcher):
        for url in (f"/games/{gid}", f"/api/games/{gid}", f"/api/games/{gid}/verify", f"/api/games/{gid}/export",
                    f"/api/games/{gid}/replay"):
            assert seed not in who.get(url).text, url
    fire(blue, gid, 1)
    _play_to_the_end(red, blue, gid)
    for who in (red, blue, watcher):
        assert f"Seed revealed: <code>{seed}</code>" in who.get(f"/games/{gid}").text
        assert who.game(gid)["game"]["seed"] == seed
        assert who.get(f"/api/games/{gid}/verify").json()["seed"] == seed


def test_verify_recomputes_every_roll_through_the_api_and_the_command_line(players):
    red, blue = players(), players()
    gid = start_duel(red, blue, hits=3)
    assert red.get(f"/api/games/{gid}/verify").json()["ok"] is None  # before the end: nothing to check yet
    assert _cli_verify(gid).returncode == 3
    _play_to_the_end(red, blue, gid)
    rolls = [roll for row in actions_of(gid) for roll in row.rolls]
    assert rolls and all(r["value"] == hmac_roll(bytes(fetch("SELECT seed FROM games WHERE id = :g", g=gid)[0][0]),
                                                 gid, r["k"], r["sides"]) for r in rolls)
    report = red.get(f"/api/games/{gid}/verify").json()
    assert report["ok"] is True and report["commitment_ok"] is True
    assert report["checked"] == len(rolls) and report["mismatches"] == []
    cli = _cli_verify(gid)
    assert cli.returncode == 0, cli.stderr
    assert json.loads(cli.stdout)["ok"] is True and json.loads(cli.stdout)["checked"] == len(rolls)


def test_the_verify_link_on_the_game_page_works(players):
    """The game page offers "verify the dice"; following it must reach the verification, not a 404."""
    red, blue = players(), players()
    gid = start_duel(red, blue, hits=1)
    _play_to_the_end(red, blue, gid)
    page = red.get(f"/games/{gid}").text
    link = re.search(r'<a href="([^"]+)">verify the dice</a>', page).group(1)
    r = red.get(link)
    assert r.status_code == 200, (link, r.status_code)
    seed = bytes(fetch("SELECT seed FROM games WHERE id = :g", g=gid)[0][0])
    assert seed.hex() in r.text and "The commitment matches the seed." in r.text
    assert "every roll matches" in r.text


def test_a_tampered_roll_is_reported(players):
    red, blue = players(), players()
    gid = start_duel(red, blue, hits=2)
    _play_to_the_end(red, blue, gid)
    row = next(r for r in actions_of(gid) if r.rolls)
    rolls = [dict(x) for x in row.rolls]
    rolls[0]["value"] = rolls[0]["value"] % 6 + 1
    execute("UPDATE actions SET rolls = :r WHERE game_id = :g AND seq = :s", r=json.dumps(rolls), g=gid, s=row.seq)
    report = red.get(f"/api/games/{gid}/verify").json()
    assert report["ok"] is False
    assert report["mismatches"] == [{"seq": row.seq, "k": rolls[0]["k"], "sides": 6, "recorded": rolls[0]["value"],
                                     "recomputed": row.rolls[0]["value"]}]
    cli = _cli_verify(gid)
    assert cli.returncode == 1 and json.loads(cli.stdout)["ok"] is False
    page = red.get(f"/games/{gid}/verify").text
    assert "1 do not match" in page and f"<td>{row.seq}</td>" in page


def test_a_tampered_seed_fails_the_commitment(players):
    red, blue = players(), players()
    gid = start_duel(red, blue, hits=1)
    _play_to_the_end(red, blue, gid)
    from app.store.db import transaction
    from app.store.models import Game
    with transaction() as db:
        db.get(Game, gid).commitment = hashlib.sha256(b"another seed").hexdigest()
    report = red.get(f"/api/games/{gid}/verify").json()
    assert report["commitment_ok"] is False and report["ok"] is False


def _chi_square(counts: Counter, sides: int, n: int) -> float:
    expected = n / sides
    return sum((counts[v] - expected) ** 2 / expected for v in range(1, sides + 1))


@pytest.mark.parametrize("sides, critical", [(6, 20.52), (10, 27.88)])  # chi-square at p = 0.001, df = sides-1
def test_hmac_dice_are_fair(sides, critical):
    n = 60_000
    counts = Counter(hmac_roll(bytes([7]) * 32, "fairness", k, sides) for k in range(n))
    assert set(counts) == set(range(1, sides + 1))
    assert _chi_square(counts, sides, n) < critical, counts


def test_a_sandbox_replays_its_scripted_dice_and_says_so(players):
    red, blue = players(), players()
    gid = start_duel(red, blue, sandbox=True, dice=[6, 1, 2, 5], hits=3)
    page = red.get(f"/games/{gid}").text
    assert "Sandbox: not rated, dice may be scripted" in page
    play_round(red, blue, gid, 1, 1)
    play_round(red, blue, gid, 1, 1)
    texts = [line["text"] for line in red.game(gid)["view"]["log"]]
    assert "Red fires 1 salvo(s) and rolls 6: 7." in texts and "Blue fires 1 salvo(s) and rolls 1: 2." in texts
    assert "Red fires 1 salvo(s) and rolls 2: 3." in texts and "Blue fires 1 salvo(s) and rolls 5: 6." in texts
    play_round(red, blue, gid, 1, 1)  # the script has run out: verifiable dice take over
    _play_to_the_end(red, blue, gid)
    rows = actions_of(gid)
    rolls = [roll for row in rows for roll in row.rolls]
    assert [r["scripted"] for r in rolls[:4]] == [True] * 4
    assert not any(r["scripted"] for r in rolls[4:])
    export = red.get(f"/api/games/{gid}/export").json()
    assert [r["scripted"] for a in export["actions"] for r in a["rolls"]][:4] == [True] * 4
    report = red.get(f"/api/games/{gid}/verify").json()
    assert report["ok"] is True and report["scripted"] == 4 and report["checked"] == len(rolls) - 4


def test_only_a_sandbox_may_script_dice(players, app):
    red = players()
    before = row_counts()
    r = red.post("/api/games", json={"game": "duel", "side": "red", "dice_script": [6, 6, 6]})
    assert r.status_code == 400 and r.json()["message"] == "Only a sandbox game may script its dice."
    assert row_counts() == before

    # The HTML form ignores a script unless the sandbox box is ticked: the game gets verifiable dice.
    from fastapi.testclient import TestClient
    from tests.platform.conftest import csrf_of
    with TestClient(app) as browser:
        html_sign_up(browser, new_name())
        lobby = browser.get("/").text
        r = browser.post("/games", data={"csrf_token": csrf_of(lobby), "game": "duel", "side": "red",
                                         "dice_script": "6,6,6"}, follow_redirects=False)
        gid = r.headers["location"].rsplit("/", 1)[-1]
        assert "Sandbox" not in browser.get(f"/games/{gid}").text
    game = game_row(gid)
    assert game.sandbox is False and not game.dice_script


def test_the_command_line_names_a_game_that_does_not_exist():
    cli = _cli_verify("nosuchgame")
    assert cli.returncode == 2 and "There is no such game." in cli.stderr
