"""How the Game is Won, for the campaign games: Victory Points for the geographic objectives (Victory Point
Schedule), who holds each objective, the Japanese need for the asterisked areas, the victory levels and the end
after the game's last Game-Turn. Points for units destroyed and damaged are the running record `state["vp"]`
(air.py, land.py, records.py), the same in every game."""
from __future__ import annotations

from typing import Any

from app.engine.log import PUBLIC, entry
from app.games.usn import board, campaigndata, frontiers, garrisons

State = dict[str, Any]
RULE = "How the Game is Won"


def objectives() -> list[dict[str, Any]]:
    """Every objective: an area, or one naval base of "Any Naval Base in Japan / Australia" (each its own)."""
    out = []
    for a in campaigndata.victory()["area"]:
        if a.get("per_base"):
            out += [{**a, "id": f"{a['id']}:{h}", "area": a["id"], "hexes": [h]} for h in a["hexes"]]
        else:
            out.append({**a, "area": a["id"]})
    return out


def start_control(scenario: str) -> dict[str, str]:
    start = campaigndata.victory()["start_control"]
    first = "campaign_2" if scenario == "campaign_2" else "campaign_1"
    return {o["id"]: start[first][o["area"]] for o in objectives()}


def occupants(state: State, hexes: list[str]) -> set[str]:
    """The sides with a land unit ashore on any of the hexes (not aboard, not destroyed; Coastal Defense units
    occupy too: they are land units)."""
    hs = set(hexes)
    return {u["side"] for u in state["land"].values()
            if u["hex"] in hs and u["aboard"] is None and not u.get("destroyed")}


def update_control(state: State) -> None:
    """Undisputed control: the last to occupy, or sole occupation with a land unit; both sides there: disputed."""
    ctl = state.setdefault("control", {})
    for o in objectives():
        sides = occupants(state, o["hexes"])
        if len(sides) == 2:
            ctl[o["id"]] = "disputed:" + ctl.get(o["id"], "").split(":")[-1]
        elif sides:
            ctl[o["id"]] = sides.pop()
        elif ctl.get(o["id"], "").startswith("disputed:"):
            ctl[o["id"]] = ctl[o["id"]].split(":")[1]  # both left: the last occupant before the dispute keeps it


def holder(state: State, objective_id: str) -> str | None:
    h = state.get("control", {}).get(objective_id)
    return None if h is None or h.startswith("disputed") else h


def geographic(state: State) -> list[tuple[str, float, str]]:
    """[(side, points, objective name)] for every objective held undisputed."""
    out = []
    for o in objectives():
        h = holder(state, o["id"])
        if h and garrisons.scores(state, o, h):  # Garrisons (optional rule): no points without the garrison
            name = o["name"] if not o.get("per_base") else f"{o['name']} ({o['hexes'][0]})"
            out.append((h, o["points"], name))
    return out


def japan_holds_needed(state: State) -> list[str]:
    """The asterisked areas the Japanese do NOT hold undisputed: he cannot win while any is listed."""
    return [o["name"] for o in objectives() if o.get("japan_needs") and holder(state, o["id"]) != "japanese"]


def level(points: dict[str, float]) -> tuple[str | None, str]:
    """The ratio of the higher total to the lower; exactly 1:1 a draw (digest ambiguity 5), a total against none
    Decisive."""
    lv = campaigndata.victory()["levels"]
    hi = max(board.SIDES, key=lambda s: points[s])
    lo = board.other(hi)
    if points[hi] == points[lo]:
        return None, lv["equal"]
    if points[lo] <= 0:
        return hi, "decisive"
    ratio = points[hi] / points[lo]
    for name in ("decisive", "strategic", "provisional", "marginal"):
        if ratio >= lv[name]:
            return hi, name
    return hi, "marginal"  # pragma: no cover - ratio > 1 always reaches marginal


def over(state: State) -> bool:
    """The game ends after its last Game-Turn (Game 1: 20, Game 2: 40, Game 3: 81)."""
    return state["turn"] >= state["turns"] and state.get("outcome") is not None


def finish(state: State) -> dict[str, Any]:
    """Total the points after the last Game-Turn: units (the running record) plus objectives; the higher total
    against the lower gives the level. A side that lost by a special rule (Burma 76) loses; the Japanese cannot win
    without every asterisked area. In both cases the other side wins, Marginal unless its own total gives more
    (reading, docs/games/usn.md "Campaign games")."""
    update_control(state)
    score = dict(state["vp"])
    lines = []
    for side, pts, name in geographic(state):
        score[side] = round(score[side] + pts, 2)
        lines.append(f"{board.TITLE[side]} +{pts:g} VP: holds {name}")
    for line in lines:
        state["log"].append(entry(PUBLIC, line + ".", at="End of the game"))
    garrisons.at_end(state)  # Garrisons (optional rule): a fixed garrison short at the end loses the game
    winner, lvl = level(score)
    missing = japan_holds_needed(state)
    why = None
    if state.get("lost_by"):  # a special rule's "he loses the game": the other side wins, at its level if higher
        loser = state["lost_by"]["side"]
        winner, lvl, why = board.other(loser), (lvl if winner != loser and winner else "marginal"), \
            state["lost_by"]["why"]
    elif winner == "japanese" and missing:
        winner, lvl = "allied", "marginal"
        why = f"the Japanese Player does not hold {', '.join(missing)} and cannot win"
    reason = (f"Japanese {score['japanese']:g} VP, Allied {score['allied']:g} VP: "
              + ("a draw" if winner is None else f"{lvl} {board.TITLE[winner]} victory") + (f" ({why})" if why else ""))
    state["outcome"] = {"winner": winner, "level": lvl, "score": score, "reason": reason}
    state["log"].append(entry(PUBLIC, f"The game ends after Game-Turn {state['turn']}: {reason}.",
                              at="End of the game"))
    return state["outcome"]


def special_checks(state: State) -> None:
    """Step 1's look back at the Game-Turn just ended, for the special rules that fall due then. Campaign Game 2,
    Midway (1218): "The Japanese Player must hold Midway Island by Game-Turn 30, or the Allied Player receives 100
    Victory Points" (read: held at the end of Game-Turn 30, i.e. at the Step 1 of Game-Turn 31)."""
    if state.get("scenario") != "campaign_2":
        return
    for sp in campaigndata.game("campaign_2")["special"]:
        if sp["id"] != "midway" or state["turn"] != sp["by_turn"] + 1 or state.get("midway_checked"):
            continue
        state["midway_checked"] = True
        if occupants(state, [sp["hex"]]) != {"japanese"}:
            board.add_vp(state, "allied", sp["points"], "the Japanese do not hold Midway at the end of Game-Turn "
                                                        f"{sp['by_turn']} (Campaign Game 2 special rule)")


def burma_check(state: State) -> None:
    """Campaign Games 1 and 3, Burma 76: "By Game-Turn 6 the Japanese Player must move two 20-40 Divisions into Burma.
    By Game-Turn 18 he must move two additional 20-40 Divisions into Burma, as well as ten LAC to Bangkok. If he does
    not, he loses the game." Read at the Step 1 after each of those Game-Turns; cancelled for the Japanese by the
    optional Burma Campaign rule ("The Burma Special Game Rules are cancelled for the Japanese")."""
    if state.get("scenario") not in ("campaign_1", "campaign_3") or state.get("options", {}).get("burma"):
        return
    if state.get("lost_by"):
        return
    rule = next(sp for sp in campaigndata.game("campaign_1")["special"] if sp["id"] == "burma")
    burma = frontiers.BURMA  # Movement (M)'s Burma, data/terrain.toml (Rangoon 44 and Burma 76 among its hexes)
    for by_turn, divisions in rule["divisions_by_turn"]:
        if state["turn"] != by_turn + 1:
            continue
        there = sum(1 for u in state["land"].values() if u["side"] == "japanese" and u["name"] == "20-40 Division"
                    and u["hex"] in burma and u["aboard"] is None and not u.get("destroyed"))
        short = [f"{divisions} 20-40 Divisions in Burma (has {there})"] if there < divisions else []
        lac_turn, lac = rule["lac_at_bangkok_by_turn"]
        if by_turn == lac_turn:
            b = state["bases"].get("0112", {})
            have = b.get("air", {}).get("lac", 0) if b.get("side") == "japanese" else 0
            if have < lac:
                short.append(f"{lac} LAC at Bangkok (has {have})")
        if short:
            why = f"Burma 76: by Game-Turn {by_turn} the Japanese needed {' and '.join(short)}"
            state["lost_by"] = {"side": "japanese", "why": why}
            state["log"].append(entry(PUBLIC, f"{why}; the Japanese Player loses the game.", at="Step 1"))
