"""Japanese Variable Deployment (Optional Rules; lobby option `japanese_variable_deployment`, Campaign Games 1 and 3):
"At the beginning of Campaign Games 1&3, the Japanese may deploy their CL, DD, and Oiler units, and Engineer Regiments
at any friendly Naval Base."

A set-up decision of the Japanese Player's before Step 1 of Game-Turn 1 ("The Japanese Player always deploys his
forces first", How To Use the Situation & Order of Battle): `places`, {unit: naval base hex}; a unit left out keeps
the printed deployment (the default and a missed order). The placements are the Japanese side's own: the log line
naming them goes to the Japanese only; the Allies see what the rules show anyway (each naval stack's count at its
hex, its ships once examined in Step (D); the land units face up).
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, entry
from app.engine.orders import Choice, Keyed
from app.games.usn import garrisons

State = dict[str, Any]
RULE = "Japanese Variable Deployment"
KIND = "variable_deployment"
VERB = "deploy_units"


def table() -> dict[str, Any]:
    return garrisons.rules()["japanese_variable_deployment"]


OPTION = table()["option"]


def active(state: State) -> bool:
    return bool(state.get("options", {}).get(OPTION)) and state.get("scenario") in table()["games"]


def pieces(state: State) -> list[str]:
    """The Japanese CL, DD, Oiler units and Engineer Regiments of the set-up."""
    ships = [s["id"] for s in state["ships"].values() if s["side"] == "japanese" and not s["sunk"]
             and s["type"] in table()["ship_types"]]
    land = [u["id"] for u in state["land"].values() if u["side"] == "japanese" and u["name"] in table()["land_units"]
            and u["aboard"] is None and u["hex"]]
    return sorted(ships) + sorted(land)


def bases(state: State) -> list[str]:
    """The friendly (Japanese) naval bases on the map."""
    return sorted(h for h, b in state["bases"].items() if b["side"] == "japanese" and b["naval"] and h[0].isdigit())


def verbs(hexes) -> dict[str, Any]:
    return {VERB: {"places": Keyed(Choice(tuple(hexes), label="friendly naval base"), None,
                                   label="units deployed at a naval base (the rest as printed)")}}


def start(state: State) -> None:
    """At the set-up (the decision is a step of the pregame, sequence.pregame)."""
    state["log"].append(entry(PUBLIC, "Japanese Variable Deployment (optional rule): the Japanese Player deploys his "
                                      "CL, DD, Oiler units and Engineer Regiments at any friendly Naval Base."))


def prompt(state: State, role: str) -> dict[str, Any]:
    ids = tuple(pieces(state)) or ("none",)
    where = {i: (state["ships"][i]["hex"] if i in state["ships"] else state["land"][i]["hex"]) for i in ids
             if i in state["ships"] or i in state["land"]}
    return {"title": "Deploy your CL, DD, Oiler units and Engineer Regiments at any friendly Naval Base", "rule": RULE,
            "actions": [{"verb": VERB, "label": "Deploy",
                         "args": {"places": Keyed(Choice(tuple(bases(state)), label="friendly naval base"), ids,
                                                  label="units deployed at a naval base (the rest as printed)"
                                                  ).to_json()}}],
            "info": {"printed": where, "bases": bases(state)}}


def check(state: State, role: str, action: dict[str, Any]) -> None:
    mine, ports = set(pieces(state)), set(bases(state))
    for uid, h in action["args"].get("places", {}).items():
        if uid not in mine:
            raise IllegalAction(f"{uid} is not a Japanese CL, DD, Oiler unit or Engineer Regiment of the set-up.", RULE)
        if h not in ports:
            raise IllegalAction(f"Hex {h} is not a friendly Naval Base.", RULE)


def resolve(state: State, role: str, action: dict[str, Any], rng) -> State:
    places = action["args"].get("places", {})
    for uid, h in sorted(places.items()):
        (state["ships"][uid] if uid in state["ships"] else state["land"][uid])["hex"] = h
    shown = "; ".join(f"{u} at {h}" for u, h in sorted(places.items())) or "all as printed"
    state["log"].append(entry("japanese", f"Japanese Variable Deployment: {shown}."))
    state["log"].append(entry(PUBLIC, "The Japanese Player has deployed (Japanese Variable Deployment)."))
    return state


def default(state: State, role: str) -> dict[str, Any]:
    return {"verb": VERB, "args": {"places": {}}}


def random(state: State, role: str, rng) -> dict[str, Any]:
    ports = bases(state)
    return {"verb": VERB, "args": {"places": {u: rng.choice(ports) for u in pieces(state) if rng.die(2) == 1}}}
