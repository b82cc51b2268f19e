"""Solomons Campaign in the browser: the map with what a side knows, the boards its orders are given on, and the
form parser that turns those boards back into the one order the rules take, {"verb": "submit", "args": {...}}.

Everything drawn comes from `view(state, role)` and the game's printed (public) data: the map graph, the counters'
values and the charts. `plugin` declares the parts (app/web/plugin.py); the registry names this module.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from app.games.solomons import board
from app.games.solomons.board_view import MISSIONS, SIDE_LABEL, place_label
from app.games.solomons.boards import panels
from app.games.solomons.boards.common import unit_info
from app.games.solomons.boards.panels import in_port, reinforcement_chart, tracks
from app.games.solomons.boards.plot_chart import plot_model
from app.games.solomons.boards.prompt_boards import (air_model, allocation_model, intentions_model, placement_model,
                                                     reset_model, training_model)
from app.games.solomons.boards.standing_orders import air_orders, standing_panel
from app.paths import ROOT
from app.play.records import result_words
from app.web.board import register_layer
from app.web.games.solomons.form_parser import PARSERS, parse_form
from app.web.games.solomons.routes import old_addresses, router
from app.web.plugin import WebPlugin

__all__ = ["board_model", "parse_form", "plugin", "router"]


@lru_cache(maxsize=1)
def drawing() -> str:
    """The committed map's drawing: the GSHHS coastlines, the lettered hexes, the zones and the off-map bases (some
    80 KiB that never change), drawn by tools/make_solomons_map.py in the map units the board uses."""
    text = (ROOT / "static" / "solomons" / "map.svg").read_text()
    return text[text.index("</desc>") + len("</desc>"):text.rindex("</svg>")]


def basemap(layer: dict[str, Any]) -> str:
    """The Solomons' own layer under the counters (the board's "solomons-basemap", board_view.py)."""
    return drawing()


register_layer("solomons-basemap", basemap)


def board_model(view: dict[str, Any]) -> dict[str, Any]:
    """The panels beside the map (boards/panels.py), with the result in the platform's words."""
    return panels.board_model(view, result_words(SIDE_LABEL.get, view.get("outcome")))


# What the Solomons templates call as `sol.<name>`: models built from the view, the prompt and the printed data.
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
