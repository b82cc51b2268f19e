"""Coastal Defense units (Game Equipment; Movement (H); Stacking (B); Supply (E); Amphibious Assault; Missions:
Bombardment of Coastal Defense Unit (Step 2 (H)), Bombing Coastal Defense Unit (Steps 5/9 (H)-(I))).

A Coastal Defense unit is a land unit of kind "coastal_defense" (`new_unit`): its `attack` is its Surface Attack
Strength, it never moves, stays normal out of supply, is worth no Victory Points, and is destroyed by any result of
"2" or greater on CRT 4 (bombardment by ships or bombing by air units). While one stands undestroyed in a hex, the
enemy may not land there, bombard land units or bases there, or give naval ground support there.

Bombardment (2 (H)): the moving Player's BB/CA/CL/DD in its hex fire their total Surface Attack at its Defense on
CRT 4; it fires back at once with its Surface Attack on CRT 4 then CRT 5 at the bombarding ships it chooses (their
Defense Strengths totalled); no result is applied until both have fired. Reading (docs/games/usn.md): the choice
is made for its owner: the one bombarding ship it has the best odds against (the lowest Defense; the top one of
equals)."""
from __future__ import annotations

from typing import Any

from app.engine.log import PUBLIC, entry
from app.games.usn import board, crt, damage, gamedata

KIND = "coastal_defense"
DATA = gamedata.load("coastal")
TYPES = {t["name"]: t for t in DATA["coastal_defense"]}
RULES = DATA["rules"]
# ids a situation gives its Coastal Defense units ("A-CD1", "J-CD1", ...), known to the order shapes in advance
IDS = tuple(f"{p}-CD{i}" for p in "AJ" for i in range(1, 31))
BOMBARD_RULE = "Mission: Bombardment of Coastal Defense Unit"
BOMBING_RULE = "Mission: Bombing Coastal Defense Unit"


def new_unit(uid: str, side: str, hex_id: str, name: str = "50-20 Coastal Defense") -> dict[str, Any]:
    """A Coastal Defense unit as the state keeps land units (board.new_state)."""
    t = TYPES[name]
    return {"id": uid, "side": side, "name": name, "kind": KIND, "attack": t["surface_attack"],
            "defense": t["defense"], "tp": 0, "vp": RULES["vp"], "hex": hex_id, "aboard": None,
            "entrenched": False, "moved": False}


def is_coastal(u: dict[str, Any]) -> bool:
    return u.get("kind") == KIND


def at(state, hex_id: str, side: str | None = None) -> list[dict[str, Any]]:
    """Undestroyed Coastal Defense units in a hex (of one side)."""
    return [u for u in board.land_at(state, hex_id, side) if is_coastal(u) and not u.get("destroyed")]


def destroyed(number: int) -> bool:
    return number >= RULES["destroyed_from"]


def destroy(state, u: dict[str, Any], why: str) -> None:
    u["hex"] = None
    u["destroyed"] = True
    state["log"].append(entry(PUBLIC, f"{board.TITLE[u['side']]} {u['name']} destroyed ({why})."))


def bombard(state, side: str, ships: list[dict[str, Any]], u: dict[str, Any], rng, at_step: str) -> None:
    """Step 2 (H): the exchange of fire between the bombarding ships and the Coastal Defense unit."""
    attack = sum(board.values(s)["surface_attack"] for s in ships)
    r = rng.d6()
    number = crt.surface_to_surface(attack, u["defense"], r)
    target = min(ships, key=lambda s: board.values(s)["defense"])  # its owner's choice, made for him
    d = board.values(target)["defense"]
    r2 = rng.d6()
    back = crt.surface_to_surface(u["attack"], d, r2)
    weeks = 0
    line = (f"{board.TITLE[side]} {', '.join(s['id'] for s in ships)} bombard {board.TITLE[u['side']]} {u['name']} "
            f"at {u['hex']}: {attack} against {u['defense']} (die {r}): damage number {number}; it fires back at "
            f"{target['id']}: {u['attack']} against {d} (die {r2}): damage number {back}")
    if back:
        r3 = rng.d6()
        weeks = crt.damage(back, r3)
        line += f"; CRT 5 (die {r3}): {weeks or 'no effect'}"
    state["log"].append(entry(PUBLIC, line + ".", at=at_step))
    if destroyed(number):  # no result is applied until both have fired
        destroy(state, u, f"damage number {number}, {BOMBARD_RULE}")
    if weeks:
        damage.damage_ship(state, target, weeks)


def bomb(state, side: str, attack: int, u: dict[str, Any], rng, at_step: str) -> None:
    """Bombing Coastal Defense Unit: the air units' Bombardment Strength against its Defense on CRT 4 (after CAP;
    no Anti-Aircraft fire); "2" or greater destroys it, other results are ignored."""
    r = rng.d6()
    number = crt.surface_to_surface(attack, u["defense"], r)
    state["log"].append(entry(PUBLIC, f"{board.TITLE[side]} air units bomb {board.TITLE[u['side']]} {u['name']} at "
                                      f"{u['hex']}: {attack} against {u['defense']} (die {r}): damage number "
                                      f"{number}{'' if destroyed(number) else ', no effect'}.", at=at_step))
    if destroyed(number):
        destroy(state, u, f"damage number {number}, {BOMBING_RULE}")


def overrun(state) -> None:
    """Stacking (B): a Coastal Defense unit in a hex with an enemy land unit is destroyed unless a friendly land unit
    (not Coastal Defense) is there to defend it (every land unit in the hex defends, as for bases)."""
    for u in [x for x in state["land"].values() if is_coastal(x) and x.get("hex") and not x.get("destroyed")]:
        h, side = u["hex"], u["side"]
        enemy_there = [x for x in board.land_at(state, h, board.other(side)) if not is_coastal(x)]
        friends = [x for x in board.land_at(state, h, side) if not is_coastal(x)]
        if enemy_there and not friends:
            destroy(state, u, "an enemy land unit in its hex and no land unit to defend it, Stacking (B)")
