"""One door for every submission: the checks of the current decision kind (raise IllegalAction, change nothing).
The page's live check of a half-made order (web routes) runs the same judgement as a submission: the shape of the
order (MalformedAction), then the rules of the kind's record (states.py)."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.games.solomons.decision import submit
from app.games.solomons.states import STATES

State = dict[str, Any]


def check(state: State, side: str, kind: str, args: dict[str, Any]) -> None:
    if kind not in STATES:
        raise IllegalAction("Nothing to decide now.", None)
    STATES[kind].judge(state, side, submit(args))
