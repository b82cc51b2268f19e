"""Pacific War 1942: Solitaire (issue 6): the Allied player against the Japanese BOT.

Its layers, bottom up (the import contract "Pacific War 1942: ..." in .importlinter): data (the TOML tables), orders
(the verbs) and board (positions, DRMs, Victory Calculation); the rule procedures: attacks (land and sea attacks,
reserve re-rolls), allied (the AP roll and the actions), japanese (the BOT's Action Chart), victory (How to Win);
the records and the sequence: states (the decisions), sequence (the steps the engine walks), game (the contract); then
views, report and tutorials. `spec` is the game's declaration (app/engine/spec.py).
"""
from app.engine.log import turn_headings
from app.engine.spec import GameSpec, Rulebook
from app.games.pacific_war_1942.game import rules

spec = GameSpec(
    meta=rules.meta, setup=rules.setup, prompts=rules.prompts, apply=rules.apply, view=rules.view,
    outcome=rules.outcome, rulebook=Rulebook("pacific_war_1942", "Pacific War 1942: Solitaire",
                                             "pacific-war-1942-solitaire.txt", cases="named"),
    random_action=rules.random_action, default_action=rules.default_action, phase=rules.phase, check=rules.check,
    report=rules.report, states=rules.states, reveals=rules.reveals,
    # "Turn 1 (January 1942): ..." opens the game, "Turn 2 begins (...)" every later turn
    turn_heading=turn_headings(r"^Turn (\d+)(?: begins\b| \()", "Turn {}"))

__all__ = ["rules", "spec"]
