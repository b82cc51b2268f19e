"""A position's prompts are asked of the rules once (app/play/state.py `prompts_of`, issue 37): an order asks for
the prompts of the position before it, which the order before it already asked for as its new position; some
games' prompts are their dearest call (U.S.N.: half of an order's worker thread)."""
from __future__ import annotations

import copy
import dataclasses

from app import games as registry
from app.play.state import prompts_of
from tests.realtime.test_after_reply import blue_bot  # noqa: F401  (the fixture)


class Counting:
    def __init__(self, prompts):
        self.prompts, self.asked = prompts, 0

    def __call__(self, state):
        self.asked += 1
        return self.prompts(state)


def test_prompts_are_asked_once_per_position_and_again_for_another_position_even_an_equal_one():
    spec = registry.get("duel") or registry.load(["tests.fixtures.duel"])["duel"]
    counting = Counting(spec.prompts)
    rules = dataclasses.replace(spec, prompts=counting)
    state = spec.setup(spec.meta.scenarios[0].id, spec.meta.default_options(), None)
    first = prompts_of(rules, state)
    assert prompts_of(rules, state) is first and counting.asked == 1
    alike = copy.deepcopy(state)
    assert prompts_of(rules, alike) == first and counting.asked == 2


def test_an_order_asks_the_rules_for_prompts_once(duel_game, monkeypatch):
    red, blue, gid = duel_game
    assert red.act(gid, "fire", {"salvos": 1}).status_code == 200  # the position before the next order is asked
    spec = registry.get("duel")
    counting = Counting(spec.prompts)
    monkeypatch.setitem(registry._registry, "duel", dataclasses.replace(spec, prompts=counting))
    version = blue.game(gid)["game"]["version"]
    asked = counting.asked
    r = blue.act(gid, "fire", {"salvos": 1}, version=version)
    assert r.status_code == 200, r.text
    assert counting.asked - asked == 1  # the new position's; the one before was asked when it was new


def test_a_computer_players_move_asks_the_rules_for_its_position_once(players, blue_bot, monkeypatch):
    """The computer's pass reads whether it owes a move, then locks the game and reads it again, then applies its
    move: the position it answers was asked about once, when the human's order made it (app/play/bots.py)."""
    red = players()
    gid = red.post("/api/games", json={"game": "duel_blue_bot", "side": "red", "opponent": "computer"}).json()["id"]
    version = red.game(gid)["game"]["version"]
    spec = registry.get("duel_blue_bot")
    counting = Counting(spec.prompts)
    monkeypatch.setitem(registry._registry, "duel_blue_bot", dataclasses.replace(spec, prompts=counting))
    r = red.act(gid, "fire", {"salvos": 1}, version=version)  # the computer (Blue) answers after the reply
    assert r.status_code == 200, r.text
    assert red.game(gid)["game"]["version"] == version + 2  # it did answer
    assert counting.asked == 2  # red's order's new position, and the computer's
