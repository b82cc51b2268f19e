"""The computer players' answers in a surface battle (scenarios 5 and 6), read from the side's view and prompt only:
the scenario's battleline on the offered setup line (16c, facing as 16b2 says), keep station, a torpedo marker from
every ship the prompt offers that has an enemy first in some path (16f3, tried on a copy of the Battleboard as the
view shows it), fire every gun the prompt offers at the nearest target (the prompt lists them nearest first), never
break off."""
from __future__ import annotations

from typing import Any

from app.engine.errors import Refused
from app.games.guadalcanal.combat import units
from app.games.guadalcanal.surface import battleline, torpedoes

Action = dict[str, Any]


def _set_up(view: dict[str, Any], prompt: dict[str, Any], rng) -> Action:
    args = prompt["actions"][0]["args"]
    s = view["surface"]
    line = args["line"]["choices"][0]
    b = s["sides"]["B"]
    facing = "N" if view["role"] == b else battleline.facing_for_a(s["setup"][b]["facing"], s["relation"])
    return {"verb": "surface_set_up", "args": {"line": line, "facing": facing,
                                               "placement": battleline.sample(list(args["placement"]["fields"]), line,
                                                                              facing == "N")}}


def _fire(view: dict[str, Any], prompt: dict[str, Any], rng) -> Action:
    shot = next((a for a in prompt["actions"] if a["verb"] == "surface_fire"), None)
    if shot is None:
        return {"verb": "surface_cease_fire", "args": {}}
    return {"verb": "surface_fire", "args": {k: v["choices"][0] for k, v in shot["args"].items()}}


def _torpedoes(view: dict[str, Any], prompt: dict[str, Any], rng) -> Action:
    """16d3: each offered ship places a marker off the first of its four sides whose path meets an enemy before any
    friend (16f3); the Battleboard is in the open (16a), so the view's ships are all there is to know."""
    s = view["surface"]
    board = {"units": {}, "surface": {"ships": {}, "torpedoes": [dict(m) for m in s["torpedoes"]], "fired": [],
                                      "broken_off": [], "night": s["night"]}}
    for x in s["ships"]:
        rec = units.record(x["id"])
        board["units"][x["id"]] = {"side": x["side"], "kind": rec["kind"], "type": rec["type"], "face": x["face"],
                                   "hits": x["hits"], "box": "battleboard", "location": {"battleboard": True}}
        board["surface"]["ships"][x["id"]] = {"at": x["at"], "facing": x["facing"]}
    markers: dict[str, str] = {}
    spec = prompt["actions"][0]["args"]["markers"]
    for u, field in spec["fields"].items():
        for side_of_ship in field["choices"]:
            try:
                torpedoes.place(board, u, side_of_ship)
            except Refused:
                continue
            markers[u] = side_of_ship
            break
    return {"verb": "surface_torpedoes", "args": {"markers": markers}}


ANSWERS = {
    "surface_contact": lambda view, prompt, rng: {"verb": "surface_contact", "args": {"fight": True}},  # 16a
    "surface_set_up": _set_up,
    "surface_move": lambda view, prompt, rng: {"verb": "surface_move", "args": {"courses": {}}},
    "surface_torpedoes": _torpedoes,
    "surface_fire": _fire,
    "surface_cease_fire": _fire,
    "surface_break_off": lambda view, prompt, rng: {"verb": "surface_break_off", "args": {"ships": []}},
    # 11a: roll again a shot of its own that missed, or an enemy shot that did damage
    "surface_free_roll": lambda view, prompt, rng: {"verb": "surface_free_roll", "args": {
        "use": (prompt["info"]["result"] == "miss") == (prompt["info"]["shooter"] == view["role"])}},
}
