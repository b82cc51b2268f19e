"""First Blood's decision records (kernel v3): each decision kind the sequence reaches (sequence.py) is one `Decision`
holding everything about it: its rule, title, orders over their whole domain, prompt, check, resolution, missed and
random orders, whether a side is asked (`needed`) and asked again (`again`), and the answers of a sensible player
(`bots`, tactics.py). The procedures are in the module of their rule (§3/§5 placement.py, §6 movement.py, §7
combat.py, §8 and §11 phases.py). Also the fresh position (`new_state`) the walk starts from."""
from __future__ import annotations

from typing import Any

from app.engine.log import PUBLIC, entry
from app.engine.states import Decision, StatesTable
from app.engine.order_names import named_verbs
from app.games.first_blood import (
    combat,
    movement,
    phases,
    placement,
    sequence,
    tactics,
)
from app.games.first_blood.gamedata import HENDERSON, OOB, STRIPS, TYPES, USAF, turn_label

State = dict[str, Any]

UNIT_IDS: tuple[str, ...] = tuple(u["id"] for u in OOB)
IJ_AIR_IDS: tuple[str, ...] = tuple(f"ij-{role}-{t}-{i}" for t in range(1, 16)
                                    for role in ("destroyer", "fighter", "bomber") for i in range(1, 4))
USAF_IDS: tuple[str, ...] = tuple(a["id"] for a in USAF)
AIR_IDS = USAF_IDS + IJ_AIR_IDS
# Every piece's printed name, so an order over the whole domain hints and refuses by name, never by id (issue 34);
# the IJ air pieces are named as sequence.py names them when they arrive.
NAMES: dict[str, str] = {**{u["id"]: u["name"] for u in OOB}, **{a["id"]: a["name"] for a in USAF},
                         **{uid: f"IJ {uid.split('-')[1]} {turn_label(int(uid.split('-')[2]))} #{uid.split('-')[3]}"
                            for uid in IJ_AIR_IDS}}
V_PLACE = named_verbs(placement.verbs(UNIT_IDS + AIR_IDS), NAMES)
V_MOVE = named_verbs(movement.verbs(UNIT_IDS, AIR_IDS), NAMES)
V_COMBAT = named_verbs(combat.verbs(UNIT_IDS, AIR_IDS), NAMES)
V_LOSSES = named_verbs(combat.losses_verbs(UNIT_IDS), NAMES)
V_RETREAT = named_verbs(combat.retreat_verbs(UNIT_IDS), NAMES)
V_OVERSTACK = named_verbs(combat.overstack_verbs(UNIT_IDS), NAMES)
V_SUPPLY = named_verbs(phases.supply_verbs(UNIT_IDS + AIR_IDS), NAMES)
V_AIR = named_verbs(phases.air_verbs(USAF_IDS), NAMES)
V_RESERVE = named_verbs(phases.reserve_verbs(USAF_IDS), NAMES)
V_LANDING = named_verbs(phases.landing_verbs(USAF_IDS), NAMES)


def _placing(state: State, side: str, action: Any = None) -> bool:
    """§3, §5: a side with pieces arriving places them (all in one order)."""
    return any(placement.options(state, p) for p in placement.waiting(state, side))


def _until_ended(verb: str, left):
    """A movement or combat phase is asked again until its side ends it, or nothing is left to do in it."""
    return lambda state, side, action: action["verb"] != verb and left(state, side)


STATES = StatesTable([
    Decision("setup", "§3", V_PLACE, sequence.side_of_step, placement.prompt, placement.resolve,
             placement.default, placement.random, placement.check, title="Initial set-up", needed=_placing,
             again=_placing, bots=tactics.PLACE),
    Decision("reinforcements", "§5", V_PLACE, sequence.side_of_step, placement.prompt, placement.resolve,
             placement.default, placement.random, placement.check, title="Reinforcement phase", needed=_placing,
             again=_placing, bots=tactics.PLACE),
    Decision("movement", "§6", V_MOVE, sequence.side_of_step, lambda s, r: movement.prompt(s, r, V_MOVE),
             movement.resolve, movement.default, movement.random, movement.check, title="Movement phase",
             needed=movement.left_to_do, again=_until_ended("end_movement", movement.left_to_do), bots=tactics.MOVE),
    Decision("combat", "§7", V_COMBAT, sequence.side_of_step, lambda s, r: combat.prompt(s, r, V_COMBAT),
             combat.resolve, combat.default, combat.random, combat.check, tidy=combat.tidy, title="Combat phase",
             needed=combat.left_to_do, again=_until_ended("end_combat", combat.left_to_do), bots=tactics.FIGHT),
    Decision("losses", "§7.7", V_LOSSES, combat.losses_side, combat.losses_prompt, combat.losses_resolve,
             combat.losses_default, combat.losses_random, combat.losses_check, title="Combat losses",
             bots=tactics.LOSE),
    Decision("retreat", "§7.9", V_RETREAT, combat.losses_side, combat.retreat_prompt, combat.retreat_resolve,
             combat.retreat_default, combat.retreat_random, combat.retreat_check, title="Retreat",
             bots=tactics.FALL_BACK),
    Decision("overstack", "§5.1", V_OVERSTACK, combat.overstack_side, combat.overstack_prompt,
             combat.overstack_resolve, combat.overstack_default, combat.overstack_random, combat.overstack_check,
             title="Attack on entry: units lost to stacking", bots=tactics.OVERSTACK),
    Decision("supply", "§8", V_SUPPLY, sequence.side_of_step, lambda s, r: phases.supply_prompt(s, r, V_SUPPLY),
             phases.supply_resolve, phases.supply_default, phases.supply_random, phases.supply_check,
             title="Supply phase", needed=lambda state, side: bool(state.get("supply_due")), bots=tactics.GIVE_UP),
    Decision("reserve", "§11", V_RESERVE, sequence.side_of_step, phases.reserve_prompt, phases.reserve_resolve,
             phases.reserve_default, phases.reserve_random, phases.reserve_check, title="Air phase: the USAF Reserve",
             needed=lambda state, side: bool(state.get("usaf_over")), bots=tactics.RESERVE),
    Decision("landing", "§11", V_LANDING, sequence.side_of_step, phases.landing_prompt, phases.landing_resolve,
             phases.landing_default, phases.landing_random, phases.landing_check,
             title="Air phase: where the units that flew land", needed=phases.landing_needed, bots=tactics.LANDING),
    Decision("air", "§11", V_AIR, sequence.side_of_step, lambda s, r: phases.air_prompt(s, r, V_AIR),
             phases.air_resolve, phases.air_default, phases.air_random, phases.air_check, title="Air phase",
             needed=phases.air_needed, bots=tactics.ALLOCATE),
])
SEQUENCE = sequence.walk(STATES)
ALL_VERBS: dict[str, Any] = {}
for _d in STATES:
    ALL_VERBS.update(_d.verbs)


def new_state() -> State:
    units = {}
    for rec in OOB:
        t = TYPES[rec["type"]]
        units[rec["id"]] = {"id": rec["id"], "name": rec["name"], "type": rec["type"], "side": t["side"],
                            "cf": t["cf"], "mf": t["mf"], "range": t["range"], "loc": "pending",
                            "arrive": rec["turn"], "moved": False, "fought": False, "stirred": False,
                            "engaged": False}
    air = {a["id"]: {"id": a["id"], "name": a["name"], "side": "us", "role": a["role"], "loc": "pending",
                     "arrive": a["turn"], "face": "up", "target": None} for a in USAF}
    strips = {h: {"status": "oper" if h in HENDERSON else "dest", "work": 0, "built": h in HENDERSON,
                  "bombarded": False} for h in STRIPS}
    return {"game": "first_blood", "turn": 0, "step": {},
            "units": units, "air": air, "strips": strips, "attacked": [], "outcome": None,
            "log": [entry(PUBLIC, "First Blood: the US sets up first (§3).")]}


__all__ = ["ALL_VERBS", "SEQUENCE", "STATES", "new_state"]
