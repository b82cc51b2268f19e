"""The game-agnostic kernel: the rules contract, dice, errors and the test harness.

Nothing here does I/O, reads a clock or uses the global random module, and nothing here imports a game.
"""
from app.engine.contract import Action, GameMeta, Option, Outcome, Prompt, Role, Rules, Scenario, State
from app.engine.errors import DiceExhausted, IllegalAction
from app.engine.rng import HmacRng, Rng, ScriptedRng

__all__ = [
    "Action", "DiceExhausted", "GameMeta", "HmacRng", "IllegalAction", "Option", "Outcome", "Prompt", "Role", "Rng",
    "Rules", "Scenario", "ScriptedRng", "State",
]
