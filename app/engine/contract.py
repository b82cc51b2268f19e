"""The rules contract every game satisfies (see docs/architecture.md).

A game is plain functions over plain JSON state. The platform stores the state, asks `prompts` who must
decide, passes each submitted action to `apply` with an `Rng`, and sends each role only `view(state, role)`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, TypedDict, runtime_checkable

State = dict[str, Any]
Role = str

UMPIRE: Role = "umpire"
SPECTATOR: Role = "spectator"


class Action(TypedDict, total=False):
    verb: str
    args: dict[str, Any]


class ActionSpec(TypedDict, total=False):
    """One thing a prompted role may do: its verb, a label, and the shape of its arguments.

    `args` maps each argument name to a JSON-schema-like description, e.g.
    {"type": "choice", "choices": [...]} or {"type": "integer", "minimum": 1, "maximum": 3}.
    """
    verb: str
    label: str
    args: dict[str, Any]


class Prompt(TypedDict, total=False):
    """`info` is the game's own, but for one key the platform reads: `submitted` (bool), in a game that keeps
    prompting a side whose secret orders are in so that it may revise them, says whether they are in (computer
    players answer only when they are not)."""
    title: str
    rule: str | None
    actions: list[ActionSpec]
    info: dict[str, Any]


class Outcome(TypedDict, total=False):
    winner: Role | None  # None for a draw
    level: str  # e.g. "decisive", "marginal", "draw"
    score: dict[str, Any]
    reason: str


@dataclass(frozen=True)
class Option:
    id: str
    label: str
    rule: str | None
    default: Any
    choices: tuple[Any, ...] = (True, False)
    labels: tuple[str, ...] | None = None  # each choice as the lobby shows it (same order); None shows the value


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    rule: str | None = None
    description: str = ""


@dataclass(frozen=True)
class Side:
    """A side of the game and the seats (roles) on it. A two-player game has one seat per side, whose id is the
    side's id; a team game (Guadalcanal 17) has several commanders' seats on one side. Log lines and views may be
    addressed to a seat (its role), to a whole side (`to_side(id)`), to the umpire or to everyone."""
    id: str
    label: str
    seats: tuple[Role, ...]


@dataclass(frozen=True)
class ChatPolicy:
    """Who may talk to whom, as a game's rules say. `teammates`: seats of one side may talk to each other (False
    under Guadalcanal 17c1, where they communicate only by radio messages, which are game actions); `opponents`:
    the sides may talk across the table (the "all" channel)."""
    teammates: bool = True
    opponents: bool = True
    rule: str | None = None  # the rule that forbids it, cited when a post is refused ("17c1")


@dataclass(frozen=True)
class GameMeta:
    id: str
    title: str
    publisher: str | None  # as the rulebook names it; None when it does not (the lobby says "publisher unknown")
    year: int | None  # likewise: never guessed
    roles: tuple[Role, ...]
    scenarios: tuple[Scenario, ...]
    options: tuple[Option, ...] = ()
    solitaire: bool = False  # one human seat; the other sides are played by the rules themselves
    listed: bool = True  # shown in the lobby; test-only games are not
    role_labels: dict[Role, str] = field(default_factory=dict)
    # Sides and their seats. Empty means one side per role, its one seat being the role itself (every two-player
    # game); `sides_of()` always answers. A scenario may offer fewer seats (`seats_offered`).
    sides: tuple[Side, ...] = ()
    chat: ChatPolicy = ChatPolicy()

    def label(self, role: Role) -> str:
        """A seat's name, or a side's (a side id, or its address `to_side(id)`), as the game gives them."""
        if role in self.role_labels:
            return self.role_labels[role]
        side = next((s for s in self.sides if role in (s.id, to_side(s.id))), None)
        if side is not None:
            return side.label
        return role.replace("_", " ").replace(".", " ").title()

    def sides_of(self) -> tuple[Side, ...]:
        return self.sides or tuple(Side(r, self.label(r), (r,)) for r in self.roles)

    def side_of(self, role: Role) -> Side | None:
        """The side a seat sits on; None for the umpire and spectators."""
        return next((s for s in self.sides_of() if role in s.seats), None)

    def seats(self) -> tuple[Role, ...]:
        return tuple(seat for s in self.sides_of() for seat in s.seats)

    def seat_sides(self) -> dict[Role, str]:
        """{seat: side id}: what `log.visible` needs to read side-addressed lines, without the meta."""
        return {seat: s.id for s in self.sides_of() for seat in s.seats}

    def side_by_id(self, side_id: str) -> Side | None:
        return next((s for s in self.sides_of() if s.id == side_id), None)

    def scenario(self, scenario_id: str) -> Scenario | None:
        return next((s for s in self.scenarios if s.id == scenario_id), None)

    def scenario_title(self, scenario_id: str) -> str:
        """What pages call a scenario: its title as the rulebook gives it (its id if the game no longer has it)."""
        scenario = self.scenario(scenario_id)
        return scenario.title if scenario else scenario_id

    def default_options(self) -> dict[str, Any]:
        return {o.id: o.default for o in self.options}


@runtime_checkable
class Rules(Protocol):
    meta: GameMeta

    def setup(self, scenario: str, options: dict[str, Any], rng: "Rng") -> State:
        """The opening position. `options` holds the game's own options plus "umpired" (bool), set by the
        platform: an umpired game may prompt the role "umpire" (e.g. to advance execution)."""
        ...

    def prompts(self, state: State) -> dict[Role, Prompt]: ...

    def apply(self, state: State, role: Role, action: Action, rng: "Rng") -> State: ...

    def view(self, state: State, role: Role) -> dict[str, Any]:
        """All and only what `role` may know. A game whose sides have several seats is also asked for a side's
        address, `to_side(id)`: what the side as a whole knows (public and side-addressed things, no seat's own),
        for replays through a side's eyes."""
        ...

    def outcome(self, state: State) -> Outcome | None: ...


SIDE_PREFIX = "side:"


def to_side(side_id: str) -> str:
    """The address of a log line or message meant for every seat of a side (Guadalcanal 17: spotting reports)."""
    return SIDE_PREFIX + side_id


# Optional members a game may add; the harness and the platform use them when present:
#   random_action(state, role, rng) -> Action        a random legal action (fuzzing, missed orders)
#   perturb(state, role, rng) -> State               change only what `role` may not know
#   plant_canaries(state, role, marker) -> State     write `marker` strings into fields hidden from `role`
#   phase(state) -> str                              the current phase; the platform snapshots when it changes
#   bots: dict[str, Callable[[dict, Prompt, Rng], Action]]  computer players deciding from a view only
#   default_action(state, role) -> Action            what a missed order becomes when a clock runs out
#   states: app.engine.states.StatesTable            one record per decision kind (contract v2)
#   check(state, role, action) -> None               judge a half-made order without applying it (raises)
#   seats_offered(scenario, options) -> tuple[Role]  the seats a scenario offers, when fewer than meta.seats()
Bot = Callable[[dict[str, Any], Prompt, "Rng"], Action]

from app.engine.rng import Rng  # noqa: E402  (type names only; rng imports nothing from here)
