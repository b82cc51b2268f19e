"""First Blood: The Guadalcanal Campaign (rulebook /work/shared/rules/first-blood-guadalcanal.txt)."""
from app.games.first_blood.rules import rules

__all__ = ["rules"]
