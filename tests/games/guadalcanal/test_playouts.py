"""Seeded random games of Scenario 1 end with an outcome, without an error or a dead end, and replay exactly."""
import pytest

from app.engine.testing import playout, state_hash
from app.games.guadalcanal import rules


def test_a_hundred_random_games_of_scenario_one_end():
    for seed in range(100):
        p = playout(rules, "1", seed=seed, max_steps=2000)
        assert p.state["outcome"]["level"] in ("win", "tie")
        assert p.state["time"]["scenario_turn"] == 5


def test_the_same_seed_replays_the_same_game():
    assert state_hash(playout(rules, "1", seed=7).state) == state_hash(playout(rules, "1", seed=7).state)


@pytest.mark.slow
def test_five_hundred_random_games_end_umpired_or_not():
    for seed in range(500):
        p = playout(rules, "1", {"umpired": seed % 2 == 1}, seed=seed, max_steps=2000)
        assert p.state["outcome"] is not None
