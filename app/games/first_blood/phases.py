"""The phases between the battles: IJ supply (§8, a decision when the die says so), the IJ strategic phase (§9,
automatic), US engineering (§10, automatic: an engineer able to work always works), USAF refuelling and mission
allocation (§7.11, §11: the refuelling automatic, the allocation a decision) and the check for victory (§1, §12)."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, entry
from app.engine.orders import Assignment
from app.games.first_blood import board
from app.games.first_blood.gamedata import (
    FIGHTER,
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
    state["log"].append(entry(PUBLIC, f"IJ supply roll: {roll}" + (": the IJ must give up a ground unit or an "
                                                                    "IJN Reserve destroyer (§8)." if must else
                                                                    ": no loss (§8).")))
    return must


def supply_verbs(pieces: tuple[str, ...]) -> dict[str, Any]:
    return {"give_up": {"unit": Pick(pieces, label="Unit to give up")}}


def supply_prompt(state: State, role: str, v: dict[str, Any]) -> dict[str, Any]:
    return {"title": "IJ supply: give up one unit", "rule": "§8", "info": {"kind": "supply"},
            "actions": [{"verb": "give_up", "label": "Give up",
                         "args": {"unit": v["give_up"]["unit"].only(*supply_candidates(state)).to_json()}}]}


def supply_check(state: State, role: str, action: dict[str, Any]) -> None:
    if action["args"]["unit"] not in supply_candidates(state):
        raise IllegalAction("Give up a ground unit on the map or in a box, or a destroyer in the IJN Reserve.", "§8")


def supply_resolve(state: State, role: str, action: dict[str, Any], rng) -> State:
    s = board.clone(state)
    u = s["units"].get(action["args"]["unit"]) or s["air"][action["args"]["unit"]]
    u["loc"] = "eliminated"
    s["log"].append(entry(PUBLIC, f"Short of supply, the IJ gives up {u['name']} (§8)."))
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
    state["log"].append(entry(PUBLIC, "IJ strategic phase: " + (f"{', '.join(gone)} leave play; " if gone else "")
                                      + "the Reserve boxes move to the Attack boxes (§9)."))


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
                state["log"].append(entry(PUBLIC, f"Work on air strip {h} is lost (§10)."))
            strip["work"] = 0
            continue
        needed = 1 if strip["status"] == "dam" else 2
        if strip["work"] >= needed:
            strip.update(status="oper", work=0, built=True)
            state["log"].append(entry(PUBLIC, f"{able[0]['name']} completes air strip {h}: Operational (§10)."))
        else:
            strip["work"] += 1
            state["log"].append(entry(PUBLIC, f"{able[0]['name']} works on air strip {h} (marker "
                                              f"'{strip['work']}', §10)."))


# --- §7.11, §11 USAF refuelling and allocation --------------------------------------------------------------------

def refuel(state: State) -> None:
    """§7.11 and §11: the face-down units are refuelled (face up); the units that flew this turn (CAP, Ground
    Attack) go face down on the operational strip hexes, fewest units first; over capacity, units go to Reserve."""
    refuelled = sorted(a["name"] for a in board.air(state, "us") if a["loc"].startswith("strip:")
                       and a["face"] == "down")
    for a in board.air(state, "us"):
        if a["loc"].startswith("strip:"):
            a["face"] = "up"
    strips = board.operational(state)
    back = []
    for a in sorted(board.air(state, "us"), key=lambda x: x["id"]):
        if a["loc"] in ("cap", "ground_attack"):
            a["target"] = None
            if strips:
                h = min(strips, key=lambda x: (len(board.air(state, "us", f"strip:{x}")), x))
                a.update(loc=f"strip:{h}", face="down")
                back.append(f"{a['name']} face down on {h}")
            else:
                a.update(loc="reserve", face="up")
                back.append(f"{a['name']} to the Reserve (no operational strip)")
    if refuelled or back:  # what changed on the board, said in words (§7.11)
        state["log"].append(entry(PUBLIC, "USAF refuelling: " + "; ".join(
            ([f"{', '.join(refuelled)} refuelled, face up"] if refuelled else [])
            + ([f"back from their missions: {', '.join(back)}"] if back else [])) + " (§7.11)."))
    for a in board.air(state, "us"):  # a strip no longer operational keeps no aircraft
        if a["loc"].startswith("strip:") and a["loc"][6:] not in strips:
            a.update(loc="reserve", face="up")
    over = len(board.active_usaf(state)) - board.capacity(state)
    for a in sorted(board.active_usaf(state), key=lambda x: (x["face"] == "down", x["id"]))[:max(0, over)]:
        a.update(loc="reserve", face="up")


MISSIONS = ("cap", "ground_attack", "strip", "reserve")
MISSION_LABELS = ("USAF CAP", "USAF Ground Attack", "stand by on an air strip", "USAF Reserve")


def allocable(state: State) -> list[str]:
    return sorted(a["id"] for a in board.air(state, "us") if a["face"] == "up" and a["loc"] != "eliminated"
                  and a["loc"] != "pending")


def air_verbs(usaf: tuple[str, ...]) -> dict[str, Any]:
    return {"allocate": {"missions": Assignment(usaf, MISSIONS, required=False, labels=MISSION_LABELS,
                                                label="Missions for next turn")}}


def air_prompt(state: State, role: str, v: dict[str, Any]) -> dict[str, Any]:
    ids = tuple(allocable(state))
    return {"title": f"US air phase: allocate USAF units (capacity {board.capacity(state)})", "rule": "§11",
            "info": {"kind": "air", "capacity": board.capacity(state)},
            "actions": [{"verb": "allocate", "label": "Allocate",
                         "args": {"missions": Assignment(ids, MISSIONS, required=False, labels=MISSION_LABELS,
                                                         label="Missions for next turn").to_json()}}]}


def _mission_now(a: dict[str, Any]) -> str:
    return a["loc"] if a["loc"] in ("cap", "ground_attack", "reserve") else "strip"


def air_check(state: State, role: str, action: dict[str, Any]) -> None:
    plan = action["args"]["missions"]
    ids = set(allocable(state))
    for k, m in plan.items():
        if k not in ids:
            raise IllegalAction(f"{k} cannot be allocated now (face down or not in play).", "§11")
        r = state["air"][k]["role"]
        if (m == "cap" and r == "bomber") or (m == "ground_attack" and r == "fighter"):
            raise IllegalAction(f"{state['air'][k]['name']}: fighters fly CAP, bombers Ground Attack.", "§11")
        if m == "strip" and not board.operational(state):
            raise IllegalAction("No air strip hex is operational.", "§11")
    active = len([a for a in board.active_usaf(state) if a["face"] == "down"])
    active += sum(1 for k in ids if plan.get(k, _mission_now(state["air"][k])) != "reserve")
    if active > board.capacity(state):
        raise IllegalAction(f"Only {board.capacity(state)} USAF units may be active (six per operational air strip "
                            f"hex); put more in Reserve.", "§11")


def air_resolve(state: State, role: str, action: dict[str, Any], rng) -> State:
    s = board.clone(state)
    strips = board.operational(s)
    for k, m in sorted(action["args"]["missions"].items()):
        a = s["air"][k]
        if m == "strip":
            if not a["loc"].startswith("strip:"):
                h = min(strips, key=lambda x: (len(board.air(s, "us", f"strip:{x}")), x))
                a["loc"] = f"strip:{h}"
        else:
            a["loc"] = m
    s["log"].append(entry(PUBLIC, "US air allocation: " + ", ".join(
        f"{a['name']} {a['loc'].replace('_', ' ')}" for a in sorted(board.air(s, "us"), key=lambda x: x["id"])
        if a["loc"] not in ("eliminated", "pending")) + " (§11)."))
    return s


def air_random(state: State, role: str, rng) -> dict[str, Any]:
    room = board.capacity(state) - len([a for a in board.active_usaf(state) if a["face"] == "down"])
    plan = {}
    for k in rng.shuffle(allocable(state)):
        r = state["air"][k]["role"]
        fits = ["reserve"] + ([m for m in ("cap", "ground_attack", "strip") if not (
            (m == "cap" and r == "bomber") or (m == "ground_attack" and r == "fighter")
            or (m == "strip" and not board.operational(state)))] if room > 0 else [])
        m = rng.choice(fits)
        plan[k] = m
        room -= m != "reserve"
    return {"verb": "allocate", "args": {"missions": plan}}


def air_default(state: State, role: str) -> dict[str, Any]:
    return {"verb": "allocate", "args": {"missions": {k: "reserve" for k in allocable(state)}}}


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
