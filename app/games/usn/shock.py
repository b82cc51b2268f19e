"""Shock Effect (Game-Turn 1 only!), Special Game Rules (Campaign Game 1; Campaign Game Three uses it too):

"Before the Game actually begins, the Japanese Player may move his Naval units for one full Game-Turn (two Movement
Phases). During this "Pre-Game-Turn" Japanese Naval units may not move within 5 hexes of an Allied Air or Naval Base,
and may not move double speed (see Movement, Case N). On Game-Turn One, the Japanese may not move their Naval units
to within five hexes of an Allied Air or Naval Base nor move any non-Naval unit in their first Movement Phase. The
Allies may not move at all on Game-Turn One. During the second Japanese Movement Phase of Game-Turn One, all units
may be moved normally. During the second combat phase of Game-Turn one, Allied Aircraft may not perform any missions
at all. Allied Naval units have their Defense Strength reduced to one-third of normal, and their Anti-Aircraft
Strength reduced to one-third of normal (drop all fractions, nothing can be, thereby, reduced to less than "one"...).
Allied Bases have their Anti-Aircraft Strength reduced to one-third of normal. Allied land forces have their Defense
Strength reduced to one-third of normal. Allied Coastal Defense units are not affected. All Japanese NAC have their
Bombardment Strength increased to "ten.""

The Pre-Game-Turn is two steps of the sequence (steps.SHOCK) before Step 1 of Game-Turn 1; the checks here wrap the
decisions in rules.py; the one-third strengths and the NAC's ten are marks set on the records for the second combat
phase's strikes only (`strikes`), read by board.values, airbase.py, strength.defense and the bombing per point.
Readings: docs/games/usn.md, "Special Game Rules in play (session 9)"."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction, Refused
from app.engine.log import PUBLIC, entry
from app.games.usn import board, campaigndata, coastal, grid, steps

State = dict[str, Any]
RULE = "Campaign Game 1, Shock Effect"
AWAY = 5  # printed: "may not move within 5 hexes of an Allied Air or Naval Base"
NAC_BOMBARDMENT = 10  # printed: "All Japanese NAC have their Bombardment Strength increased to 'ten'"
THIRD = 3  # printed: "reduced to one-third of normal"


def in_force(state: State) -> bool:
    return "shock_effect" in campaigndata.in_force(state)


def pregame(state: State) -> bool:
    """The Pre-Game-Turn's two Japanese naval movement phases are under way (the pregame's naval steps)."""
    return state["step"].get("part") == "pregame" and state["step"].get("kind") == "naval"


def _turn_one(state: State) -> bool:
    return in_force(state) and state["turn"] == 1 and not pregame(state)


def first_japanese_phase(state: State) -> bool:
    return _turn_one(state) and steps.printed_now(state) == "2"


def allies_frozen(state: State, role: str) -> bool:
    """"The Allies may not move at all on Game-Turn One" (their land and naval movement, their landings)."""
    return role == "allied" and _turn_one(state)


def second_combat(state: State) -> bool:
    """Step 9, the second combat phase of Game-Turn One."""
    return _turn_one(state) and steps.printed_now(state) == "9"


def allied_bases(state: State) -> list[str]:
    return sorted(h for h, b in state["bases"].items() if b["side"] == "allied" and h in grid_hexes())


def grid_hexes() -> frozenset[str]:
    return frozenset(f"{n:04d}" for n in range(grid.FIRST, grid.LAST + 1))


def _restricted(state: State, role: str) -> bool:
    return role == "japanese" and in_force(state) and (pregame(state) or first_japanese_phase(state))


def _near(state: State, h: str) -> str | None:
    return next((b for b in allied_bases(state) if grid.distance(h, b) <= AWAY), None)


def info(state: State, role: str) -> dict[str, Any] | None:
    """What the naval prompt tells the player (and the computer) of the rule now: the Allied bases to keep more than
    five hexes from, whether double speed is barred and only naval units move; or that the Allies may not move."""
    if _restricted(state, role):
        return {"rule": RULE, "allied_bases": allied_bases(state), "distance": AWAY,
                "no_double_speed": pregame(state), "naval_only": True}
    if allies_frozen(state, role):
        return {"rule": RULE, "no_movement": True}
    return None


def check_naval(state: State, role: str, action: dict[str, Any]) -> None:
    a = action["args"]
    if allies_frozen(state, role):
        if a.get("moves") or a.get("transfers") or a.get("bombard"):
            raise IllegalAction("The Allies may not move at all on Game-Turn One.", RULE)
        return
    if not _restricted(state, role):
        return
    if a.get("transfers") or a.get("drops"):
        raise IllegalAction("Only naval units move in the Pre-Game-Turn and the first Japanese Movement Phase of "
                            "Game-Turn One: no air transfers or parachute drops.", RULE)
    if a.get("bombard"):
        raise IllegalAction("The Pre-Game-Turn and the first Japanese Movement Phase of Game-Turn One are movement "
                            "only: no bombardment within five hexes of an Allied base is possible.", RULE)
    for sid, o in a.get("moves", {}).items():
        ship = state["ships"].get(sid)
        if ship is None:
            continue
        if o.get("embark") or o.get("debark") or o.get("carry") or o.get("supply"):
            raise IllegalAction(f"{sid} may not embark, land or carry land units or supplies now: no non-Naval unit "
                                "moves in the Pre-Game-Turn or the first Japanese Movement Phase of Game-Turn One.",
                                RULE)
        stop = o.get("stop", ship["hex"])
        end = o.get("to", stop)
        for h in (stop, end):
            b = _near(state, h) if h != ship["hex"] else None
            if b:
                raise IllegalAction(f"{sid} may not move to {h}, within {AWAY} hexes of the Allied base at {b}.",
                                    RULE)
        if pregame(state):
            cost = grid.distance(ship["hex"], stop) + grid.distance(stop, end)
            ma = board.values(ship)["movement"]
            if cost > ma:
                raise IllegalAction(f"{sid} may move {ma} hexes in the Pre-Game-Turn (no double speed, Movement "
                                    f"(N)); this move needs {cost}.", RULE)


def comply_naval(state: State, role: str, action: dict[str, Any]) -> dict[str, Any]:
    """A random or missed order made to obey the rule: the forbidden parts dropped."""
    if allies_frozen(state, role):
        return {"verb": "move", "args": {"moves": {}}}
    if not _restricted(state, role):
        return action
    keep = {}
    for sid, o in action["args"].get("moves", {}).items():
        o = {k: v for k, v in o.items() if k in ("stop", "to")}
        try:
            check_naval(state, role, {"verb": "move", "args": {"moves": {sid: o}}})
        except Refused:
            continue
        keep[sid] = o
    return {"verb": "move", "args": {"moves": keep, **({"subs": action["args"]["subs"]}
                                                       if action["args"].get("subs") else {})}}


def land_prompt(state: State, role: str, p: dict[str, Any]) -> dict[str, Any]:
    """The land movement or landing prompt on Game-Turn One for the Allies: nothing may move or land."""
    if not allies_frozen(state, role):
        return p
    info = {**p.get("info", {}), "shock": {"rule": RULE, "no_movement": True}}
    if "may_move" in info:
        info["may_move"] = {u: [] for u in info["may_move"]}
    if "moves" in info.get("choices", {}):  # the order form offers no unit a move
        info["choices"] = {**info["choices"], "moves": {u: [] for u in info["choices"]["moves"]}}
    return {**p, "info": info}


def check_land_move(state: State, role: str, action: dict[str, Any]) -> None:
    if allies_frozen(state, role) and action["args"].get("moves"):
        raise IllegalAction("The Allies may not move at all on Game-Turn One.", RULE)


def comply_land_move(state: State, role: str, action: dict[str, Any]) -> dict[str, Any]:
    if allies_frozen(state, role):
        return {**action, "args": {**action["args"], "moves": {}}}
    return action


def check_landing(state: State, role: str, action: dict[str, Any]) -> None:
    if allies_frozen(state, role) and action["args"].get("land"):
        raise IllegalAction("The Allies may not move at all on Game-Turn One: no landings.", RULE)


def comply_landing(state: State, role: str, action: dict[str, Any]) -> dict[str, Any]:
    if allies_frozen(state, role):
        return {**action, "args": {**action["args"], "land": []}}
    return action


def _grounded(state: State, role: str) -> bool:
    return role == "allied" and second_combat(state)


def check_allocation(state: State, role: str, action: dict[str, Any]) -> None:
    if _grounded(state, role) and any(action["args"].get(k) for k in
                                      ("missions", "cap", "base_strikes", "ground_support", "land_strikes")):
        raise IllegalAction("During the second combat phase of Game-Turn One Allied aircraft may not perform any "
                            "missions at all (Combat Air Patrol included).", RULE)


def comply_allocation(state: State, role: str, action: dict[str, Any]) -> dict[str, Any]:
    if _grounded(state, role):
        return {"verb": "allocate", "args": {"missions": [], "cap": []}}
    return action


def allocation_info(state: State, role: str) -> dict[str, Any] | None:
    return {"rule": RULE, "no_missions": True} if _grounded(state, role) else None


def strikes(state: State, rng, run) -> None:
    """Step 9 (F)-(L) of Game-Turn One: the Allied naval units, bases and land forces (Coastal Defense units
    excepted) at one third, the Allied air on the ground (no missions: its base's points do not rise), the Japanese
    NAC bombing at ten a point; `run` is air.strikes. The marks live only while it runs."""
    if not second_combat(state):
        run(state, rng)
        return
    marked_ships = [s for s in board.afloat(state, "allied")]
    marked_bases = [b for b in state["bases"].values() if b["side"] == "allied"]
    marked_land = [u for u in state["land"].values() if u["side"] == "allied" and not coastal.is_coastal(u)]
    for x in marked_ships + marked_bases + marked_land:
        x["shock"] = True
    for kind in ("missions", "base_strikes", "land_strikes", "ground_support"):
        for m in state["allocations"].get("japanese", {}).get(kind, []):
            if m["kind"] == "nac":
                m["bomb_per_point"] = NAC_BOMBARDMENT
    state["log"].append(entry(PUBLIC, "Shock Effect: Allied naval units, bases and land forces fight at one third "
                                      "of their strengths; Japanese NAC bomb at ten a point; Allied aircraft fly no "
                                      f"missions ({RULE}).", at="Step 9 (F)-(L)"))
    try:
        run(state, rng)
    finally:
        for x in marked_ships + marked_bases + marked_land:
            x.pop("shock", None)


def third(value: int) -> int:
    """"drop all fractions, nothing can be, thereby, reduced to less than 'one'"."""
    return max(value // THIRD, 1)
