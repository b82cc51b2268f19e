"""One walker over every game's sequence of play (issue 33 item 2).

A game writes its sequence of play as data, a `Sequence`: the steps of a Game-Turn in their printed order (and those
before the first), each a decision kind of its states table or a procedure the walker carries out, with who decides:

- a side (`who="japanese"`), or a letter the game maps to a side each Turn (Guadalcanal's Side A and B, `side`);
- `ALL`: every side with something to decide, at once and in secret: each side's order is kept (and may be sent
  again) until every one is in, then the record's `conclude` carries them out together (or its `resolve`, side by
  side in the step's order);
- a procedure (a kind in `procedures`, `procedures[kind](state, rng)`), run as the walk passes it, for the side the
  step names if it names one (`state["step"]["side"]`). A procedure that opens decisions of its own (a battle
  waiting on its casualties) answers `HOLD`: the walk stays there until no `interrupt` is due.

A side with nothing to decide at a step (its record's `needed` says so) is passed over. A decision whose record says
`again` after an order (a movement phase until the side ends it) is asked again. An `interrupt` (casualties after an
attack, a team's radio notes, a reserve to commit) comes before the step's own decision whenever it is due, and the
step resumes after it: a procedure that waited on it is done, and a decision whose side has nothing left to decide
there (its record's `needed`: the order that opened the interrupt spent the last Action Point) is passed. In an
umpired game a `gate`d step waits for the umpire's release first (app/engine/umpire_gate: "advance" this step, or
"run" to the end of the span).

The walk keeps its place in `state["step"]`: `{"part": "pregame" | "turn", "index": n, "kind", "side"}`, plus `sides`
and `in` (the orders kept so far) at an `ALL` step, and `held` while the umpire holds it.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from app.engine import umpire_gate
from app.engine.contract import UMPIRE, Action, Role, State
from app.engine.errors import IllegalAction, Refused
from app.engine.log import PUBLIC, entry
from app.engine.rng import Rng
from app.engine.states import Decision, StatesTable

ALL = "all"  # every side that has something to decide, at once and in secret
HOLD = "hold"  # a procedure's answer when decisions it opened must be made before the walk goes on
UMPIRE_KIND = "umpire"  # the umpire's release (umpire_gate.decision), the kind of a held step


@dataclass(frozen=True, eq=False)
class Step:
    kind: str  # a decision record's id, or a procedure's
    who: str | None = None  # a side, a letter `Sequence.side` maps, ALL, or None
    title: str = ""  # the printed step, as the page heads it
    rule: str = ""
    gate: bool = False  # in an umpired game, the umpire releases the step before it is carried out

    def __eq__(self, other: object) -> bool:
        """A step is also found by its (kind, who), as the tables were written before the walker: a test or a
        tutorial placing a position at `TURN.index(("combat", "ij"))` finds the combat phase."""
        if isinstance(other, tuple):
            return (self.kind, self.who) == other
        if isinstance(other, Step):
            return (self.kind, self.who, self.title, self.rule, self.gate) == \
                (other.kind, other.who, other.title, other.rule, other.gate)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.kind, self.who))


@dataclass(frozen=True)
class Sequence:
    states: StatesTable
    turn: Callable[[State], tuple[Step, ...]]  # one Game-Turn's steps (may differ by option: an umpired Turn)
    # Begin the next Game-Turn (after the pregame: the first); False once the game is over (outcome set).
    next_turn: Callable[[State, Rng], bool]
    pregame: Callable[[State], tuple[Step, ...]] = lambda state: ()
    procedures: Mapping[str, Callable[[State, Rng], Any]] = field(default_factory=dict)
    side: Callable[[State, str], str] = lambda state, who: who
    interrupt: Callable[[State], str | None] = lambda state: None  # the kind of a decision due before the step's
    entered: Callable[[State, Step], None] | None = None  # a step is reached (its heading in the log)
    gate_key: Callable[[State, Step], str] = lambda state, step: f"{state.get('turn')}-{step.kind}"
    gate_span: Callable[[State], str] = lambda state: f"turn-{state.get('turn')}"
    clone: Callable[[State], State] = copy.deepcopy
    over: Callable[[State], bool] = lambda state: state.get("outcome") is not None
    # At an ALL step: keep a side's order in `state["step"]["in"]` and tell it so (the default: the order itself,
    # and "Your orders are in"); a game collecting an order piece by piece (a route for each flight) keeps its own.
    keep: Callable[[State, Step, Role, Action], None] | None = None
    # At an ALL step: are all of `side`'s orders in (the default: it has sent one)?
    is_in: Callable[[State, Role], bool] | None = None
    # In an umpired game, is the step held for the umpire's release now (the default: its `gate`)? A game may hold
    # a step only when there is something to release (a Combat Phase with a battle).
    gated: Callable[[State, Step], bool] | None = None
    # At an ALL step: the game's own entry, True when the walk stops there (the default: it stops when some side has
    # something to decide). A game whose step is carried out even when nobody is asked (Solomons' ground combat,
    # its reset's retiring forces), or whose standing orders may answer every side at once, enters it itself.
    enter_all: Callable[[State, Step, Rng], bool] | None = None

    # ------------------------------------------------------------------------------------------ where the walk is

    def steps(self, state: State) -> tuple[Step, ...]:
        return self.pregame(state) if state["step"].get("part") == "pregame" else self.turn(state)

    def step(self, state: State) -> Step | None:
        """The step the walk stands at, or None before the first."""
        n = self.place(state)
        steps = self.steps(state)
        return steps[n] if 0 <= n < len(steps) else None

    def place(self, state: State) -> int:
        """The index of the step the walk stands at. A position set up by hand (a test, a tutorial) may name its
        step by kind and side alone: the first step of that kind (for that side) is its place."""
        at = state["step"]
        n = at.get("index", -1)
        steps = self.steps(state)
        if at.get("kind") is None or (0 <= n < len(steps) and steps[n].kind == at["kind"]):
            return n
        for i, step in enumerate(steps):
            if step.kind == at["kind"] and (at.get("side") is None or step.who in (None, ALL)
                                            or self.side(state, step.who) == at.get("side")):
                return i
        return n

    def kind(self, state: State) -> str | None:
        """The decision waited on now: the umpire's release, an interrupt, or the step's own; None at a procedure
        that waits on nothing."""
        if umpire_gate.held(state):
            return UMPIRE_KIND
        due = self.interrupt(state)
        if due is not None:
            return due
        kind = state["step"].get("kind")
        return kind if kind in self.states else None

    def current(self, state: State) -> Decision | None:
        kind = self.kind(state)
        return self.states[kind] if kind is not None else None

    def acting(self, state: State) -> list[Role]:
        """Who decides now: the umpire holding a step, an interrupt's deciders, the sides of an ALL step whose
        orders are not all in (a side in may still send them again: `revising`), or the step's side."""
        if self.over(state):
            return []
        kind = self.kind(state)
        if kind is None:
            return []
        if kind == UMPIRE_KIND:
            return [UMPIRE]
        record = self.states[kind]
        at = state["step"]
        if kind != at.get("kind") or at.get("side") is None and "sides" not in at:
            return list(record.deciders(state))
        if "sides" in at:
            return list(at["sides"])
        return [at["side"]]

    def revising(self, state: State, side: Role) -> bool:
        """At an ALL step: are `side`'s orders in (it may still send them again until every side's are)?"""
        return self._in(state, side)

    def _in(self, state: State, side: Role) -> bool:
        if self.is_in is not None:
            return self.is_in(state, side)
        return side in (state["step"].get("in") or {})

    # ------------------------------------------------------------------------------------------------ the walk

    def begin(self, state: State, rng: Rng) -> None:
        """Walk from the start of the pregame (or of the first Game-Turn) to the first decision."""
        state["step"] = {"part": "pregame" if self.pregame(state) else "turn", "index": -1, "kind": None, "side": None}
        self.advance(state, rng)

    def advance(self, state: State, rng: Rng) -> None:
        """From the step just done to the next one someone must decide in, carrying out the procedures between."""
        while not self.over(state):
            at = state["step"]
            steps = self.steps(state)
            n = self.place(state) + 1
            if n >= len(steps):  # the pregame or the Game-Turn is over: the next Game-Turn (the first after it)
                if not self.next_turn(state, rng):
                    return
                state["step"] = {"part": "turn", "index": -1, "kind": None, "side": None}
                continue
            step = steps[n]
            state["step"] = {"part": at.get("part", "turn"), "index": n, "kind": step.kind, "side": None}
            if self._enter(state, step, rng):
                return

    def _enter(self, state: State, step: Step, rng: Rng) -> bool:
        """Reach `step`: True when the walk stops there (someone decides, or the umpire holds it)."""
        if self.entered is not None:
            self.entered(state, step)
        if step.kind in self.procedures:  # carried out for its side, if it names one (read from state["step"])
            state["step"]["side"] = self.side(state, step.who) if step.who not in (None, ALL) else None
            return self._run(state, step, rng)
        record = self.states[step.kind]
        if step.who == ALL and self.enter_all is not None:
            return self.enter_all(state, step, rng)
        if step.who == ALL:
            sides = [s for s in record.deciders(state) if self._needed(record, state, s)]
            if not sides:
                return False
            state["step"].update(sides=sides, **{"in": {}})
            return True
        side = self.side(state, step.who)
        if not self._needed(record, state, side):
            return False
        state["step"]["side"] = side
        return True

    @staticmethod
    def _needed(record: Decision, state: State, side: Role) -> bool:
        return record.needed is None or record.needed(state, side)

    def _run(self, state: State, step: Step, rng: Rng) -> bool:
        """A procedure: held for the umpire first if gated, then carried out; True when the walk stops there."""
        if self._held(state, step):
            return True
        answer = self.procedures[step.kind](state, rng)
        return answer == HOLD and not self.over(state)

    def _held(self, state: State, step: Step) -> bool:
        if not (self.gated(state, step) if self.gated is not None else step.gate):
            return False
        key, span = self.gate_key(state, step), self.gate_span(state)
        if not umpire_gate.must_release(state, key, span):
            return False
        umpire_gate.hold(state, key, span, step.title or step.kind)
        return True

    def released(self, state: State, rng: Rng) -> None:
        """The umpire let the held step go (the gate's `resume`): carry it out and walk on."""
        step = self.step(state)
        if step is None:
            self.advance(state, rng)
            return
        if step.kind in self.procedures:
            if self.procedures[step.kind](state, rng) == HOLD and not self.over(state):
                return
        elif step.who == ALL:
            self._conclude(state, step, rng)
        self.advance(state, rng)

    # ---------------------------------------------------------------------------------------------- an order

    def prompts(self, state: State) -> dict[Role, Any]:
        """Each role that decides now, with the prompt of the decision waited on (none once the game is over)."""
        if self.over(state):
            return {}
        d = self.current(state)
        return {role: d.prompt(state, role) for role in self.acting(state)}

    def play(self, state: State, role: Role, action: Action, rng: Rng) -> State:
        """An order of a computer player's search (app/engine/search.py), below the rules module: `Refused` when it
        is not `role`'s decision or not one of its verbs, else judged by the decision's record and carried out."""
        d = self.current(state)
        if d is None or role not in self.acting(state) or action["verb"] not in d.verbs:
            raise Refused("not this role's decision now")
        return self.decide(state, role, d.judge(state, role, action), rng)

    def decide(self, state: State, role: Role, action: Action, rng: Rng) -> State:
        """Carry out a judged order of the decision waited on now and walk on; returns the new state."""
        kind = self.kind(state)
        if kind is None:
            raise IllegalAction("Nothing is waiting on an order now.", None)
        record = self.states[kind]
        at = state["step"]
        if kind == at.get("kind") and "sides" in at:  # an ALL step: keep the order until every side's is in
            s = self.clone(state)
            if self.keep is not None:
                self.keep(s, self.step(s), role, action)
            else:
                self._keep(s, record, role, action)
            if all(self._in(s, side) for side in s["step"]["sides"]):
                step = self.step(s)
                if not self._held(s, step):
                    self._conclude(s, step, rng)
                    self.advance(s, rng)
            return s
        s = record.resolve(state, role, action, rng)
        if self.over(s) or self.interrupt(s) is not None or umpire_gate.held(s):
            return s
        if kind == UMPIRE_KIND:
            return s  # the gate's own resolution walked on (`released`)
        if kind != s["step"].get("kind"):  # an interrupt's decision: the step it broke into resumes
            resumed = s["step"].get("kind")
            if resumed in self.procedures:
                self.advance(s, rng)  # a procedure that waited on it is done
            elif resumed in self.states and s["step"].get("side") is not None and \
                    not self._needed(self.states[resumed], s, s["step"]["side"]):
                self.advance(s, rng)  # the order that opened it left its side nothing to decide there
            return s
        side = s["step"].get("side")
        if record.again is not None and record.again(s, side, action):
            return s
        self.advance(s, rng)
        return s

    def _keep(self, state: State, record: Decision, side: Role, action: Action) -> None:
        revised = side in state["step"]["in"]
        state["step"]["in"][side] = action
        title = self.step(state).title or record.title or record.id
        state["log"].append(entry(side, f"Your orders are {'revised' if revised else 'in'}: {title}."))
        if record.announce is not None and not revised:
            state["log"].append(entry(PUBLIC, record.announce(state, side)))

    def _conclude(self, state: State, step: Step, rng: Rng) -> None:
        """Every side's orders of an ALL step are in (and released): carry them out together, or side by side."""
        record = self.states[step.kind]
        orders = dict(state["step"].get("in") or {})
        state["step"].pop("in", None)
        if record.conclude is not None:
            record.conclude(state, orders, rng)
            return
        for side in state["step"]["sides"]:
            new = record.resolve(state, side, orders[side], rng)
            if new is not state:
                state.clear()
                state.update(new)


def umpire_decision(sequence_of: Callable[[], Sequence], **wording: Any) -> Decision:
    """The umpire's release as a record of the game's states table, resuming the game's walk."""
    return umpire_gate.decision(lambda state, rng: sequence_of().released(state, rng), **wording)
