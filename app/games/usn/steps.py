"""The Detailed Sequence of Play as the steps the engine's walker follows (app/engine/sequence.py; the walk itself is
sequence.py): the sixteen steps of a Game-Turn, each a decision kind (a record of the states table in rules.py) or an
automatic procedure (rules.PROCEDURES), with the side that acts, and the steps before Game-Turn 1 (the pregame):

- a mini-game's set-up: both sides deploy their air points, Japan first (How To Use the Situation & Order of Battle);
- a campaign's set-up decisions, each due under its option (their steps in setup_due.py);
- Campaign Games 1 and 3, Shock Effect: the Pre-Game-Turn's two Japanese naval movement phases (shock.py).

Which of them a game's pregame holds is the walk's to say (sequence.pregame).

Only 5(E)/9(E), the air mission allocation, is decided by both sides at once and in secret (the walker's ALL step);
every other decision is one side's. A step's rule is its printed step ("Detailed Sequence of Play, Step 5"); the
procedures that ask which step is under way (shock.py, the strikes) read it here, below the walker."""
from __future__ import annotations

from typing import Any

from app.engine.sequence import ALL, Step
from app.games.usn import setup_due

State = dict[str, Any]
BOTH = "both"  # the allocation's side as the view names it
SEQUENCE_RULE = "Detailed Sequence of Play"
SET_UP_RULE = setup_due.RULE
SHOCK_RULE = "Campaign Game 1, Shock Effect"


def _step(printed: str, kind: str, who: str | None, title: str) -> Step:
    return Step(kind, who, title, f"{SEQUENCE_RULE}, Step {printed}")


PREGAME: tuple[Step, ...] = (
    Step("deploy", "japanese", "Japanese deployment of air points", SET_UP_RULE),
    Step("deploy", "allied", "Allied deployment of air points", SET_UP_RULE),
)
TURN: tuple[Step, ...] = (
    _step("1", "reinforce", None, "Step 1: reinforcements, replacements, repaired ships"),
    _step("2", "naval", "japanese", "Step 2: Japanese Air and Sea Movement Phase"),
    _step("3", "land_move", "allied", "Step 3: Allied Land Movement Phase"),
    _step("4", "naval", "allied", "Step 4: Allied Air and Sea Movement Phase"),
    _step("5", "land_attack", "allied", "Step 5 (A)-(C): Allied landings and land attacks"),
    _step("5", "examine", None, "Step 5 (D): examination of naval stacks in air range"),
    _step("5", "allocation", ALL, "Step 5 (E): secret simultaneous air mission allocation"),
    _step("5", "strikes", None, "Step 5 (F)-(L): air strikes, land combat, air units return"),
    _step("6", "naval", "allied", "Step 6: Allied Air and Sea Movement Phase"),
    _step("7", "land_move", "japanese", "Step 7: Japanese Land Movement Phase"),
    _step("8", "naval", "japanese", "Step 8: Japanese Air and Sea Movement Phase"),
    _step("9", "land_attack", "japanese", "Step 9 (A)-(C): Japanese landings and land attacks"),
    _step("9", "examine", None, "Step 9 (D): examination of naval stacks in air range"),
    _step("9", "allocation", ALL, "Step 9 (E): secret simultaneous air mission allocation"),
    _step("9", "strikes", None, "Step 9 (F)-(L): air strikes, land combat, air units return"),
    _step("10", "records", None, "Step 10: Turn Record, fuel and damage records"),
)
# Campaign Games 1 and 3, Shock Effect: "Before the Game actually begins, the Japanese Player may move his Naval units
# for one full Game-Turn (two Movement Phases)": the Pre-Game-Turn, before Step 1 of Game-Turn 1 (shock.py)
SHOCK: tuple[Step, ...] = (
    Step("naval", "japanese", "Shock Effect: Pre-Game-Turn, first Japanese naval movement phase", SHOCK_RULE),
    Step("naval", "japanese", "Shock Effect: Pre-Game-Turn, second Japanese naval movement phase", SHOCK_RULE),
)


def printed(step: Step) -> str:
    """The printed step a step belongs to: "1" ... "10", "Set-up" or "Pre-Game-Turn"."""
    if step.rule.startswith(SEQUENCE_RULE):
        return step.rule.rsplit(" ", 1)[1]
    return "Pre-Game-Turn" if step.rule == SHOCK_RULE else "Set-up"


def side(step: Step) -> str:
    """The side a step names as the view shows it: a side, "both" (the allocation) or "" (a procedure)."""
    return BOTH if step.who == ALL else step.who or ""


def printed_now(state: State) -> str:
    """The printed step of the Game-Turn under way ("1" ... "10"), "" before Game-Turn 1 (the pregame)."""
    at = state["step"]
    return printed(TURN[at["index"]]) if at.get("part") == "turn" and 0 <= at.get("index", -1) < len(TURN) else ""


def position(index: int) -> dict[str, Any]:
    """The walk's place at the Game-Turn's step `index`, as the walker enters it (a test's or a tutorial's
    position): a side's decision waits on that side, the allocation on both."""
    step = TURN[index]
    at: dict[str, Any] = {"part": "turn", "index": index, "kind": step.kind, "side": None}
    if step.who == ALL:
        at.update(sides=["japanese", "allied"], **{"in": {}})
    elif step.who is not None:
        at["side"] = step.who
    return at
