"""One door for every submission: the checks of each decision kind (raise IllegalAction, change nothing)."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.games.solomons import air_orders, allocation, asking, ground_orders, intentions, movement, placement, plot, turn
from app.games.solomons.sequence import current, plot_phase

State = dict[str, Any]


def check(state: State, side: str, kind: str, args: dict[str, Any]) -> None:
    if kind == "placement":
        placement.check(state, side, args)
    elif kind == "cag_training":
        turn.check_training(state, side, args)
    elif kind == "allocation":
        allocation.check(state, side, args)
    elif kind == "intelligence":
        intentions.check(state, args)
    elif kind == "movement_plot":
        plot.check(state, side, args, plot_phase(state))
        if side == "japanese":
            intentions.check_plot(state, args.get("plots", {}), plot_phase(state))  # 8.6
    elif kind == "air":
        air_orders.check_allocation(state, side, args, current(state)["segment"])
    elif kind == "reset":
        movement.check_reset(state, side, args)
        if args.get("standing") is not None:
            asking.check_standing(args["standing"])
    elif kind == "ground":
        ground_orders.check(state, side, args)
    else:
        raise IllegalAction("Nothing to decide now.", None)
