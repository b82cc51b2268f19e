"""The test harness every game reuses: random legal playouts, non-interference and canaries.

The platform's own parts of the harness (rendered pages, the authorization matrix) live in tests/platform,
because they need the web layer; this module needs only a `Rules` object.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Callable

from app.engine import orders
from app.engine.contract import SPECTATOR, UMPIRE, Action, GameMeta, Role, Rules, State, to_side
from app.engine.errors import Refused
from app.engine.rng import Rng, SeededRng


class DeadEnd(AssertionError):
    """No one is prompted, yet the game has no outcome."""


class RunawayGame(AssertionError):
    """A playout went past its step limit."""


def canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def plain_copy(state: State) -> State:
    """A deep copy of a plain-JSON position: a JSON round trip, several times faster than a deepcopy."""
    return json.loads(json.dumps(state))


def state_hash(state: State) -> str:
    return hashlib.sha256(canonical(state).encode()).hexdigest()


def assert_plain_json(state: State) -> None:
    """State must survive a JSON round trip unchanged: no tuples, sets, objects or non-string keys."""
    assert json.loads(json.dumps(state)) == state, "state is not plain JSON"


def enumerate_actions(prompt: dict[str, Any]) -> list[Action]:
    """Every action a prompt lists whose arguments are all enumerated choices (or absent): typed orders list their
    values (app/engine/orders.py); older specs are read as choices and integer ranges."""
    out: list[Action] = []
    for spec in prompt.get("actions", []):
        typed = orders.enumerate_spec(spec)
        if typed is not None:
            out.extend(typed)
            continue
        combos: list[dict[str, Any]] = [{}]
        ok = True
        for name, arg in (spec.get("args") or {}).items():
            choices = arg.get("choices") if isinstance(arg, dict) else None
            if choices is None and isinstance(arg, dict) and arg.get("type") == "integer":
                lo, hi = arg.get("minimum"), arg.get("maximum")
                if lo is not None and hi is not None and hi - lo < 200:
                    choices = list(range(lo, hi + 1))
            if not choices:
                ok = False
                break
            combos = [dict(c, **{name: v}) for c in combos for v in choices]
        if ok:
            out.extend({"verb": spec["verb"], "args": c} for c in combos)
    return out


def random_action(rules: Rules, state: State, role: Role, rng: Rng) -> Action:
    """A random legal action for `role`: the game's own `random_action` if it has one, else one of the
    actions its prompt enumerates."""
    if rules.random_action is not None:
        return rules.random_action(state, role, rng)
    actions = enumerate_actions(rules.prompts(state)[role])
    if not actions:
        raise DeadEnd(f"{role} is prompted but no action can be enumerated; give the game a random_action")
    return rng.choice(actions)


def random_shaped_action(prompt: dict[str, Any], rng: Rng) -> Action | None:
    """For fuzzing: one of the prompt's orders with random well-shaped (not necessarily legal) arguments, or None if
    the chosen order's arguments are not typed. The rules must refuse it with an IllegalAction or apply it."""
    specs = prompt.get("actions", [])
    return orders.random_args(rng.choice(specs), rng) if specs else None


@dataclass
class Playout:
    state: State
    steps: int
    actions: list[tuple[Role, Action]] = field(default_factory=list)


def playout(rules: Rules, scenario: str, options: dict[str, Any] | None = None, seed: int = 0,
            max_steps: int = 20000, game_rng: Rng | None = None,
            chooser: Callable[[Rules, State, Role, Rng], Action] = random_action) -> Playout:
    """Play random legal actions for every prompted role until the game has an outcome.

    Raises DeadEnd if nobody is prompted before the end, RunawayGame past `max_steps`, and lets any
    exception from the rules escape, so a fuzzer sees it with its seed.
    """
    players = SeededRng(seed * 2 + 1)
    dice = game_rng or SeededRng(seed * 2)
    opts = dict(rules.meta.default_options(), **(options or {}))
    state = rules.setup(scenario, opts, dice)
    result = Playout(state, 0)
    while rules.outcome(state) is None:
        if result.steps >= max_steps:
            raise RunawayGame(f"seed {seed}: no outcome after {max_steps} actions")
        prompts = rules.prompts(state)
        if not prompts:
            raise DeadEnd(f"seed {seed}: nobody is prompted and the game has not ended")
        role = players.choice(sorted(prompts))
        action = chooser(rules, state, role, players)
        try:
            state = rules.apply(state, role, action, dice)
        except Refused as e:
            raise AssertionError(f"seed {seed}: random legal action {action} by {role} was refused: {e}") from e
        result.actions.append((role, action))
        result.steps += 1
    result.state = state
    return result


def random_positions(rules: Rules, scenario: str, options: dict[str, Any], seed: int, stops: tuple[int, ...]):
    """The positions after each of `stops` random legal actions from `seed` (as `playout` plays them), for checks of
    what each reader sees along a game; stops early if nobody is prompted (a game over hides nothing: its secrets
    are every reader's, and a perturbation of it changes nothing)."""
    players, dice = SeededRng(seed * 2 + 1), SeededRng(seed * 2)
    state = rules.setup(scenario, options, dice)
    for i in range(max(stops) + 1):
        prompts = rules.prompts(state)
        if not prompts:
            return
        if i in stops:
            yield state
        role = players.choice(sorted(prompts))
        state = rules.apply(state, role, random_action(rules, state, role, players), dice)


def check_non_interference(rules: Rules, state: State, role: Role, rng: Rng,
                           render: Callable[[dict[str, Any]], str] | None = None) -> None:
    """Change only what `role` may not know; `role`'s view (and its rendering) must not change at all."""
    perturb = rules.perturb
    # A game may name the one difference its rules accept (`noticeable`: the view with it blanked out): Solomons
    # issue 11 item 4 accepts that a side may notice the other side had nothing to decide ("submitted or nothing
    # to decide" instead of "has not yet submitted"), as at the table. Nothing else may differ.
    noticeable = rules.noticeable or (lambda view, role: view)
    seen_before = noticeable(rules.view(state, role), role)
    before = canonical(seen_before)
    changed = perturb(plain_copy(state), role, rng)
    assert canonical(changed) != canonical(state) or role == UMPIRE, "perturb changed nothing: the test proves nothing"
    seen_after = noticeable(rules.view(changed, role), role)
    after = canonical(seen_after)
    assert before == after, f"{role}'s view changed when only hidden information changed"
    if render is not None:
        assert render(seen_before) == render(seen_after), \
            f"{role}'s rendered page changed when only hidden information changed"


def check_canaries(rules: Rules, state: State, role: Role, marker: str = "CANARY-7f3a") -> State:
    """Plant `marker` in every field hidden from `role`; it must reach the umpire but never `role`."""
    planted = rules.plant_canaries(plain_copy(state), role, marker)
    assert marker in canonical(rules.view(planted, UMPIRE)), "canaries were not planted where the umpire sees them"
    assert marker not in canonical(rules.view(planted, role)), f"a hidden field reached {role}'s view"
    return planted


def readers(meta: GameMeta) -> tuple[Role, ...]:
    """Everyone a game's secrets are checked for: every seat of every side, each side of several seats as a whole
    (its address `to_side(id)`: a replay through the side's eyes), the umpire and a spectator. For a two-player
    game: its two roles, the umpire and a spectator, as before."""
    sides = tuple(to_side(s.id) for s in meta.sides_of() if len(s.seats) > 1)
    return (*meta.seats(), *sides, UMPIRE, SPECTATOR)


# What a view may say about its reader alone: who reads it. Anything else that differs between two readers of an
# open position is something one of them is not shown.
READER = ("role", "seat")


def check_open(rules: Rules, state: State) -> list[Role]:
    """A position the game declares open (`hides_nothing`): every reader's view is the umpire's, but for who reads
    it. Returns the readers checked."""
    def bare(view):
        return canonical({k: v for k, v in view.items() if k not in READER})
    everything = bare(rules.view(state, UMPIRE))
    checked = []
    for role in readers(rules.meta):
        assert bare(rules.view(state, role)) == everything, \
            f"{role} is not shown everything in a position the game says hides nothing"
        checked.append(role)
    return checked


def check_every_reader(rules: Rules, state: State, rng: Rng,
                       render: Callable[[Role], Callable[[dict[str, Any]], str]] | None = None) -> list[Role]:
    """Non-interference for every reader (`readers`), and canaries for every reader but the umpire (who may read
    everything, so nothing can be planted out of his sight). `render(role)`, if given, draws `role`'s page from a
    view. Returns the readers checked, so a test can say whom it covered."""
    checked = []
    for role in readers(rules.meta):
        check_non_interference(rules, state, role, rng, render=render(role) if render else None)
        if role != UMPIRE:
            check_canaries(rules, state, role)
        checked.append(role)
    return checked
