"""Option 12e, night search by Catalinas (reconstructed; confidence low). The transcription keeps no text of 12e, only
that it "is brand new" (the Battle Manual's note for players of MIDWAY) and that it is one of the [12] Movement Options.
The one thing the rulebook says this game's air units could do that MIDWAY's could not is in 8e2: "On board radar and
rigorous training gave these aircraft [the Catalinas] an effective night capability by late 1942." So 12e is read
as lifting 3a1 for them alone:

- in a night Turn of the late-1942 dates (October and November), the Allied Catalina scouts (the yellow-based
  scouts, PBYs in data/units.toml) in Ready boxes may take off in the Assembly Step, within the launch factor (3a4);
  nothing else may (3a1 still holds for every other air unit: no CAP, no Max. Strike deck load);
- they fly and search as by day (3d; under option 15a the night search modifier +0 applies, 15a1.1), and land in
  the Air Return Phase (5).

Every value is in data/options.toml [night_search] with its provenance. The Assembly Step's decision is assembly.py's
in every other Turn; this module only widens it at night.
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import clone
from app.engine.orders import Several
from app.games.guadalcanal import assembly, cards, timetrack
from app.games.guadalcanal import options as optional
from app.games.guadalcanal.gamedata import AIR, BASES, TRACK

State = dict[str, Any]
AT = "Action Phase, Assembly Step (3a; option 12e)"


def values() -> dict[str, Any]:
    return optional.values(optional.NIGHT_SEARCH)


def applies(state: State) -> bool:
    """A night Turn (3a1) of the dates from which the Catalinas fly at night (8e2), with the option on."""
    return (optional.on(state, optional.NIGHT_SEARCH) and timetrack.is_night(state)
            and state["time"]["date"] >= TRACK["dates"].index(values()["from_date"]))


def night_flyer(state: State, uid: str) -> bool:
    v, rec = values(), state["units"][uid]
    return rec["side"] == v["side"] and AIR[uid]["type"] in v["types"] and AIR[uid]["basing"] in v["basing"]


def flyers(state: State, side: str) -> list[str]:
    if not applies(state):
        return []
    return [u for u in cards.in_box(state, side, "ready") if night_flyer(state, u)]


def needed(state: State, side: str) -> bool:
    return assembly.assembly_needed(state, side) or bool(flyers(state, side))


def prompt(state: State, side: str) -> dict[str, Any]:
    if not applies(state):
        return assembly.assembly_prompt(state, side)
    limits = "; ".join(f"{cards.area_name(state, a)} {cards.launch_factor(state, a)}"
                       for a in cards.air_areas(state, side) if cards.aboard(state, a, ("ready",)))
    return {"title": f"Assembly Step, a night Turn: only the Catalinas may take off, to search (option 12e, "
                     f"reconstructed; launch factors: {limits})",
            "rule": "12e", "info": {"kind": "assembly"},
            "actions": [{"verb": "take_off", "label": "Take off (none: no take-off this Turn)",
                         "args": {"units": Several(tuple(flyers(state, side)),
                                                   labels=tuple(state["units"][u]["name"] for u in flyers(state, side)),
                                                   label="Catalinas taking off").to_json()}}]}


def check(state: State, side: str, action: dict[str, Any]) -> None:
    if not applies(state):
        assembly.assembly_check(state, side, action)
        return
    args = action["args"]
    if args.get("cap") or args.get("max_strike"):
        raise IllegalAction("No air units may fly during night Turns (3a1): only the Catalinas take off, to search "
                            "(option 12e); no CAP, no Max. Strike deck load.", "3a1")
    allowed = set(flyers(state, side))
    count: dict[str, int] = {}
    for u in args["units"]:
        if u not in allowed:
            name = state["units"][u]["name"] if u in state["units"] else u
            raise IllegalAction(f"{name} may not fly during a night Turn (3a1): only the Catalinas in your Ready "
                                f"boxes may (option 12e).", "12e")
        area = state["units"][u]["location"]["area"]
        count[area] = count.get(area, 0) + 1
    for area, n in count.items():
        if n > cards.launch_factor(state, area):
            raise IllegalAction(f"{cards.area_name(state, area)} may launch at most {cards.launch_factor(state, area)}"
                                f" air units this Turn, not {n}.", "3a4")


def resolve(state: State, side: str, action: dict[str, Any], rng) -> State:
    """3a3 for the Catalinas alone: from a base's Ready box to its Normal Strike box, from a ship's to its task
    force's (no deck load is launched at night: max_strike.py waits for a day Turn)."""
    if not applies(state):
        return assembly.assembly_resolve(state, side, action, rng)
    s = clone(state)
    units = action["args"]["units"]
    for u in units:
        rec = s["units"][u]
        area = rec["location"]["area"]
        rec["location"] = {"base": area, "from": area} if area in BASES else \
            {"tf": s["units"][area]["location"]["tf"], "from": area}
        rec["box"] = "normal_strike"
    assembly.card_news(s, side, f"{cards.names(s, units)} take off to search by night (option 12e)." if units
                       else "no air units take off (a night Turn, 3a1).", AT)
    return s


def _choose(state: State, side: str, keep) -> dict[str, Any]:
    out, count = [], {}
    for u in flyers(state, side):
        area = state["units"][u]["location"]["area"]
        if keep(u) and count.get(area, 0) < cards.launch_factor(state, area):
            out.append(u)
            count[area] = count.get(area, 0) + 1
    return {"verb": "take_off", "args": {"units": out}}


def random(state: State, side: str, rng) -> dict[str, Any]:
    if not applies(state):
        return assembly.assembly_random(state, side, rng)
    return _choose(state, side, lambda u: rng.die(2) == 1)


def default(state: State, side: str) -> dict[str, Any]:
    if not applies(state):
        return assembly.assembly_default(state, side)
    return {"verb": "take_off", "args": {"units": []}}
