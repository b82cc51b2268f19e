"""What every Solomons decision kind shares: its record (the engine's `Decision`, app/engine/states.py, with the parts a
secret simultaneous submission needs), the one prompt, the one way an order is stored, and random legal orders.

Each kind's record lives in the module of its rulebook section (placement.py 5.14, allocation.py 5.2, plot.py 8.1,
air_orders.py 14.11, movement.py 6.38, ground_orders.py 12, intentions.py 18, turn.py 6.21) and states.py gathers them
into `STATES`. The walker (sequence.py), the rules (rules.py), the missed and random orders and the easy computers
(players.py) and the web boards read a kind's record there instead of testing its name. This module stays below the
records (tools.imports, .importlinter): a record's prompt (`ask`) and random orders (`randomly`) are bound to the
record they serve, the step they are asked at comes from steps.py, and `store` only stores (rules.apply walks on).

A Solomons decision is a secret simultaneous submission (issue 13; architecture: Secrets): every prompted side submits
one `{"verb": "submit", "args": {...}}`, may revise it until all are in, and then the kind's `conclude` carries out
the pair (sequence.settle). So a record's `resolve` is the same for every kind (`store`), and the work is in
`conclude`.
"""
from __future__ import annotations

import copy
import functools
import importlib
import json
from dataclasses import dataclass, fields
from typing import Any, Callable, Iterable, Mapping

from app.engine.errors import Refused
from app.engine.log import entry
from app.engine.orders import Order
from app.engine.states import Decision, StatesTable
from app.games.solomons import steps

State = dict[str, Any]
VERB = "submit"
TRIES = 12  # random orders drawn before a random player falls back on the missed order (never refused)
# Parts a Solomons record must have beyond the engine's REQUIRED: the arguments offered now, what the boards list,
# the carrying out of the pair, the computer player, and the board (form) that draws and reads the order.
SOLOMONS_PARTS = ("offered", "choices", "conclude", "bot", "form")
STRONG = "strong"  # the strong computer's level (issue 19): a record's answer at it is its `bots[STRONG]`


@dataclass(frozen=True)
class Kind(Decision):
    """A Solomons decision kind. Beyond the engine's parts:
    - `offered(state, side)`: the `submit` arguments narrowed to what this side may send now (the prompt's schema);
    - `choices(state, side)`: the values the boards list (the prompt's `info.choices`): the side's own forces and
      what the rules have shown it of the enemy, never more;
    - `conclude(state, orders, sides, rng)`: carry out every side's stored order once all are in;
    - `info(state, side)`: anything else the prompt tells (ground combat's attack-effective points, 12.2);
    - `skips`: a side with nothing to decide is not asked (issue 11 item 4), so the other side may notice that it
      answered at once; the harness blanks that one fact (rules.noticeable);
    - `standing(state, side, step)`: the order the side's standing orders (asking.py) give at this decision, or None
      when none covers it (then the side is asked); None for a kind no standing order answers;
    - `renew(state, side)`: a standing order that did not cover the decision learns what the side is now asked
      about, so that it holds again next time unless more changes;
    - `order`: the name of the standing order that answers this decision (asking.ORDERS), which its page explains."""
    offered: Callable[[State, str], Mapping[str, Order]] | None = None
    choices: Callable[[State, str], dict[str, Any]] | None = None
    conclude: Callable[[State, dict[str, Any], list[str], Any], None] | None = None
    info: Callable[[State, str], dict[str, Any]] | None = None
    skips: bool = False
    standing: Callable[[State, str, dict[str, Any]], dict[str, Any] | None] | None = None
    renew: Callable[[State, str], None] | None = None
    order: str | None = None

    def __post_init__(self) -> None:
        """The one prompt (`ask`) and random orders (`randomly`) read the record they serve: bound to it here, so that
        neither looks the kind up in the table above it."""
        for name in ("prompt", "random"):
            part = getattr(self, name)
            if getattr(part, "reads_record", False):
                object.__setattr__(self, name, functools.partial(part, record=self))

    def judge(self, state: State, role: str, action: Any) -> dict[str, Any]:
        """Shape, then the kind's rules, over the arguments alone: every Solomons order is the one verb `submit`, so
        its checks and `store` read the arguments (the engine's record hands on the whole order)."""
        args = self.shape(self.tidied(state, role, action))["args"]
        if self.check is not None:
            self.check(state, role, args)
        return args

    def args(self) -> Mapping[str, Order]:
        """The `submit` arguments over their whole domain (what `apply` checks the shape against)."""
        return self.verbs[VERB]


class Table(StatesTable):
    """The Solomons states table: a kind lacking one of SOLOMONS_PARTS is missing it too."""

    def missing(self, kinds: Iterable[str]) -> list[str]:
        kinds = list(kinds)
        out = super().missing(kinds)
        for kind in kinds:
            d = self.decisions.get(kind)
            if d is not None:
                out += [f"{kind}.{f.name}" for f in fields(d) if f.name in SOLOMONS_PARTS and not getattr(d, f.name)]
        return out


def submit(args: dict[str, Any]) -> dict[str, Any]:
    return {"verb": VERB, "args": args}


def later(module: str, name: str) -> Callable[..., Any]:
    """A function of another Solomons module, looked up when called: players.py reads the section modules, so a
    section's record cannot import it while it loads."""
    def call(*args: Any) -> Any:
        return getattr(importlib.import_module(f"app.games.solomons.{module}"), name)(*args)
    call.__name__ = call.__qualname__ = f"{module}.{name}"
    return call


def step(state: State) -> dict[str, Any]:
    """The step the game is at: its phase, segment, title and rule (steps.py)."""
    return steps.at(state)


def plot_phase(state: State) -> int:
    """4.1-4.5: Plot Phase 1 (segments 1-7) or 2 (8-14) of the current step."""
    return 1 if step(state)["phase"] in ("plot1", "exec1") else 2


def segment(state: State) -> int | None:
    return step(state)["segment"]


# ---------------------------------------------------------------- the parts every kind shares

def ask(state: State, side: str, record: "Kind") -> dict[str, Any]:
    """The prompt of the current decision (`record`, bound by Kind): its typed `submit` arguments narrowed to now,
    the missed order the form starts from, and what the boards list."""
    here = step(state)
    kind = record
    submitted = state["pending"][side] is not None
    info = {"kind": kind.id, "form": kind.form, "submitted": submitted, "segment": here["segment"],
            "default": kind.default(state, side)["args"]}
    if kind.info is not None:
        info.update(kind.info(state, side))
    info["choices"] = kind.choices(state, side)
    return {"title": here["title"] + (" (submitted: you may revise until both are in)" if submitted else ""),
            "rule": here["rule"],
            "actions": [{"verb": VERB, "label": "Submit your orders" if not submitted else "Revise",
                         "args": {k: json.loads(_json(v)) for k, v in kind.offered(state, side).items()}}],
            "info": info}


ask.reads_record = True  # type: ignore[attr-defined]  # bound to its record by Kind


@functools.lru_cache(maxsize=1024)
def _json(order: Order) -> str:
    """An argument's published JSON, kept: the same forces offer the same arguments step after step, and drawing
    each hint again is most of a prompt's cost. A fresh copy is read back for every prompt."""
    return json.dumps(order.to_json())


def store(state: State, side: str, args: dict[str, Any], rng: Any) -> State:
    """A checked order becomes the side's pending one (replacing an earlier one); the rules then walk on, and once
    every prompted side's is in, the walker concludes the step and goes on. `state` is the caller's copy."""
    word = "revised" if state["pending"][side] is not None else "in"
    state["pending"][side] = copy.deepcopy(args)
    state["log"].append(entry(side, f"Your orders are {word}: {step(state)['title']}.") | {"at": steps.index(state)})
    return state


def randomly(maker: Callable[[State, str, Any], dict[str, Any]]) -> Callable[[State, str, Any], dict[str, Any]]:
    """A random legal order: up to TRIES draws of `maker`, each judged as a submission would be (shape, then the
    rules), else the missed order, so that a random player is never refused."""
    def draw(state: State, side: str, rng: Any, record: "Kind") -> dict[str, Any]:
        kind = record
        for _ in range(TRIES):
            args = maker(state, side, rng)
            try:
                kind.judge(state, side, submit(args))
            except Refused:
                continue
            return submit(args)
        return kind.default(state, side)
    draw.__name__ = f"random_{getattr(maker, '__name__', 'order')}"
    draw.reads_record = True  # type: ignore[attr-defined]  # bound to its record by Kind
    return draw


def fixed(args: Callable[[State, str], dict[str, Any]]) -> Callable[[State, str], dict[str, Any]]:
    """The missed order from a maker of its arguments."""
    def default(state: State, side: str) -> dict[str, Any]:
        return submit(args(state, side))
    return default


def by_default(view: dict[str, Any], prompt: dict[str, Any], rng: Any) -> dict[str, Any]:
    """The computer player's answer where it has no plan of its own: the missed order, always legal."""
    return submit(((prompt or {}).get("info") or {}).get("default") or {})
