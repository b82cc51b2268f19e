def test_lobby_and_duel_round_trip(duel_game):
    red, blue, gid = duel_game
    g = red.game(gid)
    assert g["role"] == "red" and g["prompt"]["title"].startswith("Round 1")
    r = red.act(gid, "fire", {"salvos": 2})
    assert r.status_code == 200, r.text
    blue_view = blue.game(gid)["view"]
    assert blue_view["submitted"]["red"] is True and "red" not in blue_view["salvos"]
