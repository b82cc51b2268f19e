"""4b: every combat is one d10 each (attacker first), plus each side's total modifier, never below 1 (4b3), and
the ratio of the two numbers decides (4b4)."""
from __future__ import annotations

import pytest

from app.engine.rng import ScriptedRng
from app.games.guadalcanal.combat.resolution import combat_number, result, roll_combat


@pytest.mark.rule("4b4")
@pytest.mark.parametrize("a, d, expected", [
    (8, 8, "miss"),        # equal: the defender's number equals the attacker's (10b2, Pensacola)
    (7, 9, "miss"),
    (9, 8, "hit"),         # more, but not two times
    (15, 8, "hit"),
    (16, 8, "flip"),       # two times exactly flips (14d1: 10 against 5)
    (10, 5, "flip"),
    (23, 8, "flip"),       # not yet three times
    (24, 8, "eliminate"),  # three times or more eliminates (14d1: 14 against 4)
    (14, 4, "eliminate"),
])
def test_combat_results(a, d, expected):
    assert result(a, d) == expected


@pytest.mark.rule("4b3")
def test_a_combat_number_below_one_counts_as_one():
    assert combat_number(1, -2) == 1 and combat_number(2, -2) == 1 and combat_number(3, -2) == 1
    assert combat_number(4, -2) == 2


@pytest.mark.rule("4b3")
def test_both_dice_attacker_first_and_the_floor_decides_the_result():
    # attacker 1 - 2 = -1 counts as 1; defender 1 + 0 = 1: equal, a miss (not a hit for a number of -1 against 1)
    r = roll_combat(ScriptedRng([1, 1]), -2, 0)
    assert (r["attacker_roll"], r["defender_roll"], r["attacker_number"], r["defender_number"], r["result"]) == (
        1, 1, 1, 1, "miss")
    # the floor counts for the defender too: 6 against a number of 1 (not -1) is eliminated, 6 >= 3 x 1
    r = roll_combat(ScriptedRng([6, 1]), 0, -2)
    assert (r["defender_number"], r["result"]) == (1, "eliminate")
