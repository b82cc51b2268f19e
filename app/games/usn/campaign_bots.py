"""The computer players' campaign (Campaign Games 1-3, issue 36): the land units march on the objectives of How the
Game is Won and hold them, a Japanese unit crosses into Thailand (Thailand 111, so Bangkok can take Burma 76's ten
LAC), the damaged ships go home to be repaired, and a division on an objective breaks down (Unit Breakdown) so that
one component holds it while the others march on. Read from the side's own view and prompt only; bots.py asks this
module in the campaign scenarios and keeps its own orders for the rest.

Heuristics:
- Targets (`wanted`). Japan, by area: the objective hexes where Allied land units stand (an area both sides occupy
  is disputed and scores for nobody, and the Japanese cannot win without each asterisked area undisputed); in an
  area it did not hold at the game's start, every hex it has no unit on; in an asterisked area it held at the start,
  each hex an enemy land unit is within `THREAT` hexes' march of; and Thailand (111) while Bangkok is neutral in
  Games 1 and 3 (Thailand 111 is their special rule). It no longer spreads over the empty hexes of the areas it held
  at the start (Campaign Game 2): the last to occupy holds an area. The Allies: the objective hexes the Japanese
  stand on. A unit goes for the target nearest by land (the map's land hexsides, China and India excluded): `CROWD`
  units a target, and for Japan more while the attack sent is short of what the target wants (`wanted`): the odds
  worth attacking at (`odds`) on the enemy's Defence as attacked and his air support, less the side's own air
  support (if a third of its army ashore can make it); against a threat, a garrison whose entrenched Defence
  matches the enemy's attack within `THREAT` hexes.
- Holding. The first unit of its side on an objective hex stays there and entrenches (while an enemy land unit that
  may march is within `THREAT` hexes' march, the first `GARRISON`, and more while that enemy and his air could make
  more than `HOLD_ODDS` on their Defence entrenched: both sides); a division that would hold breaks down (Unit
  Breakdown, into its most components) when a target is left and the hex is not threatened, one component holding,
  the others marching on. The Japanese leave no garrison on the Home Islands' naval bases while no enemy comes (the
  last to occupy holds an area). Units standing with the enemy stay (bots._land_attack attacks there). An
  entrenched unit may not move (Movement (I)): one with a target to march on, or one the transports may fetch,
  disentrenches at the end of the phase (Entrenchment (B)) and moves in the next.
- Landings. A loaded Japanese transport sails for the landing hex (where the rules let a transport put units
  ashore) nearest a target in Game-Turns; an empty one fetches the nearest units with no land route shorter than
  `LONG_MARCH` Game-Turns to a target (a ship steps about six hexes a Game-Turn, a land unit one).
- Fuel. In the long campaign voyages a ship turns for the nearest naval base that refuels once the Game-Turns left
  at sea would just bring it there (Supply (G)).
- Attacks (`odds`, `enough`). A unit steps into a hex where enemy units stand, and an attack is announced there,
  only when the attack (land units, and in the Land Attack Phase the ships' guns) with the side's land-based air
  within reach reaches the odds CRT 1 rewards against the enemy's Defence as attacked (strength.as_attacked) and
  his air support: 2-1 where a D1 destroys the defender, 3-1 where it takes his entrenchment, bases or battery, else
  4-1. The enemy's units count out of supply in a hex under the side's undisputed Zone of Control as its view shows
  it (`cut_off`: its carriers and air bases with air within two hexes), and such units are no threat to its
  garrisons (Supply (E): they may neither move nor attack). bots.py sends the Japanese fleet to the enemy-held
  objective the army stands nearest in strength (`siege`), once the first objective is clear.
- Transports keep out of the enemy's strike range when they go for troops (`exposed`).
- Repair. A damaged ship heads for its side's repair base nearest (Japan's naval bases; Pearl Harbor while Allied)
  and stays there, unmoved, until repaired (Damage and Repair of Naval Units: a week in the base per point).
"""
from __future__ import annotations

from collections import deque
from functools import cache, lru_cache
from typing import Any

from app.games.usn import (
    airbase,
    board,
    bot_view,
    breakdown,
    campaign_victory,
    campaigndata,
    grid,
    march,
    offmap,
    strength,
    supply,
    zoc,
)
from app.games.usn.land import CLASS_1, LAND_HEXES, MOUNTAIN

View = dict[str, Any]
CROWD = 3  # units sent toward one target hex at a time
THREAT = 6  # an enemy land unit this many hexes' march from an objective held threatens it
LONG_MARCH = 6  # a Japanese land unit further than this from every target is fetched by sea
GARRISON = 1  # the units a threatened objective keeps at least (and is reinforced to)
HOLD_ODDS = 2  # a garrison holds while the enemy near can make no more than 2-1 on it (CRT 1: Ax on two dice in six)
THAILAND = "0111"
# where a transport may put land units ashore (Terrain; naval.py's debark check): the Class 1 and 2 hexes and the
# map's places
ASHORE = frozenset(board.PLAY["terrain_class"]["class_1"] + board.PLAY["terrain_class"]["class_2"]) | frozenset(
    grid.normalise(p["id"]) for p in board.gamedata.load("map")["place"])


def active(view: View) -> bool:
    return str(view.get("scenario", "")).startswith("campaign")


# --- the land map, as the computer player reads it (no state: the terrain tables only) ---

@cache
def _graph() -> dict[str, tuple[str, ...]]:
    land = set(LAND_HEXES) - supply.FORBIDDEN
    return {h: tuple(n for n in grid.neighbours(h) if n in land and supply.on_land(h, n)) for h in land}


@cache
def distances(target: str) -> dict[str, int]:
    """Hexes moved by land from every land hex to `target` (one hex a Game-Turn, Movement (F))."""
    g = _graph()
    out = {target: 0}
    todo = deque([target])
    while todo:
        h = todo.popleft()
        for n in g.get(h, ()):
            if n not in out:
                out[n] = out[h] + 1
                todo.append(n)
    return out


@cache
def _objective_hexes() -> dict[str, dict[str, Any]]:
    return {h: o for o in campaign_victory.objectives() for h in o["hexes"]}


def _enemy_at(view: View, side: str, h: str) -> list[dict[str, Any]]:
    return [u for u in view["land"] if u["side"] == board.other(side) and u["hex"] == h]


def _own_at(view: View, side: str, h: str) -> list[dict[str, Any]]:
    return [u for u in view["land"] if u["side"] == side and u["hex"] == h]


def targets(view: View, side: str) -> list[str]:
    """The hexes the side's land units march on (module docstring, "Targets")."""
    return sorted(wanted(view, side))


def wanted(view: View, side: str) -> dict[str, int]:
    """{target hex: the attack strength the side wants sent there} (module docstring, "Targets"). Worked out once
    per decision: the view is that decision's own, and its transports and land units each ask (measured: a third
    of the computer's time in Campaign Game 3)."""
    # the decision's scratch, never read by the rules; its keys are text, so the view stays plain JSON
    memo = view.setdefault("_campaign_bots", {})
    if f"wanted:{side}" not in memo:
        memo[f"wanted:{side}"] = _wanted(view, side)
    return dict(memo[f"wanted:{side}"])


def _wanted(view: View, side: str) -> dict[str, int]:
    out: dict[str, int] = {}
    start = campaign_victory.start_control(str(view.get("scenario", "")))
    # an assault is worth gathering for only if a third of the army ashore can make it
    army = sum(u["attack"] for u in view["land"] if u["side"] == side and u["hex"]) // 3
    for o in campaign_victory.objectives():
        hexes = o["hexes"]
        enemy = [h for h in hexes if _enemy_at(view, side, h)]
        for h in enemy:  # retake or clear what the enemy stands on (an area he shares is disputed: nobody scores)
            want = _assault(view, side, h) if side == "japanese" else 0
            out[h] = want if want <= army else 0  # out of reach: CROWD units wait at hand
        if side != "japanese" or o["id"].startswith("japan_"):
            continue
        if start.get(o["id"]) != side:  # an area to conquer: each hex it has no unit on (measured: occupying only
            for h in hexes:  # one hex of a conquered area lost more of them in Campaign Game 1)
                if not _own_at(view, side, h):
                    out.setdefault(h, 0)
        elif o.get("japan_needs"):  # an asterisked area held since the start: each hex an enemy could walk into
            for h in hexes:
                if h not in out and _threatened(view, side, h):
                    out[h] = _threat(view, side, h)
    for h in sorted(_objective_hexes()):  # reinforce a threatened objective held, its garrison short (`_holds`)
        own = _own_at(view, side, h)
        if h not in out and own and _threatened(view, side, h) and _short(view, side, h, sum(map(_entrenched, own))):
            out[h] = 0
    # Thailand 111 (Campaign Games 1 and 3): crossing the border hands Bangkok over
    if side == "japanese" and view.get("scenario") in march.GAMES and any(
            b["hex"] == "0112" and b["side"] == "thailand" for b in view["bases"]):
        out.setdefault(THAILAND, 0)
    return out


def _assault(view: View, side: str, h: str) -> int:
    """The land units' attack strength wanted against the enemy at h: what `enough` asks before a unit goes in or
    an attack is announced (the side's air support counted, its naval support not)."""
    return max(0, odds(view, side, h) * _held(view, side, h) - _air_support(view, side, h))


def odds(view: View, side: str, h: str) -> int:
    """The odds an attack at h is worth making (CRT 1; Explanation of Effects): 2-1 (two dice in six Ax) where a D1
    destroys the defender: on Class 1 land, or on Class 2 defending a base out of supply (`cut_off`); 3-1 (one die
    in six Ax) where a D1 gains something: on Class 2 it takes an entrenched defender's entrenchment, the bases and
    the Coastal Defense units of the hex; else 4-1, the first column with no Ax on any die, for below it a D1
    leaves an unentrenched Class 2 defender where it stands and only the Ax is left to roll for."""
    enemy = _enemy_at(view, side, h)
    base = any(b["hex"] == h and b["side"] == board.other(side) for b in view["bases"])
    if h in CLASS_1 or base and cut_off(view, side, h) and not all(_battery(u) for u in enemy):
        return 2
    return 3 if base or any(u.get("entrenched") or _battery(u) for u in enemy) else 4


def _held(view: View, side: str, h: str) -> int:
    """The enemy's Defence at h as the attack meets it: each unit's Defense Strength as attacked (tripled
    entrenched, halved out of supply: strength.as_attacked; a Coastal Defense unit is always supplied, Supply (E))
    and the air support he can fly to it."""
    cut = cut_off(view, side, h)
    return sum(strength.as_attacked(u, u.get("supplied", True) and not (cut and not _battery(u)))
               for u in _enemy_at(view, side, h)) + _air_support(view, board.other(side), h)


def _battery(u: dict[str, Any]) -> bool:
    return board.LAND_TYPES[u["name"]]["kind"] == "coastal_defense"


def cut_off(view: View, side: str, h: str) -> bool:
    """Is h under the side's undisputed Zone of Control as its view shows it (`_cut_zone`)? Then the enemy's land
    units at h trace no supply (Supply (D): the undisputed Zone of Control blocks a line into a hex, the unit's own
    included): they may neither move nor attack and defend halved (Supply (E))."""
    return h in _cut_zone(*_zoc_sources(view, side))


def _zoc_sources(view: View, side: str) -> tuple[frozenset[str], frozenset[str]]:
    """(the hexes of the side's carriers holding air units and of its air bases holding air points; those of the
    enemy's air bases holding air points and of his naval stacks, which may carry aircraft) (Zones of Control)."""
    mine = {s["hex"] for s in view["ships"][side]["units"] if board.is_carrier(s) and s.get("nac")}
    mine |= {b["hex"] for b in view["bases"] if b["side"] == side and any(b["air"].values())}
    theirs = {b["hex"] for b in view["bases"] if b["side"] == board.other(side) and any(b["air"].values())}
    theirs |= {st["hex"] for st in view["ships"][board.other(side)]["stacks"]}
    return frozenset(mine), frozenset(theirs)


@lru_cache(maxsize=512)  # the carriers move every phase: the recent positions only
def _cut_zone(mine: frozenset[str], theirs: frozenset[str]) -> frozenset[str]:
    """Zones of Control: every hex within two hexes of a source of the side's and of none of the enemy's."""
    def disc(hexes):
        return {x for h in hexes if not offmap.off(h) for x in grid.within(h, zoc.RADIUS)}
    return frozenset(disc(mine) - disc(theirs))


def siege(view: View, side: str) -> str | None:
    """The enemy-held objective hex where the side's army stands closest in strength (its land units' attack within
    two hexes), the fewest defenders first among equals: the fleet's carriers stand off it (their Zone of Control
    cuts its supply) and its guns bombard its battery (bots.py reads it as the side's objective). None: no army
    near one."""
    best = None
    for h, o in _objective_hexes().items():
        enemy = _enemy_at(view, side, h)
        if not enemy or o["id"].startswith("japan_") and side == "japanese":
            continue
        near = sum(u["attack"] for u in view["land"] if u["side"] == side and u["hex"]
                   and grid.distance(u["hex"], h) <= 2)
        if near:
            k = (-near, sum(u["defense"] for u in enemy), h)
            best = min(best or (k, h), (k, h))
    return best[1] if best else None


def _air_support(view: View, side: str, h: str) -> int:
    """The Bombardment Strength of the side's land-based air (LAC, LBAC) on its air bases within reach of h, the
    extended range included (Ground Support - Offensive and - Defensive; Movement (V): beyond the normal range only
    the air-to-air strength falls)."""
    return sum(b["air"].get(kind, 0) * airbase.bomb_per_point({"kind": kind, "side": side})
               for b in view["bases"] if b["side"] == side and not neutralized(view, f"base:{b['hex']}")
               for kind in ("lac", "lbac") if grid.distance(b["hex"], h) <= board.reach(kind, extended=True))


def enough(view: View, side: str, h: str, attack: int) -> bool:
    """Do `attack` land (and naval) strength and the side's air support reach the odds worth attacking at h?"""
    return attack + _air_support(view, side, h) >= odds(view, side, h) * _held(view, side, h)


def _threat(view: View, side: str, h: str) -> int:
    """The strength a threatened hex is kept at: the enemy's attack within THREAT hexes' march, which the garrison's
    entrenched Defence (doubled, a margin under the rules' tripling) should match; the units already there count."""
    mine = sum(2 * u["defense"] for u in _own_at(view, side, h))
    # the units sent are counted by their attack, about a quarter of their Defence entrenched
    return max(0, _near_attack(view, side, h) - mine) // 4


def _near_attack(view: View, side: str, h: str) -> int:
    """The attack strength of the enemy land units within THREAT Game-Turns' march of h (by land) that may march
    (`_menace`)."""
    d = distances(h)
    return sum(u["attack"] for u in _menace(view, side) if d.get(u["hex"], 99) <= THREAT)


def _threatened(view: View, side: str, h: str) -> bool:
    """An enemy land unit ashore within THREAT Game-Turns' march of h (by land) that may march (`_menace`)."""
    d = distances(h)
    return any(d.get(u["hex"], 99) <= THREAT for u in _menace(view, side))


def _menace(view: View, side: str) -> list[dict[str, Any]]:
    """The enemy land units ashore that may march: not those the side's Zone of Control cuts off (Supply (E): they
    may neither move nor attack)."""
    cut = _cut_zone(*_zoc_sources(view, side))
    return [u for u in view["land"] if u["side"] == board.other(side) and u["hex"] and u["hex"] not in cut]


def _holds(view: View, side: str, u: dict[str, Any], staying: dict[str, list[int]]) -> bool:
    """The unit is the last of its side on an objective hex its side wants held (it stays); where the enemy is
    coming, GARRISON units, and more while the attack of the enemy within THREAT hexes' march and his air support
    would make more than HOLD_ODDS on their Defence entrenched (tripled, Entrenchment (A))."""
    if u["hex"] not in _objective_hexes():
        return False
    n, defence = staying.get(u["hex"], (0, 0))
    if _threatened(view, side, u["hex"]):
        return n < GARRISON or _short(view, side, u["hex"], defence)
    # the Home Islands' naval bases are Japan's since the start, the last to occupy: no garrison while no enemy comes
    return n == 0 and not (side == "japanese" and _objective_hexes()[u["hex"]]["id"].startswith("japan_"))


def _stay(staying: dict[str, list[int]], u: dict[str, Any]) -> None:
    got = staying.setdefault(u["hex"], [0, 0])
    got[0] += 1
    got[1] += _entrenched(u)  # entrenched, or soon (it stays)


def _entrenched(u: dict[str, Any]) -> int:
    """A garrison unit's Defence as attacked once entrenched (tripled, Entrenchment (A)), supplied."""
    return strength.as_attacked({**u, "entrenched": True}, True)


def _short(view: View, side: str, h: str, defence: int) -> bool:
    """Is a garrison of this entrenched `defence` at h short: could the enemy's land units near and his air support
    make more than HOLD_ODDS on it?"""
    return HOLD_ODDS * defence < _near_attack(view, side, h) + _air_support(view, board.other(side), h)


# --- land movement ---

def reserved(view: View, side: str, going: set[str]) -> set[str]:
    """The divisions waiting at the Burma march's start for a later deadline (all four are due by Game-Turn 18,
    Burma 76): they stay there for the march rather than go elsewhere (`going`: those marching or holding Burma)."""
    if side != "japanese" or view.get("scenario") not in march.GAMES or march.done(view):
        return set()
    due = march.table()["divisions_by_turn"][-1][1] - len(going)
    waiting = sorted(u["id"] for u in view["land"] if u["side"] == side and u["name"] == march.DIVISION
                     and u["hex"] == march.ROUTE[0] and u["id"] not in going)
    return set(waiting[:max(0, due)])


def land_orders(view: View, prompt: dict[str, Any], side: str, busy: set[str],
                avoid: frozenset[str] = frozenset()) -> dict[str, Any]:
    """{"moves": {unit: hex}, "break": {division: into}, "hold": [units that stay on an objective], "disentrench":
    [entrenched units that would march: they disentrench now and march in the next phase]} for the units
    not in `busy` (the Burma march's), from the side's view and the prompt's may_move, never into `avoid` (the
    march's route: a division stepping on it would be counted as marching)."""
    may = prompt.get("info", {}).get("may_move", {})
    try:
        breakable = set(prompt["actions"][0]["args"]["break"]["each"]["ids"])
    except (KeyError, IndexError, TypeError):
        breakable = set()
    goals = wanted(view, side)
    sent: dict[str, list[int]] = {}  # {target: [units sent, their attack]}
    staying: dict[str, list[int]] = {}  # {hex: [units staying, their Defence entrenched]}
    moves: dict[str, str] = {}
    breaks: dict[str, str] = {}
    hold: list[str] = []
    free: list[str] = []
    arriving: dict[str, list[dict[str, Any]]] = {}
    units = sorted((u for u in view["land"] if u["side"] == side and u["hex"] and u["id"] not in busy
                    and u.get("supplied", True)), key=lambda x: (-x["attack"], x["id"]))
    for u in units:
        options = may.get(u["id"], [])
        if _holds(view, side, u, staying):
            _stay(staying, u)
            # a threatened garrison stays whole (its components would march off)
            into = _into(u) if u["id"] in breakable and options and goals \
                and not _threatened(view, side, u["hex"]) else None
            if into:
                breaks[u["id"]] = into  # one component holds; the others march on (below)
            hold.append(u["id"])
            continue
        if _enemy_at(view, side, u["hex"]):
            _stay(staying, u)
            continue
        if u.get("entrenched"):
            # it may not move entrenched (Movement (I)): where it would march, it disentrenches at the end of this
            # phase (Entrenchment (B)) and marches in the next
            if _step(view, side, u, list(_graph().get(u["hex"], ())), goals, {g: list(n) for g, n in sent.items()},
                     {}, avoid) or side == "japanese" and fetchable(view, side, u, goals):
                free.append(u["id"])  # (or free to embark: the transports fetch it, `pickup`)
            _stay(staying, u)
            continue
        step = _step(view, side, u, options, goals, sent, arriving, avoid)
        if step:
            moves[u["id"]] = step
        else:
            _stay(staying, u)
    # a broken-down division's components 2 and 3 march on from its hex, where the division might have gone
    for uid, into in breaks.items():
        u = next(x for x in units if x["id"] == uid)
        r = breakdown.row(u, into)
        kind = campaigndata.land_types()[r["component"]]
        part = {**u, "attack": kind["attack"], "defense": kind["defense"]}
        for n in range(2, r["count"] + 1):
            step = _step(view, side, {**part, "id": f"{uid}.{n}"}, may.get(uid, []), goals, sent, arriving, avoid)
            if step:
                moves[f"{uid}.{n}"] = step
    return {"moves": moves, "break": {k: v for k, v in breaks.items()
                                      if any(m.startswith(k + ".") for m in moves)}, "hold": hold,
            "disentrench": free}


def _room(goals: dict[str, int], sent: dict[str, list[int]], g: str) -> bool:
    """A target takes CROWD units, and more while the attack sent there is short of what it wants (`wanted`)."""
    n, attack = sent.get(g, (0, 0))
    return n < CROWD or attack < goals.get(g, 0)


def _step(view: View, side: str, u: dict[str, Any], options: list[str], goals: dict[str, int],
          sent: dict[str, list[int]], arriving: dict[str, list[dict[str, Any]]],
          avoid: frozenset[str] = frozenset()) -> str | None:
    """The next hex toward the nearest target by land with room (`_room`), entering an enemy-held hex only at the
    odds the module docstring gives; None: stay."""
    if not options or not goals:
        return None
    # a neutral base entered is captured, and a captured base is unusable until an engineer repairs it (Air and
    # Naval Bases (A), (C)); crossing the border elsewhere hands Bangkok over whole (Thailand 111)
    neutral = {b["hex"] for b in view["bases"] if b["side"] not in board.SIDES}
    ranked = []
    for g in goals:
        d = distances(g)
        if u["hex"] in d and d[u["hex"]] > 0 and _room(goals, sent, g):
            ranked.append((d[u["hex"]], g))
    for _, g in sorted(ranked):
        d = distances(g)
        nearer = sorted((n for n in options if d.get(n, 99) < d[u["hex"]] and n not in neutral and n not in avoid),
                        key=lambda n: (d[n], n))
        for n in nearer:
            enemy = _enemy_at(view, side, n)
            if enemy:
                if n in CLASS_1 or tuple(sorted((u["hex"], n))) in MOUNTAIN:
                    continue
                force = [*_own_at(view, side, n), *arriving.get(n, []), u]
                if not enough(view, side, n, sum(x["attack"] for x in force)):
                    continue
            got = sent.setdefault(g, [0, 0])
            got[0] += 1
            got[1] += u["attack"]
            arriving.setdefault(n, []).append(u)
            return n
    return None


def _into(u: dict[str, Any]) -> str | None:
    """The breakdown with the most components the division has (Unit Breakdown), or None."""
    rows = [r for r in (breakdown.row(u, into) for into in breakdown.INTO) if r]
    return max(rows, key=lambda r: (r["count"], r["into"]))["into"] if rows else None


# --- damaged ships home for repair ---

def repair_base(view: View, side: str, h: str) -> str | None:
    """The side's repair base nearest h that it holds (Pearl Harbor for the Allies; the West Coast is off the map,
    reached only through the boxes, so the computer player uses Pearl Harbor while it is Allied)."""
    where = [p for p in campaigndata.units()["repair"][side] if not offmap.off(p)
             and any(b["hex"] == p and b["side"] == side and b["naval"] for b in view["bases"])]
    return min(where, key=lambda p: (grid.distance(h, p), p)) if where else None


def repair_moves(view: View, side: str, toward) -> dict[str, Any | None]:
    """{ship: order, or None to stay} for the damaged ships on the map: home to the nearest repair base, and there
    unmoved until repaired (a move spoils the week's repair). `toward(ship, goal)` is bots._toward's hex."""
    out: dict[str, Any | None] = {}
    for s in view["ships"][side]["units"]:
        if not s["damage"] or offmap.off(s["hex"]):
            continue
        home = repair_base(view, side, s["hex"])
        if home is None:
            continue
        if s["hex"] == home:
            out[s["id"]] = None
            continue
        to = toward(s, home)
        out[s["id"]] = {"to": to} if to != s["hex"] and bot_view.free(view, side, to) else None
    return out


# --- the Japanese invasions by sea ---

def landing_goal(view: View, side: str, h: str, attack: int = 0) -> str:
    """Where a loaded Japanese transport sails: the hex where land units may go ashore (Terrain) that puts them
    nearest a target in Game-Turns (a ship steps about six hexes a Game-Turn, a land unit one), never onto an enemy
    Coastal Defense unit (Amphibious Assault, errata) nor onto enemy Class 1 land its cargo's `attack` (with the
    air support) would not assault at the odds worth it (`enough`: it must destroy the defender to land, and would
    wait at sea; measured, divisions stayed aboard for forty Game-Turns), unopposed landings first among equals;
    its own hex when none."""
    goals = targets(view, side)
    best = None
    for x in sorted(ASHORE):
        enemy = _enemy_at(view, side, x)
        if not grid.open_hex(x) or any(_battery(u) for u in enemy) \
                or enemy and x in CLASS_1 and not enough(view, side, x, attack):
            continue
        land = min((distances(g).get(x, 99) for g in goals), default=99)
        if land >= 99:
            continue
        k = (land + grid.distance(h, x) / 6, bool(_enemy_at(view, side, x)), x)
        if best is None or k < best[0]:
            best = (k, x)
    return best[1] if best else h


def pickup(view: View, side: str, h: str, taken: set[str]) -> str | None:
    """Where an empty Japanese transport goes for troops: the nearest hex open to ships holding unentrenched own
    land units that no land route takes to a target within LONG_MARCH Game-Turns (the island garrisons, the home
    islands' reserve, the army far from the front: a ship steps about six hexes a Game-Turn, a land unit one)."""
    goals = targets(view, side)
    idle = {u["hex"] for u in view["land"] if not u["entrenched"] and u["id"] not in taken
            and fetchable(view, side, u, goals)} - exposed(view, side)
    return min(idle, key=lambda x: (grid.distance(h, x), x)) if idle else None


def exposed(view: View, side: str) -> set[str]:
    """The hexes an unescorted transport keeps out of: within the extended strike range of an enemy naval stack (it
    may hold carriers: NAC, Movement (V)) or of an enemy air base holding air points (its LAC; LBAC strike ships
    at one point a point). Measured: empty transports sent for the Home Islands' reserve past an Allied carrier
    force lost some 280 VP in Campaign Game 3 (seed 3)."""
    enemy = board.other(side)
    out = {x for st in view["ships"][enemy]["stacks"] if not offmap.off(st["hex"])
           for x in grid.within(st["hex"], board.reach("nac", extended=True))}
    out |= {x for b in view["bases"] if b["side"] == enemy and b["air"].get("lac") and not offmap.off(b["hex"])
            for x in grid.within(b["hex"], board.reach("lac", extended=True))}
    return out


def fetchable(view: View, side: str, u: dict[str, Any], goals=None) -> bool:
    """A land unit of the side the transports fetch (`pickup`): ashore on a hex open to ships, not a Coastal
    Defense unit, no land route within LONG_MARCH Game-Turns to a target, no enemy beside it, not on Burma 76's
    march. `goals`: the side's targets, if the caller has them."""
    goals = targets(view, side) if goals is None else goals
    return u["side"] == side and bool(u["hex"]) and grid.open_hex(u["hex"]) and not offmap.off(u["hex"]) \
        and board.LAND_TYPES[u["name"]]["kind"] != "coastal_defense" \
        and min((distances(g).get(u["hex"], 99) for g in goals), default=99) > LONG_MARCH \
        and not _enemy_at(view, side, u["hex"]) and u["hex"] not in march.ROUTE


def neutralized(view: View, station: str) -> bool:
    """An air base that may not receive air units (Movement (S)), as the view shows it: neutralized until a step of
    this Game-Turn or later (the view gives no step index, so until the Game-Turn's end is read as still)."""
    if not station.startswith("base:"):
        return False
    b = next((b for b in view["bases"] if b["hex"] == station[5:]), None)
    until = ((b or {}).get("neutralized") or {}).get("air")
    return bool(until) and until[0] >= view["turn"]


def _ports(view: View, side: str, ship: dict[str, Any]) -> list[str]:
    """The side's naval bases that refuel (Supply (G)) as the view shows them: not neutralized; the one the ship
    lies in is not, when it is still counted at sea there (out of supply: Supply (E))."""
    return [b["hex"] for b in view["bases"] if b["side"] == side and b["naval"]
            and not ((b.get("neutralized") or {}).get("naval") and b["neutralized"]["naval"][0] >= view["turn"])
            and not (b["hex"] == ship["hex"] and ship["at_sea"] > 0)]


def home(view: View, side: str, ship: dict[str, Any]) -> str | None:
    ports = _ports(view, side, ship)
    return min(ports, key=lambda p: (grid.distance(ship["hex"], p), p)) if ports else None


def low_fuel(view: View, side: str, ship: dict[str, Any]) -> bool:
    """Supply (G) in a campaign's long voyages: the Game-Turns left at sea are no more than the way home to the
    nearest own naval base that refuels takes at the printed Movement Allowance (and one to spare)."""
    if not active(view) or offmap.off(ship["hex"]):
        return False
    h = home(view, side, ship)
    if h is None or h == ship["hex"]:
        return False
    turns = -(-grid.distance(ship["hex"], h) // max(1, ship["values"]["movement"]))
    return ship["at_sea"] + turns >= board.fuel_limit(ship["type"]) - 1
