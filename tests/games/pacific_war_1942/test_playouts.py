"""A thousand seeded random games (`-m slow`): every one reaches an end, and between them every level of the Score
bands and the instant victory. The conformance harness (tests/conformance) plays the default suite's random game to
its end, checks its orders against their schemas and replays it."""
import pytest

from app.engine.testing import playout
from app.games.pacific_war_1942 import rules


@pytest.mark.slow
def test_a_thousand_random_games_reach_an_end_at_every_level():
    ends = set()
    for seed in range(1000):
        result = playout(rules, "campaign", seed=seed, max_steps=2000)
        o = rules.outcome(result.state)
        assert o["winner"] in ("allied", "japanese", None) and o["reason"]
        assert rules.prompts(result.state) == {}
        ends.add(o["level"])
    assert ends >= {"instant", "victory", "draw", "decisive"}
