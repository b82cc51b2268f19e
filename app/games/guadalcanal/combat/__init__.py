"""Guadalcanal's Combat Phase on the Battleboard (rule 4) and the counter values (data/units.toml).

Interface for the sequence of play (the game's other modules) and the lead:

    from app.games.guadalcanal.combat import begin_combat, combat_over, pending_decision, COMBAT_DECISIONS

    state = begin_combat(state, battle_hexes, rng)
        Starts the Combat Phase. `battle_hexes` are the searchboard hexes where air strikes ended their move (3d4),
        as ids or as records with a "hex" (the sequence's battle_hexes(state));
        a hex makes a battle for each side whose bombers (D, H, M, T; not scouts, not fighters in the Basic Game,
        4a) stand there over enemy ships or an enemy base. Runs to the first decision (or to the end). Changes
        `state` in place and returns it.
    combat_over(state) -> bool
        True when every battle is fought and the task forces reorganised (4e1); the sequence then goes on to the
        Air Return Phase (5). `state["combat"]` stays until the next begin_combat (11b reads its "damaged").
    pending_decision(state) -> (decision id, [roles]) | None
        Who the Combat Phase waits on now.
    decide(state, role, action, rng) -> state
        Carry out `role`'s order on the decision waited on (shape, legality, resolution; in place: copy first).
    COMBAT_DECISIONS: list[app.engine.states.Decision]
        One record per decision kind, in the order they come: battle_order (4, Side A), battle_setup_defender
        (4a2), battle_setup_attacker (4a3), aa_combat (4c, the ship/base side), bombing_combat (4d2, the air side),
        reorganise (4e1, Side B then Side A). Each resolves its order and walks on to the next decision, so one
        action resolves everything up to the next choice (the dice come from the `rng` it is given).

What it reads from the state (design/games/guadalcanal.md §2.1):
    state["units"][id] = {"face": "front"|"back", "hits": 0-2, "location": {...}, "box": ..., "eliminated": bool}
        location: {"tf": task force id} for a ship (box "ships"); {"hex": "N6"} for a base and for an air unit on
        the searchboard (box "flying": the strike over its hex); {"area": ship or base id} (or {"ship": id} /
        {"base": id}) for an air unit On Board / On Ground (box "arming" or "ready"). An eliminated unit has
        box "eliminated", eliminated true and location None. Side, kind and type come from data/units.toml by id.
    state["task_forces"][id] = {"side", "name", "hex"}   (hex None: off the searchboard); ids in units.toml.
    state["sides"] = {"A": role, "B": role}; roles are the sides "allied" and "japanese".
    state["log"]: public lines, each with "at" naming the battle and step.
What it writes: the units' face, hits and eliminated (location None); task force membership and markers (4e1);
    state["combat"] (battle.py describes it).
"""
from app.games.guadalcanal.combat.phase import (COMBAT_DECISION_RECORDS, begin_combat, combat_over, decide,
                                                 pending_decision)

COMBAT_DECISIONS = COMBAT_DECISION_RECORDS()

__all__ = ["COMBAT_DECISIONS", "begin_combat", "combat_over", "decide", "pending_decision"]
