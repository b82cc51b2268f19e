"""Positions for First Blood's rules tests: a fresh game with only the named pieces in play, at a given step."""
from __future__ import annotations

from app.engine.rng import ScriptedRng, SeededRng
from app.games.first_blood import rules
from app.games.first_blood.bots import BOTS
from app.games.first_blood.positions import position  # noqa: F401 (the tests' set-ups)


def act(state: dict, role: str, verb: str, dice=(), **args) -> dict:
    return rules.apply(state, role, {"verb": verb, "args": args}, ScriptedRng(list(dice)))


def units_by_hex(attackers, targets, support=()) -> dict:
    """An attack's `units` order: every attacker and supporting artillery named under every defending hex."""
    return {t: [*attackers, *support] for t in targets}


def last(state: dict) -> str:
    return state["log"][-1]["text"]


def said(state: dict, words: str) -> str:
    """The latest log line with `words` in it (the walk may have gone on past the step that wrote it)."""
    return next(x["text"] for x in reversed(state["log"]) if words in x["text"])


def fought(state: dict) -> str:
    """The latest combat's line in the log (the walk may have gone on past the combat phase since)."""
    return next(x["text"] for x in reversed(state["log"]) if " against " in x["text"])


def where(state: dict, uid: str) -> str:
    return state["units"][uid]["loc"]


def play(seed: int, ij: str = "bot", us: str = "bot", record: list | None = None) -> dict:
    """A seeded game to its result, each side "bot" (its own side's computer player, deciding from its view) or
    "random" (a random legal order); each bot order is checked by the rules before it is carried out."""
    dice, players = SeededRng(1000 + seed), SeededRng(2000 + seed)
    state = rules.setup("campaign", {}, dice)
    steps = 0
    while rules.outcome(state) is None:
        assert steps < 5000, "the game did not end"
        prompts = rules.prompts(state)
        role = min(prompts)
        if {"ij": ij, "us": us}[role] == "bot":
            action = BOTS[role](rules.view(state, role), prompts[role], players)
            rules.check(state, role, action)  # legal now, or IllegalAction says why not
            if record is not None:
                record.append((state, role, prompts[role], action))
        else:
            action = rules.random_action(state, role, players)
        state = rules.apply(state, role, action, dice)
        steps += 1
    return state
