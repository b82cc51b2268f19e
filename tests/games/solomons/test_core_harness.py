"""The harness over Solomons: random legal games end, replay is deterministic, and no view leaks a secret."""
import json

import pytest

from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.rng import SeededRng
from app.engine.testing import (assert_plain_json, check_canaries, check_non_interference, playout,
                                random_action, state_hash)
from app.games.solomons import rules

ROLES = ("allied", "japanese", SPECTATOR)


def states_along_a_game(seed: int, marks=(3, 40, 160, 420, 700, 1000), options=None):
    """Snapshots of one random game at several points: plot phases, pending orders, segments, later turns."""
    players, dice = SeededRng(seed * 2 + 1), SeededRng(seed * 2)
    s = rules.setup("campaign", options or {}, dice)
    out = []
    step = 0
    while rules.outcome(s) is None and step <= max(marks):
        if step in marks:
            out.append(s)
        role = players.choice(sorted(rules.prompts(s)))
        s = rules.apply(s, role, random_action(rules, s, role, players), dice)
        step += 1
    if rules.outcome(s) is None:  # after the game every secret is public (22): no snapshot to hide anything in
        out.append(s)
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_hidden_changes_never_reach_a_side_or_a_spectator(seed):
    for s in states_along_a_game(seed):
        for role in ROLES:
            check_non_interference(rules, s, role, SeededRng(7))
        check_non_interference(rules, s, UMPIRE, SeededRng(7))


@pytest.mark.parametrize("seed", [3])
def test_canaries_in_hidden_fields_reach_only_the_umpire(seed):
    for s in states_along_a_game(seed):
        for role in ROLES:
            check_canaries(rules, s, role)


def test_views_name_no_enemy_unit_and_give_enemy_markers_their_own_ids():
    for s in states_along_a_game(4):
        for side, enemy_prefix in (("allied", "jp-"), ("japanese", "us-")):
            text = json.dumps(rules.view(s, side))
            assert enemy_prefix not in text, f"{side} sees an enemy unit id"
            assert ("japanese-tf-" if side == "allied" else "allied-tf-") not in text
            for mid in rules.view(s, side)["enemy"]["markers"]:
                assert mid.startswith("tf-?")


def test_a_spectator_sees_only_public_things_until_the_end_then_everything():
    s = states_along_a_game(5)[2]
    v = rules.view(s, SPECTATOR)
    assert "units" not in v and "task_forces" not in v and "pending" not in v
    assert all(line["to"] == "public" for line in v["log"])
    done = playout(rules, "campaign", seed=5).state
    assert rules.view(done, SPECTATOR)["units"] == rules.view(done, UMPIRE)["units"]


@pytest.mark.parametrize("seed", range(20))
def test_random_games_reach_an_outcome(seed):
    result = playout(rules, "campaign", seed=seed, max_steps=6000)
    out = rules.outcome(result.state)
    assert out["winner"] in ("allied", "japanese", None) and out["level"]
    assert_plain_json(result.state)


UMPIRED_FOG = {"umpired": True, "fog_damage": True, "fog_intel": True}


@pytest.mark.rule("Guadalcanal 18")
@pytest.mark.parametrize("seed", [0, 1])
def test_random_umpired_games_with_fog_reach_an_outcome(seed):
    result = playout(rules, "campaign", UMPIRED_FOG, seed=seed, max_steps=8000)
    assert rules.outcome(result.state)["level"]
    assert any(role == UMPIRE for role, _ in result.actions)   # the umpire released segments
    assert_plain_json(result.state)


@pytest.mark.rule("Guadalcanal 18c")
def test_an_umpired_fog_game_hides_the_fog_from_the_sides_and_the_spectator():
    for s in states_along_a_game(6, options=UMPIRED_FOG):
        for role in ROLES:
            check_non_interference(rules, s, role, SeededRng(7))
            check_canaries(rules, s, role)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 600))
def test_many_random_games_reach_an_outcome(seed):
    result = playout(rules, "campaign", seed=seed, max_steps=6000)
    assert rules.outcome(result.state) is not None


def test_same_seed_and_actions_give_the_same_final_state():
    a = playout(rules, "campaign", seed=11)
    b = playout(rules, "campaign", seed=11)
    assert state_hash(a.state) == state_hash(b.state) and a.steps == b.steps
    # replaying the recorded actions with the same dice gives the same state again
    dice = SeededRng(22)
    s = rules.setup("campaign", {}, dice)
    for role, action in a.actions:
        s = rules.apply(s, role, action, dice)
    assert state_hash(s) == state_hash(a.state)


def test_apply_never_changes_its_input():
    s = states_along_a_game(6)[1]
    before = json.dumps(s, sort_keys=True)
    role = sorted(rules.prompts(s))[0]
    rules.apply(s, role, rules.default_action(s, role), SeededRng(1))
    assert json.dumps(s, sort_keys=True) == before


def test_phase_names_the_turn_and_phase():
    s = rules.setup("campaign", {}, SeededRng(1))
    assert rules.phase(s) == "turn-1-plot1"


def test_prompts_carry_nothing_hidden_either():
    """A side's prompt (its choices and default orders) stays the same when only hidden things change."""
    import copy
    from app.engine.testing import canonical
    for s in states_along_a_game(10):
        for side in ("allied", "japanese"):
            prompt = rules.prompts(s).get(side)
            if prompt is None:
                continue
            text = json.dumps(prompt)
            assert ("jp-" if side == "allied" else "us-") not in text
            hidden = rules.perturb(copy.deepcopy(s), side, SeededRng(3))
            assert canonical(rules.prompts(hidden)[side]) == canonical(prompt)
