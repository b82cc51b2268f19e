"""Seeded random games of Scenario 1 end with an outcome, without an error or a dead end, and replay exactly."""
import pytest

from app.engine.testing import playout, state_hash
from app.games.guadalcanal import rules


def test_a_hundred_random_games_of_scenario_one_end():
    for seed in range(100):
        p = playout(rules, "1", seed=seed, max_steps=2000)
        assert p.state["outcome"]["level"] in ("win", "tie")
        assert p.state["time"]["scenario_turn"] == 5


def scenario_four_ends(seeds):
    for seed in seeds:
        p = playout(rules, "4", {"umpired": seed % 4 == 3}, seed=seed, max_steps=4000)
        assert p.state["outcome"]["level"] in ("win", "tie"), seed
        assert p.state["time"]["scenario_turn"] == 20 and not p.state.get("entering"), seed
        assert {"us-tf16", "us-tf64"} <= set(p.state["task_forces"]), seed


@pytest.mark.rule("7e")
def test_fifteen_random_games_of_scenario_four_end_after_twenty_turns_with_both_entries_made():
    scenario_four_ends(range(15))


@pytest.mark.slow
def test_two_hundred_random_games_of_scenario_four_end():
    scenario_four_ends(range(15, 215))


def test_scenario_four_replays_the_same_game_from_the_same_seed():
    assert state_hash(playout(rules, "4", seed=11).state) == state_hash(playout(rules, "4", seed=11).state)


def test_the_same_seed_replays_the_same_game():
    assert state_hash(playout(rules, "1", seed=7).state) == state_hash(playout(rules, "1", seed=7).state)


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["1", "2", "3", "4"])
def test_five_hundred_random_games_across_scenarios_one_to_four_end_umpired_or_not(scenario):
    """Issue 14: 500 seeded random games, 125 of each scenario, every other one umpired, end with a result."""
    for seed in range(125):
        p = playout(rules, scenario, {"umpired": seed % 2 == 1}, seed=seed, max_steps=6000)
        assert p.state["outcome"] is not None, (scenario, seed)


def test_random_games_from_example_10s_close_quarters_fight_battles_and_end():
    """From example 10's position (the fleets within strike range), random legal play reaches the Combat Phase's
    decisions through the sequence and still ends every game."""
    from app.engine.rng import SeededRng
    from app.engine.testing import random_action
    from tests.games.guadalcanal.helpers import example_10
    verbs = set()
    for seed in range(40):
        players, dice = SeededRng(seed * 2 + 1), SeededRng(seed * 2)
        s = example_10()
        for u in ("us-s8", "us-vv", "us-b10", "us-t10", "us-rr", "ij-1sd", "ij-2sd", "ij-1zt", "ij-ee", "ij-jd"):
            s["units"][u]["box"] = "ready"
        s["task_forces"]["ij-striking-force"]["hex"] = "O2"
        for _ in range(2000):
            if rules.outcome(s) is not None:
                break
            role = players.choice(sorted(rules.prompts(s)))
            action = random_action(rules, s, role, players)
            verbs.add(action["verb"])
            s = rules.apply(s, role, action, dice)
        assert rules.outcome(s) is not None, seed
    assert {"set_up", "attack", "fire_all", "bomb"} <= verbs
