"""Positions of the Coral Sea mini-game for the rules tests: the printed set-up, deployed by the default orders, and
placed at any step of the sequence of play."""
from __future__ import annotations

import copy

from app.engine.rng import ScriptedRng
from app.games.usn import rules, steps

R = rules


def deployed():
    """Both sides deployed (Japan first) with the default orders; the game at Step 2 of Game-Turn 1."""
    s = R.setup("coral_sea", {}, ScriptedRng())
    for side in ("japanese", "allied"):
        s = R.apply(s, side, R.default_action(s, side), ScriptedRng())
    return s


def at(state, kind, side="", n=None):
    """The same position at the first step of the sequence whose kind (and side: "both" for the allocation) match,
    as the walker enters it."""
    s = copy.deepcopy(state)
    idx = n if n is not None else next(i for i, st in enumerate(steps.TURN)
                                       if st.kind == kind and steps.side(st) == side)
    s["step"] = steps.position(idx)
    return s


def act(state, role, verb, dice=(), **args):
    return R.apply(state, role, {"verb": verb, "args": args}, ScriptedRng(list(dice)))


def texts(state, role=None):
    lines = state["log"] if role is None else R.view(state, role)["log"]
    return "\n".join(line["text"] for line in lines)


def assert_hidden_from_readers_and_bots(*states) -> None:
    """Along `states`: no reader (each side, the umpire, a spectator) learns what its view hides, and each computer
    player asked decides the same whatever it cannot see (its view perturbed by the secrecy harness)."""
    import json

    from app.engine.contract import SPECTATOR, UMPIRE
    from app.engine.rng import SeededRng
    from app.engine.testing import check_every_reader

    from .test_situations import board_html

    for state in states:
        checked = check_every_reader(R, state, SeededRng(1), render=board_html)
        assert set(R.meta.seats()) | {UMPIRE, SPECTATOR} <= set(checked)
        for role, prompt in R.prompts(state).items():
            changed = R.perturb(json.loads(json.dumps(state)), role, SeededRng(4))
            assert R.bots[role](R.view(state, role), prompt, SeededRng(11)) == R.bots[role](
                R.view(changed, role), R.prompts(changed)[role], SeededRng(11))

