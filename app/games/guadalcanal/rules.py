"""Guadalcanal (Avalon Hill, 1992), the Basic Game, on the rules contract (Contract v2).

The sequence of play is the table in sequence.py; each decision kind it reaches is one `Decision` record in the
module of its rule section (setup 7a2: deployment.py; 3a/3b: assembly.py; 3c: sea.py; 3d/3d5: air.py; 5: landing.py;
18c1: the umpire's roll, here; 18: the umpire's release of each step, app/engine/umpire_gate.py), gathered in
STATES. In umpired play the Action Phase decisions are simultaneous (18c1): a side's order is stored (it may be
sent again) and carried out once both are in (sequence.submit). `apply` checks an order's shape against every verb of the game
first (MalformedAction), then who may decide now, then the decision's own check (IllegalAction citing its rule).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.engine import umpire_gate
from app.engine.contract import ChatPolicy, GameMeta, Scenario
from app.engine.errors import MalformedAction
from app.engine.orders import check_action
from app.engine.states import Decision, StatesTable, TableGame
from app.games.guadalcanal import (air, all_flights, assembly, cards, combat, command, deployment, fighters, fog, hidden,
                                   landing, night_search, patrols, radio, sea, sequence, submarine, teamplay, timetrack,
                                   views)
from app.games.guadalcanal import options as optional
from app.games.guadalcanal.gamedata import SCENARIOS, TITLE
from app.games.guadalcanal.surface import play as surface_play

State = dict[str, Any]


def _walking(resolve):
    """A decision's resolution, then the walk on to the next decision (sequence.after_decision); in a simultaneous
    umpired step (18c1) the order is only stored until both sides are in (sequence.submit)."""
    def run(state, role, action, rng):
        if "sides" in state["step"]:
            s = cards.clone(state)
            sequence.submit(s, role, action, rng)
            return s
        s = resolve(state, role, action, rng)
        sequence.after_decision(s, rng)
        return s
    return run


def _telling(prompt):
    """A prompt that, in a simultaneous umpired step (18c1), says whether the side's orders are in (`submitted`, which
    the platform reads: the side may still change them)."""
    def ask(state, side):
        p = prompt(state, side)
        if "sides" in state["step"]:
            done = sequence.submitted_in(state, side)
            p = dict(p, info=dict(p.get("info") or {}, submitted=done, simultaneous=True))
            if done:
                p["title"] += " (your orders are in; send them again to change them)"
        return p
    return ask


def _deploy(state: State, side: str, action: dict[str, Any], rng) -> State:
    """7a2.2: a side's set-up; once both are in the first Turn begins (the walker's)."""
    s = deployment.resolve(state, side, action, rng)
    if deployment.last_in(state, side):
        sequence.begin_turn(s, rng)
    return s


def _surface(state: State, role: str, action: dict[str, Any], rng) -> State:
    """Option 16's surface battle (surface/play.py); in scenarios 1-4 its end goes back into the Turn, which walks on."""
    s = surface_play.resolve(state, role, action, rng)
    if not surface_play.playing(s):
        sequence.after_decision(s, rng)
    return s


def _one(state: State) -> list[str]:
    return sequence.acting(state)


# 18c1: in an umpired game the umpire rolls the two dice for Sides A and B at the start of every Turn.
UMPIRE_VERBS = {"roll": {}}


def _umpire_prompt(state: State, role: str) -> dict[str, Any]:
    return {"title": f"{timetrack.label(state['time'])}: roll the two dice for Sides A and B", "rule": "18c1",
            "info": {"kind": "sides"}, "actions": [{"verb": "roll", "label": "Roll for the sides", "args": {}}]}


def _umpire_roll(state: State, role: str, action: dict[str, Any], rng) -> State:
    s = cards.clone(state)
    sequence.roll_sides(s, rng)
    return s


STATES = StatesTable([
    Decision("deploy", "7a2.2", deployment.VERBS, _one, deployment.prompt, _deploy, deployment.default,
             deployment.random, deployment.check, title="Set-up"),
    Decision("sides", "18c1", UMPIRE_VERBS, _one, _umpire_prompt, _umpire_roll,
             lambda s, r: {"verb": "roll", "args": {}}, lambda s, r, rng: {"verb": "roll", "args": {}},
             title="Sides A and B"),
    # 3a; option 12e: the Catalinas may take off in a night Turn (night_search.py, otherwise assembly.py's own)
    Decision("assembly", "3a", assembly.VERBS_ASSEMBLY, _one, _telling(night_search.prompt),
             _walking(night_search.resolve), night_search.default, night_search.random, night_search.check,
             title="Assembly Step", needed=night_search.needed),
    Decision("ready", "3b", assembly.VERBS_READY, _one, _telling(assembly.ready_prompt),
             _walking(assembly.ready_resolve), assembly.ready_default, assembly.ready_random, assembly.ready_check,
             title="Ready Step", needed=assembly.ready_needed),
    Decision("sea", "3c", sea.VERBS, _one, _telling(sea.prompt), _walking(sea.resolve), sea.default, sea.random,
             sea.check, title="Sea Movement Step", needed=sea.needed),
    # 3d: every flight in one order (all_flights.py, issue 34), or one flight at a time (air.py)
    Decision("air", "3d", all_flights.VERBS, _one, all_flights.prompt, _walking(all_flights.resolve),
             all_flights.default, all_flights.random, all_flights.check, title="Air Movement and Search Step",
             needed=air.needed),
    # 18c1: umpired, the scouts' projected routes, then the air strikes, both sides at once.
    Decision("scouts", "18c1", air.VERBS, _one, _telling(air.prompt), _walking(air.resolve), air.default,
             air.random, air.check, title="Scout routes", needed=air.scouts_needed),
    Decision("strikes", "18c1", air.VERBS, _one, _telling(air.prompt), _walking(air.resolve), air.default,
             air.random, air.check, title="Air strikes", needed=air.strikes_needed),
    Decision("sea_search", "3d5", air.VERBS_SEA_SEARCH, _one, _telling(air.sea_search_prompt),
             _walking(air.sea_search_resolve), air.sea_search_default, air.sea_search_random,
             air.sea_search_check, title="Sea search", needed=air.sea_search_needed),
    # 18: the umpire releases each step of an umpired Turn (advance one step, or run to the end of the Turn).
    replace(umpire_gate.decision(sequence.released, rule="18", span_label="the Turn", clone=cards.clone),
            title="The umpire releases the next step"),
    # 5; option 12d: the landing order may mark fighters to patrol and scouts to shadow (patrols.py)
    Decision("air_return", "5", patrols.VERBS, _one, patrols.prompt, _walking(patrols.resolve), patrols.default,
             patrols.random, patrols.check, title="Air Return Phase", needed=landing.needed),
    # 11e2: after the Air Return Phase, the side whose submarine roll won picks its target.
    Decision("submarine", "11e2", submarine.VERBS, _one, submarine.prompt, _walking(submarine.resolve),
             submarine.default, submarine.random, submarine.check, title="Submarine attack"),
    *combat.COMBAT_DECISIONS,  # the Combat Phase's own records (4-4e1), from the combat package
    replace(surface_play.DECISION, resolve=_surface, title="Surface combat"),  # option 16's surface battle (7f, 7g; campaign 16a)
])
sequence.bind(STATES)  # the walker reads each kind's title, rule and `needed` from its record
ALL_VERBS = {verb: args for d in STATES for verb, args in d.verbs.items()}
ALL_VERBS.update(radio.VERBS)  # 17c3: radio notes, a team game's seats' own orders (radio.py)


class _NoDice:
    """For judging an order without carrying it out: once resolution reaches for a die the order was legal."""
    def die(self, sides: int = 10):
        raise _Judged()

    def d10(self):
        raise _Judged()


class _Judged(Exception):
    pass


class Guadalcanal(TableGame):
    views, hidden = views, hidden  # the game's own modules, which TableGame hands the view and the hooks to
    meta = GameMeta(
        id="guadalcanal", title="Guadalcanal", publisher="Avalon Hill", year=1992, roles=("allied", "japanese", *command.ALL_SEATS),
        scenarios=tuple(Scenario(s["id"], s["title"], s["rule"],
                                 f"{s['turns']} Turns from {s['start_date']}, Turn {s['start_turn']}; Basic Game.")
                        for s in SCENARIOS.values())
        + tuple(Scenario(i, surface_play.scenarios.scenario(i)["name"], surface_play.RULE[i],
                         "One night surface combat, up to 10 Surface Turns; option 16 (surface combats).")
                for i in surface_play.IDS),
        role_labels={"allied": "Allied", "japanese": "Japanese", **command.SEAT_LABELS},
        # 17: each side's own seat (two players), or its two commanders' seats (option teams, `seats_offered`)
        sides=command.META_SIDES,
        chat=ChatPolicy(teammates=False, opponents=True, rule="17c1"),  # a lone seat keeps its side channel
        # 18c2 damage fog (umpired games only): fog.py; 11-17: options.py; 17a's assignment: command.py
        options=fog.FOG_OPTIONS + optional.OPTIONS + command.OPTIONS,
    )
    states, all_verbs, over_rule, role_titles = STATES, ALL_VERBS, "6", TITLE
    from app.games.guadalcanal.bots import BOTS as bots  # the computer players, one per side (bots.py)

    def setup(self, scenario: str, options: dict[str, Any], rng) -> State:
        if scenario in surface_play.IDS:
            return surface_play.new_game(scenario, options or {})  # 7f, 7g: option 16 alone, no searchboards
        if scenario not in SCENARIOS:
            raise MalformedAction(f"Unknown scenario {scenario!r} (scenarios: {', '.join(SCENARIOS)}).")
        fog.check_options(options or {})  # 18c: no fog without an umpire
        optional.check_options(options or {})  # 11a: no free roll under the damage fog
        state = fog.begin(deployment.new_state(scenario, options or {}), options or {})
        state = optional.begin(state, options or {})  # 11b, 11c, 11e: recorded with the game
        fighters.set_up(state)  # 14: the scenario's fighter units are set up only with the option
        return state

    @staticmethod
    def decision(state: State) -> Decision:
        """The record of the decision waited on now: the step's own, or in the Combat Phase the battle's."""
        if surface_play.playing(state):
            return STATES["surface"]
        return STATES[sequence.combat_kind(state) or state["step"]["kind"]]

    def phase(self, state: State) -> str:
        if surface_play.playing(state):
            s = state["surface"]
            return f"surface-{s['turn']}-{s['step']['kind']}" + (f"-{s['step']['side']}" if s["step"]["side"] else "")
        t, step = state["time"], state["step"]
        date = timetrack.label(t).split(",")[0].replace(" ", "").lower()
        side = step.get("side") or ""
        kind = sequence.combat_kind(state) or step["kind"]
        return f"turn-{t['scenario_turn']}-{date}-{t['turn']}-{kind}" + (f"-{side}" if side else "")

    def acting(self, state: State) -> list[str]:
        if surface_play.playing(state):
            return surface_play.battle.acting(state)
        return sequence.acting(state)

    def step_title(self, state: State) -> str:
        if surface_play.playing(state):
            return f"Surface Turn {state['surface']['turn']}, {state['surface']['step']['kind']}"
        return sequence.title(state["step"]["kind"])  # in the Combat Phase: "Combat", not the battle's own record

    def apply(self, state: State, role: str, action: Any, rng) -> State:
        d = self.guard(state, role, action)
        if surface_play.playing(state):
            return d.carry_out(state, role, action, rng)
        if state["step"]["kind"] == "combat":
            # The combat package changes the state in place and walks its battles; then the sequence walks on.
            s = combat.decide(cards.clone(state), role, action, rng)
            sequence.after_decision(s, rng)
            return s
        return d.carry_out(state, role, action, rng)

    def check(self, state: State, role: str, action: Any) -> None:
        check_action(ALL_VERBS, action)
        if surface_play.playing(state):
            self.decision(state).judge(state, role, action)
            return
        if state["step"]["kind"] == "combat":
            try:
                combat.decide(cards.clone(state), role, action, _NoDice())
            except _Judged:
                pass
            return
        self.decision(state).judge(state, role, action)


class GuadalcanalTeams(teamplay.Teams, Guadalcanal):
    """The game as every seat plays it: rule 17's seats, commands and radio (teamplay.py), else Guadalcanal."""
    from app.games.guadalcanal.bots import TEAM_BOTS as bots  # one computer player a seat (bots.py)


rules = GuadalcanalTeams()
