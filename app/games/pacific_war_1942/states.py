"""The states table of Pacific War 1942: one `Decision` record per decision the rules give the Allied player.

- "actions" (Using Action Charts): spend the turn's Action Points one action at a time; asked again while any AP is
  left, until the player ends the actions (AP cannot be saved).
- "reroll" (Allied Army Reserves): a land attack on a front with an Allied reserve went against the Allies (an Allied
  attack failed, or a Japanese attack succeeded): use the reserve to re-roll it, or keep the reserve. It comes before
  anything else while it is due (the walk's interrupt, sequence.py), in the Allied actions or in the BOT's turn.

The AP roll and the Japanese BOT's roll are not decisions: the walk carries them out (sequence.py).
"""
from __future__ import annotations

import copy
from typing import Any, Callable

from app.engine.orders import enumerate_spec
from app.engine.rng import Rng
from app.engine.states import Decision, StatesTable
from app.games.pacific_war_1942 import allied, attacks, board, data, japanese, orders

State = dict[str, Any]
ACTIONS = "Using Action Charts"
RESERVES = "Allied Army Reserves"


def _verbs(*names: str) -> dict[str, Any]:
    """The decision's orders, taken from orders.VERBS (the one record of the game's verbs)."""
    return {name: orders.VERBS[name] for name in names}


def _prompt(title: str, rule: str, state: State, actions: list[dict[str, Any]]) -> dict[str, Any]:
    return {"title": f"Turn {state['turn']}: {title}", "rule": rule, "actions": actions,
            "info": {"ap": state["ap"], "turn": state["turn"]}}


def _random(prompt: Callable[[State, str], dict[str, Any]]):
    """One of the orders the prompt offers, each a button for one value (every offered order is legal now)."""
    def random(state: State, role: str, rng: Rng) -> dict[str, Any]:
        return rng.choice([action for spec in prompt(state, role)["actions"] for action in enumerate_spec(spec)])
    return random


def _stepped(step):
    """A resolution on a copy of the state, so a refused order changes nothing."""
    def resolve(state: State, role: str, action: dict[str, Any], rng: Rng) -> State:
        s = copy.deepcopy(state)
        step(s, action, rng)
        return s
    return resolve


# --- "actions": Using Action Charts, the Allied actions bought with AP ---------------------------------------------

ACTIONS_TITLE = "Spend your Action Points"


def _spending(state: State, side: str, action: Any = None) -> bool:
    """AP are left to spend (the end of the actions spends them all: AP cannot be saved)."""
    return state["ap"] > 0


def actions_prompt(state: State, role: str) -> dict[str, Any]:
    return _prompt(f"{ACTIONS_TITLE} — {state['ap']} AP left", ACTIONS, state, allied.choices(state))


# --- "reroll": Allied Army Reserves, re-roll a land attack or accept its result ------------------------------------

REROLL_TITLE = "Use the Allied reserve?"


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
    return _prompt(REROLL_TITLE, RESERVES, state,
                   [orders.spec("use_reserve", f"Use the {fname} front reserve to re-roll (it is removed; {again})"),
                    orders.spec("accept", keep)])


def reroll_resolve(s: State, action: dict[str, Any], rng: Rng) -> None:
    if action["verb"] == "use_reserve":
        attacks.reroll(s, rng)
    else:
        attacks.accept(s)
    if s["bot"] is not None:  # a Japanese attack's result stands: the rest of the BOT's row is played
        japanese.play_steps(s, rng)


def _asked_about_reserve(state: State) -> list[str]:
    return ["allied"] if state["pending"] and state["outcome"] is None else []


def reroll_due(state: State) -> str | None:
    """The walk's interrupt: the reserve decision comes first while an attack's result waits on it."""
    return REROLL.id if state["pending"] else None


ACTIONS_DECISION = Decision(
    "actions", ACTIONS, _verbs("attack_front", "attack_sea", "add_reserve", "remove_europe", "activate", "end_actions"),
    lambda state: ["allied"] if state["outcome"] is None else [], actions_prompt,
    _stepped(allied.act), lambda s, r: {"verb": "end_actions", "args": {}}, _random(actions_prompt),
    lambda s, r, a: allied.check(s, a), title=ACTIONS_TITLE, needed=_spending, again=_spending)
# A missed re-roll decision keeps the reserve: the result stands.
REROLL = Decision(
    "reroll", RESERVES, _verbs("use_reserve", "accept"), _asked_about_reserve, reroll_prompt,
    _stepped(reroll_resolve), lambda s, r: {"verb": "accept", "args": {}}, _random(reroll_prompt), title=REROLL_TITLE)

STATES = StatesTable([ACTIONS_DECISION, REROLL])
