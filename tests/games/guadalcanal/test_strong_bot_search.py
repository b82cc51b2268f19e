"""Issue 36: Guadalcanal's strong computer player searches over its beliefs (strong_bot.py, app/engine/search.py) where
the strikes fly (3d) and where its carriers sail (3c), and keeps the easy plan, sharpened, elsewhere.
These tests play seeded Scenario 3 positions and hold the searched decisions to what a player would notice: orders
the rules accept, an order other than the easy bot's only where its rollouts scored it better, and no search where
it can tell nothing."""
from __future__ import annotations

import copy
import functools
from typing import Any

from app.engine import search
from app.engine.rng import SeededRng
from app.games.guadalcanal import bots, rules, strong_bot
from app.games.guadalcanal.searchboard import sea_steps
from tests.games.guadalcanal.test_bots import play, prompt_of

State = dict[str, Any]


@functools.lru_cache(maxsize=None)
def game_states() -> tuple[tuple[State, str], ...]:
    """The states of a seeded Scenario 3 game of the rule-based strong players where a side moves its fleet (3c) or
    flies (3d) by day, once it has sighted something."""
    out: list[tuple[State, str]] = []

    def watch(s, role, action):
        view = rules.view(s, role)
        if s["step"]["kind"] in ("sea", "air") and not view["time"]["night"] and view["searchboard"]["contacts"]:
            out.append((copy.deepcopy(s), role))
    play("3", 5, dict(strong_bot.RULE_BOTS), watch=watch)
    return tuple(out)


def searched_states() -> list[tuple[State, str]]:
    return [(s, r) for s, r in game_states() if strong_bot.searched_verb(rules.view(s, r), prompt_of(s, r))]


def test_the_strong_player_searches_the_strikes_and_the_carriers_course_by_day_once_something_is_sighted():
    """The strikes' flight (3d, once the scouts have flown) and the sea movement (3c) are searched
    (strong_bot.SEARCHED); nothing is searched at night (3a1: no air flies)."""
    kinds = {s["step"]["kind"] for s, _ in searched_states()}
    assert kinds == {"air", "sea"}, kinds
    for state, side in searched_states():
        verb = {"air": "fly_all", "sea": "move"}[state["step"]["kind"]]
        assert strong_bot.searched_verb(rules.view(state, side), prompt_of(state, side)) == verb
    for state, side in searched_states()[:1]:
        night = copy.deepcopy(state)
        night["time"]["turn"] = 1  # Turn 1 of a date is a night Turn (the TIME RECORD TRACK, 3a1)
        assert strong_bot.searched_verb(rules.view(night, side), prompt_of(night, side)) is None


def test_a_searched_order_is_legal_and_differs_from_the_easy_one_only_where_its_rollouts_scored_better():
    """At every searched decision of the game the strong order is accepted by the rules; where it is not the easy
    bot's order (the strikes) or the rule-based strong plan's (the sea movement: its stand-off) its mean score over
    the believed states beat that order's, and that happens in the game (the search changes what the strong player
    does)."""
    changed = 0
    for state, side in searched_states():
        view, prompt = strong_bot.reading(rules.view(state, side)), prompt_of(state, side)
        thought = search.think(strong_bot.GAME, view, side, prompt, SeededRng(11), strong_bot.BUDGET)
        rules.check(state, side, thought.action)
        assert thought.candidates[0] == strong_bot.RULE_BOTS[side](view, prompt, SeededRng(11))
        if state["step"]["kind"] == "air":
            assert thought.candidates[0] == bots.BOTS[side](view, prompt, SeededRng(11))
        if thought.action != thought.candidates[0]:
            assert strong_bot.BOTS[side](view, prompt, SeededRng(11)) == thought.action
            best = thought.scores[thought.candidates.index(thought.action)]
            assert thought.scores[0] is None or best > thought.scores[0], thought.scores
            changed += 1
    assert changed, "the search never chose anything but the easy order"


def test_the_sea_candidates_send_each_carrier_group_to_every_hex_it_may_enter():
    """The sea movement's candidates (strong_bot.sea_candidates), 3c: the carriers of one hex move as a group to each
    hex they may enter, or stay; every candidate is a legal order, the first is the strong plan's own (its stand-off)
    and in the others the other task forces move as it moves them."""
    seen = 0
    for state, side in [x for x in game_states() if x[0]["step"]["kind"] == "sea"][::2]:
        if state["step"]["kind"] != "sea" or side not in rules.prompts(state):
            continue
        view, prompt = rules.view(state, side), prompt_of(state, side)
        candidates = strong_bot.sea_candidates(view, prompt, SeededRng(1))
        assert candidates[0] == strong_bot.move(view, prompt, SeededRng(1))
        me = bots.Intel(view)
        carriers = [t for t in me.tfs.values() if bots.has_carrier(t) and not bots.withdrawing(t)]
        for c in candidates:
            rules.check(state, side, c)
        for t in carriers:
            ends = {c["args"]["moves"].get(t["id"], t["hex"]) for c in candidates}
            assert ends == {t["hex"], *sea_steps(t["hex"])}, (t["id"], ends)
            seen += 1
    assert seen


