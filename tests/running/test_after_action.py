"""The after-action report of a whole Solomons game played through the JSON API against the computer: the
Victory Point breakdown adds up to the score, losses are charted over the Game-Turns, each lost ship has its
Game-Turn and segment, and the exported record replays to the same end."""
import json
import subprocess
import sys

import pytest


@pytest.mark.slow
def test_a_whole_solomons_game_ends_in_a_report_that_agrees_with_the_live_game(players, tmp_path):
    me = players()
    body = me.post("/api/games", json={"game": "solomons", "side": "allied", "opponent": "computer"}).json()
    gid = body["id"]
    for _ in range(2000):
        g = me.game(gid)
        if g["game"]["status"] == "ended":
            break
        assert g["prompt"], g["waiting"]
        r = me.act(gid, "submit", g["prompt"]["info"]["default"], version=g["game"]["version"])
        assert r.status_code == 200, r.text
    g = me.game(gid)
    assert g["game"]["status"] == "ended"
    outcome = g["game"]["outcome"]
    page = me.get(f"/games/{gid}/report").text
    assert "Victory Points" in page and "Losses over time" in page
    record = me.get(f"/api/games/{gid}/export").json()
    assert record["final_state_hash"] in page
    # the breakdown adds up to each side's score
    from app import games as registry
    from app.play.records import replay_record
    report = replay_record(record)
    assert report["ok"] and report["outcome"] == outcome
    final = registry.get("solomons")
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    done = subprocess.run([sys.executable, "-m", "app", "replay", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert final is not None
