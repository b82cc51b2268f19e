"""The computer players' Burma march (Special Game Rules, Campaign Game 1, Burma 76): "By Game-Turn 6 the Japanese
Player must move two 20-40 Divisions into Burma. By Game-Turn 18 he must move two additional 20-40 Divisions into
Burma, as well as ten LAC to Bangkok. If he does not, he loses the game." Without it a computer-vs-computer Campaign
Game 1 or 3 is lost by Japan at the Step 1 of Game-Turn 7.

Two halves: `offer` widens the Land Movement prompt's `may_move` (the hexes the map records) with the route's next
hex where the Land Movement rules allow it (land.move_check judges, so the offer is always legal); `orders` and
`bangkok_transfers` are the Japanese computer player's choices, read from its own view and prompt only. The route
and numbers are data/campaign_optional.toml [bots.burma]. With the optional Burma Campaign the march is still
made: Mandalay is an asterisked objective the Japanese need.
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import Refused
from app.games.usn import board, garrisons, grid, land

State = dict[str, Any]
GAMES = ("campaign_1", "campaign_3")
DIVISION = "20-40 Division"


def table() -> dict[str, Any]:
    return garrisons.rules()["bots"]["burma"]


ROUTE: tuple[str, ...] = tuple(table()["route"])
BURMA = ROUTE[-1]


def offer(state: State, role: str, prompt: dict[str, Any]) -> dict[str, Any]:
    """The Land Movement prompt with each Japanese 20-40 Division on the route offered its next hex, if legal (an
    entrenched one is offered none: it may not move, disentrenching or not, Movement (I))."""
    if role != "japanese" or state.get("scenario") not in GAMES:
        return prompt
    may = prompt.get("info", {}).get("may_move")
    if may is None:
        return prompt
    for u in state["land"].values():
        if u["side"] != role or u["name"] != DIVISION or u["aboard"] is not None or u["hex"] not in ROUTE[:-1]:
            continue
        to = ROUTE[ROUTE.index(u["hex"]) + 1]
        if u["id"] not in may or to in may[u["id"]]:
            continue
        try:
            land.move_check(state, role, {"verb": "land_move", "args": {"moves": {u["id"]: to}, "entrench": [],
                                                                        "disentrench": []}})
        except Refused:
            continue
        may[u["id"]] = sorted(may[u["id"]] + [to])
    return prompt


def _needed(turn: int) -> int:
    """The divisions due in Burma by the next deadline (2 by Game-Turn 6, 4 by 18, 4 after)."""
    for by_turn, n in table()["divisions_by_turn"]:
        if turn <= by_turn:
            return n
    return table()["divisions_by_turn"][-1][1]


def done(view: dict[str, Any]) -> bool:
    """The march's last deadline is past (Burma 76 is read at the Step 1 after Game-Turn 18, and never again): the
    divisions in Burma and at the route's start are free for the other objectives."""
    return view["turn"] > table()["divisions_by_turn"][-1][0]


def _marchers(view: dict[str, Any], side: str) -> tuple[set[str], list[dict[str, Any]]]:
    """(the divisions holding Burma, those on the march): the ones on the route, and enough from its start to make
    the number due by the next deadline."""
    if done(view):
        return set(), []
    mine = sorted((u for u in view["land"] if u["side"] == side and u["name"] == DIVISION), key=lambda u: u["id"])
    held = {u["id"] for u in mine if u["hex"] == BURMA}
    going = [u for u in mine if u["hex"] in ROUTE[1:-1]]
    for u in [u for u in mine if u["hex"] == ROUTE[0]]:
        if len(held) + len(going) >= _needed(view["turn"]):
            break
        going.append(u)
    return held, going


def orders(view: dict[str, Any], prompt: dict[str, Any], side: str) -> tuple[dict[str, str], set[str]]:
    """({unit: next hex} for the marching divisions, {units on the march or holding Burma}) for the Japanese
    computer player; a marching unit that is entrenched does not move this phase: it disentrenches at its end
    (`must_disentrench`) and marches in the next (Movement (I), Entrenchment (B))."""
    if side != "japanese" or view.get("scenario") not in GAMES:
        return {}, set()
    held, going = _marchers(view, side)
    may = prompt.get("info", {}).get("may_move", {})
    moves = {}
    for u in going:
        to = ROUTE[ROUTE.index(u["hex"]) + 1]
        if not u["entrenched"] and to in may.get(u["id"], []):
            moves[u["id"]] = to
    return moves, held | {u["id"] for u in going}


def must_disentrench(view: dict[str, Any], side: str) -> list[str]:
    """The divisions on the march that are entrenched: they disentrench at the end of this Movement Phase
    (Entrenchment (B)) so as to march in the next, for they may not move while entrenched (Movement (I))."""
    if side != "japanese" or view.get("scenario") not in GAMES:
        return []
    return sorted(u["id"] for u in _marchers(view, side)[1] if u["entrenched"])


def grounded(view: dict[str, Any], side: str, station: str) -> int:
    """The LAC points Bangkok keeps out of the air until Burma 76 has counted them at the Step 1 after Game-Turn 18
    (ten LAC at Bangkok, or the Japanese Player loses the game): measured, its LAC flying ground support were shot
    down to one by Game-Turn 18 (Campaign Game 3, seed 0)."""
    if side != "japanese" or view.get("scenario") not in GAMES or done(view) \
            or station != f"base:{table()['bangkok']}":
        return 0
    return table()["lac"]


def bangkok_transfers(view: dict[str, Any], prompt: dict[str, Any], side: str,
                      rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Air transfers at (A) that bring Bangkok's LAC up to ten once the base is Japanese (the Thailand rule), from
    the Japanese bases within twice the LAC range, sparing the garrisons (Garrisons) and the points `rows` send."""
    if side != "japanese" or view.get("scenario") not in GAMES:
        return []
    target = table()["bangkok"]
    base = next((b for b in view["bases"] if b["hex"] == target), None)
    if base is None or base["side"] != side:
        return []
    try:
        fields = prompt["actions"][0]["args"]["transfers"]["each"]["each"]["fields"]
        sources, dests = set(fields["from"]["choices"]), set(fields["to"]["choices"])
    except (KeyError, IndexError, TypeError):
        return []
    if f"base:{target}" not in dests:
        return []
    want = min(table()["lac"] - base["air"]["lac"], base["capacity"] - sum(base["air"].values()))
    sent = {}
    for r in rows:
        sent[(r["from"], r["kind"])] = sent.get((r["from"], r["kind"]), 0) + r["points"]
        if r["to"] == f"base:{target}":
            want -= r["points"] if r["kind"] == "lac" else 0
    out = []
    for b in sorted(view["bases"], key=lambda b: (grid.distance(b["hex"], target), b["hex"])):
        st = f"base:{b['hex']}"
        if want <= 0:
            break
        if b["side"] != side or b["hex"] == target or st not in sources \
                or grid.distance(b["hex"], target) > 2 * board.reach("lac"):
            continue
        spare = garrisons.spare_lac(view.get("garrisons", {}), b["hex"], b["air"]["lac"]) - sent.get((st, "lac"), 0)
        k = min(spare, want, 40)  # an order row carries at most 40 points (transfer.order)
        if k > 0:
            out.append({"from": st, "kind": "lac", "points": k, "to": f"base:{target}"})
            want -= k
    return out
