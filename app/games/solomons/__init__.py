"""Solomons Campaign (SPI 1972). The registry reads `spec` from here (app/games/__init__.py)."""
from app.engine.log import turn_headings
from app.engine.spec import GameSpec, Rulebook
from app.games.solomons.report import report
from app.games.solomons import victory
from app.games.solomons.rules import rules

spec = GameSpec(
    meta=rules.meta, setup=rules.setup, prompts=rules.prompts, apply=rules.apply, view=rules.view,
    outcome=rules.outcome, rulebook=Rulebook("solomons", "Solomons Campaign (SPI, 1972)",
                                             "solomons-campaign-spi-1972.txt",
                                             borrows={"Guadalcanal": "guadalcanal"}),  # its umpire is Guadalcanal 18's
    random_action=rules.random_action, default_action=rules.default_action, perturb=rules.perturb,
    plant_canaries=rules.plant_canaries, noticeable=rules.noticeable, phase=rules.phase, check=rules.check,
    tidied=rules.tidied, report=report, bots=rules.bot_levels,  # issue 19: "easy" and "strong", the easiest first
    turn_heading=turn_headings(r"^Game-Turn (\d+) begins\b", "Game-Turn {}"),
    option_sets=({"yamato": True, "musashi": True}, {"umpired": True, "fog_damage": True, "fog_intel": True}),
    # 22: the result is the ratio of the two VP scores alone, so VP bids apply (app/play/bidding.py)
    vp_result=lambda scenario, score: victory.result(score["japanese"], score["allied"]))

__all__ = ["rules", "spec"]
