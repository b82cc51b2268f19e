"""Guadalcanal (Avalon Hill, 1992), the Basic Game, on the rules contract (Contract v2).

The sequence of play is the steps in sequence.py, walked by the engine's walker (states.SEQUENCE); each decision kind
it reaches is one `Decision` record in the module of its rule section, gathered in states.STATES. In umpired play the
Action Phase decisions are simultaneous (18c1): a side's order is kept (it may be sent again) and carried out once
both are in. `apply` checks an order's shape against every verb of the game
first (MalformedAction), then who may decide now, then the decision's own check (IllegalAction citing its rule).
"""
from __future__ import annotations

from typing import Any

from app.engine import umpire_gate
from app.engine.log import clone
from app.engine.contract import ChatPolicy, GameMeta, Scenario
from app.engine.errors import MalformedAction
from app.engine.orders import check_action
from app.engine.states import Decision, TableGame
from app.games.guadalcanal import (combat, command, deployment, fighters, fog, hidden, radio, sequence,
                                   teamplay, timetrack, views)
from app.games.guadalcanal.states import SEQUENCE, STATES, heading
from app.games.guadalcanal import options as optional
from app.games.guadalcanal.gamedata import SCENARIOS, TITLE
from app.games.guadalcanal.surface import play as surface_play

State = dict[str, Any]


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
        """The record of the decision waited on now: the umpire's release, the step's own, or in the Combat Phase the
        battle's (the walk's)."""
        if surface_play.playing(state):
            return STATES["surface"]
        return SEQUENCE.current(state)

    def phase(self, state: State) -> str:
        if surface_play.playing(state):
            s = state["surface"]
            return f"surface-{s['turn']}-{s['step']['kind']}" + (f"-{s['step']['side']}" if s["step"]["side"] else "")
        t = state["time"]
        date = timetrack.label(t).split(",")[0].replace(" ", "").lower()
        kind, side, _, _ = heading(state)
        kind = sequence.combat_kind(state) if kind == "combat" and sequence.combat_kind(state) else kind
        return f"turn-{t['scenario_turn']}-{date}-{t['turn']}-{kind}" + (f"-{side}" if side else "")

    def acting(self, state: State) -> list[str]:
        if surface_play.playing(state):
            return surface_play.battle.acting(state)
        return SEQUENCE.acting(state)

    def step_title(self, state: State) -> str:
        if surface_play.playing(state):
            return f"Surface Turn {state['surface']['turn']}, {state['surface']['step']['kind']}"
        return heading(state)[2]  # in the Combat Phase: "Combat Phase", not the battle's own record

    @staticmethod
    def _in_battle(state: State) -> bool:
        """Does a battle of the Combat Phase wait on an order now (the combat package's, carried out in place)?"""
        return not umpire_gate.held(state) and sequence.combat_kind(state) is not None

    def apply(self, state: State, role: str, action: Any, rng) -> State:
        d = self.guard(state, role, action)
        if surface_play.playing(state):
            return d.carry_out(state, role, action, rng)
        if self._in_battle(state):
            # The combat package changes the state in place and walks its battles; once they are over the walk goes on.
            s = combat.decide(clone(state), role, action, rng)
            if combat.combat_over(s):
                SEQUENCE.advance(s, rng)
            return s
        return SEQUENCE.decide(state, role, d.judge(state, role, action), rng)

    def check(self, state: State, role: str, action: Any) -> None:
        check_action(ALL_VERBS, action)
        if surface_play.playing(state):
            self.decision(state).judge(state, role, action)
            return
        if self._in_battle(state):
            try:
                combat.decide(clone(state), role, action, _NoDice())
            except _Judged:
                pass
            return
        self.decision(state).judge(state, role, action)


class GuadalcanalTeams(teamplay.Teams, Guadalcanal):
    """The game as every seat plays it: rule 17's seats, commands and radio (teamplay.py), else Guadalcanal."""
    from app.games.guadalcanal.bots import TEAM_BOTS as bots  # one computer player a seat (bots.py)


rules = GuadalcanalTeams()
