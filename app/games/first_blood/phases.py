"""The phases between the battles: IJ supply (§8, a decision when the die says so), the IJ strategic phase (§9,
automatic), US engineering (§10, automatic: an engineer able to work always works), USAF refuelling and mission
allocation (§7.11, §11: the refuelling automatic; which units go to the Reserve when the strips cannot hold them all,
a decision the US's standing order answers unless it asks to be asked; the allocation a decision) and the check for
victory (§1, §12)."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.orders import Boolean, Choice, Group, Keyed, Optional, Several
from app.games.first_blood import board
from app.games.first_blood.gamedata import (
    FIGHTER,
    HENDERSON,
    LAST_TURN,
    STRIPS,
    SUPPLY_LOSS_FROM,
    turn_label,
)
from app.games.first_blood.picks import Pick

State = dict[str, Any]


# --- §8 IJ supply -------------------------------------------------------------------------------------------------

def supply_candidates(state: State) -> list[str]:
    """§8: a ground unit on the map or in an off-map box, or a destroyer in the IJN Reserve box."""
    ground = [u["id"] for u in board.ground(state, "ij") if u["loc"][:4] in ("hex:", "box:")]
    return sorted(ground) + sorted(a["id"] for a in board.air(state, "ij", "ijn_reserve"))


def supply_roll(state: State, rng) -> bool:
    """Roll for supply; True when the IJ must now give up a unit."""
    roll = rng.d6()
    must = roll >= SUPPLY_LOSS_FROM and bool(supply_candidates(state))
    board.say(state, f"IJ supply roll: {roll}" + (": the IJ must give up a ground unit or an "
                                                                    "IJN Reserve destroyer (§8)." if must else
                                                                    ": no loss (§8)."))
    return must


def supply_verbs(pieces: tuple[str, ...]) -> dict[str, Any]:
    return {"give_up": {"unit": Pick(pieces, label="Unit to give up")}}


def _piece_label(state: State, pid: str) -> str:
    if pid in state["units"]:
        u = state["units"][pid]
        where = f"hex {u['loc'][4:]}" if u["loc"].startswith("hex:") else f"off-map box {u['loc'][4:]}"
        return f"{u['name']} ({u['cf']}-{u['mf']}, {where})"
    return f"{state['air'][pid]['name']} (IJN Reserve)"


def supply_prompt(state: State, role: str, v: dict[str, Any]) -> dict[str, Any]:
    ids = supply_candidates(state)
    return {"title": "IJ supply: give up one unit", "rule": "§8", "info": {"kind": "supply"},
            "actions": [{"verb": "give_up", "label": "Give up",
                         "args": {"unit": Choice(tuple(ids), tuple(_piece_label(state, i) for i in ids),
                                                 label="Unit to give up").to_json()}}]}


def supply_check(state: State, role: str, action: dict[str, Any]) -> None:
    if action["args"]["unit"] not in supply_candidates(state):
        raise IllegalAction("Give up a ground unit on the map or in a box, or a destroyer in the IJN Reserve.", "§8")


def supply_resolve(state: State, role: str, action: dict[str, Any], rng) -> State:
    s = board.clone(state)
    u = s["units"].get(action["args"]["unit"]) or s["air"][action["args"]["unit"]]
    u["loc"] = "eliminated"
    board.say(s, f"Short of supply, the IJ gives up {u['name']} (§8).")
    return s


def supply_random(state: State, role: str, rng) -> dict[str, Any]:
    return {"verb": "give_up", "args": {"unit": rng.choice(supply_candidates(state))}}


def supply_default(state: State, role: str) -> dict[str, Any]:
    return {"verb": "give_up", "args": {"unit": supply_candidates(state)[0]}}


# --- §9 IJ strategic phase ----------------------------------------------------------------------------------------

def strategic(state: State) -> None:
    gone = []
    for a in board.air(state, "ij"):
        if a["loc"] in ("ijn_attack", "ijaaf_attack"):
            a["loc"] = "eliminated"
            gone.append(a["name"])
    for a in board.air(state, "ij"):
        if a["loc"] in ("ijn_reserve", "ijaaf_reserve"):
            a["loc"] = a["loc"].replace("reserve", "attack")
        a["target"] = None
    board.say(state, "IJ strategic phase: " + (f"{', '.join(gone)} leave play; " if gone else "")
                                      + "the Reserve boxes move to the Attack boxes (§9).")


# --- §10 US engineering -------------------------------------------------------------------------------------------

def engineering(state: State) -> None:
    """§10: an engineer that began the turn on the strip hex, has not moved, retreated or fought, on a hex not
    bombarded, works there. Damaged: repaired at the next engineering phase; Destroyed or new: two phases ('1' then
    '2' marker, then Oper). Work without an engineer able to carry on is lost (two consecutive turns, §10)."""
    for h in STRIPS:
        strip = state["strips"][h]
        able = [u for u in board.stack(state, h, "us") if board.is_engineer(u) and not u["stirred"]
                and not u["engaged"]] if not strip["bombarded"] else []
        if strip["status"] == "oper" or not able:
            if strip["work"]:
                board.say(state, f"Work on air strip {h} is lost (§10).")
            strip["work"] = 0
            continue
        needed = 1 if strip["status"] == "dam" else 2
        if strip["work"] >= needed:
            strip.update(status="oper", work=0, built=True)
            board.say(state, f"{able[0]['name']} completes air strip {h}: Operational (§10).")
        else:
            strip["work"] += 1
            board.say(state, f"{able[0]['name']} works on air strip {h} (marker "
                                              f"'{strip['work']}', §10).")


# --- §7.11, §11 USAF refuelling, the Reserve and allocation ---------------------------------------------------------

FLOWN = ("cap", "ground_attack")


def refuel(state: State) -> int:
    """§7.11: the face-down units on the strip hexes are refuelled (face up); a strip no longer operational keeps no
    aircraft (to the Reserve). Returns how many active USAF units are over the capacity (§11), the units that flew
    this turn (still in CAP and Ground Attack) counted, before they turn face down."""
    refuelled = sorted(a["name"] for a in board.air(state, "us") if a["loc"].startswith("strip:")
                       and a["face"] == "down")
    for a in board.air(state, "us"):
        if a["loc"].startswith("strip:"):
            a["face"] = "up"
    strips = board.operational(state)
    grounded = []
    for a in sorted(board.air(state, "us"), key=lambda x: x["id"]):
        if a["loc"].startswith("strip:") and a["loc"][6:] not in strips:
            a.update(loc="reserve", face="up")
            grounded.append(a["name"])
    if refuelled or grounded:
        board.say(state, "USAF refuelling (§7.11): " + "; ".join(
            ([f"{', '.join(refuelled)} refuelled, face up"] if refuelled else [])
            + ([f"{', '.join(grounded)} to the USAF Reserve (their strip is not operational)"] if grounded else []))
            + ".")
    return max(0, len(board.active_usaf(state)) - board.capacity(state))


def to_reserve_first(state: State, n: int) -> list[str]:
    """The standing order's answer (§11): the `n` active USAF units to put in the Reserve, those that flew this turn
    first (they could not fly next turn anyway: a unit that flew sits out a turn refuelling), then the face-up ones
    standing by, by name."""
    active = board.active_usaf(state)
    return [a["id"] for a in sorted(active, key=lambda a: (a["loc"] not in FLOWN, a["name"]))[:n]]


def standing_reserve(state: State) -> bool:
    """Does the US's standing order answer which units go to the Reserve (on unless it asked to be asked)?"""
    return bool(state.get("standing", {}).get("us", {}).get("reserve_flown_first", True))


def reserve_units(state: State, ids: list[str], why: str) -> None:
    for i in ids:
        state["air"][i].update(loc="reserve", face="up", target=None)
    board.say(state, f"{why}: {', '.join(state['air'][i]['name'] for i in ids)} to the USAF Reserve "
                                      f"({len(board.active_usaf(state))} active, capacity "
                                      f"{board.capacity(state)}; §11).")


def refuelling(state: State) -> None:
    """The procedure of the air phase's first step: refuel, then, over capacity, the standing order answers which
    units go to the Reserve, or the US is asked (the `reserve` decision)."""
    over = refuel(state)
    state["usaf_over"] = 0
    if over and standing_reserve(state):
        reserve_units(state, to_reserve_first(state, over), "Over capacity, by the US's standing order")
    elif over:
        state["usaf_over"] = over


def reserve_verbs(usaf: tuple[str, ...]) -> dict[str, Any]:
    return {"reserve": {"units": Several(usaf, 1, label="USAF units to the Reserve")}}


def _usaf_label(state: State, a: dict[str, Any]) -> str:
    where = {"cap": "flew CAP", "ground_attack": "flew Ground Attack"}.get(a["loc"], f"standing by on air strip "
                                                                                   f"{a['loc'][6:]}")
    return f"{a['name']} ({a['role']}, {where})"


def reserve_prompt(state: State, role: str) -> dict[str, Any]:
    n = state["usaf_over"]
    active = sorted(board.active_usaf(state), key=lambda a: a["name"])
    return {"title": f"US air phase: {n} USAF unit(s) over the capacity of {board.capacity(state)} go to the Reserve",
            "rule": "§11", "info": {"kind": "reserve", "default": {"units": to_reserve_first(state, n)}},
            "actions": [{"verb": "reserve", "label": "To the Reserve",
                         "args": {"units": Several(tuple(a["id"] for a in active), n, n,
                                                   labels=tuple(_usaf_label(state, a) for a in active),
                                                   label=f"Choose {n}: the units that flew this turn may go too "
                                                         f"(then they need no refuelling on a strip)").to_json()}}]}


def reserve_check(state: State, role: str, action: dict[str, Any]) -> None:
    n, chosen = state["usaf_over"], action["args"]["units"]
    active = {a["id"] for a in board.active_usaf(state)}
    if len(chosen) != n or any(i not in active for i in chosen):
        raise IllegalAction(f"Choose exactly {n} of the active USAF units (on the strips, in CAP or in Ground "
                            f"Attack) for the Reserve.", "§11")


def reserve_resolve(state: State, role: str, action: dict[str, Any], rng) -> State:
    s = board.clone(state)
    reserve_units(s, list(action["args"]["units"]), "Over capacity, the US chooses")
    s["usaf_over"] = 0
    return s


def reserve_default(state: State, role: str) -> dict[str, Any]:
    return {"verb": "reserve", "args": {"units": to_reserve_first(state, state["usaf_over"])}}


def reserve_random(state: State, role: str, rng) -> dict[str, Any]:
    ids = [a["id"] for a in board.active_usaf(state)]
    return {"verb": "reserve", "args": {"units": rng.shuffle(ids)[:state["usaf_over"]]}}


def spread(state: State) -> dict[str, str]:
    """The standing order's landing (§11): each unit that flew, by name, face down on the operational strip hex with
    the fewest aircraft (then the lower number), so that no strip hex holds more than it must (§7.10: a bomber kills
    one unit on a hex, or destroys an empty one)."""
    strips = board.operational(state)
    parked = {h: len(board.air(state, "us", f"strip:{h}")) for h in strips}
    out = {}
    for a in sorted((a for a in board.air(state, "us") if a["loc"] in FLOWN), key=lambda x: x["name"]):
        h = min(strips, key=lambda x: (parked[x], x))
        out[a["id"]] = h
        parked[h] += 1
    return out


def standing_landing(state: State) -> bool:
    """Does the US's standing order land the units that flew (spread over the strips) without asking?"""
    return bool(state.get("standing", {}).get("us", {}).get("land_spread", True))


def landing_needed(state: State, side: str) -> bool:
    """The US is asked where its units that flew land when its standing order does not answer and it has a choice."""
    return (not standing_landing(state) and len(board.operational(state)) > 1
            and any(a["loc"] in FLOWN for a in board.air(state, "us")))


def land_on(state: State, where: dict[str, str], why: str) -> None:
    back = []
    for k, h in where.items():
        a = state["air"][k]
        a.update(loc=f"strip:{h}", face="down", target=None)
        back.append(f"{a['name']} face down on {h}")
    if back:
        board.say(state, f"USAF back from their missions (§11){why}: {', '.join(back)}.")


def land(state: State) -> None:
    """§11: every unit that flew (CAP, Ground Attack) goes face down on an operational strip hex (they rest and refuel
    a turn), where the US chose (the `landing` decision) or its standing order puts them (`spread`); with no strip
    operational, to the Reserve."""
    if not board.operational(state):
        gone = []
        for a in sorted(board.air(state, "us"), key=lambda x: x["name"]):
            if a["loc"] in FLOWN:
                a.update(loc="reserve", face="up", target=None)
                gone.append(a["name"])
        if gone:
            board.say(state, f"USAF back from their missions (§11): {', '.join(gone)} to the Reserve (no operational "
                             f"air strip).")
        return
    land_on(state, spread(state), "")


def landing_verbs(usaf: tuple[str, ...]) -> dict[str, Any]:
    return {"land": {"strips": Keyed(Choice(STRIPS, tuple(f"air strip {h}" for h in STRIPS), label="Air strip hex"),
                                     usaf, label="Where each unit that flew lands")}}


def landing_prompt(state: State, role: str) -> dict[str, Any]:
    strips = board.operational(state)
    parked = {h: [a["name"] for a in board.air(state, "us", f"strip:{h}")] for h in strips}
    labels = tuple(f"air strip {h} ({'Henderson' if h in HENDERSON else 'fighter strip'}"
                   + (f"; parked: {', '.join(parked[h])}" if parked[h] else "; empty") + ")" for h in strips)
    fields = {a["id"]: Choice(tuple(strips), labels, label=_usaf_label(state, a))
              for a in sorted(board.air(state, "us"), key=lambda x: x["name"]) if a["loc"] in FLOWN}
    return {"title": "US air phase: where the units that flew land, face down, to refuel", "rule": "§11",
            "info": {"kind": "landing", "default": {"strips": spread(state)}},
            "actions": [{"verb": "land", "label": "Land them",
                         "args": {"strips": Group(fields, label="Each unit that flew onto an operational air strip hex "
                                                                "(a bomber on a hex kills one unit there, or destroys "
                                                                "it when empty, §7.10)").to_json()}}]}


def landing_check(state: State, role: str, action: dict[str, Any]) -> None:
    where = action["args"]["strips"]
    flown = {a["id"] for a in board.air(state, "us") if a["loc"] in FLOWN}
    for k, h in where.items():
        if k not in flown:
            raise IllegalAction(f"{state['air'][k]['name'] if k in state['air'] else 'That unit'} did not fly this "
                                f"turn: only the units back from CAP and Ground Attack land now.", "§11")
        if h not in board.operational(state):
            raise IllegalAction(f"Air strip {h} is not operational: the units land on an operational one.", "§11")
    left = sorted(state["air"][k]["name"] for k in flown - set(where))
    if left:
        raise IllegalAction(f"Say where {', '.join(left)} land{'s' if len(left) == 1 else ''}.", "§11")


def landing_resolve(state: State, role: str, action: dict[str, Any], rng) -> State:
    s = board.clone(state)
    land_on(s, dict(action["args"]["strips"]), ", where the US chose")
    return s


def landing_default(state: State, role: str) -> dict[str, Any]:
    return {"verb": "land", "args": {"strips": spread(state)}}


def landing_random(state: State, role: str, rng) -> dict[str, Any]:
    strips = board.operational(state)
    return {"verb": "land", "args": {"strips": {a["id"]: rng.choice(strips) for a in board.air(state, "us")
                                                if a["loc"] in FLOWN}}}


STRIP_MISSIONS = tuple(f"strip:{h}" for h in STRIPS)
MISSIONS = ("cap", "ground_attack", *STRIP_MISSIONS, "reserve")
MISSION_LABELS = ("USAF CAP", "USAF Ground Attack", *[f"stand by on air strip {h}" for h in STRIPS], "USAF Reserve")


def mission_label(m: str) -> str:
    return MISSION_LABELS[MISSIONS.index(m)]


def allocable(state: State) -> list[str]:
    return sorted(a["id"] for a in board.air(state, "us") if a["face"] == "up" and a["loc"] != "eliminated"
                  and a["loc"] != "pending")


def air_verbs(usaf: tuple[str, ...]) -> dict[str, Any]:
    return {"allocate": {"missions": Keyed(Choice(MISSIONS, MISSION_LABELS, label="Mission"), usaf,
                                           label="Missions for next turn"),
                         "ask_reserve": Optional(Boolean(label="Ask me which units go to the Reserve")),
                         "ask_landing": Optional(Boolean(label="Ask me where the units that flew land"))}}


def air_needed(state: State, side: str) -> bool:
    """The US is asked for its missions when a face-up unit may be given one: with room on the strips, or a unit
    still active to move; with no room and every face-up unit in the Reserve there is nothing to decide."""
    ids = allocable(state)
    return bool(ids) and (_room(state) > 0 or any(state["air"][k]["loc"] != "reserve" for k in ids))


def _room(state: State) -> int:
    """Active places left for the face-up units: the capacity less the units resting face down (§11)."""
    return board.capacity(state) - len([a for a in board.active_usaf(state) if a["face"] == "down"])


def missions_for(state: State, a: dict[str, Any]) -> list[str]:
    """The missions a face-up USAF unit may be given now: fighters CAP, bombers Ground Attack ("both" either), standing
    by on an operational strip, or the Reserve; only the Reserve when the strips have no room at all."""
    if _room(state) <= 0:
        return ["reserve"]
    out = [m for m, roles in (("cap", ("fighter", "both")), ("ground_attack", ("bomber", "both"))) if a["role"] in roles]
    return out + [f"strip:{h}" for h in board.operational(state)] + ["reserve"]


def plan_missions(state: State, fill: int | None = None) -> dict[str, str]:
    """A sensible allocation: fighters to CAP (it keeps IJ bombers off the strips, §7.10), bombers and "both" units
    to Ground Attack while IJ units are on the map (else "both" to CAP and bombers standing by on a strip), the rest
    to the Reserve once `fill` active places are taken (the capacity left, by default)."""
    room = _room(state) if fill is None else fill
    ij_on_map = bool(board.on_map(state, "ij"))
    strips = board.operational(state)
    plan = {}
    for k in sorted(allocable(state), key=lambda x: (state["air"][x]["role"] != "fighter", x)):
        r = state["air"][k]["role"]
        if room <= 0:
            plan[k] = "reserve"
            continue
        if r == "fighter" or (r == "both" and not ij_on_map):
            plan[k] = "cap"
        elif ij_on_map:
            plan[k] = "ground_attack"
        else:
            plan[k] = f"strip:{min(strips)}" if strips else "reserve"
        room -= plan[k] != "reserve"
    return plan


def _missed_plan(state: State) -> dict[str, str]:
    """The missed order (and where the form starts): the sensible allocation, one active place short when the
    units outnumber the places, so any unit's mission may still be changed alone."""
    units, room = len(allocable(state)), _room(state)
    return plan_missions(state, room if units <= room else room - 1)


def air_prompt(state: State, role: str, v: dict[str, Any]) -> dict[str, Any]:
    ids = allocable(state)
    fields = {}
    for k in ids:
        a = state["air"][k]
        opts = missions_for(state, a)
        fields[k] = Choice(tuple(opts), tuple(mission_label(m) for m in opts),
                           label=f"{a['name']} ({a['role']}, now {mission_label(_where(a))})")
    return {"title": f"US air phase: allocate USAF units (capacity {board.capacity(state)}, "
                     f"{_room(state)} free for units face up)", "rule": "§11",
            "info": {"kind": "air", "capacity": board.capacity(state),
                     "default": {"missions": _missed_plan(state), "ask_reserve": not standing_reserve(state),
                                 "ask_landing": not standing_landing(state)}},
            "actions": [{"verb": "allocate", "label": "Allocate",
                         "args": {"missions": Group(fields, tuple(fields), label="Missions for next turn (a unit left "
                                                    "blank keeps its place)").to_json(),
                                  "ask_reserve": Boolean(label="Ask me which units go to the Reserve when the air "
                                                               "strips cannot hold them all (standing order, on "
                                                               "until ticked: the units that flew go first, §11)"
                                                         ).to_json(),
                                  "ask_landing": Boolean(label="Ask me where the units that flew land (standing "
                                                               "order, on until ticked: spread over the operational "
                                                               "strip hexes, fewest parked first, §11)"
                                                         ).to_json()}}]}


def _where(a: dict[str, Any]) -> str:
    return "reserve" if a["loc"] == "reserve" else a["loc"] if a["loc"] in ("cap", "ground_attack") else \
        a["loc"] if a["loc"] in STRIP_MISSIONS else "reserve"


def air_check(state: State, role: str, action: dict[str, Any]) -> None:
    plan = action["args"]["missions"]
    ids = set(allocable(state))
    for k, m in plan.items():
        if k not in ids:
            name = state["air"][k]["name"] if k in state["air"] else "That unit"
            raise IllegalAction(f"{name} cannot be allocated now (face down or not in play).", "§11")
        a = state["air"][k]
        r = a["role"]
        if (m == "cap" and r == "bomber") or (m == "ground_attack" and r == "fighter"):
            raise IllegalAction(f"{a['name']}: fighters fly CAP, bombers Ground Attack.", "§11")
        if m in STRIP_MISSIONS and m[6:] not in board.operational(state):
            raise IllegalAction(f"{a['name']}: air strip {m[6:]} is not operational.", "§11")
    active = len([a for a in board.active_usaf(state) if a["face"] == "down"])
    active += sum(1 for k in ids if plan.get(k, _where(state["air"][k])) != "reserve")
    if active > board.capacity(state):
        raise IllegalAction(f"Only {board.capacity(state)} USAF units may be active (six per operational air strip "
                            f"hex); put more in Reserve.", "§11")


def air_resolve(state: State, role: str, action: dict[str, Any], rng) -> State:
    s = board.clone(state)
    for k, m in sorted(action["args"]["missions"].items()):
        s["air"][k]["loc"] = m
    for ask, order in (("ask_reserve", "reserve_flown_first"), ("ask_landing", "land_spread")):
        if ask in action["args"]:
            s.setdefault("standing", {}).setdefault("us", {})[order] = not action["args"][ask]
    board.say(s, "US air allocation (§11): " + ", ".join(
        f"{a['name']} {mission_label(_where(a))}" for a in sorted(board.air(s, "us"), key=lambda x: x["name"])
        if a["loc"] not in ("eliminated", "pending") and a["face"] == "up") + ".")
    return s


def air_random(state: State, role: str, rng) -> dict[str, Any]:
    room = _room(state) - 1  # one place short, so that any one unit's mission may still be changed alone
    plan = {}
    for k in rng.shuffle(allocable(state)):
        opts = missions_for(state, state["air"][k])
        m = rng.choice(opts if room > 0 else ["reserve"])
        plan[k] = m
        room -= m != "reserve"
    return {"verb": "allocate", "args": {"missions": plan, "ask_reserve": rng.die(4) == 1,
                                         "ask_landing": rng.die(4) == 1}}


def air_default(state: State, role: str) -> dict[str, Any]:
    return {"verb": "allocate", "args": {"missions": _missed_plan(state), "ask_reserve": not standing_reserve(state),
                                         "ask_landing": not standing_landing(state)}}


# --- §1, §12 victory ----------------------------------------------------------------------------------------------

def victory(state: State) -> dict[str, Any] | None:
    """§12 at the end of the US turn: an IJ ground unit on a completed air field hex wins for the IJ; at the end of
    Jan III any IJ ground unit on a map hex wins for the IJ, otherwise the US wins. From Oct III on, with every IJ
    ground unit gone and none to come, the US has won (§12's early end)."""
    held = [h for h in board.completed_fields(state) if board.occupant(state, h) == "ij"]
    if held:
        return {"winner": "ij", "level": "decisive",
                "reason": f"IJ ground units hold the air field hex {', '.join(held)} at the end of "
                          f"{turn_label(state['turn'])} (§1, §12)."}
    left = [u for u in board.ground(state, "ij") if u["loc"] != "eliminated"]
    if state["turn"] >= LAST_TURN:
        on_map = board.on_map(state, "ij")
        if on_map:
            return {"winner": "ij", "level": "marginal",
                    "reason": f"At the end of Jan III {len(on_map)} IJ ground unit(s) remain on the map (§1, §12)."}
        return {"winner": "us", "level": "decisive", "reason": "At the end of Jan III no IJ ground unit is on the "
                                                               "map and Henderson is held (§1, §12)."}
    if not left and state["turn"] >= 6:
        return {"winner": "us", "level": "decisive", "reason": "Every IJ ground unit has been eliminated and no more "
                                                               "will come (§12)."}
    return None


FIGHTER_STRIPS = FIGHTER
