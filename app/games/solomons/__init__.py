"""Solomons Campaign (SPI 1972). The registry imports `rules` from here (app/games/__init__.py)."""
from app.games.solomons.report import report
from app.games.solomons.rules import rules

rules.report = report  # the after-action report's figures (optional member of the rules contract)

__all__ = ["rules"]
