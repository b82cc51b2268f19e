"""Issue 5 on the test-only game: chat channels, clocks and missed orders across a restart, claims, the umpire's
undo, spectators, replays and the after-action report."""
from datetime import timedelta


from app.play import clocks, state as state_module
from app.play.clock import now
from app.store.db import transaction
from app.store.models import Game


def umpired_duel(players, hits=3, clock="none"):
    ump, red, blue = players(), players(), players()
    r = ump.post("/api/games", json={"game": "duel", "side": "umpire", "umpired": True, "clock": clock,
                                     "options": {"hits_to_win": hits}})
    assert r.status_code == 201, r.text
    body = r.json()
    assert red.post(f"/api/invites/{body['invite_tokens']['red']}").status_code == 200
    assert blue.post(f"/api/invites/{body['invite_tokens']['blue']}").status_code == 200
    return ump, red, blue, body["id"]


def test_the_umpire_sees_both_sides_hidden_orders(players):
    ump, red, blue, gid = umpired_duel(players)
    assert red.act(gid, "fire", {"salvos": 3}).status_code == 200
    view = ump.game(gid)["view"]
    assert view["salvos"]["red"] == 3 and view["magazine"] == {"red": 5, "blue": 8}
    assert "red" not in blue.game(gid)["view"]["salvos"]


def test_team_chat_reaches_the_team_and_the_umpire_but_not_the_enemy_or_spectators(players):
    ump, red, blue, gid = umpired_duel(players)
    watcher = players()
    assert red.post(f"/api/games/{gid}/chat", json={"channel": "red", "text": "Plot them north"}).status_code == 201
    assert blue.post(f"/api/games/{gid}/chat", json={"channel": "all", "text": "Good luck"}).status_code == 201
    assert ump.post(f"/api/games/{gid}/chat", json={"channel": "blue", "text": "Umpire to Blue"}).status_code == 201
    texts = lambda p: [m["text"] for m in p.get(f"/api/games/{gid}/chat").json()]  # noqa: E731
    assert texts(red) == ["Plot them north", "Good luck"]
    assert texts(blue) == ["Good luck", "Umpire to Blue"]
    assert texts(ump) == ["Plot them north", "Good luck", "Umpire to Blue"]
    assert texts(watcher) == []
    assert "Plot them north" not in blue.get(f"/games/{gid}").text
    assert "Plot them north" not in watcher.get(f"/games/{gid}").text
    r = blue.post(f"/api/games/{gid}/chat", json={"channel": "red", "text": "sneaky"})
    assert r.status_code == 403 and "cannot write" in r.json()["message"]


def test_chat_is_rate_limited(players, monkeypatch):
    from app.config import get_settings
    monkeypatch.setattr(get_settings(), "chat_per_minute", 3)
    red, blue = players(), players()
    gid = red.post("/api/games", json={"game": "duel", "side": "red"}).json()["id"]
    codes = [red.post(f"/api/games/{gid}/chat", json={"channel": "all", "text": f"m{i}"}).status_code for i in range(4)]
    assert codes == [201, 201, 201, 429]


def _expire_all(gid):
    """Move every deadline of the game into the past, as if the clock had run out."""
    with transaction() as db:
        game = db.get(Game, gid)
        game.deadlines = {r: (now() - timedelta(seconds=1)).isoformat() for r in game.deadlines}


def test_a_missed_order_takes_the_default_is_public_and_survives_a_restart(players):
    red, blue = players(), players()
    body = red.post("/api/games", json={"game": "duel", "side": "red", "clock": "live"}).json()
    gid = body["id"]
    blue.post(f"/api/invites/{body['invite_tokens']['blue']}")
    with transaction() as db:
        assert set(db.get(Game, gid).deadlines) == {"red", "blue"}
    assert red.act(gid, "fire", {"salvos": 3}).status_code == 200
    _expire_all(gid)
    state_module.forget_all()  # a restarted server has only the database
    assert clocks.tick() == [gid]
    page = red.get(f"/games/{gid}").text
    assert "Blue missed an order; the default was taken." in page
    assert "Missed orders: Blue 1" in blue.get(f"/games/{gid}").text
    g = red.game(gid)
    assert g["view"]["round"] == 2  # the default (one salvo) was fired and the round resolved
    assert clocks.tick() == []  # nothing else is due


def test_three_missed_orders_let_the_other_side_claim_the_game(players):
    red, blue = players(), players()
    body = red.post("/api/games", json={"game": "duel", "side": "red", "clock": "daily",
                                        "options": {"hits_to_win": 5}}).json()
    gid = body["id"]
    blue.post(f"/api/invites/{body['invite_tokens']['blue']}")
    r = red.post(f"/api/games/{gid}/claim")
    assert r.status_code == 409 and "missed 3 orders" in r.json()["message"]
    for _ in range(3):
        if red.game(gid)["game"]["status"] != "active":
            break
        red.act(gid, "fire", {"salvos": 1})
        _expire_all(gid)
        clocks.tick()
    if red.game(gid)["game"]["status"] == "active":
        assert blue.post(f"/api/games/{gid}/claim").status_code == 409
        assert red.post(f"/api/games/{gid}/claim").status_code == 200
        g = red.game(gid)
        assert g["game"]["status"] == "ended" and g["game"]["outcome"]["level"] == "claimed"


def test_the_umpire_pauses_and_resumes_the_clocks(players):
    ump, red, blue, gid = umpired_duel(players, clock="live")
    assert red.post(f"/api/games/{gid}/clock", json={"paused": True}).status_code == 403
    assert ump.post(f"/api/games/{gid}/clock", json={"paused": True}).status_code == 200
    _expire_all(gid)  # nothing to expire while paused
    with transaction() as db:
        assert db.get(Game, gid).deadlines == {}
    assert clocks.tick() == []
    assert ump.post(f"/api/games/{gid}/clock", json={"paused": False}).status_code == 200
    with transaction() as db:
        assert set(db.get(Game, gid).deadlines) == {"red", "blue"}


def test_undo_of_the_last_resolution_needs_both_sides(players):
    ump, red, blue, gid = umpired_duel(players, hits=5)
    red.act(gid, "fire", {"salvos": 2})
    blue.act(gid, "fire", {"salvos": 1})
    assert red.game(gid)["view"]["round"] == 2
    assert red.post(f"/api/games/{gid}/undo", json={}).status_code == 403
    assert ump.post(f"/api/games/{gid}/undo", json={}).status_code == 200
    assert red.post(f"/api/games/{gid}/undo", json={"answer": True}).status_code == 200
    assert red.game(gid)["view"]["round"] == 2  # one consent is not enough
    assert blue.post(f"/api/games/{gid}/undo", json={"answer": True}).status_code == 200
    g = blue.game(gid)
    assert g["view"]["round"] == 1 and g["view"]["submitted"] == {"red": True, "blue": False}
    assert "the last resolution was undone" in red.get(f"/games/{gid}").text
    # the game goes on from the restored position, and a cold load agrees
    assert blue.act(gid, "fire", {"salvos": 3}).status_code == 200
    state_module.forget_all()
    assert red.game(gid)["view"]["round"] == 2


def test_a_refused_undo_changes_nothing(players):
    ump, red, blue, gid = umpired_duel(players, hits=5)
    red.act(gid, "fire", {"salvos": 2})
    blue.act(gid, "fire", {"salvos": 1})
    ump.post(f"/api/games/{gid}/undo", json={})
    assert blue.post(f"/api/games/{gid}/undo", json={"answer": False}).status_code == 200
    assert red.post(f"/api/games/{gid}/undo", json={"answer": True}).status_code == 409
    assert red.game(gid)["view"]["round"] == 2


def _play_out(red, blue, gid):
    while red.game(gid)["game"]["status"] == "active":
        for p in (red, blue):
            g = p.game(gid)
            if g["prompt"]:
                p.act(gid, "fire", {"salvos": 1 + g["game"]["version"] % 3 if g["view"]["magazine"][g["role"]] >= 3 else 1})


def test_a_spectator_sees_nothing_hidden_while_running_and_everything_after(players):
    red, blue, watcher = players(), players(), players()
    body = red.post("/api/games", json={"game": "duel", "side": "red", "options": {"hits_to_win": 2}}).json()
    gid = body["id"]
    blue.post(f"/api/invites/{body['invite_tokens']['blue']}")
    red.act(gid, "fire", {"salvos": 3})
    v = watcher.game(gid)
    assert v["role"] == "spectator" and "magazine" not in v["view"] and "salvos" not in v["view"]
    assert watcher.get(f"/api/games/{gid}/replay?seq=1").status_code == 403
    assert watcher.get(f"/games/{gid}/report").status_code == 403
    _play_out(red, blue, gid)
    v = watcher.game(gid)
    assert v["view"]["magazine"].keys() == {"red", "blue"}
    assert watcher.get(f"/api/games/{gid}/replay?seq=1&eyes=blue").json()["view"]["submitted"]["red"] is True
    assert "magazine" in watcher.get(f"/api/games/{gid}/replay?seq=1&eyes=umpire").json()["view"]


def test_the_replay_steps_and_ends_where_the_live_game_did(players):
    red, blue = players(), players()
    body = red.post("/api/games", json={"game": "duel", "side": "red", "options": {"hits_to_win": 2}}).json()
    gid = body["id"]
    blue.post(f"/api/invites/{body['invite_tokens']['blue']}")
    _play_out(red, blue, gid)
    live = red.game(gid)
    last = live["game"]["version"]
    end = red.get(f"/api/games/{gid}/replay?seq={last}&eyes=red").json()
    assert end["view"] == live["view"]
    page = red.get(f"/games/{gid}/replay?seq=1&eyes=red").text
    assert "Action forward" in page and f"seq=2" in page and "Phase or segment forward" in page
    report = red.get(f"/games/{gid}/report").text
    export = red.get(f"/api/games/{gid}/export").json()
    assert export["final_state_hash"] in report
    assert len(export["actions"]) == last


def test_the_exported_record_replays_to_the_same_end_from_the_command_line(players, tmp_path):
    import json
    import subprocess
    import sys

    red, blue = players(), players()
    body = red.post("/api/games", json={"game": "duel", "side": "red", "options": {"hits_to_win": 2}}).json()
    gid = body["id"]
    blue.post(f"/api/invites/{body['invite_tokens']['blue']}")
    _play_out(red, blue, gid)
    record = red.get(f"/api/games/{gid}/export").json()
    assert record["seed"] and record["actions"]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    done = subprocess.run([sys.executable, "-m", "app", "replay", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    out = json.loads(done.stdout)
    assert out["same_position"] and out["same_outcome"] and out["dice"]["ok"]
    rolled = next(a for a in record["actions"] if a["rolls"])  # a doctored die no longer matches the seed
    rolled["rolls"] = [dict(r, value=r["value"] % 6 + 1) for r in rolled["rolls"]]
    path.write_text(json.dumps(record))
    tampered = subprocess.run([sys.executable, "-m", "app", "replay", str(path)], capture_output=True, text=True)
    assert tampered.returncode == 1
