"""Pacific War 1942: Solitaire on the rules contract: the Allied player against the Japanese BOT.

`state["phase"]` names the step of the sequence of play now: "ap" (roll the AP Chart), "actions" (spend AP),
"japanese" (roll the Japanese Action Chart), "reroll" (decide on an Allied reserve re-roll), "over". Each step that
waits on the player is a record of the states table (states.py, Contract v2): its orders, prompt, resolution,
default and random order. The BOT's moves are made inside those resolutions, each with its die roll logged.
"""
from __future__ import annotations

from app.engine.contract import GameMeta, Scenario
from app.engine.errors import IllegalAction, MalformedAction
from app.engine.orders import check_action
from app.engine.states import Decision
from app.games.pacific_war_1942 import attacks, data, orders, views
from app.games.pacific_war_1942.report import report as after_action_report
from app.games.pacific_war_1942.states import SEQUENCE, STATES


class PacificWar1942:
    states = STATES
    noticeable = None  # nothing hidden: the harness checks that views leave the state alone
    meta = GameMeta(
        # The rulebook names neither its publisher nor its year (rules README: "—"); None reads "unknown".
        id="pacific_war_1942", title="Pacific War 1942: Solitaire", publisher=None, year=None, roles=("allied",),
        scenarios=(Scenario("campaign", "The Pacific War, 1942-1945", "Game Components and Set Up",
                            "The Allied player against the Japanese BOT, from the double-circled start lines."),),
        solitaire=True, role_labels={"allied": "Allied player", "japanese": "Japanese BOT"},
    )

    # --- set-up ----------------------------------------------------------------------------------------------

    def setup(self, scenario, options, rng):
        if scenario != "campaign":
            raise MalformedAction(f"Unknown scenario {scenario!r}.")
        s = data.RULES["setup"]
        state = {
            "turn": s["turn"], "turns": data.TURNS, "phase": "ap", "ap": 0, "ap_roll": None,
            "fronts": {f: {"allied": data.start_index(f), "stalled": False, "reserve": False,
                           "japanese_reserve": False} for f in data.FRONT_ORDER},
            "seas": {sea: s["sea_control"] for sea in data.SEA_AREAS},
            "europe": s["europe"], "bomb": False,
            "pending": None, "bot": None, "last_bot": None, "last_roll": None,
            "log": [], "over": None,
        }
        attacks.log(state, "Set-up: Allied front markers in Burma, Kunming, Port Moresby and Midway; Japanese front "
                           "markers in Rangoon, Chungking, Guadalcanal and Tarawa; the Japanese control every sea area.")
        return state

    def phase(self, state):
        return f"turn-{state['turn']}-{state['phase']}"

    # --- prompts and orders: the states table (states.py) by the step now ---------------------------------------

    @staticmethod
    def decision(state) -> Decision:
        """The record of the step waited on now."""
        return STATES[state["phase"]]

    def prompts(self, state):
        if state["over"]:
            return {}
        d = self.decision(state)
        return {role: d.prompt(state, role) for role in d.deciders(state)}

    def _decision_for(self, state, role, action) -> Decision:
        """The record that will take `action`, after the checks every order passes (who, shape, when)."""
        if role != "allied":
            raise IllegalAction("Only the Allied player gives orders; the Japanese BOT plays itself.", SEQUENCE)
        check_action(orders.VERBS, action)  # the shape first (MalformedAction), then the rules
        if state["over"]:
            raise IllegalAction("The game is over.", "How to Win")
        d = self.decision(state)
        if action["verb"] not in d.verbs:
            raise IllegalAction(f"That is not possible now ({d.prompt(state, role)['title']}).", d.rule)
        return d

    def apply(self, state, role, action, rng):
        return self._decision_for(state, role, action).carry_out(state, role, action, rng)

    def check(self, state, role, action) -> None:
        """The page's live check (app/play/check.py): everything `apply` would refuse, without rolling or changing."""
        self._decision_for(state, role, action).judge(state, role, action)

    # --- view and outcome ------------------------------------------------------------------------------------

    def view(self, state, role):
        return views.view(state, role)

    def outcome(self, state):
        """Who won, at what level, and why, in words a person reads on the game page and the after-action report;
        the score is the Allied VP total (the line-by-line calculation is the view's and the report's)."""
        over = state["over"]
        if not over:
            return None
        total = over["score"]["total"]
        # An instant victory ends the game whatever the score (How to Win): its band would contradict the winner.
        verdict = (f"The score stood at {total} VP." if over["level"] == "instant"
                   else f"Final score {total} VP: {over['score']['band']['text']}")
        return {"winner": over["winner"], "level": over["level"], "score": {"allied": total},
                "reason": f"{over['reason']} {verdict}"}

    def report(self, state):
        return after_action_report(state)

    def default_action(self, state, role):
        return self.decision(state).default(state, role)

    def random_action(self, state, role, rng):
        return self.decision(state).random(state, role, rng)


rules = PacificWar1942()
