"""The computer players vary their secret orders with their own random stream (issue 10, item 9): the same view
with different streams can give different orders, every one of them legal."""
import functools

from app.engine.rng import ScriptedRng, SeededRng
from app.games.solomons import rules


@functools.lru_cache(maxsize=None)
def bot_game_states(seed: int, turns: int = 6):
    """The states of the first Game-Turns of a game the two bots play against each other at which a bot was
    asked for a Task Force Allocation or an air allocation."""
    players, dice = SeededRng(seed * 2 + 1), SeededRng(seed * 2)
    state = rules.setup("campaign", {}, dice)
    seen = []
    while state["turn"] <= turns and rules.outcome(state) is None:
        role = players.choice(sorted(rules.prompts(state)))
        prompt = rules.prompts(state)[role]
        if prompt.get("info", {}).get("kind") in ("allocation", "air"):
            seen.append((state, role))
        state = rules.apply(state, role, rules.bots[role](rules.view(state, role), prompt, players), dice)
    return seen


def test_the_same_view_with_different_streams_gives_different_legal_orders():
    varied = {"allied": set(), "japanese": set()}
    for state, role in bot_game_states(11):
        bot, view, prompt = rules.bots[role], rules.view(state, role), rules.prompts(state)[role]
        orders = [bot(view, prompt, SeededRng(n)) for n in range(6)]
        for order in orders:
            rules.apply(state, role, order, ScriptedRng([6] * 50))     # accepted: no IllegalAction
        if len({repr(o) for o in orders}) > 1:
            varied[role].add(prompt["info"]["kind"])
    assert varied["allied"] >= {"allocation"} and varied["japanese"] >= {"allocation"}
    assert varied["allied"] | varied["japanese"] >= {"allocation", "air"}


def test_the_same_stream_gives_the_same_orders():
    state, role = bot_game_states(11)[0]
    bot, view, prompt = rules.bots[role], rules.view(state, role), rules.prompts(state)[role]
    assert bot(view, prompt, SeededRng(3)) == bot(view, prompt, SeededRng(3))
