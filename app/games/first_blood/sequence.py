"""The sequence of play (§4, Table 5, completed from §7.11, §11 and §12 as the digest's states table says) as a
table the walker follows. Steps a side has nothing to decide in are carried out or passed over; the automatic
steps (IJ strategic, US engineering, the check for victory) are carried out by the walker."""
from __future__ import annotations

from typing import Any

from app.engine.log import PUBLIC, entry
from app.games.first_blood import board, combat, phases
from app.games.first_blood.gamedata import IJ_AIR, LAST_TURN, TITLE, turn_label
from app.games.first_blood.placement import waiting

State = dict[str, Any]

SETUP: tuple[tuple[str, str], ...] = (("setup", "us"), ("setup", "ij"))
# (kind, side): one turn (Table 5 and its cut-off tail: §7.11/§11 US air, §12 victory)
TURN: tuple[tuple[str, str | None], ...] = (
    ("reinforcements", "ij"), ("movement", "ij"), ("combat", "ij"), ("supply", "ij"), ("strategic", None),
    ("reinforcements", "us"), ("movement", "us"), ("combat", "us"), ("engineering", None), ("air", "us"),
    ("victory", None),
)
RULES = {"setup": "§3", "reinforcements": "§5", "movement": "§6", "combat": "§7", "supply": "§8",
         "strategic": "§9", "engineering": "§10", "air": "§11", "victory": "§12",
         "losses": "§7.7", "retreat": "§7.9"}
TITLES = {"setup": "Initial set-up", "reinforcements": "Reinforcement phase", "movement": "Movement phase",
          "combat": "Combat phase", "supply": "Supply phase", "strategic": "Strategic phase",
          "engineering": "Engineering phase", "air": "Air phase", "victory": "Check for victory",
          "losses": "Combat losses", "retreat": "Retreat"}
DECISION_KINDS = ("setup", "reinforcements", "movement", "combat", "losses", "retreat", "supply", "air")


def kind(state: State) -> str:
    """The decision waited on now: the step's own, or a combat's casualties (§7.7)."""
    if state.get("losses"):
        return "retreat" if "retreat" in state["losses"] else "losses"
    return state["step"]["kind"]


def acting(state: State) -> list[str]:
    if state["outcome"] is not None:
        return []
    if state.get("losses"):
        return combat.losses_side(state)  # §7.7: the losing side chooses its casualties, mid-phase
    return [state["step"]["side"]]


def _arrivals(state: State, side: str) -> None:
    """§5: the turn's reinforcements become ready to place; USAF units go straight to the Reserve (§5.3)."""
    t = state["turn"]
    if side == "ij":
        for group in IJ_AIR:
            if t in group["turns"]:
                for role, n in (("destroyer", group["destroyers"]), ("fighter", group["fighters"]),
                                ("bomber", group["bombers"])):
                    for i in range(n):
                        uid = f"ij-{role}-{t}-{i + 1}"
                        state["air"][uid] = {"id": uid, "name": f"IJ {role} {turn_label(t)} #{i + 1}", "side": "ij",
                                             "role": role, "loc": "pending", "arrive": t, "face": "up",
                                             "target": None}
    else:
        for a in board.air(state, "us", "pending"):
            if a["arrive"] <= t:
                a["loc"] = "reserve"
                state["log"].append(entry(PUBLIC, f"{a['name']} arrives in the USAF Reserve (§5.3)."))


def _begin(state: State, kind: str, side: str | None, rng) -> bool:
    """Enter a step; True when someone must decide in it, False when it is carried out (or empty)."""
    if kind in ("setup", "reinforcements"):
        if kind == "reinforcements":
            _arrivals(state, side)
        return bool(waiting(state, side))
    if kind == "movement":
        for u in board.ground(state, side):
            u["moved"] = False
        return True
    if kind == "combat":
        state["attacked"] = []
        for u in board.ground(state, side):
            u["fought"] = False
        return True
    if kind == "supply":
        return phases.supply_roll(state, rng)
    if kind == "strategic":
        phases.strategic(state)
        return False
    if kind == "engineering":
        phases.engineering(state)
        return False
    if kind == "air":
        phases.refuel(state)
        return bool(phases.allocable(state))
    if kind == "victory":
        return False
    raise KeyError(kind)


def end_of_combat(state: State, side: str) -> None:
    """§5: units still on an entry point at the end of their side's combat phase are eliminated; unused
    supporting destroyers and bombers stand down."""
    for u in board.ground(state, side, "entry:"):
        u["loc"] = "eliminated"
        state["log"].append(entry(PUBLIC, f"{u['name']} never left its entry point and is eliminated (§5)."))
    for a in board.air(state, side):
        a["target"] = None


def new_turn(state: State) -> None:
    state["turn"] += 1
    for u in state["units"].values():
        u.update(stirred=False, engaged=False)
    for s in state["strips"].values():
        s["bombarded"] = False
    state["log"].append(entry(PUBLIC, f"Turn {state['turn']}: {turn_label(state['turn'])} (§4)."))


def advance(state: State, rng) -> None:
    """Walk on from the current step to the next one someone must decide in."""
    step = state["step"]
    if step["kind"] == "setup":
        if waiting(state, step["side"]):
            return
        if step["side"] == "us":
            state["step"] = {"kind": "setup", "side": "ij", "index": -1}
            if _begin(state, "setup", "ij", rng):
                return
        new_turn(state)
        i = 0
    else:
        i = step["index"] + 1
    while True:
        if i >= len(TURN):
            if state["turn"] >= LAST_TURN:  # pragma: no cover - victory() always decides at Jan III
                return
            new_turn(state)
            i = 0
        kind, side = TURN[i]
        state["step"] = {"kind": kind, "side": side, "index": i}
        if kind == "victory":
            state["outcome"] = phases.victory(state)
            if state["outcome"] is not None:
                state["step"] = {"kind": "over", "side": None, "index": i}
                state["log"].append(entry(PUBLIC, f"{TITLE[state['outcome']['winner']]} wins: "
                                                  f"{state['outcome']['reason']}"))
                return
        elif _begin(state, kind, side, rng):
            return
        i += 1


def after_decision(state: State, action: dict[str, Any], rng) -> None:
    """A decision was carried out: placements go on until every unit is placed; the movement and combat phases go
    on until the side ends them; supply and air are one decision each."""
    step, side = state["step"]["kind"], state["step"]["side"]
    if step in ("setup", "reinforcements") and waiting(state, side):
        return
    if step == "movement" and action["verb"] != "end_movement":
        return
    if step == "combat":
        if action["verb"] != "end_combat":
            return
        end_of_combat(state, side)
    advance(state, rng)
