"""Issue 36: First Blood's computer players come in two levels, "easy" (the records' heuristics, tactics.py) and
"strong" (the engine's search over beliefs, strong_bot.py), chosen in the lobby. Each level decides from its own view
alone (the fog test), and its orders are always accepted by the rules over seeded games to the end. That the lobby
seats the level asked for is tested for every game with levels in tests/platform/test_bot_levels.py."""

import pytest

from app.engine.rng import SeededRng
from app.games import first_blood
from app.games.first_blood import rules
from app.games.first_blood.belief import determinize
from app.games.first_blood.bots import BOT_LEVELS, BOTS
from app.play import bots as play_bots

LEVELS = ("easy", "strong")


def play(seed: int, ij: str, us: str, record: list | None = None, upto: int | None = None) -> dict:
    """A seeded game, each side "random" or a level's player of its own side; every computer order is checked by
    the rules before it is carried out (IllegalAction says why not)."""
    dice, players = SeededRng(1000 + seed), SeededRng(2000 + seed)
    state = rules.setup("campaign", {}, dice)
    who, steps = {"ij": ij, "us": us}, 0
    while rules.outcome(state) is None and (upto is None or steps < upto):
        assert steps < 5000, "the game did not end"
        prompts = rules.prompts(state)
        role = min(prompts)
        if who[role] == "random":
            action = rules.random_action(state, role, players)
        else:
            action = BOT_LEVELS[who[role]][role](rules.view(state, role), prompts[role], players)
            rules.check(state, role, action)
            if record is not None:
                record.append((state, role, prompts[role], action))
        state = rules.apply(state, role, action, dice)
        steps += 1
    return state


def test_the_spec_declares_the_two_levels_easiest_first_and_the_easy_one_is_the_plain_computer():
    assert first_blood.spec.levels == LEVELS
    assert play_bots.levels_of(first_blood.spec) == LEVELS
    for role in ("ij", "us"):
        assert play_bots.bot_for(first_blood.spec, role) is BOTS[role] is BOT_LEVELS["easy"][role]
        assert play_bots.bot_for(first_blood.spec, role, "strong") is BOT_LEVELS["strong"][role]


def test_the_belief_rebuilt_from_a_view_asks_what_the_game_asks():
    """First Blood hides nothing on the board: the state the strong player rebuilds from its view is asked the same
    prompts as the game itself, at every step of a seeded game."""
    record: list = []
    play(3, "easy", "easy", record)
    for state, role, prompt, _ in record:
        assert rules.prompts(determinize(rules.view(state, role), role))[role] == prompt


@pytest.fixture(scope="module")
def positions():
    record: list = []
    play(7, "easy", "easy", record, upto=120)
    return record


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_decides_the_same_whatever_is_hidden_from_it(positions, level):
    """The same view and the same stream give the same order, whatever the state hides from the seat (the other
    side's log notes, rules.perturb); the strong player is asked at its searched decisions."""
    asked = 0
    for i, (state, role, prompt, _) in enumerate(positions):
        kind = state["step"]["kind"]
        if level == "strong" and (kind not in ("movement", "combat") or i % 3):
            continue
        if level == "easy" and i % 5:
            continue
        other = rules.perturb(state, role, SeededRng(i))
        assert other != state
        bot = BOT_LEVELS[level][role]
        first = bot(rules.view(state, role), prompt, SeededRng(99 + i))
        again = bot(rules.view(other, role), rules.prompts(other)[role], SeededRng(99 + i))
        assert again == first
        asked += 1
    assert asked >= 5


@pytest.mark.parametrize("ij,us", [("easy", "random"), ("random", "easy"), ("strong", "easy"), ("easy", "strong")])
def test_each_levels_orders_are_accepted_by_the_rules_to_the_end_of_seeded_games(ij, us):
    seeds = (1, 2) if "strong" not in (ij, us) else (5,)
    for seed in seeds:
        assert play(seed, ij, us)["outcome"]["winner"] in ("ij", "us")


