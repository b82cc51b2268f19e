"""U.S.N. (SPI 1971): the Pacific War, December 1941 to June 1943, on a numbered hex grid with weekly Game-Turns.

Foundations only (issue 17): the map grid (`grid`), the calendar (`calendar`) and the tables (`gamedata`). The game
is not registered in app/games/__init__.py until its rules exist. See docs/games/usn.md.
"""
