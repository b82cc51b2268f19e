"""A campaign game's set-up decisions (How to Set-up and Play the Games; How To Use the Situation & Order of Battle:
"The Japanese Player always deploys his forces first"), before Step 1 of the first Game-Turn:

1. Japanese Variable Deployment (variable_deployment.py, its own option), then
2. with the lobby option `choose_set_up`, each side's placement of the units the order of battle leaves to him, Japan
   first: a unit printed in an area ("Indo-China 179") anywhere in the area's hexes, one printed "any friendly land
   hex" or "any friendly naval base" on any such hex of the side, one "any naval base in Japan" at any of them. The
   default (a missed order, the computer players) is campaign.py's placement. Without the option that placement is
   used at once, as before.

They are steps of the pregame (sequence.pregame), each due under its option. `state["set_up_places"]` {unit: printed
place} is noted by campaign.new_state and dropped once the set-up is done (`done`). A side's placements are logged to
that side only: the other sees what the rules show (each naval stack's count, the land units face up).
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, entry
from app.engine.orders import Choice, Keyed
from app.games.usn import board, garrisons, supply, variable_deployment

State = dict[str, Any]
RULE = "How to Set-up and Play the Games"
KIND = "campaign_setup"
VERB = "set_up_units"
def table() -> dict[str, Any]:
    return garrisons.rules()["set_up"]


OPTION = table()["option"]


def note(state: State, uid: str, rec: dict[str, Any]) -> None:
    """campaign.new_state: a unit of a record without an exact hex, with its printed place."""
    if not rec.get("exact", True):
        state.setdefault("set_up_places", {})[uid] = rec.get("place", "")


def begin(state: State) -> None:
    """At the set-up (its decisions are steps of the pregame, sequence.pregame): the placement's announcement."""
    if state.get("options", {}).get(OPTION):
        state["log"].append(entry(PUBLIC, "Set-up: each Player places the units his order of battle leaves to him, "
                                          "the Japanese first (How to Set-up and Play the Games)."))


def done(state: State, rng=None) -> None:
    """The set-up is over (a procedure of the pregame): the printed places are no longer needed."""
    state.pop("set_up_places", None)


def _skip(state: State) -> set[str]:
    """Units not placed here: a garrison (Garrisons: 'except for garrisons') and those Japanese Variable Deployment
    has placed."""
    out = set(garrisons.held(state))
    if variable_deployment.active(state):
        out |= set(variable_deployment.pieces(state))
    return out


def choices(state: State, side: str) -> dict[str, list[str]]:
    """{unit: the hexes it may be set up on} for the side's units without an exact printed hex."""
    areas = table()["areas"]
    own_bases = {h: b for h, b in state["bases"].items() if b["side"] == side and h[0].isdigit()}
    naval = sorted(h for h, b in own_bases.items() if b["naval"])
    places = state.get("set_up_places", {})
    land_hexes = set(own_bases) | {u["hex"] for u in state["land"].values() if u["side"] == side and u["hex"]
                                   and u["hex"][0].isdigit()}
    for uid, place in places.items():
        if place in areas and (state["ships"].get(uid) or state["land"].get(uid, {})).get("side") == side:
            land_hexes |= set(areas[place])
    skip = _skip(state)
    known = supply.blocks(state, side)
    supplied: dict[str, bool] = {}

    def in_supply(h: str) -> bool:  # "no units may be deployed out of supply unless specifically stated so"
        if h not in supplied:
            supplied[h] = supply.traces(state, side, h, known)
        return supplied[h]

    out: dict[str, list[str]] = {}
    for uid, place in sorted(places.items()):
        unit = state["ships"].get(uid) or state["land"].get(uid)
        if unit is None or unit["side"] != side or uid in skip:
            continue
        if uid in state["ships"]:
            if place == "any friendly naval base":
                hexes = naval
            else:
                hexes = [h for h in naval if h in areas.get(place, [])]
        elif place == "any friendly land hex":
            hexes = sorted(land_hexes)
        else:
            hexes = list(areas.get(place, []))
        if uid in state["land"]:
            hexes = [h for h in hexes if in_supply(h)]
        here = unit["hex"]
        out[uid] = sorted(set(hexes) | {here})
    return out


def verbs(hexes) -> dict[str, Any]:
    return {VERB: {"places": Keyed(Choice(tuple(hexes), label="set-up hex"), None,
                                   label="units placed (the rest where they stand)")}}


def prompt(state: State, role: str) -> dict[str, Any]:
    opts = choices(state, role)
    hexes = tuple(sorted({h for hs in opts.values() for h in hs})) or ("0676",)
    ids = tuple(opts) or ("none",)
    return {"title": f"{board.TITLE[role]} set-up: place the units your order of battle leaves to you",
            "rule": RULE,
            "actions": [{"verb": VERB, "label": "Set up",
                         "args": {"places": Keyed(Choice(hexes, label="set-up hex"), ids,
                                                  label="units placed (the rest where they stand)").to_json()}}],
            "info": {"choices": opts,
                     "printed": {u: (state["ships"].get(u) or state["land"][u])["hex"] for u in opts}}}


def check(state: State, role: str, action: dict[str, Any]) -> None:
    opts = choices(state, role)
    for uid, h in action["args"].get("places", {}).items():
        if uid not in opts:
            raise IllegalAction(f"{uid} is not one of your units whose set-up the order of battle leaves to you "
                                "(a printed hex, a garrison or a unit already placed stays).", RULE)
        if h not in opts[uid]:
            raise IllegalAction(f"{uid} may be set up on {', '.join(opts[uid])}, not {h} (its printed area, or "
                                "your side's land hexes or naval bases).", RULE)


def resolve(state: State, role: str, action: dict[str, Any], rng) -> State:
    places = action["args"].get("places", {})
    for uid, h in sorted(places.items()):
        (state["ships"].get(uid) or state["land"][uid])["hex"] = h
    shown = "; ".join(f"{u} at {h}" for u, h in sorted(places.items())) or "every unit where it stands"
    state["log"].append(entry(role, f"Your set-up: {shown}."))
    state["log"].append(entry(PUBLIC, f"The {board.TITLE[role]} Player has set up."))
    return state


def default(state: State, role: str) -> dict[str, Any]:
    return {"verb": VERB, "args": {"places": {}}}


def random(state: State, role: str, rng) -> dict[str, Any]:
    return {"verb": VERB, "args": {"places": {u: rng.choice(hs) for u, hs in choices(state, role).items()
                                              if rng.die(3) == 1}}}
