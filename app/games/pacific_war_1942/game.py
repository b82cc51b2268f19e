"""Pacific War 1942: Solitaire on the rules contract: the Allied player against the Japanese BOT.

The sequence of play (Sequence of Play Each Turn) is the table PHASES; `state["phase"]` names the step now:
"ap" (roll the AP Chart), "actions" (spend AP), "japanese" (roll the Japanese Action Chart), "reroll" (decide on
an Allied reserve re-roll), "over". The BOT's moves are made here, inside `apply`, each with its die roll logged.
"""
from __future__ import annotations

import copy

from app.engine.contract import GameMeta, Scenario
from app.engine.errors import IllegalAction, MalformedAction
from app.engine.orders import check_action
from app.games.pacific_war_1942 import allied, attacks, board, bot, data, orders, views
from app.games.pacific_war_1942.report import report as after_action_report

SEQUENCE = "Sequence of Play Each Turn"

PHASES: dict[str, dict[str, str]] = {
    "ap": {"title": "Roll for Action Points", "rule": SEQUENCE},
    "actions": {"title": "Spend your Action Points", "rule": "Using Action Charts"},
    "japanese": {"title": "The Japanese BOT acts", "rule": "Using Action Charts"},
    "reroll": {"title": "Use the Allied reserve?", "rule": "Allied Army Reserves"},
}


class PacificWar1942:
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

    # --- prompts ---------------------------------------------------------------------------------------------

    def prompts(self, state):
        if state["over"]:
            return {}
        p = state["phase"]
        if p == "ap":
            actions = [orders.spec("roll_ap", "Roll the die for Action Points (AP Chart)")]
        elif p == "actions":
            actions = allied.choices(state)
        elif p == "japanese":
            actions = [orders.spec("japanese_action", "Roll the die for the Japanese BOT action")]
        else:
            pend = state["pending"]
            fname = data.FRONTS[pend["front"]]["name"]
            odds = board.odds_text("land", pend["drm"])
            if pend["attacker"] == "allied":
                keep = f"Keep the reserve: the attack on {data.name(pend['target'])} fails"
                again = f"the Allies advance on {odds}"
            else:
                keep = f"Keep the reserve: the Japanese take {data.name(pend['target'])}"
                again = f"the Japanese advance on {odds}"
            actions = [orders.spec("use_reserve", f"Use the {fname} front reserve to re-roll (it is removed; {again})"),
                       orders.spec("accept", keep)]
        title = PHASES[p]["title"]
        if p == "actions":
            title += f" — {state['ap']} AP left"
        return {"allied": {"title": f"Turn {state['turn']}: {title}", "rule": PHASES[p]["rule"], "actions": actions,
                           "info": {"ap": state["ap"], "turn": state["turn"]}}}

    # --- apply -----------------------------------------------------------------------------------------------

    def apply(self, state, role, action, rng):
        if role != "allied":
            raise IllegalAction("Only the Allied player gives orders; the Japanese BOT plays itself.", SEQUENCE)
        check_action(orders.VERBS, action)  # the shape first (MalformedAction), then the rules
        if state["over"]:
            raise IllegalAction("The game is over.", "How to Win")
        verb = action["verb"]
        s = copy.deepcopy(state)
        p = s["phase"]
        if p == "ap":
            self._expect(verb, {"roll_ap"})
            allied.roll_ap(s, rng)
        elif p == "actions":
            # Undo until the next die roll is the platform's take-back (app/play/undo.py), from the action log.
            allied.act(s, action, rng)
            if s["pending"]:
                s["phase"] = "reroll"
            elif s["ap"] == 0:
                s["phase"] = "japanese"
        elif p == "japanese":
            self._expect(verb, {"japanese_action"})
            bot.roll_action(s, rng)
            self._continue_bot(s, rng)
        elif p == "reroll":
            self._expect(verb, {"use_reserve", "accept"})
            attacker = s["pending"]["attacker"]
            if verb == "use_reserve":
                attacks.reroll(s, rng)
            else:
                attacks.accept(s)
            if attacker == "allied":
                s["phase"] = "actions" if s["ap"] else "japanese"
            else:
                self._continue_bot(s, rng)
        return s

    @staticmethod
    def _expect(verb, allowed):
        if verb not in allowed:
            raise IllegalAction(f"That is not possible now: {' or '.join(sorted(allowed))}.", SEQUENCE)

    def _continue_bot(self, s, rng):
        if s["pending"] or bot.play_steps(s, rng):
            s["phase"] = "reroll"
            return
        self._end_turn(s)

    # --- end of turn: How to Win -----------------------------------------------------------------------------

    def _end_turn(self, s):
        held = board.allied_locations_lost(s)
        if len(held) >= data.INSTANT["needed"]:
            names = " and ".join(data.name(x) for x in held)
            attacks.log(s, f"End of turn {s['turn']}: the Japanese occupy {names}: instant Japanese victory.")
            s["over"] = {"winner": "japanese", "level": "instant", "score": board.score(s),
                         "reason": f"The Japanese occupy {names} (How to Win)."}
            s["phase"] = "over"
            return
        front = data.BOMB["requires_front"]
        if s["turn"] >= data.BOMB["first_turn"] and \
                board.allied_index(s, front) >= data.route(front).index(data.BOMB["requires_location"]):
            s["bomb"] = True
            attacks.log(s, f"End of turn {s['turn']}: from the Marianas the Atomic Bomb is dropped on Japan. "
                           f"The war ends.")
            self._final(s, "The Atomic Bomb was dropped on Japan (How to Win).")
            return
        if s["turn"] >= s["turns"]:
            attacks.log(s, f"End of turn {s['turn']}: the last game turn has been played.")
            self._final(s, "The last game turn has been played (How to Win).")
            return
        s["turn"] += 1
        s["phase"] = "ap"
        s["ap"] = 0
        s["ap_roll"] = None
        attacks.log(s, f"Turn {s['turn']} begins ({data.turn_date(s['turn'])}).")

    @staticmethod
    def _final(s, reason):
        sc = board.score(s)
        b = sc["band"]
        attacks.log(s, f"Final score: {sc['total']} VP. {b['text']}")
        s["over"] = {"winner": b["winner"], "level": b["level"], "score": sc, "reason": reason}
        s["phase"] = "over"

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
        return {"ap": {"verb": "roll_ap"}, "actions": {"verb": "end_actions"},
                "japanese": {"verb": "japanese_action"}, "reroll": {"verb": "accept"}}.get(state["phase"],
                                                                                           {"verb": "end_actions"})


rules = PacificWar1942()
