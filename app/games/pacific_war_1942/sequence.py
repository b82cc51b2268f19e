"""The sequence of play (Sequence of Play Each Turn) as the steps the engine's walker follows (app/engine/sequence.py).

1. The Allied player rolls on the AP Chart: a procedure, since the rules give nothing to decide (the log shows the die).
2. The Allied player spends the AP: the "actions" decision, asked again until the AP are spent or the player ends.
3. The Japanese BOT rolls on its Action Chart and follows the row: a procedure; it holds while the player decides on
   a reserve re-roll of its attack.
4. The end of the turn (How to Win), then the turn track advances and a new turn begins (`next_turn`).

The re-roll decision (Allied Army Reserves) is the walk's interrupt: it comes before anything else whenever a land
attack's result waits on it, in the Allied actions or in the BOT's turn, and the step resumes after it.
"""
from __future__ import annotations

from typing import Any

from app.engine.rng import Rng
from app.engine.sequence import HOLD, Sequence, Step
from app.games.pacific_war_1942 import allied, japanese, victory
from app.games.pacific_war_1942.states import ACTIONS, ACTIONS_DECISION, STATES, reroll_due

State = dict[str, Any]
SEQUENCE_RULE = "Sequence of Play Each Turn"

TURN: tuple[Step, ...] = (
    Step("ap", None, "Action Points", SEQUENCE_RULE),
    Step(ACTIONS_DECISION.id, "allied", "Allied actions", ACTIONS),
    Step("japanese", None, "Japanese BOT action", ACTIONS),
    Step("end_of_turn", None, "End of turn", "How to Win"),
)


def _entered(state: State, step: Step) -> None:
    """The section the log's lines are written in from here on ("Japanese BOT action (Using Action Charts)")."""
    state["at"] = f"{step.title} ({step.rule})"


def _bot(state: State, rng: Rng) -> str | None:
    return HOLD if japanese.act(state, rng) else None


PROCEDURES = {"ap": allied.roll_ap, "japanese": _bot, "end_of_turn": victory.end_of_turn}

SEQUENCE = Sequence(states=STATES, turn=lambda state: TURN, next_turn=victory.next_turn, procedures=PROCEDURES,
                    interrupt=reroll_due, entered=_entered)
