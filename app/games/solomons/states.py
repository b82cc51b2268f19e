"""The Solomons states table (issue 13): one record per decision kind, each kept in the module of its rulebook
section (decision.py says what a record holds). The walker, the rules, the missed and random orders, the bots and the
web boards look a kind up here; a decision step of the sequence data without a complete record is a failing
test (tests/games/solomons/test_states.py), never a silent fall-through."""
from __future__ import annotations

from app.games.solomons import air_orders, allocation, ground_orders, intentions, movement, placement, plot, turn
from app.games.solomons.decision import Table

# Each record under the id of the printed step it decides (data/sequence.toml: tables.phases, tables.sections), so
# that the sequence finds a step's decision here and a kind is named once, by its record's id.
DECIDES = {
    "preliminary_setup": placement.DECISION,          # 5.1, 5.14, 5.15: the Preliminary Set-Up
    "cag_training": turn.DECISION,                    # 6.21, 10.4: CAG training
    "american_intelligence": intentions.DECISION,     # 18: American Intelligence (Japan's intentions)
    "task_force_allocation": allocation.DECISION,     # 5.2, 5.3: Task Force Allocation
    "movement_plot": plot.DECISION,                   # 8.1: the Movement Plot
    "air_allocation": air_orders.DECISION,            # 14.11: section D, air allocation
    "reset": movement.DECISION,                       # 6.38, 6.39, 6.26: the reset section (and K's air transfers)
    "ground_combat": ground_orders.DECISION,          # 12: the Ground Combat Phase
}
STATES = Table(list(DECIDES.values()))
