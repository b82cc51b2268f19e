"""Issue 11 item 4, the figure: a human playing against the computer, with the standing orders a sensible player
sets once (tools/count_submissions.py), is asked at most 6 times on a quiet Game-Turn and at most 12 on a busy one,
on either side; the mean is within the quiet goal."""
from __future__ import annotations

import statistics

import pytest

from tools.count_submissions import play_counts

QUIET, BUSY = 6, 12


@pytest.mark.parametrize("side", ["allied", "japanese"])
def test_a_human_is_asked_at_most_the_goal_per_game_turn(side):
    per_turn = [n for seed in (1, 2, 3) for n in play_counts(seed, side, 16)]
    assert len(per_turn) == 48  # every Game-Turn counted, a quiet one as what it is
    assert statistics.mean(per_turn) <= QUIET, per_turn
    assert min(per_turn) <= QUIET and max(per_turn) <= BUSY, per_turn
