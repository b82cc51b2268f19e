"""One door for every submission: the checks of each decision kind (raise IllegalAction, change nothing)."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.games.solomons import air_orders, allocation, ground_orders, movement, plot, turn
from app.games.solomons.sequence import current, plot_phase

State = dict[str, Any]


def check(state: State, side: str, kind: str, args: dict[str, Any]) -> None:
    if kind == "cag_training":
        turn.check_training(state, side, args)
    elif kind == "allocation":
        allocation.check(state, side, args)
    elif kind == "intelligence":
        plot.check(state, side, args, plot_phase(state))
    elif kind == "movement_plot":
        plot.check(state, side, args, plot_phase(state))
        if side == "japanese" and state["intentions"]:
            # 8.6: the plot may not break the intentions announced from it
            answers = plot.intentions(state, args.get("plots", {}), plot_phase(state))
            if answers != state["intentions"]["answers"]:
                raise IllegalAction("This plot does not match the intentions you announced (American "
                                    "Intelligence); keep to them.", "8.6")
    elif kind == "air":
        air_orders.check_allocation(state, side, args, current(state)["segment"])
    elif kind == "reset":
        movement.check_reset(state, side, args)
    elif kind == "ground":
        ground_orders.check(state, side, args)
    else:
        raise IllegalAction("Nothing to decide now.", None)
