"""The Assembly Step (3a) and the Ready Step (3b): air units take off from Ready boxes to Normal Strike boxes, and
shift between Arming and Ready. Both are done on the Operations Card, which the enemy may watch (2c; not when
umpired, 18c)."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import clone, entry
from app.engine.orders import Assignment, Optional, Several
from app.games.guadalcanal import cards, forms, max_strike, new_scouts, timetrack
from app.games.guadalcanal import options as optional
from app.games.guadalcanal.gamedata import ALL_AIR, BASES, TITLE, enemy

State = dict[str, Any]

CAP_CHOICES = ("high", "low")  # option 14: the High CAP and Low CAP boxes (14a2)


def CAP_LABEL(_unit: str, box: str) -> str:
    return {"high": "High CAP", "low": "Low CAP"}[box]


VERBS_ASSEMBLY = {"take_off": {"units": Several(ALL_AIR, label="Air units taking off"),
                               "cap": Optional(Assignment(ALL_AIR, CAP_CHOICES, required=False,
                                                          label="Fighters taking off to CAP")),
                               "max_strike": Optional(Several(ALL_AIR, label="Air units to the Max. Strike box"))}}
VERBS_READY = {"shift": {"to_ready": Several(ALL_AIR, label="Arming to Ready"),
                         "to_arming": Several(ALL_AIR, label="Ready to Arming"),
                         "new_scouts": Optional(Several(ALL_AIR, label="Combat air units that give a new scout"))}}


def card_news(state: State, side: str, text: str, at: str) -> None:
    """A line about an Operations Card: to its side, and to the enemy, who may watch the card (2c), unless umpired
    (18c)."""
    state["log"].append(entry(side, text, at=at))
    if state["open_cards"]:
        state["log"].append(entry(enemy(side), f"{TITLE[side]} Operations Card: {text}", at=at))


# --- 3a: the Assembly Step -----------------------------------------------------------------------------------------

def assembly_needed(state: State, side: str) -> bool:
    return not timetrack.is_night(state) and bool(cards.in_box(state, side, "ready")
                                                  or cards.in_box(state, side, max_strike.BOX))


def assembly_prompt(state: State, side: str) -> dict[str, Any]:
    ready = cards.in_box(state, side, "ready")
    limits = "; ".join(f"{cards.area_name(state, a)} {cards.launch_factor(state, a)}"
                       for a in cards.air_areas(state, side) if cards.aboard(state, a, ("ready",)))
    args = {"units": forms.named(ready, {u: cards.name(state, u) for u in ready}, "Air units taking off")}
    fighters = cap_fighters(state, side)
    if fighters:  # option 14: fighters may take off into the High or Low CAP box instead (14a2)
        args["cap"] = forms.per_piece(fighters, {u: cards.name(state, u) for u in fighters},
                                      {u: CAP_CHOICES for u in fighters}, required=False,
                                      label="Fighters taking off to CAP (High or Low)", labels=CAP_LABEL,
                                      what="CAP")  # "1F6" is its take-off box
    args.update(max_strike.prompt_args(state, side))  # option 12b-12c: the deck load for next Turn
    return {"title": f"Assembly Step: choose the air units that take off (launch factors: {limits})",
            "rule": "3a", "info": {"kind": "assembly"},
            "actions": [{"verb": "take_off", "label": "Take off (none: no take-off this Turn)", "args": args}]}


def cap_fighters(state: State, side: str) -> list[str]:
    """Option 14: the side's fighters in Ready boxes, which may take off into a High or Low CAP box over their task
    force or base (14a2) instead of its Normal Strike box."""
    if not optional.on(state, optional.FIGHTERS):
        return []
    return [u for u in cards.in_box(state, side, "ready") if state["units"][u]["type"] == "F"]


def assembly_check(state: State, side: str, action: dict[str, Any]) -> None:
    units, cap = action["args"]["units"], action["args"].get("cap") or {}
    if cap and not optional.on(state, optional.FIGHTERS):
        raise IllegalAction("The High and Low CAP boxes are used only with option 14 (2c NOTE).", "14")
    for u in cap:
        if u not in cap_fighters(state, side):
            raise IllegalAction(f"{state['units'][u]['name']} cannot fly CAP: only your fighter units in Ready boxes "
                                "take off into a High or Low CAP box (14a2, 3a2).", "14a2")
        if u in units:
            raise IllegalAction(f"{state['units'][u]['name']} takes off once: to the Normal Strike box or to CAP.",
                                "3a")
    max_strike.check(state, side, action)  # option 12b-12c
    if timetrack.is_night(state) and (units or cap):
        raise IllegalAction("No air units may fly during night Turns.", "3a1")
    count: dict[str, int] = {}
    for u in [*units, *cap]:
        rec = state["units"][u]
        if rec["side"] != side:
            raise IllegalAction(f"{u} is not one of your air units.", "3a")
        if rec["box"] != "ready":
            raise IllegalAction(f"{rec['name']} is not in a Ready box: only air units in Ready boxes may take off.",
                                "3a2")
        area = rec["location"]["area"]
        count[area] = count.get(area, 0) + 1
    for area, n in count.items():
        most = cards.launch_factor(state, area)
        if n > most:
            raise IllegalAction(f"{cards.area_name(state, area)} may launch at most {most} air units this Turn, "
                                f"not {n}.", "3a4")


def assembly_resolve(state: State, side: str, action: dict[str, Any], rng) -> State:
    s = clone(state)
    max_strike.launch(s, side, card_news)  # option 12b-12c: last Turn's deck loads take off first
    by_area: dict[str, list[str]] = {}
    for u in action["args"]["units"]:
        rec = s["units"][u]
        area = rec["location"]["area"]
        by_area.setdefault(area, []).append(u)
        # 3a3: from a base's Ready box to its Normal Strike box; from a ship's to its task force's.
        rec["location"] = {"base": area, "from": area} if area in BASES else \
            {"tf": s["units"][area]["location"]["tf"], "from": area}
        rec["box"] = "normal_strike"
    for u, box in (action["args"].get("cap") or {}).items():  # option 14: into the High or Low CAP box (14a2)
        rec = s["units"][u]
        area = rec["location"]["area"]
        rec["location"] = {"base": area, "from": area} if area in BASES else \
            {"tf": s["units"][area]["location"]["tf"], "from": area}
        rec["box"] = f"{box}_cap"
        where = cards.area_name(s, area) if area in BASES else \
            s["task_forces"][s["units"][area]["location"]["tf"]]["name"]
        card_news(s, side, f"{rec['name']} takes off from {cards.area_name(s, area)} to the {box.title()} CAP box "
                           f"of {where} (14).", "Action Phase, Assembly Step (3a)")
    at = "Action Phase, Assembly Step (3a)"
    if not by_area and not action["args"].get("cap") and not action["args"].get("max_strike"):
        card_news(s, side, "no air units take off.", at)
    for area, units in by_area.items():
        where = cards.area_name(s, area) if area in BASES else \
            s["task_forces"][s["units"][area]["location"]["tf"]]["name"]
        card_news(s, side, f"{cards.names(s, units)} take off from {cards.area_name(s, area)} to the Normal Strike "
                           f"box of {where}.", at)
    max_strike.spot(s, side, action["args"].get("max_strike") or [], card_news)
    return s


def assembly_random(state: State, side: str, rng) -> dict[str, Any]:
    out: list[str] = []
    for area in cards.air_areas(state, side):
        ready = cards.aboard(state, area, ("ready",))
        if ready:
            n = rng.die(min(len(ready), cards.launch_factor(state, area)) + 1) - 1
            out += rng.shuffle(ready)[:n]
    fighters = cap_fighters(state, side)
    deck = max_strike.random_choice(state, side, out, rng) if max_strike.candidates(state, side) else []
    if not fighters:
        return {"verb": "take_off", "args": {"units": out, **({"max_strike": deck} if deck else {})}}
    cap: dict[str, str] = {}  # option 14: some of the fighters left fly CAP, within the launch factors (3a4)
    for area in cards.air_areas(state, side):
        room = cards.launch_factor(state, area) - sum(1 for u in out if state["units"][u]["location"]["area"] == area)
        for u in [f for f in fighters if state["units"][f]["location"]["area"] == area and f not in out]:
            if room > 0 and rng.die(2) == 1:
                cap[u], room = rng.choice(CAP_CHOICES), room - 1
    deck = [u for u in deck if u not in cap]
    return {"verb": "take_off", "args": {"units": out, "cap": cap, **({"max_strike": deck} if deck else {})}}


def assembly_default(state: State, side: str) -> dict[str, Any]:
    """A missed Assembly Step: nothing takes off (and, under option 14, no fighter flies CAP: the form's part left
    empty, as the prompt asks it)."""
    return {"verb": "take_off", "args": {"units": [], **({"cap": {}} if cap_fighters(state, side) else {})}}


# --- 3b: the Ready Step --------------------------------------------------------------------------------------------

def ready_needed(state: State, side: str) -> bool:
    return bool(cards.in_box(state, side, "arming") or cards.in_box(state, side, "ready"))


def ready_prompt(state: State, side: str) -> dict[str, Any]:
    arming, ready = cards.in_box(state, side, "arming"), cards.in_box(state, side, "ready")
    return {"title": "Ready Step: shift air units from Arming to Ready, or back", "rule": "3b",
            "info": {"kind": "ready"},
            "actions": [{"verb": "shift", "label": "Shift (none: leave the boxes as they are)",
                         "args": {"to_ready": forms.named(arming, {u: cards.name(state, u) for u in arming},
                                                          "Arming to Ready"),
                                  "to_arming": forms.named(ready, {u: cards.name(state, u) for u in ready},
                                                           "Ready to Arming"),
                                  **new_scouts.prompt_args(state, side)}}]}  # option 15c


def ready_check(state: State, side: str, action: dict[str, Any]) -> None:
    new_scouts.check(state, side, action)  # option 15c
    for key, box in (("to_ready", "arming"), ("to_arming", "ready")):
        for u in action["args"][key]:
            rec = state["units"][u]
            if rec["side"] != side or rec["box"] != box:
                raise IllegalAction(f"{rec['name']} is not in one of your {box.capitalize()} boxes.", "3b")


def ready_resolve(state: State, side: str, action: dict[str, Any], rng) -> State:
    s = clone(state)
    at = "Action Phase, Ready Step (3b)"
    for key, box in (("to_ready", "ready"), ("to_arming", "arming")):
        for u in action["args"][key]:
            s["units"][u]["box"] = box
    a, r = action["args"]["to_ready"], action["args"]["to_arming"]
    card_news(s, side, f"to Ready: {cards.names(s, a)}; to Arming: {cards.names(s, r)}.", at)
    for unit, scout in new_scouts.create(s, side, action["args"].get("new_scouts") or []):  # option 15c
        card_news(s, side, f"{s['units'][unit]['name']} is flipped to its back side and gives the new scout "
                           f"{s['units'][scout]['name']} in the {s['units'][scout]['box'].capitalize()} box of "
                           f"{cards.area_name(s, s['units'][scout]['location']['area'])} (15c).", at)
    return s


def ready_random(state: State, side: str, rng) -> dict[str, Any]:
    out = {"to_ready": [u for u in cards.in_box(state, side, "arming") if rng.die(4) > 1],
           "to_arming": [u for u in cards.in_box(state, side, "ready") if rng.die(6) == 1]}
    offered = new_scouts.candidates(state, side)
    if offered and rng.die(4) == 1:  # option 15c now and then: one unit, if its ship or base has room (2c4)
        u = rng.choice(offered)
        area = state["units"][u]["location"]["area"]
        if cards.capacity(state, area) > len(cards.aboard(state, area)):
            out["new_scouts"] = [u]
    return {"verb": "shift", "args": out}


def ready_default(state: State, side: str) -> dict[str, Any]:
    return {"verb": "shift", "args": {"to_ready": [], "to_arming": []}}
