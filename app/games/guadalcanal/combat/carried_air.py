"""Option 11b: aircraft damage on damaged base and ship units. At the end of the Combat Phase every air unit in the
Arming or Ready box of a ship or base that took a hit or was flipped in it (combat["damaged"]) is checked, one
competitive roll each (the opponent attacks first, as in every combat): the air unit's owner defends with +2 On
Board a ship (11b1) or +3 On Ground at a base (11b2), the attacker with no modifier, and the result is marked as in
a combat (4b4, 4b5). A scout ignores a "1 hit" and is eliminated only when the attacker's number is at least two
times the defender's (11b3). A ship or base eliminated took its air units with it already (11b4, damage.eliminate).
The values are data/options.toml [aircraft_damage].

Who is told: with open Operations Cards (2c) everyone watches the card, so the line is public; in an umpired game
(18c) the enemy never sees the card, so only the owner (and the umpire) learn of the check.
"""
from __future__ import annotations

from typing import Any

from app.engine.contract import State
from app.engine.rng import Rng
from app.games.guadalcanal import options as optional
from app.games.guadalcanal.combat import battle as bt
from app.games.guadalcanal.combat import units
from app.games.guadalcanal.combat.damage import alive, apply_result, carried, factor
from app.games.guadalcanal.combat.resolution import ELIMINATE, MISS, combat_number, result
from app.games.guadalcanal.combat.telling import cards_open


def modifiers(state: State, air: str, carrier: str) -> tuple[int, int]:
    """(attacker's, defender's) total modifier for one air unit's check (11b1, 11b2)."""
    v = optional.values(optional.AIRCRAFT_DAMAGE)
    defense = v["on_board_defense"] if bt.kind(carrier) == "ship" else v["on_ground_defense"]
    if v["defense_factor_counts"]:
        defense += factor(state, air, "defense") or 0
    return v["attacker"], defense


def outcome(air: str, attacker_number: int, defender_number: int) -> str:
    """4b4, with 11b3 for a scout: a hit does nothing, two times or more eliminates."""
    r = result(attacker_number, defender_number)
    if not units.is_scout(air):
        return r
    ratio = optional.values(optional.AIRCRAFT_DAMAGE)["scout_eliminated_from"]
    return ELIMINATE if attacker_number >= ratio * defender_number else MISS


def check(state: State, rng: Rng) -> list[dict[str, Any]]:
    """11b at the end of the Combat Phase, if the option is on: one check per air unit aboard a damaged ship or base
    still afloat. Returns the checks made (also written to the log)."""
    if not optional.on(state, optional.AIRCRAFT_DAMAGE):
        return []
    made = []
    for carrier in bt.combat(state)["damaged"]:
        if not alive(state, carrier):
            continue  # 11b4: eliminated with it already
        for air in carried(state, carrier):
            made.append(_check_one(state, air, carrier, rng))
    return made


def _check_one(state: State, air: str, carrier: str, rng: Rng) -> dict[str, Any]:
    a_mod, d_mod = modifiers(state, air, carrier)
    a_roll, d_roll = rng.d10(), rng.d10()
    a, d = combat_number(a_roll, a_mod), combat_number(d_roll, d_mod)
    res = outcome(air, a, d)
    effects = apply_result(state, air, res)
    owner = bt.side_of(air)
    rule = "11b3" if units.is_scout(air) else ("11b1" if bt.kind(carrier) == "ship" else "11b2")
    where = "On Board" if bt.kind(carrier) == "ship" else "On Ground at"
    text = (f"Aircraft damage ({rule}): {bt.name(air)} {where} {bt.name(carrier)}, which was damaged: "
            f"{a_roll}+{a_mod}={a} against {d_roll}+{d_mod}={d}: {marked(air, effects)}.")
    rec = {"combat": "aircraft_damage", "air": air, "carrier": carrier, "attacker_roll": a_roll,
           "defender_roll": d_roll, "attacker_number": a, "defender_number": d, "result": res, "effects": effects}
    if cards_open(state):
        bt.say(state, "carried_air", text, **rec)
    else:  # 18c: the enemy never sees the card; the umpire reads every line
        bt.say(state, "carried_air", text, to=owner, **rec)
    return rec


def marked(air: str, effects: list[str]) -> str:
    """What the result did to the unit, from damage.apply_result's effects (a third hit flips, a flip on the back
    side eliminates, 4b5)."""
    if not effects:
        return "no damage"
    return f"{bt.name(air)} {effects[0].split(' ', 1)[1]}".replace(" hit", " 1 hit")
