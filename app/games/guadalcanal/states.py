"""Guadalcanal's states table (STATES): each decision kind the sequence of play reaches is one `Decision` record in
the module of its rule section (setup 7a2: deployment.py; 3a/3b: assembly.py; 3c: sea.py; 3d/3d5: air.py; 5:
landing.py; 18c1: the umpire's roll, here; 18: the umpire's release of each step, app/engine/umpire_gate.py), and the
walk over them (SEQUENCE, the engine's walker on the steps of sequence.py). In umpired play the Action Phase
decisions are simultaneous (18c1): a side's order is kept (it may be sent again) and carried out once both are in.
A record's resolution carries out its order alone; the walk goes on from it."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.engine import umpire_gate
from app.engine.log import clone
from app.engine.contract import UMPIRE
from app.engine.states import Decision, StatesTable
from app.games.guadalcanal import (air, all_flights, assembly, combat, deployment, landing, night_search,
                                   patrols, sea, sequence, submarine, timetrack)
from app.games.guadalcanal.surface import play as surface_play

State = dict[str, Any]


def _telling(prompt):
    """A prompt that, in a simultaneous umpired step (18c1), says whether the side's orders are in (`submitted`, which
    the platform reads: the side may still change them)."""
    def ask(state, side):
        p = prompt(state, side)
        if "sides" in state["step"]:
            done = sequence.is_in(state, side)
            p = dict(p, info=dict(p.get("info") or {}, submitted=done, simultaneous=True))
            if done:
                p["title"] += " (your orders are in; send them again to change them)"
        return p
    return ask


_one = sequence.deciders

# 18c1: in an umpired game the umpire rolls the two dice for Sides A and B at the start of every Turn.
UMPIRE_VERBS = {"roll": {}}


def _umpire_prompt(state: State, role: str) -> dict[str, Any]:
    return {"title": f"{timetrack.label(state['time'])}: roll the two dice for Sides A and B", "rule": "18c1",
            "info": {"kind": "sides"}, "actions": [{"verb": "roll", "label": "Roll for the sides", "args": {}}]}


def _umpire_roll(state: State, role: str, action: dict[str, Any], rng) -> State:
    s = clone(state)
    sequence.roll_sides(s, rng)
    return s


STATES = StatesTable([
    Decision("deploy", "7a2.2", deployment.VERBS, _one, deployment.prompt, deployment.resolve, deployment.default,
             deployment.random, deployment.check, title="Set-up", again=sequence.deployed),
    Decision("sides", "18c1", UMPIRE_VERBS, lambda s: [UMPIRE], _umpire_prompt, _umpire_roll,
             lambda s, r: {"verb": "roll", "args": {}}, lambda s, r, rng: {"verb": "roll", "args": {}},
             title="Sides A and B"),
    # 3a; option 12e: the Catalinas may take off in a night Turn (night_search.py, otherwise assembly.py's own)
    Decision("assembly", "3a", assembly.VERBS_ASSEMBLY, _one, _telling(night_search.prompt),
             night_search.resolve, night_search.default, night_search.random, night_search.check,
             title="Assembly Step", needed=night_search.needed),
    Decision("ready", "3b", assembly.VERBS_READY, _one, _telling(assembly.ready_prompt),
             assembly.ready_resolve, assembly.ready_default, assembly.ready_random, assembly.ready_check,
             title="Ready Step", needed=assembly.ready_needed),
    Decision("sea", "3c", sea.VERBS, _one, _telling(sea.prompt), sea.resolve, sea.default, sea.random,
             sea.check, title="Sea Movement Step", needed=sea.needed),
    # 3d: every flight in one order (all_flights.py, issue 34), or one flight at a time (air.py), asked again while
    # flights remain
    Decision("air", "3d", all_flights.VERBS, _one, all_flights.prompt, all_flights.resolve,
             all_flights.default, all_flights.random, all_flights.check, title="Air Movement and Search Step",
             needed=air.needed, again=lambda s, side, action: air.needed(s, side)),
    # 18c1: umpired, the scouts' projected routes, then the air strikes, both sides at once, flight by flight.
    Decision("scouts", "18c1", air.VERBS, _one, _telling(air.prompt), air.resolve, air.default,
             air.random, air.check, title="Scout routes", needed=air.scouts_needed,
             conclude=sequence.flown("scouts")),
    Decision("strikes", "18c1", air.VERBS, _one, _telling(air.prompt), air.resolve, air.default,
             air.random, air.check, title="Air strikes", needed=air.strikes_needed,
             conclude=sequence.flown("strikes")),
    Decision("sea_search", "3d5", air.VERBS_SEA_SEARCH, _one, _telling(air.sea_search_prompt),
             air.sea_search_resolve, air.sea_search_default, air.sea_search_random,
             air.sea_search_check, title="Sea search", needed=sequence.sea_search_needed),
    # 18: the umpire releases each step of an umpired Turn (advance one step, or run to the end of the Turn).
    replace(umpire_gate.decision(lambda s, rng: SEQUENCE.released(s, rng), rule="18", span_label="the Turn",
                                 clone=clone),
            title="The umpire releases the next step"),
    # 5; option 12d: the landing order may mark fighters to patrol and scouts to shadow (patrols.py)
    Decision("air_return", "5", patrols.VERBS, _one, patrols.prompt, patrols.resolve, patrols.default,
             patrols.random, patrols.check, title="Air Return Phase", needed=landing.needed),
    # 11e2: after the Air Return Phase, the side whose submarine roll won picks its target.
    Decision("submarine", "11e2", submarine.VERBS, _one, submarine.prompt, submarine.resolve,
             submarine.default, submarine.random, submarine.check, title="Submarine attack"),
    *combat.COMBAT_DECISIONS,  # the Combat Phase's own records (4-4e1), from the combat package
    # option 16's surface battle (7f, 7g; campaign 16a), asked again until the Turn's surface combats are over
    replace(surface_play.DECISION, title="Surface combat", again=sequence.surfaced),
])
SEQUENCE = sequence.walk(STATES)


def heading(state: State) -> tuple[str, str | None, str, str | None]:
    """The step the page heads (kind, side, title, rule): the umpire's release while he holds a step, else the step's
    own record (in the Combat Phase: the Phase, not the battle's own record), or the walk's own step."""
    if umpire_gate.held(state):
        d = STATES["umpire"]
        return d.id, None, d.title, d.rule
    kind, side = state["step"].get("kind"), state["step"].get("side")
    if kind in STATES:
        return kind, side, STATES[kind].title, STATES[kind].rule
    step = SEQUENCE.step(state) if kind != "over" else None
    if step is None or step.kind != kind:
        return kind, side, "Game over", None
    return kind, side, step.title, step.rule


def begin_turn(state: State, rng) -> None:
    """Walk a position set up by hand (a tutorial, a test) from the start of its Turn: the sides' roll (umpired, the
    umpire's), then the first decision."""
    sequence.next_turn(state, rng)
    state["step"] = {"part": "turn", "index": -1, "kind": None, "side": None}
    SEQUENCE.advance(state, rng)
