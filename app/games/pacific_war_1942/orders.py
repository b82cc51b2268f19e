"""The Allied player's orders and the shape of their arguments (typed orders, app/engine/orders.py): one record per
verb over its whole domain. `game.apply` (the engine's TableGame guard) checks an action against it before any rule (MalformedAction); the prompt
publishes each argument narrowed to the values offered now (`Choice.only`), so every order the page shows is a
button whose label says what it does.
"""
from __future__ import annotations

from typing import Any

from app.engine.orders import Choice, Order
from app.games.pacific_war_1942 import data

FRONT = Choice(tuple(data.FRONT_ORDER), tuple(f"{data.FRONTS[f]['name']} front" for f in data.FRONT_ORDER),
               label="Front")
SEA = Choice(tuple(data.SEA_AREAS), tuple(s["name"] for s in data.SEA_AREAS.values()), label="Sea area")

# The AP roll and the Japanese BOT's roll are no orders: the rules give the player nothing to decide there, so the
# walk rolls them itself (sequence.py) and the log shows each die.
VERBS: dict[str, dict[str, Order]] = {
    "attack_front": {"front": FRONT},  # Using Action Charts: attack the next Japanese location on a front
    "attack_sea": {"sea": SEA},  # Resolving Sea Area Ship Attacks
    "add_reserve": {"front": FRONT},  # Allied Army Reserves
    "remove_europe": {},  # Europe First Box
    "activate": {"front": FRONT},  # flip a stalled front back to active
    "end_actions": {},
    "use_reserve": {},  # Allied Army Reserves: re-roll a land attack
    "accept": {},
}


def spec(verb: str, label: str, **offered: Any) -> dict[str, Any]:
    """An ActionSpec: the verb, its label, and each argument narrowed to the one value this button stands for.
    A verb missing from VERBS is a KeyError here, so no prompt offers an order `apply` would call malformed."""
    args = VERBS[verb]
    if set(offered) != set(args):
        raise ValueError(f"{verb} takes {sorted(args)}, not {sorted(offered)}")
    out: dict[str, Any] = {"verb": verb, "label": label}
    if offered:
        out["args"] = {name: args[name].only(value).to_json() for name, value in offered.items()}
    return out
