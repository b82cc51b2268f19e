"""Solomons Campaign (SPI 1972) on the rules contract: setup, prompts, apply, view, outcome and the hooks.

The sequence of play is walked in sequence.py; each decision is a secret simultaneous submission resolved once
every prompted side has submitted (a side may resubmit until then).
"""
from __future__ import annotations

from typing import Any

from app.engine import umpire_gate
from app.engine.log import clone
from app.engine.contract import UMPIRE, GameMeta, Option, Scenario
from app.engine.errors import IllegalAction, MalformedAction
from app.games.solomons import asking, board, fog, opening, players, sequence, views
from app.games.solomons.players import BOTS
from app.games.solomons.decision import VERB
from app.games.solomons.states import STATES
from app.games.solomons.strong_bot import levels

State = dict[str, Any]
# Each decision kind's prompt, checks and resolution are its record in the states table (states.py); a prompt cites
# the rule of its step in the sequence table (data/sequence.toml).


UMPIRE_VERBS = {"advance": "advance one segment", "run": "run to the end of this Plot Execution Phase"}


def _umpire_title(state: State, held: dict[str, Any]) -> str:
    return (f"Game-Turn {state['turn']}, Segment {sequence.current(state)['segment']} is next: advance one segment, "
            f"or let this Plot Execution Phase run")


def _umpire_told(state: State, was: dict[str, Any], run: bool) -> tuple[str, Any]:
    return (f"You {UMPIRE_VERBS['run' if run else 'advance']} (Game-Turn {state['turn']}, "
            f"Segment {sequence.current(state)['segment']}).", state["step"]["index"])


# The umpire's release of each Execution Segment (Guadalcanal 18): the engine's gate, worded as Solomons' pages say it.
UMPIRE_GATE = umpire_gate.decision(
    sequence.SEQUENCE.released, rule="Guadalcanal 18", span_label="this Plot Execution Phase", clone=clone,
    labels={v: label[0].upper() + label[1:] for v, label in UMPIRE_VERBS.items()}, title=_umpire_title,
    info=lambda state, held: {"segment": sequence.current(state)["segment"], "phase": sequence.current(state)["phase"]},
    told=_umpire_told)


class Solomons:
    meta = GameMeta(
        id="solomons", title="Solomons Campaign: Air, Land and Sea Warfare, Pacific 1942", publisher="SPI",
        year=1972, roles=("allied", "japanese"),
        scenarios=(Scenario("campaign", "The Campaign, August-November 1942", "21",
                            "Sixteen weekly Game-Turns from the landing on Guadalcanal."),),
        options=(Option("yamato", "Add BB-1 Yamato at Truk (historical option)", "21.9", False),
                 Option("musashi", "Add BB-2 Musashi at Truk (hypothetical option)", "21.9", False),
                 # the umpired game's fog is Guadalcanal's (the rulebook this one borrows): its label cites it, as
                 # the lobby's "(rule ...)" would read as a Solomons rule "Guadalcanal 18c2" (issue 34)
                 Option("fog_damage", "Fog of war: damage reports to the attacker may be wrong (umpired games; "
                        "Guadalcanal's rule 18c2)", None, False),
                 Option("fog_intel", "Fog of war: sighting counts may be halved or doubled (umpired games; "
                        "Guadalcanal's rule 18c1)", None, False)),
        role_labels={"allied": "United States", "japanese": "Japan"},
    )
    bots = BOTS

    def setup(self, scenario: str, options: dict[str, Any], rng) -> State:
        if self.meta.scenario(scenario) is None:
            raise IllegalAction(f"Unknown scenario {scenario!r}.", None)
        chosen = dict(self.meta.default_options(), **(options or {}))
        for name in fog.OPTIONS:
            if chosen.get(name) and not chosen.get("umpired"):
                label = next(o.label for o in self.meta.options if o.id == name).split(" (")[0]
                raise IllegalAction(f"The option \"{label}\" needs an umpire: create the game as umpired.",
                                    "Guadalcanal 18c")
        state = opening.new_state(chosen)
        asking.newcomer(state)  # issue 34: the standing orders a sensible player sets are on from the start
        sequence.SEQUENCE.begin(state, rng)
        return state

    def phase(self, state: State) -> str:
        """'turn-3-exec1-seg5': the replay steps by Game-Turn, phase and Execution Segment (4.1-4.5)."""
        if state["outcome"]:
            return "over"
        step = sequence.current(state)
        segment = f"-seg{state['segment']}" if state.get("segment") else ""
        return f"turn-{state['turn']}-{step['phase']}{segment}"

    def prompts(self, state: State) -> dict[str, Any]:
        out = {}
        kind = sequence.current(state)["kind"]
        for side in sequence.deciders(state):
            out[side] = STATES[kind].prompt(state, side)
            out[side]["actions"].append(asking.standing_action(state, side))  # issue 11 item 4, from any prompt
        if umpire_gate.held(state):
            out[UMPIRE] = UMPIRE_GATE.prompt(state, UMPIRE)
        return out

    def apply(self, state: State, role: str, action: dict[str, Any], rng) -> State:
        if state["outcome"]:
            raise IllegalAction("The game is over.", "22")
        if role == UMPIRE and umpire_gate.umpired(state):
            return self.apply_umpire(state, action, rng)
        if role not in board.SIDES:
            raise IllegalAction("Only a side gives orders.", None)
        if not isinstance(action, dict) or action.get("verb") not in (VERB, "standing"):
            raise MalformedAction("The orders are 'submit' and 'standing'.")
        args = action.get("args")
        if not isinstance(args, dict):
            raise MalformedAction("Orders are an object of arguments.")
        kind = STATES.decisions.get(sequence.current(state)["kind"])
        if kind is not None and action["verb"] == VERB:
            args = kind.tidied(state, role, action)["args"]  # a board's blank rows and shortcuts (the record's tidy)
            kind.shape({"verb": VERB, "args": args})  # then the shape (MalformedAction naming the argument)
        if role not in sequence.deciders(state):
            raise IllegalAction("You have nothing to decide now; the other side is deciding.", None)
        if action["verb"] == "standing":
            return self.apply_standing(state, role, args, rng)
        if kind.check is not None:  # the shape was checked above; now the kind's rules (IllegalAction citing them)
            kind.check(state, role, args)
        out = kind.resolve(clone(state), role, args, rng)
        sequence.advance(out, rng)  # the walker goes on: at once if that was the last order the step waited for
        return out

    def tidied(self, state: State, role: str, action: Any) -> Any:
        """The order as the rules read it: a board's blank rows and shortcuts tidied by the current record (what a
        tutorial compares with the example's order)."""
        kind = STATES.decisions.get(sequence.current(state)["kind"])
        if kind is None or not isinstance(action, dict) or action.get("verb") != VERB:
            return action
        return kind.tidied(state, role, action)

    def check(self, state: State, role: str, action: Any) -> None:
        """The live check of a half-made order (contract v2): the current decision's judgement of a `submit` (the
        record's tidy, its shape, its rules), or a standing order's; nothing changes."""
        args = action.get("args") if isinstance(action, dict) else None
        if isinstance(action, dict) and action.get("verb") == "standing":
            asking.check_standing(args if isinstance(args, dict) else {}, role)
            return
        kind = STATES.decisions.get(sequence.current(state)["kind"])
        if kind is None:
            raise IllegalAction("Nothing to decide now.", None)
        kind.judge(state, role, {"verb": VERB, "args": args if isinstance(args, dict) else {}})

    def apply_standing(self, state: State, role: str, args: dict[str, Any], rng) -> State:
        """Issue 11 item 4: set or clear a standing order from any prompt; the decision itself stays open."""
        asking.check_standing(args, role)
        s = clone(state)
        asking.set_standing(s, role, args)
        sequence.advance(s, rng)
        return s

    def apply_umpire(self, state: State, action: dict[str, Any], rng) -> State:
        """Guadalcanal 18: the umpire advances execution one segment at a time, or lets it run (the engine's gate)."""
        if not umpire_gate.held(state):
            raise IllegalAction("The umpire has nothing to decide now: the sides are deciding.", "Guadalcanal 18")
        verb = action.get("verb") if isinstance(action, dict) else None
        if verb not in UMPIRE_VERBS:
            raise MalformedAction("The umpire's orders are 'advance' (one segment) or 'run' (to the end of this "
                                  "Plot Execution Phase).")
        return UMPIRE_GATE.resolve(state, UMPIRE, {"verb": verb, "args": {}}, rng)

    def view(self, state: State, role: str) -> dict[str, Any]:
        return views.view(state, role)

    def outcome(self, state: State):
        return state["outcome"]

    def default_action(self, state: State, role: str) -> dict[str, Any]:
        if role == UMPIRE:
            return {"verb": "advance", "args": {}}  # a missed umpire decision advances one segment
        return players.default_action(state, role)

    def random_action(self, state: State, role: str, rng) -> dict[str, Any]:
        if role == UMPIRE:
            return {"verb": rng.choice(sorted(UMPIRE_VERBS)), "args": {}}
        return players.random_action(state, role, rng)

    def perturb(self, state: State, role: str, rng) -> State:
        return views.perturb(state, role, rng)

    def noticeable(self, view: dict[str, Any], role: str) -> dict[str, Any]:
        """For the non-interference harness: the one thing a side may learn of the other's hidden forces (issue 11
        item 4), whether the other side (for a spectator, either side) was asked at an air allocation, a reset section
        or Carrier Air Group Training, blanked out as "submitted or nothing to decide" (views.public's `waiting_for`).
        Nothing else is blanked."""
        if role == UMPIRE or not isinstance(view.get("waiting_for"), dict):  # the umpire sees every force
            return view
        step_kind = sequence.current_kind(view) or view.get("section")  # plot steps: the section is the step
        if step_kind not in STATES or not STATES[step_kind].skips:
            return view
        return dict(view, waiting_for={s: w if s == role else False for s, w in view["waiting_for"].items()})

    def plant_canaries(self, state: State, role: str, marker: str) -> State:
        return views.plant_canaries(state, role, marker)


rules = Solomons()
rules.bot_levels = levels(rules)  # issue 19: "easy" and "strong", chosen in the lobby (the strong one searches with rules)
