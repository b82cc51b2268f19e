"""Guadalcanal in the browser: its own board page (the searchboard, the Operations Cards, the Battleboard; the
umpire's side-by-side boards) and a prompt template that draws the Assembly and Ready Steps on the Operations Card
and lets a flight's route be clicked on the searchboard. Everything is drawn from the view (the boards are described
as data in app/games/guadalcanal/views.py); the forms post the generic fields, so it declares no form parsers."""
from __future__ import annotations

from app.paths import ROOT
from app.web.plugin import WebPlugin

plugin = WebPlugin(id="guadalcanal", templates=ROOT / "templates" / "games" / "guadalcanal", board="board.html",
                   prompt="prompt.html", static=ROOT / "static" / "guadalcanal")
