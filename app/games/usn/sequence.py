"""The walk through the Detailed Sequence of Play on the engine's walker (app/engine/sequence.py), its steps in
steps.py: which steps come before Game-Turn 1 (the pregame), the decisions due inside a step (the interrupt: a
submarine engagement's, the Allied Player's Australian Reserves, a surface engagement's), the heading each step writes
in the log, and the next Game-Turn. The procedures carried out between decisions (Step 1, 5/9 (D), 5/9 (F)-(L),
Step 10, the end of a campaign's set-up) are rules.py's, which builds the walk (`walk`).

A side decides once in its step: its record's `needed` (`undecided`) is False once its order is given, so a step
whose order opened an engagement is done when the engagement is (rules._walking marks the order given)."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from app.engine.log import PUBLIC, clone, entry
from app.engine.sequence import Sequence, Step
from app.engine.states import StatesTable
from app.games.usn import (
    campaign_setup,
    campaigndata,
    setup_due,
    shock,
    special,
    steps,
    submarine,
    surface,
    variable_deployment,
)

State = dict[str, Any]


def pregame(state: State) -> tuple[Step, ...]:
    """The steps before Game-Turn 1: a mini-game's deployment of air points, or a campaign's set-up decisions (those
    its options call for) and the end of its set-up; then, in Campaign Games 1 and 3, the Shock Effect's
    Pre-Game-Turn."""
    if campaigndata.is_campaign(state):
        due = (setup_due.VARIABLE_DEPLOYMENT,) if variable_deployment.active(state) else ()
        due += setup_due.PLACEMENT if state.get("options", {}).get(campaign_setup.OPTION) else ()
        before = (*due, setup_due.OVER)
    else:
        before = steps.PREGAME
    return before + steps.SHOCK if shock.in_force(state) else before


def current(state: State) -> Step:
    """The step the walk stands at."""
    at = state["step"]
    return (pregame(state) if at.get("part") == "pregame" else steps.TURN)[at["index"]]


def row(state: State) -> tuple[str, str, str, str]:
    """The step the walk stands at as the view shows it: (printed step, kind, side, title)."""
    step = current(state)
    return steps.printed(step), step.kind, steps.side(step), step.title


def interrupt(state: State) -> str | None:
    """The decision due inside a step before anything else: inside a naval phase with engagements pending (Step 2
    (G)) the engagement's, or the Allied Player's Australian Reserves (special.py) when it is due."""
    if state.get("sub_attack"):  # Submarines (H): an engagement's decisions (submarine.py)
        return submarine.kind(state)
    if (state.get("reserves") or {}).get("due"):
        return special.RESERVES
    if state.get("surface"):
        return surface.kind(state)
    return None


def undecided(state: State, side: str) -> bool:
    """A side's decision of its step is still to be made (once given, the walk passes the step)."""
    return not state["step"].get("given")


def _heading(state: State, step: Step) -> None:
    """The step's heading in the log, which pages group the log by ("Game-Turn 3, Step 2: ..."); a campaign's set-up
    decisions announce themselves (campaign_setup.begin)."""
    if step.rule == setup_due.RULE and campaigndata.is_campaign(state):
        return
    at = step.title
    text = f"{at}." if state["step"].get("part") == "pregame" else f"Game-Turn {state['turn']}, {at}."
    state["log"].append(entry(PUBLIC, text, at=at))


def _next_turn(state: State, rng) -> bool:
    """After the pregame, the Game-Turn the game was set up for; after Step 10, the next (Step 10 has ended the game
    after the last one)."""
    if state["step"].get("part") != "pregame":
        state["turn"] += 1
    return True




def walk(states: StatesTable, procedures: Mapping[str, Callable[[State, Any], None]]) -> Sequence:
    return Sequence(states=states, turn=lambda state: steps.TURN, pregame=pregame, next_turn=_next_turn,
                    procedures=procedures, interrupt=interrupt, entered=_heading, clone=clone)
