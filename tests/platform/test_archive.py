"""The archive of finished games (issue 20 item 4): search by game, player, result and date; each row opens the
replay and the report; running games, tutorials and private players' names stay out."""
from __future__ import annotations

from tests.conftest import Player
from tests.platform.conftest import game_row, start_duel


def test_finished_games_are_found_by_player_result_and_date_and_open_their_replay(app, anon):
    red, blue, private = Player(app), Player(app), Player(app)
    try:
        ended = start_duel(red, blue, hits=3)
        red.post(f"/api/games/{ended}/resign", json={})
        running = start_duel(red, blue, hits=3)
        found = anon.get("/api/archive", params={"player": red.name}).json()["games"]
        assert [g["game_id"] for g in found] == [ended]  # the running game is not in the archive
        row = found[0]
        assert row["winner"] == "Blue" and row["how"] == "resigned" and row["sides"]["Red"] == [red.name]
        assert anon.get("/api/archive", params={"player": red.name, "result": "red"}).json()["games"] == []
        assert anon.get("/api/archive", params={"player": red.name, "result": "blue"}).json()["games"]
        today = game_row(ended).updated_at.date().isoformat()
        assert anon.get("/api/archive", params={"player": red.name, "since": today}).json()["games"]
        assert anon.get("/api/archive", params={"player": red.name, "until": "2000-01-01"}).json()["games"] == []
        r = anon.get("/api/archive", params={"since": "30/11/2026"})
        assert r.status_code == 400 and "YYYY-MM-DD" in r.json()["message"]
        page = anon.get("/archive", params={"player": red.name}).text
        assert f'href="/games/{ended}/replay"' in page and f"/games/{running}" not in page

        gid = start_duel(private, blue, hits=3)
        private.post(f"/api/games/{gid}/resign", json={})
        private.post("/players/me/visibility", data={"hidden": "1"})
        assert anon.get("/api/archive", params={"player": private.name}).json()["games"] == []
        sides = [g["sides"] for g in anon.get("/api/archive", params={"player": blue.name}).json()["games"]
                 if g["game_id"] == gid][0]
        assert sides["Red"] == ["a private player"] and private.name not in anon.get("/archive").text
        # ... nor on the page of the player they played against
        blue_games = anon.get(f"/api/players/{blue.name}").json()["finished"]
        assert [g["opponents"] for g in blue_games if g["game_id"] == gid] == [["a private player"]]
        assert private.name not in anon.get(f"/players/{blue.name}").text
    finally:
        for p in (red, blue, private):
            p.close()


def test_a_tutorial_is_not_a_finished_game_on_the_player_s_page(players):
    from app.store.db import transaction
    from app.store.models import Game

    red, blue = players(), players()
    gid = start_duel(red, blue, hits=3)
    red.post(f"/api/games/{gid}/resign", json={})
    assert gid in [g["game_id"] for g in red.get(f"/api/players/{red.name}").json()["finished"]]
    with transaction() as db:
        game = db.get(Game, gid)
        game.options = dict(game.options, tutorial="guadalcanal-example-10")
    assert gid not in [g["game_id"] for g in red.get(f"/api/players/{red.name}").json()["finished"]]


def test_a_page_number_past_any_page_is_a_clear_400_on_the_page_and_its_json(anon):
    """Issue 32 item 7: a page number whose offset no longer fits a database integer answered 500, unauthenticated."""
    for huge in ("4611686018427387904", "9223372036854775807", "1000001"):
        r = anon.get(f"/api/archive?page={huge}")
        assert r.status_code == 400 and "Pages are numbered from 1 to 1,000,000" in r.json()["message"]
        r = anon.get(f"/archive?page={huge}")
        assert r.status_code == 400 and "Pages are numbered from 1 to 1,000,000" in r.text
    assert anon.get("/api/archive?page=1000000").json()["games"] == []  # the last page: empty, not an error
