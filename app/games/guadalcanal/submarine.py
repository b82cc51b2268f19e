"""Option 11e: submarine attacks. The submarines of both sides are not on the board; their effect is abstracted.
At the end of every Air Return Phase (night Turns included):

- 11e1: both sides roll one die, unmodified; a side whose number is three times the other's or more may make a
  submarine attack (the values: data/options.toml [submarines]).
- 11e2: only against an enemy task force on which it holds "exact" information: a task force its searches of this
  Turn spotted (reconstructed: an older Exact marker may have moved since, 3c); it then picks one ship unit of the
  task force (or none). The choice is offered from what the side was told (its markers, and under the 18c2 fog what
  it was told of each ship), never from where the enemy now is.
- 11e3: resolved and marked as any combat (4b3-4b5): the attacker adds +3 on a night Turn, -1 against a destroyer
  unit, +4 against a ship dead in the water (11c, dead_in_the_water.py); the defender +1 per destroyer (ship
  symbols of the DD units) in the target's own task force marker.
The roll is public; the attack's line is written as a Battleboard combat's (combat/telling.py: public, or under
18c2 the truth to the owner and the umpire's report to the attacker; with the cards closed, 18c, the numbers only to
the owner, since 11e3.2's destroyers are read off his card).
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import PUBLIC, clone, entry
from app.engine.orders import Choice, args_json
from app.games.guadalcanal import dead_in_the_water, fog, timetrack
from app.games.guadalcanal import options as optional
from app.games.guadalcanal.combat import telling, units
from app.games.guadalcanal.combat.damage import alive, apply_result, factor
from app.games.guadalcanal.combat.resolution import roll_combat
from app.games.guadalcanal.gamedata import SHIPS, SIDES, TITLE, enemy

State = dict[str, Any]
NONE = "none"
VERBS = {"submarine_attack": {"target": Choice((*SHIPS, NONE), label="Target ship")}}
AT = "Air Return Phase: submarine attack (11e)"


def values() -> dict[str, Any]:
    return optional.values(optional.SUBMARINES)


# --- 11e1: who attacks -----------------------------------------------------------------------------------------------

def roll(state: State, rng) -> str | None:
    """11e1, if the option is on: both sides roll; the side that may attack and has a target (11e2), or None."""
    if not optional.on(state, optional.SUBMARINES):
        return None
    dice = {s: rng.d10() for s in SIDES}
    ratio = values()["attack_from"]
    winner = next((s for s in SIDES if dice[s] >= ratio * dice[enemy(s)]), None)
    said = f"Submarine roll: Allied {dice['allied']}, Japanese {dice['japanese']}: "
    if winner is None:
        state["log"].append(entry(PUBLIC, said + "neither side's number is three times the other's; no submarine "
                                                 "attack (11e1).", at=AT, dice=dice))
        return None
    if not targets(state, winner):
        state["log"].append(entry(PUBLIC, said + f"{TITLE[winner]} may attack, but holds exact information on no "
                                                 f"{TITLE[enemy(winner)]} task force this Turn: no submarine attack "
                                                 f"(11e2).", at=AT, dice=dice))
        return None
    state["log"].append(entry(PUBLIC, said + f"{TITLE[winner]} may make a submarine attack (11e1).", at=AT,
                              dice=dice))
    return winner


# --- 11e2: what can be attacked -------------------------------------------------------------------------------------

def targets(state: State, side: str) -> dict[str, str]:
    """{ship id: label} the side may attack: the ships its markers spotted with exact information this Turn, less
    those it knows to be eliminated (fog.as_seen: the truth, or what the 18c2 umpire told it)."""
    now = timetrack.label(state["time"])
    out: dict[str, str] = {}
    for c in sorted(state["boards"][side]["contacts"].values(), key=lambda c: c["marker"]):
        if not c.get("exact") or (values()["exact_this_turn"] and c.get("seen") != now):
            continue
        for r in c["ships"]:
            if r["id"] in SHIPS and not fog.as_seen(state, side, r["id"])["eliminated"]:
                out.setdefault(r["id"], f"{r['name']} (task force marker {c['marker']} in {c['hex']})")
    return out


def prompt(state: State, side: str) -> dict[str, Any]:
    t = targets(state, side)
    ids = (*t, NONE)
    labels = (*t.values(), "No attack")
    return {"title": "Submarine attack: choose a ship of a task force you hold exact information on", "rule": "11e2",
            "info": {"kind": "submarine", "targets": t},
            "actions": [{"verb": "submarine_attack", "label": "Attack",
                         "args": args_json({"target": Choice(ids, labels, label="Target ship")})}]}


def check(state: State, side: str, action: dict[str, Any]) -> None:
    target = action["args"]["target"]
    if target != NONE and target not in targets(state, side):
        raise IllegalAction("A submarine may attack only a ship of an enemy task force you spotted with exact "
                            "information this Turn.", "11e2")


def default(state: State, side: str) -> dict[str, Any]:
    return {"verb": "submarine_attack", "args": {"target": next(iter(targets(state, side)), NONE)}}


def random(state: State, side: str, rng) -> dict[str, Any]:
    return {"verb": "submarine_attack", "args": {"target": rng.choice([*targets(state, side), NONE])}}


# --- 11e3: the attack --------------------------------------------------------------------------------------------

def attacker_modifiers(state: State, ship: str) -> dict[str, int]:
    """11e3.1."""
    v, out = values(), {}
    if timetrack.is_night(state):
        out["night"] = v["night"]
    if units.record(ship)["type"] == "DD":
        out["destroyer target"] = v["destroyer_target"]
    if dead_in_the_water.is_dead(state, ship):
        out["dead in the water"] = v["dead_in_the_water"]
    return out


def destroyers(state: State, tf: str) -> int:
    """11e3.2: the individual destroyers in one task force marker: the ship symbols on its DD units' sides up."""
    n = 0
    for u, rec in state["units"].items():
        if rec.get("box") == "ships" and (rec.get("location") or {}).get("tf") == tf and alive(state, u) \
                and units.record(u)["type"] == "DD":
            side_up = units.printed(u, rec.get("face", "front")) or {}
            n += side_up.get("ships", units.record(u).get("ships", 1))
    return n


def defender_modifiers(state: State, ship: str) -> dict[str, int]:
    """11e3.2 (and the target's defense only if the data says the 11e3 list is not the whole of it)."""
    v = values()
    out = {"destroyers": v["per_destroyer"] * destroyers(state, state["units"][ship]["location"]["tf"])}
    if v["target_defense_counts"]:
        out["defense"] = factor(state, ship, "defense") or 0
    return out


def resolve(state: State, side: str, action: dict[str, Any], rng) -> State:
    s = clone(state)
    ship = action["args"]["target"]
    if ship == NONE:
        s["log"].append(entry(PUBLIC, f"{TITLE[side]} makes no submarine attack (11e1).", at=AT))
        return s
    attack(s, side, ship, rng)
    return s


def attack(state: State, side: str, ship: str, rng) -> dict[str, Any] | None:
    """11e3: one submarine combat against `ship`, marked at once."""
    rec = state["units"][ship]
    if not alive(state, ship) or "tf" not in (rec.get("location") or {}):
        # sunk since it was spotted (only possible when the 18c2 fog hid it): nothing to find
        telling.bt.say(state, "submarine", f"{TITLE[side]} submarine attack on {units.record(ship)['name']}: no "
                                           f"damage (11e3).", target=ship)
        return None
    a_mods, d_mods = attacker_modifiers(state, ship), defender_modifiers(state, ship)
    a_total, d_total = sum(a_mods.values()), sum(d_mods.values())
    roll = roll_combat(rng, a_total, d_total)
    before = fog.shown(rec)
    effects = apply_result(state, ship, roll["result"])
    name = units.record(ship)["name"]
    mods = "".join(f", {k} {v:+d}" for k, v in a_mods.items())
    text = (f"{TITLE[side]} submarine attack on {name}{mods or ''} against {name}'s task force's destroyers "
            f"{d_total:+d}: {roll['attacker_roll']}{a_total:+d}={roll['attacker_number']} against "
            f"{roll['defender_roll']}{d_total:+d}={roll['defender_number']}: {_words(roll['result'], name)} (11e3).")
    # 11e3.2's destroyers are read off the defender's card: the task force may have changed since it was spotted
    # (4e1), so with the cards closed only its owner reads the numbers (18c)
    telling.tell_result(state, "submarine", "11e3", ship, before, roll, effects, text,
                        lambda told: f"{TITLE[side]} submarine attack on {name}: the umpire reports {told} (11e3).",
                        rng, result_text=f"{TITLE[side]} submarine attack on {name}: {_words(roll['result'], name)} "
                                         f"(11e3; the umpire's roll: the Operations Cards are closed, 18c).",
                        combat="submarine", target=ship, modifiers=a_mods, defender_modifiers=d_mods)
    return roll


def _words(result: str, name: str) -> str:
    return {"miss": "no damage", "hit": f"{name} 1 hit", "flip": f"{name} flipped",
            "eliminate": f"{name} eliminated"}[result]
