"""Surface Naval Engagement (Mission Capability Chart: Naval Units, Mission: Surface Naval Engagement; Stacking (D),
(G); Detailed Sequence of Play, Step 2 (G); CRTs 4 and 5).

After the first portion of a naval movement (C)-(D), every hex where the moving Player's ships stand with enemy
naval units at sea (not in their own naval base: Air and Naval Bases (L)) is an engagement, resolved one hex at a
time in hex order:

1. the attacker is the moving Player; his ships in the hex are the attacking units;
2. the defender may move ships whose Movement Allowance is at least the attackers' greatest into an adjacent hex
   (decision `escape`); those that stay accept combat;
3. attacking ships with a Movement Allowance below the lowest of the remaining defenders are out of combat;
4. one for one: k = min(attackers able, defenders left); the top k defenders are engaged, and the attacker commits
   his own top k able ships (reading: "the topmost units must always be the first ones to be committed");
5. both sides at once write, for each engaged ship, one target among the enemy's engaged ships (decision
   `surface_fire`, secret until both have written); every target is resolved once with the summed Surface Attack of
   the ships firing at it against its Defense on CRT 4, then CRT 5; both sides fire before losses are taken.

Then (I) the moving Player's ships finish their ordered movement (naval.finish). Entry hexsides: each attacking
ship enters the hex from an adjacent hex, the `via` of its order or, when it names none, the neighbour of the hex on
a shortest route from its start (naval.entry_hex). The escape is to an adjacent hex none of them came from, one not
adjacent to any of those hexes when there is one (step 2's "preferably"). When no defending ship can avoid action
(none fast enough, or no hex to go to), the defender may instead turn to fight (decision `turn`): on the ships that
entered from one hexside, or on enemy ships at sea in an adjacent hex; his ships become the attackers of that group
alone (steps 3-4 with the roles swapped), and afterwards all of them stand in the hex that group came from (the
rulebook's example, U-X6). Readings (docs/games/usn.md): a ship may hold its fire."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, entry
from app.engine.orders import Choice, Keyed
from app.games.usn import board, crt, damage, grid

RULE = "Mission Capability Chart: Naval Units, Surface Naval Engagement"
ESCAPE, FIRE = "escape", "surface_fire"  # the engagement's two decisions (their records in rules.STATES)
AT = "Step (G): surface naval engagement"

def escape_verbs(hexes, ships) -> dict[str, Any]:
    """The defender's orders at step 2 (a campaign game's wider hexes and ship ids: campaign_play.VERBS)."""
    return {"escape": {"moves": Keyed(Choice(hexes, label="adjacent hex"), ships,
                                      label="ships escaping to an adjacent hex")},
            "turn": {"on": Choice(hexes, label="the hex the ships you turn on came from, or stand in")}}


VERBS_ESCAPE = escape_verbs(grid.ALL_HEXES, board.SHIPS)
VERBS_FIRE = {"fire": {"targets": Keyed(Choice(board.SHIPS, label="target"), board.SHIPS,
                                         label="target of each engaged ship")}}


# --- the record kept while engagements are pending: state["surface"] ---

at_sea = board.enemy_at_sea  # a side's ships in a hex that may be engaged: not in its own naval base


def begin(state, attacker: str) -> bool:
    """Step (G): open the engagements of the moving Player's ships after the first portion. True if any."""
    defender = board.other(attacker)
    hexes = sorted({s["hex"] for s in board.afloat(state, attacker) if at_sea(state, s["hex"], defender)})
    if not hexes:
        return False
    entry = {p["ship"]: p["via"] for p in state.get("pending_moves", [])
             if p.get("via") and state["ships"][p["ship"]]["hex"] in hexes}  # the hexside each attacker came through
    state["surface"] = {"attacker": attacker, "defender": defender, "hexes": hexes, "i": 0, "stage": "escape",
                        "escaped": [], "fought": [], "entry": entry, "engaged": {}, "fire": {}}
    _open(state)
    return True


def current(state) -> str:
    sf = state["surface"]
    return sf["hexes"][sf["i"]]


def attackers(state) -> list[dict[str, Any]]:
    """The moving Player's ships in the hex, less any that fought a defender who turned on them earlier this phase."""
    sf = state["surface"]
    return [s for s in board.stack(state, current(state), sf["attacker"]) if s["id"] not in sf.get("fought", ())]


def defenders(state) -> list[dict[str, Any]]:
    sf = state["surface"]
    return [s for s in at_sea(state, current(state), sf["defender"]) if s["id"] not in sf["escaped"]]


def _max_ma(ships) -> int:
    return max((board.values(s)["movement"] for s in ships), default=0)


def _open(state) -> None:
    """Announce the engagement at the current hex: the attacking stack is revealed (the defender needs its greatest
    Movement Allowance to know who may escape), then the defender decides if any ship can escape or he may turn."""
    sf = state["surface"]
    h = current(state)
    att = attackers(state)
    sf["stage"], sf["engaged"], sf["fire"], sf["turned"] = "escape", {}, {}, None
    sf["attacking"] = [s["id"] for s in att]
    state["log"].append(entry(PUBLIC, f"Surface engagement at hex {h}: {board.TITLE[sf['attacker']]} "
                                      f"{', '.join(_name(s) for s in att)} engage the {len(defenders(state))} "
                                      f"{board.TITLE[sf['defender']]} naval unit(s) there.", at=AT))
    if not escapers(state) and not turn_hexes(state):  # nothing to decide: combat as the attacker chose it
        _engage(state)


def escapers(state) -> list[dict[str, Any]]:
    """Step 2: defending ships with a Movement Allowance at least the attackers' greatest may escape."""
    need = _max_ma(attackers(state))
    return [s for s in defenders(state) if board.values(s)["movement"] >= need]


def entries(state) -> dict[str, list[str]]:
    """Step 1: the hexes the attacking ships entered the hex from, each with its ships in stacking order (a ship
    that was already in the hex entered through no hexside)."""
    sf = state["surface"]
    out: dict[str, list[str]] = {}
    for s in attackers(state):
        if sf.get("entry", {}).get(s["id"]):
            out.setdefault(sf["entry"][s["id"]], []).append(s["id"])
    return out


def escape_hexes(state) -> list[str]:
    """Step 2: adjacent hexes free of the attacker's naval units that no attacker came from; of those, the ones not
    adjacent to a hex an attacker came from when there are any ("preferably one of the three hexes not adjacent to
    the hex that the attacking units are entering from")."""
    enemy = state["surface"]["attacker"]
    came = set(entries(state))
    free = [h for h in grid.neighbours(current(state))
            if h in _HEXES and h not in came and not board.stack(state, h, enemy)]
    away = [h for h in free if not any(c in grid.neighbours(h) for c in came)]
    return away or free


def turn_hexes(state) -> dict[str, list[str]]:
    """Step 2: "If there is no clear route of avoiding action, the attacked units have three options": stay, enter a
    hex containing enemy naval units and engage them, or turn on the units entering from one hexside. Offered when
    no defending ship may escape; each adjacent hex with the enemy ships the defender would engage there."""
    sf = state["surface"]
    if not defenders(state) or (escapers(state) and escape_hexes(state)):
        return {}
    out = {h: ids for h, ids in entries(state).items() if h in _HEXES}
    for h in grid.neighbours(current(state)):
        if h in _HEXES and h not in out:
            there = [s["id"] for s in at_sea(state, h, sf["attacker"]) if s["id"] not in sf.get("fought", ())]
            if there:
                out[h] = there
    return out


_HEXES = set(grid.ALL_HEXES)


def _name(s) -> str:
    return f"{s['id']}{' (damaged)' if s['damage'] else ''}"


def _engage(state) -> None:
    """Steps 3-4: slow attackers drop out; the top k of each side are engaged; then both sides write their fire."""
    sf = state["surface"]
    h = current(state)
    dfs = defenders(state)
    if not dfs:
        state["log"].append(entry(PUBLIC, f"Hex {h}: every defending naval unit escaped; no combat.", at=AT))
        return _next(state)
    low = min(board.values(s)["movement"] for s in dfs)
    able = [s for s in attackers(state) if board.values(s)["movement"] >= low]
    slow = [s["id"] for s in attackers(state) if s not in able]
    if slow:
        state["log"].append(entry(PUBLIC, f"Hex {h}: {', '.join(slow)} too slow to engage (Movement Allowance "
                                          f"below {low}): out of combat.", at=AT))
    k = min(len(able), len(dfs))
    if not k:
        state["log"].append(entry(PUBLIC, f"Hex {h}: no attacking unit is fast enough; no combat.", at=AT))
        return _next(state)
    sf["engaged"] = {sf["attacker"]: [s["id"] for s in able[:k]], sf["defender"]: [s["id"] for s in dfs[:k]]}
    sf["stage"] = "fire"
    state["log"].append(entry(PUBLIC, f"Hex {h}: engaged, {board.TITLE[sf['attacker']]} "
                                      f"{', '.join(_name(s) for s in able[:k])} against "
                                      f"{board.TITLE[sf['defender']]} {', '.join(_name(s) for s in dfs[:k])}.", at=AT))


def _next(state) -> None:
    sf = state["surface"]
    sf["i"] += 1
    if sf["i"] < len(sf["hexes"]):
        _open(state)
    else:
        sf["stage"] = "done"


def acting(state) -> list[str]:
    sf = state["surface"]
    if sf["stage"] == "escape":
        return [sf["defender"]]
    if sf["stage"] == "fire":
        return [s for s in (sf["attacker"], sf["defender"]) if s not in sf["fire"]]
    return []


def kind(state) -> str:
    return ESCAPE if state["surface"]["stage"] == "escape" else FIRE


def shown(state) -> dict[str, Any] | None:
    """What both sides see of the engagement in progress (the composition of the engaged stacks)."""
    sf = state.get("surface")
    if not sf or sf["stage"] == "done":
        return None

    def show(i):
        s = state["ships"][i]
        return {"id": i, "type": s["type"], "damaged": bool(s["damage"]), "values": board.values(s)}
    entry = sf.get("entry", {})
    return {"hex": current(state), "attacker": sf["attacker"], "defender": sf["defender"], "stage": sf["stage"],
            "attacking": [dict(show(i), entered_from=entry.get(i)) for i in sf["attacking"]
                          if not state["ships"][i]["sunk"]],
            "turned": sf.get("turned"),
            "engaged": {side: [show(i) for i in ids] for side, ids in sf["engaged"].items()},
            "fire_written": sorted(sf["fire"])}


# --- decision: escape (Step 2 of the mission) ---

def escape_prompt(state, role):
    ships = escapers(state)
    hexes = escape_hexes(state)
    turns = turn_hexes(state)
    moves = Keyed(Choice(tuple(hexes) or (current(state),), label="adjacent hex"),
                  tuple(s["id"] for s in ships) or board.SHIPS[:1], label="ships escaping to an adjacent hex")
    actions = [{"verb": "escape", "label": "Escape or stay", "args": {"moves": moves.to_json()}}]
    if turns:
        actions.append({"verb": "turn", "label": "Turn to fight", "args": {"on": Choice(
            tuple(turns), label="the ships entering from, or standing in, adjacent hex").to_json()}})
    return {"title": f"Surface engagement at hex {current(state)}: escape to an adjacent hex, stay and accept "
                     f"combat{', or turn to fight one group' if turns else ''}", "rule": RULE,
            "actions": actions,
            "info": {"hex": current(state), "may_escape": [s["id"] for s in ships],
                     "hexes": hexes, "attackers": shown(state)["attacking"], "turn": turns}}


def escape_check(state, role, action):
    if action["verb"] == "turn":
        turns = turn_hexes(state)
        if action["args"]["on"] not in turns:
            raise IllegalAction(
                f"You may turn to fight only when none of your ships at hex {current(state)} can avoid action, and "
                f"only on the ships entering from one adjacent hex or standing at sea in one"
                f"{' (' + ', '.join(turns) + ')' if turns else ': not now'}.", RULE + ", step 2")
        return
    able = {s["id"] for s in escapers(state)}
    hexes = escape_hexes(state)
    for sid, h in action["args"]["moves"].items():
        if sid not in able:
            raise IllegalAction(f"{sid} may not escape from hex {current(state)}: only your ships there at sea with a "
                                f"Movement Allowance of at least {_max_ma(attackers(state))} (the attackers' greatest) "
                                "may.", RULE + ", step 2")
        if h not in hexes:
            raise IllegalAction(f"{sid} may escape only to an adjacent hex free of enemy naval units "
                                f"({', '.join(hexes) or 'none'}).", RULE + ", step 2")


def escape_resolve(state, role, action, rng):
    if action["verb"] == "turn":
        return _turn(state, role, action["args"]["on"])
    moves = action["args"]["moves"]
    sf = state["surface"]
    for sid, h in moves.items():
        state["ships"][sid]["hex"] = h
        sf["escaped"].append(sid)
    if moves:  # the escaping units are seen leaving (their count and hex, like any stack)
        state["log"].append(entry(PUBLIC, f"{len(moves)} {board.TITLE[role]} naval unit(s) escape from hex "
                                          f"{current(state)}: they may not be engaged again this phase.", at=AT))
        state["log"].append(entry(role, "Escaped: " + ", ".join(f"{k} to {v}" for k, v in moves.items()) + ".",
                                  at=AT))
    else:
        state["log"].append(entry(PUBLIC, f"The {board.TITLE[role]} Player accepts combat at hex {current(state)}.",
                                  at=AT))
    _engage(state)
    return state


def escape_default(state, role):
    return {"verb": "escape", "args": {"moves": {}}}


def _turn(state, role, on: str):
    """Step 2, "turn to fight": the defender becomes the attacker of the group at `on` alone; steps 3-4 with the
    roles swapped (his ships slower than the group's slowest drop out; one for one from the top of each stack)."""
    sf = state["surface"]
    h = current(state)
    group = [state["ships"][i] for i in turn_hexes(state)[on]]
    turned = defenders(state)
    sf["turned"] = {"to": on, "ships": [s["id"] for s in turned], "group": [s["id"] for s in group]}
    came = on in entries(state)
    state["log"].append(entry(PUBLIC, f"The {board.TITLE[role]} Player turns to fight the {len(group)} "
                                      f"{board.TITLE[sf['attacker']]} naval unit(s) "
                                      f"{'entering from' if came else 'at sea in'} hex {on}: only they are engaged.",
                              at=AT))
    low = min(board.values(s)["movement"] for s in group)
    able = [s for s in turned if board.values(s)["movement"] >= low]
    if len(able) < len(turned):
        state["log"].append(entry(PUBLIC, f"Hex {h}: {', '.join(s['id'] for s in turned if s not in able)} too slow "
                                          f"to engage (Movement Allowance below {low}): out of combat.", at=AT))
    k = min(len(able), len(group))
    if not k:
        state["log"].append(entry(PUBLIC, f"Hex {h}: none of the turning ships is fast enough; no combat.", at=AT))
        _after_turn(state)
        return state
    sf["engaged"] = {role: [s["id"] for s in able[:k]], sf["attacker"]: [s["id"] for s in group[:k]]}
    sf["stage"] = "fire"
    state["log"].append(entry(PUBLIC, f"Hex {h}: engaged, {board.TITLE[role]} {', '.join(_name(s) for s in able[:k])} "
                                      f"against {board.TITLE[sf['attacker']]} "
                                      f"{', '.join(_name(s) for s in group[:k])}.", at=AT))
    return state


def _after_turn(state) -> None:
    """The turning ships afloat end in the hex the group came from (or stood in); neither they nor the group may be
    engaged again this phase. Then the next engagement."""
    sf = state["surface"]
    turn = sf.get("turned")
    if turn:
        moved = [i for i in turn["ships"] if not state["ships"][i]["sunk"]]
        for i in moved:
            state["ships"][i]["hex"] = turn["to"]
        sf["escaped"] += turn["ships"]
        sf["fought"] = sf.get("fought", []) + turn["group"]
        if moved:
            state["log"].append(entry(PUBLIC, f"The {len(moved)} {board.TITLE[sf['defender']]} naval unit(s) that "
                                              f"turned to fight are now in hex {turn['to']}.", at=AT))
    _next(state)


def escape_random(state, role, rng):
    turns = turn_hexes(state)
    if turns and rng.die(2) == 1:
        return {"verb": "turn", "args": {"on": rng.choice(sorted(turns))}}
    hexes = escape_hexes(state)
    moves = {s["id"]: rng.choice(hexes) for s in escapers(state) if hexes and rng.die(2) == 1}
    return {"verb": "escape", "args": {"moves": moves}}


# --- decision: surface_fire (Step 5 of the mission; both sides at once) ---

def fire_prompt(state, role):
    sf = state["surface"]
    mine, theirs = sf["engaged"][role], sf["engaged"][board.other(role)]
    targets = Keyed(Choice(tuple(theirs), label="target"), tuple(mine), label="target of each engaged ship")
    return {"title": f"Surface engagement at hex {current(state)}: choose each engaged ship's target (secret; both "
                     "sides at once)", "rule": RULE,
            "actions": [{"verb": "fire", "label": "Fire", "args": {"targets": targets.to_json()}}],
            "info": {"hex": current(state), "mine": mine, "targets": theirs,
                     "engaged": shown(state)["engaged"]}}


def fire_check(state, role, action):
    sf = state["surface"]
    for sid, t in action["args"]["targets"].items():
        if sid not in sf["engaged"][role]:
            raise IllegalAction(f"{sid} is not one of your engaged ships: only engaged ships may fire.",
                                RULE + ", step 5")
        if t not in sf["engaged"][board.other(role)]:
            raise IllegalAction(f"{t} is not an engaged enemy ship.", RULE + ", step 5")


def fire_resolve(state, role, action, rng):
    sf = state["surface"]
    sf["fire"][role] = dict(action["args"]["targets"])
    state["log"].append(entry(PUBLIC, f"The {board.TITLE[role]} Player has chosen the targets.", at=AT))
    if len(sf["fire"]) == 2:
        _combat(state, rng)
        _after_turn(state)
    return state


def fire_default(state, role):
    """A missed order: every engaged ship able to fire fires at the first engaged enemy ship."""
    sf = state["surface"]
    first = sf["engaged"][board.other(role)][0]
    return {"verb": "fire", "args": {"targets": {i: first for i in sf["engaged"][role]}}}


def fire_random(state, role, rng):
    sf = state["surface"]
    theirs = sf["engaged"][board.other(role)]
    return {"verb": "fire", "args": {"targets": {i: rng.choice(theirs) for i in sf["engaged"][role]
                                                 if rng.die(4) > 1}}}


def _combat(state, rng) -> None:
    """Step 5: each target once, summed Surface Attack against its Defense (CRT 4, then CRT 5); every side fires
    with its strengths before any loss is taken (digest ambiguity 14)."""
    sf = state["surface"]
    h = current(state)
    results = []
    for side in (sf["attacker"], sf["defender"]):
        by_target: dict[str, list[str]] = {}
        for sid, t in sf["fire"][side].items():
            by_target.setdefault(t, []).append(sid)
        for t in sf["engaged"][board.other(side)]:  # in stacking order
            if t not in by_target:
                continue
            attack = sum(board.values(state["ships"][i])["surface_attack"] for i in by_target[t])
            target = state["ships"][t]
            defense = board.values(target)["defense"]
            r4 = rng.d6()
            number = crt.surface_to_surface(attack, defense, r4)
            line = f"{', '.join(by_target[t])} fire {attack} at {t} (defense {defense}, die {r4})"
            if not number:
                state["log"].append(entry(PUBLIC, f"Hex {h}: {line}: no effect.", at=AT))
                continue
            r5 = rng.d6()
            weeks = crt.damage(number, r5)
            state["log"].append(entry(PUBLIC, f"Hex {h}: {line}: damage number {number}; CRT 5 (die {r5}): "
                                              f"{weeks or 'no damage'}.", at=AT))
            if weeks:
                results.append((target, weeks))
    for target, weeks in results:  # losses after both sides have fired
        state["log"].append(entry(PUBLIC, f"{target['id']} is hit: "
                                          f"{weeks if weeks == 'X' else str(weeks) + ' weeks'}.", at=AT))
        if not target["sunk"]:
            damage.damage_ship(state, target, weeks)
