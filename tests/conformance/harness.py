"""The conformance harness (issue 33 item 6, issue 34's "done when"): one set of checks run over every registered
game, every scenario and the option sets each game declares (as OpenSpiel runs its basic tests over every game).

`cases()` lists (game, scenario, options); `play(case, seed)` plays random legal orders to the end (or to a step
budget for the long campaigns in the default suite; `-m slow` plays them whole), checking each prompt's published
schema against every order given and the missed order, and keeps a few positions along the way for the checks
that are dearer (secrecy for every reader, the pages' text, every single offered choice)."""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any

import jsonschema_rs

from app import games as registry
from app.engine.errors import IllegalAction
from app.engine.orders import prompt_schema
from app.engine.rng import SeededRng
from app.engine.spec import GameSpec
from app.engine.testing import random_action, state_hash

BUDGET = int(os.environ.get("IRONBOTTOM_CONFORMANCE_STEPS", "250"))  # orders a playout gives in the default suite
SAMPLES = 4  # positions kept per playout for the dearer checks
REPLAYED = 60  # orders after which the playout notes its position's hash, for the replay check to reach again


@dataclass(frozen=True)
class Case:
    game: str
    scenario: str
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def spec(self) -> GameSpec:
        return registry.get(self.game)

    def opts(self) -> dict[str, Any]:
        return dict(self.spec.meta.default_options(), **dict(self.options))

    def __str__(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in self.options)
        return f"{self.game}/{self.scenario}" + (f"[{extra}]" if extra else "")


def cases() -> list[Case]:
    """Every listed game, every scenario, with its defaults and each option set it declares (a set a scenario
    refuses at set-up is not a case of that scenario)."""
    out = []
    for spec in sorted(registry.listed(), key=lambda s: s.meta.id):
        for scenario in spec.meta.scenarios:
            for chosen in ({}, *spec.option_sets):
                case = Case(spec.meta.id, scenario.id, tuple(sorted(chosen.items())))
                try:
                    spec.setup(scenario.id, case.opts(), SeededRng(0))
                except IllegalAction:
                    continue
                out.append(case)
    return out


@dataclass
class Played:
    case: Case
    state: Any
    steps: int
    positions: list[Any] = field(default_factory=list)
    actions: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    ended: bool = False
    noted: tuple[int, str] | None = None  # (orders given, the position's hash) at REPLAYED orders or the end


def _validator(prompt: dict[str, Any]):
    schema = prompt_schema(json.loads(json.dumps(prompt)))
    return jsonschema_rs.validator_for(schema) if schema is not None else None


def replay(case: Case, seed: int, actions: list[tuple[str, dict[str, Any]]]) -> Any:
    """What the platform does with a stored game: the position that `actions` (given in a playout of `seed`) reach
    from the scenario's set-up, with the same dice, and without drawing or checking the orders again."""
    spec, dice = case.spec, SeededRng(seed * 2)
    state = spec.setup(case.scenario, case.opts(), dice)
    for role, action in actions:
        state = spec.apply(state, role, action, dice)
    return state


def play(case: Case, seed: int, budget: int | None = BUDGET) -> Played:
    """Random legal orders (each checked against its prompt's schema, as is each seat's missed order) until the
    game ends or `budget` orders are given; keeps SAMPLES positions spread over the game."""
    spec = case.spec
    players, dice = SeededRng(seed * 2 + 1), SeededRng(seed * 2)
    state = spec.setup(case.scenario, case.opts(), dice)
    played = Played(case, state, 0)
    every = max(1, (budget or 400) // SAMPLES)
    while spec.outcome(state) is None and (budget is None or played.steps < budget):
        prompts = spec.prompts(state)
        assert prompts, f"{case} seed {seed}: nobody is prompted and the game has not ended"
        role = players.choice(sorted(prompts))
        check = _validator(prompts[role])
        action = random_action(spec, state, role, players)
        if check is not None:
            assert check.is_valid(action), f"{case}: {role}'s random order {action} does not fit its prompt's schema"
            if spec.default_action is not None:
                missed = spec.default_action(state, role)
                assert check.is_valid(missed), f"{case}: {role}'s missed order {missed} does not fit the schema"
        if played.steps % every == 0:
            played.positions.append(state)
        try:
            state = spec.apply(state, role, action, dice)
        except IllegalAction as e:
            raise AssertionError(f"{case} seed {seed}: the random legal order {action} by {role} was refused: {e}")
        played.actions.append((role, action))
        played.steps += 1
        if played.steps == REPLAYED:
            played.noted = (played.steps, state_hash(state))
    played.state = state
    if played.noted is None:
        played.noted = (played.steps, state_hash(state))
    played.ended = spec.outcome(state) is not None
    if played.ended:
        played.positions.append(state)
    return played
