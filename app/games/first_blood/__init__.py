"""First Blood: The Guadalcanal Campaign (the AHIKS remake; shared/rules/first-blood-guadalcanal.txt)."""
from app.engine.log import turn_headings
from app.engine.spec import GameSpec, Rulebook
from app.games.first_blood.bots import BOT_LEVELS
from app.games.first_blood.rules import rules

spec = GameSpec(
    meta=rules.meta, setup=rules.setup, prompts=rules.prompts, apply=rules.apply, view=rules.view,
    outcome=rules.outcome, rulebook=Rulebook("first_blood", "First Blood: The Guadalcanal Campaign (AHIKS)",
                                             "first-blood-guadalcanal.txt", cases="sections"),
    random_action=rules.random_action, default_action=rules.default_action, perturb=rules.perturb,
    plant_canaries=rules.plant_canaries, phase=rules.phase, check=rules.check, tidied=rules.tidied,
    reveals=rules.reveals,  # from the records: First Blood hides nothing, so no order shows its maker a secret
    bots=BOT_LEVELS, turn_heading=turn_headings(r"^Turn (\d+): ", "Turn {}"), states=rules.states)

__all__ = ["rules", "spec"]
