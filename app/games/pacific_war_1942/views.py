"""What the page shows. Nothing in this game is hidden, so every role sees the same board; the view is still built
fresh from an allow-list. (Undo is the platform's take-back, from the action log: nothing of it is in the state.)"""
from __future__ import annotations

from typing import Any

from app.engine.log import visible
from app.games.pacific_war_1942 import board, data
from app.games.pacific_war_1942.allied import attack_block

State = dict[str, Any]

# Map layout (SVG units): one row per front, the Allied end on the left, Japan one node on the right. Spaced so
# that names in 15-unit type do not touch (issue 11, item 7); the page keeps the map at least 720 px wide.
X0, DX, Y0, DY = 90, 110, 74, 118
JAPAN_XY = (X0 + 7 * DX + 36, Y0 + 1.5 * DY)
WIDTH, HEIGHT = JAPAN_XY[0] + 100, Y0 + 3 * DY + 64


def _location(state: State, loc_id: str, x: float, y: float) -> dict[str, Any]:
    loc = data.LOCATIONS[loc_id]
    return {"id": loc_id, "name": loc["name"], "x": x, "y": y, "fortified": bool(loc.get("fortified")),
            "start": bool(loc.get("start")), "flag": bool(loc.get("flag")), "japan": bool(loc.get("japan")),
            "japanese_start": bool(loc.get("japanese_start")),
            "occupied_by": "allied" if board.occupied_by_allies(state, loc_id) else "japanese",
            "provenance": loc["provenance"]}


def _front(state: State, row: int, front: str) -> dict[str, Any]:
    f = state["fronts"][front]
    y = Y0 + row * DY
    r = data.route(front)
    locs = [_location(state, loc, X0 + i * DX, y) for i, loc in enumerate(r) if loc != data.JAPAN]
    i = f["allied"]
    if i < 0:
        allied_xy = (X0 - 60, y)  # outside the last location, clear of its flag
    elif r[i] == data.JAPAN:
        allied_xy = (JAPAN_XY[0], JAPAN_XY[1])
    else:
        allied_xy = (locs[i]["x"], y)
    j = i + 1
    # Key Game Concepts: Japanese markers may not occupy Japan while the Allies do; they stand beside it.
    beside = j >= len(r) or (r[j] == data.JAPAN and board.japan_front(state) is not None)
    if beside:
        japanese_xy = (JAPAN_XY[0] + 62, JAPAN_XY[1] - 51 + row * 34)  # beside Japan (Key Game Concepts)
    elif r[j] == data.JAPAN:
        japanese_xy = (JAPAN_XY[0] - 19 + (row % 2) * 38, JAPAN_XY[1] - 13 + (row // 2) * 26)
    else:
        japanese_xy = (locs[j]["x"], y)
    sea = board.sea_of(front)
    drms = board.land_drms(state, front, "allied")
    block = attack_block(state, front)
    target = board.japanese_location(state, front)
    return {
        "id": front, "name": data.FRONTS[front]["name"], "y": y, "locations": locs,
        "sea_area": sea, "sea_name": data.SEA_AREAS[sea]["name"] if sea else None,
        "sea_control": state["seas"][sea] if sea else None,
        "allied_location": data.name(r[i]) if i >= 0 else None, "allied_outside": i < 0,
        "outside_of": data.name(r[0]),
        "japanese_location": None if beside else data.name(r[j]), "japanese_beside_japan": beside,
        "allied_marker": {"x": allied_xy[0], "y": allied_xy[1]},
        "japanese_marker": {"x": japanese_xy[0], "y": japanese_xy[1]},
        "stalled": f["stalled"], "reserve": f["reserve"], "japanese_reserve": f["japanese_reserve"],
        "attack": {"target": data.name(target) if target else None, "blocked": block,
                   "drms": drms, "succeeds_on": board.odds_text("land", sum(d["value"] for d in drms))},
    }


def _charts() -> dict[str, Any]:
    return {
        "ap": [{"roll": r["roll"], "ap": r["ap"], "provenance": r["provenance"]} for r in data.CHARTS["ap_chart"]],
        "japanese": [{"roll": r["roll"], "name": r["name"], "text": r["text"], "provenance": r["provenance"]}
                     for r in data.CHARTS["japanese_action"]],
        "advance": {"land_success_from": data.ADVANCE["land_success_from"],
                    "land_provenance": data.ADVANCE["land_provenance"],
                    "sea_success_from": data.ADVANCE["sea_success_from"],
                    "sea_provenance": data.ADVANCE["sea_provenance"]},
        "drms": [{"id": d["id"], "value": d["value"], "applies": d["applies"], "provenance": d["provenance"]}
                 for d in data.CHARTS["drm"]],
    }


def _rule(rule_id: str, title: str, text: str, provenance: str) -> dict[str, Any]:
    return {"id": rule_id, "title": title, "text": text, "provenance": provenance,
            "invented": provenance.startswith("reconstructed")}


def _band_range(i: int) -> str:
    bands = data.BANDS
    low = bands[i - 1]["max"] + 1 if i else None
    if low is None:
        return f"{bands[i]['max']} or less"
    return f"{low} or more" if i == len(bands) - 1 else f"{low} to {bands[i]['max']}"


def rules_view() -> dict[str, Any]:
    """What the game plays by beyond the charts, each with its provenance, so a player sees what was invented
    (issue 12, item 9): game length, turn dates, the Atomic Bomb trigger, Europe markers, VP values, score bands."""
    turns, bomb, pub = data.RULES["turns"], data.BOMB, data.RULES["publication"]
    front = data.FRONTS[bomb["requires_front"]]["name"]
    return {
        "publication": _rule("publication", "The rulebook", f"{pub['title']}: publisher {pub['publisher']}, "
                             f"year {pub['year']}.", pub["provenance"]),
        "length": _rule("length", "Game length", f"{data.TURNS} turns; the game ends after turn {data.TURNS} "
                        f"unless it ends sooner (How to Win).", turns["provenance"]),
        "dates": _rule("dates", "Turn dates", f"One turn a quarter: turn 1 is {data.turn_date(1)}, turn "
                       f"{data.TURNS} is {data.turn_date(data.TURNS)}.", turns["quarters_provenance"]),
        "bomb": _rule("bomb", "The Atomic Bomb", f"Dropped at the end of turn {bomb['first_turn']} or a later turn "
                      f"if the Allied {front} front marker is at {data.name(bomb['requires_location'])} or beyond; "
                      f"the game then ends, and the -2 VP for the Soviet invasion is not deducted.",
                      bomb["provenance"]),
        "instant": _rule("instant", "Instant Japanese victory", f"At the end of a turn the Japanese occupy "
                         f"{data.INSTANT['needed']} of " + ", ".join(data.name(x) for x in data.INSTANT["locations"])
                         + ".", data.INSTANT["provenance"]),
        "europe": _rule("europe", "Europe markers", "Several can be in the Europe First Box: each Europe First "
                        "result adds one, each action removes one; the -2 DRM and the -2 VP apply once while any "
                        "is in play.", data.RULES["europe_markers"]["provenance"]),
        "vp": [dict(_rule(v["id"], v["text"], f"{v['vp']:+d} VP", v["provenance"]), vp=v["vp"])
               for v in data.RULES["vp"]],
        "bands": [dict(_rule(b["id"], _band_range(i), b["text"], b["provenance"]), range=_band_range(i))
                  for i, b in enumerate(data.BANDS)],
    }


def view(state: State, role: str) -> dict[str, Any]:
    ended = state["over"] is not None
    pending = state["pending"]
    last_bot = state["last_bot"]
    return {
        "turn": state["turn"], "turns": state["turns"], "date": data.turn_date(state["turn"]),
        "phase": state["phase"], "ap": state["ap"], "ap_roll": state["ap_roll"],
        "fronts": [_front(state, row, f) for row, f in enumerate(data.FRONT_ORDER)],
        "japan": {"x": JAPAN_XY[0], "y": JAPAN_XY[1], "occupied_by_front": board.japan_front(state),
                  "provenance": data.LOCATIONS[data.JAPAN]["provenance"]},
        "seas": [{"id": sea, "name": data.SEA_AREAS[sea]["name"], "control": state["seas"][sea]}
                 for sea in data.SEA_AREAS],
        "europe": int(state["europe"]), "bomb": state["bomb"],
        "pending": None if pending is None else {
            "attacker": pending["attacker"], "front": pending["front"], "roll": pending["roll"],
            "drm": pending["drm"], "success": pending["success"], "target": data.name(pending["target"])},
        "last_bot": None if last_bot is None else {
            "turn": last_bot["turn"], "roll": last_bot["roll"], "name": last_bot["name"], "text": last_bot["text"],
            "results": list(last_bot["results"])},
        "last_roll": dict(state["last_roll"]) if state["last_roll"] else None,
        "score": board.score(state),
        "instant_threat": [data.name(x) for x in board.allied_locations_lost(state)],
        "log": visible(state["log"], role, ended),
        "outcome": _outcome(state["over"]),
        "charts": _charts(),
        "rules": rules_view(),
        "svg": {"width": WIDTH, "height": HEIGHT},
    }


def _outcome(over: dict[str, Any] | None) -> dict[str, Any] | None:
    if over is None:
        return None
    return {"winner": over["winner"], "level": over["level"], "reason": over["reason"],
            "score": over["score"]["total"],
            # an instant victory ends the game whatever the score (How to Win): no band to contradict the winner
            "band": None if over["level"] == "instant" else over["score"]["band"]["text"]}
