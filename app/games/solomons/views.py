"""What each role may know (architecture: Secrets), and the harness hooks that prove it (perturb, canaries).

A side sees everything of its own, the public record (Guadalcanal's points and supply, Henderson Field, the
Truk and Henderson rolls), and of the enemy only what the rules reveal: markers (18.5, 18.6, 19.1-19.3), CAP
counters (6.22) and the ships shown in combat (14.3, 15.31). The view is built from this allow-list, never by
deleting from the state.
"""
from __future__ import annotations

import copy
from typing import Any

from app.engine import umpire_gate
from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.log import entry, visible
from app.games.solomons import asking, board, board_view, intentions, victory
from app.games.solomons.sequence import current, deciders, section_title

State = dict[str, Any]
OWN_TF_FIELDS = ("id", "number", "units", "base", "mission", "slot", "anti_slot", "emergency_dd", "plot", "hex",
                 "m_segments", "aborted", "mission_done", "cag_spent", "orders")


def log_for(state: State, role: str, ended: bool) -> list[dict[str, Any]]:
    """The lines `role` may read, each with the printed name of the section it happened in."""
    lines = visible(state["log"], role, ended)
    for line in lines:
        if "at" in line:
            line["at"] = section_title(line["at"])
    return lines


def public(state: State) -> dict[str, Any]:
    step = current(state)
    g = state["guadalcanal"]
    v = {
        "game": "solomons", "turn": state["turn"], "turns": board.TURNS, "phase": state["phase"],
        "segment": state["segment"], "section": state["section"], "day": state["day"], "step": step["title"],
        "waiting_for": {s: s in deciders(state) and state["pending"][s] is None for s in board.SIDES},
        "guadalcanal": {"ground": dict(g["ground"]), "supply": dict(g["supply"]),
                        "henderson": dict(g["henderson"]), "supplied": g["supplied"],
                        "unsupplied_turns": g["unsupplied_turns"]},
        "truk_sortie": copy.deepcopy(state["truk_sortie"]), "henderson_roll": state["henderson_roll"],
        "outcome": copy.deepcopy(state["outcome"]),
    }
    if umpire_gate.umpired(state):
        # public: the game waits for the umpire to release the next Execution Segment (Guadalcanal 18)
        v["waiting_for"]["umpire"] = bool(umpire_gate.held(state))
    return v


def own_task_force(state: State, tf: dict[str, Any]) -> dict[str, Any]:
    out = {k: copy.deepcopy(tf.get(k)) for k in OWN_TF_FIELDS}
    if tf.get("anti_slot"):
        # 11.1: the Anti-Slot course follows the Japanese Slot force; its future segments would tell the
        # Americans when that force reaches M, so they see only the segments already run.
        now = state["segment"] or 0
        out["plot"] = {k: v for k, v in tf["plot"].items() if int(k) <= now}
    return out


def side_view(state: State, side: str) -> dict[str, Any]:
    v = public(state)
    v["role"] = side
    v["units"] = {uid: copy.deepcopy(u) for uid, u in state["units"].items() if u["side"] == side}
    v["task_forces"] = {tid: own_task_force(state, tf) for tid, tf in state["task_forces"].items()
                        if tf["side"] == side}
    v["air"] = copy.deepcopy(state["air"][side])
    v["ground_in_port"] = dict(state["ground"][side])
    v["losses"] = dict(state["losses"][side])
    v["vp_lost"] = victory.destroyed_value(state, side)  # 22: what the side's own losses are worth to the enemy
    v["pending"] = copy.deepcopy(state["pending"][side])
    v["standing"] = copy.deepcopy(asking.standing(state, side))  # issue 11 item 4: the side's own standing orders
    if side == "japanese":
        v["submarines"] = {k: {f: copy.deepcopy(s[f]) for f in ("id", "status", "hex", "deployed_turns", "returns")}
                           for k, s in state["submarines"].items()}
        v["emergency_runs"] = dict(state["emergency_runs"])
    v["intentions"] = intentions_shown(state, side)
    v["enemy"] = {"markers": copy.deepcopy(state["markers"][side]),
                  "cap": copy.deepcopy(state["cap_shown"][side]),
                  "revealed_ships": [dict(r, ships=[ship_shown(x) for x in r["ships"]])
                                     for r in copy.deepcopy(state["combat_reveals"][side])]}
    v["log"] = log_for(state, side, False)
    return v


def umpire_view(state: State, role: str) -> dict[str, Any]:
    """Everything: the true state, and under the fog options (fog.py) each report beside the truth and its die in
    "fog". After the game this is the all-seeing replay view, so the replay shows the truth."""
    v = public(state)  # the same headline fields every role gets (turns, step, waiting_for), then everything
    v.update(copy.deepcopy({k: val for k, val in state.items() if k != "log"}))
    v["role"] = role
    v["log"] = log_for(state, role, state["outcome"] is not None)
    return v


def view(state: State, role: str) -> dict[str, Any]:
    """The role's view, and the map drawn from it alone (`board`, board_view.py)."""
    if role == UMPIRE or (role == SPECTATOR and state["outcome"] is not None):
        v = umpire_view(state, role)
    elif role in board.SIDES:
        v = side_view(state, role)
    else:
        v = public(state)
        v["role"] = role
        v["log"] = log_for(state, role, False)
    v["board"] = board_view.describe(v)
    return v


def hidden_from(role: str) -> list[str]:
    """The sides whose secrets `role` may not see."""
    if role == UMPIRE:
        return []
    if role in board.SIDES:
        return [board.ENEMY[role]]
    return list(board.SIDES)


def perturb(state: State, role: str, rng) -> State:
    """Change only what `role` may not know: the hidden side's air, pools, cargo, plots, orders and private log."""
    for side in hidden_from(role):
        for base in state["air"][side].values():
            base["lac"] += rng.die(6)
            base["untrained"] += rng.die(3)
        for place in state["ground"][side]:
            state["ground"][side][place] += rng.die(4)
        for u in state["units"].values():
            if u["side"] == side:
                u["cargo"]["supply"] += rng.die(2)
                u["name"] = f"{u['name']}~{rng.die(99)}"
        for tf in state["task_forces"].values():
            if tf["side"] == side:
                tf["plot"]["14"] = rng.choice(sorted(board.adjacency()))
                tf["orders"] = {"note": rng.die(1000)}
        if state["pending"][side] is not None:
            state["pending"][side] = dict(state["pending"][side], note=rng.die(1000))
        state["losses"][side]["supply"] += rng.die(5)
        state.setdefault("standing", {})[side] = {"no_transfers": rng.die(2) == 1, "bases": ["perturbed"]}
        state["log"].append(entry(side, f"secret {rng.die(1000)}"))
    if role != UMPIRE and "fog" in state:
        # the truth behind every fog report, and its die, is the umpire's alone (Guadalcanal 18c)
        for rec in state["fog"]["damage"]:
            rec["true"], rec["die"] = rng.choice(["none", "crippled", "sunk"]), rng.d10()
        for marks in state["fog"]["intel"].values():
            for rec in marks.values():
                rec["true"] = {k: n + rng.die(3) for k, n in rec["true"].items()}
                rec["die"] = rng.d10()
    return state


def plant_canaries(state: State, role: str, marker: str) -> State:
    """Write `marker` into fields hidden from `role`: names, orders, pending submissions, private log lines."""
    for side in hidden_from(role):
        for u in state["units"].values():
            if u["side"] == side:
                u["name"] = f"{marker} {u['name']}"
        for tf in state["task_forces"].values():
            if tf["side"] == side:
                tf["orders"] = {"note": marker}
        if state["pending"][side] is not None:
            state["pending"][side] = dict(state["pending"][side], note=marker)
        state["air"][side].setdefault("rabaul" if side == "japanese" else "australia", {})["note"] = marker
        state["log"].append(entry(side, f"{marker} {side} orders"))
    if role != UMPIRE and "fog" in state:
        for rec in state["fog"]["damage"]:
            rec["true"] = f"{marker} {rec['true']}"
        for marks in state["fog"]["intel"].values():
            for rec in marks.values():
                rec["effect"] = f"{marker} {rec['effect']}"
    return state


def ship_shown(ship: dict[str, Any]) -> dict[str, Any]:
    """A revealed ship as type and name, the name without the type its counter already prints ("APD Colhoun"
    is type APD, name "Colhoun"), so that a page writing "type name" does not say "APD APD Colhoun"."""
    kind, name = ship.get("type", ""), ship.get("name", "")
    return dict(ship, name=name[len(kind) + 1:] if kind and name.startswith(kind + " ") else name)


def intentions_shown(state: dict[str, Any], side: str) -> dict[str, Any] | None:
    """18: the printed answers, announced to the Americans; Japan also sees the eight answers it gave (its plot
    is held to them, 8.6). The Americans never see those: "a high-seas sortie from Rabaul" is not a printed
    question when Truk sorties too."""
    given = state["intentions"]
    if not given:
        return None
    out = {k: copy.deepcopy(v) for k, v in given.items() if k != "questions" or side == "japanese"}
    out.setdefault("text", intentions.text(given["answers"], given["phase"]))
    return out

