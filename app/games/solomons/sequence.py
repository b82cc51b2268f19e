"""The sequence of play (4.1-4.5) as a table the walker steps through, one Game-Turn after another.

Each step names its phase, segment, section letter (as printed in 4.2) and either an automatic procedure or a
secret simultaneous decision. The walker runs automatic steps until it reaches a decision some side must make;
a decision is resolved once every side that has one has submitted (a side may resubmit until then).
"""
from __future__ import annotations

from typing import Any

from app.engine.log import entry
from app.games.solomons import (air_orders, allocation, asking, board, ground_orders, intel, intentions, movement,
                                placement, plot, turn, victory)
# Imported by name, so that a renamed or missing combat procedure is an import error, never a silent no-op.
from app.games.solomons.combat.air import resolve_air_attacks, resolve_counterattacks
from app.games.solomons.combat.bombardment import resolve_naval_bombardment
from app.games.solomons.combat.ground import resolve_ground_combat
from app.games.solomons.combat.submarine import resolve_attacks as resolve_submarine_attacks
from app.games.solomons.combat.supply import after_landing, expend_air_supply, supply_american_ground
from app.games.solomons.combat.surface import resolve_surface_actions
from app.games.solomons.units import sweep

State = dict[str, Any]

# The printed sequence (tables.phases / tables.sections, from data/sequence.toml) names each step; this maps
# those ids to the procedure (automatic) or the decision (a secret submission) that carries it out.
KIND = {
    "preliminary_setup": "placement", "reinforcement": "reinforcement", "cag_training": "cag_training",
    "truk_sortie": "truk_sortie", "american_intelligence": "intelligence", "task_force_allocation": "allocation",
    "movement_plot": "movement_plot", "ground_combat": "ground",
    "japan_reveals": "reveal_japanese", "us_reveals": "reveal_american", "japan_reveals_m": "reveal_japanese",
    "us_reveals_m": "reveal_american", "submarine_attacks": "submarines", "air_allocation": "air",
    "air_attacks": "air_attacks", "carrier_counterattacks": "counterattacks", "surface_action": "surface",
    "bombardment": "bombardment", "landing": "landing", "reset": "reset", "air_transfer": "transfers_done",
}
DECISIONS = {"placement", "cag_training", "allocation", "intelligence", "movement_plot", "air", "reset", "ground"}


def is_day(segment: int) -> bool:
    """4.2, 4.5: day and night alternate, day first in each Plot Execution Phase (tables.is_day)."""
    return board.is_day(segment)


def plot_phase_steps(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Two steps the printed Plot Phase implies without listing (docs/games/solomons.md): the Henderson Field roll
    "at the start of every Game-Turn before movement" (10.5) after Reinforcement, and the American supply "before
    writing the American plot" (16.11) before the Movement Plot. Everything else is in its printed order (4.1,
    4.4): base moves, then Reinforcement and the Truk roll; the Intentions before Task Force Allocation."""
    out = []
    for st in steps:
        if st["id"] == "movement_plot" and any(x["id"] == "reinforcement" for x in steps):
            out.append({"id": "american_supply", "name": "American ground supply", "rule": "16.11"})
        out.append(st)
        if st["id"] == "reinforcement":
            out.append({"id": "henderson", "name": "Henderson Field completion roll", "rule": "10.5"})
    return out


def build_steps() -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = []
    for phase in board.phases():
        if phase.get("segments"):
            for seg in phase["segments"]:
                for sec in board.sections("day" if is_day(seg) else "night"):
                    steps.append({"phase": phase["id"], "segment": seg, "section": sec["letter"],
                                  "kind": KIND[sec["id"]], "rule": sec["rule"],
                                  "title": f"Segment {seg}, {sec['letter']}. {sec['name']} ({sec['rule']})"})
            continue
        for st in plot_phase_steps(list(phase.get("steps", []))):
            steps.append({"phase": phase["id"], "segment": None, "section": st["id"],
                          "kind": KIND.get(st["id"], st["id"]), "rule": st["rule"],
                          "title": f"{phase['name']}: {st['name']} ({st['rule']})"})
        if phase["id"] == "ground":
            steps.append({"phase": "ground", "segment": None, "section": "possession", "kind": "possession",
                          "rule": "12.5", "title": "Ground Combat Phase: possession of Henderson Field (12.5)"})
    steps.append({"phase": "end", "segment": None, "section": "end", "kind": "end_of_turn", "rule": "8.9",
                  "title": "End of the Game-Turn: every unit in port, refit and repair (8.9, 8.8)"})
    return steps


STEPS = build_steps()


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
    """The sides with a decision at the current step (empty: the step runs by itself)."""
    step = current(state)
    kind = step["kind"]
    if state["outcome"] or kind not in DECISIONS:
        return []
    # These secret decisions prompt both sides every time, whether or not a side has a real choice, so that being
    # prompted (or waiting) tells nobody anything about the other side's forces (architecture: Secrets).
    if kind in ("allocation", "movement_plot"):
        return list(board.SIDES)
    if kind == "cag_training":  # issue 11 item 4; 6.21, 10.4: only a side with a carrier that can train is asked
        return [s for s in board.SIDES if asking.training_choice(state, s)]
    # Issue 11 item 4: a side with nothing to decide in an air allocation or a reset section is not asked; the
    # other side may notice that it answered at once, as at the table, and sees "submitted or nothing to decide".
    if kind == "air":
        return [s for s in board.SIDES if asking.air_choice(state, s, step["segment"])]
    if kind == "reset":
        return [s for s in board.SIDES if asking.reset_choice(state, s, is_day(step["segment"]))]
    if kind == "placement":  # 5.14, 5.15: only a side with a ship ready in port has a base move to make
        return [s for s in board.SIDES if placement.has_choice(state, s)]
    if kind == "intelligence":
        return ["japanese"]
    if kind == "ground":
        return ground_orders.attackers(state)  # public: points and supply on Guadalcanal are on the map
    return []


# ---------------------------------------------------------------- the umpire (Guadalcanal 18)

def umpired(state: State) -> bool:
    return bool((state.get("options") or {}).get("umpired"))


def segment_key(state: State) -> str:
    return f"{state['turn']}-{current(state)['phase']}-{current(state)['segment']}"


def phase_key(state: State) -> str:
    return f"{state['turn']}-{current(state)['phase']}"


def umpire_due(state: State) -> bool:
    """Whether the umpire must release the Execution Segment about to start (Guadalcanal 18, made general): in
    an umpired game, before the first section of every segment, unless the umpire let this Plot Execution Phase
    run. Both sides' plots are in by then: the segment's first section is automatic (4.2 A)."""
    if state["outcome"] or not umpired(state):
        return False
    step = current(state)
    if step["segment"] is None or (state["step"] > 0 and STEPS[state["step"] - 1]["segment"] == step["segment"]):
        return False
    gate = state.get("umpire") or {}
    return gate.get("run") != phase_key(state) and gate.get("go") != segment_key(state)


def release(state: State, run: bool) -> None:
    """The umpire lets the waiting segment run, or every segment left in this Plot Execution Phase."""
    gate = state.setdefault("umpire", {"run": None, "go": None})
    gate["go"] = segment_key(state)
    if run:
        gate["run"] = phase_key(state)


# ---------------------------------------------------------------- the walker

def advance(state: State, rng) -> None:
    """Run the sequence until a side (or, in an umpired game, the umpire) must decide or the game is over."""
    while not state["outcome"]:
        step = current(state)
        state["phase"], state["segment"], state["section"] = step["phase"], step["segment"], step["section"]
        state["day"] = is_day(step["segment"]) if step["segment"] else True
        if umpire_due(state):
            return
        first_line = len(state["log"])
        if step["kind"] in DECISIONS:
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


def run(state: State, step: dict[str, Any], rng) -> None:
    kind, seg = step["kind"], step["segment"]
    if kind == "reinforcement":
        intel.clear(state)
        state["intentions"] = None
        turn.reinforcement(state)
    elif kind == "henderson":
        turn.henderson_roll(state, rng)
    elif kind == "truk_sortie":
        turn.truk_sortie(state, rng)
    elif kind == "american_supply":
        supply_american_ground(state)
    elif kind == "reveal_japanese":
        intel.clear(state)
        state["decisions"] = {"allied": None, "japanese": None}
        movement.move_all(state, seg)
        state["log"].append(entry("public", f"Segment {seg} ({'day' if is_day(seg) else 'night'})."))
        intel.reveal(state, "japanese", seg, is_day(seg), rng)
    elif kind == "reveal_american":
        intel.reveal(state, "allied", seg, is_day(seg), rng)
    elif kind == "submarines":
        resolve_submarine_attacks(state, seg, rng)
    elif kind == "air_attacks":
        expend_air_supply(state, seg)
        resolve_air_attacks(state, seg, rng)
    elif kind == "counterattacks":
        resolve_counterattacks(state, seg, rng)
    elif kind == "surface":
        resolve_surface_actions(state, seg, rng)
    elif kind == "bombardment":
        resolve_naval_bombardment(state, seg, rng)
        movement.bombardment_done(state)
    elif kind == "landing":
        movement.land(state, seg)
        after_landing(state)
    elif kind == "transfers_done":
        pass  # K: the transfers were resolved with the reset orders (see resolve)
    elif kind == "possession":
        turn.possession(state)
    elif kind == "end_of_turn":
        turn.end_of_turn(state, rng)


def resolve(state: State, step: dict[str, Any], sides: list[str], rng) -> None:
    kind, seg = step["kind"], step["segment"]
    orders = {s: state["pending"][s] for s in board.SIDES if state["pending"][s] is not None}
    state["decisions"] = {"allied": orders.get("allied"), "japanese": orders.get("japanese")}
    if kind == "placement":
        for s in sides:
            placement.resolve(state, s, orders[s])
    elif kind == "cag_training":
        for s in sides:
            turn.resolve_training(state, s, orders[s])
    elif kind == "allocation":
        for s in sides:
            allocation.resolve(state, s, orders[s])
    elif kind == "intelligence":
        announce_intentions(state, orders.get("japanese") or {"answers": {}})
    elif kind == "movement_plot":
        phase = plot_phase(state)
        for s in board.SIDES:
            plot.resolve(state, s, orders.get(s) or {"plots": {}}, phase)
        plot.anti_slot_courses(state, phase)
        state["log"].append(entry("public", f"Both Movement Plots for Plot Execution Phase {phase} are written."))
    elif kind == "air":
        for s in sides:
            state["decisions"][s] = air_orders.record(state, s, orders[s], seg)
            show_cap(state, s, state["decisions"][s])
    elif kind == "reset":
        for s in sides:
            if orders[s].get("standing") is not None:  # issue 11 item 4: "don't ask me about air transfers"
                asking.set_standing(state, s, orders[s]["standing"])
            movement.resolve_reset(state, s, orders[s], seg)
            if is_day(seg):
                air_orders.resolve_transfers(state, s, orders[s].get("transfers") or [])
        for s in board.SIDES:
            movement.rewrite_retiring(state, s, seg)
    elif kind == "ground":
        resolve_ground_combat(state, rng)


def announce_intentions(state: State, japanese: dict[str, Any]) -> None:
    """18.1-18.4: the answers Japan gives before Task Force Allocation (4.1, 4.4); 8.6 holds its plot to them."""
    phase = plot_phase(state)
    questions = intentions.no_to_all() | (japanese.get("answers") or {})
    answers = intentions.expand(questions)
    text = intentions.text(answers, phase)
    state["intentions"] = {"phase": phase, "answers": answers, "questions": questions, "text": text}
    state["log"].append(entry("allied", text))
    state["log"].append(entry("japanese", "Your intentions are announced: " + text))


def show_cap(state: State, side: str, decision: dict[str, Any]) -> None:
    """6.22: the enemy sees CAP as face-down counters (blanks included) over the hex or with the revealed force."""
    enemy = board.ENEMY[side]
    for m in decision["missions"]:
        if m["mission"] == "cap_area":
            state["cap_shown"][enemy].append({"hex": m["hex"], "group": None, "counters": m.get("counters", 1)})
        elif m["mission"] == "cap_point":
            mid = state["task_forces"][m["source"]].get("marker", {}).get(enemy)
            if mid and mid in state["markers"][enemy]:
                state["cap_shown"][enemy].append({"hex": m["hex"], "group": mid, "counters": m.get("counters", 1)})
