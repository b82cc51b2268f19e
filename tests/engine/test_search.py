"""The engine's search over beliefs (app/engine/search.py), on a toy game small enough to reason about: each player
in turn takes 1 to 3 stones from a pile; whoever takes the last stone wins. A player sees its own hand of stones
taken but not the other's (the hidden part), and the pile is public."""
from __future__ import annotations

import pytest

from app.engine import search
from app.engine.errors import IllegalAction
from app.engine.rng import SeededRng


class Stones:
    def __init__(self):
        self.determinized = 0

    def determinize(self, view, role, rng):
        self.determinized += 1
        other = "b" if role == "a" else "a"
        return {"pile": view["pile"], "to_move": view["to_move"], "hand": {role: view["hand"], other: rng.die(5)},
                "winner": None}

    def candidates(self, view, role, prompt, rng):
        return [{"take": n} for n in (1, 2, 3)]

    def apply(self, state, role, action, rng):
        n = action["take"]
        if state["to_move"] != role or not 1 <= n <= min(3, state["pile"]):
            raise IllegalAction("not possible", None)
        pile = state["pile"] - n
        return {"pile": pile, "to_move": "b" if role == "a" else "a",
                "hand": dict(state["hand"], **{role: state["hand"][role] + n}), "winner": role if pile == 0 else None}

    def prompts(self, state):
        return {} if state["winner"] else {state["to_move"]: {}}

    def policy(self, state, role, prompt, rng):
        return {"take": rng.die(min(3, state["pile"]))}  # the default policy: random play

    def evaluate(self, state, role):
        return 0.5 if state["winner"] is None else float(state["winner"] == role)

    def horizon_reached(self, start, state):
        return state["winner"] is not None


def view_of(pile, hand=0):
    return {"pile": pile, "to_move": "a", "hand": hand}


BUDGET = search.Budget(samples=4, rollouts=25, horizon=40)


def test_it_finds_the_winning_take_that_random_play_would_miss():
    """With 6 stones, taking 2 leaves 4: whatever the other takes, the last stone can be ours; taking 3 leaves 3,
    which the other may take at once. The rollouts' random play finds 2 the best."""
    thought = search.think(Stones(), view_of(6), "a", {}, SeededRng(1), BUDGET)
    assert thought.action == {"take": 2}
    assert thought.scores[1] == max(s for s in thought.scores if s is not None)


def test_it_takes_the_last_stones_when_it_can():
    assert search.choose(Stones(), view_of(3), "a", {}, SeededRng(2), BUDGET) == {"take": 3}


def test_the_budget_is_a_count_samples_times_rollouts_per_candidate():
    game = Stones()
    thought = search.think(game, view_of(9), "a", {}, SeededRng(3), search.Budget(samples=3, rollouts=5, horizon=40))
    assert game.determinized == 3
    assert thought.playouts == 3 * 5 * 3


def test_the_same_view_and_stream_give_the_same_order_and_scores():
    one = search.think(Stones(), view_of(11), "a", {}, SeededRng(7), BUDGET)
    two = search.think(Stones(), view_of(11), "a", {}, SeededRng(7), BUDGET)
    assert (one.action, one.scores) == (two.action, two.scores)


def test_a_candidate_the_rules_refuse_in_every_believed_state_is_never_chosen():
    """With 2 stones, taking 3 is refused everywhere: it has no score and is not chosen, though listed last."""
    thought = search.think(Stones(), view_of(2), "a", {}, SeededRng(4), BUDGET)
    assert thought.scores[2] is None and thought.action == {"take": 2}


def test_on_a_tie_the_earliest_candidate_is_kept():
    class Flat(Stones):
        def evaluate(self, state, role):
            return 0.0
    assert search.choose(Flat(), view_of(9), "a", {}, SeededRng(5), BUDGET) == {"take": 1}


def test_repeated_candidates_are_played_once_and_a_single_one_is_not_searched():
    class Same(Stones):
        def candidates(self, view, role, prompt, rng):
            return [{"take": 1}, {"take": 1}]
    game = Same()
    thought = search.think(game, view_of(9), "a", {}, SeededRng(6), BUDGET)
    assert thought.candidates == [{"take": 1}] and thought.playouts == 0 and game.determinized == 0


def test_no_candidate_is_an_error_of_the_game_not_a_silent_pass():
    class Empty(Stones):
        def candidates(self, view, role, prompt, rng):
            return []
    with pytest.raises(ValueError):
        search.think(Empty(), view_of(9), "a", {}, SeededRng(6), BUDGET)


def test_rollout_dice_are_a_private_stream_not_the_global_random():
    import random
    random.seed(0)
    before = random.random()
    random.seed(0)
    search.think(Stones(), view_of(9), "a", {}, SeededRng(8), BUDGET)
    assert random.random() == before


def test_the_look_ahead_dice_are_the_engine_s_own_fair_and_repeatable():
    """A bot's imagined dice (rng.FastRng) come from the engine, not the `random` module: the same seed gives the same
    rolls, every face of a d6 and a d10 turns up about equally often, and nothing falls outside the die."""
    from collections import Counter

    from app.engine.rng import FastRng

    a, b = FastRng(12345), FastRng(12345)
    assert [a.d10() for _ in range(50)] == [b.d10() for _ in range(50)]
    for sides in (6, 10):
        r = FastRng(99)
        counts = Counter(r.die(sides) for _ in range(6000 * sides // 6))
        assert set(counts) == set(range(1, sides + 1))
        assert max(counts.values()) - min(counts.values()) < 200  # about 1,000 each
