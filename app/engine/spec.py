"""A game's declaration: everything the platform may use of it, named once and checked when the game registers.

The platform reads a game only through its `GameSpec`: the five functions of the rules contract (setup, prompts,
apply, view, outcome) and every optional part, each present or None, never probed for. A sixth game declares one
`spec` in its package and adds one line to the registry (app/games/__init__.py); `validate` says at start-up, not at a
player's page, what a declaration lacks or gets wrong.

Optional parts, and what the platform does without them:
- `random_action(state, role, rng)`: a random legal order (fuzzers, random players); without it the harness draws
  from what the prompt enumerates.
- `default_action(state, role)`: what a missed order becomes when a clock runs out; without it a clock only warns.
- `perturb(state, role, rng)`, `plant_canaries(state, role, marker)`: the secrecy harness's hooks (every game with
  hidden information has both); `noticeable(view, role)`: the one difference the rules accept between two views;
  `hides_nothing(state)`: the game's word that a position hides nothing from anyone (Guadalcanal's Battleboard
  scenarios, 16a), so the harness checks that every reader sees the umpire's view instead of perturbing secrets.
- `phase(state)`: the phase a snapshot is taken at (named `turn-N-...` so replays step by turn).
- `check(state, role, action)`: judge a half-made order without applying it (the live check).
- `tidied(state, role, action)`: the order as the rules read it from what a board posts.
- `reveals(before, after, role)`: whether a move showed its maker something hidden, so it may not be taken back.
- `seats_offered(scenario, options)`: the seats a scenario offers, when fewer than every seat.
- `report(state)`: the after-action report's figures.
- `vp_result(scenario, score)`: the result the game's victory rules give a final victory-point score ({side: VP}):
  (the winning side or None, the level). Declared by a game whose result is decided by its VP score alone; the
  platform's VP bidding (app/play/bidding.py) adds the bid to the score and asks it. Without it, no bidding.
- `bots`: `{level: {role: bot}}`, the easiest level first; a game with one level names it "standard".
- `turn_heading(line)`: the Game-Turn a log line starts ("Game-Turn 3"), or None: the log and replays fold by it.
- `option_sets`: the option sets the conformance harness plays beside the defaults (the main variants).
- `rulebook`: the transcription its rule numbers link into (`/rules/<id>`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from app.engine.contract import GameMeta, Role, State

STANDARD = "standard"  # the level of a game whose computer players come in one strength


@dataclass(frozen=True)
class Rulebook:
    """A rulebook transcription (shared/rules/<file>) and how its rule numbers are written."""
    id: str  # its address: /rules/<id>
    title: str
    file: str
    # How a case is written: "numbered" (Solomons 6.35, Guadalcanal 18c1), "sections" (First Blood §7.4) or "named"
    # (Pacific War 1942's and U.S.N.'s headings: "Using Action Charts", "Supply (G)").
    cases: str = "numbered"
    # Another game's book a rule reference may name first ("Guadalcanal 18" in a Solomons game): {word: book id}.
    borrows: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class GameSpec:
    meta: GameMeta
    setup: Callable[[str, dict[str, Any], Any], State]
    prompts: Callable[[State], dict[Role, Any]]
    apply: Callable[[State, Role, Any, Any], State]
    view: Callable[[State, Role], dict[str, Any]]
    outcome: Callable[[State], Any]
    rulebook: Rulebook | None = None
    random_action: Callable[[State, Role, Any], Any] | None = None
    default_action: Callable[[State, Role], Any] | None = None
    perturb: Callable[[State, Role, Any], State] | None = None
    plant_canaries: Callable[[State, Role, str], State] | None = None
    noticeable: Callable[[dict[str, Any], Role], dict[str, Any]] | None = None
    hides_nothing: Callable[[State], bool] | None = None
    phase: Callable[[State], str] | None = None
    check: Callable[[State, Role, Any], None] | None = None
    tidied: Callable[[State, Role, Any], Any] | None = None
    reveals: Callable[[State, State, Role], bool] | None = None
    seats_offered: Callable[[str, dict[str, Any]], tuple[Role, ...]] | None = None
    report: Callable[[State], Any] | None = None
    vp_result: Callable[[str, Mapping[str, float]], tuple[str | None, str]] | None = None
    bots: Mapping[str, Mapping[Role, Callable[..., Any]]] = field(default_factory=dict)
    turn_heading: Callable[[dict[str, Any]], str | None] | None = None
    option_sets: tuple[Mapping[str, Any], ...] = ()
    states: Any = None  # the game's StatesTable (app/engine/states.py), for the harness and the docs

    @property
    def levels(self) -> tuple[str, ...]:
        """The computer players' levels, easiest first (one, "standard", for a game with a single strength)."""
        return tuple(self.bots)

    def bot(self, role: Role, level: str | None = None) -> Callable[..., Any] | None:
        """The computer player of `role` at `level` (None: the easiest), or None where there is none."""
        if not self.bots:
            return None
        return self.bots.get(level or self.levels[0], {}).get(role)

    def roles_with_bots(self) -> set[Role]:
        return {role for level in self.bots.values() for role in level}


class SpecError(ValueError):
    """A game's declaration is incomplete or contradicts itself; the message names the game and the part."""


_LEVEL = re.compile(r"^[a-z][a-z0-9_]*$")


def validate(spec: GameSpec) -> GameSpec:
    """Refuse a declaration the platform could not serve: a missing contract function, a secrecy hook without its
    pair, computer players for seats the game does not have, an option set naming an unknown option, a level with a
    name that cannot be a URL value."""
    if not isinstance(spec.meta, GameMeta):
        raise SpecError(f"{spec.meta!r}: meta must be a GameMeta")
    name = spec.meta.id
    contract = {"setup": spec.setup, "prompts": spec.prompts, "apply": spec.apply, "view": spec.view,
                "outcome": spec.outcome}
    for part, function in contract.items():
        if not callable(function):
            raise SpecError(f"{name}: the rules contract's {part} is not a function")
    if (spec.perturb is None) != (spec.plant_canaries is None):  # the secrecy harness needs both
        raise SpecError(f"{name}: declares one of perturb and plant_canaries without the other")
    if spec.hides_nothing is not None and spec.perturb is None:  # a solitaire hides nothing anywhere already
        raise SpecError(f"{name}: declares hides_nothing without the secrecy hooks it stands in for")
    seats = set(spec.meta.seats())
    for level, bots in spec.bots.items():
        if not _LEVEL.match(level):
            raise SpecError(f"{name}: the level name {level!r} must be lower-case letters, digits and _")
        stray = set(bots) - seats
        if stray:
            raise SpecError(f"{name}: level {level!r} has computer players for seats it does not have: {sorted(stray)}")
    options = {o.id for o in spec.meta.options} | {"umpired"}  # the platform's own: an umpire seat (18)
    for chosen in spec.option_sets:
        unknown = set(chosen) - options
        if unknown:
            raise SpecError(f"{name}: an option set names unknown options {sorted(unknown)}")
    if spec.rulebook is not None and spec.rulebook.cases not in ("numbered", "sections", "named"):
        raise SpecError(f"{name}: rulebook cases must be numbered, sections or named, not {spec.rulebook.cases!r}")
    return spec
