"""The Basic Game's sequence of play (2b, 3-6) as a table the code walks.

Each Turn: the competitive roll for Side A and Side B (3); the Action Phase, Side B then Side A in every step
(assembly 3a, ready 3b, sea movement 3c, air movement and search 3d with sea search 3d5); the Combat Phase (4);
the Air Return Phase (5), B then A; the Turn Record Phase (6). Steps in which a side has nothing to decide are
passed over; the steps that are nobody's decision ("sides" outside umpired play, "record") are carried out by the
walker, and the Combat Phase runs the combat package (combat/), whose own decisions the step waits on.

Umpired play (18c1) walks UMPIRED_TURN instead: after the umpire's roll both sides submit each Action Phase step at
the same time and in secret (assembly, ready, sea movement, then the scouts' projected routes, then the air strikes,
then the sea searches); a side may resubmit until both are in, and both are carried out B then A once the umpire
releases the step (app/engine/umpire_gate.py), as he releases the Combat Phase and the Turn Record Phase.
"""
from __future__ import annotations

from typing import Any, Callable

from app.engine import umpire_gate
from app.engine.contract import UMPIRE
from app.engine.log import PUBLIC, entry
from app.games.guadalcanal import (air, assembly, cards, combat, fog, landing, night_search, sea, shadowing, standing,
                                   submarine,
                                   timetrack, victory)
from app.games.guadalcanal.gamedata import SIDES, TITLE, enemy
from app.games.guadalcanal.surface import battle as surface_battle
from app.games.guadalcanal.surface import campaign

State = dict[str, Any]

# (kind, who): "B"/"A" is the side of that letter this Turn (3: B performs each step first), None the walker.
TURN: tuple[tuple[str, str | None], ...] = (
    ("assembly", "B"), ("assembly", "A"),
    ("ready", "B"), ("ready", "A"),
    ("sea", "B"), ("sea", "A"),
    ("air", "B"), ("sea_search", "B"),
    ("air", "A"), ("sea_search", "A"),
    ("combat", None),
    ("surface", None),  # option 16: surface combats after the air combats (surface/campaign.py)
    ("air_return", "B"), ("air_return", "A"),
    ("submarine", None),  # option 11e: the roll, and the winner's target (submarine.py)
    ("record", None),
)
# 18c1: umpired, "both" sides perform each Action Phase step at once (the air strikes after every scout has flown),
# and the umpire releases each step before it is carried out (the gate: kind "umpire").
UMPIRED_TURN: tuple[tuple[str, str | None], ...] = (
    ("assembly", "both"), ("ready", "both"), ("sea", "both"),
    ("scouts", "both"), ("strikes", "both"), ("sea_search", "both"),
    ("combat", None),
    ("surface", None),  # option 16: surface combats after the air combats (surface/campaign.py)
    ("air_return", "B"), ("air_return", "A"),
    ("submarine", None),
    ("record", None),
)
# Issue 33: a decision kind's rule, title and whether a side has anything to decide (`needed`) are its record's
# (rules.STATES, bound here by `bind`); only the two steps nobody decides, the Combat Phase's frame and the Turn
# Record Phase, are the walker's own.
WALKER_STEPS = {"combat": ("Combat Phase", "4"), "record": ("Turn Record Phase", "6")}
_BOUND: list[Any] = []


def bind(states: Any) -> None:
    """The states table whose records the walker reads (rules.py, once its records are made)."""
    _BOUND[:] = [states]


def record(kind: str) -> Any:
    return _BOUND[0][kind]


def title(kind: str) -> str:
    return WALKER_STEPS[kind][0] if kind in WALKER_STEPS else record(kind).title


def rule(kind: str) -> str:
    return WALKER_STEPS[kind][1] if kind in WALKER_STEPS else record(kind).rule


def needed(kind: str, state: State, side: str) -> bool:
    return record(kind).needed(state, side)


# The simultaneous steps' own resolutions, carried out B then A once both sides are in (18c1).
CARRY_OUT = {"assembly": night_search.resolve, "ready": assembly.ready_resolve, "sea": sea.resolve,
             "scouts": air.resolve, "strikes": air.resolve, "sea_search": air.sea_search_resolve}
FLIGHT_KINDS = ("scouts", "strikes")  # a side is in when every one of its flights has a route
# Every decision kind the sequence reaches (the states table must hold a full record of each): the Combat Phase's
# are the combat package's (combat/__init__.py), waited on while the step is "combat".
COMBAT_KINDS = tuple(d.id for d in combat.COMBAT_DECISIONS)
DECISION_KINDS = ("deploy", "sides", *dict.fromkeys(k for k, who in TURN + UMPIRED_TURN if who), "umpire",
                  "submarine", *COMBAT_KINDS, "surface")  # "surface": scenarios 5 and 6 (7f, 7g), played by surface/play.py


def acting(state: State) -> list[str]:
    """Who must decide now: sides, or the umpire (an umpired Turn starts with his roll, 18c1)."""
    step = state["step"]
    if state["outcome"] is not None:
        return []
    if step["kind"] == "deploy":
        return [s for s in SIDES if state["orders"][s] is None]
    if step["kind"] in ("sides", "umpire"):
        return [UMPIRE]
    if step["kind"] == "combat":
        pending = combat.pending_decision(state)
        return list(pending[1]) if pending else []
    if step["kind"] == "surface":  # option 16: the surface battle's own step (surface/battle.py)
        return surface_battle.acting(state) if state.get("surface") else []
    if "sides" in step:  # 18c1: both sides at once; the list is fixed when the step opens, whoever is in
        return list(step["sides"])
    return [step["side"]]


def combat_kind(state: State) -> str | None:
    """The Combat Phase's decision waited on now (battle_order, aa_combat, ...), or None."""
    pending = combat.pending_decision(state) if state["step"]["kind"] == "combat" else None
    return pending[0] if pending else None


def begin_turn(state: State, rng) -> None:
    """The start of a Turn: in an umpired game the umpire rolls for the sides (18c1); otherwise the roll is made."""
    state["launched"], state["battles"] = {}, []
    state["step"] = {"kind": "sides", "side": None, "index": -1}
    if not state["umpired"]:
        roll_sides(state, rng)


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
    advance(state, rng)


def advance(state: State, rng) -> None:
    """Walk on from the current step to the next decision someone must make, carrying out the steps between."""
    i = state["step"].get("index", -1) + 1
    if state["umpired"]:
        walk_umpired(state, rng, i)
        return
    while i < len(TURN):
        kind, who = TURN[i]
        if (kind, who) == ("air", "B"):
            shadowing.report(state, rng)  # option 12d2: after both Sea Movement Steps, before any flight
        if kind == "submarine":
            if submarine_step(state, i, rng):
                return
        elif who is None:
            state["step"] = {"kind": kind, "side": None, "index": i}
            if kind == "combat":
                if not combat_phase(state, rng):
                    return  # a battle waits on a decision
            elif kind == "surface":
                if not surface_phase(state, rng):
                    return  # a surface battle waits on a decision
            elif kind == "record":
                turn_record(state, rng)
                return
        else:
            side = state["sides"][who]
            if kind == "sea_search" and needed(kind, state, side) and standing.applies(state, side):
                standing.sea_search(state, side, rng)  # 3d5 answered by the side's standing order (standing.py)
            elif needed(kind, state, side):
                state["step"] = {"kind": kind, "side": side, "index": i}
                return
        i += 1


def after_decision(state: State, rng) -> None:
    """A decision was carried out: the air step goes on while flights remain (3d); every other step moves on."""
    step = state["step"]
    if "sides" in step:  # 18c1: a simultaneous step goes on when both sides are in
        if all(submitted_in(state, s) for s in step["sides"]):
            finish_simultaneous(state, rng)
        return
    if step["kind"] == "air" and air.needed(state, step["side"]):
        return
    if step["kind"] in ("deploy", "sides"):
        return
    if step["kind"] == "combat" and not combat.combat_over(state):
        return
    if step["kind"] == "surface" and not campaign.over(state):
        return
    advance(state, rng)


# --- umpired play (18c1): simultaneous steps, and the umpire's gate -------------------------------------------

def turn_span(state: State) -> str:
    """The span the umpire's "run" covers: this Turn."""
    return f"turn-{state['time']['scenario_turn']}"


def _gate_key(state: State, i: int) -> str:
    return f"{turn_span(state)}-{UMPIRED_TURN[i][0]}"


def walk_umpired(state: State, rng, i: int) -> None:
    """The umpired Turn from step `i`: open each simultaneous step that someone has to decide (B's side first), hold
    at the umpire's gate before the Combat Phase (if there is a battle) and the Turn Record Phase, and walk the rest
    as in the normal game."""
    while i < len(UMPIRED_TURN):
        kind, who = UMPIRED_TURN[i]
        if kind == "scouts":
            shadowing.report(state, rng)  # option 12d2: after both Sea Movement Steps, before any flight
        if kind == "submarine":
            if submarine_step(state, i, rng):
                return
        elif who == "both":
            sides = [state["sides"][w] for w in ("B", "A") if needed(kind, state, state["sides"][w])]
            if sides:
                state["step"] = {"kind": kind, "side": None, "index": i, "sides": sides}
                state["submitted"] = {s: None for s in sides}
                return
        elif who is None:
            gated = kind == "record" or (kind == "combat" and bool(battle_hexes(state)))  # no gate without a battle
            if gated and _hold(state, {"kind": kind, "side": None, "index": i}, title(kind)):
                return
            if not _run_walker_step(state, kind, i, rng):
                return
        else:
            side = state["sides"][who]
            if needed(kind, state, side):
                state["step"] = {"kind": kind, "side": side, "index": i}
                return
        i += 1


def submarine_step(state: State, i: int, rng) -> bool:
    """Option 11e after the Air Return Phase: the roll (11e1); True when the winner must now pick a target."""
    state["step"] = {"kind": "submarine", "side": None, "index": i}
    winner = submarine.roll(state, rng)
    if winner is None:
        return False
    state["step"]["side"] = winner
    return True


def _hold(state: State, step: dict[str, Any], title: str) -> bool:
    """Wait for the umpire's release of `step` if he must give it (18; app/engine/umpire_gate.py); the step is kept
    under "held" until he does."""
    key = _gate_key(state, step["index"])
    if not umpire_gate.must_release(state, key, turn_span(state)):
        return False
    umpire_gate.hold(state, key, turn_span(state), title)
    state["step"] = {"kind": "umpire", "side": None, "index": step["index"], "held": step}
    return True


def _run_walker_step(state: State, kind: str, i: int, rng) -> bool:
    """Carry out a step that is nobody's decision; False when the walk stops there (a battle waits, or the Turn
    Record Phase began the next Turn)."""
    state["step"] = {"kind": kind, "side": None, "index": i}
    if kind == "combat":
        return combat_phase(state, rng)
    if kind == "surface":
        return surface_phase(state, rng)
    turn_record(state, rng)
    return False


def submitted_in(state: State, side: str) -> bool:
    """Are `side`'s orders for this simultaneous step in? For scouts and strikes: a route for every flight."""
    sub = (state.get("submitted") or {}).get(side)
    if sub is None:
        return False
    kind = state["step"]["kind"]
    if kind in FLIGHT_KINDS:
        return set(sub["flights"]) >= {air.flight_key(g) for g in air.flights(state, side, kind)}
    return True


def submit(state: State, side: str, action: dict[str, Any], rng) -> None:
    """18c1: store a side's secret orders for this step (replacing any it sent before); the side is told, the umpire
    sees them; once both sides are in the step goes on."""
    kind = state["step"]["kind"]
    at = f"{timetrack.label(state['time'])}: {title(kind)} (18c1)"
    if kind in FLIGHT_KINDS:
        sub = state["submitted"][side] or {"flights": {}}
        sub["flights"][air.flight_key(action["args"]["units"])] = action["args"]
        state["submitted"][side] = sub
    else:
        state["submitted"][side] = action
    text = describe(state, kind, action)
    state["log"].append(entry(side, f"Orders in (secret): {text}. You may send them again until all orders are in.",
                              at=at))
    state["log"].append(entry(UMPIRE, f"{TITLE[side]} orders: {text}.", at=at))
    after_decision(state, rng)


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


def finish_simultaneous(state: State, rng) -> None:
    """Both sides are in: once the umpire releases the step, carry out B's orders, then A's, and walk on."""
    i = state["step"]["index"]
    if _hold(state, state["step"], f"the {title(state['step']['kind'])} orders"):
        return
    carry_out(state, rng)
    walk_umpired(state, rng, i + 1)


def carry_out(state: State, rng) -> None:
    step = state["step"]
    kind = step["kind"]
    for side in step["sides"]:  # B's orders, then A's (3)
        sub = state["submitted"][side]
        if kind in FLIGHT_KINDS:
            for group in air.flights(state, side, kind):
                new = CARRY_OUT[kind](state, side, {"verb": "fly", "args": sub["flights"][air.flight_key(group)]},
                                      rng)
                state.clear()
                state.update(new)
        else:
            new = CARRY_OUT[kind](state, side, sub, rng)
            state.clear()
            state.update(new)
    state["submitted"] = {}


def released(state: State, rng) -> None:
    """The umpire released the held step: carry it out and walk on (the gate's `resume`)."""
    was = state["step"]["held"]
    state["step"] = was
    i = was["index"]
    if "sides" in was:
        carry_out(state, rng)
    elif not _run_walker_step(state, was["kind"], i, rng):
        return
    walk_umpired(state, rng, i + 1)


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


def combat_phase(state: State, rng) -> bool:
    """4: the battle hexes are found and recorded, each side told of the strikes it made or met (3d4); then the
    combat package fights them (4a-4e). True when the Combat Phase is over, False while a battle waits on someone."""
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
    return combat.combat_over(state)


def surface_phase(state: State, rng) -> bool:
    """Option 16 (16a-16d7), after the air combats: True when no surface battle waits on anyone."""
    if not (state.get("options") or {}).get(campaign.OPTION):
        return True
    return campaign.phase(state, rng)


# --- the Turn Record Phase (6) ---------------------------------------------------------------------------------

def turn_record(state: State, rng) -> None:
    was = timetrack.label(state["time"])
    if timetrack.advance(state):
        state["outcome"] = victory.outcome(state)
        state["step"] = {"kind": "over", "side": None, "index": len(TURN)}
        state["log"].append(entry(PUBLIC, f"{was} was the last Turn. {state['outcome']['reason']}",
                                  at="Turn Record Phase (6)"))
        return
    state["log"].append(entry(PUBLIC, f"Turn Record Phase: {was} is over; the Turn markers advance to "
                                      f"{timetrack.label(state['time'])} (6).", at="Turn Record Phase (6)"))
    begin_turn(state, rng)
