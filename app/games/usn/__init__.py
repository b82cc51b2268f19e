"""U.S.N. (SPI 1971): the Pacific War, December 1941 to June 1943, on a numbered hex grid with weekly Game-Turns.

The map grid (`grid`), the calendar (`calendar`), the tables (`gamedata`), the mini-games' and campaigns' rules
(`rules`) and the game's declaration (`spec`, app/engine/spec.py). See docs/games/usn.md.
"""
from app.engine.log import turn_headings
from app.engine.spec import GameSpec, Rulebook
from app.games.usn.rules import rules
from app.games.usn.strong_bot import LEVELS

spec = GameSpec(
    meta=rules.meta, setup=rules.setup, prompts=rules.prompts, apply=rules.apply, view=rules.view,
    outcome=rules.outcome, rulebook=Rulebook("usn", "U.S.N. (SPI, 1971)", "usn-spi-1971.txt", cases="named"),
    random_action=rules.random_action, default_action=rules.default_action, perturb=rules.perturb,
    plant_canaries=rules.plant_canaries, phase=rules.phase, check=rules.check,
    bots=LEVELS,  # issue 36: "easy" (bots.py) and "strong" (strong_bot.py), the easiest first
    turn_heading=turn_headings(r"^Game-Turn (\d+), Step\b", "Game-Turn {}"), states=rules.states,
    option_sets=({"submarines": True}, {"midway_simulation": True}))

__all__ = ["rules", "spec"]
