"""The sequence of play (4.1-4.5) as a table the walker steps through, one Game-Turn after another.

Each step names its phase, segment, section letter (as printed in 4.2) and either an automatic procedure or a
secret simultaneous decision. The walker runs automatic steps until it reaches a decision some side must make;
a decision is resolved once every side that has one has submitted (a side may resubmit until then).
"""
from __future__ import annotations

from typing import Any, Callable

from app.engine import umpire_gate
from app.engine.log import entry
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


# Each step with the kind of the decision or procedure that makes it (kind_of its printed id).
STEPS = [{k: v for k, v in st.items() if k != "printed"} | ({"kind": kind_of(st["printed"])} if "printed" in st else {})
         for st in steps.STEPS]


def current(state: State) -> dict[str, Any]:
    return STEPS[state["step"]]


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
    """The sides with a decision at the current step (empty: the step runs by itself). Some kinds prompt both sides
    every time, whether or not a side has a real choice, so that being prompted tells nobody anything about the
    other side's forces (architecture: Secrets); the kind's record says (states.py)."""
    kind = current(state)["kind"]
    if state["outcome"] or kind not in STATES:
        return []
    return list(STATES[kind].deciders(state))


# ---------------------------------------------------------------- the umpire (Guadalcanal 18)

def umpired(state: State) -> bool:
    return umpire_gate.umpired(state)


def segment_key(state: State) -> str:
    return f"{state['turn']}-{current(state)['phase']}-{current(state)['segment']}"


def phase_key(state: State) -> str:
    return f"{state['turn']}-{current(state)['phase']}"


def umpire_due(state: State) -> bool:
    """Whether the umpire must release the Execution Segment about to start (Guadalcanal 18, made general: the
    engine's umpire gate): in an umpired game, before the first section of every segment, unless the umpire let this
    Plot Execution Phase run. Both sides' plots are in by then: the segment's first section is automatic (4.2 A)."""
    if state["outcome"] or not umpired(state):
        return False
    step = current(state)
    if step["segment"] is None or (state["step"] > 0 and STEPS[state["step"] - 1]["segment"] == step["segment"]):
        return False
    if "umpire_gate" not in state and state.get("umpire"):  # a game saved before the gate: what it had released
        old = state["umpire"]
        return old.get("run") != phase_key(state) and old.get("go") != segment_key(state)
    return umpire_gate.must_release(state, segment_key(state), phase_key(state))


# ---------------------------------------------------------------- the walker

def advance(state: State, rng) -> None:
    """Run the sequence until a side (or, in an umpired game, the umpire) must decide or the game is over."""
    while not state["outcome"]:
        step = current(state)
        state["phase"], state["segment"], state["section"] = step["phase"], step["segment"], step["section"]
        state["day"] = is_day(step["segment"]) if step["segment"] else True
        if umpire_due(state):
            umpire_gate.hold(state, segment_key(state), phase_key(state), f"Segment {step['segment']}")
            return
        first_line = len(state["log"])
        if step["kind"] in STATES:
            sides = deciders(state)
            asking.stand_in(state, step, sides)  # issue 11 item 4: standing orders submit for their side
            if sides and any(state["pending"][s] is None for s in sides):
                return
            resolve(state, step, sides, rng)
            state["pending"] = {"allied": None, "japanese": None}
        else:
            run(state, step, rng)
        sweep(state)
        tag_lines(state, first_line)
        if state["outcome"]:
            return
        next_step(state)


def tag_lines(state: State, first: int) -> None:
    """Mark the log lines a step wrote with the section they happened in (4.2), so that a page can show an
    execution stretch section by section, as it happened, and head each section in the log. The mark is the
    step's place in STEPS (the state stays small; views name it, see `section_title`): the printed section,
    public already; a side sees it only on lines it may read."""
    for line in state["log"][first:]:
        line.setdefault("at", state["step"])


def section_title(at: Any) -> Any:
    """The printed name of the section a log line's mark points to (tag_lines)."""
    return STEPS[at]["title"] if isinstance(at, int) and 0 <= at < len(STEPS) else at


def next_step(state: State) -> None:
    if state["step"] + 1 < len(STEPS):
        state["step"] += 1
        return
    if state["turn"] >= board.TURNS:
        victory.finish(state)
        return
    state["turn"] += 1
    state["step"] = 0
    state["log"].append(entry("public", f"Game-Turn {state['turn']} begins.") | {"at": 0})


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


def run(state: State, step: dict[str, Any], rng) -> None:
    PROCEDURES[step["kind"]](state, step["segment"], rng)


def resolve(state: State, step: dict[str, Any], sides: list[str], rng) -> None:
    """Every prompted side's order is in: record the pair and let the kind's record carry it out."""
    orders = {s: state["pending"][s] for s in board.SIDES if state["pending"][s] is not None}
    state["decisions"] = {"allied": orders.get("allied"), "japanese": orders.get("japanese")}
    STATES[step["kind"]].conclude(state, orders, sides, rng)
