"""Pacific War 1942: Solitaire (issue 6): the Allied player against the Japanese BOT.

The procedures live in their own modules: data (the TOML tables), board (positions, DRMs, Victory Calculation),
attacks (land and sea attacks, reserve re-rolls), allied (the AP roll and actions), bot (the Japanese Action Chart),
views (what the page shows) and game (the sequence of play). `spec` is the game's declaration (app/engine/spec.py).
"""
from app.engine.log import turn_headings
from app.engine.spec import GameSpec, Rulebook
from app.games.pacific_war_1942.game import rules

spec = GameSpec(
    meta=rules.meta, setup=rules.setup, prompts=rules.prompts, apply=rules.apply, view=rules.view,
    outcome=rules.outcome, rulebook=Rulebook("pacific_war_1942", "Pacific War 1942: Solitaire",
                                             "pacific-war-1942-solitaire.txt", cases="named"),
    random_action=rules.random_action, default_action=rules.default_action, phase=rules.phase, check=rules.check,
    report=rules.report, states=rules.states,
    # "Turn 1 (January 1942): ..." opens the game, "Turn 2 begins (...)" every later turn
    turn_heading=turn_headings(r"^Turn (\d+)(?: begins\b| \()", "Turn {}"))

__all__ = ["rules", "spec"]
