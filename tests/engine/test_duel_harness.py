"""The engine harness, proven on the test-only game."""

from app.engine.rng import ScriptedRng, SeededRng
from app.engine.testing import (assert_plain_json, check_canaries, check_every_reader, check_non_interference,
                                playout, random_positions, state_hash)
from tests.fixtures.duel import rules


def test_random_playouts_reach_an_outcome():
    for seed in range(30):
        result = playout(rules, "standard", seed=seed)
        assert rules.outcome(result.state)["winner"] in ("red", "blue")
        assert_plain_json(result.state)


def test_same_seed_same_final_state():
    assert state_hash(playout(rules, "standard", seed=4).state) == state_hash(playout(rules, "standard", seed=4).state)


def test_hidden_salvos_do_not_reach_the_other_side():
    s = rules.setup("standard", {"hits_to_win": 3}, ScriptedRng())
    s = rules.apply(s, "red", {"verb": "fire", "args": {"salvos": 3}}, ScriptedRng())
    blue = rules.view(s, "blue")
    assert blue["submitted"]["red"] is True
    assert "red" not in blue["salvos"] and "red" not in blue["magazine"]
    for role in ("red", "blue", "spectator"):
        check_non_interference(rules, s, role, SeededRng(1))
        check_canaries(rules, s, role)


def test_scripted_dice_decide_the_round():
    s = rules.setup("standard", {"hits_to_win": 1}, ScriptedRng())
    s = rules.apply(s, "red", {"verb": "fire", "args": {"salvos": 1}}, ScriptedRng())
    s = rules.apply(s, "blue", {"verb": "fire", "args": {"salvos": 1}}, ScriptedRng([2, 5]))
    assert rules.outcome(s)["winner"] == "blue"


def test_random_positions_stop_before_the_end_so_every_one_can_be_leak_checked():
    """A stop at or past a game's last action yields nothing: a finished game hides nothing, and the secrecy check
    refuses a position that no perturbation changes (U.S.N. seed 140 ended at exactly 30 random orders)."""
    seed = 4
    steps = playout(rules, "standard", seed=seed).steps
    stops = tuple(range(0, steps + 3))
    positions = list(random_positions(rules, "standard", {}, seed, stops))
    assert len(positions) == steps  # the positions after 0 .. steps-1 actions: each one still prompts someone
    for s in positions:
        assert rules.prompts(s) and rules.outcome(s) is None
    check_every_reader(rules, positions[-1], SeededRng(1))
