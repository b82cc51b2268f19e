"""What each role may know (view), built fresh from an allow-list.

- A side sees its own searchboard (its task forces, its flights, every base, and the enemy task force markers its
  searches placed, each with what was revealed as of that moment), its own Operations Card, and the enemy's card
  when the game is not umpired (2c; 18c). Enemy hexes and flights never reach it.
- The umpire sees both searchboards and both cards (18b). A spectator sees what is public: time, sides, bases.
- `board` describes the searchboard as data (BOARD_SHAPE below; no pixels): the renderer draws it. The umpire's
  view adds `side_boards`, each side's own searchboard (18b: he keeps both, side by side); a side's or the umpire's
  view adds `battleboard` while a battle is fought (4a: the units where the battle's set-up placed them) and
  `combats`, each combat's dice and result read from the log lines the role may read.
"""
from __future__ import annotations

from typing import Any

from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.log import visible
from app.games.guadalcanal import cards, fog, timetrack
from app.games.guadalcanal import options as optional
from app.games.guadalcanal.combat import tables as battle_tables
from app.games.guadalcanal.gamedata import AIR, AREAS, BASE_HEX, BASES, BLOCKED, DOCS, LAND, SHIPS, SIDES, TITLE, enemy
from app.games.guadalcanal.states import SEQUENCE, heading
from app.games.guadalcanal.surface import play as surface_play

State = dict[str, Any]

# The platform's board description (docs/architecture.md, "Board"): hexes by their printed ids, islands and set-up
# areas as areas of hexes, each counter with its accessible name (`label`), its face and its details.
BOARD_SHAPE = """{"id", "label", "grid": {OffsetGrid's arguments, "show_ids"},
 "areas": [{"id", "label", "kind": land|setup, "hexes"}], "blocked_hexsides": [[hex, hex]],
 "pieces": [{"id", "kind": task_force|base|flight|contact, "side", "at": hex, "label", "face", "details"}]}"""


def _grid() -> dict[str, Any]:
    g = DOCS["map"]["grid"]
    return {k: (list(g[k]) if isinstance(g[k], list) else g[k]) for k in ("lines", "shifted", "toward", "ids", "cols",
                                                                            "rows")}


def air_entry(state: State, uid: str, with_hex: bool) -> dict[str, Any]:
    rec = state["units"][uid]
    out = {"id": uid, "name": rec["name"], "type": rec["type"], "face": rec["face"], "hits": rec["hits"]}
    if with_hex and rec["box"] == "flying":
        out["hex"] = rec["location"]["hex"]
    return out


def card(state: State, side: str, own: bool) -> dict[str, Any]:
    """A side's Operations Card (2c-2c4). `own` adds what is on the searchboard, not the card: where flights are."""
    tfs = []
    for t, tf in state["task_forces"].items():
        if tf["side"] != side or tf["hex"] is None:
            continue
        ships = [cards.ship_report(state, u) for u, r in state["units"].items()
                 if r["box"] == "ships" and r["location"].get("tf") == t]
        strike = [air_entry(state, u, False) for u, r in state["units"].items()
                  if r["box"] == "normal_strike" and r["location"].get("tf") == t]
        entry = {"id": t, "name": tf["name"], "ships": ships, "normal_strike": strike}
        for box in ("high_cap", "low_cap"):  # option 14: the CAP boxes over the task force (14a2)
            entry[box] = [air_entry(state, u, False) for u, r in state["units"].items()
                          if r["box"] == box and r["location"].get("tf") == t]
        if own:
            entry["hex"] = tf["hex"]
        tfs.append(entry)
    areas = []
    for a in cards.air_areas(state, side):
        rec = {"id": a, "name": cards.area_name(state, a), "kind": state["units"][a]["kind"],
               "tf": state["units"][a]["location"].get("tf"),
               "capacity": cards.capacity(state, a), "launch": cards.launch_factor(state, a),
               "arming": [air_entry(state, u, False) for u in cards.aboard(state, a, ("arming",))],
               "ready": [air_entry(state, u, False) for u in cards.aboard(state, a, ("ready",))],
               "max_strike": [air_entry(state, u, False) for u in cards.aboard(state, a, ("max_strike",))]}
        if state["units"][a]["kind"] == "base":
            rec["normal_strike"] = [air_entry(state, u, False) for u, r in state["units"].items()
                                    if r["box"] == "normal_strike" and r["location"].get("base") == a]
            for box in ("high_cap", "low_cap"):  # option 14: the CAP boxes over the base (14a2)
                rec[box] = [air_entry(state, u, False) for u, r in state["units"].items()
                            if r["box"] == box and r["location"].get("base") == a]
        areas.append(rec)
    shadowing = {"shadowing": [dict(air_entry(state, u, False), hex=state["units"][u]["location"]["hex"])
                               for u in cards.in_box(state, side, "shadowing")]} if own else {}  # 12d2: its own only
    return {"side": side, "task_forces": tfs, "areas": areas, **shadowing,
            "flying": [air_entry(state, u, own) for u in cards.in_box(state, side, "flying")]
            + [air_entry(state, u, False) for u in cards.in_box(state, side, "shadowing")],  # 12d2: still aloft
            "eliminated": [u for u, r in state["units"].items() if r["side"] == side and r["box"] == "eliminated"]}


def bases(state: State, role: str | None = None) -> list[dict[str, Any]]:
    """Base units are on both searchboards, their damage recorded on both (7a2.2, 4e2): public; under the 18c2 fog
    option a side sees an enemy base's damage as the umpire reported it (fog.bases_seen)."""
    return fog.bases_seen(state, role, [
        # An eliminated base (4b5) has no location any more: it stays on both searchboards at its printed hex.
        {"id": b, "name": r["name"], "side": r["side"], "hex": (r.get("location") or BASE_HEX[b])["hex"],
         "face": r["face"],
         "hits": r["hits"], "eliminated": r["box"] == "eliminated"}
        for b, r in state["units"].items() if r["kind"] == "base"])


def contacts(state: State, side: str) -> list[dict[str, Any]]:
    return [dict(c, ships=[dict(r) for r in c["ships"]]) for c in state["boards"][side]["contacts"].values()]


def battles(state: State, role: str) -> list[dict[str, Any]]:
    """Both sides see a battle hex and the strike at set-up (4a); nobody else until the end. Under the 18c2 fog the
    defender sees the strike's units damaged as it was told (fog.found), not as they are."""
    return [{"hex": b["hex"], "attacker": b["attacker"], "air": [_strike_unit(state, role, b, r) for r in b["reports"]]}
            for b in state["battles"] if role == UMPIRE or role in SIDES]


def _strike_unit(state: State, role: str, b: dict[str, Any], report: dict[str, Any]) -> dict[str, Any]:
    if role not in SIDES or role == b["attacker"]:
        return dict(report)
    damage = fog.found(state, role, report["id"])
    return dict(report, face=damage["face"], hits=damage["hits"])


def combat_view(state: State, role: str | None = None) -> dict[str, Any] | None:
    """The Combat Phase at the Battleboard (4): every battle is fought in the open, so both sides see the battle being
    fought (its ships, base and air units, and the Battleboard) and the ones already fought; of a battle still to
    come only its hex and who strikes whom (the battle hexes are known to both, 3d4)."""
    c = state.get("combat")
    if not c:
        return None
    shown = []
    for b in c["battles"]:
        rec = {k: b[k] for k in ("id", "hex", "attacker", "defender", "fought")}
        if b["fought"] or b["id"] == c.get("current"):
            # the current battle's units come to the Battleboard in turn: the ships and base at the defender's
            # set-up (4a2), the strike at the attacker's (4a3); until then only their owner sees them
            waiting = c["step"] if b["id"] == c.get("current") else None
            hide_ships = waiting == "setup_defender" and role != b["defender"]
            hide_air = waiting in ("setup_defender", "setup_attacker") and role != b["attacker"]
            rec.update(ships=[] if hide_ships else list(b["ships"]), base=None if hide_ships else b["base"],
                       air=[] if hide_air else list(b["air"]))
            fight = b.get("air_combat")  # option 14: the air combat is fought at the Battleboard, in the open (14a)
            if fight and fight.get("stage") != "done" and "escorts" in fight:
                rec["air_combat"] = {k: fight.get(k) for k in ("stage", "phase", "escorts", "cap_box", "combats",
                                                               "strafers", "strafed")}
        shown.append(rec)
    return {"step": c["step"], "order": list(c["order"]) if c.get("order") else None, "current": c.get("current"),
            "battles": shown, "board": {u: dict(x) for u, x in (c.get("board") or {}).items()}}


def pieces(state: State, side: str, prefix: str = "") -> list[dict[str, Any]]:
    out = []
    for t in cards.task_forces_of(state, side):
        tf = state["task_forces"][t]
        face = tf["name"].replace("Task Force ", "TF ").replace(" Force", "")  # what fits on the marker
        out.append(_piece(prefix + t, "task_force", side, tf["hex"], face, f"{TITLE[side]} {tf['name']}"))
    by_hex: dict[str, list[str]] = {}
    for u in cards.in_box(state, side, "flying"):
        by_hex.setdefault(state["units"][u]["location"]["hex"], []).append(u)
    for h, units in sorted(by_hex.items()):
        out.append(dict(_piece(f"{prefix}flight-{side}-{h}", "flight", side, h, "Air",
                                f"{TITLE[side]} air units {cards.names(state, units)}"), units=units))
    for c in state["boards"][side]["contacts"].values():
        ships = ", ".join(cards.describe_ship(r) for r in c["ships"])
        face = c.get("side", "Exact")  # 15a4: "?" unless the search was reliable (spotting.py)
        if c.get("result") and not c["ships"]:
            ships = c["result"] + (f", {c['count']} ships" if c.get("count") else "")
        out.append(_piece(f"{prefix}contact-{side}-{c['marker']}", "contact", enemy(side), c["hex"],
                          f"{c['marker']} {face}", f"Enemy task force marker {c['marker']}, {face}: {ships} "
                                                   f"(seen {c['seen']})"))
    return out


def _piece(pid: str, kind: str, side: str, hex_id: str, face: str, name: str) -> dict[str, Any]:
    return {"id": pid, "kind": kind, "side": side, "at": hex_id, "face": face, "label": f"{name}, {hex_id}",
            "details": f"{name}, in hex {hex_id}."}


def board(state: State, role: str) -> dict[str, Any]:
    if role in SIDES:
        label, moving = f"{TITLE[role]} Searchboard", pieces(state, role)
    elif role == UMPIRE or state["outcome"] is not None:
        label, moving = "Umpire's Searchboard", [p for s in SIDES for p in pieces(state, s, prefix=f"{s}:")]
    else:
        label, moving = "Searchboard (public)", []
    return searchboard("searchboard", label, state, moving, role=role)


def side_board(state: State, side: str) -> dict[str, Any]:
    """One side's searchboard as that side keeps it (its markers and its spotted enemy markers), for the umpire's
    side-by-side page (18b); every id is prefixed so two boards can share a page."""
    return searchboard(f"searchboard-{side}", f"{TITLE[side]} Searchboard", state, pieces(state, side, f"{side}:"),
                       prefix=f"{side}:", role=side)


def searchboard(board_id: str, label: str, state: State, moving: list[dict[str, Any]],
                prefix: str = "", role: str | None = None) -> dict[str, Any]:
    """A searchboard; its bases as `role` knows them (18c2: a base's damage as that side was told)."""
    base_pieces = [_piece(prefix + b["id"], "base", b["side"], b["hex"], b["name"],
                          f"{TITLE[b['side']]} base {b['name']}" + (" (eliminated)" if b["eliminated"] else ""))
                   for b in bases(state, role)]
    islands: dict[str, list[str]] = {}
    for h, island in LAND.items():
        islands.setdefault(island, []).append(h)
    return {"id": board_id, "label": label, "grid": dict(_grid(), show_ids=True),
            "areas": [{"id": f"land-{i}", "label": i, "kind": "land", "hexes": hs} for i, hs in islands.items()]
                     + [{"id": f"area-{a}", "label": f"Area {a}", "kind": "setup", "hexes": list(hs)}
                        for a, hs in AREAS.items()],
            "blocked_hexsides": [sorted(p) for p in sorted(BLOCKED, key=sorted)], "piece_size": [1.5, 0.6],
            "pieces": base_pieces + moving}


def _counter_name(uid: str) -> str:
    """The printed name of a counter (units.toml), never the state's: a unit's name is all a Battleboard shows."""
    return (SHIPS.get(uid) or BASES.get(uid) or AIR.get(uid) or {}).get("name", uid)


def battleboard(state: State, combat: dict[str, Any] | None) -> dict[str, Any] | None:
    """The Battleboard of the battle being fought (4a), as data in its own hexes: each unit where the battle's set-up
    placed it, a ship with its facing, an air unit with its target. None outside a battle."""
    if not combat or not combat.get("current") or not combat.get("board"):
        return None
    fight = next(b for b in combat["battles"] if b["id"] == combat["current"])
    g = battle_tables.battleboard()["grid"]
    grid = {"lines": g["lines"], "shifted": g["shifted"], "toward": g["toward"], "ids": g["ids"], "show_ids": False,
            "cols": [ord(g["first_column"]) - ord("A"), ord(g["last_column"]) - ord("A")],
            "rows": [g["first_row"], g["last_row"]]}
    out = []
    for uid, pos in combat["board"].items():
        side, kind = ("allied" if uid.startswith("us-") else "japanese"), state["units"][uid]["kind"]
        name = _counter_name(uid)
        facing = f", facing {pos['facing']}" if pos.get("facing") else ""
        target = f", attacking {_counter_name(pos['target'])}" if pos.get("target") else ""
        text = f"{TITLE[side]} {kind} {name}"
        out.append({"id": f"bb-{uid}", "kind": kind, "side": side, "at": pos["hex"], "face": name,
                    "label": f"{text}, {pos['hex']}", "details": f"{text} in {pos['hex']}{facing}{target}.",
                    "tags": [f"facing-{pos['facing']}"] if pos.get("facing") else []})
    return {"id": "battleboard", "label": f"Battleboard: the battle in hex {fight['hex']}",
            "description": f"{TITLE[fight['attacker']]} air strike on the {TITLE[fight['defender']]} units in "
                           f"{fight['hex']} (4a).", "grid": grid, "pieces": out, "per_row": 1}


def combats(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each AA and bombing combat the role may read (4c, 4d): its section, its dice and its result, from the log. A
    combat told without its numbers (18c, combat/telling.py) is followed at once by its owner's line with them: whoever
    reads both (the owner, the umpire) sees the combat once, with the numbers."""
    keys = ("attacker_roll", "defender_roll", "attacker_number", "defender_number", "result")
    lines = [line for line in log if isinstance(line.get("data"), dict) and "combat" in line["data"]]
    return [{"at": line.get("at", ""), "text": line["text"], "kind": line["data"]["combat"],
             **{k: line["data"].get(k) for k in keys}}
            for line, after in zip(lines, lines[1:] + [None]) if not _numbers_next(line, after)]


def _numbers_next(line: dict[str, Any], after: dict[str, Any] | None) -> bool:
    """Whether `line` told a combat without its numbers and the reader's next combat line is the same with them."""
    return bool(line["data"].get("numbers_follow")) and after is not None and "attacker_roll" in after["data"] \
        and after["data"].get("target") == line["data"].get("target")


def step(state: State) -> dict[str, Any]:
    kind, side, title, rule = heading(state)
    return {"kind": kind, "side": side, "title": title, "rule": rule}


def view(state: State, role: str) -> dict[str, Any]:
    if state.get("surface_game"):  # scenarios 5 and 6 (7f, 7g): the Battleboard alone, surface/play.py
        return surface_play.view(state, role)
    ended = state["outcome"] is not None
    out: dict[str, Any] = {
        "game": "guadalcanal", "scenario": state["scenario"], "role": role, "umpired": state["umpired"],
        "open_operations_cards": state["open_cards"], "time": timetrack.public(state),
        "sides": dict(state["sides"]) if state["sides"] else None, "step": step(state),
        "waiting_for": SEQUENCE.acting(state), "deployed": {s: state["orders"][s] is not None for s in SIDES},
        "bases": bases(state, role), "outcome": state["outcome"],
        "options": optional.described(state),  # 11: which optional rules are played, reconstructions' provenance
    }
    if role in SIDES:
        out["searchboard"] = {"task_forces": [{"id": t, "name": state["task_forces"][t]["name"],
                                               "hex": state["task_forces"][t]["hex"]}
                                              for t in cards.task_forces_of(state, role)],
                              "contacts": contacts(state, role)}
        out["cards"] = {role: card(state, role, own=True)}
        if state["open_cards"]:
            out["cards"][enemy(role)] = card(state, enemy(role), own=False)
        out["battles"] = battles(state, role)
        out["combat"] = combat_view(state, role)
        out["my_orders"] = state["orders"][role]
    elif role == UMPIRE or ended:
        out["searchboards"] = {s: {"task_forces": {t: state["task_forces"][t]["hex"]
                                                   for t in cards.task_forces_of(state, s)},
                                   "contacts": contacts(state, s)} for s in SIDES}
        out["cards"] = {s: card(state, s, own=True) for s in SIDES}
        out["battles"] = battles(state, UMPIRE)
        out["combat"] = state.get("combat")
        out["orders"] = {s: state["orders"][s] for s in SIDES}
        out["side_boards"] = [side_board(state, s) for s in SIDES]
    out["board"] = board(state, role)
    if state.get("surface") and state["surface"]["step"]["kind"] != "contact":  # option 16: fought in the open (16a)
        out["surface"] = surface_play.battle.view(state, role)
        out["surface_board"] = dict(surface_play.board(state), id="surface-battleboard")
    out["log"] = visible(state["log"], role if role != SPECTATOR else SPECTATOR, ended)
    if role in SIDES or role == UMPIRE or ended:
        out["battleboard"] = battleboard(state, out.get("combat"))
        out["combats"] = combats(out["log"])
    return out
