"""Solomons Campaign's worked examples as tutorials (app/play/tutorials.py): the positions they start from.

The orders, dice and results are data (data/tutorials.toml). 12.4's position is the one
tests/games/solomons/combat/test_combat_ground.py replays (Japan 9 Ground Points and no Supply; the United States 15
supplied points and one Supply Point), set into a real campaign at the Ground Combat Phase (4.3) so that the order
is given on the game's own ground form.
"""
from __future__ import annotations

from typing import Any

from app.engine import data as tables
from app.engine.rng import ScriptedRng
from app.engine.tutorial import from_data
from app.games.solomons import rules, sequence
from app.games.solomons import tables as solomons_tables

State = dict[str, Any]


def _campaign() -> State:
    """A new campaign past its Preliminary Set-Up (5.14, 5.15: every side's default placement), Henderson die 3."""
    s = rules.setup("campaign", {}, ScriptedRng())
    rng = ScriptedRng([3])
    for role in ("japanese", "allied"):
        if sequence.current(s)["kind"] == "placement" and role in rules.prompts(s):
            s = rules.apply(s, role, rules.default_action(s, role), rng)
    return s


def ground_12_4() -> State:
    """12.4's example at the Ground Combat Phase of Game-Turn 1."""
    s = _campaign()
    g = s["guadalcanal"]
    g["ground"], g["supply"], g["supplied"] = {"allied": 15, "japanese": 9}, {"allied": 1, "japanese": 0}, True
    s["step"] = next(i for i, st in enumerate(sequence.STEPS) if st["kind"] == "ground")
    sequence.advance(s, ScriptedRng())  # stops at the American decision (12.3: only they have the initiative)
    return s


TUTORIALS = from_data("solomons", tables.load(solomons_tables.DATA_DIR / "tutorials.toml")["tutorial"],
                      {"ground_12_4": ground_12_4})
