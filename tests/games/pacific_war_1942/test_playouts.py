"""Seeded random games: every one reaches an end, with no exception and no dead end, and replays identically."""
import pytest

from app.engine.testing import assert_plain_json, playout, state_hash
from app.games.pacific_war_1942 import rules


def run(seeds):
    ends = set()
    for seed in seeds:
        result = playout(rules, "campaign", seed=seed, max_steps=2000)
        o = rules.outcome(result.state)
        assert o["winner"] in ("allied", "japanese", None) and o["reason"]
        assert rules.prompts(result.state) == {}
        ends.add(o["level"])
    return ends


def test_fifty_random_games_reach_an_end():
    assert run(range(50)) >= {"instant", "victory"}


@pytest.mark.slow
def test_a_thousand_random_games_reach_an_end():
    assert run(range(1000)) >= {"instant", "victory", "draw", "decisive"}


def test_same_seed_same_game():
    a, b = playout(rules, "campaign", seed=7), playout(rules, "campaign", seed=7)
    assert state_hash(a.state) == state_hash(b.state) and a.actions == b.actions
    assert_plain_json(a.state)
