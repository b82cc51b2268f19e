"""First Blood in the browser: its own board page (the map with each hex's terrain, the turn track and the boxes off
the map as a second board) and a prompt template that adds two helps to the generic forms: the hexes a chosen unit
may reach with their cost (movement, §6) and the odds of an attack before it is declared (§7.6, the `/odds`
fragment). Everything is drawn from the view and the prompt; the forms post the generic fields, so it declares no
form parsers."""
from __future__ import annotations

from app.paths import ROOT
from app.web.games.first_blood.routes import router
from app.web.plugin import WebPlugin

plugin = WebPlugin(id="first_blood", templates=ROOT / "templates" / "games" / "first_blood", board="board.html",
                   prompt="prompt.html", static=ROOT / "static" / "first_blood", router=router)
