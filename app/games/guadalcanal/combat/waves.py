"""Option 13b: wave attacks. Separate air strikes (13a1: kept apart by the task force or base they took off from,
unless combined, 13a2; air.py tags each flying unit with its strike) that end in one battle hex stay distinct: each
is a wave. When the battle is fought (after the defender's set-up) the attacker's die is rolled once per wave; the
highest attacks first, then the next, and waves with tied rolls arrived together and attack as one (13b1). Each
wave is set up (4a3), meets AA (4c) and bombs (4d) in turn; the ships' and base's AA may still fire only once in the
Combat Phase (4c2), so a later wave may meet guns already spent. A wave that has bombed leaves the Battleboard.
"""
from __future__ import annotations

from typing import Any

from app.engine.contract import State
from app.engine.rng import Rng
from app.games.guadalcanal import options as optional
from app.games.guadalcanal.combat import battle as bt
from app.games.guadalcanal.combat.damage import alive


def strike_of(state: State, uid: str) -> str:
    return ((state["units"][uid].get("location") or {}).get("strike")) or uid


def begin(state: State, b: dict[str, Any], rng: Rng) -> None:
    """13b1 at the start of a battle, if option 13 is on and two or more strikes are over the hex."""
    if not optional.on(state, optional.WAVE_ATTACKS):
        return
    strikes: dict[str, list[str]] = {}
    for u in b["air"]:
        strikes.setdefault(strike_of(state, u), []).append(u)
    if len(strikes) < 2:
        return
    die = optional.values(optional.WAVE_ATTACKS)["wave_die"]
    keys = sorted(strikes)
    rolls = {k: rng.die(die) for k in keys}
    waves = [[u for k in keys if rolls[k] == r for u in strikes[k]] for r in sorted(set(rolls.values()), reverse=True)]
    b["all_air"], b["air"], b["waves"] = list(b["air"]), waves[0], waves[1:]
    said = "; ".join(f"{' + '.join(bt.name(u) for u in strikes[k])} rolls {rolls[k]}" for k in keys)
    order = "; ".join(f"wave {i + 1}: {' + '.join(bt.name(u) for u in w)}" for i, w in enumerate(waves))
    bt.say(state, "setup_attacker", f"Waves (13b1): {said}. {order}" + (" (tied rolls combine, 13b1)."
                                                                       if len(waves) < len(strikes) else "."),
           waves=waves, rolls={k: rolls[k] for k in keys})


def next_wave(state: State) -> bool:
    """After a wave's bombing: the next wave comes in (True), or the battle is over (False: every air unit of the
    battle is listed again for its end, 4e). No wave comes in over a battle whose ships and base are all gone."""
    b = bt.battle(state)
    while b.get("waves") and bt.defenders_on_board(state):
        for u in [*b["air"], *[x for x, p in bt.board(state).items() if p.get("strafing")]]:
            bt.board(state).pop(u, None)  # the wave that attacked leaves the Battleboard, its strafers too (14f)
        b.pop("air_combat", None)  # option 14: each wave's escorts meet the CAP in an air combat of their own
        b["air"] = [u for u in b["waves"].pop(0) if alive(state, u)]
        if b["air"]:
            names = " + ".join(bt.name(u) for u in b["air"])
            bt.say(state, "setup_attacker", f"The next wave attacks (13b1): {names}.", wave=list(b["air"]))
            return True
    if "all_air" in b:
        b["air"] = b.pop("all_air")
        b.pop("waves", None)
    return False
