"""Pacific War 1942: Solitaire (issue 6): the Allied player against the Japanese BOT.

`rules` satisfies app.engine.contract.Rules. The procedures live in their own modules: data (the TOML tables),
board (positions, DRMs, Victory Calculation), attacks (land and sea attacks, reserve re-rolls), allied (the AP
roll and actions), bot (the Japanese Action Chart), views (what the page shows) and game (the sequence of play).
"""
from app.games.pacific_war_1942.game import rules

__all__ = ["rules"]
