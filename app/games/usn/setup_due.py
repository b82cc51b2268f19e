"""The queue of a campaign's set-up decisions still due, `state["setup_due"]` ([kind, side], campaign_setup.begin
fills it): the row the sequence shows for the first, and the step past one carried out. Kept below the set-up
decisions (campaign_setup.py, variable_deployment.py) and the sequence, which all walk it."""
from __future__ import annotations

from typing import Any

State = dict[str, Any]
ROWS = {("variable_deployment", "japanese"): ("Set-up", "variable_deployment", "japanese",
                                              "Japanese Variable Deployment of CL, DD, Oilers, Engineers"),
        ("campaign_setup", "japanese"): ("Set-up", "campaign_setup", "japanese",
                                         "Japanese set-up: the units placed where the Player desires"),
        ("campaign_setup", "allied"): ("Set-up", "campaign_setup", "allied",
                                       "Allied set-up: the units placed where the Player desires")}


def done(state: State, kind: str) -> None:
    """A set-up decision carried out: the next one is due, or (none left) play goes on to Step 1."""
    due = state.get("setup_due") or []
    if due and due[0][0] == kind:
        due.pop(0)
    if due:
        state["step"].update(kind=due[0][0], side=due[0][1])
    else:
        state.pop("setup_due", None)
        state.pop("set_up_places", None)


def row(state: State) -> tuple[str, str, str, str] | None:
    due = state.get("setup_due")
    return ROWS[(due[0][0], due[0][1])] if due else None
