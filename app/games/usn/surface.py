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

Then (I) the moving Player's ships finish their ordered movement (naval.finish). Readings (docs/games/usn.md): the
entry hexsides are not tracked (paths are on the lost map), so the escape may be to any adjacent hex free of enemy
naval units; the defender's two other options (engaging another enemy stack, turning on the attackers from one
hexside) are not offered; a ship may hold its fire."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, entry
from app.engine.orders import Choice, Keyed
from app.games.usn import board, crt, grid
from app.games.usn.naval import ALL_HEXES, SHIPS, enemy_at_sea

RULE = "Mission Capability Chart: Naval Units, Surface Naval Engagement"
AT = "Step (G): surface naval engagement"

VERBS_ESCAPE = {"escape": {"moves": Keyed(Choice(ALL_HEXES, label="adjacent hex"), SHIPS,
                                          label="ships escaping to an adjacent hex")}}
VERBS_FIRE = {"fire": {"targets": Keyed(Choice(SHIPS, label="target"), SHIPS, label="target of each engaged ship")}}


# --- the record kept while engagements are pending: state["surface"] ---

at_sea = enemy_at_sea  # a side's ships in a hex that may be engaged: not in its own naval base


def begin(state, attacker: str) -> bool:
    """Step (G): open the engagements of the moving Player's ships after the first portion. True if any."""
    defender = board.other(attacker)
    hexes = sorted({s["hex"] for s in board.afloat(state, attacker) if at_sea(state, s["hex"], defender)})
    if not hexes:
        return False
    state["surface"] = {"attacker": attacker, "defender": defender, "hexes": hexes, "i": 0, "stage": "escape",
                        "escaped": [], "engaged": {}, "fire": {}}
    _open(state)
    return True


def current(state) -> str:
    sf = state["surface"]
    return sf["hexes"][sf["i"]]


def attackers(state) -> list[dict[str, Any]]:
    return board.stack(state, current(state), state["surface"]["attacker"])


def defenders(state) -> list[dict[str, Any]]:
    sf = state["surface"]
    return [s for s in at_sea(state, current(state), sf["defender"]) if s["id"] not in sf["escaped"]]


def _max_ma(ships) -> int:
    return max((board.values(s)["movement"] for s in ships), default=0)


def _open(state) -> None:
    """Announce the engagement at the current hex: the attacking stack is revealed (the defender needs its greatest
    Movement Allowance to know who may escape), then the defender decides on escaping if any ship can."""
    sf = state["surface"]
    h = current(state)
    att = attackers(state)
    sf["stage"], sf["engaged"], sf["fire"] = "escape", {}, {}
    sf["attacking"] = [s["id"] for s in att]
    state["log"].append(entry(PUBLIC, f"Surface engagement at hex {h}: {board.TITLE[sf['attacker']]} "
                                      f"{', '.join(_name(s) for s in att)} engage the {len(defenders(state))} "
                                      f"{board.TITLE[sf['defender']]} naval unit(s) there.", at=AT))
    if not escapers(state):
        _engage(state)


def escapers(state) -> list[dict[str, Any]]:
    """Step 2: defending ships with a Movement Allowance at least the attackers' greatest may escape."""
    need = _max_ma(attackers(state))
    return [s for s in defenders(state) if board.values(s)["movement"] >= need]


def escape_hexes(state) -> list[str]:
    """Adjacent hexes free of the attacker's naval units (reading: the entry hexsides are not tracked)."""
    enemy = state["surface"]["attacker"]
    return [h for h in grid.neighbours(current(state)) if h in _HEXES and not board.stack(state, h, enemy)]


_HEXES = set(ALL_HEXES)


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
    return "escape" if state["surface"]["stage"] == "escape" else "surface_fire"


def shown(state) -> dict[str, Any] | None:
    """What both sides see of the engagement in progress (the composition of the engaged stacks)."""
    sf = state.get("surface")
    if not sf or sf["stage"] == "done":
        return None

    def show(i):
        s = state["ships"][i]
        return {"id": i, "type": s["type"], "damaged": bool(s["damage"]), "values": board.values(s)}
    return {"hex": current(state), "attacker": sf["attacker"], "defender": sf["defender"], "stage": sf["stage"],
            "attacking": [show(i) for i in sf["attacking"] if not state["ships"][i]["sunk"]],
            "engaged": {side: [show(i) for i in ids] for side, ids in sf["engaged"].items()},
            "fire_written": sorted(sf["fire"])}


# --- decision: escape (Step 2 of the mission) ---

def escape_prompt(state, role):
    ships = escapers(state)
    hexes = escape_hexes(state)
    moves = Keyed(Choice(tuple(hexes) or (current(state),), label="adjacent hex"),
                  tuple(s["id"] for s in ships) or SHIPS[:1], label="ships escaping to an adjacent hex")
    return {"title": f"Surface engagement at hex {current(state)}: escape to an adjacent hex, or stay and accept "
                     "combat", "rule": RULE,
            "actions": [{"verb": "escape", "label": "Escape or stay", "args": {"moves": moves.to_json()}}],
            "info": {"kind": "escape", "hex": current(state), "may_escape": [s["id"] for s in ships],
                     "hexes": hexes, "attackers": shown(state)["attacking"]}}


def escape_check(state, role, action):
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


def escape_random(state, role, rng):
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
            "info": {"kind": "surface_fire", "hex": current(state), "mine": mine, "targets": theirs,
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
        _next(state)
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
    from app.games.usn.air import damage_ship
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
            damage_ship(state, target, weeks)
