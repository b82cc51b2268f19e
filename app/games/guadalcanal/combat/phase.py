"""4: the Combat Phase. Every hex where combat air units ended their move with an enemy task force or base is a
battle; Side A orders the battles when there are two or more; each battle is then fought in turn: set-up (4a),
AA (4c), bombing (4d), battle's end (4e). After the last battle the sides reorganise their task forces (4e1).

`advance` walks the steps that need nobody's decision and stops at the next one (or at the end), so each decision
resolves, with everything it sets off, in one action.
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from app.engine.contract import Action, Prompt, Role, State
from app.engine.errors import IllegalAction
from app.engine.orders import Boolean, Optional, Several, args_json
from app.engine.rng import Rng
from app.engine.states import Decision
from app.games.guadalcanal.combat import (aa, air_play, bombing, bombing_order, carried_air, free_roll,
                                          reorganisation, setup, telling, waves)
from app.games.guadalcanal import standing_orders
from app.games.guadalcanal.combat import battle as bt
from app.games.guadalcanal.combat.damage import alive


def find_battles(state: State, battle_hexes: list[Any]) -> list[dict[str, Any]]:
    """4: one battle per hex and per side whose bombers ended there over enemy ships and/or an enemy base.
    `battle_hexes` lists hex ids, or records with a "hex" (the sequence's battle_hexes)."""
    found = []
    for h in dict.fromkeys(x["hex"] if isinstance(x, dict) else x for x in battle_hexes):
        for attacker in bt.SIDES:
            defender = bt.other(attacker)
            air = bt.bombers_over(state, h, attacker)
            ships, base = bt.ships_in(state, h, defender), bt.base_in(state, h, defender)
            if air and (ships or base):
                found.append({"id": h, "hex": h, "attacker": attacker, "defender": defender, "ships": ships,
                              "base": base, "air": air, "fought": False})
    ids = [b["hex"] for b in found]
    for b in found:  # both sides striking the same hex (both have ships there): two battles, told apart by side
        if ids.count(b["hex"]) > 1:
            b["id"] = f"{b['hex']}-{b['attacker']}"
    return found


def begin_combat(state: State, battle_hexes: list[Any], rng: Rng) -> State:
    """Start the Combat Phase over the given searchboard hexes (those where strikes ended, 3d4) and run it to its
    first decision. The state is changed in place and returned."""
    battles = find_battles(state, battle_hexes)
    state["combat"] = {"battles": battles, "order": None, "current": None, "step": "order", "board": {},
                       "aa_used": [], "bombing_used": [], "damaged": [], "reorganise": []}
    if not battles:
        state["combat"]["step"] = "over"
        air_play.cap_returns(state)  # option 14: the CAP flies back in the Air Return Phase (5)
        return state
    bt.say(state, "order", "Battles this Turn: " + ", ".join(b["hex"] for b in battles) + ".",
           battles=[b["id"] for b in battles])
    return advance(state, rng)


def combat_over(state: State) -> bool:
    """True once every battle is fought and the task forces reorganised (or when there was no battle)."""
    c = state.get("combat")
    return c is None or c["step"] == "over"


def pending_decision(state: State) -> tuple[str, list[Role]] | None:
    """(decision id, roles) that the Combat Phase waits on, or None when it is over."""
    for d in COMBAT_DECISION_RECORDS():
        roles = list(d.deciders(state))
        if roles:
            return d.id, roles
    return None


def decide(state: State, role: Role, action: Action, rng: Rng) -> State:
    """Apply `role`'s order to the decision the Combat Phase waits on (shape, then legality, then resolution, which
    walks on to the next decision). Changes `state` in place: a caller that must keep its input copies it first;
    a refused order (MalformedAction, IllegalAction) changes nothing."""
    for d in COMBAT_DECISION_RECORDS():
        if role in d.deciders(state):
            return d.carry_out(state, role, action, rng)
    raise IllegalAction("There is nothing for you to decide in the Combat Phase now.", "4")


# --- the walker ---------------------------------------------------------------------------------------------------

def advance(state: State, rng: Rng) -> State:
    c = bt.combat(state)
    while True:
        if c.get("offer"):
            return state  # option 11a: the free roll marker's holder decides on the dice first
        step = c["step"]
        if step == "order":
            if c["order"] is None:
                if len(c["battles"]) > 1 and not ordered_by_standing_order(state):
                    return state
                c["order"] = [b["id"] for b in c["battles"]]
            _next_battle(state, rng)
        elif step == "setup_defender":
            b = bt.battle(state)
            if not b["air"] or not (b["ships"] or b["base"]):  # all lost in an earlier battle of this phase
                end_battle(state, rng)
                continue
            if b["ships"]:
                if not setup.set_up_by_standing_order(state):
                    return state
                continue
            setup.place_lone_base(state)
            c["step"] = "setup_attacker"
        elif step == "setup_attacker":
            if setup.needs_attacker_decision(state):
                return state
            only = bt.defenders_on_board(state)[0]
            setup.place_attacker(state, {u: only for u in bt.battle(state)["air"]}, {})
            c["step"] = "air_combat"
        elif step == "air_combat":  # option 14: fighters fight before AA (14 intro)
            if air_play.walk(state):
                return state
            c["step"] = "aa"
        elif step == "aa":
            if c.get("aa_volley") is not None:  # the battle's AA order, the rest after a free roll (11a)
                aa.fire_volleys(state, rng)
                if c.get("offer"):
                    return state
                continue
            if aa.possible(state):
                if not aa.fire_by_standing_order(state):
                    return state
                continue
            c["step"] = "bombing"
        elif step == "bombing":
            open_ = bombing.pending(state)
            if len(open_) > 1:
                attacker = bt.battle(state)["attacker"]
                if not standing_orders.on(state, attacker, "bombing"):
                    return state
                if not c.get("bombing_told"):  # once a battle: the side's standing order chose the order (4d2)
                    c["bombing_told"] = True
                    bombing_order.ordered(state, attacker)
                bombing.bomb(state, bombing.next_in_order(state), rng)
                continue
            if open_:
                bombing.bomb(state, next(iter(open_)), rng)
                continue
            if waves.next_wave(state):  # option 13: the next wave sets up and attacks
                c["step"] = "setup_attacker"
                continue
            end_battle(state, rng)
        elif step == "reorganise":
            while c["reorganise"] and (not _has_ships(state, c["reorganise"][0])  # nothing to reorganise
                                       or reorganisation.by_standing_order(state, c["reorganise"][0])):
                c["reorganise"].pop(0)
            if c["reorganise"]:
                return state
            carried_air.check(state, rng)  # option 11b, at the end of the Combat Phase
            air_play.cap_returns(state)  # option 14: the CAP flies back in the Air Return Phase (5)
            c["step"] = "over"
            bt.say(state, "reorganise", "The Combat Phase is over.")
        else:  # over
            return state


def _next_battle(state: State, rng: Rng) -> None:
    c = bt.combat(state)
    nxt = next((bid for bid in c["order"] if not bt.battle(state, bid)["fought"]), None)
    if nxt is None:
        c["current"] = None
        c["step"] = "reorganise"
        c["reorganise"] = [state["sides"]["B"], state["sides"]["A"]]
        return
    c["current"] = nxt
    c["board"] = {}
    c.pop("bombing_told", None)
    b = bt.battle(state)
    # units lost in an earlier battle of this phase do not come to this one
    b["ships"] = [u for u in b["ships"] if alive(state, u)]
    b["air"] = [u for u in b["air"] if alive(state, u)]
    if b["base"] and not alive(state, b["base"]):
        b["base"] = None
    c["step"] = "setup_defender"
    bt.say(state, "setup_defender", f"Battle {b['hex']}: {b['attacker'].title()} air units attack "
           f"{b['defender'].title()} {'ships' if b['ships'] else 'base'}.", battle=b["id"])
    if b["air"] and (b["ships"] or b["base"]):
        waves.begin(state, b, rng)  # option 13: the waves' order (13b1)


def end_battle(state: State, rng: Rng) -> None:
    """4e: every unit goes back to the searchboard with its damage recorded: ships to their task forces' Ships boxes
    (reorganised at the end of the phase, 4e1), the base to its hex, damage on the one base record both players see
    (4e2), air units to the searchboard battle hex (4e3), where they already stand."""
    c = bt.combat(state)
    b = bt.battle(state)
    b["fought"] = True
    lost = [u for u in [*b["ships"], *([b["base"]] if b["base"] else []), *b["air"]] if not alive(state, u)]
    survivors = [u for u in [*b["ships"], *([b["base"]] if b["base"] else []), *b["air"]] if alive(state, u)]
    telling.end_lines(state, b, survivors, lost)
    c["board"] = {}
    _next_battle(state, rng)


def _has_ships(state: State, side: str) -> bool:
    return any(alive(state, u) and bt.kind(u) == "ship" and bt.side_of(u) == side
               and "tf" in (x.get("location") or {}) for u, x in state["units"].items())


# --- 4: Side A orders the battles ------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _battle_ids() -> tuple[str, ...]:
    """Every possible battle id: a searchboard hex (letter and number), or the hex and the striking side when both
    sides strike one hex."""
    hexes = [f"{chr(65 + c)}{r}" for c in range(26) for r in range(31)]
    return tuple(hexes + [f"{h}-{s}" for h in hexes for s in bt.SIDES])


# issue 34: keep or cancel the battle order's standing order (below)
ORDER_VERBS = {"order_battles": {"order": Several(_battle_ids(), minimum=1, label="Battle order"),
                                 "standing": Optional(Boolean(label="Standing order"))}}


def check_order(state: State, role: Role, action: Action) -> None:
    c = bt.combat(state)
    if c["step"] != "order" or role != state["sides"]["A"]:
        raise IllegalAction("Only Side A orders the battles, before the first one.", "4")
    ids = sorted(b["id"] for b in c["battles"])
    if sorted(action["args"]["order"]) != ids:
        raise IllegalAction("List every battle of this Turn once: " + ", ".join(ids) + ".", "4")


def resolve_order(state: State, role: Role, action: Action, rng: Rng) -> State:
    if "standing" in action["args"]:
        standing_orders.keep(state, role, "battle_order", action["args"]["standing"])
    c = bt.combat(state)
    c["order"] = list(action["args"]["order"])
    bt.say(state, "order", f"Side A ({role.title()}) orders the battles: " + ", then ".join(c["order"]) + ".",
           order=c["order"])
    return advance(state, rng)


def prompt_order(state: State, role: Role) -> Prompt:
    battles = bt.combat(state)["battles"]
    ids = tuple(b["id"] for b in battles)
    # named by hex, and where both sides strike one hex by the striking side (never the id "O3-allied")
    labels = tuple(b["hex"] + (f" ({b['attacker'].title()} strike)" if b["id"] != b["hex"] else "") for b in battles)
    args = {"order": Several(ids, minimum=len(ids), maximum=len(ids), labels=labels, label="Battle order"),
            "standing": Optional(Boolean(label=ORDER_LABEL))}
    return {"title": "Order this Turn's battles", "rule": "4",
            "actions": [{"verb": "order_battles", "label": "Fight in this order", "args": args_json(args)}],
            "info": {"battles": list(ids), "default": {"standing": standing_orders.on(state, role, "battle_order")}}}


def default_order(state: State, role: Role) -> Action:
    return {"verb": "order_battles", "args": {"order": [b["id"] for b in bt.combat(state)["battles"]]}}


def random_order(state: State, role: Role, rng: Rng) -> Action:
    return {"verb": "order_battles", "args": {"order": rng.shuffle([b["id"] for b in bt.combat(state)["battles"]])}}


def deciders_order(state: State) -> list[Role]:
    c = state.get("combat")
    return [state["sides"]["A"]] if c and c["step"] == "order" else []


# --- 4: the battle order's standing order (issue 34) -------------------------------------------------------------

ORDER_LABEL = standing_orders.LABELS["battle_order"]


def independent(state: State) -> bool:
    """Can the order of this Turn's battles change anything? Not when each is in a hex of its own: a unit is in one
    hex, so no unit fights in two battles, and one battle's losses never reach another. Two battles in one hex (both
    sides striking there) share its ships; option 11a's free roll marker passes from battle to battle."""
    hexes = [b["hex"] for b in bt.combat(state)["battles"]]
    return len(set(hexes)) == len(hexes) and free_roll.holder(state) is None


def ordered_by_standing_order(state: State) -> bool:
    """Side A's standing order answers the battle order (4): it is on and the order can change nothing. The order
    is told to both sides as Side A's would be, and Side A why it was not asked, the first time."""
    side_a = state["sides"]["A"]
    if not (standing_orders.on(state, side_a, "battle_order") and independent(state)):
        return False
    order = [b["id"] for b in bt.combat(state)["battles"]]
    bt.say(state, "order", f"Side A ({side_a.title()}) fights the battles in the listed order: "
           + ", then ".join(order) + " (standing order).", order=order)
    if standing_orders.first_told(state, side_a, "told_battle_order"):
        bt.say(state, "order", "Your battles this Turn are each in a hex of its own, so their order changes "
               "nothing and you were not asked it (4). The battle order form, asked when two battles share a hex, "
               "keeps or cancels this standing order.", to=side_a)
    return True


BATTLE_ORDER = Decision(id="battle_order", rule="4", verbs=ORDER_VERBS, deciders=deciders_order, prompt=prompt_order,
                        resolve=resolve_order, default=default_order, random=random_order, check=check_order)


def _finish_roll(state: State, o: dict[str, Any], roll: dict[str, Any], rng: Rng) -> State:
    """11a: the roll that stands after the free roll marker's holder answered, finished by its combat's module."""
    if o["kind"] == "aa":
        aa.finish(state, o["guns"], o["target"], roll, rng)
    elif o["kind"] == "air":
        air_play.finish(state, dict(roll, air=o["attackers"], target=o["target"], rule=o["rule"]), rng)
    else:
        bombing.finish(state, o["combat_id"], o["air"], o["modifiers"], roll, rng)
    return state


def _walking(record: Decision) -> Decision:
    """A battle's decision, whose resolution then walks the phase on to its next decision (`advance`): the
    procedures below the phase carry out an order and leave the walk to it."""
    def resolve(state: State, role: Role, action: Action, rng: Rng) -> State:
        return advance(record.resolve(state, role, action, rng), rng)
    return replace(record, resolve=resolve)


@lru_cache(maxsize=1)
def _records() -> tuple[Decision, ...]:
    # 11a first: while a combat's dice wait on the free roll marker's holder, nothing else is decided
    return (_walking(free_roll.record(_finish_roll)), BATTLE_ORDER, _walking(setup.SETUP_DEFENDER),
            _walking(setup.SETUP_ATTACKER), _walking(aa.AA), _walking(bombing.BOMBING),
            _walking(reorganisation.REORGANISE), _walking(air_play.AIR_COMBAT))


def COMBAT_DECISION_RECORDS() -> list[Decision]:  # the package exports the list as COMBAT_DECISIONS
    return list(_records())
