"""4d: bombing combat, after all AA combat. The side with the air units attacks; its targets were chosen at set-up
(4a3).

- Categories (4d1): dive (D), high level (H), medium level (M; T against a base), torpedo (T against a ship).
- Each category against one target is a separate combat, in the order the attacker wants (4d2).
- The bombing factors of the units making the same category against the same target add up; each unit bombs once
  per Combat Phase (4d3). +3 for an anvil torpedo attack (4d3.1: tables.toml says which geometry); +4 for dive
  bombing a ship with a combat air unit in its Ready box (4d3.3, rebuilt from 10b2); 4d3.2 is not transcribed
  (tables.toml: 0).
- The defender adds the target's current defense factor (4d4, rebuilt from every 10b combat); the armour letter is
  not used in the Basic Game (10b).
A result is marked at once, so a later category meets the lowered defense (10b: Junyo's hit, then the torpedoes).
"""
from __future__ import annotations

from typing import Any

from app.engine.contract import Action, Prompt, Role, State
from app.engine.errors import IllegalAction
from app.engine.orders import Boolean, Choice, Optional, args_json
from app.engine.rng import Rng
from app.engine.states import Decision
from app.games.guadalcanal import fog, standing_orders
from app.games.guadalcanal.combat import battle as bt
from app.games.guadalcanal.combat import free_roll, telling, units
from app.games.guadalcanal.combat.bombing_order import ORDER
from app.games.guadalcanal.combat.damage import alive, apply_result, carried, factor
from app.games.guadalcanal.combat.resolution import FLIP, HIT, roll_combat
from app.games.guadalcanal.combat.setup import SHIPS_AND_BASES
from app.games.guadalcanal.combat.tables import bow_quarters, tables
from app.games.guadalcanal.combat.telling import card_parts

CATEGORIES = ("dive", "high", "medium", "torpedo")
LABELS = {"dive": "dive bombing", "high": "high level bombing", "medium": "medium level bombing",
          "torpedo": "torpedo bombing"}
COMBATS = tuple(f"{t}:{c}" for t in SHIPS_AND_BASES for c in CATEGORIES)  # every combat id: the order's domain
# issue 34: the standing order below, kept or cancelled on the attacker's set-up form and on this one
STANDING = {"standing": Optional(Boolean(label="Standing order"))}
VERBS = {"bomb": {"combat": Choice(COMBATS, label="Bombing combat"), **STANDING}}


def category(air: str, target: str) -> str:
    """4d1: the category an air unit's type must use against this target."""
    cats = tables()["categories"]
    t = bt.utype(air)
    if t == "T":
        return cats["T_against_ship"] if bt.kind(target) == "ship" else cats["T_against_base"]
    return cats[t]


def pending(state: State) -> dict[str, list[str]]:
    """{combat id: air units} still to bomb: living units on the Battleboard, their factor unused, their target
    still afloat. A unit whose target is gone has nothing to bomb (its target was chosen at set-up, 4d)."""
    used = bt.combat(state)["bombing_used"]
    out: dict[str, list[str]] = {}
    for u in bt.attackers_on_board(state):
        t = bt.board(state)[u]["target"]
        if u in used or not alive(state, t) or factor(state, u, "bombing") is None:
            continue
        out.setdefault(f"{t}:{category(u, t)}", []).append(u)
    return out


def anvil(state: State, target: str, air: list[str]) -> bool:
    """4d3.1: torpedo bombers coming in on the sides of the target's front facing (tables.toml anvil_geometry)."""
    board = bt.board(state)
    quarters = set(bow_quarters(board[target]["hex"], board[target]["facing"])) - {None}
    sides = {board[u]["hex"] for u in air} & quarters
    geometry = tables()["bombing"]["anvil_geometry"]
    if geometry == "either_bow_quarter":
        return bool(sides)
    if geometry == "both_bow_quarters":
        return len(sides) == 2
    raise ValueError(f"tables.toml: anvil_geometry is both_bow_quarters or either_bow_quarter, not {geometry!r}")


def ready_combat_air(state: State, ship: str) -> list[str]:
    """The combat air units (not scouts) in a ship's Ready box (4d3.3), or spotted on its deck for a Max. Strike
    (option 12b, reconstructed: still on deck, as if Ready)."""
    return [a for a in carried(state, ship, ("ready", "max_strike")) if not units.is_scout(a)]


def modifiers(state: State, target: str, cat: str, air: list[str]) -> dict[str, int]:
    b = tables()["bombing"]
    out = {"bombing": sum(factor(state, u, "bombing") for u in air)}
    if cat == "torpedo" and anvil(state, target, air):
        out["anvil"] = b["anvil"]
    if cat == "dive" and bt.kind(target) == "ship" and ready_combat_air(state, target):
        out["ready_box"] = b["dive_ready"]
    if cat == "high" and bt.kind(target) == "ship" and b["high_level_against_ship"]:
        out["high_level"] = b["high_level_against_ship"]
    return out


def bomb(state: State, combat_id: str, rng: Rng) -> dict[str, Any]:
    """One bombing combat (4d2), resolved and marked at once."""
    target, cat = combat_id.split(":")
    air = pending(state)[combat_id]
    mods = modifiers(state, target, cat, air)
    total = sum(mods.values())
    roll = roll_combat(rng, total, factor(state, target, "defense"))
    bt.combat(state)["bombing_used"].extend(air)
    if free_roll.offer(state, "bombing", bt.side_of(air[0]), roll, {"combat_id": combat_id, "air": air,
                                                                    "modifiers": mods}):
        return roll  # option 11a: the holder of the free roll marker decides first (free_roll.py)
    return finish(state, combat_id, air, mods, roll, rng)


def finish(state: State, combat_id: str, air: list[str], mods: dict[str, int], roll: dict[str, Any],
           rng: Rng) -> dict[str, Any]:
    """Mark and tell one bombing combat's result (4b4, 4b5)."""
    target, cat = combat_id.split(":")
    total = roll["attacker_total"]
    before = fog.shown(state["units"][target])
    effects = apply_result(state, target, roll["result"])
    if roll["result"] in (HIT, FLIP) and target not in bt.combat(state)["damaged"]:
        bt.combat(state)["damaged"].append(target)
    extra = "".join(f", {k.replace('_', ' ')} +{v}" for k, v in mods.items() if k != "bombing")
    names = " + ".join(bt.name(u) for u in air)
    telling.tell_result(
        state, "bombing", "4d", target, before, roll, effects,
        f"{LABELS[cat].capitalize()}: {names} (+{total}{extra}) against {bt.name(target)} "
        f"(+{roll['defender_total']}): {roll['attacker_roll']}+{total}={roll['attacker_number']} against "
        f"{roll['defender_roll']}+{roll['defender_total']}={roll['defender_number']}: "
        f"{_words(roll['result'], target)}.",
        lambda told: f"{LABELS[cat].capitalize()}: {names} against {bt.name(target)}: the umpire reports {told}.",
        rng, result_text=(f"{LABELS[cat].capitalize()}: {names} against {bt.name(target)}: "
                          f"{_words(roll['result'], target)} (the umpire's roll: the Operations Cards are closed, "
                          f"18c).") if card_parts(target, cat) else None,
        combat=cat, air=air, target=target, modifiers=mods)
    return roll


def _words(result: str, uid: str) -> str:
    return {"miss": "no damage", "hit": f"{bt.name(uid)} 1 hit", "flip": f"{bt.name(uid)} flipped",
            "eliminate": f"{bt.name(uid)} eliminated"}[result]


def check(state: State, role: Role, action: Action) -> None:
    b = bt.battle(state)
    if bt.combat(state)["step"] != "bombing" or role != b["attacker"]:
        raise IllegalAction("It is not your bombing now.", "4d")
    if action["args"]["combat"] not in pending(state):
        raise IllegalAction("That bombing combat is not open: no unit of yours is set up to make it, or it is "
                            "done.", "4d2")


def resolve(state: State, role: Role, action: Action, rng: Rng) -> State:
    if "standing" in action["args"]:
        standing_orders.keep(state, role, "bombing", action["args"]["standing"])
    bomb(state, action["args"]["combat"], rng)
    return state


def label(combat_id: str) -> str:
    target, cat = combat_id.split(":")
    return f"{LABELS[cat]} against {bt.name(target)}"


def prompt(state: State, role: Role) -> Prompt:
    b = bt.battle(state)
    open_ = tuple(pending(state))
    args = {"combat": Choice(open_, tuple(label(c) for c in open_), label="Bombing combat"),
            "standing": Optional(Boolean(label=standing_orders.LABELS["bombing"]))}
    return {"title": f"Battle {b['hex']}: choose the next bombing combat", "rule": "4d2",
            "actions": [{"verb": "bomb", "label": "Bomb", "args": args_json(args)}],
            "info": {"battle": b["hex"], "combats": {c: pending(state)[c] for c in open_},
                     "default": {"standing": standing_orders.on(state, role, "bombing")}}}


def default(state: State, role: Role) -> Action:
    return {"verb": "bomb", "args": {"combat": next(iter(pending(state)))}}


def random(state: State, role: Role, rng: Rng) -> Action:
    return {"verb": "bomb", "args": {"combat": rng.choice(list(pending(state)))}}


deciders = bt.decided_by("bombing", "attacker")


BOMBING = Decision(id="bombing_combat", rule="4d2", verbs=VERBS, deciders=deciders, prompt=prompt, resolve=resolve,
                   default=default, random=random, check=check)



def next_in_order(state: State) -> str:
    """The open bombing combat the standing order resolves next (bombing_order.py): the first target set up, its
    categories in bombing_order.ORDER."""
    open_ = list(pending(state))
    targets = list(dict.fromkeys(c.split(":")[0] for c in open_))
    return min(open_, key=lambda c: (targets.index(c.split(":")[0]), ORDER.index(c.split(":")[1])))
