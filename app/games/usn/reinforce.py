"""Step 1 of every Game-Turn (Detailed Sequence of Play): "Both Players enter reinforcements, replacements and
repaired naval units at the proper place, as per the Reinforcement Chart, the Replacement rules, and the rules on
Repair of Naval Units."

The chart (data/reinforcements.toml: printed Game-Turns 1-8, the errata, the printed later entries, and the
reconstructed rest) is read into items; `arrive` places a turn's items on a campaign state (board.py's shape plus
the off-map West Coast, campaign.py). Places (How To Use the Time Record and Reinforcement Chart): Allied LBAC at
Pearl Harbor (1456), or on the West Coast when that air base is damaged or destroyed; every other Allied unit on the
West Coast; every Japanese unit anywhere in Japan; a hex in parentheses, or "Aus" (anywhere in Australia), overrides.
NAC that enter with carriers go aboard them (the chart's "CV-5 and 10 NAC"). Air points that find no room on an air
base in Japan (Stacking (E): capacity may never be exceeded) wait and enter at the first Step 1 with room.
"""
from __future__ import annotations

import re
from typing import Any

from app.engine.log import PUBLIC, entry
from app.games.usn import (
    arrivals,
    board,
    calendar,
    campaign_victory,
    campaigndata,
    frontiers,
    gamedata,
    grid,
    repair,
    replacements,
)
from app.games.usn.arrivals import AT, PREFIX

State = dict[str, Any]

_AIR = re.compile(r"^(\d+) (LAC|NAC|LBAC)(?: \((.+)\))?$")
_SHIP = re.compile(r"^(CVL|CVE|CV|BB|CA|CL|DD|TR|Tr|AT|OIL)-(\d+)(?: \((.+)\))?$")
_LAND = re.compile(r"^(\d+-\d+) (Div|reg\.|Eng|Def Bn|Marine Div|Army|Regiment)(?: \((.+)\))?$")
_WITHDRAW = re.compile(r"^withdraw (\S+) \(on the West Coast\)$")
_LAND_NAME = {"Div": "{} Division", "reg.": "{} Regiment", "Regiment": "{} Regiment", "Eng": "1-1 Engineer Regiment",
              "Def Bn": "{} Defense Battalion", "Marine Div": "{} Marine Division", "Army": "{} Army"}


class ChartError(ValueError):
    """A line of the Reinforcement Chart that cannot be read or placed."""


def parse(text: str, side: str) -> dict[str, Any]:
    """One chart item: "17 NAC (1456)", "CV-5", "20-40 Div (0311)", "8-15 reg. (Aus)", "withdraw TR-4 (...)"."""
    if m := _AIR.match(text):
        return {"kind": "air", "air": m.group(2).lower(), "points": int(m.group(1)), "at": _place(m.group(3))}
    if m := _SHIP.match(text):
        t = m.group(1).upper()
        return {"kind": "ship", "id": f"{PREFIX[side]}-{t}-{m.group(2)}", "at": _place(m.group(3))}
    if m := _LAND.match(text):
        return {"kind": "land", "unit": _LAND_NAME[m.group(2)].format(m.group(1)), "at": _place(m.group(3))}
    if m := _WITHDRAW.match(text):
        return {"kind": "withdraw", "id": f"{PREFIX[side]}-{m.group(1)}"}
    raise ChartError(f"cannot read the Reinforcement Chart item {text!r}")


def _place(text: str | None) -> str | None:
    """A place in parentheses: a hex ("1456", "311"), "Aus" (anywhere in Australia) or "adjacent to Burma"."""
    if text is None:
        return None
    p = campaigndata.units()["places"]
    if text == "Aus":
        return p["australia"]
    if text == "adjacent to Burma":
        return p["adjacent_to_burma"]
    return grid.normalise(text)


def chart() -> dict[int, list[dict[str, Any]]]:
    """{Game-Turn: [{side, text, provenance}]}: every line of the chart, printed and reconstructed, in order."""
    doc = gamedata.load("reinforcements")
    out: dict[int, list[dict[str, Any]]] = {}
    for rec in doc["turn"] + doc.get("reconstructed", []):
        for side in ("japanese", "allied"):
            for text in rec.get(side, []):
                out.setdefault(rec["turn"], []).append({"side": side, "text": text, "provenance": rec["provenance"]})
    return dict(sorted(out.items()))


def burma_chart() -> dict[int, list[dict[str, Any]]]:
    """The optional Burma rule's Allied reinforcements, each entering in Burma adjacent to China."""
    return {r["turn"]: [{"side": "allied", "text": t, "provenance": r["provenance"]} for t in r["allied"]]
            for r in gamedata.load("reinforcements")["burma"]}


def items(turn: int, burma: bool = False) -> list[dict[str, Any]]:
    """A Game-Turn's chart items, parsed, with side and provenance."""
    rows = chart().get(turn, []) + (burma_chart().get(turn, []) if burma else [])
    out = []
    for r in rows:
        it = parse(r["text"], r["side"])
        if r in burma_chart().get(turn, []):
            it["at"] = campaigndata.units()["places"]["burma_adjacent_to_china"]
            it["burma_front"] = True  # "any hex in Burma, adjacent to China, and unoccupied by the Japanese"
        out.append({**it, "side": r["side"], "text": r["text"], "provenance": r["provenance"]})
    return out


# ------------------------------------------------------------------------------------------------ placing

def step_one(state: State, rng=None) -> None:
    """The whole of Step 1 for a campaign state: replacements (losses noted, units due enter), reinforcements from
    the chart, repaired naval units, and the campaign checks of the turn. The log names the week (Time Record)."""
    state["log"].append(entry(PUBLIC, f"{calendar.long_label(state['turn'])}: Step 1, reinforcements, "
                                      "replacements and repaired naval units.", at=AT))
    campaign_victory.special_checks(state)
    campaign_victory.burma_check(state)
    replacements.step(state)
    arrive(state)
    repair.step(state)
    campaign_victory.update_control(state)


def arrive(state: State) -> None:
    """Place the chart's items for state["turn"], then the air points still waiting for room, then withdrawals."""
    turn = state["turn"]
    burma = bool(state.get("options", {}).get("burma"))
    todo = items(turn, burma) if state.get("first_turn", 1) <= turn <= state["turns"] else []
    early = state.get("entered_early") or {}
    if early.get("turn") == turn:  # Allied Variable Deployment placed these at the start (campaign.py)
        todo = [i for i in todo if i.get("id") not in early["ships"]]
        for i in todo:
            if i["kind"] == "air" and i["air"] == "nac" and i["side"] == "allied":
                i["points"] -= early["nac"]
        todo = [i for i in todo if i["kind"] != "air" or i["points"] > 0]
    for side in board.SIDES:
        mine = [i for i in todo if i["side"] == side]
        carriers: list[dict[str, Any]] = []
        for it in mine:
            if it["kind"] == "ship":
                carriers.append(_enter_ship(state, it))
            elif it["kind"] == "land":
                at = frontiers.burma_entry(state, it["at"]) if it.get("burma_front") else it["at"] or _entry(side)
                if at is None:
                    state["log"].append(entry(PUBLIC, f"{it['text']} cannot enter: the Japanese hold every hex of "
                                                      "Burma adjacent to China (Optional Burma Rule).", at=AT))
                    continue
                arrivals.enter_land(state, side, it["unit"], at, "the Reinforcement Chart")
            elif it["kind"] == "withdraw":
                state.setdefault("withdraw_due", []).append({"id": it["id"], "after": turn})
        for it in mine:
            if it["kind"] == "air":
                n = _aboard(state, [c for c in carriers if board.is_carrier(c) or c["type"] == "CVE"], it)
                if n:
                    _wait(state, side, it["air"], n, it["at"])
    _place_waiting(state)
    _withdraw(state)


def _entry(side: str, kind: str = "") -> str:
    p = campaigndata.units()["places"]
    if side == "japanese":
        return p["japan"]
    return p["pearl_harbor"] if kind == "lbac" else p["west_coast"]


def _enter_ship(state: State, it: dict[str, Any]) -> dict[str, Any]:
    sid = it["id"]
    if sid in state["ships"]:
        raise ChartError(f"{sid} enters on Game-Turn {state['turn']} but is already in play")
    at = it["at"] or _entry(it["side"])
    ship = arrivals.new_ship(sid, it["side"], at)
    state["ships"][sid] = ship
    state["log"].append(entry(PUBLIC, f"Reinforcement: {board.TITLE[it['side']]} {sid} enters at {arrivals.where(at)}.",
                              at=AT))
    return ship


def _aboard(state: State, carriers: list[dict[str, Any]], it: dict[str, Any]) -> int:
    """NAC entering with carriers go aboard them, in the chart's order, up to each capacity; the rest is returned."""
    left = it["points"]
    if it["air"] != "nac":
        return left
    for c in carriers:
        room = c["capacity"] - c["nac"]
        n = min(room, left)
        if n > 0:
            c["nac"] += n
            left -= n
            # the chart's total is public; how it is split among the carriers is the owner's (views.py hides the
            # NAC aboard an enemy carrier)
            state["log"].append(entry(it["side"], f"Reinforcement: {n} NAC aboard {c['id']}.", at=AT))
    return left


def _wait(state: State, side: str, kind: str, points: int, at: str | None) -> None:
    """Air points waiting for room at their place of entry, one line per side, type and place."""
    waiting = state.setdefault("air_waiting", [])
    for w in waiting:
        if (w["side"], w["kind"], w["at"]) == (side, kind, at):
            w["points"] += points
            return
    waiting.append({"side": side, "kind": kind, "points": points, "at": at})


def _room(state: State, hex_id: str) -> int:
    b = state["bases"].get(hex_id)
    if b is None or b.get("destroyed") or not b.get("capacity"):
        return 0
    return b["capacity"] - sum(b["air"].values())


def _usable(state: State, hex_id: str, side: str) -> bool:
    """A friendly air base air units may land on: not damaged (neutralized) or destroyed (Air and Naval Bases)."""
    b = state["bases"].get(hex_id)
    return (b is not None and b["side"] == side and not b.get("destroyed") and b.get("capacity", 0) > 0
            and not board.neutralized(state, hex_id, "air"))


def _air_places(state: State, side: str, kind: str, at: str | None) -> list[str]:
    """Where air points may enter, best first: the printed hex; for Allied LBAC Pearl Harbor, else the West Coast;
    other Allied points the West Coast; Japanese points any air base in Japan."""
    p = campaigndata.units()["places"]
    if at is not None and not (side == "allied" and kind == "lbac" and at == p["pearl_harbor"]):
        return [at]
    if side == "allied":
        # a damaged, destroyed or full Pearl Harbor is skipped when the points are placed (_place_waiting)
        return ([p["pearl_harbor"]] if kind == "lbac" else []) + [p["west_coast"]]
    return [h for h in campaigndata.units()["repair"]["japanese"] if h in state["bases"]]


def _place_waiting(state: State) -> None:
    still = []
    for w in state.get("air_waiting", []):
        left = w["points"]
        for h in _air_places(state, w["side"], w["kind"], w["at"]):
            if not _usable(state, h, w["side"]):
                continue
            n = min(_room(state, h), left)
            if n > 0:
                state["bases"][h]["air"][w["kind"]] += n
                left -= n
                state["log"].append(entry(PUBLIC, f"Reinforcement: {n} {board.TITLE[w['side']]} "
                                                  f"{board.KIND_TITLE[w['kind']]} at {arrivals.where(h)}.", at=AT))
        if left:
            still.append({**w, "points": left})
            state["log"].append(entry(PUBLIC, f"{left} {board.TITLE[w['side']]} {board.KIND_TITLE[w['kind']]} wait: "
                                              "no room on an air base at their place of entry (Stacking (E)).",
                                      at=AT))
    state["air_waiting"] = still


def _withdraw(state: State) -> None:
    """Notes (A): Tr-4 "must be withdrawn from the game by Game-Turn 27. To be withdrawn, the unit must be on the
    U.S. West Coast at the end of Game-Turn 27." Read at the next Step 1; a transport elsewhere is withdrawn at the
    first later Step 1 that finds it there (docs/games/usn.md, Campaign games)."""
    due = []
    for w in state.get("withdraw_due", []):
        if w["after"] >= state["turn"]:
            due.append(w)
            continue
        ship = state["ships"].get(w["id"])
        if ship is None or ship["sunk"]:
            continue
        if ship["hex"] == campaigndata.units()["places"]["west_coast"]:
            arrivals.remove_ship(state, ship, "withdrawn from the game (Reinforcement Chart, note A)")
        else:
            due.append(w)
    state["withdraw_due"] = due
