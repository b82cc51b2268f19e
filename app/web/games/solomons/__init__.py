"""Solomons Campaign in the browser: the map with what a side knows, the boards its orders are given on (their models
in app/games/solomons/boards), and the parser of the two boards whose fields are not named as the typed orders.

Everything drawn comes from `view(state, role)` and the game's printed (public) data: the map graph, the counters'
values and the charts. `plugin` declares the parts (app/web/plugin.py); the registry names this module.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from app.games.solomons.board_view import SIDE_LABEL
from app.games.solomons.boards import HELPERS, panels
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


plugin = WebPlugin(
    id="solomons",
    # The Task Force Composition Board and the Plotting Chart are read back by parse_form; every other board names
    # its fields as the typed orders, read by the generic parser and tidied by the record (and the umpire's orders).
    forms={board: parse_form for board in PARSERS},
    templates=ROOT / "templates" / "games" / "solomons", board="board.html", prompt="prompt.html", check="_check.html",
    globals={"sol": {**HELPERS, "board_model": board_model}},  # `sol.<name>`: boards/ models, the panels
    static=ROOT / "static" / "solomons",
    router=router,
    old_addresses=old_addresses,
)
