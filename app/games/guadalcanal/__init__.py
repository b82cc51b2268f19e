"""Guadalcanal (Avalon Hill, 1992): the Basic Game, its options 11-16, rule 17's teams and rule 18's umpire."""
from app.engine.log import turn_headings
from app.engine.spec import GameSpec, Rulebook
from app.games.guadalcanal.hidden import hides_nothing
from app.games.guadalcanal.rules import rules
from app.games.guadalcanal.strong_bot import LEVELS

spec = GameSpec(
    meta=rules.meta, setup=rules.setup, prompts=rules.prompts, apply=rules.apply, view=rules.view,
    outcome=rules.outcome, rulebook=Rulebook("guadalcanal", "Guadalcanal (Avalon Hill, 1992)",
                                             "guadalcanal-avalon-hill-1992.txt"),
    random_action=rules.random_action, default_action=rules.default_action, perturb=rules.perturb,
    plant_canaries=rules.plant_canaries, hides_nothing=hides_nothing, phase=rules.phase, check=rules.check, seats_offered=rules.seats_offered,
    bots=LEVELS,  # issue 36: "easy" (bots.py) and "strong" (strong_bot.py), the easiest first
    # the Time Record Track's date and Turn open each Turn's first line ("OCT 27, Turn 2. ...")
    turn_heading=turn_headings(r"^([A-Z]{3} \d{1,2}), (Turn \d+)\. ", "{}, {}"), states=rules.states,
    option_sets=({"teams": True}, {"umpired": True, "fog_damage": True},
                 {"fighters": True, "wave_attacks": True, "sea_movement": True, "variable_spotting": True,
                  "scout_losses": True, "surface": True, "patrols": True, "submarines": True}))

__all__ = ["rules", "spec"]
