"""The sequence of play as printed (4.1-4.5) and the steps the walker adds, in order: each step's phase, segment,
section letter (4.2) or step id, rule and title. Below the records that decide some of them: a step names its printed
id (`printed`); the walker (sequence.py) reads which record decides it (states.DECIDES), and a record's prompt reads
here the title and rule of the step it is asked at."""
from __future__ import annotations

from typing import Any

from app.games.solomons import board

State = dict[str, Any]


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
                                  "printed": sec["id"], "rule": sec["rule"],
                                  "title": f"Segment {seg}, {sec['letter']}. {sec['name']} ({sec['rule']})"})
            continue
        for st in plot_phase_steps(list(phase.get("steps", []))):
            steps.append({"phase": phase["id"], "segment": None, "section": st["id"],
                          "printed": st["id"], "rule": st["rule"],
                          "title": f"{phase['name']}: {st['name']} ({st['rule']})"})
        if phase["id"] == "ground":
            steps.append({"phase": "ground", "segment": None, "section": "possession", "kind": "possession",
                          "rule": "12.5", "title": "Ground Combat Phase: possession of Henderson Field (12.5)"})
    steps.append({"phase": "end", "segment": None, "section": "end", "kind": "end_of_turn", "rule": "8.9",
                  "title": "End of the Game-Turn: every unit in port, refit and repair (8.9, 8.8)"})
    return steps


STEPS = build_steps()


def index(state: State) -> int:
    """The place in STEPS of the step the game is at (the walker's state["step"], app/engine/sequence.py)."""
    return state["step"]["index"]


def at(state: State) -> dict[str, Any]:
    """The step the game is at (without the kind of decision, which the walker's table adds)."""
    return STEPS[index(state)]
