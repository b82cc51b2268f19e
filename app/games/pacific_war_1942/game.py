"""Pacific War 1942: Solitaire on the rules contract: the Allied player against the Japanese BOT.

The sequence of play is walked by the engine's walker (sequence.py): the AP roll, the Allied actions, the Japanese
BOT's action and the end of the turn, with the reserve re-roll as an interrupt. The decisions are the records of the
states table (states.py); `apply` is the engine's TableGame guard (shape, the game over, who decides now, a verb the
decision takes), the record's judgement, then the walk.
"""
from __future__ import annotations

from app.engine.contract import GameMeta, Scenario
from app.engine.errors import MalformedAction
from app.engine.states import TableGame
from app.games.pacific_war_1942 import attacks, data, orders, views
from app.games.pacific_war_1942.report import report as after_action_report
from app.games.pacific_war_1942.sequence import SEQUENCE
from app.games.pacific_war_1942.states import STATES


class PacificWar1942(TableGame):
    states, sequence, views = STATES, SEQUENCE, views
    all_verbs, over_rule, role_titles = orders.VERBS, "How to Win", {"allied": "the Allied player"}
    meta = GameMeta(
        # The rulebook names neither its publisher nor its year (rules README: "—"); None reads "unknown".
        id="pacific_war_1942", title="Pacific War 1942: Solitaire", publisher=None, year=None, roles=("allied",),
        scenarios=(Scenario("campaign", "The Pacific War, 1942-1945", "Game Components and Set Up",
                            "The Allied player against the Japanese BOT, from the double-circled start lines."),),
        solitaire=True, role_labels={"allied": "Allied player", "japanese": "Japanese BOT"},
    )

    # --- set-up ----------------------------------------------------------------------------------------------

    def setup(self, scenario, options, rng):
        """The printed set-up, then the walk to the first decision: turn 1's AP roll is made at once."""
        if scenario != "campaign":
            raise MalformedAction(f"Unknown scenario {scenario!r}.")
        s = data.RULES["setup"]
        state = {
            "turn": s["turn"], "turns": data.TURNS, "step": {}, "ap": 0, "ap_roll": None,
            "fronts": {f: {"allied": data.start_index(f), "stalled": False, "reserve": False,
                           "japanese_reserve": False} for f in data.FRONT_ORDER},
            "seas": {sea: s["sea_control"] for sea in data.SEA_AREAS},
            "europe": s["europe"], "bomb": False,
            "pending": None, "bot": None, "last_bot": None, "last_roll": None,
            "log": [], "at": None, "outcome": None,
        }
        attacks.log(state, "Set-up: Allied front markers in Burma, Kunming, Port Moresby and Midway; Japanese front "
                           "markers in Rangoon, Chungking, Guadalcanal and Tarawa; the Japanese control every sea area.")
        SEQUENCE.begin(state, rng)
        return state

    def phase(self, state):
        return f"turn-{state['turn']}-{SEQUENCE.kind(state) or 'over'}"

    # --- outcome ---------------------------------------------------------------------------------------------

    def outcome(self, state):
        """Who won, at what level, and why, in words a person reads on the game page and the after-action report;
        the score is the Allied VP total (the line-by-line calculation is the view's and the report's)."""
        over = state["outcome"]
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


rules = PacificWar1942()
