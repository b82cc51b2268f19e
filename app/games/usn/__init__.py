"""U.S.N. (SPI 1971): the Pacific War, December 1941 to June 1943, on a numbered hex grid with weekly Game-Turns.

The map grid (`grid`), the calendar (`calendar`), the tables (`gamedata`) and the Coral Sea mini-game's rules
(`rules`). See docs/games/usn.md.
"""
from app.games.usn.rules import rules

__all__ = ["rules"]
