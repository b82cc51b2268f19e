"""The Basic Game's sequence of play (2b, 3-6) on the engine's walker (app/engine/sequence.py): the steps of a Turn
and the procedures the walk carries out between decisions; `walk` makes the game's walk over its states table
(states.py, SEQUENCE).

Each Turn: the competitive roll for Side A and Side B (3, `next_turn`); the Action Phase, Side B then Side A in every
step (assembly 3a, ready 3b, sea movement 3c, air movement and search 3d with sea search 3d5, which a side's standing
order may answer, standing.py); the Combat Phase (4); the surface combats (option 16); the Air Return Phase (5), B then
A; the submarine attack (option 11e); the Turn Record Phase (6). A side with nothing to decide in a step is passed
over (its record's `needed`); the Combat Phase waits on its battles' decisions (the walk's `interrupt`).

Umpired play (18c1) walks UMPIRED_TURN instead: the umpire rolls for the sides, then both sides send each Action Phase
step's orders at once and in secret (assembly, ready, sea movement, then the scouts' projected routes, then the air
strikes, then the sea searches); a side may send them again until both are in (a route for every flight, `is_in`),
and both are carried out B then A once the umpire releases the step (app/engine/umpire_gate.py), as he releases the
Combat Phase (when there is a battle, `gated`) and the Turn Record Phase.
"""
from __future__ import annotations

from typing import Any

from app.engine.contract import UMPIRE
from app.engine.log import PUBLIC, clone, entry
from app.engine.sequence import ALL, HOLD, Sequence, Step
from app.engine.states import StatesTable
from app.games.guadalcanal import (air, cards, combat, fog, patrols, shadowing, standing, submarine, timetrack,
                                   victory)
from app.games.guadalcanal.gamedata import SIDES, TITLE, enemy
from app.games.guadalcanal.surface import campaign

State = dict[str, Any]

COMBAT = Step("combat", title="Combat Phase", rule="4")
RECORD = Step("record", title="Turn Record Phase", rule="6")
# "B"/"A" is the side of that letter this Turn (3: B performs each step first); a step without a side is carried out
# by the walk ("shadowing": option 12d2's report after both Sea Movement Steps; "standing": a side's standing order
# answering its sea search; "surface": option 16's surface combats; "landing": a side's standing order answering its
# landing; "submarine": option 11e's roll).
TURN: tuple[Step, ...] = (
    Step("assembly", "B"), Step("assembly", "A"),
    Step("ready", "B"), Step("ready", "A"),
    Step("sea", "B"), Step("sea", "A"),
    Step("shadowing"),
    Step("air", "B"), Step("standing", "B"), Step("sea_search", "B"),
    Step("air", "A"), Step("standing", "A"), Step("sea_search", "A"),
    COMBAT,
    Step("surface"),
    Step("landing", "B"), Step("air_return", "B"), Step("landing", "A"), Step("air_return", "A"),
    Step("submarine"),  # the roll, then the winner's target (11e2, the record of the same kind)
    RECORD,
)
# 18c1: umpired, the umpire rolls for the sides; both sides perform each Action Phase step at once (ALL: the air
# strikes after every scout has flown), and the umpire releases each step before it is carried out (gate).
SIMULTANEOUS = ("assembly", "ready", "sea", "scouts", "strikes", "sea_search")
FLIGHT_KINDS = ("scouts", "strikes")  # a side is in when every one of its flights has a route


def umpired_turn(states: StatesTable) -> tuple[Step, ...]:
    both = {k: Step(k, ALL, title=f"the {states[k].title} orders", gate=True) for k in SIMULTANEOUS}
    return (
        Step("sides"),
        both["assembly"], both["ready"], both["sea"],
        Step("shadowing"),
        both["scouts"], both["strikes"], both["sea_search"],
        Step("combat", title=COMBAT.title, rule=COMBAT.rule, gate=True),  # held only when there is a battle
        Step("surface"),
        Step("landing", "B"), Step("air_return", "B"), Step("landing", "A"), Step("air_return", "A"),
        Step("submarine"),
        Step("record", title=RECORD.title, rule=RECORD.rule, gate=True),
    )


# Every decision kind the sequence reaches (the states table must hold a full record of each): the Combat Phase's
# are the combat package's (combat/__init__.py), waited on while the step is "combat".
COMBAT_KINDS = tuple(d.id for d in combat.COMBAT_DECISIONS)
PROCEDURES = ("shadowing", "standing", "combat", "surface", "landing", "submarine", "record")  # the walk's own (`walk`)
DECISION_KINDS = ("deploy", "sides", *dict.fromkeys(st.kind for st in TURN if st.kind not in PROCEDURES),
                  *SIMULTANEOUS, "umpire",
                  "submarine", *COMBAT_KINDS, "surface")  # "surface": scenarios 5 and 6 (7f, 7g), surface/play.py


def deciders(state: State) -> list[str]:
    """Who decides a step's own decision: both sides at the set-up (each until its own is in), the sides of a
    simultaneous step (B's first), else the step's side."""
    at = state["step"]
    if at.get("kind") == "deploy":
        return [s for s in SIDES if state["orders"][s] is None]
    if "sides" in at:
        return list(at["sides"])
    if at.get("side") is not None:
        return [at["side"]]
    return [state["sides"]["B"], state["sides"]["A"]] if state.get("sides") else []


def combat_kind(state: State) -> str | None:
    """The Combat Phase's decision waited on now (battle_order, aa_combat, ...), or None (the walk's interrupt)."""
    pending = combat.pending_decision(state) if state["step"].get("kind") == "combat" else None
    return pending[0] if pending else None


def deployed(state: State, side: str, action: Any) -> bool:
    """7a2.2: the set-up is asked again while a side's is in and the other's is not (once both are, both are carried
    out and the orders cleared)."""
    return any(state["orders"][x] is not None for x in SIDES)


# --- the start of a Turn (3, 18c1) -----------------------------------------------------------------------------

def next_turn(state: State, rng) -> bool:
    """The start of a Turn: in an umpired game the umpire rolls for the sides (the Turn's first step, 18c1);
    otherwise the roll is made."""
    state["launched"], state["battles"] = {}, []
    if not state["umpired"]:
        roll_sides(state, rng)
    return True


def roll_sides(state: State, rng) -> None:
    """3: a competitive roll, one die each; ties are rolled again; the high roll is Side A."""
    at = f"{timetrack.label(state['time'])}: Action Phase (3)"
    while True:
        a, j = rng.d10(), rng.d10()
        if a != j:
            break
        state["log"].append(entry(PUBLIC, f"Sides roll: Allied {a}, Japanese {j}: a tie, roll again (3).", at=at))
    high = "allied" if a > j else "japanese"
    state["sides"] = {"A": high, "B": enemy(high), "rolls": {"allied": a, "japanese": j}}
    night = " A night Turn: no air units may fly (3a1)." if timetrack.is_night(state) else ""
    state["log"].append(entry(PUBLIC, f"{timetrack.label(state['time'])}. Sides roll: Allied {a}, Japanese {j}: "
                                      f"{TITLE[high]} is Side A; {TITLE[enemy(high)]} acts first in each step (3)."
                                      f"{night}", at=at))


# --- the Action Phase's procedures ------------------------------------------------------------------------------

def shadowing_report(state: State, rng) -> None:
    shadowing.report(state, rng)  # option 12d2: after both Sea Movement Steps, before any flight


def standing_order(state: State, rng) -> None:
    """3d5 answered by the side's standing order (standing.py): the sea search is not asked."""
    side = state["step"]["side"]
    if air.sea_search_needed(state, side) and standing.applies(state, side):
        standing.sea_search(state, side, rng)
        standing.answered(state, side)


def standing_landing(state: State, rng) -> None:
    """5 answered by the side's standing order (patrols.py, landing.py): the Air Return Phase is not asked."""
    patrols.standing_landing(state, state["step"]["side"])


def sea_search_needed(state: State, side: str) -> bool:
    return air.sea_search_needed(state, side) and not standing.answered_now(state, side)


# --- umpired play (18c1): a side's secret orders ---------------------------------------------------------------

def turn_span(state: State) -> str:
    """The span the umpire's "run" covers: this Turn."""
    return f"turn-{state['time']['scenario_turn']}"


def is_in(state: State, side: str) -> bool:
    """Are `side`'s orders for this simultaneous step in? For scouts and strikes: a route for every flight."""
    sub = (state["step"].get("in") or {}).get(side)
    if sub is None:
        return False
    kind = state["step"]["kind"]
    if kind in FLIGHT_KINDS:
        return set(sub["flights"]) >= {air.flight_key(g) for g in air.flights(state, side, kind)}
    return True


def keeper(states: StatesTable):
    def keep(state: State, step: Step, side: str, action: dict[str, Any]) -> None:
        """18c1: store a side's secret orders for this step (replacing any it sent before, a flight's route by
        flight); the side is told, the umpire sees them."""
        kind = step.kind
        at = f"{timetrack.label(state['time'])}: {states[kind].title} (18c1)"
        if kind in FLIGHT_KINDS:
            sub = state["step"]["in"].get(side) or {"flights": {}}
            sub["flights"][air.flight_key(action["args"]["units"])] = action["args"]
            state["step"]["in"][side] = sub
        else:
            state["step"]["in"][side] = action
        text = describe(state, kind, action)
        state["log"].append(entry(side, f"Orders in (secret): {text}. You may send them again until all orders are "
                                        f"in.", at=at))
        state["log"].append(entry(UMPIRE, f"{TITLE[side]} orders: {text}.", at=at))
    return keep


def describe(state: State, kind: str, action: dict[str, Any]) -> str:
    """One line of a submission, for its side and the umpire (who sees every projected route, 18c1)."""
    args = action["args"]
    if kind in FLIGHT_KINDS:
        return (f"{cards.names(state, args['units'])} projected route {', '.join(args['path']) or 'none (it stays)'}"
                f"; announced {', '.join(args['search']) or 'nothing'}")
    if kind == "assembly":
        cap = "".join(f"; {cards.name(state, u)} to {box.title()} CAP" for u, box in (args.get("cap") or {}).items())
        return f"take off {cards.names(state, args['units']) if args['units'] else 'nothing'}{cap}"
    if kind == "ready":
        return (f"to Ready {cards.names(state, args['to_ready']) if args['to_ready'] else 'nothing'}; "
                f"to Arming {cards.names(state, args['to_arming']) if args['to_arming'] else 'nothing'}")
    if kind == "sea":
        return "moves " + (", ".join(f"{state['task_forces'][t]['name']} to {h}" for t, h in args["moves"].items())
                           or "none")
    return "sea search " + (", ".join(args["hexes"]) or "none")


def flown(kind: str):
    """Scouts' or strikes' orders, once released: each side's flights, B's then A's (3), by their routes."""
    def conclude(state: State, orders: dict[str, Any], rng) -> None:
        for side in state["step"]["sides"]:
            for group in air.flights(state, side, kind):
                new = air.resolve(state, side, {"verb": "fly",
                                                "args": orders[side]["flights"][air.flight_key(group)]}, rng)
                state.clear()
                state.update(new)
    return conclude


def gated(state: State, step: Step) -> bool:
    """The umpire releases each simultaneous step and the Turn Record Phase; the Combat Phase only with a battle."""
    return step.gate and (step.kind != "combat" or bool(battle_hexes(state)))


# --- the Combat Phase (4) --------------------------------------------------------------------------------------

def battle_hexes(state: State) -> list[dict[str, Any]]:
    """3d4 and 4: each hex where one side's combat air units ended their move on an enemy task force or base."""
    out = []
    for side in SIDES:
        by_hex: dict[str, list[str]] = {}
        for u in cards.in_box(state, side, "flying"):
            if cards.is_combat(u):
                by_hex.setdefault(cards.hex_of(state, u), []).append(u)
        for h, units in sorted(by_hex.items()):
            tfs = [t for t in cards.task_forces_of(state, enemy(side)) if state["task_forces"][t]["hex"] == h]
            bases = [b for b in cards.units_of(state, enemy(side), "base") if cards.hex_of(state, b) == h]
            if tfs or bases:
                # What the defender sees at battle set-up (4a3), as of then.
                reports = [{"id": u, "name": cards.name(state, u), "type": state["units"][u]["type"],
                            "face": state["units"][u]["face"], "hits": state["units"][u]["hits"]} for u in units]
                out.append({"hex": h, "attacker": side, "air": units, "reports": reports, "task_forces": tfs,
                            "bases": bases})
    return out


def combat_phase(state: State, rng) -> str | None:
    """4: the battle hexes are found and recorded, each side told of the strikes it made or met (3d4); then the
    combat package fights them (4a-4e). HOLD while a battle waits on someone."""
    at = f"{timetrack.label(state['time'])}: Combat Phase (4)"
    state["battles"] = battle_hexes(state)
    for b in state["battles"]:
        side, other = b["attacker"], enemy(b["attacker"])
        for u in b["air"]:  # 18c2: a strike shows the defender its units afloat, whatever it was told
            fog.learn(state, other, u)
        target = ", ".join([state["task_forces"][t]["name"] for t in b["task_forces"]] +
                           [cards.name(state, x) for x in b["bases"]])
        state["log"].append(entry(side, f"Battle hex {b['hex']} (3d4): {cards.names(state, b['air'])} must fight "
                                        f"there.", at=at, hex=b["hex"]))
        state["log"].append(entry(other, f"An {TITLE[side]} air strike arrives at {b['hex']} on your {target}: "
                                         f"{cards.names(state, b['air'])} (3d4).", at=at, hex=b["hex"]))
    combat.begin_combat(state, state["battles"], rng)
    return None if combat.combat_over(state) else HOLD


def surface_phase(state: State, rng) -> str | None:
    """Option 16 (16a-16d7), after the air combats: HOLD while a surface battle waits on anyone."""
    if not (state.get("options") or {}).get(campaign.OPTION):
        return None
    return None if campaign.phase(state, rng) else HOLD


def surfaced(state: State, side: str, action: Any) -> bool:
    """A surface battle's order: the surface combats go on until the last is over."""
    return not campaign.over(state)


def submarine_step(state: State, rng) -> str | None:
    """Option 11e after the Air Return Phase: the roll (11e1); HOLD while the winner picks a target (11e2)."""
    winner = submarine.roll(state, rng)
    if winner is None:
        return None
    state["step"]["side"] = winner
    return HOLD


# --- the Turn Record Phase (6) ---------------------------------------------------------------------------------

def turn_record(state: State, rng) -> None:
    was = timetrack.label(state["time"])
    if timetrack.advance(state):
        state["outcome"] = victory.outcome(state)
        state["step"] = {"part": "turn", "kind": "over", "side": None, "index": len(TURN)}
        state["log"].append(entry(PUBLIC, f"{was} was the last Turn. {state['outcome']['reason']}",
                                  at="Turn Record Phase (6)"))
        return
    state["log"].append(entry(PUBLIC, f"Turn Record Phase: {was} is over; the Turn markers advance to "
                                      f"{timetrack.label(state['time'])} (6).", at="Turn Record Phase (6)"))


def side_of(state: State, who: str | None) -> str | None:
    """The side of letter "A" or "B" this Turn (3)."""
    return state["sides"][who] if who in ("A", "B") else who


def walk(states: StatesTable) -> Sequence:
    umpired = umpired_turn(states)
    return Sequence(
        states=states, turn=lambda state: umpired if state.get("umpired") else TURN, next_turn=next_turn,
        pregame=lambda state: (Step("deploy"),),
        procedures={"shadowing": shadowing_report, "standing": standing_order, "combat": combat_phase,
                    "surface": surface_phase, "landing": standing_landing, "submarine": submarine_step, "record": turn_record},
        side=side_of, interrupt=combat_kind, gate_key=lambda state, step: f"{turn_span(state)}-{step.kind}",
        gate_span=turn_span, clone=clone, keep=keeper(states), is_in=is_in, gated=gated)
