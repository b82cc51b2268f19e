"""A random legal air allocation (the rules' `random_action`, what the bench's random player and the random-game
tests send) names a two-ship group the order form accepts: groups 1-10 (air.py), even when an examined enemy stack
holds more than twenty ships. Found by tools/bench_bots_usn --levels: Midway, seed 25, the easy Japanese player
against random Allies, whose random strike at the Japanese fleet named group 11 and was refused."""
from app.engine.rng import SeededRng
from app.games.usn.rules import rules as R


def test_a_random_allocation_at_a_stack_of_more_than_twenty_examined_ships_is_accepted():
    dice = SeededRng(1025)
    streams = {"japanese": SeededRng(2050), "allied": SeededRng(2051)}
    state = R.setup("midway", {}, dice)
    big = 0
    while R.outcome(state) is None:
        prompts = R.prompts(state)
        role = min(prompts)
        if role == "allied":
            big = max([big, *(len(g) for g in state["examined"]["allied"].values())])
            action = R.random_action(state, role, streams[role])
            R.check(state, role, action)
        else:
            action = R.bots[role](R.view(state, role), prompts[role], streams[role])
        state = R.apply(state, role, action, dice)
    assert big > 10  # the game met a stack the order form cannot name every group of
