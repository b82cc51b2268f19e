"""4c: anti-aircraft combat. The side with the ships and/or base is the attacker and decides, one combat at a time,
which of its units fire at which enemy air unit.

- Range: up to 3 Battleboard hexes from each firing unit, counted through any units (4c1).
- The AA factors of the units firing together add up; each unit's AA factor may be used once per Combat Phase
  (4c2). Against an air unit using high level bombing (H) -2 (4c2.1), medium level (M, or T attacking a base) -1
  (4c2.2).
- The defender adds only the air unit's defense factor (4c3).
Each combat is resolved at once (4b) and its result marked at once (10b: B8's hit lowers its bombing).

The battle's AA is one order (`fire_all`, issue 34): each gun's target (defaulted to the nearest attacker in its
range) or "hold"; the guns given one target fire together, one combat a target in the order given, and the step ends
(a gun held does not fire in this battle). `fire` (one combat) and `cease_fire` stay for orders given one at a time.
The standing order (issue 34) gives the order without asking: the guns concentrated on the most dangerous attackers
(`concentrated`, the computer player's fire too).
"""
from __future__ import annotations

from app.engine.contract import Action, Prompt, Role, State
from app.engine.errors import IllegalAction
from app.engine.log import entry
from app.engine.orders import Boolean, Choice, Group, Keyed, Optional, Several, args_json
from app.engine.rng import Rng
from app.engine.states import Decision
from app.games.guadalcanal import fog, standing_orders
from app.games.guadalcanal.combat import air_play, free_roll, telling
from app.games.guadalcanal.combat import units as counters
from app.games.guadalcanal.combat import battle as bt
from app.games.guadalcanal.combat.damage import apply_result, factor
from app.games.guadalcanal.combat.resolution import roll_combat
from app.games.guadalcanal.combat.setup import AIR, SHIPS_AND_BASES
from app.games.guadalcanal.combat.tables import grid, tables

HOLD = "hold"
VERBS = {"fire": {"guns": Several(SHIPS_AND_BASES, minimum=1, label="Firing units"),
                  "target": Choice(AIR, label="Target air unit")},
         "fire_all": {"targets": Keyed(Choice((*AIR, HOLD)), label="Each gun's target"),
                      # issue 34: keep or cancel the AA fire's standing order (below)
                      "standing": Optional(Boolean(label="Standing order"))},
         "cease_fire": {}}


def bombing_level(state: State, air: str) -> str | None:
    """"high" for H units, "medium" for M units and T units attacking a base (4d1.2-4d1.4), else None."""
    t = bt.utype(air)
    target = bt.board(state)[air]["target"]
    if t == "H":
        return "high"
    if t == "M" or (t == "T" and bt.kind(target) == "base"):
        return "medium"
    return None


def modifier(state: State, air: str) -> int:
    level = bombing_level(state, air)
    aa = tables()["aa"]
    return {"high": aa["high_level"], "medium": aa["medium_level"]}.get(level, 0)


def guns(state: State) -> list[str]:
    """The defender's units on the Battleboard whose AA factor is not yet used this Combat Phase (4c2)."""
    used = bt.combat(state)["aa_used"]
    return [u for u in bt.defenders_on_board(state) if u not in used and factor(state, u, "aa") is not None]


def in_range(state: State, gun: str, air: str) -> bool:
    return grid().distance(bt.board(state)[gun]["hex"], bt.air_hex(state, air)) <= tables()["aa"]["range"]


def possible(state: State) -> bool:
    return any(in_range(state, g, a) for g in guns(state) for a in bt.attackers_on_board(state))


def check(state: State, role: Role, action: Action) -> None:
    b = bt.battle(state)
    if bt.combat(state)["step"] != "aa" or role != b["defender"]:
        raise IllegalAction("It is not your anti-aircraft fire now.", "4c")
    if action["verb"] == "cease_fire":
        return
    if action["verb"] == "fire_all":
        for g, target in action["args"]["targets"].items():
            if target != HOLD:
                check(state, role, {"verb": "fire", "args": {"guns": [g], "target": target}})
        return
    target = action["args"]["target"]
    if target not in bt.attackers_on_board(state):
        raise IllegalAction(f"{bt.name(target)} is not an enemy air unit on the Battleboard.", "4c")
    available = guns(state)
    for g in action["args"]["guns"]:
        if g in bt.combat(state)["aa_used"]:
            raise IllegalAction(f"{bt.name(g)} has already fired its AA this Combat Phase.", "4c2")
        if g not in available:
            raise IllegalAction(f"{bt.name(g)} is not one of your units on the Battleboard.", "4c")
        if not in_range(state, g, target):
            raise IllegalAction(f"{bt.name(target)} is more than {tables()['aa']['range']} hexes from {bt.name(g)}.",
                                "4c1")


def fire(state: State, guns_: list[str], target: str, rng: Rng) -> dict:
    """One AA combat (4c), resolved and marked at once; its lines go to whom telling.py says (18c2 fog). Under
    option 11a the holder of the free roll marker may first have the dice rolled again (free_roll.py)."""
    # 14f (option 14): a strafed unit's AA factor is lowered for this battle
    total = sum(air_play.aa_of(state, g) for g in guns_) + modifier(state, target)
    roll = roll_combat(rng, total, factor(state, target, "defense"))
    bt.combat(state)["aa_used"].extend(guns_)
    if free_roll.offer(state, "aa", bt.side_of(guns_[0]), roll, {"guns": guns_, "target": target}):
        return roll
    return finish(state, guns_, target, roll, rng)


def finish(state: State, guns_: list[str], target: str, roll: dict, rng: Rng) -> dict:
    """Mark and tell one AA combat's result (4b4, 4b5)."""
    total = roll["attacker_total"]
    before = fog.shown(state["units"][target])
    effects = apply_result(state, target, roll["result"])
    if not bt.on_board(state, target):
        bt.board(state).pop(target, None)
    names = " + ".join(bt.name(g) for g in guns_)
    telling.tell_result(
        state, "aa", "4c", target, before, roll, effects,
        f"AA: {names} (+{total}) fire at {bt.name(target)} (+{roll['defender_total']}): "
        f"{roll['attacker_roll']}+{total}={roll['attacker_number']} against {roll['defender_roll']}+"
        f"{roll['defender_total']}={roll['defender_number']}: {_words(roll['result'], target)}.",
        lambda told: f"AA: {names} fire at {bt.name(target)}: the umpire reports {told}.", rng,
        combat="aa", guns=guns_, target=target)
    return roll


def _words(result: str, uid: str) -> str:
    return {"miss": "no damage", "hit": f"{bt.name(uid)} 1 hit", "flip": f"{bt.name(uid)} flipped",
            "eliminate": f"{bt.name(uid)} eliminated"}[result]


def resolve(state: State, role: Role, action: Action, rng: Rng) -> State:
    if action["verb"] == "cease_fire":
        bt.say(state, "aa", f"{role.title()} fires no more AA in this battle.")
        bt.combat(state)["step"] = "bombing"
    elif action["verb"] == "fire_all":
        if "standing" in action["args"]:
            standing_orders.keep(state, role, "aa", action["args"]["standing"])
        bt.combat(state)["aa_volley"] = volleys(action["args"]["targets"])
        fire_volleys(state, rng)
    else:
        fire(state, action["args"]["guns"], action["args"]["target"], rng)
    return state


def volleys(targets: dict[str, str]) -> list[list]:
    """[guns, target] a combat, the guns given one target together (4c2), targets in the order first given."""
    out: dict[str, list[str]] = {}
    for g, t in targets.items():
        if t != HOLD:
            out.setdefault(t, []).append(g)
    return [[g, t] for t, g in out.items()]


def fire_volleys(state: State, rng: Rng) -> None:
    """The battle's AA order, combat by combat; a target already shot off the Battleboard is not fired at (its
    guns keep their factor). Under option 11a a combat may wait on the free roll (the rest fire after it)."""
    c = bt.combat(state)
    while c.get("aa_volley") and not c.get("offer"):
        guns_, target = c["aa_volley"].pop(0)
        if target in bt.attackers_on_board(state):
            fire(state, guns_, target, rng)
    if not c.get("aa_volley") and not c.get("offer"):
        c.pop("aa_volley", None)
        c["step"] = "bombing"


def nearest(state: State, gun: str) -> str | None:
    """The attacker nearest the gun among those in its range (the first of equals): its target by default."""
    here = bt.board(state)[gun]["hex"]
    near = [a for a in bt.attackers_on_board(state) if in_range(state, gun, a)]
    return min(near, key=lambda a: grid().distance(here, bt.air_hex(state, a))) if near else None


def prompt(state: State, role: Role) -> Prompt:
    b = bt.battle(state)
    ready, targets = guns(state), bt.attackers_on_board(state)
    reach = {g: [a for a in targets if in_range(state, g, a)] for g in ready}
    # 4c1: each gun is offered only the attackers in its range, or to hold its fire
    per_gun = {g: Choice((*reach[g], HOLD), (*(bt.name(a) for a in reach[g]), "Hold fire"),
                         label=f"{bt.name(g)} (AA {air_play.aa_of(state, g)}) fires at")
               for g in ready if reach[g]}
    return {"title": f"Battle {b['hex']}: anti-aircraft fire: each gun's target (the guns firing at one air unit "
                     f"add their factors, 4c2)", "rule": "4c",
            "actions": [{"verb": "fire_all", "label": "Fire",
                         "args": args_json({"targets": Group(per_gun, label="Each gun's target"),
                                            "standing": Optional(Boolean(label=standing_orders.LABELS["aa"]))})},
                        {"verb": "cease_fire", "label": "Fire no more AA", "args": {}}],
            "info": {"battle": b["hex"], "in_range": reach,
                     "default": dict(default(state, role)["args"], standing=standing_orders.on(state, role, "aa")),
                     "aa": {g: air_play.aa_of(state, g) for g in ready},
                     "modifiers": {a: modifier(state, a) for a in targets}}}


def default(state: State, role: Role) -> Action:
    """Missed orders: every unused gun fires at the nearest air unit in its range."""
    targets = {g: nearest(state, g) for g in guns(state)}
    if not any(targets.values()):
        return {"verb": "cease_fire", "args": {}}
    return {"verb": "fire_all", "args": {"targets": {g: t for g, t in targets.items() if t}}}


def random(state: State, role: Role, rng: Rng) -> Action:
    if rng.die(4) == 1:
        return {"verb": "cease_fire", "args": {}}
    targets = {}
    for g in guns(state):
        reach = [a for a in bt.attackers_on_board(state) if in_range(state, g, a)]
        if reach:
            targets[g] = rng.choice([*reach, HOLD])
    return {"verb": "fire_all", "args": {"targets": targets}}


def concentrated(in_range: dict[str, list[str]], aa: dict[str, int], modifiers: dict[str, int],
                 attacking: dict[str, str | None]) -> dict[str, str]:
    """The AA standing order's choice, {gun: target} (the computer player's too, bots.py): the guns concentrate on
    the most dangerous attacker first - the one attacking the most valuable unit (its victory points, 7a3), then the
    one with the greatest printed bombing factor - with the guns left that reach it (4c1), strongest first, until
    their factors (4c2) beat its printed defense (4c3) by 4 after its modifier (4c2.1, 4c2.2); then the next
    attacker. A gun no attacker needs holds its fire. `in_range` {gun: attackers in its range}, `aa` {gun: AA
    factor}, `modifiers` {attacker: AA modifier}, `attacking` {attacker: the unit it attacks}: what the defender's
    form shows it (prompt)."""
    def threat(a: str) -> tuple:
        target = attacking.get(a)
        value = counters.ship_value({"type": counters.record(target)["type"]}) if target else 0
        return (value, (counters.printed(a) or {}).get("bombing", 0) or 0, a)

    free = set(in_range)
    volley: dict[str, str] = {}
    for a in sorted({a for air in in_range.values() for a in air}, key=threat, reverse=True):
        reach = sorted((g for g, air in in_range.items() if a in air and g in free),
                       key=lambda g: (-(aa.get(g) or 0), g))
        need = ((counters.printed(a) or {}).get("defense", 0) or 0) + 4 - (modifiers.get(a) or 0)
        chosen, total = [], 0
        for g in reach:
            if total >= need:
                break
            chosen.append(g)
            total += aa.get(g) or 0
        if chosen and total > 0:
            volley.update({g: a for g in chosen})
            free -= set(chosen)
    return volley


def fire_by_standing_order(state: State) -> bool:
    """The defender's AA fire is ordered by its standing order (4c): it is on and no later wave of this battle
    (option 13b) may still come, for which a player might hold a gun's fire (4c2: once a Combat Phase; a side
    defends a hex in one battle at most, so no other battle can want the gun). The guns concentrate on the most
    dangerous attackers (`concentrated`); the side is told why it was not asked, the first time."""
    side = bt.battle(state)["defender"]
    if not standing_orders.on(state, side, "aa") or bt.battle(state).get("waves"):
        return False
    if standing_orders.first_told(state, side, "told_aa"):
        state["log"].append(entry(side, "Your guns fired by your standing order, concentrated on the most dangerous "
                                        "attacking air units: first the one attacking your most valuable unit (then "
                                        "the strongest bomber), with guns in its range enough to beat its defense by "
                                        "4, then the next (4c). Untick it among the standing orders of the Sea "
                                        "Movement form to aim them yourself.",
                                  at="Combat Phase, anti-aircraft combat (4c), standing order"))
    targets = bt.attackers_on_board(state)
    reach = {g: [a for a in targets if in_range(state, g, a)] for g in guns(state)}
    volley = concentrated(reach, {g: air_play.aa_of(state, g) for g in reach},
                          {a: modifier(state, a) for a in targets}, {a: bt.board(state)[a]["target"] for a in targets})
    if not volley:
        bt.combat(state)["step"] = "bombing"
        return True
    bt.combat(state)["aa_volley"] = volleys(volley)
    return True


deciders = bt.decided_by("aa", "defender")


AA = Decision(id="aa_combat", rule="4c", verbs=VERBS, deciders=deciders, prompt=prompt, resolve=resolve,
              default=default, random=random, check=check)
