"""Issue 17's random games, a small seeded run of tools/usn_random_games.py (the 200-game and Campaign Game 3 runs
are recorded in docs/games/usn.md): each mini-game, options drawn at random, plays to its last Game-Turn by random
legal play and ends with an outcome; every fifth is checked for leaks by the secrecy harness."""
import pytest

from tools import usn_random_games


@pytest.mark.slow
@pytest.mark.rule("USN Mini-Games")
def test_twelve_seeded_random_mini_games_end_cleanly_and_leak_nothing():
    lines = []
    ended, checked = usn_random_games.run(range(12), report=lines.append)
    assert (ended, checked) == (12, 3)  # seeds 0, 5 and 10 leak-checked
    assert {line.split()[2] for line in lines} == set(usn_random_games.MINI_GAMES)  # all four situations
