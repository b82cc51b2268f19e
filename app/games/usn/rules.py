"""U.S.N. (SPI 1971) on the rules contract: the four mini-games (USN "Mini-Games": Coral Sea, Midway, Eastern
Solomons, Santa Cruz), each a situation data file read by board.new_state; their special rules in situation.py.

The sequence of play is the steps in steps.py, walked by the engine's walker (sequence.py, SEQUENCE); each decision
kind it reaches is one `Decision` record in the module of its rule (deploy.py How To Use the Situation, naval.py Naval
Unit Movement, land.py Land unit Movement and Amphibious Assault, air.py the Mutual Air-Strike Phase), gathered in
STATES; the automatic steps (1, 5(D), 5(F)-(L), 10, the end of a campaign's set-up) are PROCEDURES. `apply` checks
an order's shape against every verb of the game first (MalformedAction), then who may decide now, then the decision's
own check (IllegalAction citing its rule)."""
from __future__ import annotations

import copy
import dataclasses
from typing import Any

from app.engine.contract import ChatPolicy, GameMeta, Option, Scenario, Side
from app.engine.log import clone
from app.engine.errors import MalformedAction, Refused
from app.engine.states import Decision, StatesTable, TableGame
from app.games.usn import (
    air,
    board,
    bots,
    building,
    campaign_play,
    campaign_setup,
    campaigndata,
    deploy,
    embarkation,
    ferry,
    grid,
    hidden,
    land,
    march,
    mountains,
    naming,
    naval,
    oiler,
    records,
    sequence,
    setup_due,
    shock,
    situation,
    special,
    steps,
    submarine,
    surface,
    variable_deployment,
    views,
)

State = dict[str, Any]



def _step_one(state, rng):
    building.ripen(state)  # Repairing or Building Bases (D): the bases completed last Game-Turn may be used
    (campaign_play.step_one if campaigndata.is_campaign(state) else records.reinforce)(state, rng)


def _step_ten(state, rng):
    (campaign_play.end_of_turn if campaigndata.is_campaign(state) else records.end_of_turn)(state, rng)


def _strikes(state, rng):
    shock.strikes(state, rng, air.strikes)  # Shock Effect: the second combat phase of Game-Turn One
    # Air and Naval Bases (B): the bases captured by the phase's attacks
    building.after_attack(state, "allied" if steps.printed_now(state) == "5" else "japanese")


# The automatic steps (steps.py), carried out by the walk as it passes them
PROCEDURES = {"reinforce": _step_one, "examine": air.examine, "strikes": _strikes, "records": _step_ten,
              setup_due.DONE: campaign_setup.done}


def _walking(resolve):
    """A decision's resolution, then what follows any decision (the walker walks on: sequence.py): a naval phase's
    rest of movement once its surface engagement is over, the submarines' attacks once the Allied movement is, the
    refuelling from Oilers, the campaigns' rules that act "as soon as"."""
    def run(state, role, action, rng):
        own = sequence.interrupt(state) is None  # the step's own decision, not one due inside it
        s = resolve(state, role, action, rng)
        if own:
            s["step"]["given"] = True  # a side decides once in its step (sequence.undecided)
        if s.get("surface") and s["surface"]["stage"] == "done":
            naval.finish(s, s["surface"]["attacker"])
        if not s.get("surface") and "sub_watch" in s:  # Submarines (C): the Allied movement is over
            submarine.attack(s, rng)
        if submarine.pending(s):  # Submarines (H): the subs' targets, the split of the reduction, are due first
            return s
        if not s.get("surface") and "oiler_due" in s:  # Step 2 (J): refuelling from Oilers, after (I)
            oiler.refuel(s, s.pop("oiler_due"))
        special.after(s)  # the campaigns' Special Game Rules that act "as soon as" (special.py)
        return s
    return run


def _side(state):
    """Who decides a step's own decision: the side the step names (the walker's `state["step"]["side"]`)."""
    return [state["step"]["side"]] if state["step"].get("side") else []


def _both(state):
    return ["japanese", "allied"]  # the secret simultaneous allocation (the walker's ALL step)


def _sub_decider(state):
    return [submarine.decider(state)]  # Submarines (H): the Japanese aim, then the Allied split


def _allied(state):
    return ["allied"]  # Australian Reserves (special.py): the Allied Player's choice


def _ships_only(action):
    """The naval order without the secret submarine record (Submarines), which submarine.py reads."""
    return {**action, "args": {k: v for k, v in action["args"].items() if k != "subs"}}


def _with_subs(state, role, action, subs):
    if role == "japanese" and submarine.active(state) and subs:
        action = {**action, "args": {**action["args"], "subs": subs}}
    return action


def _naval_check(state, role, action):
    shock.check_naval(state, role, _ships_only(action))  # Shock Effect first: it says why the order may not be given
    embarkation.check(state, role, _ships_only(action))  # Japanese Carrier Aircraft Embarkation: idle while training
    submarine.check(state, role, action["args"].get("subs") or {})
    action = _ships_only(action)
    naval.check(state, role, situation.others(state, role, action))
    situation.check_naval(state, role, action)
    situation.check_simulation_naval(state, role, action)


def _naval_default(state, role):
    return _with_subs(state, role, embarkation.comply(state, role, shock.comply_naval(state, role, situation.comply_naval(
        state, role, situation.allowed_naval(state, role, naval.default(state, role))))), submarine.default(state))


def _naval_random(state, role, rng):
    return _with_subs(state, role, embarkation.comply(state, role, shock.comply_naval(state, role, situation.comply_naval(
        state, role, situation.allowed_naval(state, role, naval.random(state, role, rng))))),
        submarine.random(state, rng) if role == "japanese" else {})


def _naval_prompt(state, role):
    p = naval.prompt(state, role)
    if (sim := situation.simulation_info(state, role)) is not None:
        p["info"] = {**p.get("info", {}), "simulation": sim}
    if tr := embarkation.training(state, role):  # the Japanese Player's carriers training new NAC (his own)
        p["info"] = {**p.get("info", {}), "training": tr}
    if (sh := shock.info(state, role)) is not None:  # Shock Effect: what may move now
        p["info"] = {**p.get("info", {}), "shock": sh}
    if (subs := submarine.prompt_info(state, role)) is not None:  # Submarines: the Japanese Player's own record
        p["actions"][0]["args"]["subs"] = submarine.order_spec(tuple(subs)).to_json()
        p["info"] = {**p.get("info", {}), "submarines": subs}
    return p


def _naval_resolve(state, role, action, rng):
    subs = action["args"].get("subs") or {}
    action = _ships_only(action)
    if role == "japanese":
        submarine.move(state, subs)  # Submarines (A): the secret record, at the beginning of the phase
    else:
        submarine.watch(state, action)  # Submarines (C): the hexes the Allied ships enter
    situation.simulation_move(state, role, action)
    oiler.due(state, role)
    training = embarkation.idle(state, role)
    s = naval.resolve(state, role, situation.others(state, role, action), rng)
    embarkation.count(s, training)
    situation.after_naval(s, role)
    return s


def _allocation_check(state, role, action):
    shock.check_allocation(state, role, action)  # Shock Effect: no Allied missions in Step 9 of Game-Turn One
    air.check(state, role, action)
    mountains.check_allocation(state, role, action)  # Movement (U): a mountain hexside costs one of the range
    situation.check_simulation_allocation(state, role, action)


def _allocation_default(state, role):
    return shock.comply_allocation(state, role, ferry.comply(state, situation.comply_allocation(
        state, role, air.default(state, role))))


def _allocation_random(state, role, rng):
    return shock.comply_allocation(state, role, ferry.comply(state, situation.comply_allocation(
        state, role, air.random(state, role, rng))))


def _allocation_prompt(state, role):
    p = ferry.limit_prompt(state, air.prompt(state, role))  # Japanese Ferry Carriers: one point offered
    if (sh := shock.allocation_info(state, role)) is not None:
        p["info"] = {**p.get("info", {}), "shock": sh}
    if (sim := situation.simulation_info(state, role)) is not None:
        p["info"] = {**p.get("info", {}), "simulation": sim}
    return p


def _allocation_resolve(state, role, action, rng):
    situation.after_allocation(state, role)
    return air.resolve(state, role, action, rng)


def _attack_check(state, role, action):
    shock.check_landing(state, role, action)
    situation.check_landing(state, role, action)  # the errata's bar first: it says why a landing is refused
    land.attack_check(state, role, action)


def _land_move_check(state, role, action):
    shock.check_land_move(state, role, action)  # Shock Effect: the Allies do not move on Game-Turn One
    rest, _ = special.split_entrench(state, role, action)  # Phillipine Fortifications: entrenched without the die
    land.move_check(state, role, rest)


def _land_move_prompt(state, role):
    # Shock Effect's limits on Game-Turn One; Burma 76: the route's next hex offered where legal (march.py)
    return march.offer(state, role, shock.land_prompt(state, role, land.move_prompt(state, role)))


def _attack_prompt(state, role):
    return shock.land_prompt(state, role, land.attack_prompt(state, role))


def _land_move_random(state, role, rng):
    return shock.comply_land_move(state, role, land.move_random(state, role, rng))


def _land_move_resolve(state, role, action, rng):
    rest, free = special.split_entrench(state, role, action)
    s = land.move_resolve(state, role, rest, rng)
    special.entrench_fortified(s, free)
    return s


def _attack_random(state, role, rng):
    return shock.comply_landing(state, role, situation.allowed_landing(state, role,
                                                                       land.attack_random(state, role, rng)))


NAVAL_VERBS = {"move": {**naval.VERBS["move"], "subs": submarine.order_spec()}}  # Submarines: the secret record

STATES = StatesTable([
    Decision("deploy", deploy.RULE, deploy.VERBS, _side, deploy.prompt, _walking(deploy.resolve),
             deploy.default, deploy.random, deploy.check, bot=bots.deploy, needed=sequence.undecided),
    Decision("naval", naval.RULE, NAVAL_VERBS, _side, _naval_prompt, _walking(_naval_resolve),
             _naval_default, _naval_random, _naval_check, bot=bots.naval, needed=sequence.undecided),
    Decision("land_move", land.MOVE_RULE, {"land_move": land.VERBS["land_move"]}, _side, _land_move_prompt,
             _walking(_land_move_resolve), land.move_default, _land_move_random, _land_move_check,
             bot=bots.land_move, needed=sequence.undecided),
    Decision("land_attack", land.ATTACK_RULE, {"land_attack": land.VERBS["land_attack"]}, _side,
             _attack_prompt, _walking(land.attack_resolve), land.attack_default, _attack_random,
             _attack_check, bot=bots.land_attack, needed=sequence.undecided),
    Decision(surface.ESCAPE, surface.RULE, surface.VERBS_ESCAPE, surface.acting, surface.escape_prompt,
             _walking(surface.escape_resolve), surface.escape_default, surface.escape_random, surface.escape_check,
             bot=bots.escape),
    Decision(surface.FIRE, surface.RULE, surface.VERBS_FIRE, surface.acting, surface.fire_prompt,
             _walking(surface.fire_resolve), surface.fire_default, surface.fire_random, surface.fire_check,
             bot=bots.surface_fire),
    Decision("allocation", air.RULE, air.VERBS, _both, _allocation_prompt, _walking(_allocation_resolve),
             _allocation_default, _allocation_random, _allocation_check, bot=bots.allocation,
             announce=air.announce),
    Decision(submarine.AIM, submarine.AIM_RULE, submarine.AIM_VERBS, _sub_decider, submarine.aim_prompt,
             _walking(submarine.aim_resolve), submarine.aim_default, submarine.aim_random, submarine.aim_check,
             bot=bots.sub_aim),
    Decision(submarine.SPLIT, submarine.SPLIT_RULE, submarine.SPLIT_VERBS, _sub_decider, submarine.split_prompt,
             _walking(submarine.split_resolve), submarine.split_default, submarine.split_random,
             submarine.split_check, bot=bots.sub_split),
    Decision(special.RESERVES, special.RESERVES_RULE, special.VERBS, _allied, special.reserves_prompt,
             _walking(special.reserves_resolve), special.reserves_default, special.reserves_random,
             special.reserves_check, bot=bots.reserves),
    Decision(variable_deployment.KIND, variable_deployment.RULE, variable_deployment.verbs(grid.ALL_HEXES), _side,
             variable_deployment.prompt, _walking(variable_deployment.resolve), variable_deployment.default,
             variable_deployment.random, variable_deployment.check, bot=bots.set_up,
             needed=sequence.undecided),
    Decision(campaign_setup.KIND, campaign_setup.RULE, campaign_setup.verbs(grid.ALL_HEXES), _side,
             campaign_setup.prompt, _walking(campaign_setup.resolve), campaign_setup.default, campaign_setup.random,
             campaign_setup.check, bot=bots.set_up, needed=sequence.undecided),
])
SEQUENCE = sequence.walk(STATES, PROCEDURES)
ALL_VERBS: dict[str, Any] = {}
for _d in STATES:
    ALL_VERBS.update(_d.verbs)


def _computer(side: str) -> bots.Bot:
    """A side's computer player: the answer of the record of the decision its prompt waits on (STATES)."""
    def bot(view: dict[str, Any], prompt: dict[str, Any], rng) -> dict[str, Any]:
        return STATES[prompt["info"]["kind"]].bot(view, prompt, rng)
    bot.__name__ = f"{side}_bot"
    return bot


BOTS: dict[str, bots.Bot] = {side: _computer(side) for side in ("japanese", "allied")}


def _named(e: Refused, state: State) -> Refused:
    """A refusal as the player reads it: ships, subs, air stations and land units by their printed names (issue 34),
    the same kind of refusal citing the same rule."""
    return type(e)(naming.named_in(e.message, state.get("land", {})), e.rule)


class USN(TableGame):
    views, hidden = views, hidden
    meta = GameMeta(
        id="usn", title="U.S.N.: The Game of War in the Pacific, 1941-43", publisher="SPI", year=1971,
        roles=("japanese", "allied"),
        scenarios=(Scenario("coral_sea", "The Battle of Coral Sea, 8 May 1942", "USN \"Mini-Games\"",
                            "Two Game-Turns; 100 Victory Points to the holder of Port Moresby."),) + tuple(
            Scenario(n, board.SITUATIONS[n]["game"]["title"], "USN \"Mini-Games\"",
                     board.SITUATIONS[n]["game"]["summary"]) for n in board.SITUATIONS if n != "coral_sea") + tuple(
            Scenario(n, campaigndata.game(n)["game"]["name"], "Situations & Orders of Battle",
                     campaign_play.summary(n)) for n in campaign_play.SCENARIOS),
        role_labels={"japanese": "Japanese Player", "allied": "Allied Player"},
        sides=(Side("japanese", "Japanese Player", ("japanese",)), Side("allied", "Allied Player", ("allied",))),
        options=(Option(situation.SIM_OPTION, "Midway only: the Simulation Version (the Japanese carriers sail at "
                        "full speed beside Midway and strike it)", situation.SIM_RULE, False),
                 Option(submarine.OPTION, "Optional rule: Japanese submarines (the situation's printed subs, kept "
                        "in a secret record until they attack)", submarine.RULE, False),
                 *campaign_play.OPTIONS),
        chat=ChatPolicy(),
        listed=True,  # its own board and order forms (app/web/games/usn)
    )
    states, all_verbs, over_rule = STATES, ALL_VERBS, "How the Game is Won"
    role_titles = dict(meta.role_labels)  # who a refusal says the game waits for
    bots = BOTS  # one computer player a side, deciding from its view only: each record's `bot` (bots.py)

    sequence = SEQUENCE

    def setup(self, scenario: str, options: dict[str, Any], rng) -> State:
        if scenario in campaign_play.SCENARIOS:
            state = campaign_play.setup(scenario, options, rng)
            SEQUENCE.begin(state, rng)  # its set-up decisions, else the Pre-Game-Turn or Step 1 (sequence.pregame)
            building.start(state)  # the bases' original capacities, what a repair restores
            return state
        if scenario not in board.SITUATIONS:
            raise MalformedAction(f"Unknown scenario {scenario!r} (scenarios: "
                                  f"{', '.join((*board.SITUATIONS, *campaign_play.SCENARIOS))}).")
        state = board.new_state(scenario=scenario)
        situation.start_simulation(state, options)
        submarine.start(state, options)
        oiler.start(state)
        building.start(state)
        SEQUENCE.begin(state, rng)
        return state

    def phase(self, state: State) -> str:
        st = state["step"]
        if st.get("part") == "pregame":
            where = f"shock{st['index'] - len(sequence.pregame(state)) + len(steps.SHOCK)}" if shock.pregame(state) \
                else "setup"
        else:
            where = st["index"]
        return f"turn-{state['turn']}-{where}-{SEQUENCE.kind(state)}"

    def acting(self, state: State) -> list[str]:
        """Who decides now (the walker's answer); at the secret allocation, the sides that have not yet written it:
        a written allocation is final."""
        return [r for r in SEQUENCE.acting(state) if not SEQUENCE.revising(state, r)]

    def view(self, state: State, role: str) -> dict[str, Any]:
        return views.view(state, role, self.acting(state))

    def prompts(self, state: State) -> dict[str, Any]:
        """Each prompt's info names the decision it asks for (`kind`: its record's id, which the computer players
        and the web forms read), from the record itself rather than from each prompt."""
        asked = super().prompts(state)  # none once the game is over
        kind = self.decision(state).id if asked else None
        return {role: {**p, "info": {"kind": kind, **(p.get("info") or {})}} for role, p in asked.items()}

    def apply(self, state: State, role: str, action: Any, rng) -> State:
        # a JSON round trip, the log's lines shared (app/engine/log.py): a campaign's hundreds of units copied several
        # times faster than copy.deepcopy (docs/games/usn.md, "Campaign games as scenarios": the bench)
        try:
            d = self.guard(state, role, action)
            s = clone(state)
            return SEQUENCE.decide(s, role, d.judge(s, role, action), rng)
        except Refused as e:
            raise _named(e, state) from None

    def guard(self, state: State, role: str, action: Any) -> Decision:
        if not campaigndata.is_campaign(state):
            return super().guard(state, role, action)
        wide = copy.copy(self)  # a campaign's orders are shaped against its own ships, land units and hexes
        wide.all_verbs = campaign_play.VERBS
        d = TableGame.guard(wide, state, role, action)
        return dataclasses.replace(d, verbs={v: campaign_play.VERBS[v] for v in d.verbs})

    def check(self, state: State, role: str, action: Any) -> None:
        try:
            self.guard(state, role, action).judge(state, role, action)
        except Refused as e:
            raise _named(e, state) from None


rules = USN()
__all__ = ["STATES", "rules"]
