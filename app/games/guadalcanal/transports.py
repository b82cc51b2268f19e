"""Scenario Four's transports (7e4, reconstructed: the special rule printed as "7c4.4" is not transcribed).

A scenario's `unloading` records (data/scenarios.toml) say which side's transport types unload where, in which light
(night or day Turns) and after how many Turns in a row there. At the end of every Turn each such transport unit still
afloat in one of the hexes counts one Turn; elsewhere, or in the wrong light, its count starts again. When it reaches
the number it has unloaded, once: its side scores `vp_per_ship` for each ship symbol on its current side (the 15a1.2
note: transport units stand for several ships), recorded in `state["unloaded"]` and added in at the end (victory.py).
"""
from __future__ import annotations

from typing import Any

from app.engine.log import PUBLIC, entry
from app.games.guadalcanal import cards
from app.games.guadalcanal.combat import units as counters
from app.games.guadalcanal.gamedata import SCENARIOS, TITLE

State = dict[str, Any]
RULE = "7e4"


def rules_of(state: State) -> list[dict[str, Any]]:
    return SCENARIOS[state["scenario"]].get("unloading", [])


def ships_of(state: State, uid: str) -> int:
    rec = state["units"][uid]
    return (counters.printed(uid, rec["face"]) or {}).get("ships", 0)


def end_of_turn(state: State, night: bool, label: str) -> None:
    """Count the Turn just played for every transport unit that may unload (called by the Turn Record Phase)."""
    if not rules_of(state):
        return
    counts = state.setdefault("unloading", {})
    done = state.setdefault("unloaded", {})
    for rule in rules_of(state):
        light_ok = night if rule["light"] == "night" else not night
        for uid, rec in state["units"].items():
            if rec["side"] != rule["side"] or rec["kind"] != "ship" or rec["type"] not in rule["types"] \
                    or uid in done:
                continue
            here = rec["box"] == "ships" and cards.hex_of(state, uid) in rule["hexes"]
            counts[uid] = counts.get(uid, 0) + 1 if here and light_ok else 0
            if counts[uid] >= rule["turns"]:
                n = ships_of(state, uid)
                done[uid] = {"side": rule["side"], "vp": n * rule["vp_per_ship"], "ships": n}
                hex_id = cards.hex_of(state, uid)
                state["log"].append(entry(rule["side"], f"{rec['name']} has unloaded at {hex_id}: {n} ships, "
                                                        f"{done[uid]['vp']} victory points ({RULE}).",
                                          at=f"{label}: Turn Record Phase (6)"))
                state["log"].append(entry(PUBLIC, f"{TITLE[rule['side']]} transports have unloaded on "
                                                  f"Guadalcanal ({RULE}).", at=f"{label}: Turn Record Phase (6)"))


def points(state: State) -> dict[str, int]:
    out: dict[str, int] = {}
    for x in (state.get("unloaded") or {}).values():
        out[x["side"]] = out.get(x["side"], 0) + x["vp"]
    return out
