"""Garrisons (Optional Rules; lobby option `garrisons`, Campaign Games 1 and 3 only).

"The Japanese must maintain garrisons at the following locations throughout Campaign Games 1 and 3. He may not
voluntarily move these units, although they may engage in missions. Saigon: five LAC, one 8-18 Brigade; Haiphong:
five LAC. If this Garrison falls below strength at any time due to Enemy action, the Japanese Player must bring it
back up to strength by the end of the game or the Allied Player wins." Then the end-of-game garrisons of the listed
objectives (no points without them) and the Allied three divisions in Australia, one in New Zealand.

Readings (docs/games/usn.md, "Optional rules: garrisons, ferry carriers, variable deployment (session 9)"):
- The fixed garrison's land units are named at the set-up (the first 8-18 Brigade at Saigon by id) and held fast:
  no land move, no embarking or emergency carrying. When one is lost, another unit of its type that stands there
  (or arrives) joins the garrison at the next check. Its LAC are a count: an air transfer that would leave fewer than
  five LAC at Saigon or Haiphong is refused; missions are free (and losses in them are enemy action).
- At the end, a fixed garrison below strength gives the Allies the game (as Burma 76's "he loses the game").
- An objective's garrison counts the Japanese land units of the named type ashore in the objective's hexes.
"""
from __future__ import annotations

from functools import cache
from typing import Any

from app.engine import data
from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, entry
from app.games.usn import campaigndata, gamedata

State = dict[str, Any]
RULE = "Garrisons"


@cache
def rules() -> dict[str, Any]:
    """The session's optional-rules file (data/campaign_optional.toml)."""
    return data.load(gamedata.FOLDER / "campaign_optional.toml")


def table() -> dict[str, Any]:
    return rules()["garrisons"]


OPTION = "garrisons"


def active(state: State) -> bool:
    return bool(state.get("options", {}).get(OPTION)) and state.get("scenario") in table()["games"]


def _ashore(state: State, side: str, hexes, name: str | None = None) -> list[dict[str, Any]]:
    hs = set(hexes)
    return sorted((u for u in state["land"].values() if u["side"] == side and u["hex"] in hs
                   and u["aboard"] is None and not u.get("destroyed") and (name is None or u["name"] == name)),
                  key=lambda u: u["id"])


def _lac(state: State, h: str) -> int:
    b = state["bases"].get(h)
    return b["air"]["lac"] if b and b["side"] == "japanese" else 0


def start(state: State) -> None:
    """At the set-up: name the units of each fixed garrison (public: the land units are face up)."""
    if not active(state):
        return
    state["garrisons"] = {}
    refresh(state)
    lines = []
    for g in table()["fixed"]:
        rec = state["garrisons"][g["hex"]]
        what = [f"{g['lac']} LAC"] + [state["land"][u]["name"] for u in rec["units"]]
        lines.append(f"{g['place']} ({g['hex']}): {', '.join(what)}")
    state["log"].append(entry(PUBLIC, "Garrisons (optional rule): the Japanese may not voluntarily move "
                                      + "; ".join(lines) + "."))


def refresh(state: State) -> None:
    """Keep each fixed garrison's named units: the lost drop out, units of the type standing in the hex fill it."""
    if not active(state):
        return
    book = state.setdefault("garrisons", {})
    for g in table()["fixed"]:
        rec = book.setdefault(g["hex"], {"place": g["place"], "lac": g["lac"], "units": []})
        alive = {u["id"] for u in _ashore(state, "japanese", [g["hex"]])}
        rec["units"] = [u for u in rec["units"] if u in alive]
        for need in g["land"]:
            have = [u for u in rec["units"] if state["land"][u]["name"] == need["unit"]]
            for u in _ashore(state, "japanese", [g["hex"]], need["unit"]):
                if len(have) >= need["count"]:
                    break
                if u["id"] not in rec["units"]:
                    rec["units"].append(u["id"])
                    have.append(u["id"])


def held(state: State) -> set[str]:
    """The land units of the fixed garrisons, which may not move voluntarily."""
    if not active(state):
        return set()
    return {u for rec in state.get("garrisons", {}).values() for u in rec["units"]}


def _refuse(state: State, uid: str, how: str) -> None:
    u = state["land"][uid]
    place = next(r["place"] for r in state["garrisons"].values() if uid in r["units"])
    raise IllegalAction(f"{u['name']} ({uid}) is the {place} garrison: the Japanese may not {how} it "
                        "voluntarily (it may engage in missions).", RULE)


def check_land_move(state: State, role: str, moves: dict[str, str]) -> None:
    """Land Movement Phase: a garrison unit may not move."""
    for uid in moves:
        if uid in held(state):
            _refuse(state, uid, "move")


def check_embark(state: State, role: str, units) -> None:
    """Naval movement (D), (E): a garrison unit may not be embarked or carried away."""
    for uid in units:
        if uid in held(state):
            _refuse(state, uid, "embark")


def check_transfers(state: State, role: str, rows: list[dict[str, Any]]) -> None:
    """Air transfer at (A): the LAC of Saigon and Haiphong may not fall below the garrison by a voluntary move."""
    if role != "japanese" or not active(state):
        return
    for h, rec in state.get("garrisons", {}).items():
        out = sum(r["points"] for r in rows if r["from"] == f"base:{h}" and r["kind"] == "lac")
        into = sum(r["points"] for r in rows if r["to"] == f"base:{h}" and r["kind"] == "lac")
        if out and _lac(state, h) - out + into < rec["lac"]:
            raise IllegalAction(f"The {rec['place']} garrison is {rec['lac']} LAC: {out} of the {_lac(state, h)} "
                                f"there may not leave (the Japanese may not voluntarily move the garrison).", RULE)


def spare_lac(view_garrisons: dict[str, Any], h: str, lac: int) -> int:
    """What a computer player may transfer from the base at `h` holding `lac` LAC (its view's `garrisons`)."""
    rec = view_garrisons.get(h)
    return max(lac - rec["lac"], 0) if rec else lac


def short(state: State) -> list[str]:
    """The fixed garrisons below strength now: what the Japanese must restore by the end."""
    refresh(state)
    out = []
    for g in table()["fixed"]:
        rec = state["garrisons"][g["hex"]]
        have = _lac(state, g["hex"])
        if have < g["lac"]:
            out.append(f"{g['place']} has {have} of {g['lac']} LAC")
        for need in g["land"]:
            n = sum(1 for u in rec["units"] if state["land"][u]["name"] == need["unit"])
            if n < need["count"]:
                out.append(f"{g['place']} has {n} of {need['count']} {need['unit']}")
    return out


def step_one(state: State) -> None:
    """Step 1: the garrison's books; a garrison found below strength is logged (the Japanese must restore it)."""
    if not active(state):
        return
    missing = short(state)
    if missing and missing != state.get("garrisons_short"):
        state["log"].append(entry(PUBLIC, f"Garrisons: below strength ({'; '.join(missing)}); the Japanese Player "
                                          "must restore it by the end of the game or the Allied Player wins.",
                                  at="Step 1"))
    state["garrisons_short"] = missing


def _objective_hexes(area_id: str) -> list[str]:
    return next(a["hexes"] for a in campaigndata.victory()["area"] if a["id"] == area_id)


def _divisions(state: State, side: str, hexes) -> int:
    words = table()["division"]["names"]
    return sum(1 for u in _ashore(state, side, hexes) if any(w in u["name"] for w in words))


def denied(state: State) -> dict[str, str]:
    """{victory area id: why} for the objectives whose holder lacks the garrison the rule asks at the end."""
    if not active(state):
        return {}
    out: dict[str, str] = {}
    for g in table()["objective"]:
        if not g["objective"]:
            continue
        hexes = g.get("hexes") or _objective_hexes(g["objective"])
        for need in g["land"]:
            n = len(_ashore(state, "japanese", hexes, need["unit"]))
            if n < need["count"]:
                out[g["objective"]] = f"the Japanese garrison of {g['place']} is {n} of {need['count']} {need['unit']}"
    for g in table()["allied"]:
        n = _divisions(state, "allied", g["hexes"])
        if n < g["divisions"]:
            for o in g["objectives"]:
                out[o] = f"the Allies keep {n} of {g['divisions']} divisions in {g['place']}"
    return out


def scores(state: State, objective: dict[str, Any], side: str) -> bool:
    """Whether `side`, holding the objective, receives its points (the end's garrisons)."""
    why = denied(state).get(objective["area"])
    owner = "allied" if any(objective["area"] in g["objectives"] for g in table()["allied"]) else "japanese"
    return not (why and side == owner)


def at_end(state: State) -> None:
    """After the last Game-Turn: the fixed garrisons must be at strength, or the Allied Player wins; the objectives'
    garrisons are logged (campaign_victory.geographic leaves out the points they deny)."""
    if not active(state):
        return
    for area, why in sorted(denied(state).items()):
        state["log"].append(entry(PUBLIC, f"Garrisons: no points for {area.replace('_', ' ')} ({why}).",
                                  at="End of the game"))
    bangkok = next((g for g in table()["objective"] if g.get("lac")), None)
    if bangkok and _lac(state, bangkok["hex"]) < bangkok["lac"]:
        state["log"].append(entry(PUBLIC, f"Garrisons: Bangkok holds {_lac(state, bangkok['hex'])} of "
                                          f"{bangkok['lac']} LAC (no Victory Points ride on it).",
                                  at="End of the game"))
    missing = short(state)
    if missing and not state.get("lost_by"):
        state["lost_by"] = {"side": "japanese", "why": f"Garrisons: {'; '.join(missing)} at the end"}


def view(state: State) -> dict[str, Any]:
    """Public: each fixed garrison's place, LAC and named units (the rule and the land units are face up)."""
    if not active(state):
        return {}
    return {"garrisons": {h: {"place": r["place"], "lac": r["lac"], "units": list(r["units"])}
                          for h, r in sorted(state.get("garrisons", {}).items())}}
