"""Positions of the Coral Sea mini-game for the rules tests: the printed set-up, deployed by the default orders, and
placed at any step of the sequence of play."""
from __future__ import annotations

import copy

from app.engine.rng import ScriptedRng
from app.games.usn import rules, sequence

R = rules


def deployed():
    """Both sides deployed (Japan first) with the default orders; the game at Step 2 of Game-Turn 1."""
    s = R.setup("coral_sea", {}, ScriptedRng())
    for side in ("japanese", "allied"):
        s = R.apply(s, side, R.default_action(s, side), ScriptedRng())
    return s


def at(state, kind, side="", n=None):
    """The same position at the first step of the sequence whose kind (and side) match."""
    s = copy.deepcopy(state)
    idx = n if n is not None else next(i for i, r in enumerate(sequence.TURN) if r[1] == kind and r[2] == side)
    r = sequence.TURN[idx]
    s["step"] = {"pregame": False, "n": idx, "kind": r[1], "side": r[2]}
    return s


def act(state, role, verb, dice=(), **args):
    return R.apply(state, role, {"verb": verb, "args": args}, ScriptedRng(list(dice)))


def texts(state, role=None):
    lines = state["log"] if role is None else R.view(state, role)["log"]
    return "\n".join(line["text"] for line in lines)
