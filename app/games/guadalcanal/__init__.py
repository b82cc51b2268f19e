"""Guadalcanal (Avalon Hill, 1992): the Basic Game's sequence of play and Action Phase (issue 14 part 1).

The Combat Phase (rule 4) is the combat package's (combat/, branch gcalcombat); docs/games/guadalcanal.md says how
the two meet.
"""
from app.games.guadalcanal.rules import rules

__all__ = ["rules"]
