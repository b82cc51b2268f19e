"""What the page shows. Nothing in this game is hidden, so every role sees the same board; the view is still built
fresh from an allow-list. (Undo is the platform's take-back, from the action log: nothing of it is in the state.)"""
from __future__ import annotations

from typing import Any

from app.engine.log import visible
from app.games.pacific_war_1942 import board, data
from app.games.pacific_war_1942.allied import attack_block

State = dict[str, Any]

# The board as drawn (map.toml [board], in board units: one unit is a step between two fronts); pixels are the web's.
LAYOUT = data.MAP["board"]
SIDE_NAME = {"allied": "Allied", "japanese": "Japanese"}


def _column_x(column: int) -> float:
    return round(column * LAYOUT["column_step"], 3)


def _row_y(n: int) -> float:
    """Where the n-th location along a route stands (the Allied flag location at 0)."""
    return round(n * LAYOUT["row_step"], 3)


def _header(name: str) -> list[str]:
    """A front's name over its column, a line a word when it has two ("Southwest" / "Pacific"), so that it fits."""
    return name.split(" ", 1)


def _location_details(state: State, loc_id: str) -> str:
    loc = data.LOCATIONS[loc_id]
    what = [w for key, w in (("fortified", "fortified"), ("start", "Allied start"), ("flag", "Allied location"))
            if loc.get(key)]
    held = "the Allies" if board.occupied_by_allies(state, loc_id) else "the Japanese"
    return (f"{', '.join(what)}; " if what else "") + f"occupied by {held}. {loc['provenance']}"


def _front(state: State, front: str) -> dict[str, Any]:
    f = state["fronts"][front]
    r = data.route(front)
    i = f["allied"]
    j = i + 1
    # Key Game Concepts: Japanese markers may not occupy Japan while the Allies do; they stand beside it.
    beside = j >= len(r) or (r[j] == data.JAPAN and board.japan_front(state) is not None)
    sea = board.sea_of(front)
    drms = board.land_drms(state, front, "allied")
    block = attack_block(state, front)
    target = board.japanese_location(state, front)
    return {
        "id": front, "name": data.FRONTS[front]["name"],
        "sea_area": sea, "sea_name": data.SEA_AREAS[sea]["name"] if sea else None,
        "sea_control": state["seas"][sea] if sea else None,
        "allied_location": data.name(r[i]) if i >= 0 else None, "allied_outside": i < 0,
        "outside_of": data.name(r[0]),
        "japanese_location": None if beside else data.name(r[j]), "japanese_beside_japan": beside,
        "stalled": f["stalled"], "reserve": f["reserve"], "japanese_reserve": f["japanese_reserve"],
        "attack": {"target": data.name(target) if target else None, "blocked": block,
                   "drms": drms, "succeeds_on": board.odds_text("land", sum(d["value"] for d in drms))},
    }


def _markers_of(state: State, f: dict[str, Any], column: int) -> list[dict[str, Any]]:
    """The two front markers of a front as board pieces: where they stand, and what a player reads on them."""
    route, name = data.route(f["id"]), f["name"]
    i = board.allied_index(state, f["id"])
    allied_at: Any = [_column_x(column), LAYOUT["outside_y"]] if i < 0 else route[i]
    where = f"outside {f['outside_of']}" if i < 0 else f["allied_location"]
    allied = {"id": f"allied-{f['id']}", "label": f"Allied {name} front marker", "side": "allied",
              "kind": "front-marker", "at": allied_at,
              "face": ("S" if f["stalled"] else "A") + ("+R" if f["reserve"] else ""),
              "tags": [t for t, on in (("stalled", f["stalled"]), ("reserve", f["reserve"])) if on],
              "details": where + (", stalled" if f["stalled"] else "") + (", with a reserve" if f["reserve"] else "")}
    japanese_at = "beside_japan" if f["japanese_beside_japan"] else route[i + 1]
    japanese = {"id": f"japanese-{f['id']}", "label": f"Japanese {name} front marker", "side": "japanese",
                "kind": "front-marker", "at": japanese_at, "face": "J" + ("R" if f["japanese_reserve"] else ""),
                "tags": ["reserve"] if f["japanese_reserve"] else [],
                "details": ("beside Japan" if f["japanese_beside_japan"] else f["japanese_location"])
                + (", reserve side (-1 DRM to Allied attacks)" if f["japanese_reserve"] else "")}
    return [allied, japanese]


def board_view(state: State, fronts: list[dict[str, Any]]) -> dict[str, Any]:
    """The board as data for the one renderer (docs/architecture.md, Contract v2, Board): a column per front with
    its name and its sea area's control marker at the head, the locations along its route down to Japan, the front
    markers and the sea control markers."""
    spaces, edges, areas, pieces, markers, labels = [], [], [], [], [], []
    bx, by, bw, bh = LAYOUT["band"]
    for column, f in enumerate(fronts):
        x = _column_x(column)
        route = data.route(f["id"])
        sea = f"{f['sea_name']} sea area: {SIDE_NAME[f['sea_control']]} control" if f["sea_area"] else "no sea area"
        areas.append({"id": f"front-{f['id']}", "label": f"{f['name']} front · {sea}",
                      "kind": "sea" if f["sea_area"] else "land", "rect": [x + bx, by, bw, bh]})
        lines = _header(f["name"])
        top = LAYOUT["header_y"] - (len(lines) - 1) * LAYOUT["header_line"] / 2
        labels += [{"text": line, "kind": "front", "anchor": "middle", "at": [x, round(top + n * LAYOUT["header_line"], 3)]}
                   for n, line in enumerate(lines)]
        for n, loc_id in enumerate(route):
            if loc_id != data.JAPAN:
                loc = data.LOCATIONS[loc_id]
                spaces.append({"id": loc_id, "label": loc["name"], "at": [x, _row_y(n)],
                               "kind": "allied" if board.occupied_by_allies(state, loc_id) else "japanese",
                               "shape": "pentagon" if loc.get("fortified") else "circle",
                               "marks": [m for m, key in (("ring", "start"), ("flag", "flag")) if loc.get(key)],
                               "details": _location_details(state, loc_id)})
            if n:
                edges.append({"from": route[n - 1], "to": loc_id, "kind": "route"})
        pieces += _markers_of(state, f, column)
        if f["sea_area"]:
            control = SIDE_NAME[f["sea_control"]]
            markers.append({"id": f"sea-{f['sea_area']}", "label": f"{f['sea_name']} sea area control marker",
                            "side": f["sea_control"], "kind": "sea-control", "face": control[0] + "C",
                            "at": [x, LAYOUT["sea_marker_y"]], "details": f"{control} control"})
    japan = data.LOCATIONS[data.JAPAN]
    spaces.append({"id": data.JAPAN, "label": "Japan", "at": LAYOUT["japan_at"], "kind": "japan",
                   "size": LAYOUT["japan_size"], "stack_offset": LAYOUT["japan_stack_offset"],
                   "details": ("occupied by the Allies. " if board.japan_front(state) else "") + japan["provenance"]})
    spaces.append({"id": "beside_japan", "label": "Beside Japan", "at": LAYOUT["beside_japan_at"], "shape": "none",
                   "per_row": 2})
    return {"id": "pw-map", "label": "Map of the four fronts, the three sea areas and the markers",
            "extent": LAYOUT["extent"], "space_size": LAYOUT["space_size"], "piece_size": LAYOUT["piece_size"],
            "stack_offset": LAYOUT["stack_offset"], "areas": areas, "spaces": spaces, "edges": edges,
            "labels": labels, "pieces": pieces, "markers": markers}


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
    ended = state["outcome"] is not None
    pending = state["pending"]
    last_bot = state["last_bot"]
    fronts = [_front(state, f) for f in data.FRONT_ORDER]
    return {
        "turn": state["turn"], "turns": state["turns"], "date": data.turn_date(state["turn"]),
        "ap": state["ap"], "ap_roll": state["ap_roll"],
        "fronts": fronts,
        "board": board_view(state, fronts),
        "japan": {"occupied_by_front": board.japan_front(state),
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
        "outcome": _outcome(state["outcome"]),
        "charts": _charts(),
        "rules": rules_view(),
    }


def _outcome(over: dict[str, Any] | None) -> dict[str, Any] | None:
    if over is None:
        return None
    return {"winner": over["winner"], "level": over["level"], "reason": over["reason"],
            "score": over["score"]["total"],
            # an instant victory ends the game whatever the score (How to Win): no band to contradict the winner
            "band": None if over["level"] == "instant" else over["score"]["band"]["text"]}
