"""Issue 19: the strong American bot looks past its search horizon at Guadalcanal's ground war (strong_outlook.py)."""
from __future__ import annotations

import json

import pytest

from app.engine.rng import SeededRng
from app.games.solomons import strong_bot, strong_outlook
from app.games.solomons.rules import rules


def island(allied: int, japanese: int, allied_supply: int, japanese_supply: int, unsupplied_turns: int = 0):
    return {"ground": {"allied": allied, "japanese": japanese},
            "supply": {"allied": allied_supply, "japanese": japanese_supply}, "unsupplied_turns": unsupplied_turns}


@pytest.mark.rule("16.21")
def test_an_unsupplied_garrison_facing_japanese_troops_is_expected_to_lose_more_than_a_supplied_one():
    """16.21, 12.4: unsupplied American points defend at half, so Japan's attacks kill more of them."""
    unsupplied = strong_outlook.american_ground_lost(island(15, 9, 0, 3), 7)
    supplied = strong_outlook.american_ground_lost(island(15, 9, 4, 3), 7)
    assert unsupplied > supplied > 0


@pytest.mark.rule("12.3")
def test_only_the_side_with_more_attack_effective_points_attacks_in_the_projection():
    """12.2, 12.3: 25 supplied American points have 15 attack-effective, more than Japan's 9 landed plus a turn's
    run of 3: Japan may not attack, and the Americans hold back at 1:1, so nothing is lost. With 30 they attack at
    1.5:1 and lose only their attack's cost. A garrison of 12 has 2, so Japan attacks with its 12."""
    assert strong_outlook.american_ground_lost(island(25, 9, 8, 3), 7, last_turn=8) == 0
    attacking = strong_outlook.american_ground_lost(island(30, 9, 8, 3), 7, last_turn=8)
    assert attacking == pytest.approx(strong_outlook.expected_attack(20, 12, 0)[0])
    defending = strong_outlook.american_ground_lost(island(12, 9, 8, 3), 7, last_turn=8)
    assert defending == pytest.approx(strong_outlook.expected_attack(12, 12, 0)[1])
    assert defending > attacking > 0


@pytest.mark.rule("12.4")
def test_the_strong_american_holds_back_a_ground_attack_at_one_to_one_and_makes_it_at_better_odds():
    """12.4, 22: at 1:1 the attacker loses about what the defender does, and only American points are VP."""
    view = {"guadalcanal": {"ground": {"allied": 25, "japanese": 12}}}
    prompt = {"info": {"kind": "ground", "effective": 15}}
    assert strong_bot.ground_order(view, "allied", prompt) == {"attack": False}
    assert strong_bot.ground_order(view, "japanese", prompt) == {"attack": True, "points": 15}
    view["guadalcanal"]["ground"]["japanese"] = 9
    assert strong_bot.ground_order(view, "allied", prompt) == {"attack": True, "points": 15}


@pytest.mark.rule("22")
def test_the_american_evaluation_counts_the_ground_war_to_come_and_values_supply_on_the_island(monkeypatch):
    """22: American Ground Points are Japanese VP; the American bot scores a garrison left without supply before
    Japan's troops as worse than the same garrison supplied, though no VP has changed hands yet."""
    monkeypatch.setattr(strong_bot, "OUTLOOK_SIDES", ("allied",))  # off by default (strong_bot.py says why)
    state = rules.setup("campaign", rules.meta.default_options(), SeededRng(1))
    state["turn"] = 7
    state["guadalcanal"]["ground"] = {"allied": 15, "japanese": 9}
    state["guadalcanal"]["supply"] = {"allied": 0, "japanese": 3}
    supplied = json.loads(json.dumps(state))
    supplied["guadalcanal"]["supply"]["allied"] = 4
    assert strong_bot.projected_score(state, "allied")["japanese"] > 0
    assert strong_bot.evaluate(supplied, "allied") > strong_bot.evaluate(state, "allied")
