"""The states table of Pacific War 1942 (Contract v2): one `Decision` record per step of the sequence of play that
waits on the Allied player, gathered in STATES; `game` looks the current step (`state["phase"]`) up here.

The steps (Sequence of Play Each Turn): "ap" (roll the AP Chart), "actions" (spend AP, Using Action Charts),
"japanese" (roll the Japanese Action Chart for the BOT), "reroll" (use an Allied reserve or accept, Allied Army
Reserves). "over" waits on nobody. The BOT's own moves are made inside the resolutions, each roll logged.
"""
from __future__ import annotations

import copy
from typing import Any

from app.engine.orders import enumerate_spec
from app.engine.rng import Rng
from app.engine.states import Decision, StatesTable
from app.games.pacific_war_1942 import allied, attacks, board, bot, data, orders, victory

State = dict[str, Any]
SEQUENCE = "Sequence of Play Each Turn"
ACTIONS = "Using Action Charts"
RESERVES = "Allied Army Reserves"

TITLES = {"ap": "Roll for Action Points", "actions": "Spend your Action Points", "japanese": "The Japanese BOT acts",
          "reroll": "Use the Allied reserve?"}


def _verbs(*names: str) -> dict[str, Any]:
    """The decision's orders, taken from orders.VERBS (the one record of the game's verbs)."""
    return {name: orders.VERBS[name] for name in names}


def _allied(state: State) -> list[str]:
    """The solitaire player decides every step; nobody once the game is over."""
    return [] if state["over"] else ["allied"]


def _prompt(kind: str, rule: str, state: State, actions: list[dict[str, Any]]) -> dict[str, Any]:
    title = TITLES[kind]
    if kind == "actions":
        title += f" — {state['ap']} AP left"
    return {"title": f"Turn {state['turn']}: {title}", "rule": rule, "actions": actions,
            "info": {"ap": state["ap"], "turn": state["turn"]}}


def _random(state: State, role: str, rng: Rng) -> dict[str, Any]:
    """One of the orders the prompt offers, each a button for one value (every offered order is legal now)."""
    offered = STATES[state["phase"]].prompt(state, role)["actions"]
    return rng.choice([action for spec in offered for action in enumerate_spec(spec)])


def _stepped(step):
    """A resolution on a copy of the state, so a refused order changes nothing."""
    def resolve(state: State, role: str, action: dict[str, Any], rng: Rng) -> State:
        s = copy.deepcopy(state)
        step(s, action, rng)
        return s
    return resolve


def continue_bot(s: State, rng: Rng) -> None:
    """The BOT plays its remaining steps; a Japanese attack on a front with a reserve pauses it for the re-roll."""
    if s["pending"] or bot.play_steps(s, rng):
        s["phase"] = "reroll"
        return
    victory.end_turn(s)


# --- "ap": Sequence of Play Each Turn, the AP Chart ----------------------------------------------------------------

def ap_prompt(state: State, role: str) -> dict[str, Any]:
    return _prompt("ap", SEQUENCE, state, [orders.spec("roll_ap", "Roll the die for Action Points (AP Chart)")])


def ap_resolve(s: State, action: dict[str, Any], rng: Rng) -> None:
    allied.roll_ap(s, rng)


# --- "actions": Using Action Charts, the Allied actions bought with AP ---------------------------------------------

def actions_prompt(state: State, role: str) -> dict[str, Any]:
    return _prompt("actions", ACTIONS, state, allied.choices(state))


def actions_resolve(s: State, action: dict[str, Any], rng: Rng) -> None:
    # Undo until the next die roll is the platform's take-back (app/play/undo.py), from the action log.
    allied.act(s, action, rng)
    if s["pending"]:
        s["phase"] = "reroll"
    elif s["ap"] == 0:
        s["phase"] = "japanese"


# --- "japanese": the player rolls the Japanese Action Chart for the BOT ---------------------------------------------

def japanese_prompt(state: State, role: str) -> dict[str, Any]:
    return _prompt("japanese", ACTIONS, state,
                   [orders.spec("japanese_action", "Roll the die for the Japanese BOT action")])


def japanese_resolve(s: State, action: dict[str, Any], rng: Rng) -> None:
    bot.roll_action(s, rng)
    continue_bot(s, rng)


# --- "reroll": Allied Army Reserves, re-roll a land attack or accept its result ------------------------------------

def reroll_prompt(state: State, role: str) -> dict[str, Any]:
    pend = state["pending"]
    fname = data.FRONTS[pend["front"]]["name"]
    odds = board.odds_text("land", pend["drm"])
    if pend["attacker"] == "allied":
        keep = f"Keep the reserve: the attack on {data.name(pend['target'])} fails"
        again = f"the Allies advance on {odds}"
    else:
        keep = f"Keep the reserve: the Japanese take {data.name(pend['target'])}"
        again = f"the Japanese advance on {odds}"
    return _prompt("reroll", RESERVES, state,
                   [orders.spec("use_reserve", f"Use the {fname} front reserve to re-roll (it is removed; {again})"),
                    orders.spec("accept", keep)])


def reroll_resolve(s: State, action: dict[str, Any], rng: Rng) -> None:
    attacker = s["pending"]["attacker"]
    if action["verb"] == "use_reserve":
        attacks.reroll(s, rng)
    else:
        attacks.accept(s)
    if attacker == "allied":
        s["phase"] = "actions" if s["ap"] else "japanese"
    else:
        continue_bot(s, rng)


STATES = StatesTable([
    Decision("ap", SEQUENCE, _verbs("roll_ap"), _allied, ap_prompt, _stepped(ap_resolve),
             lambda s, r: {"verb": "roll_ap"}, _random),
    Decision("actions", ACTIONS,
             _verbs("attack_front", "attack_sea", "add_reserve", "remove_europe", "activate", "end_actions"),
             _allied, actions_prompt, _stepped(actions_resolve), lambda s, r: {"verb": "end_actions"}, _random,
             lambda s, r, a: allied.check(s, a)),
    Decision("japanese", ACTIONS, _verbs("japanese_action"), _allied, japanese_prompt, _stepped(japanese_resolve),
             lambda s, r: {"verb": "japanese_action"}, _random),
    # A missed re-roll decision keeps the reserve: the result stands.
    Decision("reroll", RESERVES, _verbs("use_reserve", "accept"), _allied, reroll_prompt, _stepped(reroll_resolve),
             lambda s, r: {"verb": "accept"}, _random),
])
