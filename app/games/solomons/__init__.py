"""Solomons Campaign (SPI 1972). The registry imports `rules` from here (app/games/__init__.py)."""
from app.games.solomons.rules import rules

__all__ = ["rules"]
