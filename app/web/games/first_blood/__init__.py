"""First Blood in the browser: its own board page (the map north up with each hex's terrain, a counter per stack,
the turn track and the boxes off the map as lists) and a prompt template that adds two helps to the generic forms:
the hexes a unit may reach with their cost (movement, §6) and the odds of an attack before it is declared (§7.6, the
`/odds` fragment). Everything is drawn from the view and the prompt; the forms post the generic fields, so it
declares no form parsers. The map's terrain never changes: it is a drawing of its own, registered as a layer."""
from __future__ import annotations

from app.games.first_blood.views import TERRAIN_LAYER, terrain_markup
from app.paths import ROOT
from app.web.board import register_layer
from app.web.games.first_blood.routes import router
from app.web.plugin import WebPlugin

register_layer(TERRAIN_LAYER, lambda layer: terrain_markup())
plugin = WebPlugin(id="first_blood", templates=ROOT / "templates" / "games" / "first_blood", board="board.html",
                   prompt="prompt.html", static=ROOT / "static" / "first_blood", router=router)
