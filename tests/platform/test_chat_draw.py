"""Issue 18: every watching role's chat is read in one query per push; each role still gets the last messages of
the channels it reads, however busy a channel it does not read."""
from __future__ import annotations

from app.play import chat
from app.store.db import transaction
from app.store.models import Game
from tests.platform.conftest import start_duel


def test_each_role_gets_its_own_last_messages_however_busy_the_other_sides_channel(players):
    red, blue = players(), players()
    gid = start_duel(red, blue)
    for text in ("red one", "red two"):
        assert red.post(f"/api/games/{gid}/chat", json={"channel": "red", "text": text}).status_code == 201
    assert blue.post(f"/api/games/{gid}/chat", json={"channel": "all", "text": "hello all"}).status_code == 201
    for n in range(4):  # Blue's own channel, busier than the limit below
        assert blue.post(f"/api/games/{gid}/chat", json={"channel": "blue", "text": f"blue {n}"}).status_code == 201
    with transaction(read_only=True) as db:
        drawn = chat.messages_for(db, db.get(Game, gid), ("red", "blue", "spectator"), limit=2)
    assert [m["text"] for m in drawn["red"]] == ["red two", "hello all"]  # Blue's four never crowd Red's out
    assert [m["text"] for m in drawn["blue"]] == ["blue 2", "blue 3"]
    assert drawn["spectator"] == []  # a spectator reads no chat while the game runs
    assert [m["text"] for m in red.get(f"/api/games/{gid}/chat").json()] == ["red one", "red two", "hello all"]
