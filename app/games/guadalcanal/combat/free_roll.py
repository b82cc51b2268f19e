"""Option 11a: the free roll marker. One side holds it at the start (the scenario says which: data/options.toml
[free_roll]). After the dice of a combat are rolled, its holder may announce its use: the rolls are ignored, both
dice are rolled again, and the new rolls resolve the combat; the marker then passes to the other side, who may use
it on a later combat, and so on. Rolls other than combat rolls may not be re-rolled.

Played here for the Battleboard's combats (air combats under option 14, 14d-14e; AA, 4c; bombing, 4d): each is
rolled, and if the holder could want it (the result is not already the best for the holder: an elimination when the
holder's side attacks, a miss when it defends) the combat waits, unmarked (`combat["offer"]`), on the holder's one
decision, "free_roll" (use: yes or no). Both sides see the dice at once (the combat is fought in the open); the
option is refused with the 18c2 damage fog, in which the side that did the damage may not see them
(options.check_options).
"""
from __future__ import annotations

from typing import Any, Callable

from app.engine.contract import Action, Prompt, Role, State
from app.engine.errors import IllegalAction
from app.engine.orders import Boolean, args_json
from app.engine.rng import Rng
from app.engine.states import Decision
from app.games.guadalcanal import options as optional
from app.games.guadalcanal.combat import battle as bt
from app.games.guadalcanal.combat import telling
from app.games.guadalcanal.combat.resolution import ELIMINATE, MISS, roll_combat

VERBS = {"free_roll": {"use": Boolean(label="Use the free roll marker")}}
WORDS = {"miss": "no damage", "hit": "1 hit", "flip": "flipped", "eliminate": "eliminated"}


def holder(state: State) -> str | None:
    """The side holding the marker, or None when option 11a is off."""
    if not optional.on(state, optional.FREE_ROLL):
        return None
    return (state.get("free_roll") or {}).get("holder")


def offer(state: State, kind: str, attacker_side: str, roll: dict[str, Any], payload: dict[str, Any]) -> bool:
    """After a combat's dice: hold the combat for the holder's decision when a re-roll could help it (True)."""
    h = holder(state)
    if h is None:
        return False
    best = ELIMINATE if h == attacker_side else MISS
    if roll["result"] == best:
        return False
    bt.combat(state)["offer"] = {"kind": kind, "attacker_side": attacker_side, "roll": dict(roll), **payload}
    return True


def deciders(state: State) -> list[Role]:
    c = state.get("combat")
    return [holder(state)] if c and c.get("offer") and holder(state) else []


def _what(state: State, o: dict[str, Any]) -> str:
    if o["kind"] == "aa":
        return f"AA: {' + '.join(bt.name(g) for g in o['guns'])} fire at {bt.name(o['target'])}"
    if o["kind"] == "air":  # option 14's air combats (14d1, 14d2, 14e)
        names = " + ".join(bt.name(a) for a in o["attackers"])
        return f"air combat ({o['rule']}): {names} attack {bt.name(o['target'])}"
    target, cat = o["combat_id"].split(":")
    return f"{cat} bombing: {' + '.join(bt.name(a) for a in o['air'])} against {bt.name(target)}"


def _target(o: dict[str, Any]) -> str:
    return o["target"] if "target" in o else o["combat_id"].split(":")[0]


def numbers_hidden(state: State, o: dict[str, Any], reader: str) -> bool:
    """18c: whether the offered combat's dice are kept from `reader`: with the result they would give away a part
    of the total read off the target's closed Operations Card (telling.numbers_hidden)."""
    if o["kind"] != "bombing":
        return False
    target, cat = o["combat_id"].split(":")
    return telling.numbers_hidden(state, reader, bt.side_of(target), telling.card_parts(target, cat))


def prompt(state: State, role: Role) -> Prompt:
    o = bt.combat(state)["offer"]
    r = o["roll"]
    said = (f"{_what(state, o)}: {r['attacker_roll']}+{r['attacker_total']}={r['attacker_number']} against "
            f"{r['defender_roll']}+{r['defender_total']}={r['defender_number']}: {WORDS[r['result']]}")
    roll = dict(r)
    if numbers_hidden(state, o, role):
        said = f"{_what(state, o)}: {WORDS[r['result']]} (the umpire's roll: the Operations Cards are closed, 18c)"
        roll = {"result": r["result"]}
    return {"title": f"Free roll marker (11a): {said}. Roll both dice again?", "rule": "11a",
            "actions": [{"verb": "free_roll", "label": "Decide", "args": args_json(VERBS["free_roll"])}],
            "info": {"kind": "free_roll", "roll": roll, "combat": o["kind"]}}


def check(state: State, role: Role, action: Action) -> None:
    if role != holder(state) or not bt.combat(state).get("offer"):
        raise IllegalAction("Only the holder of the free roll marker may call for a re-roll, after a combat's dice.",
                            "11a")


def settle(state: State, role: Role, action: Action, rng: Rng) -> tuple[dict[str, Any], dict[str, Any]]:
    """The holder's answer: the offer taken back, with the roll that stands (rolled again if the marker is used);
    the combat's own module then finishes it (the Combat Phase's record, phase.py, hands it on)."""
    c = bt.combat(state)
    o = c.pop("offer")
    roll = o["roll"]
    if action["args"]["use"]:
        old = roll
        roll = roll_combat(rng, old["attacker_total"], old["defender_total"])
        other = bt.other(role)
        state["free_roll"]["holder"] = other
        state["free_roll"].setdefault("used", []).append({"by": role, "combat": _what(state, o)})
        _tell_used(state, o, role, old)
    return o, roll


def _tell_used(state: State, o: dict[str, Any], role: Role, old: dict[str, Any]) -> None:
    """The marker's use, in public; the ignored dice only to those who may read the combat's numbers (18c)."""
    other, owner = bt.other(role), bt.side_of(_target(o))
    said = (f"{role.title()} uses the free roll marker (11a): the rolls {old['attacker_roll']} and "
            f"{old['defender_roll']} are ignored and both dice rolled again; the marker passes to {other.title()}.")
    if not numbers_hidden(state, o, bt.other(owner)):
        bt.say(state, "free_roll", said, free_roll={"by": role, "ignored": old})
        return
    bt.say(state, "free_roll", f"{role.title()} uses the free roll marker (11a): the umpire's rolls are ignored and "
                               f"both dice rolled again; the marker passes to {other.title()}.",
           free_roll={"by": role})
    bt.say(state, "free_roll", said, to=owner, free_roll={"by": role, "ignored": old})


def default(state: State, role: Role) -> Action:
    return {"verb": "free_roll", "args": {"use": False}}


def random(state: State, role: Role, rng: Rng) -> Action:
    return {"verb": "free_roll", "args": {"use": rng.die(4) == 1}}


def record(finish: Callable[[State, dict[str, Any], dict[str, Any], Rng], State]) -> Decision:
    """11a's decision, whose resolution settles the roll and hands it to `finish` (the Combat Phase's, phase.py:
    the combat's own module marks its result, and the phase walks on)."""
    def resolve(state: State, role: Role, action: Action, rng: Rng) -> State:
        o, roll = settle(state, role, action, rng)
        return finish(state, o, roll, rng)
    return Decision(id="free_roll", rule="11a", verbs=VERBS, deciders=deciders, prompt=prompt, resolve=resolve,
                    default=default, random=random, check=check)
