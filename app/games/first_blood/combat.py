"""The combat phase (§7): ground combat with odds (§7.6), terrain (§7.1), shore bombardment (§7.3), air support
(§7.4), artillery (§7.5), results (§7.7), advance (§7.8) and retreats (§7.9); and the IJ airfield bombardments
(§7.10). Combat is compulsory between adjacent enemies (§7): the phase cannot end while one of the side's units that
has not fought stands next to an enemy hex not yet attacked.

The losing side chooses its casualties when it has a real choice (a `losses` decision, §7.7). Automated here, and
named in docs/games/first-blood.md: retreat routes (the open hex with the fewest friendly units, by hex id) and which USAF unit a bombardment hits."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.orders import Boolean, Choice, Group, Keyed, Several
from app.games.first_blood import board
from app.games.first_blood.gamedata import (
    BOX_ORDER,
    BOXES,
    COLUMNS,
    ENTRIES,
    GRID,
    HENDERSON,
    LAND,
    MODIFIERS,
    STACKING,
    STRIPS,
    TABLES,
    TITLE,
    enemy,
    jungle_hex,
    neighbours,
    ridge,
    river,
)
from app.games.first_blood.movement import unit_label
from app.games.first_blood.picks import Pick

State = dict[str, Any]


# --- odds and modifiers (§7.6) ---------------------------------------------------------------------------------

def odds_column(a: int, d: int) -> str | None:
    """§7.6, rounded for the defender: None when D > 2A (attacker eliminated before any roll)."""
    if d > 2 * a:
        return None
    if a >= 3 * d:
        return "3:1"
    if a >= 2 * d:
        return "2:1"
    if a >= d:
        return "1:1"
    return "1:2"


def doubled(attacker_hexes: list[str], target: str) -> bool:
    """§7.1: defenders are doubled when all attackers are across a river, or all across a ridge, from them."""
    if not attacker_hexes:
        return False
    return all(river(h, target) for h in attacker_hexes) or all(ridge(h, target) for h in attacker_hexes)


def strengths(state: State, attackers: list[str], targets: list[str], support: list[str]) -> dict[str, Any]:
    units = state["units"]
    direct = sum(units[u]["cf"] for u in attackers)
    artillery = min(sum(units[u]["cf"] for u in support), 2 * direct)  # §7.5: at most twice the others
    att_hexes = sorted({board.hex_of(units[u]) for u in attackers})
    d = 0
    for t in targets:
        cf = sum(u["cf"] for u in board.stack(state, t))
        d += 2 * cf if doubled(att_hexes, t) else cf
    return {"A": direct + artillery, "D": d}


def modifiers(state: State, side: str, targets: list[str], a: int, d: int) -> list[tuple[str, int]]:
    out = []
    if any(jungle_hex(t) for t in targets):
        out.append(("jungle (§7.1)", MODIFIERS["jungle"]))
    flyers = [x for x in state["air"].values() if x["side"] == side and x.get("target") in targets
              and x["loc"] != "eliminated"]
    if side == "ij" and flyers:
        out.append((f"{len(flyers)} destroyer(s) (§7.3)", MODIFIERS["shore_bombardment"] * len(flyers)))
    if side == "us" and flyers:
        out.append((f"{len(flyers)} bomber(s) (§7.4)", MODIFIERS["air_support"] * len(flyers)))
    if a >= MODIFIERS["overwhelming_ratio"] * d:
        out.append(("odds 4:1 or better (§7.6)", MODIFIERS["overwhelming"]))
    return out


# --- orders ------------------------------------------------------------------------------------------------------

def odds(state: State, role: str, attackers: list[str], targets: list[str], support: list[str]) -> dict[str, Any]:
    """What an attack would be rolled at (§7.6), before any die: the strengths (§7.1 doubling, §7.5 artillery, §5.1
    doubled on entry), the odds column (None: worse than 1:2) and the die modifiers (Table 8), with the table read.
    The pages show it before the attack is declared; resolve_attack rolls on the same."""
    units = state["units"]
    entering = any(not units[u]["loc"].startswith("hex:") for u in attackers)
    if entering:  # §5.1: the defenders are doubled against an attack on entry
        st = {"A": sum(units[u]["cf"] for u in attackers),
              "D": 2 * sum(u["cf"] for t in targets for u in board.stack(state, t))}
    else:
        st = strengths(state, attackers, targets, support)
    a, d = st["A"], st["D"]
    table = "Table 9, IJ Attack Table" if role == "ij" else "Table 10, US Attack Table"
    return {"A": a, "D": d, "column": odds_column(a, d), "modifiers": modifiers(state, role, targets, a, d),
            "entering": entering, "rule": f"§7.6, {table}"}


def verbs(units: tuple[str, ...], air_ids: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """The orders over their whole domain. An attack names, under each defending hex, the units that take part
    (`{hex: [unit, ...]}`): a unit next to the hex attacks it (direct fire), an artillery unit farther away fires on it
    (remote fire, §7.5); one attack may take on several hexes (every attacker next to every one, §7)."""
    return {
        "attack": {"units": Keyed(Several(units, 0, label="Units"), LAND, label="Units taking part, by defending hex"),
                   "advance": Boolean(label="Advance into the hex(es) if the defenders are eliminated (§7.8)")},
        "bombard": {"strips": Keyed(Choice(STRIPS, tuple(strip_label(h) for h in STRIPS), label="Air strip hex"),
                                    (*units, *air_ids), label="Air strip bombardments")},
        "end_combat": {},
    }


def strip_label(h: str) -> str:
    return f"air strip {h} ({'Henderson' if h in HENDERSON else 'fighter strip'})"


def fresh(state: State, side: str) -> list[dict[str, Any]]:
    return [u for u in board.on_map(state, side) if not u["fought"]]


def on_entry(state: State, side: str) -> dict[str, list[str]]:
    """§5.1, §5.3: {unit off the map: hexes it may attack on entry}. US units on an entry point (not artillery) when
    every US entry hex is held by IJ units; IJ units in an off-map box that must move (not placed there this turn,
    not yet moved) when every hex the box leads to is held by US units and no unvisited box is next to it."""
    out: dict[str, list[str]] = {}
    if side == "us":
        us_hexes = [h for e in board.entries_of("us") for h in ENTRIES[e]["hexes"]]
        if all(board.occupant(state, h) == "ij" for h in us_hexes):
            for u in board.ground(state, "us", "entry:"):
                if not u["fought"] and not board.is_artillery(u):
                    out[u["id"]] = [h for h in ENTRIES[u["loc"][6:]]["hexes"] if h not in state["attacked"]]
    else:
        for u in board.ground(state, "ij", "box:"):
            box = u["loc"][4:]
            if u["fought"] or u["moved"] or u.get("placed") == state["turn"]:
                continue
            if not all(board.occupant(state, h) == "us" for h in BOXES[box]["hexes"]):
                continue
            i = BOX_ORDER.index(box)
            others = [BOX_ORDER[j] for j in (i - 1, i + 1) if 0 <= j < len(BOX_ORDER)
                      and BOX_ORDER[j] not in u.get("visited", [])]
            if not others:
                out[u["id"]] = [h for h in BOXES[box]["hexes"] if h not in state["attacked"]]
    return {k: v for k, v in out.items() if v}


def open_targets(state: State, side: str) -> list[str]:
    """Enemy hexes not yet attacked this phase next to a side's unit that has not fought."""
    out = set()
    occ = board.occupancy(state)
    for u in fresh(state, side):
        out.update(h for h in board.enemy_adjacent(state, side, board.hex_of(u), occ) if h not in state["attacked"])
    return sorted(out)


def bombarders(state: State) -> dict[str, list[str]]:
    """§7.10: {IJ unit: strips it may bombard}: artillery in range (that has not fought), destroyers in either IJN box
    (not given to shore bombardment), bombers in either IJAAF box when USAF CAP is empty."""
    out: dict[str, list[str]] = {}
    targets = [h for h in STRIPS if state["strips"][h]["built"]]
    for u in fresh(state, "ij"):
        if board.is_artillery(u):
            hs = [h for h in targets if GRID.distance(board.hex_of(u), h) + 1 <= u["range"]]
            if hs:
                out[u["id"]] = hs
    for a in board.air(state, "ij"):
        if a["role"] == "destroyer" and a["loc"] in ("ijn_reserve", "ijn_attack") and not a.get("target"):
            out[a["id"]] = list(targets)
        if a["role"] == "bomber" and a["loc"] in ("ijaaf_reserve", "ijaaf_attack") and not board.air(state, "us", "cap"):
            out[a["id"]] = list(targets)
    return {k: v for k, v in out.items() if v}


def _remote(state: State, uid: str, targets: list[str]) -> bool:
    """An artillery unit on the map next to none of the defending hexes fires from afar (§7.5)."""
    u = state["units"].get(uid)
    h = board.hex_of(u) if u else None
    return bool(h and board.is_artillery(u) and targets and all(GRID.distance(h, t) >= 2 for t in targets))


def parts(state: State, units: dict[str, list[str]]) -> tuple[list[str], list[str], list[str]]:
    """An attack order's (attackers, defending hexes, artillery in remote fire): the hexes named with units, and
    each unit named once, whichever hex it is named under."""
    targets = sorted(h for h, ids in units.items() if ids)
    named = list(dict.fromkeys(u for h in targets for u in units[h]))
    support = [u for u in named if _remote(state, u, targets)]
    return [u for u in named if u not in support], targets, support


def defenders_text(state: State, h: str) -> str:
    return ", ".join(f"{u['name']} ({u['cf']})" for u in board.stack(state, h))


def left_to_do(state: State, side: str) -> bool:
    """Is there a combat the side may still fight (compulsory or on entry) or an air strip it may still bombard? A
    combat phase with nothing left ends by itself."""
    return bool(open_targets(state, side) or on_entry(state, side) or (side == "ij" and bombarders(state)))


def attack_fields(state: State, role: str) -> dict[str, tuple[list[str], list[str]]]:
    """{defending hex: (the units that may take part against it, how the form names each)}: fresh units next to it,
    units that may attack it on entry (§5.1), and artillery in range of it for remote fire (§7.5)."""
    entering = on_entry(state, role)
    occ = board.occupancy(state)
    mine = fresh(state, role)
    targets = sorted(({n for u in mine for n in board.enemy_adjacent(state, role, board.hex_of(u), occ)}
                      | {h for hs in entering.values() for h in hs}) - set(state["attacked"]))
    out = {}
    for t in targets:
        adj = [u["id"] for u in mine if t in neighbours(board.hex_of(u))]
        ent = [uid for uid, hs in entering.items() if t in hs]
        arty = [u["id"] for u in mine if board.is_artillery(u) and u["id"] not in adj
                and 2 <= GRID.distance(board.hex_of(u), t) <= u["range"] - 1] if adj else []
        ids = adj + ent + arty
        names = [unit_label(state, u) + (" (remote fire)" if u in arty else " (attack on entry)" if u in ent else "")
                 for u in ids]
        out[t] = (ids, names)
    return out


def prompt(state: State, role: str, v: dict[str, Any]) -> dict[str, Any]:
    actions = []
    fields = {t: Several(tuple(ids), 0, labels=tuple(names), label=f"Against hex {t}: {defenders_text(state, t)}")
              for t, (ids, names) in attack_fields(state, role).items()}
    if fields:
        actions.append({"verb": "attack", "label": "Attack",
                        "args": {"units": Group(fields, tuple(fields), label="Units taking part, under the hex they "
                                                "attack (one hex, or several at once: every attacker next to each)"
                                                ).to_json(),
                                 "advance": v["attack"]["advance"].to_json()}})
    if role == "ij":
        opts = bombarders(state)
        if opts:
            pieces = {**state["units"], **state["air"]}
            bfields = {u: Choice(tuple(hs), tuple(strip_label(h) for h in hs),
                                 label=unit_label(state, u) if u in state["units"] else pieces[u]["name"])
                       for u, hs in opts.items()}
            actions.append({"verb": "bombard", "label": "Bombard air strips (§7.10)",
                            "args": {"strips": Group(bfields, tuple(bfields),
                                                     label="Artillery, destroyers and bombers, each onto an air "
                                                           "strip hex").to_json()}})
    actions.append({"verb": "end_combat", "label": "End the combat phase", "args": {}})
    return {"title": f"{TITLE[role]} combat phase", "rule": "§7",
            "info": {"kind": "combat", "must_attack": open_targets(state, role)}, "actions": actions}


def tidy(state: State, role: str, args: dict[str, Any]) -> dict[str, Any]:
    """An attack as the rules read it from the form: the hexes under which nothing was ticked are not attacked."""
    units = args.get("units")
    if isinstance(units, dict):
        return {**args, "units": {h: ids for h, ids in units.items() if ids != []}}
    return args


def check(state: State, role: str, action: dict[str, Any]) -> None:
    verb, args = action["verb"], action["args"]
    if verb == "attack":
        attackers, targets, support = parts(state, args["units"])
        if not targets:
            raise IllegalAction("Tick the units that attack, under the hex they attack.", "§7")
        entering = on_entry(state, role)
        if any(u in entering for u in attackers):
            if any(u not in entering for u in attackers) or support or len(targets) != 1:
                raise IllegalAction("An attack on entry is made by units off the map alone, into one entry hex, "
                                    "without remote fire.", "§5.1")
            if any(targets[0] not in entering[u] for u in attackers):
                raise IllegalAction(f"Those units cannot attack hex {targets[0]} on entry.", "§5.1")
            return
        units = state["units"]
        ok = {u["id"] for u in fresh(state, role)}
        for u in attackers + support:
            if u not in ok:
                raise IllegalAction(f"{units[u]['name'] if u in units else 'That unit'} cannot take part in a combat "
                                    f"now (not on the map, not yours, or it has already fought).", "§7")
        if not attackers:
            raise IllegalAction("Artillery cannot fire on its own: other units must attack the hex (§7.5).", "§7.5")
        for t in targets:
            if board.occupant(state, t) != enemy(role):
                raise IllegalAction(f"There are no enemy units in hex {t}.", "§7")
            if t in state["attacked"]:
                raise IllegalAction(f"Hex {t} has already been attacked this phase.", "§7")
            for u in attackers:
                if t not in neighbours(board.hex_of(units[u])):
                    raise IllegalAction(f"{units[u]['name']} is not adjacent to hex {t}: every attacker must be "
                                        f"adjacent to every defending hex.", "§7")
            for u in support:
                d = GRID.distance(board.hex_of(units[u]), t)
                if d + 1 > units[u]["range"]:
                    raise IllegalAction(f"{units[u]['name']} cannot fire on hex {t} (remote fire needs artillery, a "
                                        f"hex between, and range counting both end hexes).", "§7.5")
    elif verb == "bombard":
        strips = args["strips"]
        if not strips:
            raise IllegalAction("Choose the units that bombard, or end the combat phase.", "§7.10")
        opts = bombarders(state)
        pieces = {**state["units"], **state["air"]}
        for u, h in strips.items():
            if h not in opts.get(u, []):
                raise IllegalAction(f"{pieces[u]['name'] if u in pieces else 'That unit'} cannot bombard air strip "
                                    f"{h} now (artillery in range, destroyers, or bombers while USAF CAP is empty; "
                                    f"the fighter strip only once built).", "§7.10")
    elif verb == "end_combat":
        left = open_targets(state, role)
        if left:
            raise IllegalAction(f"Combat is compulsory: enemy units in hex {', '.join(left)} must still be "
                                f"attacked.", "§7")


# --- carrying out -------------------------------------------------------------------------------------------------

def _casualties(units: list[dict[str, Any]], n: int) -> list[dict[str, Any]]:
    return sorted(units, key=lambda u: (u["cf"], u["id"]))[:n]


def _eliminate(state: State, units: list[dict[str, Any]], log: list[str]) -> None:
    for u in units:
        u["loc"] = "eliminated"
        log.append(f"{u['name']} is eliminated")


def _retreat_limits(state: State, u: dict[str, Any]):
    """§7.9's limits on each step of a retreat: where the unit starts, whether a step a -> b is allowed (never into
    enemy units or enemy ZOC, never across a river but by the bridge), and whether a hex has room (stacking)."""
    side = u["side"]
    zoc = board.zoc(state, side=enemy(side))

    def ok(a: str, b: str) -> bool:
        return board.occupant(state, b) != enemy(side) and b not in zoc and not river(a, b)

    return board.hex_of(u), ok, lambda h: len(board.stack(state, h, side)) < STACKING


def retreat_options(state: State, u: dict[str, Any]) -> list[str]:
    """§7.9: the hexes a unit may retreat to: one hex away, never into enemy units or enemy ZOC, across a river (but
    the bridge) or off the map, with room; if none has room, a hex one further on under the same limits."""
    start, ok, room = _retreat_limits(state, u)
    first = [n for n in neighbours(start) if ok(start, n)]
    out = sorted(n for n in first if room(n))
    if out:
        return out
    return sorted({m for n in first for m in neighbours(n) if m != start and ok(n, m) and room(m)})


def retreat(state: State, u: dict[str, Any], log: list[str], to: str | None = None) -> None:
    """§7.9: to the chosen hex if it is still open, else the open hex with the fewest units (by id); one further
    when stacking would be broken; eliminated when there is no way."""
    if to is not None and to in retreat_options(state, u):
        u["loc"], u["stirred"] = f"hex:{to}", True
        log.append(f"{u['name']} retreats to {to}")
        return
    start, ok, room = _retreat_limits(state, u)
    first = sorted((n for n in neighbours(start) if ok(start, n)), key=lambda h: (len(board.stack(state, h)), h))
    for n in first:
        if room(n):
            u["loc"], u["stirred"] = f"hex:{n}", True
            log.append(f"{u['name']} retreats to {n}")
            return
    for n in first:
        for m in sorted(x for x in neighbours(n) if x != start and ok(n, x)):
            if room(m):
                u["loc"], u["stirred"] = f"hex:{m}", True
                log.append(f"{u['name']} retreats to {m} (through {n})")
                return
    _eliminate(state, [u], log)
    log[-1] += " (no retreat)"


LOSSES = {"A1": (1, 0), "A2": (2, 0), "EX": (1, 1), "D1": (0, 1)}  # (attackers, defenders) the losers choose


def resolve_attack(state: State, role: str, args: dict[str, Any], rng) -> State:
    """Roll and read the table (§7.6); then, when a side loses some but not all of its units and they differ, that
    side chooses its casualties (§7.7: "the faction suffering elimination results chooses"), else the combat is
    finished at once."""
    s = board.clone(state)
    units = s["units"]
    attacking, targets, support = parts(s, args["units"])
    attackers = [units[u] for u in attacking]
    defenders = [u for t in targets for u in board.stack(s, t)]
    o = odds(s, role, attacking, targets, support)
    entering, a, d, column, mods = o["entering"], o["A"], o["D"], o["column"], o["modifiers"]
    log: list[str] = []
    head = (f"{TITLE[role]} attack on hex {', '.join(targets)} by {', '.join(u['name'] for u in attackers)}"
            + (f" with {', '.join(units[u]['name'] for u in support)} firing" if support else "")
            + f": {a} against {d}")
    if column is None:
        result, roll_text = "AE", "worse than 1:2, attackers eliminated without a roll"
    else:
        roll = rng.d6()
        m = sum(x for _, x in mods)
        final = max(1, min(6, roll + m))
        result = TABLES[role][final][COLUMNS.index(column)]
        roll_text = (f"{column}, die {roll}" + "".join(f" {x:+d} {why}" for why, x in mods) + f" = {final}: {result}"
                     f" ({o['rule']})")
    for u in attackers + [units[x] for x in support]:
        u["fought"] = True
    for u in defenders:
        u["engaged"] = True
    s["attacked"] = sorted(set(s["attacked"]) | set(targets))
    if role == "ij":
        for t in targets:
            if t in STRIPS and s["strips"][t]["work"]:
                s["strips"][t]["work"] = 0  # §7.2: the attack disrupts the engineers' work
                log.append(f"engineering work on {t} is lost (§7.2)")
    choices = []
    for side, group, n in ((role, attackers, LOSSES.get(result, (0, 0))[0]),
                           (enemy(role), defenders, LOSSES.get(result, (0, 0))[1])):
        if 0 < n < len(group) and len({(u["type"], u["cf"]) for u in group}) > 1:
            choices.append({"side": side, "units": [u["id"] for u in group], "count": n})
    pending = {"role": role, "entry": entering, "attackers": [u["id"] for u in attackers], "defenders": [u["id"] for u in defenders],
               "targets": targets, "advance": args["advance"], "result": result,
               "text": f"{head}; {roll_text}", "log": log, "choices": choices, "chosen": {}}
    if choices:
        s["losses"] = pending
        board.say(s, f"{head}; {roll_text}: "
                                      + " and ".join(f"the {TITLE[c['side']]} chooses {c['count']} unit(s) to lose"
                                                     for c in choices) + " (§7.7).")
        return s
    finish(s, pending)
    return s


def finish(s: State, p: dict[str, Any]) -> None:
    """§7.7-§7.9: casualties (as chosen, or all/none), retreats and the advance; supporting units stand down."""
    units, role, result, log = s["units"], p["role"], p["result"], list(p["log"])
    attackers = [units[u] for u in p["attackers"]]
    defenders = [units[u] for u in p["defenders"]]
    targets = p["targets"]

    def losses(group: list[dict[str, Any]], side: str, n: int) -> list[dict[str, Any]]:
        chosen = p["chosen"].get(side)
        return [units[u] for u in chosen] if chosen is not None else _casualties(group, n)

    if "retreat" not in p:
        retreating: list[dict[str, Any]] = []
        if result == "AE":
            _eliminate(s, attackers, log)
        elif result in ("A1", "A2"):
            lost = losses(attackers, role, int(result[1]))
            _eliminate(s, lost, log)
            # units off the map do not retreat: they are lost below
            retreating = [u for u in attackers if u not in lost and not p.get("entry")]
        elif result in ("EX", "D1", "DR", "DE"):
            if result == "EX":
                _eliminate(s, losses(attackers, role, 1), log)
            lost = defenders if result == "DE" else (
                [] if result == "DR" else losses(defenders, enemy(role), 1))
            _eliminate(s, lost, log)
            retreating = [u for u in defenders if u not in lost]
        options = {u["id"]: retreat_options(s, u) for u in retreating}
        p["log"] = log
        p["retreat"] = {"side": retreating[0]["side"] if retreating else None, "units": [u["id"] for u in retreating],
                        "options": options, "chosen": None}
        if any(len(o) > 1 for o in options.values()):
            s["losses"] = p  # §7.7: "the retreating faction performs the retreat"
            board.say(s, f"{p['text']}" + (f"; {'; '.join(log)}" if log else "")
                                  + f": the {TITLE[p['retreat']['side']]} chooses where to retreat (§7.9).")
            return
    if not p.get("retreated"):
        for uid in p["retreat"]["units"]:
            retreat(s, units[uid], log, (p["retreat"]["chosen"] or {}).get(uid))
        if result == "DE" and p["advance"] and not p.get("entry"):
            advance(s, role, [u for u in attackers if u["loc"] != "eliminated"], targets, log)
        p["retreated"] = True
    if p.get("entry"):
        left = [u for u in attackers if u["loc"] != "eliminated"]
        over = len(left) - STACKING
        if board.occupant(s, targets[0]) is None and over > 0 and "overstack" not in p:
            # §5.1: "The control faction decides on the eliminated units"
            p["log"] = log
            p["overstack"] = {"side": role, "units": [u["id"] for u in left], "count": over, "hex": targets[0],
                              "chosen": None}
            s["losses"] = p
            board.say(s, f"{p['text']}" + (f"; {'; '.join(log)}" if log else "")
                                  + f": hex {targets[0]} is cleared, and the {TITLE[role]} chooses which {over} "
                                    f"unit(s) are lost, that no more than {STACKING} enter (§5.1).")
            return
        chosen = (p.get("overstack") or {}).get("chosen")
        enter_after_attack(s, role, attackers, targets[0], log, [units[u] for u in chosen] if chosen else None)
    # §7.3, §7.4: destroyers are spent after the combat, bombers go back to Ground Attack
    for x in s["air"].values():
        if x["side"] == role and x.get("target") in targets and x["loc"] != "eliminated":
            x["target"] = None
            if x["role"] == "destroyer":
                x["loc"] = "eliminated"
    board.say(s, f"{p['text']}" + (f"; {'; '.join(log)}" if log else "") + " (§7.6).",
                          result=result)


# --- casualties chosen by the losing side (§7.7) -------------------------------------------------------------------

def losses_verbs(units: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    return {"lose": {"units": Several(units, 1, 2, label="Units to lose")}}


def _choice(state: State) -> dict[str, Any]:
    p = state["losses"]
    return next(c for c in p["choices"] if c["side"] not in p["chosen"])


def losses_side(state: State) -> list[str]:
    p = state["losses"]
    if "overstack" in p:
        return overstack_side(state)
    return [p["retreat"]["side"]] if "retreat" in p else [_choice(state)["side"]]


def losses_prompt(state: State, role: str) -> dict[str, Any]:
    c = _choice(state)
    return {"title": f"{state['losses']['text']}: choose {c['count']} unit(s) to lose", "rule": "§7.7",
            "info": {"kind": "losses", "result": state["losses"]["result"]},
            "actions": [{"verb": "lose", "label": "Lose these units",
                         "args": {"units": Several(tuple(c["units"]), c["count"], c["count"],
                                                   labels=tuple(unit_label(state, u) for u in c["units"]),
                                                   label="Units to lose").to_json()}}]}


def losses_check(state: State, role: str, action: dict[str, Any]) -> None:
    c = _choice(state)
    chosen = action["args"]["units"]
    if len(chosen) != c["count"] or any(u not in c["units"] for u in chosen):
        raise IllegalAction(f"Choose exactly {c['count']} of the units in this combat: "
                            f"{', '.join(state['units'][u]['name'] for u in c['units'])}.", "§7.7")


def losses_resolve(state: State, role: str, action: dict[str, Any], rng) -> State:
    s = board.clone(state)
    p = s["losses"]
    p["chosen"][_choice(s)["side"]] = list(action["args"]["units"])
    if all(c["side"] in p["chosen"] for c in p["choices"]):
        del s["losses"]
        finish(s, p)
    return s


# --- retreats chosen by the retreating side (§7.7, §7.9) ------------------------------------------------------------

def retreat_verbs(units: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    return {"retreat": {"moves": Keyed(Pick(LAND, label="Retreat to"), units, label="Where each unit retreats")}}


def _retreating(state: State) -> dict[str, list[str]]:
    """{unit: the hexes it may retreat to} for the units of the combat with somewhere to go (the others are
    eliminated, §7.9)."""
    return {u: list(o) for u, o in state["losses"]["retreat"]["options"].items() if o}


def retreat_prompt(state: State, role: str) -> dict[str, Any]:
    opts = _retreating(state)
    fields = {u: Choice(tuple(o), tuple(f"hex {h}" for h in o), label=unit_label(state, u)) for u, o in opts.items()}
    return {"title": f"{state['losses']['text']}: retreat", "rule": "§7.9",
            "info": {"kind": "retreat", "options": opts},
            "actions": [{"verb": "retreat", "label": "Retreat",
                         "args": {"moves": Group(fields, label="Where each unit retreats (one hex away, out of enemy "
                                                               "zones of control, not across a river)").to_json()}}]}


def retreat_check(state: State, role: str, action: dict[str, Any]) -> None:
    opts = _retreating(state)
    moves = action["args"]["moves"]
    for u in moves:
        if u not in opts:
            raise IllegalAction("Only the units of this combat with somewhere to go retreat.", "§7.9")
    for u, o in opts.items():
        if u not in moves:
            raise IllegalAction(f"Say where {state['units'][u]['name']} retreats.", "§7.9")
        if moves[u] not in o:
            raise IllegalAction(f"{state['units'][u]['name']} may retreat only to hex {', '.join(o)} (one hex away, "
                                f"out of enemy zones of control, not across a river).", "§7.9")


def _carry_on(state: State, part: str, chosen: Any) -> State:
    """The pending combat's `part` ("retreat", "overstack") answered with `chosen`: the combat is finished."""
    s = board.clone(state)
    p = s.pop("losses")
    p[part]["chosen"] = chosen
    finish(s, p)
    return s


def retreat_resolve(state: State, role: str, action: dict[str, Any], rng) -> State:
    return _carry_on(state, "retreat", dict(action["args"]["moves"]))


def retreat_random(state: State, role: str, rng) -> dict[str, Any]:
    return {"verb": "retreat", "args": {"moves": {u: rng.choice(o) for u, o in _retreating(state).items()}}}


def retreat_default(state: State, role: str) -> dict[str, Any]:
    """A missed retreat: each unit to its open hex with the fewest friendly units (then by number)."""
    side = state["losses"]["retreat"]["side"]
    return {"verb": "retreat", "args": {"moves": {u: min(o, key=lambda h: (len(board.stack(state, h, side)), h))
                                                  for u, o in _retreating(state).items()}}}


def losses_random(state: State, role: str, rng) -> dict[str, Any]:
    c = _choice(state)
    return {"verb": "lose", "args": {"units": rng.shuffle(c["units"])[:c["count"]]}}


def losses_default(state: State, role: str) -> dict[str, Any]:
    c = _choice(state)
    return {"verb": "lose", "args": {"units": [u["id"] for u in _casualties([state["units"][x] for x in c["units"]],
                                                                            c["count"])]}}


def enter_after_attack(state: State, side: str, attackers: list[dict[str, Any]], h: str, log: list[str],
                       lost: list[dict[str, Any]] | None = None) -> None:
    """§5.1: if the hex is cleared the attackers must enter it, the units its controlling side chose (`lost`, the
    `overstack` decision) eliminated so that no more than three do; if not, the attacking reinforcements are
    eliminated."""
    left = [u for u in attackers if u["loc"] != "eliminated"]
    if board.occupant(state, h) is not None:
        _eliminate(state, left, log)
        log.append(f"the entry hex {h} was not cleared (§5.1)")
        return
    lost = lost if lost is not None else overstack_losses(left, max(0, len(left) - STACKING))
    _eliminate(state, lost, log)
    keep = [u for u in left if u not in lost]
    for u in keep:
        u.update(loc=f"hex:{h}", moved=True, stirred=True)
        log.append(f"{u['name']} enters hex {h}")
    if side == "ij" and h in STRIPS and keep:
        gone = board.strip_destroyed(state, h, "entry")
        log.append(f"air strip {h} is Destroyed" + (f", USAF units lost: "
                                                    f"{', '.join(state['air'][a]['name'] for a in gone)}" if gone
                                                    else "") + " (§6.3)")


def overstack_losses(units: list[dict[str, Any]], n: int) -> list[dict[str, Any]]:
    """The sensible answer to §5.1's choice: the weakest units are lost, the strongest enter."""
    return sorted(units, key=lambda u: (u["cf"], u["name"]))[:n]


# --- units lost to stacking after an attack on entry (§5.1), chosen by their side ------------------------------------

def overstack_verbs(units: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    return {"eliminate": {"units": Several(units, 1, label="Units lost to stacking")}}


def overstack_side(state: State) -> list[str]:
    return [state["losses"]["overstack"]["side"]]


def overstack_prompt(state: State, role: str) -> dict[str, Any]:
    o = state["losses"]["overstack"]
    return {"title": f"{state['losses']['text']}: hex {o['hex']} is cleared; choose the {o['count']} unit(s) lost "
                     f"so that {STACKING} enter", "rule": "§5.1",
            "info": {"kind": "overstack", "default": {"units": overstack_default(state, role)["args"]["units"]}},
            "actions": [{"verb": "eliminate", "label": "Lose these units",
                         "args": {"units": Several(tuple(o["units"]), o["count"], o["count"],
                                                   labels=tuple(unit_label(state, u) for u in o["units"]),
                                                   label=f"Units lost (the rest enter hex {o['hex']})").to_json()}}]}


def overstack_check(state: State, role: str, action: dict[str, Any]) -> None:
    o, chosen = state["losses"]["overstack"], action["args"]["units"]
    if len(chosen) != o["count"] or any(u not in o["units"] for u in chosen):
        raise IllegalAction(f"Choose exactly {o['count']} of the units that attacked on entry: "
                            f"{', '.join(state['units'][u]['name'] for u in o['units'])}; no more than {STACKING} "
                            f"enter hex {o['hex']}.", "§5.1")


def overstack_resolve(state: State, role: str, action: dict[str, Any], rng) -> State:
    return _carry_on(state, "overstack", list(action["args"]["units"]))


def overstack_default(state: State, role: str) -> dict[str, Any]:
    o = state["losses"]["overstack"]
    return {"verb": "eliminate", "args": {"units": [u["id"] for u in overstack_losses(
        [state["units"][x] for x in o["units"]], o["count"])]}}


def overstack_random(state: State, role: str, rng) -> dict[str, Any]:
    o = state["losses"]["overstack"]
    return {"verb": "eliminate", "args": {"units": rng.shuffle(o["units"])[:o["count"]]}}


def advance(state: State, side: str, attackers: list[dict[str, Any]], targets: list[str], log: list[str]) -> None:
    """§7.8: after a DE the attackers may move into the vacated hexes, ignoring ZOC and spending no MF."""
    for t in targets:
        for u in attackers:
            if board.occupant(state, t) == enemy(side) or len(board.stack(state, t, side)) >= STACKING:
                break
            if board.hex_of(u) in targets:
                continue
            u["loc"], u["stirred"] = f"hex:{t}", True
            log.append(f"{u['name']} advances into hex {t}")
            if side == "ij" and t in STRIPS:
                lost = board.strip_destroyed(state, t, "advance")
                log.append(f"air strip {t} is Destroyed" + (f", USAF units lost: "
                                                            f"{', '.join(state['air'][a]['name'] for a in lost)}"
                                                            if lost else "") + " (§6.3)")


def bombard_one(s: State, unit: str, h: str) -> str:
    """§7.10: one unit kills one USAF unit on the strip hex; on an empty hex, artillery Damages the strip and a
    destroyer or bomber Destroys it. Work there stops. Destroyers and bombers are spent. Returns what happened."""
    strip = s["strips"][h]
    shooter = s["units"].get(unit) or s["air"][unit]
    on_hex = sorted(board.air(s, "us", f"strip:{h}"), key=lambda a: a["id"])
    if on_hex:
        on_hex[0]["loc"] = "eliminated"
        what = f"{on_hex[0]['name']} is destroyed on the ground"
    elif "role" in shooter:
        strip["status"] = "dest"
        what = "the strip is Destroyed"
    elif strip["status"] == "oper":
        strip["status"] = "dam"
        what = "the strip is Damaged"
    else:
        what = "no further effect"
    strip["work"] = 0
    strip["bombarded"] = True
    if "role" in shooter:
        shooter["loc"] = "eliminated"
    else:
        shooter["fought"] = True
    return f"{shooter['name']} bombards air strip {h}: {what}"


def resolve(state: State, role: str, action: dict[str, Any], rng) -> State:
    if action["verb"] == "attack":
        return resolve_attack(state, role, action["args"], rng)
    s = board.clone(state)
    if action["verb"] == "bombard":
        said = [bombard_one(s, u, h) for u, h in action["args"]["strips"].items()]
        board.say(s, f"Air strip bombardment (§7.10): {'; '.join(said)}.")
    else:
        board.say(s, f"{TITLE[role]} ends its combat phase (§7).")
    return s


def random(state: State, role: str, rng) -> dict[str, Any]:
    if role == "ij":
        opts = bombarders(state)
        if opts and rng.die(4) == 1:
            chosen = [u for u in sorted(opts) if rng.die(3) == 1] or [rng.choice(sorted(opts))]
            return {"verb": "bombard", "args": {"strips": {u: rng.choice(opts[u]) for u in chosen}}}
    fields = attack_fields(state, role)
    entering = on_entry(state, role)
    if entering and rng.die(2) == 1:
        h = rng.choice(sorted({h for hs in entering.values() for h in hs}))
        return {"verb": "attack", "args": {"units": {h: [u for u in sorted(entering) if h in entering[u]]},
                                           "advance": True}}
    targets = open_targets(state, role)
    if not targets:
        return {"verb": "end_combat", "args": {}}
    t = rng.choice(targets)
    adj = [u["id"] for u in fresh(state, role) if t in neighbours(board.hex_of(u))]
    arty = [u for u in fields.get(t, ([], []))[0] if u not in adj and u not in entering]
    chosen = [adj[0]] + [u for u in adj[1:] if rng.die(2) == 1] + [u for u in arty if rng.die(2) == 1]
    return {"verb": "attack", "args": {"units": {t: chosen}, "advance": rng.die(2) == 1}}


def default(state: State, role: str) -> dict[str, Any]:
    """A missed combat order: the first enemy hex that must be attacked, by every unit next to it."""
    targets = open_targets(state, role)
    if not targets:
        return {"verb": "end_combat", "args": {}}
    t = targets[0]
    adj = [u["id"] for u in fresh(state, role) if t in neighbours(board.hex_of(u))]
    return {"verb": "attack", "args": {"units": {t: adj}, "advance": False}}
