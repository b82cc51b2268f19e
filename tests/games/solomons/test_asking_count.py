"""Issues 11 item 4 and 34, the figure: a human playing against the computer with the settings a newcomer gets (the
standing orders a new game starts with, none set or cleared by hand: tools/count_submissions.py) is asked at most 6
times on a quiet Game-Turn and at most 12 on a busy one, on either side; the mean is within the quiet goal."""
from __future__ import annotations

import statistics

import pytest

from tools.count_submissions import play_counts

QUIET, BUSY = 6, 12


@pytest.mark.parametrize("side", ["allied", "japanese"])
def test_a_newcomer_is_asked_at_most_6_times_on_a_quiet_game_turn_and_12_on_a_busy_one(newcomer, side):
    per_turn = [n for seed in (1, 2, 3) for n in play_counts(seed, side, 16)]
    assert len(per_turn) == 48  # every Game-Turn counted, a quiet one as what it is
    assert statistics.mean(per_turn) <= QUIET, per_turn
    assert min(per_turn) <= QUIET and max(per_turn) <= BUSY, per_turn
