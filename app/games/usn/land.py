"""Land units: the Land Movement Phase (Steps 3 and 7: move one hex, entrench, disentrench), the Land Attack Phase
(Steps 5 and 9 (A)-(B): opposed landings from transports, attacks announced) and land combat (Step 5 (K), CRT 1),
with the capture of bases (Air and Naval Bases, errata Case I) and Port Moresby's holder for the Victory Conditions.

Readings (docs/games/usn.md): supply is traced by supply.py over the reconstructed terrain (data/terrain.toml); a
land unit may enter a hex the map records as land across a hexside with land on it (Terrain), never out of supply
(Movement (F)); every land unit in a base hex defends it (the owner inverts it, Combat (G)); a D2 retreat goes to the
first adjacent recorded land hex, not across a completely sea hexside, free of enemy land units and in supply, else
the unit is destroyed."""
from __future__ import annotations

from app.engine.errors import IllegalAction, Refused
from app.engine.log import PUBLIC, entry
from app.engine.orders import Choice, Keyed, Optional, Several
from app.games.usn import (
    board,
    breakdown,
    building,
    coastal,
    crt,
    damage,
    frontiers,
    gamedata,
    garrisons,
    grid,
    parachute,
    strength,
    supply,
    support,
)

LAND = tuple(sorted(set(board.every("land")) | set(coastal.IDS) | set(parachute.IDS)))  # every situation's land units and ships (board.every)
LAND += breakdown.ids(LAND)  # Unit Breakdown: each division's components 2 and 3
SHIPS = board.every("ships")
PLACES = {p["id"]: p for p in gamedata.load("map")["place"]}
CLASS_1 = set(board.PLAY["terrain_class"]["class_1"])
# Every hex a land unit may stand in: the land the reconstructed map records (data/terrain.toml) and the places the
# text names ashore (the Aleutian inset's among them, which the terrain leaves out).
LAND_HEXES = tuple(sorted(supply.LAND | {h for h, p in PLACES.items() if p.get("terrain") == "land"}))
ASHORE = frozenset(LAND_HEXES)
MOVE_RULE = "Land unit Movement"
MOUNTAIN = {tuple(sorted((hs["a"], hs["b"]))) for hs in gamedata.load("map").get("hexside", [])
            if hs["land"] == "mountain"}

VERBS = {
    "land_move": {"moves": Keyed(Choice(LAND_HEXES), LAND, label="move one hex to"),
                  "entrench": Several(LAND, 0, len(LAND), label="try to entrench"),
                  "disentrench": Several(LAND, 0, len(LAND), label="disentrench"),
                  "works": building.order(LAND),  # Repairing or Building Bases (building.py)
                  **breakdown.order_spec(LAND)},  # Unit Breakdown (breakdown.py)
    "land_attack": {"land": Several(LAND, 0, len(LAND), label="land from transports (opposed landing)"),
                    "attack": Several(LAND, 0, len(LAND), label="units that attack in their hex"),
                    "naval_support": Optional(Several(SHIPS, 0, len(SHIPS), label="naval ground support (C)"))},
}


def _ashore(state, side):
    return [u for u in state["land"].values() if u["side"] == side and u["aboard"] is None and u["hex"]]


def move_prompt(state, role):
    units = _ashore(state, role)
    may_move = {u["id"]: _may_move(state, role, u) for u in units}
    # offered means legal (issue 34): the hexes some unit of the side may move to, not every land neighbour
    dests = sorted({h for hexes in may_move.values() for h in hexes}) or [LAND_HEXES[0]]
    ids = tuple(u["id"] for u in units) or LAND[:1]
    dig = tuple(u["id"] for u in units if not u["entrenched"] and supply.supplied(state, u))  # Entrenchment
    dug = tuple(u["id"] for u in units if u["entrenched"])  # Entrenchment (B)
    return building.offer(state, role, {"title": "Move land units one hex, or try to entrench those that stay", "rule": MOVE_RULE,
            "actions": [{"verb": "land_move", "label": "Done",
                         "args": {"moves": Keyed(Choice(tuple(dests)), ids, label="move one hex to",
                                                 names=tuple(u["name"] for u in units) or None).to_json(),
                                  # offered means legal (issue 34): only the units that may entrench, or disentrench
                                  "entrench": Several(dig, 0, len(dig), label="try to entrench").to_json(),
                                  "disentrench": Several(dug, 0, len(dug), label="disentrench").to_json(),
                                  **breakdown.prompt_args(state, role)}}],
            "info": {"may_move": may_move, "choices": {"moves": _rows(units, dests)}}}, ids)  # Repairing or Building Bases


def _rows(units, dests) -> dict[str, list[str]]:
    """Each unit's row of the order form (the prompt's info "choices"): the offered hexes next to it, for one hex is
    all a unit moves (Movement (F)): the others are refused whatever else the order says. A unit with none has no
    row. An entrenched unit has none: it may not move, disentrenching or not (Movement (I)); it is offered only to
    disentrench, at the end of the phase (Entrenchment (B)), and moves in a later phase."""
    rows = {}
    for u in units:
        near = set() if u["entrenched"] else set(grid.neighbours(u["hex"]))  # grid.adjacent, as move_check asks it
        rows[u["id"]] = [h for h in dests if h in near]
    return rows


def _may_move(state, role, u):
    """The hexes one own unit may move to this phase (Movement (E)-(G), Terrain): what the computer player obeys."""
    out = []
    for n in grid.neighbours(u["hex"]):
        if n not in ASHORE:
            continue
        try:
            move_check(state, role, {"verb": "land_move", "args": {"moves": {u["id"]: n}, "entrench": [],
                                                                   "disentrench": []}})
        except Refused:
            continue
        out.append(n)
    return out


def move_check(state, role, action):
    state = breakdown.before_moves(state, role, action)  # Unit Breakdown: the components first, then the moves
    a = action["args"]
    for uid, to in a.get("moves", {}).items():
        u = state["land"][uid]
        if u["side"] != role or u["aboard"] is not None or not u["hex"]:
            raise IllegalAction(f"{u['name']} is not one of your land units ashore.", MOVE_RULE)
        garrisons.check_land_move(state, role, {uid: to})  # Garrisons (optional rule): held fast
        if u["entrenched"]:  # disentrenching too: it disentrenches at the phase's end, Entrenchment (B)
            raise IllegalAction(f"{u['name']} is entrenched and may not move: land units may not move while "
                                "entrenching, entrenched or disentrenching; it may disentrench at the end of this "
                                "Movement Phase and move in the next.", "Movement (I)")
        if not supply.supplied(state, u):
            raise IllegalAction(f"{u['name']} is out of supply and may not move.", "Movement (G)")
        if u["moved"]:
            raise IllegalAction(f"{u['name']} landed this Game-Turn and may move no further.", "Movement (J)")
        if coastal.is_coastal(u):
            raise IllegalAction(f"{u['name']} is a Coastal Defense unit: it may never move.", "Movement (H)")
        if not grid.adjacent(u["hex"], to):
            raise IllegalAction(f"{u['name']} may move only one hex (from {u['hex']}).", "Movement (F)")
        frontiers.check_land_entry(state, u, to)  # Movement (M)
        if not supply.on_land(u["hex"], to):
            raise IllegalAction(f"{u['name']} may not cross the completely sea hexside from {u['hex']} to {to} "
                                "(land units move through hexsides with land on them).", "Terrain")
        if not supply.traces(state, role, to):
            raise IllegalAction(f"{u['name']} may not move out of supply: no supply line can be traced from {to}.",
                                "Movement (F)")
        if tuple(sorted((u["hex"], to))) in MOUNTAIN and (board.land_at(state, to, board.other(role))):
            raise IllegalAction(f"{u['name']} may not cross the mountain hexside into {to}, which holds an enemy "
                                "unit.", "Movement (E)")
        if to in CLASS_1 and board.land_at(state, to, board.other(role)):
            raise IllegalAction("Opposing land units may never share a Class 1 hex.", "Stacking (A)")
    for uid in a.get("entrench", []):
        u = state["land"][uid]
        if u["side"] != role or u["aboard"] is not None:
            raise IllegalAction(f"{u['name']} is not one of your land units ashore.", "Entrenchment")
        if uid in a.get("moves", {}):  # "may not move while entrenching"; the Procedure: "has not moved"
            raise IllegalAction(f"{u['name']} moves this phase and may not entrench: land units may not move while "
                                "entrenching.", "Movement (I)")
        if u["entrenched"]:
            raise IllegalAction(f"{u['name']} is already entrenched.", "Entrenchment")
        if not supply.supplied(state, u):
            raise IllegalAction(f"{u['name']} is out of supply and may not entrench.", "Entrenchment")
    for uid in a.get("disentrench", []):
        if not state["land"][uid]["entrenched"] or state["land"][uid]["side"] != role:
            raise IllegalAction(f"{state['land'][uid]['name']} is not one of your entrenched units.",
                                "Entrenchment (B)")
    building.check(state, role, a)  # Repairing or Building Bases: the order's "works"
    breakdown.check_rebuild(state, role, a.get("rebuild") or [], a.get("moves", {}))  # Unit Breakdown


def move_resolve(state, role, action, rng):
    a = action["args"]
    breakdown.break_up(state, role, a.get("break") or {})  # Unit Breakdown: before the moves
    for uid in a.get("disentrench", []):
        state["land"][uid]["entrenched"] = False
        state["log"].append(entry(PUBLIC, f"{state['land'][uid]['name']} at {state['land'][uid]['hex']} "
                                          "disentrenches."))
    for uid, to in a.get("moves", {}).items():
        u = state["land"][uid]
        state["log"].append(entry(PUBLIC, f"{board.TITLE[role]} {u['name']} moves {u['hex']} -> {to}."))
        u["hex"] = to
    for uid in a.get("entrench", []):
        u = state["land"][uid]
        roll = rng.d6()
        ok = roll in board.PLAY["entrench"][role]
        u["entrenched"] = ok
        state["log"].append(entry(PUBLIC, f"{u['name']} at {u['hex']} tries to entrench: rolled {roll}, "
                                          f"{'entrenched' if ok else 'fails'} (Entrenchment (C))."))
    breakdown.rebuild(state, role, a.get("rebuild") or [])  # Unit Breakdown: after the moves
    captures(state)
    building.resolve(state, role, a, rng)  # Step 3/7 (C): the die for base-building attempts, sabotage
    return state


def move_default(state, role):
    return {"verb": "land_move", "args": {"moves": {}, "entrench": [], "disentrench": []}}


def move_random(state, role, rng):
    moves, dig = {}, []
    for u in _ashore(state, role):
        if u["entrenched"] or u["moved"] or not supply.supplied(state, u):
            continue
        r = rng.die(4)
        if r == 1:
            options = [n for n in grid.neighbours(u["hex"]) if n in ASHORE]
            if options:
                to = rng.choice(sorted(options))
                try:
                    move_check(state, role, {"verb": "land_move", "args": {"moves": {u["id"]: to}, "entrench": [],
                                                                           "disentrench": []}})
                    moves[u["id"]] = to
                except Refused:
                    pass
        elif r == 2:
            dig.append(u["id"])
    works = building.random(state, role, rng, moves)
    # a unit at work is not broken down in the same order (a division sabotaging would be a brigade by then)
    return {"verb": "land_move", "args": {"moves": moves, "entrench": dig, "disentrench": [], "works": works,
                                          **breakdown.random_part(state, role, rng, set(moves) | set(dig) | set(works))}}


# --- Land Attack Phase (Steps 5 and 9, (A)-(B)); combat at (K) ---

ATTACK_RULE = "Amphibious Assault"


def _landable(state, role):
    """Cargo of the phasing side's transports in hexes holding enemy land units (only Japanese Transports and
    Allied Assault Transports may make an opposed landing)."""
    out = []
    for s in board.afloat(state, role):
        if s["type"] == "TR" and role == "japanese" and board.land_at(state, s["hex"], board.other(role)):
            out += list(s["cargo"])
    return out


def _can_attack(state, role):
    return [u["id"] for u in _ashore(state, role) if not u["entrenched"] and supply.supplied(state, u)
            and board.land_at(state, u["hex"], board.other(role))]


def attack_prompt(state, role):
    # offered means legal (issue 34): nothing offered when nothing may land, attack or support (an empty list)
    land = tuple(_landable(state, role))
    atk = tuple(sorted(set(_can_attack(state, role)) | set(_landable(state, role))))
    ships = tuple(s["id"] for s in board.afloat(state, role) if board.land_at(state, s["hex"], board.other(role)))
    return {"title": "Land from transports on enemy-occupied hexes; announce land attacks", "rule": ATTACK_RULE,
            "actions": [{"verb": "land_attack", "label": "Done",
                         "args": {"land": Several(land, 0, len(land), label="land from transports").to_json(),
                                  "attack": Several(atk, 0, len(atk), label="units that attack").to_json(),
                                  "naval_support": Optional(Several(ships, 0, len(ships),
                                                                    label="naval ground support (C)")).to_json()}}],
            "info": {}}


def attack_check(state, role, action):
    a = action["args"]
    landing = set(a.get("land", []))
    for uid in landing:
        # (an enemy Coastal Defense unit in the hex: situation.check_landing, which the rules check first)
        if uid not in _landable(state, role):
            raise IllegalAction(f"{state['land'][uid]['name']} is not aboard one of your transports in an "
                                "enemy-occupied hex.", ATTACK_RULE)
    for uid in a.get("attack", []):
        if uid not in _can_attack(state, role) and uid not in landing:
            raise IllegalAction(f"{state['land'][uid]['name']} cannot attack: it must be ashore, in supply, not "
                                "entrenched, in a hex with enemy land units.", "Detailed Sequence of Play, Step 5 (B)")
    for uid in landing:
        ship = state["ships"][state["land"][uid]["aboard"]]
        if ship["hex"] in CLASS_1 and uid not in a.get("attack", []):
            raise IllegalAction("Units landing on an enemy-occupied Class 1 hex must attack.", ATTACK_RULE)
    hexes = {state["ships"][state["land"][u]["aboard"]]["hex"] if u in landing else state["land"][u]["hex"]
             for u in a.get("attack", [])}
    for sid in a.get("naval_support", []):
        h = state["ships"][sid]["hex"] if sid in state["ships"] else None
        if h and coastal.at(state, h, board.other(role)):
            raise IllegalAction(f"Naval ground support may not take place at hex {h}: an enemy Coastal Defense unit "
                                "stands there.", "Mission: Ground Support of Land Unit's Combat")
    support.naval_check(state, role, a.get("naval_support", []), hexes)


def attack_resolve(state, role, action, rng):
    a = action["args"]
    for uid in a.get("land", []):
        u = state["land"][uid]
        ship = state["ships"][u["aboard"]]
        ship["cargo"].remove(uid)
        u.update(aboard=None, hex=ship["hex"], moved=True)
        state["log"].append(entry(PUBLIC, f"{board.TITLE[role]} {u['name']} lands against opposition at "
                                          f"{ship['hex']} (Amphibious Assault)."))
    state["attacks"] = sorted(a.get("attack", []))
    state["naval_support"] = sorted(a.get("naval_support", []))
    if state["naval_support"]:
        state["log"].append(entry(PUBLIC, f"{board.TITLE[role]} naval ground support: "
                                          f"{', '.join(state['naval_support'])}."))
    if state["attacks"]:
        hexes = sorted({state["land"][u]["hex"] for u in state["attacks"]})
        state["log"].append(entry(PUBLIC, f"{board.TITLE[role]} land attacks announced at {', '.join(hexes)}."))
    return state


def attack_default(state, role):
    return {"verb": "land_attack", "args": {"land": [], "attack": []}}


def attack_random(state, role, rng):
    land = [u for u in _landable(state, role) if rng.die(2) == 1]
    atk = [u for u in sorted(set(_can_attack(state, role)) | set(land)) if rng.die(2) == 1]
    for uid in land:
        if state["ships"][state["land"][uid]["aboard"]]["hex"] in CLASS_1 and uid not in atk:
            atk.append(uid)
    where = {state["ships"][state["land"][u]["aboard"]]["hex"] if u in land else state["land"][u]["hex"] for u in atk}
    ships = [s["id"] for s in board.afloat(state, role) if s["hex"] in where and rng.die(2) == 1]
    try:
        support.naval_check(state, role, ships, where)
    except Refused:
        ships = []
    return {"verb": "land_attack", "args": {"land": land, "attack": sorted(atk), "naval_support": ships}}


def _destroy(state, u, why):
    u["hex"] = None
    u["destroyed"] = True
    board.add_vp(state, board.other(u["side"]), u["vp"], f"{board.TITLE[u['side']]} {u['name']} destroyed ({why})")


def resolve_attacks(state, rng) -> None:
    """Step 5 (K): each hex's announced attackers against every enemy land unit there, in total (Combat (D)):
    attack strength against Defense Strength (tripled entrenched, Entrenchment (A)), CRT 1."""
    attackers = [state["land"][u] for u in state.get("attacks", []) if state["land"][u].get("hex")]
    extra = state.pop("support", {})
    naval = {h: support.naval_strength(state, h) for h in {u["hex"] for u in attackers}}
    state.pop("attacks", None)
    state.pop("naval_support", None)
    for h in sorted({u["hex"] for u in attackers}):
        mine = [u for u in attackers if u["hex"] == h]
        side = mine[0]["side"]
        defenders = board.land_at(state, h, board.other(side))
        if not defenders:
            continue
        att = sum(u["attack"] for u in mine)
        dfn = sum(strength.defense(state, u) for u in defenders)
        # ground support (C), (J): the ships' Surface Attack and the air units' Bombardment Strength
        helps = [(naval[h], "naval support"), (extra.get(h, {}).get("attack", 0), "air support")]
        air_def = extra.get(h, {}).get("defense", 0)
        att += sum(n for n, _ in helps)
        dfn += air_def
        roll = rng.d6()
        result = crt.land(att, dfn, roll)
        why = "".join(f", {n} {w}" for n, w in helps if n) + (f"; {air_def} air support in defence" if air_def else "")
        state["log"].append(entry(PUBLIC, f"Land combat at {h}: {att} against {dfn}{why}, die {roll}: {result} "
                                          "(CRT 1).", at="Step (K) land combat"))
        apply_land_result(state, h, mine, defenders, result)
    captures(state)


def apply_land_result(state, h, attackers, defenders, result):
    """Combat Results Tables, Explanation of Effects for CRT 1."""
    if result == "Ax":
        for u in attackers:
            _destroy(state, u, "Ax")
    elif result == "Dx" or (result in ("D1", "D2") and h in CLASS_1):
        for u in defenders:
            _destroy(state, u, result)
    elif result == "D1":  # Class 2: the defender loses the bases in the hex and its entrenchment, and stays
        side = defenders[0]["side"]
        for u in [x for x in defenders if coastal.is_coastal(x)]:  # "Coastal Defense units are destroyed"
            coastal.destroy(state, u, "D1")
        defenders = [x for x in defenders if not coastal.is_coastal(x)]
        base = state["bases"].get(h)
        defending = base is not None and base["side"] == side
        for u in defenders:
            if defending and not supply.supplied(state, u):  # defending a base, out of supply: destroyed
                _destroy(state, u, "D1, defending a base out of supply")
            u["entrenched"] = False
        if defending:
            _lose_base(state, h, "D1")
    elif result == "D2":  # Class 2: retreat to an adjacent land hex, else destroyed; entrenchment lost
        for u in defenders:
            u["entrenched"] = False
            to = _retreat(state, u, h, attackers[0]["side"])
            if coastal.is_coastal(u):  # Movement (H): it may never move, so it cannot retreat
                coastal.destroy(state, u, "D2, it may never move")
            elif to is None or not supply.supplied(state, u):  # Movement (G): no retreat out of supply
                _destroy(state, u, "D2, no retreat")
            elif frontiers.withdrawn_by_retreat(state, u, to):  # Burma Campaign: out of the game, no VP
                u.update(hex=None, destroyed=True, withdrawn=True)  # gone as if destroyed, but no VP
                state["log"].append(entry(PUBLIC, f"{u['name']} retreats {h} -> {to}, into China or India, and "
                                                  "leaves the game; no Victory Points for it (Burma Campaign)."))
            else:
                u["hex"] = to
                state["log"].append(entry(PUBLIC, f"{u['name']} retreats {h} -> {to} (D2)."))


def _retreat(state, u, h, enemy):
    """A D2 retreat's hex: the first adjacent land hex, not across a completely sea hexside, free of enemy land
    units, that Movement (M) lets the unit enter, and in supply ("not to an out of supply position"); else, under
    the Burma Campaign, China or India for an Allied unit (which leaves the game)."""
    land = [n for n in grid.neighbours(h) if n in ASHORE and supply.on_land(h, n)  # "but not across all sea hex-side"
            and not board.land_at(state, n, enemy)]
    return next((n for n in land if frontiers.refusal(state, u, n) is None and supply.traces(state, u["side"], n)),
                next((n for n in land if frontiers.withdrawn_by_retreat(state, u, n)), None))


def _lose_base(state, h, why):
    base = state["bases"].pop(h)
    for kind, n in base["air"].items():
        if n:
            board.add_vp(state, board.other(base["side"]), n * damage.air_vp(kind, base["side"]),
                         f"{n} {board.KIND_TITLE[kind]} points lost with the base at {h}")
    state["log"].append(entry(PUBLIC, f"The {board.TITLE[base['side']]} base at {h} is lost ({why})."))


def captures(state) -> None:
    """A base is captured when an enemy land unit is in its hex and no friendly land unit defends it (Air and Naval
    Bases, errata Case I; Stacking (B)); Port Moresby's holder is the last side to occupy it alone. A Coastal
    Defense unit neither captures nor defends a base, and is destroyed by an enemy land unit it shares a hex with
    when no other land unit defends it (coastal.overrun)."""
    coastal.overrun(state)
    for h, base in list(state["bases"].items()):
        enemy = board.other(base["side"])
        if ([u for u in board.land_at(state, h, enemy) if not coastal.is_coastal(u)]
                and not [u for u in board.land_at(state, h, base["side"]) if not coastal.is_coastal(u)]):
            lost = {k: n for k, n in base["air"].items() if n}
            for kind, n in lost.items():
                board.add_vp(state, enemy, n * damage.air_vp(kind, base["side"]),
                             f"{n} {board.KIND_TITLE[kind]} points caught on the captured base at {h}")
            base["side"] = enemy
            base["air"] = {k: 0 for k in board.KINDS}
            building.captured(state, base)  # Air and Naval Bases (A), (C): repair before use
            state["log"].append(entry(PUBLIC, f"The base at {h} is captured by the {board.TITLE[enemy]} Player."))
    for h in state["holder"]:
        sides = {u["side"] for u in board.land_at(state, h)}
        if len(sides) == 1:
            state["holder"][h] = sides.pop()
