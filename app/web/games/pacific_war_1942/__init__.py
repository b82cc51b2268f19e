"""Pacific War 1942 in the browser: its own board (the map, the fronts, the charts), drawn from the view only; its
orders use the generic forms built from each prompt's typed arguments, so it declares no form parsers, globals,
static files or routes."""
from __future__ import annotations

from app.paths import ROOT
from app.web.plugin import WebPlugin

plugin = WebPlugin(id="pacific_war_1942", templates=ROOT / "templates" / "games" / "pacific_war_1942",
                   board="board.html")
