"""Option 14: air combats between fighters, resolved before anti-aircraft combat (14 intro).

The attacker's escort fighters meet the defender's CAP fighters (the High and Low CAP boxes of the battle hex):

- 14a: no CAP fighter present, no air combat (escorts stay out or strafe). 14a2: every CAP fighter must fight;
  14a2.1: each faces one escort; 14a2.2: the excess CAP stacks up, but each escort gets at least one CAP fighter if
  possible. 14a3: escorts left without a CAP opponent may join another escort's combat against one CAP fighter, or
  be set up to strafe (or stay out, as 14a allows when there is no CAP).
- 14b: the attacker adds the air combat factors of the units attacking one target; the defender adds the target's
  defense factor; nothing else (14d1).
- 14d: the escorts attack first (14d1), then the CAP (14d2); every result is marked at once (4b4, 4b5), so a unit
  eliminated by the escorts does not attack, and an escort whose opponents are all gone is no longer in an individual
  combat: it is not attacked and is freed to strafe (14d1).
- 14e: a combat whose escorts are all eliminated releases its CAP fighters to break through: one more air combat
  each, against a bomber or a strafing fighter; with no escorts at all, every CAP fighter breaks through. 14c (not
  transcribed, reconstructed in data/options.toml [fighters]): High CAP may attack D, H and M bombers, Low CAP T
  bombers, either a strafer.

An air combat in progress is plain data, `{"combats": [{"escorts": [...], "cap": [...]}], "cap_box": {uid: "high" |
"low"}, "phase": "escort" | "cap" | "breakthrough" | "done", "attacked": [...], "strafers": [...]}`; the functions
here change it and the units in place and return what each combat was (its dice, numbers and result).
"""
from __future__ import annotations

from typing import Any

from app.engine.contract import State
from app.engine.errors import IllegalAction
from app.engine.rng import Rng
from app.games.guadalcanal import options
from app.games.guadalcanal.combat import units
from app.games.guadalcanal.combat.damage import alive, apply_result, factor
from app.games.guadalcanal.combat.resolution import roll_combat
from app.games.guadalcanal.combat.tables import grid

HIGH, LOW = "high", "low"
ESCORT, CAP, BREAKTHROUGH, DONE = "escort", "cap", "breakthrough", "done"
STRAFER = "strafer"
Air = dict[str, Any]


def values() -> dict[str, Any]:
    return options.table()["fighters"]


def _fighter(state: State, uid: str, side: str | None = None) -> bool:
    return (uid in state["units"] and alive(state, uid) and units.record(uid)["type"] == "F"
            and (side is None or state["units"][uid]["side"] == side))


def set_up(state: State, escorts: list[str], cap_box: dict[str, str], faced: dict[str, str],
           joined: dict[str, str] | None = None, strafers: list[str] | tuple[str, ...] = ()) -> Air:
    """14a-14a3: check the two sides' set-ups and return the individual combats.

    `escorts`: the attacker's escort fighters; `cap_box`: every CAP fighter of the battle hex and its box (14a2);
    `faced`: {CAP fighter: the escort it faces} (14a2.1); `joined`: {escort left over: the CAP fighter it attacks
    with the escort already facing it} (14a3); `strafers`: escorts set up to strafe (14a3, 14f)."""
    joined, strafers = dict(joined or {}), list(strafers)
    if len(set(escorts)) != len(escorts) or not all(_fighter(state, e) for e in escorts):
        raise IllegalAction("Only fighter units can escort, each once (14a1).", "14a1")
    sides = {state["units"][e]["side"] for e in escorts}
    for c, box in cap_box.items():
        if box not in (HIGH, LOW) or not _fighter(state, c) or state["units"][c]["side"] in sides:
            raise IllegalAction("Only the defender's fighter units in the High and Low CAP boxes fly CAP (14a2).",
                                "14a2")
    if not cap_box:  # 14a: no CAP, no air combat; the escorts stay out or strafe
        if faced or joined:
            raise IllegalAction("There is no CAP fighter to fight: the escorts stay out or strafe (14a).", "14a")
        return _air(escorts, [], cap_box, strafers)
    if not escorts:  # 14e: with no escort fighters, every CAP fighter breaks through
        if faced or joined:
            raise IllegalAction("There is no escort fighter to fight: the CAP breaks through (14e).", "14e")
        return _air(escorts, [], cap_box, strafers)
    if set(faced) != set(cap_box):
        raise IllegalAction("Every fighter in the High and Low CAP boxes must face one escort fighter (14a2, "
                            "14a2.1).", "14a2")
    if any(e not in escorts for e in faced.values()):
        raise IllegalAction("A CAP fighter faces one of the escort fighters (14a2.1).", "14a2.1")
    faced_escorts = set(faced.values())
    if len(cap_box) >= len(escorts) and faced_escorts != set(escorts):
        raise IllegalAction("At least one CAP fighter must face each escort fighter (14a2.2).", "14a2.2")
    if len(cap_box) < len(escorts) and len(faced_escorts) < len(cap_box):
        raise IllegalAction("Stack CAP fighters only when there are more of them than escorts; each escort "
                            "should face one first (14a2.2).", "14a2.2")
    left_over = [e for e in escorts if e not in faced_escorts]
    for e, c in joined.items():
        if e not in left_over or c not in cap_box:
            raise IllegalAction("Only an escort fighter no CAP fighter faces may join another escort's combat, "
                                "against a CAP fighter (14a3).", "14a3")
    if any(s not in left_over or s in joined for s in strafers):
        raise IllegalAction("Only an escort fighter no CAP fighter faces may be set up to strafe (14a3).", "14a3")
    combats = []
    for e in escorts:
        if e in faced_escorts:
            cap = [c for c in cap_box if faced[c] == e]
            combats.append({"escorts": [e] + [j for j, c in joined.items() if c in cap], "cap": cap})
    return _air(escorts, combats, cap_box, strafers)


def _air(escorts: list[str], combats: list[dict[str, Any]], cap_box: dict[str, str], strafers: list[str]) -> Air:
    return {"escorts": list(escorts), "combats": combats, "cap_box": dict(cap_box),
            "phase": ESCORT if combats else BREAKTHROUGH, "attacked": [], "strafers": list(strafers)}


def _combat_of(air: Air, uid: str) -> dict[str, Any] | None:
    return next((c for c in air["combats"] if uid in c["escorts"] or uid in c["cap"]), None)


def engaged(state: State, air: Air, uid: str) -> bool:
    """A fighter is in an individual combat while it and one of its opponents are alive (14d2: 1F5, whose opponent
    was eliminated, is no longer in one and is not attacked)."""
    c = _combat_of(air, uid)
    if c is None or not alive(state, uid):
        return False
    foes = c["cap"] if uid in c["escorts"] else c["escorts"]
    return any(alive(state, f) for f in foes)


def attack(state: State, air: Air, rng: Rng, attackers: list[str], target: str, marked: bool = True) -> dict[str, Any]:
    """One air combat of 14d: in the escort phase escorts attack a CAP fighter of their individual combat, in the
    CAP phase CAP fighters attack an escort of theirs. Several attackers on one target add their air combat factors
    (14b); the target adds its defense factor. The result is marked at once (14d1)."""
    if air["phase"] not in (ESCORT, CAP):
        raise IllegalAction("The escorts' and CAP's attacks are over (14d).", "14d")
    own = "escorts" if air["phase"] == ESCORT else "cap"
    foes = "cap" if own == "escorts" else "escorts"
    rule = "14d1" if air["phase"] == ESCORT else "14d2"
    c = _combat_of(air, target)
    if not attackers or len(set(attackers)) != len(attackers) or c is None or target not in c[foes]:
        raise IllegalAction("Attack an opposing fighter of the same individual combat (14a2.1, 14d).", rule)
    for a in attackers:
        if a not in c[own] or not engaged(state, air, a) or not alive(state, target):
            raise IllegalAction("Each fighter attacks an opponent still in its individual combat (14d).", rule)
        if a in air["attacked"]:
            raise IllegalAction(f"{units.record(a)['name']} has attacked already (14d).", rule)
    return _resolve(state, air, rng, attackers, target, rule, marked)


def _resolve(state: State, air: Air, rng: Rng, attackers: list[str], target: str, rule: str,
             marked: bool = True) -> dict[str, Any]:
    """Roll one air combat; `marked` False leaves the result unmarked (option 11a: the free roll marker's holder may
    have the dice rolled again first; `mark` then marks the roll that stands)."""
    total = sum(factor(state, a, "air_combat") or 0 for a in attackers)  # 14b
    rec = roll_combat(rng, total, factor(state, target, "defense") or 0)
    air["attacked"] += attackers
    rec.update(air=list(attackers), target=target, rule=rule)
    return mark(state, rec) if marked else rec


def mark(state: State, rec: dict[str, Any]) -> dict[str, Any]:
    """Mark an air combat's result on its target (4b4, 4b5)."""
    rec["seen"] = apply_result(state, rec["target"], rec["result"])
    return rec


def can_attack(state: State, air: Air) -> list[str]:
    """The fighters that may still attack in this phase (14d1, 14d2)."""
    own = {ESCORT: "escorts", CAP: "cap"}.get(air["phase"])
    if own is None:
        return []
    return [u for c in air["combats"] for u in c[own] if u not in air["attacked"] and engaged(state, air, u)]


def end_phase(air: Air) -> None:
    """The escorts have attacked (14d1): the CAP attacks (14d2); then the breakthroughs (14e)."""
    air["phase"] = CAP if air["phase"] == ESCORT else BREAKTHROUGH
    air["attacked"] = []


def freed(state: State, air: Air) -> list[str]:
    """Escorts whose CAP opponents are all eliminated: free to be placed as strafers at once (14d1)."""
    return [e for c in air["combats"] if not any(alive(state, x) for x in c["cap"]) for e in c["escorts"]
            if alive(state, e)]


def strafe(state: State, air: Air, escort: str) -> None:
    """14d1: an escort freed by its opponents' elimination may be placed as a strafing fighter."""
    if escort not in freed(state, air) or escort in air["strafers"]:
        raise IllegalAction("Only an escort fighter whose CAP opponents are all eliminated is freed to strafe "
                            "(14d1).", "14d1")
    air["strafers"].append(escort)


def breaking_through(state: State, air: Air) -> list[str]:
    """14e: the CAP fighters of every individual combat that ended with its escorts eliminated; with no escort
    fighters at all, every CAP fighter."""
    if not air["escorts"]:
        return [c for c in air["cap_box"] if alive(state, c)]
    return [x for c in air["combats"] if not any(alive(state, e) for e in c["escorts"]) for x in c["cap"]
            if alive(state, x)]


def may_attack(state: State, air: Air, cap: str, target: str) -> bool:
    """14c (reconstructed): High CAP breaks through against D, H or M bombers, Low CAP against T bombers; either
    against a strafing fighter."""
    allowed = values()[f"{air['cap_box'][cap]}_cap_targets"]
    if target in air["strafers"]:
        return STRAFER in allowed and alive(state, target)
    rec = units.record(target)
    return rec["kind"] == "air" and rec["type"] in allowed and alive(state, target)


def break_through(state: State, air: Air, rng: Rng, attackers: list[str], target: str,
                  bombers: list[str], marked: bool = True) -> dict[str, Any]:
    """14e: released CAP fighters attack one bomber of the strike (`bombers`) or a strafer, once each (14b)."""
    if air["phase"] != BREAKTHROUGH:
        raise IllegalAction("Breakthroughs come after the escorts' and the CAP's attacks (14e).", "14e")
    released = breaking_through(state, air)
    if not attackers or len(set(attackers)) != len(attackers) or any(a not in released for a in attackers):
        raise IllegalAction("Only a CAP fighter whose escort opponents were all eliminated breaks through (14e).",
                            "14e")
    if any(a in air["attacked"] for a in attackers):
        raise IllegalAction("Each CAP fighter breaks through for one more air combat only (14e).", "14e")
    if (target not in bombers and target not in air["strafers"]) or not all(
            may_attack(state, air, a, target) for a in attackers):
        raise IllegalAction("High CAP breaks through against dive, high or medium level bombers, Low CAP against "
                            "torpedo bombers, either against a strafing fighter (14c, reconstructed; 14e).", "14c")
    return _resolve(state, air, rng, attackers, target, "14e", marked)


def strafe_at(state: State, air: Air, strafer: str, strafer_hex: str, target: str, target_hex: str) -> None:
    """14f (reconstructed, data/options.toml [fighters]): a strafer picks one enemy ship or base unit within range on
    the Battleboard, before the AA fire."""
    rec = units.record(target)
    if strafer not in air["strafers"] or not alive(state, strafer):
        raise IllegalAction("Only a fighter set up to strafe picks a target to strafe (14a3, 14d1, 14f).", "14f")
    if (rec["kind"] not in ("ship", "base") or not alive(state, target)
            or state["units"][target]["side"] == state["units"][strafer]["side"]):
        raise IllegalAction("A strafing fighter strafes an enemy ship or base unit (14f, reconstructed).", "14f")
    if grid().distance(strafer_hex, target_hex) > values()["strafe_range"]:
        raise IllegalAction(f"A strafing fighter strafes a unit within {values()['strafe_range']} Battleboard hexes "
                            "(14f, reconstructed).", "14f")
    air.setdefault("strafed", {})[strafer] = target


def aa_lost(state: State, air: Air, target: str) -> int:
    """14f (reconstructed): how much of `target`'s AA factor the strafers still flying silence in this battle: each
    strafer's current air combat factor halved, rounding down (a strafer a breakthrough flipped silences less, one
    eliminated nothing)."""
    return sum((factor(state, s, "air_combat") or 0) // values()["strafe_divisor"]
               for s, t in (air.get("strafed") or {}).items() if t == target and alive(state, s))


def aa_factor(state: State, air: Air, uid: str) -> int | None:
    """The unit's AA factor for this battle's anti-aircraft combats, after strafing (never below 0; "—" stays)."""
    aa = factor(state, uid, "aa")
    return None if aa is None else max(aa - aa_lost(state, air, uid), 0)
