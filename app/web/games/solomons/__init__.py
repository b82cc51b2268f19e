"""Solomons Campaign in the browser: the map with what a side knows, the boards its orders are given on, and the
form parser that turns those boards back into the one order the rules take, {"verb": "submit", "args": {...}}.

Everything drawn comes from `view(state, role)` and the game's printed (public) data: the map graph, the counters'
values and the charts. `plugin` declares the parts (app/web/plugin.py); the registry names this module.
"""
from __future__ import annotations

from app.games.solomons import board
from app.games.solomons.board_view import MISSIONS, place_label
from app.paths import ROOT
from app.web.games.solomons.common import unit_info
from app.web.games.solomons.form_parser import PARSERS, parse_form
from app.web.games.solomons.map_view import board_model, in_port, reinforcement_chart, tracks
from app.web.games.solomons.plot_chart import plot_model
from app.web.games.solomons.prompt_boards import (air_model, allocation_model, intentions_model, placement_model,
                                                  reset_model, training_model)
from app.web.games.solomons.routes import old_addresses, router
from app.web.games.solomons.standing_orders import air_orders, standing_panel
from app.web.plugin import WebPlugin

__all__ = ["parse_form", "plugin", "router"]

# What the Solomons templates call as `sol.<name>`: models built from the view and the printed data.
HELPERS = {
    "board_model": board_model, "in_port": in_port, "tracks": tracks,
    "reinforcement_chart": reinforcement_chart, "place_label": place_label,
    "allocation_model": allocation_model, "plot_model": plot_model, "air_model": air_model,
    "reset_model": reset_model, "training_model": training_model, "placement_model": placement_model,
    "intentions_model": intentions_model, "missions": MISSIONS,
    "is_day": board.is_day, "unit_info": unit_info, "air_orders": air_orders, "standing_panel": standing_panel,
}

plugin = WebPlugin(
    id="solomons",
    # Every board the Solomons prompt draws (by the form id its decision's record names) is read back by parse_form;
    # the umpire's plain orders (advance, run) use the generic forms.
    forms={board: parse_form for board in PARSERS},
    templates=ROOT / "templates" / "games" / "solomons", board="board.html", prompt="prompt.html",
    globals={"sol": HELPERS},
    static=ROOT / "static" / "solomons",
    router=router,
    old_addresses=old_addresses,
)
