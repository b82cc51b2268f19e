"""The sequence of play (4.1-4.5) as the steps the engine's walker follows (app/engine/sequence.py), one Game-Turn
after another.

Each printed step of data/sequence.toml (steps.STEPS: its phase, segment, section letter, title and rule) is a `Step`:
a procedure the walker carries out (PROCEDURES), or a secret simultaneous decision (`ALL`), whose kind's record
(states.py) says who is asked, carries out the orders once every asked side's are in and holds the kind's rule. The
first section of every Execution Segment is gated: in an umpired game the umpire releases it (Guadalcanal 18).

A Solomons decision is entered its own way (`enter_all`): the sides asked are its record's `deciders`; a side's standing
orders answer for it at once (asking.stand_in, issue 11 item 4); and once every asked side's orders are in (at once
when nobody is asked) the record's `conclude` carries them out. The orders are kept in state["pending"] (a side may
revise its own until all are in: STATE.md), and every line a step writes is marked with the step's place (`tag`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from app.engine.log import entry
from app.engine.sequence import ALL, Sequence, Step
from app.games.solomons import asking, board, intel, movement, steps, turn, victory
# Imported by name, so that a renamed or missing combat procedure is an import error, never a silent no-op.
from app.games.solomons.combat.air import resolve_air_attacks, resolve_counterattacks
from app.games.solomons.combat.bombardment import resolve_naval_bombardment
from app.games.solomons.combat.submarine import resolve_attacks as resolve_submarine_attacks
from app.games.solomons.combat.supply import after_landing, expend_air_supply, supply_american_ground
from app.games.solomons.combat.surface import resolve_surface_actions
from app.games.solomons.states import DECIDES, STATES
from app.games.solomons.units import sweep

State = dict[str, Any]


def kind_of(step_id: str) -> str:
    """The kind of a printed step (tables.phases / tables.sections, from data/sequence.toml, and the steps the walker
    adds): the id of the record of the decision it is (states.DECIDES), else the step's own id, the key of the
    procedure that runs it (PROCEDURES)."""
    decision = DECIDES.get(step_id)
    return decision.id if decision is not None else step_id


def is_day(segment: int) -> bool:
    return steps.is_day(segment)


# Each printed step with the kind of the decision or procedure that makes it (kind_of its printed id): the table the
# pages, the log's headings and the tests read.
STEPS = [{k: v for k, v in st.items() if k != "printed"} | ({"kind": kind_of(st["printed"])} if "printed" in st else {})
         for st in steps.STEPS]


@dataclass(frozen=True, eq=False)
class Printed(Step):
    """A step of the printed sequence: where the pages and the log place it (4.1-4.5)."""
    phase: str = ""
    segment: int | None = None
    section: str | None = None


def _printed(n: int, st: dict[str, Any]) -> Printed:
    first = st["segment"] is not None and (n == 0 or STEPS[n - 1]["segment"] != st["segment"])
    return Printed(st["kind"], ALL if st["kind"] in STATES else None, st["title"], st["rule"], gate=first,
                   phase=st["phase"], segment=st["segment"], section=st["section"])


# The walker's Game-Turn: STEPS as Steps, the first section of each Execution Segment gated for the umpire.
TURN: tuple[Printed, ...] = tuple(_printed(n, st) for n, st in enumerate(STEPS))


def current(state: State) -> dict[str, Any]:
    return STEPS[steps.index(state)]


def current_kind(view: dict[str, Any]) -> str | None:
    """The decision kind of the step a view shows (by its segment and section letter), or None."""
    for st in STEPS:
        if st["segment"] is not None and st["segment"] == view.get("segment") and st["section"] == view.get("section"):
            return st["kind"]
    return None


def plot_phase(state: State) -> int:
    return 1 if current(state)["phase"] in ("plot1", "exec1") else 2


# ---------------------------------------------------------------- who decides

def deciders(state: State) -> list[str]:
    """The sides with a decision at the current step (empty: the step runs by itself, or the umpire holds it), as
    its record says now (the engine walker's `acting` at an `ALL` step that keeps no `sides`). Some kinds prompt both
    sides every time, whether or not a side has a real choice, so that being prompted tells nobody anything about the
    other side's forces (architecture: Secrets); the kind's record says (states.py)."""
    kind = state["step"].get("kind")
    if state["outcome"] or kind not in STATES:
        return []
    return list(STATES[kind].deciders(state))


# ---------------------------------------------------------------- the procedures

def reveal_japanese(state: State, seg: int, rng) -> None:
    """A (day) / A (night): every force moves to its plotted hex (8.2), then Japan's forces are revealed (18.5)."""
    intel.clear(state)
    state["decisions"] = {"allied": None, "japanese": None}
    movement.move_all(state, seg)
    state["log"].append(entry("public", f"Segment {seg} ({'day' if is_day(seg) else 'night'})."))
    intel.reveal(state, "japanese", seg, is_day(seg), rng)


def reveal_american(state: State, seg: int, rng) -> None:
    """B (day) / B (night): the United States reveals under the Japanese Intelligence rules (19)."""
    intel.reveal(state, "allied", seg, is_day(seg), rng)


def start_of_turn(state: State, seg: Any, rng) -> None:
    intel.clear(state)
    state["intentions"] = None
    turn.reinforcement(state)


def air_attacks(state: State, seg: int, rng) -> None:
    expend_air_supply(state, seg)
    resolve_air_attacks(state, seg, rng)


def bombardment(state: State, seg: int, rng) -> None:
    resolve_naval_bombardment(state, seg, rng)
    movement.bombardment_done(state)


def landing(state: State, seg: int, rng) -> None:
    movement.land(state, seg)
    after_landing(state)


# The steps that run by themselves, by the printed id of their step (or the id the walker gives the steps it adds):
# (state, segment, rng). Every other step is a decision, whose record is in the states table (states.DECIDES); a step
# in neither is a failing test (test_states.py).
PROCEDURES: dict[str, Callable[[State, Any, Any], None]] = {
    "reinforcement": start_of_turn,
    "henderson": lambda state, seg, rng: turn.henderson_roll(state, rng),
    "truk_sortie": lambda state, seg, rng: turn.truk_sortie(state, rng),
    "american_supply": lambda state, seg, rng: supply_american_ground(state),
    "japan_reveals": reveal_japanese,
    "japan_reveals_m": reveal_japanese,
    "us_reveals": reveal_american,
    "us_reveals_m": reveal_american,
    "submarine_attacks": resolve_submarine_attacks,
    "air_attacks": air_attacks,
    "carrier_counterattacks": resolve_counterattacks,
    "surface_action": resolve_surface_actions,
    "bombardment": bombardment,
    "landing": landing,
    "air_transfer": lambda state, seg, rng: None,  # K: the transfers were resolved with the reset orders (J)
    "possession": lambda state, seg, rng: turn.possession(state),
    "end_of_turn": lambda state, seg, rng: turn.end_of_turn(state, rng),
}


def tag(state: State, first: int) -> None:
    """Sunk and crippled ships leave their task forces (units.sweep), and the log lines the step wrote are marked
    with the section they happened in (4.2), so that a page can show an execution stretch section by section, as it
    happened, and head each section in the log. The mark is the step's place in STEPS (the state stays small; views
    name it, see `section_title`): the printed section, public already; a side sees it only on lines it may read."""
    sweep(state)
    for line in state["log"][first:]:
        line.setdefault("at", steps.index(state))


def section_title(at: Any) -> Any:
    """The printed name of the section a log line's mark points to (tag)."""
    return STEPS[at]["title"] if isinstance(at, int) and 0 <= at < len(STEPS) else at


def _procedure(run: Callable[[State, Any, Any], None]) -> Callable[[State, Any], None]:
    """A procedure as the walker calls it (state, rng): carried out for the step's segment, then tagged."""
    def carry_out(state: State, rng) -> None:
        first = len(state["log"])
        run(state, current(state)["segment"], rng)
        tag(state, first)
    return carry_out


# ---------------------------------------------------------------- a decision

def settle(state: State, rng) -> bool:
    """At a decision step: the asked sides' standing orders answer for them (asking.stand_in); once every asked side's
    orders are in (at once when nobody is asked), the record carries them out together. True when it did."""
    here = current(state)
    sides = deciders(state)
    first = len(state["log"])
    asking.stand_in(state, here, sides)  # issue 11 item 4: standing orders submit for their side
    if sides and any(state["pending"][s] is None for s in sides):
        return False
    orders = {s: state["pending"][s] for s in board.SIDES if state["pending"][s] is not None}
    state["decisions"] = {"allied": orders.get("allied"), "japanese": orders.get("japanese")}
    STATES[here["kind"]].conclude(state, orders, sides, rng)
    state["pending"] = {"allied": None, "japanese": None}
    tag(state, first)
    return True


def enter_all(state: State, step: Step, rng) -> bool:
    """The walker enters a Solomons decision (an `ALL` step) as `settle` says: a step nobody is asked at is still
    carried out (its record concludes with no orders: the ground combat, the reset's retiring forces), and standing
    orders may answer every asked side at once. True when the walk stops there."""
    return not settle(state, rng)


def entered(state: State, step: Step) -> None:
    """The walk reaches a step: the state says where play stands (its phase, segment, section and day)."""
    state["phase"], state["segment"], state["section"] = step.phase, step.segment, step.section
    state["day"] = is_day(step.segment) if step.segment else True


def next_turn(state: State, rng) -> bool:
    """The Game-Turn is over: the next begins, or after the last the game ends (22)."""
    if state["turn"] >= board.TURNS:
        victory.finish(state)
        return False
    state["turn"] += 1
    state["log"].append(entry("public", f"Game-Turn {state['turn']} begins.") | {"at": 0})
    return True


SEQUENCE = Sequence(
    states=STATES, turn=lambda state: TURN, next_turn=next_turn,
    procedures={kind: _procedure(run) for kind, run in PROCEDURES.items()}, entered=entered, enter_all=enter_all,
    # the umpire releases each Execution Segment, or lets the Plot Execution Phase run (Guadalcanal 18)
    gate_key=lambda state, step: f"{state['turn']}-{step.phase}-{step.segment}",
    gate_span=lambda state: f"{state['turn']}-{state['phase']}")


# ---------------------------------------------------------------- the walk

def advance(state: State, rng) -> None:
    """An order (or a standing order) is in: once the decision has every asked side's, carry it out and walk on until
    a side (or, in an umpired game, the umpire) must decide or the game is over."""
    if not state["outcome"] and state["step"].get("kind") in STATES and settle(state, rng) and not state["outcome"]:
        SEQUENCE.advance(state, rng)


def enter(state: State, n: int, rng) -> None:
    """Walk from step `n` of the Game-Turn as if the walk had just reached it (a position set up by hand: a
    tutorial's example)."""
    state["step"] = {"part": "turn", "index": n - 1, "kind": None, "side": None}
    SEQUENCE.advance(state, rng)


def stand_at(state: State, n: int) -> None:
    """Place the walk at step `n` without carrying anything out (a believed state rebuilt from a view)."""
    state["step"] = {"part": "turn", "index": n, "kind": TURN[n].kind, "side": None}
