"""Issue 36: U.S.N.'s computer players come in two levels, "easy" (the heuristics of bots.py, the computer U.S.N.
always had) and "strong" (the engine's search over a belief rebuilt from the side's view, strong_bot.py and
belief.py), chosen in the lobby. The belief asks what the game asks; each level decides from its own view alone (the
fog test); the strong level's orders are accepted by the rules to the end of seeded games; and the strong level beats
the easy one over a small seeded sample (slow). That the lobby seats the level asked for is tested for every game with
levels in tests/platform/test_bot_levels.py."""

import pytest

from app.engine import search
from app.engine.rng import FastRng, SeededRng
from app.games import usn
from app.games.usn import belief
from app.games.usn.rules import BOTS
from app.games.usn.rules import rules as R
from app.games.usn.strong_bot import (
    BUDGET,
    LEVELS,
    MARGIN,
    STRONG_BOTS,
    Thought,
    chosen,
    naval_candidates,
    opponent,
    think,
)
from app.play import bots as play_bots

LEVEL_NAMES = ("easy", "strong")


def play(scenario: str, seed: int, who: dict[str, str], record: list | None = None) -> dict:
    """A seeded mini-game, each side "random" or a level's player; every computer order is checked by the rules
    before it is carried out (a refusal raises)."""
    dice = SeededRng(1000 + seed)
    streams = {"japanese": SeededRng(2000 + 2 * seed), "allied": SeededRng(2001 + 2 * seed)}
    state = R.setup(scenario, {}, dice)
    for _ in range(400):
        if R.outcome(state) is not None:
            return state
        prompts = R.prompts(state)
        role = min(prompts)
        if who[role] == "random":
            action = R.random_action(state, role, streams[role])
        else:
            action = LEVELS[who[role]][role](R.view(state, role), prompts[role], streams[role])
            R.check(state, role, action)
            if record is not None:
                record.append((state, role, prompts[role], action))
        state = R.apply(state, role, action, dice)
    raise AssertionError("the game did not end")


def test_the_spec_declares_the_two_levels_easiest_first_and_the_easy_one_is_the_computer_usn_had():
    assert usn.spec.levels == LEVEL_NAMES
    assert play_bots.levels_of(usn.spec) == LEVEL_NAMES
    for role in ("japanese", "allied"):
        assert play_bots.bot_for(usn.spec, role) is BOTS[role] is LEVELS["easy"][role]
        assert play_bots.bot_for(usn.spec, role, "strong") is STRONG_BOTS[role]


@pytest.fixture(scope="module")
def positions():
    """Every computer decision of two seeded easy-v-easy games of each searched mini-game."""
    record: list = []
    for scenario in belief.SEARCHED_SCENARIOS:
        for seed in (1, 2):
            play(scenario, seed, {"japanese": "easy", "allied": "easy"}, record)
    return record


def test_the_belief_built_from_a_view_asks_what_the_game_asks_and_shows_what_the_view_shows(positions):
    """At every Air and Sea Movement Phase the strong player searches, the state it believes (the enemy's ships,
    NAC and cargo drawn at random) gives the deciding side the same prompt and the same view as the game itself."""
    asked = 0
    for i, (state, role, prompt, _) in enumerate(positions):
        view = R.view(state, role)
        if not belief.covers(view):
            continue
        for draw in range(2):
            believed = belief.determinize(view, role, FastRng(i * 10 + draw))
            assert R.prompts(believed)[role] == prompt
            shown = R.view(believed, role)
            assert {k: v for k, v in shown.items() if k != "log"} == {k: v for k, v in view.items() if k != "log"}
        asked += 1
    assert asked >= 20


def test_the_belief_puts_each_enemy_stack_s_count_and_examined_ships_where_the_view_shows_them(positions):
    for i, (state, role, _, _) in enumerate(positions):
        view = R.view(state, role)
        if not belief.covers(view):
            continue
        believed = belief.determinize(view, role, FastRng(i))
        enemy = "allied" if role == "japanese" else "japanese"
        for st in view["ships"][enemy]["stacks"]:
            here = [s for s in believed["ships"].values() if s["side"] == enemy and not s["sunk"]
                    and s["hex"] == st["hex"]]
            assert len(here) == st["count"]


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_each_level_decides_the_same_whatever_is_hidden_from_it(positions, level):
    """The same view and the same stream give the same order, whatever the state hides from the seat (rules.perturb
    moves the enemy's unexamined ships between its stacks, changes its cargo and secret notes); the strong player
    is asked where it searches, the Air and Sea Movement Phases."""
    asked = 0
    for i, (state, role, prompt, _) in enumerate(positions):
        view = R.view(state, role)
        if level == "strong" and (not belief.covers(view) or i % 2):
            continue
        other = R.perturb(state, role, SeededRng(i))
        assert R.view(other, role) == view
        bot = LEVELS[level][role]
        assert bot(R.view(other, role), R.prompts(other)[role], SeededRng(99 + i)) == bot(view, prompt,
                                                                                         SeededRng(99 + i))
        asked += 1
    assert asked >= 8


def test_the_strong_player_weighs_other_courses_than_the_easy_one(positions):
    """The search has something to choose from: at each searched phase with warships free to move the candidates
    hold more than the easy order, the easy order first."""
    for i, (state, role, prompt, _) in enumerate(positions):
        view = R.view(state, role)
        if belief.covers(view):
            found = naval_candidates(view, role, prompt, SeededRng(i))
            assert found[0] == BOTS[role](view, prompt, SeededRng(i))
            if any(s["type"] != "TR" for s in view["ships"][role]["units"]):
                assert len(found) > 2


@pytest.mark.parametrize("scenario", belief.SEARCHED_SCENARIOS)
@pytest.mark.parametrize("japanese,allied", [("strong", "easy"), ("easy", "strong"), ("strong", "random")])
def test_the_strong_levels_orders_are_accepted_by_the_rules_to_the_end_of_a_seeded_game(scenario, japanese, allied):
    assert play(scenario, 3, {"japanese": japanese, "allied": allied})["outcome"]["winner"] in ("japanese", "allied",
                                                                                                  None)


def test_outside_the_searched_mini_games_the_strong_level_is_the_easy_player():
    s = R.setup("santa_cruz", {}, SeededRng(1))
    for _ in range(6):
        prompts = R.prompts(s)
        role = min(prompts)
        view = R.view(s, role)
        assert STRONG_BOTS[role](view, prompts[role], SeededRng(5)) == BOTS[role](view, prompts[role], SeededRng(5))
        s = R.apply(s, role, BOTS[role](view, prompts[role], SeededRng(5)), SeededRng(6))


@pytest.mark.slow
@pytest.mark.parametrize("scenario", belief.SEARCHED_SCENARIOS)
def test_the_strong_level_beats_the_easy_one_more_often_than_easy_beats_itself(scenario):
    """Over seeds 0-5 from each side, the strong player wins more games against the easy one than the easy player
    wins in its place (the same seeds, the same dice)."""
    strong = easy = 0
    for seed in range(6):
        for side, other in (("japanese", "allied"), ("allied", "japanese")):
            strong += play(scenario, seed, {side: "strong", other: "easy"})["outcome"]["winner"] == side
            easy += play(scenario, seed, {side: "easy", other: "easy"})["outcome"]["winner"] == side
    assert strong > easy


def test_the_strong_player_keeps_the_easy_order_unless_another_beats_it_by_the_margin():
    """Three rollouts are noisy: a course found better by less than MARGIN is not taken over the easy order."""
    easy = {"verb": "move", "args": {"moves": {}}}
    other = {"verb": "move", "args": {"moves": {"A-CV-5": {"to": "0761"}}}}
    near = search.Thought(other, [1.0, 1.0 + MARGIN / 2], [easy, other], 6)
    assert chosen(near) == easy
    far = search.Thought(other, [1.0, 1.0 + MARGIN * 2], [easy, other], 6)
    assert chosen(far) == other
    assert chosen(search.Thought(other, [None, 0.0], [easy, other], 6)) == other  # the easy order refused there


def test_a_course_better_in_one_believed_state_only_does_not_replace_the_easy_order():
    """Every course is played on the same believed states and dice: one found better by a lucky strike in one state
    and no better in the other is not taken; one better by MARGIN in every state is."""
    easy = {"verb": "move", "args": {"moves": {}}}
    other = {"verb": "move", "args": {"moves": {"A-CV-5": {"to": "0761"}}}}
    lucky = Thought(other, [0.0, 100.0], [easy, other], 4, per_state=[[0.0, 200.0], [0.0, 0.0]])
    assert chosen(lucky) == easy
    sure = Thought(other, [0.0, 100.0], [easy, other], 4, per_state=[[0.0, 200.0], [0.0, MARGIN]])
    assert chosen(sure) == other


def _searched_views(scenario: str, seed: int, who: dict[str, str], side: str) -> list[dict]:
    """The views `side` searches from in a seeded game, in order."""
    record: list = []
    play(scenario, seed, who, record)
    return [R.view(state, role) for state, role, _, _ in record if role == side and belief.covers(R.view(state, role))]


@pytest.mark.parametrize("scenario", belief.SEARCHED_SCENARIOS)
@pytest.mark.parametrize("seed", (1, 2))
def test_the_strong_player_believes_its_enemy_plays_as_the_fleet_it_sees_moves(scenario, seed):
    """The search's enemy in its rollouts: before the Allies have moved, the easy player; after, the easy player
    against the easy player's fleet (kept together), random play
    against random orders' (scattered) from Game-Turn 2 on (one phase of random orders may leave a fleet together
    by chance)."""
    views = _searched_views(scenario, seed, {"japanese": "easy", "allied": "easy"}, "japanese")
    assert views and [opponent(v, "japanese") for v in views] == ["easy"] * len(views)
    views = _searched_views(scenario, seed, {"japanese": "easy", "allied": "easy"}, "allied")
    assert views and [opponent(v, "allied") for v in views] == ["easy"] * len(views)
    for side, who in (("japanese", {"japanese": "easy", "allied": "random"}),
                      ("allied", {"japanese": "random", "allied": "easy"})):
        views = [v for v in _searched_views(scenario, seed, who, side) if v["turn"] > 1]  # the Allies have moved
        assert views and [opponent(v, side) for v in views] == ["random"] * len(views)


def test_a_course_must_beat_the_easy_order_in_every_believed_state_only_where_rollouts_stop_short_and_it_is_ahead(
        positions):
    """Coral Sea's rollouts reach the end of the game (two Game-Turns): the mean decides there. Midway's from Game-Turn
    1 stop after Game-Turn 2, short of the Japanese landing: there the Allies, holding Midway's 100 points, keep each
    believed state's scores for `chosen`; the Japanese, behind, go by the mean."""
    expected = {("coral_sea", 1, "japanese"): 0, ("coral_sea", 1, "allied"): 0, ("midway", 1, "japanese"): 0,
                ("midway", 1, "allied"): BUDGET.samples, ("midway", 2, "allied"): 0}
    seen = set()
    for i, (state, role, prompt, _) in enumerate(positions):
        view = R.view(state, role)
        key = (view["scenario"], view["turn"], role)
        if not belief.covers(view) or key in seen or key not in expected:
            continue
        seen.add(key)
        assert len(think(view, role, prompt, SeededRng(i)).per_state) == expected[key], key
    assert seen == set(expected)
