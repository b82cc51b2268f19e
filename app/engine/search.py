"""A computer player's search over beliefs, shared by every game (issue 19 item 1).

A bot never sees the state. It sees its view, so it searches over states it *believes* possible:

1. **Determinize**: the game builds a full state consistent with the view (`determinize(view, role, rng)`): what
   the view shows is copied, what it hides is filled in plausibly (the enemy's order of battle, say).
2. **Candidates**: the game offers a few orders for the decision at hand (variants of its easy bot's).
3. **Rollouts**: each candidate is applied to each sampled state with the game's own rules (`apply`) and the game is
   played forward by a fast default policy (the easy bot, for every side) to a horizon.
4. **Evaluate**: the game scores where each rollout ended for the deciding role; the candidate with the best mean over
   every sample wins (the earliest candidate on a tie, so the easy bot's own order is kept when nothing beats it).

Everything is pure: no clock, no global random. The budget is a count (samples x rollouts per candidate, and a
horizon in moves), fixed per level, so one view and one stream always give the same order, and a view that does not
change gives the same order whatever the state hides (the proof of fog). Every candidate is played against the same
sampled states and the same dice (common random numbers), so they are compared on equal luck.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from app.engine.errors import Refused
from app.engine.rng import FastRng, Rng

State = dict[str, Any]
Action = dict[str, Any]


@dataclass(frozen=True)
class Budget:
    """How hard a level thinks: `samples` states believed, `rollouts` playouts of each candidate on each, each at
    most `horizon` moves long (and no further than the game's own `horizon_reached`)."""
    samples: int
    rollouts: int
    horizon: int

    @property
    def playouts_per_candidate(self) -> int:
        return self.samples * self.rollouts


class Searchable(Protocol):
    """What a game supplies to the search (its own module, e.g. app/games/solomons/strong_bot.py)."""

    def determinize(self, view: dict[str, Any], role: str, rng: Rng) -> State: ...

    def candidates(self, view: dict[str, Any], role: str, prompt: dict[str, Any], rng: Rng) -> list[Action]: ...

    def apply(self, state: State, role: str, action: Action, rng: Rng) -> State: ...

    def prompts(self, state: State) -> dict[str, Any]: ...

    def policy(self, state: State, role: str, prompt: dict[str, Any], rng: Rng) -> Action: ...

    def evaluate(self, state: State, role: str) -> float: ...

    def horizon_reached(self, start: State, state: State) -> bool: ...


def seed_from(rng: Rng) -> int:
    """A 60-bit seed drawn from the bot's stream (two draws, so streams of rollouts rarely coincide)."""
    return (rng.die(1 << 30) - 1) << 30 | (rng.die(1 << 30) - 1)


def distinct(actions: list[Action]) -> list[Action]:
    """The candidates in their order, each once (two variants may build the same order)."""
    seen, out = set(), []
    for a in actions:
        key = json.dumps(a, sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


@dataclass
class Thought:
    """What a search found: the order chosen, and each candidate's mean score (None: illegal in every sample)."""
    action: Action
    scores: list[float | None]
    candidates: list[Action]
    playouts: int


def playout(game: Searchable, start: State, role: str, action: Action, dice: Rng, horizon: int) -> float | None:
    """Apply `action` for `role` to `start`, then play every side by the default policy until the horizon; the
    score of where it ends for `role`, or None if the rules refuse `action` in this believed state."""
    try:
        state = game.apply(start, role, action, dice)
    except Refused:
        return None
    for _ in range(horizon):
        if game.horizon_reached(start, state):
            break
        prompts = game.prompts(state)
        if not prompts:
            break
        mover = min(prompts)
        try:
            state = game.apply(state, mover, game.policy(state, mover, prompts[mover], dice), dice)
        except Refused:
            break  # the believed state let the default policy go wrong: score what was reached
    return game.evaluate(state, role)


def think(game: Searchable, view: dict[str, Any], role: str, prompt: dict[str, Any], rng: Rng,
          budget: Budget) -> Thought:
    """The candidate with the best mean score over `budget`'s sampled states and rollouts (see the module doc)."""
    candidates = distinct(game.candidates(view, role, prompt, rng))
    if not candidates:
        raise ValueError("the game offered no candidate order")
    if len(candidates) == 1:
        return Thought(candidates[0], [None], candidates, 0)
    totals: list[float] = [0.0] * len(candidates)
    counts = [0] * len(candidates)
    playouts = 0
    for _ in range(budget.samples):
        believed = game.determinize(view, role, FastRng(seed_from(rng)))
        for _ in range(budget.rollouts):
            luck = seed_from(rng)
            for i, action in enumerate(candidates):
                score = playout(game, believed, role, action, FastRng(luck), budget.horizon)
                playouts += 1
                if score is not None:
                    totals[i] += score
                    counts[i] += 1
    means = [totals[i] / counts[i] if counts[i] else None for i in range(len(candidates))]
    best = max((i for i in range(len(candidates)) if means[i] is not None), key=lambda i: (means[i], -i),
               default=0)
    return Thought(candidates[best], means, candidates, playouts)


def choose(game: Searchable, view: dict[str, Any], role: str, prompt: dict[str, Any], rng: Rng,
           budget: Budget) -> Action:
    return think(game, view, role, prompt, rng, budget).action


Decider = Callable[[dict[str, Any], dict[str, Any], Rng], Action]
