"""The states table: one record per decision kind, so that everything about a decision lives in one place.

A game's sequence of play names the decision kinds it reaches ("allocation", "movement_plot", "air"); each kind is a
`Decision` kept in the module of its rulebook section, and the game's `StatesTable` gathers them. The platform and the
harness read the table instead of dispatching on the kind's name in ten places:

- the prompt (`prompt`) publishes typed orders (`verbs`, app/engine/orders.py) narrowed to what is offered now;
- `apply` checks shape against `verbs` first (MalformedAction), then `check` judges legality (IllegalAction citing
  `rule`), then `resolve` carries the order out;
- `default` is what a missed order becomes when a clock runs out; `random` is a random legal order (fuzzing and random
  play); `bot` is the computer player's answer, deciding from the role's view only;
- `form` names the web form that draws the order (None: the generic form over `verbs`); the platform's generic
  parser reads it back from fields named after `verbs` (app/web/actions.py), and `tidy` turns what a board posts
  (blank rows, shortcuts) into the order the rules read, before the shape check.

`StatesTable.missing(kinds)` lists every kind of the game's sequence data that has no record or lacks a part, and a
test per game asserts that it is empty, so a missing branch is a failing test, never a silent fall-through.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Callable, Iterable, Mapping

from app.engine.contract import Action, Prompt, Role, State
from app.engine.errors import IllegalAction, Refused
from app.engine.orders import Order, check_action
from app.engine.rng import Rng

# Parts every record must have; `check`, `form` and `bot` may be None (no extra check, the generic form, no bot).
REQUIRED = ("rule", "verbs", "deciders", "prompt", "resolve", "default", "random")


@dataclass(frozen=True)
class Decision:
    id: str
    rule: str  # the rule the decision's step cites ("14.33", "3d", "§7.4")
    verbs: Mapping[str, Mapping[str, Order]]  # the one record of its orders over their whole domain
    deciders: Callable[[State], Iterable[Role]]  # who must decide now (several: a secret simultaneous decision)
    prompt: Callable[[State, Role], Prompt]
    resolve: Callable[[State, Role, Action, Rng], State]  # apply a checked order (store, or carry out when all are in)
    default: Callable[[State, Role], Action]  # a missed order
    random: Callable[[State, Role, Rng], Action]  # a random legal order
    check: Callable[[State, Role, Action], None] | None = None  # raise IllegalAction citing the rule
    bot: Callable[[dict[str, Any], Prompt, Rng], Action] | None = None
    form: str | None = None  # the web form's id in the game's plug-in; None draws the generic form from `verbs`
    # The order as the rules read it, from what a board posts (blank rows, a shortcut such as a Slot run): run before
    # the shape check on the arguments alone, leaving anything it does not recognise for that check to refuse.
    tidy: Callable[[State, Role, dict[str, Any]], dict[str, Any]] | None = None
    # Kernel v3 (issue 33 item 1): the rest of what a decision kind owns, so that nothing else names it.
    title: str = ""  # the step in the rulebook's words ("Movement phase"), as pages and refusals name it
    needed: Callable[[State, Role], bool] | None = None  # False: the side has nothing to decide, the step passes
    again: Callable[[State, Role, Action], bool] | None = None  # True: asked again after this order (until "end")
    # A secret simultaneous decision (the walker's ALL step): carry out every side's kept order at once.
    conclude: Callable[[State, dict[Role, Action], Rng], None] | None = None
    # ... and what every side reads when one side's order is first in (that it has written, never what).
    announce: Callable[[State, Role], str] | None = None
    bots: Mapping[str, Callable[[dict[str, Any], Prompt, Rng], Action]] = field(default_factory=dict)  # per level
    # A team (Guadalcanal 17b): the part of a side's order a seat gives, `split(state, args, seat)`.
    split: Callable[[State, dict[str, Any], Role], dict[str, Any]] | None = None
    # Taking back (app/play/undo.py): an order of this kind shows its maker something hidden (a search), so it
    # cannot be taken back; a function (before, after, role) when only some orders do.
    reveals: bool | Callable[[State, State, Role], bool] = False

    def revealed(self, before: State, after: State, role: Role) -> bool:
        return self.reveals(before, after, role) if callable(self.reveals) else bool(self.reveals)

    def tidied(self, state: State, role: Role, action: Any) -> Any:
        """The action with its arguments tidied by the record's `tidy` (unchanged when there is none)."""
        if self.tidy is None or not isinstance(action, dict) or not isinstance(action.get("args"), dict):
            return action
        return {**action, "args": self.tidy(state, role, action["args"])}

    def shape(self, action: Any) -> dict[str, Any]:
        """The action (verb and arguments) with its shape checked against `verbs` (MalformedAction names the
        argument)."""
        return {"verb": action["verb"], "args": check_action(self.verbs, action)}

    def judge(self, state: State, role: Role, action: Any) -> dict[str, Any]:
        """Shape, then legality, without changing anything: what a page's live check of a half-made order runs."""
        checked = self.shape(self.tidied(state, role, action))
        if self.check is not None:
            self.check(state, role, checked)
        return checked

    def accepts(self, state: State, role: Role, action: Any) -> bool:
        """Would `judge` take this order (a computer player's check of its own answer before it sends it)?"""
        if action is None:
            return False
        try:
            self.judge(state, role, action)
        except Refused:
            return False
        return True

    def carry_out(self, state: State, role: Role, action: Any, rng: Rng) -> State:
        return self.resolve(state, role, self.judge(state, role, action), rng)


class StatesTable:
    """A game's decisions by kind."""

    def __init__(self, decisions: Iterable[Decision]):
        self.decisions: dict[str, Decision] = {}
        for d in decisions:
            if d.id in self.decisions:
                raise ValueError(f"decision kind {d.id!r} is recorded twice")
            self.decisions[d.id] = d

    def __getitem__(self, kind: str) -> Decision:
        try:
            return self.decisions[kind]
        except KeyError:
            raise KeyError(f"no record for decision kind {kind!r} in the states table") from None

    def __contains__(self, kind: str) -> bool:
        return kind in self.decisions

    def __iter__(self):
        return iter(self.decisions.values())

    def missing(self, kinds: Iterable[str]) -> list[str]:
        """What the sequence reaches but the table lacks: "<kind>" for no record, "<kind>.<part>" for a part."""
        out = []
        for kind in kinds:
            d = self.decisions.get(kind)
            if d is None:
                out.append(kind)
                continue
            out += [f"{kind}.{f.name}" for f in fields(d) if f.name in REQUIRED and not getattr(d, f.name)]
        return out


class TableGame:
    """The contract's plumbing shared by games whose decisions are a states table (Guadalcanal, First Blood): the
    prompts of who decides now, the guard every order passes first, the current decision's missed and random orders,
    the view, the outcome and the secrecy harness's hooks, each handed to the game's own modules.

    A game sets `views` and `hidden` (its modules), `all_verbs` (every verb of its table, the shape checked first),
    `over_rule` (the rule cited when a move comes after the end), `role_titles`, and defines `decision(state)`,
    `acting(state)` (the roles that decide now) and `step_title(state)` (the step in the words the refusal uses)."""
    views: Any
    hidden: Any
    noticeable = None  # no difference between two views is accepted (app/engine/spec.py)
    all_verbs: Mapping[str, Mapping[str, Order]]
    over_rule: str
    role_titles: Mapping[str, str]

    sequence: Any = None  # the game's walk (app/engine/sequence.Sequence); a game without one names the parts below

    def decision(self, state: Any) -> Decision:
        """The record of the decision waited on now."""
        return self.sequence.current(state)

    def acting(self, state: Any) -> list[str]:
        return self.sequence.acting(state)

    def step_title(self, state: Any) -> str:
        d = self.decision(state)
        step = self.sequence.step(state)
        return (d.title if d is not None and d.id != state["step"].get("kind") else None) or \
            (step.title if step is not None else "") or (d.title if d is not None else "")

    def apply(self, state: Any, role: str, action: Any, rng) -> Any:
        """Who decides now (`guard`), the order judged (shape, then its rules), then carried out and the walk on."""
        d = self.guard(state, role, action)
        return self.sequence.decide(state, role, d.judge(state, role, action), rng)

    def check(self, state: Any, role: str, action: Any) -> None:
        self.guard(state, role, action).judge(state, role, action)

    def reveals(self, before: Any, after: Any, role: str) -> bool:
        """Did `role`'s last order show it something hidden (so it may not be taken back)? The record of the decision
        it answered says (`Decision.reveals`)."""
        d = self.decision(before)
        return d is not None and d.revealed(before, after, role)

    def prompts(self, state: Any) -> dict[str, Any]:
        if state["outcome"] is not None:
            return {}
        d = self.decision(state)
        return {role: d.prompt(state, role) for role in self.acting(state)}

    def guard(self, state: Any, role: str, action: Any) -> Decision:
        """Who decides now: the order's shape against every verb of the game (MalformedAction), then the end of the
        game, a role not asked now and a verb the current decision does not take (IllegalAction citing the rule).
        Returns the current decision's record, whose own check and resolution come next."""
        check_action(self.all_verbs, action)
        if state["outcome"] is not None:
            raise IllegalAction("The game is over.", self.over_rule)
        d = self.decision(state)
        acting = self.acting(state)
        if role not in acting:
            who = " and ".join(self.role_titles.get(r, r) for r in acting)
            raise IllegalAction(f"It is not your decision now: {self.step_title(state)}, waiting for {who}.", d.rule)
        if action["verb"] not in d.verbs:
            raise IllegalAction(f"That order is not asked for now ({self.step_title(state)}).", d.rule)
        return d

    def view(self, state: Any, role: str) -> dict[str, Any]:
        return self.views.view(state, role)

    def outcome(self, state: Any):
        return state["outcome"]

    def random_action(self, state: Any, role: str, rng) -> dict[str, Any]:
        return self.decision(state).random(state, role, rng)

    def default_action(self, state: Any, role: str) -> dict[str, Any]:
        return self.decision(state).default(state, role)

    def perturb(self, state: Any, role: str, rng) -> Any:
        return self.hidden.perturb(state, role, rng)

    def plant_canaries(self, state: Any, role: str, marker: str) -> Any:
        return self.hidden.plant_canaries(state, role, marker)
