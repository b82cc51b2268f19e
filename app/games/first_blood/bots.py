"""First Blood's computer players, one a side: each asks the record of the decision waited on for its answer at the
player's level (`Decision.bots`, answers in tactics.py), from its own view only. First Blood hides nothing on the
board (digest part 0), so the board is rebuilt from the view (`tactics.board_from_view`) and the record's own check
judges the answer there; where no answer comes, or the check would refuse it, the player sends the decision's random
legal order drawn from its own stream, and the missed-order default if even that fails."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.engine.spec import STANDARD
from app.games.first_blood import sequence
from app.games.first_blood.records import STATES
from app.games.first_blood.strong_bot import legal_answer, make_strong
from app.games.first_blood.tactics import board_from_view

View = dict[str, Any]
Bot = Callable[[View, dict[str, Any], Any], dict[str, Any]]


def make_bot(side: str, level: str = STANDARD) -> Bot:
    def bot(view: View, prompt: dict[str, Any], rng) -> dict[str, Any]:
        state = board_from_view(view, prompt)
        d = STATES[sequence.kind(state)]
        answer = d.bots.get(level)
        return legal_answer(d, state, side, lambda: answer(view, prompt, rng) if answer is not None else None, rng)
    bot.__name__ = f"first_blood_{side}_bot"
    return bot


EASY, STRONG = "easy", "strong"
EASY_BOTS: dict[str, Bot] = {side: make_bot(side) for side in ("ij", "us")}


def _strong_bots() -> dict[str, Bot]:
    return {side: make_strong(side, EASY_BOTS[side]) for side in ("ij", "us")}


STRONG_BOTS: dict[str, Bot] = _strong_bots()
# issue 36: the levels the lobby offers, easiest first (the easy player answers from the records' heuristics, the
# strong one searches over its beliefs with the easy player as its rollout policy, strong_bot.py)
BOT_LEVELS: dict[str, dict[str, Bot]] = {EASY: EASY_BOTS, STRONG: STRONG_BOTS}
BOTS = EASY_BOTS  # the easiest level, as the tools and tests that name one player read it
__all__ = ["BOTS", "BOT_LEVELS", "EASY", "STRONG", "board_from_view", "make_bot"]
