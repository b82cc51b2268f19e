"""Issue 16, "Done when": 1,000 seeded random games and 200 games between the computer players end with a result.

Random games: `app.engine.testing.playout`, a random legal order for whichever seat is asked (each refusal, a seat
asked with nothing to answer, or a game past 20,000 orders fails with its seed). Computer games: each seat runs its
own side's bot from its own view, every order checked by the rules first (helpers.play). Both take a few minutes of
CPU (docs/games/first-blood.md, "Results"), so they are `slow`: `pytest -m slow -n 2` runs the two side by side."""
import pytest

from app.engine.testing import playout
from app.games.first_blood import rules
from app.games.first_blood.gamedata import LAST_TURN

from .helpers import play

RANDOM_GAMES = 1000
COMPUTER_GAMES = 200
SCALARS = (str, int, float, bool, type(None))


def ended(state: dict) -> str:
    """What a player would see at the end: a winner, a level and a reason, within the 15 turns (§1, §12)."""
    out = state["outcome"]
    assert out["winner"] in ("ij", "us") and out["level"] and out["reason"], out
    assert 1 <= state["turn"] <= LAST_TURN
    assert rules.prompts(state) == {}  # nobody is asked anything once the game is over
    # board.clone copies pieces by hand: each is a flat record but for its list of visited boxes
    for piece in [*state["units"].values(), *state["air"].values()]:
        for k, v in piece.items():
            assert isinstance(v, SCALARS) or (k == "visited" and all(isinstance(b, str) for b in v)), (k, v)
    return out["winner"]


@pytest.mark.slow
def test_a_thousand_seeded_random_games_end_with_a_result():
    winners = {"ij": 0, "us": 0}
    for seed in range(RANDOM_GAMES):
        winners[ended(playout(rules, "campaign", seed=seed).state)] += 1
    assert sum(winners.values()) == RANDOM_GAMES
    assert winners["ij"] and winners["us"], winners  # either side can win a random game


@pytest.mark.slow
def test_two_hundred_computer_games_end_with_a_result():
    winners = {"ij": 0, "us": 0}
    for seed in range(100, 100 + COMPUTER_GAMES):
        winners[ended(play(seed))] += 1
    assert sum(winners.values()) == COMPUTER_GAMES
    assert winners["ij"] and winners["us"], winners  # neither side's bot wins every game
