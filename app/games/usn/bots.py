"""Computer players for the mini-games, one per side, aiming at the situation's objectives (its data file's [bots]
section; Coral Sea's from its Victory Conditions). A bot is called `bot(view, prompt, rng)` and decides
from its own role's view and prompt only (never the state), drawing from its own stream only to break exact ties.
Every order it gives is legal by construction: it moves each ship no further than its printed (undoubled) Movement
Allowance, which Movement (N) can only enlarge; it never stops in a hex holding enemy ships (Stacking (D)); it strikes
only stacks its view shows examined (5(D)) within the extended range (Movement (V)), with no more points than each
station holds (the prompt's `info.stations`).

Heuristics (documented in docs/games/usn.md, "Computer players"):
- Objectives: Coral Sea Port Moresby (engineers Guadalcanal), the Allied air toward Rabaul; Midway: Midway (1218)
  for everything, the Allied air toward Saipan; Eastern Solomons and Santa Cruz: Guadalcanal (828), the Allied air
  toward Rabaul. Below, "Port Moresby" stands for the situation's objective.
- Deployment: NAC on the carriers, largest first, the rest on the bases where the order of battle allows; a printed
  area's points (Midway) on its own bases; LBAC, then LAC, on the air bases nearest the enemy's objective first,
  within capacity.
- Japan, naval: each transport in a hex with Japanese land units ashore embarks them (engineers on their own
  transport when there are two, bound for Guadalcanal 0828, the errata's 10 VP, standing for Tulagi; the combat
  units bound for Port Moresby 0659); a loaded transport sails for its objective and debarks there when no enemy is
  ashore (else it waits for the opposed landing). Carriers and escorts close on the hex two from Port Moresby (the
  NAC's normal range), keeping company with the invasion.
- Allies, naval: carriers and escorts close to two hexes of the enemy stack nearest Port Moresby (every stack's hex
  is public), or of Port Moresby when none is at sea.
- Either side: a ship whose fuel runs short (one Game-Turn from the limit, Supply (G)) heads for the nearest friendly
  naval base instead.
- Land movement: Japanese units step one hex toward their objective (engineers Guadalcanal, the rest Port Moresby);
  units that stay, and every Allied unit at Port Moresby, try to entrench where no enemy is with them.
- Landings and attacks: Japan lands every unit aboard a transport in an enemy-held hex and attacks with everything
  in each contested hex (Port Moresby is worth 100 VP); the Allies attack only where their attack is at least the
  enemy's defence.
- Coastal defence (Midway): Japan never lands where an enemy Coastal Defense unit stands (Amphibious Assault,
  errata); stations with no ship to strike within normal range of the objective bomb that unit instead.
- Air allocation: every strike goes at the best examined group within reach (carriers first, then transports,
  cruisers, the rest; damaged ships worth half; beyond normal range worth less), all of a station's points of a type
  together; carriers threatened by an enemy stack or air base within four hexes keep a third of their NAC (rounded
  up) on CAP, and all of it when they have no target; LAC fly CAP over a base only where friendly ships lie.
- Missions (session 8): battleships and heavy cruisers within one move bombard the objective (its Coastal Defense
  unit, else with the invasion under way its strongest defender, else its air base); gun ships attack an examined
  enemy stack at sea of at most half their Surface Attack; stations with no ship to strike bomb the enemy air base
  in normal range nearest the objective; land-based air beyond normal range of the objective transfers forward; the
  Allied carriers stand four hexes off the enemy until it strikes first.
- A missed order (a seat whose player does not answer in time) is the decision's own default, not this bot: no
  movement, no landing or attack, and every carrier's NAC on CAP over its own hex (each record's `default`).
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from app.games.usn import (
    board,
    bot_view,
    building,
    campaign_bots,
    garrisons,
    grid,
    march,
    offmap,
    offmap_bots,
    submarine,
    transfer,
)
from app.games.usn.land import CLASS_1, MOUNTAIN, PLACES

View = dict[str, Any]
Bot = Callable[[View, dict[str, Any], Any], dict[str, Any]]

PORT_MORESBY = next(v["hex"] for v in board.CORAL["victory"] if v["id"] == "port_moresby")
GUADALCANAL = next(v["hex"] for v in board.CORAL["victory"] if v["id"] == "engineer_on_guadalcanal")
RABAUL = "0759"
CORAL_GOALS = {"japanese_objective": PORT_MORESBY, "japanese_engineer_objective": GUADALCANAL,
               "allied_objective": PORT_MORESBY, "allied_air_toward": RABAUL, "japanese_air_toward": PORT_MORESBY}
STANDOFF = 2  # the NAC's normal range: close enough to strike at full air-to-air, no closer
THREAT = 4  # an enemy stack or air base this near may strike the carriers: keep CAP up
GUNS = ("BB", "CA", "CL", "DD")  # the ships that bombard and support land combat (Mission Capability Chart)
GROUPS = 10  # an air order names a two-ship group 1-10 (air.py): a bigger stack's lower groups cannot be named
PRIORITY = {"JCV": 10, "CV": 10, "CVL": 7, "TR": 6, "CA": 3, "CL": 2, "DD": 1}


def _goal(view: View, key: str) -> str:
    """The situation's objective for the bots (its data file's [bots]; Coral Sea's from its Victory Conditions)."""
    goals = board.situation(view.get("scenario", "coral_sea")).get("bots") or CORAL_GOALS
    if key == "japanese_objective" and campaign_bots.active(view) and not _enemy_land(view, "japanese", goals[key]):
        # the campaigns: once the first objective is clear (measured: its battery bombarded out opens the
        # Philippines to the landings), the enemy-held objective the army is at, the fleet in concert with it
        return campaign_bots.siege(view, "japanese") or goals[key]
    return goals[key]


def _dist(a: str, b: str) -> int:
    return grid.distance(a, b)


def _enemy(side: str) -> str:
    return board.other(side)


def _mine(view: View, side: str) -> list[dict[str, Any]]:
    return view["ships"][side]["units"]


def _enemy_land(view: View, side: str, h: str) -> list[dict[str, Any]]:
    return [u for u in view["land"] if u["side"] == _enemy(side) and u["hex"] == h]


def _coastal_defense(view: View, side: str, h: str) -> list[dict[str, Any]]:
    """Enemy Coastal Defense units in hex h: no landing there while one stands (Amphibious Assault, errata)."""
    return [u for u in _enemy_land(view, side, h) if board.LAND_TYPES[u["name"]]["kind"] == "coastal_defense"]


def _pick(rng, options: list, key) -> Any:
    """The best option by `key` (lowest first); exact ties broken by the bot's own stream. A key that ends in the
    option's own name (a hex, an id) leaves no ties: the same game then gives the same orders every time (moves do so
    on purpose, _toward)."""
    best = min(key(o) for o in options)
    tied = [o for o in options if key(o) == best]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


class _Ties:
    """A random order of the options, drawn once per decision from the bot's stream, for ties that several units
    break alike: strikes of equal worth from several stations still go at one target, yet the target differs from
    game to game. `ties(option)` is the last part of a key."""

    def __init__(self, rng):
        self.salt = rng.die(1 << 30)

    def __call__(self, option: Any) -> str:
        return hashlib.sha256(f"{self.salt}:{option}".encode()).hexdigest()


def _ordered(rng, options: list, key) -> list:
    """`options` best first by `key` (lowest first), the order among equals drawn from the bot's own stream."""
    return sorted(rng.shuffle(sorted(options)), key=key)


# --- set-up ---

def _deploy(view: View, prompt: dict[str, Any], rng, side: str) -> dict[str, Any]:
    info = prompt["info"]
    need, caps = info["need"], info["capacity"]
    # largest first, as near the enemy as may be; which of equals first (the NAC aboard are hidden) is the stream's
    carriers = _ordered(rng, [k for k in caps if not k.startswith("base:")], lambda c: -caps[c])
    toward = _goal(view, f"{side}_air_toward")
    bases = _ordered(rng, [k for k in caps if k.startswith("base:")], lambda b: _dist(b[5:], toward))
    out: dict[str, dict[str, int]] = {"nac": {}, "lac": {}, "lbac": {}}
    left = need["nac"]
    for c in carriers:
        n = min(left, caps[c])
        if n:
            out["nac"][c] = n
            left -= n
    room = {b: caps[b] for b in bases}
    if left and info.get("nac_on_bases"):
        out["nac_base"] = {}
        for b in bases:
            n = min(left, room[b])
            if n:
                out["nac_base"][b[5:]] = n
                room[b] -= n
                left -= n
    areas = info.get("areas", [])
    plan = [({f"base:{h}" for h in a["hexes"]}, {"lbac": a["lbac"], "lac": a["lac"]}) for a in areas]
    placed = set().union(*(h for h, _ in plan)) if plan else set()
    plan.append(({b for b in bases if b not in placed},
                 {k: need[k] - sum(p[k] for _, p in plan) for k in ("lbac", "lac")}))
    for where, want in plan:
        for kind in ("lbac", "lac"):
            left = want[kind]
            for b in (b for b in bases if b in where):
                n = min(left, room[b])
                if n:
                    out[kind][b[5:]] = out[kind].get(b[5:], 0) + n
                    room[b] -= n
                    left -= n
    return {"verb": "deploy", "args": out}


# --- naval movement ---

def _home(view: View, side: str, h: str) -> str | None:
    ports = [b["hex"] for b in view["bases"] if b["side"] == side and b["naval"]]
    return min(ports, key=lambda p: (_dist(h, p), p)) if ports else None


def _toward(view: View, side: str, ship: dict[str, Any], goal: str, budget: int, keep: int = 0) -> str:
    """The hex within `budget` of the ship that brings it nearest to `keep` hexes from `goal`, fewest hexes moved
    (the first by number of equals). Moves are not secret (every stack's hex is public), and equal hexes drawn from
    the stream cost the Japanese player at Santa Cruz a third of its wins against random play (18 of 40 seeds, 12
    with them), so the tie stays the first by number."""
    here = ship["hex"]
    free = bot_view.free_of(view, side)
    options = [h for h in grid.within(here, budget) if h == here or free(h)]
    return min(options, key=lambda h: (abs(_dist(h, goal) - keep), _dist(here, h), h))


def _cargo_goal(view: View, ship: dict[str, Any]) -> str:
    if campaign_bots.active(view):
        return campaign_bots.landing_goal(view, "japanese", ship["hex"],
                                          sum(board.LAND_TYPES[n]["attack"] for n in ship["cargo"]))
    names = " ".join(ship["cargo"])
    return _goal(view, "japanese_engineer_objective") if "Engineer" in names else _goal(view, "japanese_objective")


def _embark(view: View, side: str, ship: dict[str, Any], transports: list[dict[str, Any]], taken: set[str]) -> list:
    """Japanese units ashore with an empty transport, unentrenched: engineers for the last transport of the hex when
    there are two, the rest for the first; within the transport's 12 Transport Points."""
    here = [t for t in transports if t["hex"] == ship["hex"] and not t["carrying"]]
    held = {u for g in view.get("garrisons", {}).values() for u in g["units"]}  # Garrisons: never embarked
    units = [u for u in view["land"] if u["side"] == side and u["hex"] == ship["hex"] and not u["entrenched"]
             and u["id"] not in taken and u["id"] not in held]
    if campaign_bots.active(view):  # the campaigns: only the troops it came for, never those marching on a target
        goals = campaign_bots.targets(view, side)
        units = [u for u in units if campaign_bots.fetchable(view, side, u, goals)]
    if len(here) > 1:
        engineers = ship["id"] == here[-1]["id"]
        units = [u for u in units if ("Engineer" in u["name"]) == engineers]
    cap = board.PLAY["ship_type"]["TR"]["transport_points"]
    out, tp = [], 0
    for u in sorted(units, key=lambda x: x["id"]):
        need = board.LAND_TYPES[u["name"]]["transport_points"]
        if tp + need <= cap:
            out.append(u["id"])
            tp += need
    return out


def _naval(view: View, prompt: dict[str, Any], rng, side: str) -> dict[str, Any]:
    ships = _mine(view, side)
    transports = [s for s in ships if s["type"] == "TR"]
    moves: dict[str, Any] = {}
    taken: set[str] = set()
    invasion = [t["hex"] for t in transports if t["carrying"]]
    raid, bombard = _bombardment(view, side, ships, invasion)
    fight = _engagements(view, side, ships, set(raid))
    # Off-Map Movement and the Indian Ocean sortie; not in a phase the Shock Effect limits (its own allowance)
    offmap_moves = {} if prompt["info"].get("shock") else offmap_bots.bot_moves(view, side,
                                                                            _goal(view, f"{side}_objective"))
    moves.update({k: v for k, v in offmap_moves.items() if v})
    for s in sorted(ships, key=lambda x: x["id"]):
        if s["id"] in offmap_moves or offmap.off(s["hex"]):
            continue
        budget = s["values"]["movement"]
        if s["at_sea"] >= board.fuel_limit(s["type"]) - 1 or campaign_bots.low_fuel(view, side, s):
            # Supply (G): one more turn at sea would be the last (in a campaign: the way home takes what is left)
            home = campaign_bots.home(view, side, s) if campaign_bots.active(view) else _home(view, side, s["hex"])
            if home and home != s["hex"]:
                moves[s["id"]] = {"to": _toward(view, side, s, home, budget)}
            continue
        if s["type"] == "TR":
            order = _transport(view, side, s, transports, taken, budget)
            if order:
                moves[s["id"]] = order
            continue
        target = _goal(view, f"{side}_objective")
        if s["id"] in raid or s["id"] in fight:
            moves[s["id"]] = {"stop": raid.get(s["id"]) or fight[s["id"]]}
            continue
        if side == "japanese":
            goal = min(invasion, key=lambda h: (_dist(h, target), h)) if invasion else target
            keep = 0 if invasion and goal != target else STANDOFF
        else:
            seen = [h for h in bot_view.enemy_hexes(view, side) if _dist(h, target) < grid.BEYOND]
            goal = min(seen, key=lambda h: (_dist(h, target), h)) if seen else target
            keep = STANDOFF if not seen or _struck(view, side) else board.reach("nac", extended=True) + 1
        to = _toward(view, side, s, goal, budget, keep)
        if to != s["hex"]:
            moves[s["id"]] = {"to": to}
    if campaign_bots.active(view) and not prompt["info"].get("shock"):  # damaged ships home for repair
        for sid, order in campaign_bots.repair_moves(
                view, side, lambda ship, goal: _toward(view, side, ship, goal, ship["values"]["movement"])).items():
            if order is None:
                moves.pop(sid, None)
            else:
                moves[sid] = order
    action = _simulation_moves(prompt, moves)
    if bombard and any(moves.get(sid, {}).get("stop") in bombard for sid in raid):
        action["args"]["bombard"] = bombard
    transfers = _transfers(view, side, prompt)
    transfers += march.bangkok_transfers(view, side=side, prompt=prompt, rows=transfers)  # Burma 76's ten LAC
    transfers = [r for r in transfers if not campaign_bots.neutralized(view, r["to"])]  # Movement (S)
    if transfers:
        action["args"]["transfers"] = transfers
    subs = _submarines(view, prompt.get("info", {}).get("submarines"), rng)
    if subs:
        action["args"]["subs"] = subs
    return action


def _transfers(view: View, side: str, prompt: dict[str, Any]) -> list[dict[str, Any]]:
    """Air transfer at (A): land-based air on a base beyond its normal range of the objective moves, within twice
    that range, to the base nearest the objective with room (Stacking (E)). Only bases the prompt lists as able to
    fly missions (neither neutralized nor out of supply, Supply (E)) send or receive."""
    try:
        fields = prompt["actions"][0]["args"]["transfers"]["each"]["each"]["fields"]
        # the game's order shape names only Coral Sea's stations (transfer.STATIONS): other bases are refused
        able = set(fields["from"]["choices"]) & set(fields["to"]["choices"]) & set(transfer.STATIONS)
    except (KeyError, IndexError, TypeError):
        return []
    objective = _goal(view, f"{side}_objective")
    bases = {b["hex"]: b for b in view["bases"] if b["side"] == side and f"base:{b['hex']}" in able}
    room = {h: b["capacity"] - sum(b["air"].values()) for h, b in bases.items()}
    rows = []
    for h in sorted(bases, key=lambda x: (-_dist(x, objective), x)):
        for kind in ("lbac", "lac"):
            n = bases[h]["air"][kind]
            if kind == "lac":  # Garrisons: a garrison's LAC stay
                n = garrisons.spare_lac(view.get("garrisons", {}), h, n)
            if not n or _dist(h, objective) <= board.reach(kind):
                continue
            to = [x for x in bases if x != h and room[x] > 0 and _dist(x, objective) < _dist(h, objective)
                  and _dist(x, h) <= 2 * board.reach(kind)]
            if not to:
                continue
            dst = min(to, key=lambda x: (_dist(x, objective), x))
            k = min(n, room[dst], 40)  # an order row carries at most 40 points (transfer.order)
            rows.append({"from": f"base:{h}", "kind": kind, "points": k, "to": f"base:{dst}"})
            room[dst] -= k
            room[h] += k
    return rows


def _struck(view: View, side: str) -> bool:
    """The enemy has struck first: one of the side's ships is damaged or sunk, or one of its bases neutralized."""
    prefix = "J-" if side == "japanese" else "A-"
    return (any(s["damage"] for s in _mine(view, side)) or any(i.startswith(prefix) for i in view.get("sunk", []))
            or any(b["side"] == side and b.get("neutralized") for b in view["bases"]))


def _bombard_target(view: View, side: str, h: str, invasion: list[str]) -> str | None:
    """What the side's guns bombard at its objective h (2(F), (H)): the Coastal Defense unit that bars the landing;
    else, with a loaded transport under way, the enemy land unit with the highest Defense (a Dx halves it, Supply
    (E)); else the enemy air base there while it holds air points."""
    battery = _coastal_defense(view, side, h)
    if battery:
        return battery[0]["id"]
    ashore = sorted(_enemy_land(view, side, h), key=lambda u: (-u["defense"], u["id"]))
    if invasion and ashore:
        return ashore[0]["id"]
    base = next((b for b in view["bases"] if b["hex"] == h and b["side"] == _enemy(side)), None)
    return "air base" if base and base.get("capacity") and any(base["air"].values()) else None


def _bombardment(view: View, side: str, ships: list[dict[str, Any]], invasion: list[str]):
    """Battleships and heavy cruisers within one move of the objective, where no enemy ships lie, end their first
    portion there and bombard it ({ship: hex}, {hex: target}); the lighter escorts stay with the carriers."""
    h = _goal(view, f"{side}_objective")
    target = _bombard_target(view, side, h, invasion) if grid.open_hex(h) else None
    if not target or h in bot_view.enemy_hexes(view, side):
        return {}, {}
    raid = {s["id"]: h for s in ships if s["type"] in ("BB", "CA") and s["values"]["surface_attack"] > 0
            and _dist(s["hex"], h) <= s["values"]["movement"] and s["at_sea"] < board.fuel_limit(s["type"]) - 1}
    return (raid, {h: target}) if raid else ({}, {})


def _engagements(view: View, side: str, ships: list[dict[str, Any]], busy: set[str]) -> dict[str, str]:
    """Surface engagements sought (Mission: Surface Naval Engagement): the side's gun ships of one hex attack an
    examined enemy stack at sea within every one's move whose known ships fire at most half as hard (printed type
    values); {ship: hex}."""
    ports = {b["hex"] for b in view["bases"] if b["side"] == _enemy(side) and b["naval"]}
    out: dict[str, str] = {}
    for st in view["ships"][_enemy(side)]["stacks"]:
        t = st["hex"]
        if "groups" not in st or t in ports or not grid.open_hex(t):
            continue
        known = [x for g in st["groups"] for x in g]
        if len(known) < st["count"]:
            continue
        theirs = sum(board.PLAY["ship_type"][x["type"]]["surface_attack"] / (2 if x["damaged"] else 1)
                     for x in known)
        for h in sorted({s["hex"] for s in ships}):
            guns = [s for s in ships if s["hex"] == h and s["type"] in GUNS and s["id"] not in busy
                    and s["id"] not in out and _dist(h, t) <= s["values"]["movement"]
                    and s["at_sea"] < board.fuel_limit(s["type"]) - 1]
            if guns and _surface_strength(guns) >= 2 * theirs:
                out.update({s["id"]: t for s in guns})
                break
    return out


def _submarines(view: View, record: dict[str, Any] | None, rng) -> dict[str, Any]:
    """Submarines (optional rule), from the Japanese view's own record: placed On Station in the Allied ships' way
    (the hex nearest the objective within three of the Allied stack nearest it, where a sub may stand, (E), (F));
    kept there; moved (two hexes, unmultiplied) toward the objective when it must or may leave."""
    if not record:
        return {}
    target = _goal(view, "japanese_objective")
    may = lambda h: submarine.station_problem(view["bases"], h) is None
    out: dict[str, Any] = {}
    for sid, r in sorted(record.items()):
        if r["may_place"]:
            seen = bot_view.enemy_hexes(view, "japanese") or [target]
            near = _pick(rng, sorted(seen), lambda h: _dist(h, target))
            spots = [h for h in grid.within(near, 3) if may(h)] or grid.within(near, 3)
            to = _pick(rng, spots, lambda h: _dist(h, target))  # its record is secret: which of equals, the stream's
            out[sid] = {"to": to, "station": may(to)}
        elif r["placed"] and not r["station"] and not r["must_move"] and may(r["hex"]):
            out[sid] = {"station": True}
        elif r["must_move"] or (r["may_move"] and not r["station"]):
            spots = [h for h in grid.within(r["hex"], submarine.DATA["movement"]) if h != r["hex"]]
            good = [h for h in spots if may(h)] or spots
            out[sid] = {"to": _pick(rng, good, lambda h: _dist(h, target))}
    return out


def _simulation_moves(prompt: dict[str, Any], moves: dict[str, Any]) -> dict[str, Any]:
    """Midway, Simulation Version (the prompt says when it binds): the five ships to the first hex it allows, the
    others kept away from Midway."""
    sim = prompt.get("info", {}).get("simulation")
    if sim and sim["stage"] <= 1:
        moves = {sid: o for sid, o in moves.items() if sid not in sim["ships"] and not any(
            o.get(k) and _dist(o[k], sim["midway"]) <= sim["away"] for k in ("stop", "to"))}
        if sim["hexes"]:
            moves.update({sid: {"to": sim["hexes"][0]} for sid in sim["ships"]})
    return {"verb": "move", "args": {"moves": moves}}


def _transport(view, side, s, transports, taken, budget) -> dict[str, Any] | None:
    if side != "japanese":
        return None  # the Allies have no transports at Coral Sea; a later situation's would stay put
    if not s["carrying"]:
        embark = _embark(view, side, s, transports, taken)
        if not embark and campaign_bots.active(view):  # back for more: the nearest idle troops
            where = campaign_bots.pickup(view, side, s["hex"], taken)
            to = _toward(view, side, s, where, budget) if where else s["hex"]
            return {"to": to} if to != s["hex"] else None
        if not embark:
            return None
        taken.update(embark)
        goal = campaign_bots.landing_goal(view, side, s["hex"], sum(
            u["attack"] for u in view["land"] if u["id"] in embark)) if campaign_bots.active(view) else \
            _goal(view, "japanese_engineer_objective") if any(
            "Engineer" in u["name"] for u in view["land"] if u["id"] in embark) else _goal(view, "japanese_objective")
        return {"stop": s["hex"], "embark": embark, "to": _toward(view, side, s, goal, budget - 1)}
    goal = _cargo_goal(view, s)
    if s["hex"] == goal and goal not in campaign_bots.ASHORE and campaign_bots.active(view):
        return None  # nowhere to land yet: it waits
    if s["hex"] == goal:
        # an unopposed landing (Step 2 (D): no enemy land or naval units there); else the Land Attack Phase
        if not _enemy_land(view, side, goal) and goal not in bot_view.enemy_hexes(view, side):
            return {"stop": goal, "debark": True}
        return None
    to = _toward(view, side, s, goal, budget)
    if to == goal and not _enemy_land(view, side, goal) and _dist(s["hex"], goal) + 1 <= budget:
        return {"stop": goal, "debark": True}
    return {"to": to} if to != s["hex"] else None


# --- land movement, landings and attacks ---

def _land_move(view: View, prompt: dict[str, Any], rng, side: str) -> dict[str, Any]:
    moves: dict[str, str] = {}
    entrench: list[str] = []
    marching, burma = march.orders(view, prompt, side)  # Burma 76: the campaign's divisions for Burma
    if campaign_bots.active(view):
        return _campaign_land_move(view, prompt, side, marching, burma)
    for u in sorted((u for u in view["land"] if u["side"] == side), key=lambda x: x["id"]):
        if not u.get("supplied", True):  # deprived of supply: it may neither move nor entrench (Supply (E))
            continue
        contested = bool(_enemy_land(view, side, u["hex"]))
        if u["id"] in marching:
            moves[u["id"]] = marching[u["id"]]
            continue
        if u["id"] in burma:  # on the march but not able to step now, or holding Burma
            if not u["entrenched"] and not contested:
                entrench.append(u["id"])
            continue
        if side == "japanese" and not u["entrenched"] and not u["moved"]:
            goal = _goal(view, "japanese_engineer_objective" if "Engineer" in u["name"] else "japanese_objective")
            steps = [n for n in grid.neighbours(u["hex"]) if PLACES.get(n, {}).get("terrain") == "land"
                     and _dist(n, goal) < _dist(u["hex"], goal)
                     and not (n in CLASS_1 and _enemy_land(view, side, n))
                     and not (tuple(sorted((u["hex"], n))) in MOUNTAIN and _enemy_land(view, side, n))
                     and n in _allowed(prompt, u["id"]) and n not in march.ROUTE[1:]]
            if steps and u["hex"] != goal and not contested:
                moves[u["id"]] = min(steps, key=lambda n, g=goal: (_dist(n, g), n))  # public, as _toward
                continue
        if not u["entrenched"] and not contested:
            entrench.append(u["id"])
    return {"verb": "land_move", "args": {"moves": moves, "entrench": entrench,
                                          "disentrench": march.must_disentrench(view, side),
                                          "works": building.repairs(prompt, set(moves))}}  # its damaged bases


def _campaign_land_move(view: View, prompt: dict[str, Any], side: str, marching: dict[str, str],
                        burma: set[str]) -> dict[str, Any]:
    """The campaigns (campaign_bots.py): the Burma march first, the other units on the objectives; a unit entrenches
    where it holds an objective or stands beside the enemy (elsewhere it stays free to embark)."""
    route = frozenset(march.ROUTE[1:]) if side == "japanese" else frozenset()
    busy = set(marching) | burma | campaign_bots.reserved(view, side, burma)
    plan = campaign_bots.land_orders(view, prompt, side, busy, route)
    moves = {**plan["moves"], **marching}
    near_enemy = {n for u in view["land"] if u["side"] == _enemy(side) and u["hex"]
                  for n in (u["hex"], *grid.neighbours(u["hex"]))}
    # a division on the march to Burma is not entrenched on the way (it would lose a phase disentrenching,
    # Movement (I)); one holding Burma is
    entrench = sorted(u["id"] for u in view["land"] if u["side"] == side and u["hex"] and u["id"] not in moves
                      and not u["entrenched"] and u.get("supplied", True) and not _enemy_land(view, side, u["hex"])
                      and (u["id"] in plan["hold"] or u["id"] in burma and u["hex"] == march.BURMA
                           or u["hex"] in near_enemy and u["id"] not in burma)
                      and u["id"] not in plan["break"])
    free = sorted({*march.must_disentrench(view, side), *plan["disentrench"]})  # they march next phase (Movement (I))
    args = {"moves": moves, "entrench": entrench, "disentrench": free,
            "works": building.repairs(prompt, set(moves))}
    if plan["break"]:
        args["break"] = plan["break"]
    return {"verb": "land_move", "args": args}


def _allowed(prompt: dict[str, Any], uid: str) -> list[str]:
    """The hexes the land-move prompt says a unit may enter (Terrain; Movement (F): never out of supply)."""
    return prompt.get("info", {}).get("may_move", {}).get(uid, [])


def _land_attack(view: View, prompt: dict[str, Any], rng, side: str) -> dict[str, Any]:
    land: list[str] = []
    if side == "japanese":  # only Japanese transports make opposed landings at Coral Sea (land._landable)
        for s in _mine(view, side):
            if s["type"] == "TR" and _enemy_land(view, side, s["hex"]) and not _coastal_defense(view, side, s["hex"]):
                land += s["carrying"]
    attack: list[str] = []
    hexes = {u["hex"] for u in view["land"] if u["side"] == side} | {
        s["hex"] for s in _mine(view, side) if s["type"] == "TR" and s["carrying"]}
    for h in sorted(hexes):
        enemy = _enemy_land(view, side, h)
        if not enemy:
            continue
        ashore = [u for u in view["land"] if u["side"] == side and u["hex"] == h and not u["entrenched"]
                  and u.get("supplied", True)]
        landing = [uid for s in _mine(view, side) if s["type"] == "TR" and s["hex"] == h
                   for uid in s["carrying"] if uid in land]
        strength = sum(u["attack"] for u in ashore) + sum(
            board.LAND_TYPES[n]["attack"] for s in _mine(view, side) if s["type"] == "TR" and s["hex"] == h
            for n in s["cargo"])
        if campaign_bots.active(view):  # the campaigns: only at the odds CRT 1 rewards, the ships' guns counted
            strength += sum(s["values"]["surface_attack"] for s in _mine(view, side) if s["hex"] == h
                            and s["type"] in GUNS) if not _coastal_defense(view, side, h) else 0
            if not campaign_bots.enough(view, side, h, strength):
                continue
        elif not (side == "japanese" or strength >= sum(u["defense"] for u in enemy)):
            continue
        attack += [u["id"] for u in ashore] + landing
    if campaign_bots.active(view):  # an opposed landing without its attack only where Class 2 lets both stand
        land = [uid for uid in land if uid in attack or next(
            s["hex"] for s in _mine(view, side) if uid in s["carrying"]) not in CLASS_1]
    # (C) every own battleship, cruiser or destroyer in a hex of an attack supports it
    where = {u["hex"] for u in view["land"] if u["id"] in attack} | {
        s["hex"] for s in _mine(view, side) if set(s["carrying"]) & set(attack)}
    ships = sorted(s["id"] for s in _mine(view, side) if s["hex"] in where and s["type"] in GUNS
                   and s["values"]["surface_attack"] > 0)
    return {"verb": "land_attack", "args": {"land": sorted(land), "attack": sorted(set(attack)),
                                            "naval_support": ships}}


# --- the secret air allocation ---

def _group_value(group: list[dict[str, Any]]) -> tuple[float, int]:
    """(value, ship index 1-based) of the best ship of an examined two-ship group."""
    scores = [PRIORITY.get(x["type"], 1) / (2 if x["damaged"] else 1) for x in group]
    i = max(range(len(scores)), key=lambda k: (scores[k], -k))
    return scores[i], i + 1


def _station_hex(view: View, side: str, station: str) -> str:
    if station.startswith("base:"):
        return station[5:]
    return next(s["hex"] for s in _mine(view, side) if s["id"] == station)


def _base_target(view: View, side: str, h: str, kind: str) -> str | None:
    """An enemy air base with air points on it within the station's normal range, where no enemy Coastal Defense
    unit stands (the mini-games): the one nearest the side's objective (it threatens the landing or the fleet
    covering it)."""
    objective = _goal(view, f"{side}_objective")
    bases = [b["hex"] for b in view["bases"] if b["side"] == _enemy(side) and b.get("capacity")
             and any(b["air"].values()) and _dist(h, b["hex"]) <= board.reach(kind)
             # (the campaigns: a battery there bars the ships' bombardment, not the air, Detailed Sequence of Play
             # 2 (F); its air is what defends the objectives near, campaign_bots.enough)
             and (campaign_bots.active(view) or not _coastal_defense(view, side, b["hex"]))]
    return min(bases, key=lambda x: (_dist(x, objective), x)) if bases else None


def _allocation(view: View, prompt: dict[str, Any], rng, side: str) -> dict[str, Any]:
    ties = _Ties(rng)  # which of equally good targets: one draw for every station alike
    stations = prompt["info"]["stations"]
    targets = {st["hex"]: st["groups"] for st in view["ships"][_enemy(side)]["stacks"] if "groups" in st}
    threats = bot_view.enemy_hexes(view, side) + [b["hex"] for b in view["bases"]
                                          if b["side"] == _enemy(side) and any(b["air"].values())]
    own_ship_hexes = {s["hex"] for s in _mine(view, side)}
    combat = view.get("land_attacks") or {"side": None, "hexes": []}
    # a land combat to help (5(J)): the attacker's own attacks; the defender's hexes where its units stand
    helps = [h for h in combat["hexes"] if combat["side"] == side
             or any(u["side"] == side and u["hex"] == h for u in view["land"])]
    missions, cap, ground, on_land, base_strikes = [], [], [], [], []
    objective = _goal(view, f"{side}_objective")
    batteries = _coastal_defense(view, side, objective) if side == "japanese" else []
    if any(s["hex"] == objective and s["type"] in GUNS for s in _mine(view, side)):
        batteries = []  # our guns bombarded it this Game-Turn: the air mission may not be combined with theirs
    for st in sorted(stations):
        h = _station_hex(view, side, st)
        for kind in board.KINDS:
            n = stations[st][kind] - (march.grounded(view, side, st) if kind == "lac" else 0)
            if n <= 0:
                continue
            options = []
            for t, groups in sorted(targets.items()):
                d = _dist(h, t)
                if d > board.reach(kind, extended=True):
                    continue
                for gi, g in enumerate(groups[:GROUPS], 1):
                    value, ship = _group_value(g)
                    if d > board.reach(kind):
                        value *= 0.6  # beyond normal range the strike's air-to-air falls to 1 or 2 a point
                    options.append((value, d, t, gi, ship))
            carrier = not st.startswith("base:")
            if batteries and not options and _dist(h, objective) <= board.reach(kind):
                # no ship to strike: bomb the coastal defence that bars the landing at the objective (Midway)
                keep = -(-n // 3) if carrier and any(_dist(h, x) <= THREAT for x in threats) else 0
                if keep:
                    cap.append({"from": st, "kind": kind, "points": keep})
                if n > keep:  # (a lone point kept on CAP bombs nothing)
                    on_land.append({"from": st, "kind": kind, "points": n - keep, "target": objective,
                                    "unit": batteries[0]["id"]})
                continue
            # (the campaigns: within the extended range too, Movement (V), as campaign_bots.enough counts it)
            near = [x for x in helps if _dist(h, x) <= board.reach(kind, extended=campaign_bots.active(view))]
            if not carrier and near:  # land-based air supports the land combat within normal range
                target = min(near, key=lambda x: (_dist(h, x), x))
                ground.append({"from": st, "kind": kind, "points": n, "target": target})
                continue
            base = None if options else _base_target(view, side, h, kind)
            if base:  # no ship to strike: bomb the enemy air base that threatens the landing or the fleet
                keep = -(-n // 3) if carrier and any(_dist(h, x) <= THREAT for x in threats) else 0
                if keep:
                    cap.append({"from": st, "kind": kind, "points": keep})
                if n - keep > 0:
                    base_strikes.append({"from": st, "kind": kind, "points": n - keep, "target": base,
                                         "base": "air base"})
                continue
            keep = 0
            if carrier:
                threatened = any(_dist(h, x) <= THREAT for x in threats)
                keep = n if not options else (-(-n // 3) if threatened else 0)
            elif kind == "lac" and h in own_ship_hexes:
                keep = n if not options else -(-n // 3)
            if keep:
                cap.append({"from": st, "kind": kind, "points": keep})
            if options and n - keep > 0:
                value, d, t, gi, ship = min(options, key=lambda o: (-o[0], o[1], ties((o[2], o[3]))))
                missions.append({"from": st, "kind": kind, "points": n - keep, "target": t, "group": gi,
                                 "ship": ship})
    sim = prompt.get("info", {}).get("simulation")
    if sim and sim["strike"]:  # Midway, Simulation Version: the four carriers' NAC all strike Midway's air base
        base_strikes = [m for m in base_strikes if m["from"] not in set(sim["strike"])]
        bound = set(sim["strike"])
        missions, cap, ground, on_land = ([m for m in x if m["from"] not in bound] for x in (missions, cap, ground,
                                                                                            on_land))
        base = next((b for b in view["bases"] if b["hex"] == sim["midway"] and b["side"] == _enemy(side)), None)
        defenders = _enemy_land(view, side, sim["midway"])
        for c in sorted(bound):
            n = stations.get(c, {}).get("nac", 0)
            if n and base:
                base_strikes.append({"from": c, "kind": "nac", "points": n, "target": sim["midway"],
                                     "base": "air base" if base.get("capacity", 1) else "naval base"})
            elif n and defenders:
                on_land.append({"from": c, "kind": "nac", "points": n, "target": sim["midway"],
                                "unit": defenders[0]["id"]})
    for row in (*missions, *cap, *ground, *on_land, *base_strikes):
        row["points"] = min(row["points"], 40)  # an order row carries at most 40 points (air.py's order shape)
    args = {"missions": missions, "cap": cap, "ground_support": ground}
    if base_strikes:
        args["base_strikes"] = base_strikes
    if on_land:
        args["land_strikes"] = on_land
    return {"verb": "allocate", "args": args}


# --- surface engagements (Mission: Surface Naval Engagement) ---

def _surface_strength(ships: list[dict[str, Any]]) -> int:
    return sum(x["values"]["surface_attack"] for x in ships)


def _escape(view: View, prompt: dict[str, Any], rng, side: str) -> dict[str, Any]:
    """Stay and fight when the ships here at sea fire at least as hard as the attackers; otherwise every ship that
    may escape does, to the adjacent hex farthest from the attackers' side of the map (ties by the stream)."""
    info = prompt["info"]
    here = [s for s in _mine(view, side) if s["hex"] == info["hex"]]
    if info.get("turn") and _surface_strength(here) < _surface_strength(info["attackers"]):
        return _turn(info, rng)
    if not info["hexes"] or _surface_strength(here) >= _surface_strength(info["attackers"]):
        return {"verb": "escape", "args": {"moves": {}}}
    home = _home(view, side, info["hex"])
    goal = home or info["hex"]
    to = _pick(rng, info["hexes"], lambda h: _dist(h, goal))
    return {"verb": "escape", "args": {"moves": {sid: to for sid in info["may_escape"]}}}


def _turn(info: dict[str, Any], rng) -> dict[str, Any]:
    """Outgunned and unable to escape: turn on the group entering from one hexside whose fire is weakest (so fewer of
    the attackers are engaged: Surface Naval Engagement, step 2); enemy ships in an adjacent hex are not shown, so
    the bot turns only on attackers it has seen come in."""
    came = {}
    for ship in info["attackers"]:
        if ship.get("entered_from") in info["turn"]:
            came.setdefault(ship["entered_from"], []).append(ship)
    if not came:
        return {"verb": "escape", "args": {"moves": {}}}
    on = _pick(rng, sorted(came), lambda h: (_surface_strength(came[h]), len(came[h])))
    return {"verb": "turn", "args": {"on": on}}


def _surface_fire(view: View, prompt: dict[str, Any], rng, side: str) -> dict[str, Any]:
    """Concentrate every engaged ship's fire on the most valuable engaged enemy ship (carriers, then transports)."""
    info = prompt["info"]
    enemy = info["engaged"][_enemy(side)]
    best = _pick(rng, enemy, lambda x: -PRIORITY.get(x["type"], 1) / x["values"]["defense"])
    return {"verb": "fire", "args": {"targets": {sid: best["id"] for sid in info["mine"]}}}


def _reserves(view: View, prompt: dict[str, Any], rng, side: str) -> dict[str, Any]:
    """Australian Reserves: every division the prompt offers, at the bases it proposes (nearest the landing)."""
    return {"verb": "place", "args": {"bases": list(prompt["info"]["default"])}}


def _variable_deployment(view: View, prompt: dict[str, Any], rng, side: str) -> dict[str, Any]:
    """Japanese Variable Deployment and the campaign set-up: the default placement (the missed order's)."""
    return {"verb": prompt["actions"][0]["verb"], "args": {"places": {}}}


def _sub_aim(view: View, prompt: dict[str, Any], rng, side: str) -> dict[str, Any]:
    """Submarines (H): every sub at the most valuable target, combined (C): the prompt's default."""
    return {"verb": "aim", "args": {"targets": dict(prompt["info"]["default"])}}


def _sub_split(view: View, prompt: dict[str, Any], rng, side: str) -> dict[str, Any]:
    """Submarines (H): silence whole subs, those aimed at the most valuable ships first: the prompt's default."""
    return {"verb": "split", "args": {"reduction": dict(prompt["info"]["default"])}}


def _obey_shock(prompt: dict[str, Any], order: dict[str, Any]) -> dict[str, Any]:
    """Campaign Game 1, Shock Effect, as the prompt's info.shock states it (shock.py): the Allies do not move or fly
    then; the Japanese ships keep more than five hexes from every Allied base, only ships move, and in the
    Pre-Game-Turn without double speed (the allowance the prompt gives is halved back when it was doubled)."""
    training = prompt["info"].get("training") or {}
    if training and order["verb"] == "move":  # Japanese Carrier Aircraft Embarkation: training carriers stay
        ships = prompt["info"].get("ships", {})
        order = {**order, "args": {**order["args"], "moves": {
            sid: o for sid, o in order["args"].get("moves", {}).items()
            if sid not in training or o.get("to", o.get("stop")) == ships.get(sid, {}).get("hex")}}}
    sh = prompt["info"].get("shock")
    if not sh:
        return order
    a = order["args"]
    if sh.get("no_missions"):
        return {"verb": order["verb"], "args": {"missions": [], "cap": []}}
    if sh.get("no_movement"):
        if order["verb"] == "move":
            return {"verb": "move", "args": {"moves": {}}}
        if order["verb"] == "land_move":
            return {"verb": "land_move", "args": {**a, "moves": {}}}
        return {"verb": order["verb"], "args": {**a, "land": []}}
    ships = prompt["info"].get("ships", {})
    keep = {}
    for sid, o in a.get("moves", {}).items():
        o = {k: v for k, v in o.items() if k in ("stop", "to")}
        start = ships.get(sid, {}).get("hex")
        hexes = [h for h in (o.get("stop"), o.get("to")) if h and h != start]
        if any(_dist(h, b) <= sh["distance"] for h in hexes for b in sh["allied_bases"]):
            continue
        keep[sid] = o
    out = {"moves": keep}
    if a.get("subs"):
        out["subs"] = a["subs"]
    return {"verb": "move", "args": out}


def _me(view: View) -> str:
    """The side whose view this is: the one whose ships it lists unit by unit (views.view; the enemy's as stacks)."""
    return next(side for side in board.SIDES if "units" in view["ships"][side])


def _answer(decide: Callable[[View, dict[str, Any], Any, str], dict[str, Any]]) -> Bot:
    """A decision record's `bot` (rules.STATES): the heuristic's order for the view's side, within the Shock Effect
    and the carriers in training as the prompt states them."""
    def answer(view: View, prompt: dict[str, Any], rng) -> dict[str, Any]:
        return _obey_shock(prompt, decide(view, prompt, rng, _me(view)))
    answer.__name__ = decide.__name__.lstrip("_")
    answer.__doc__ = decide.__doc__
    return answer


# each decision record's answer (rules.STATES names the kind once, with its `bot`)
deploy, naval, land_move, land_attack = _answer(_deploy), _answer(_naval), _answer(_land_move), _answer(_land_attack)
allocation, escape, surface_fire = _answer(_allocation), _answer(_escape), _answer(_surface_fire)
sub_aim, sub_split, reserves = _answer(_sub_aim), _answer(_sub_split), _answer(_reserves)
set_up = _answer(_variable_deployment)  # Japanese Variable Deployment and the campaign set-up alike
