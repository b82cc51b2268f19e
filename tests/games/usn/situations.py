"""Play helpers for the mini-game situation tests (Midway, Eastern Solomons, Santa Cruz): seeded computer-against-
computer and random games to their end, and the printed set-up deployed by the default orders."""
from __future__ import annotations

from app.engine.rng import ScriptedRng, SeededRng
from app.engine.testing import random_action

from .helpers import R


def deployed(scenario):
    s = R.setup(scenario, {}, ScriptedRng())
    for side in ("japanese", "allied"):
        s = R.apply(s, side, R.default_action(s, side), ScriptedRng())
    return s


def play(scenario, seed, computer=("japanese", "allied"), limit=400):
    """A seeded game: the computer players for `computer`, random legal orders for the others. A refused order
    raises, so every order given is legal."""
    dice = SeededRng(seed * 2)
    streams = {"japanese": SeededRng(seed * 2 + 1), "allied": SeededRng(seed * 2 + 101)}
    s = R.setup(scenario, {}, dice)
    for _ in range(limit):
        if R.outcome(s) is not None:
            return s
        role = min(R.prompts(s))
        if role in computer:
            action = R.bots[role](R.view(s, role), R.prompts(s)[role], streams[role])
        else:
            action = random_action(R, s, role, streams[role])
        s = R.apply(s, role, action, dice)
    raise AssertionError("the game did not end")
