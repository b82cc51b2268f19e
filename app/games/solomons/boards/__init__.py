"""What the Solomons boards list, from `view(state, role)`, the prompt (its typed orders and `info.choices`) and the
printed data: the choices each board offers, in the rules' words and order (the Plotting Chart's reachable places,
the standing orders that can apply to a force, the doctrine's kinds of ship and odds columns), and the panels beside
the map. Pure functions over plain data, no web: the plug-in (app/web/games/solomons) hands them to its templates
as `sol.<name>`.
"""
from __future__ import annotations

from app.games.solomons import board
from app.games.solomons.board_view import MISSIONS, place_label
from app.games.solomons.boards.common import unit_info
from app.games.solomons.boards.panels import in_port, reinforcement_chart, tracks
from app.games.solomons.boards.plot_chart import plot_model
from app.games.solomons.boards.prompt_boards import (air_model, allocation_model, intentions_model, placement_model,
                                                     reset_model, training_model)
from app.games.solomons.boards.standing_orders import air_orders, standing_note, standing_panel

# What the Solomons templates call as `sol.<name>` (the plug-in adds the panels' `board_model`, with the result).
HELPERS = {
    "in_port": in_port, "tracks": tracks, "reinforcement_chart": reinforcement_chart, "place_label": place_label,
    "allocation_model": allocation_model, "plot_model": plot_model, "air_model": air_model,
    "reset_model": reset_model, "training_model": training_model, "placement_model": placement_model,
    "intentions_model": intentions_model, "missions": MISSIONS,
    "is_day": board.is_day, "unit_info": unit_info, "air_orders": air_orders, "standing_panel": standing_panel,
    "standing_note": standing_note,
}
