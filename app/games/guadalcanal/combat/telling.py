"""Who is told what of one combat's result (digest §5.1; 2c, 18c, 18c2).

- Unumpired, or umpired without fog: the combat is fought at the Battleboard in the open, so its line (dice,
  modifiers, result) is public. Air units lost with their ship or base (4b5, 11b4) were never at the Battleboard:
  the enemy learns of them only by watching the Operations Card (2c), which it may not do in an umpired game (18c);
  there they are told to their owner alone. Likewise a combat whose numbers may hold a part read off the owner's
  card (4d3.3's Ready box, 11e3.2's destroyers in the task force): with the cards closed everyone reads its result
  without the numbers (the dice with the result would give the part away), its owner the numbers as well.
- With fog_damage (18c2): the owner of the damaged unit is told the truth, dice and all; the side that did the
  damage is told the umpire's report and no dice (they would give the truth away); the umpire reads every line and
  the fog die's own line.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.engine.contract import State
from app.engine.rng import Rng
from app.games.guadalcanal import fog
from app.games.guadalcanal.combat import battle as bt
from app.games.guadalcanal.combat.resolution import MISS

UMPIRE = "umpire"
NUMBERS = ("attacker_roll", "defender_roll", "attacker_total", "defender_total", "attacker_number",
           "defender_number", "modifiers", "defender_modifiers")  # what a line told without its numbers leaves out


def cards_open(state: State) -> bool:
    """2c: players watch the opposing Operations Card, except in umpired games (18c)."""
    return bool(state.get("open_cards", not state.get("umpired", False)))


def lost_aboard(state: State, owner: str, effects: list[str]) -> list[str]:
    """The air units an elimination took with their ship or base (damage.eliminate: "<air> eliminated with <ship>",
    by printed name, unique on a side)."""
    lost = [e.split(" eliminated with ")[0] for e in effects if " eliminated with " in e]
    if not lost:
        return []
    by_name = {bt.name(a): a for a, u in state["units"].items() if u.get("side") == owner}
    return [by_name[n] for n in lost]


def card_parts(target: str, cat: str) -> bool:
    """Whether a bombing combat's total may hold a part read off the target's Operations Card: 4d3.3's Ready box,
    for dive bombing on a ship. Asked of the combat, not of the box, so that what is said of it never tells."""
    return cat == "dive" and bt.kind(target) == "ship"


def numbers_hidden(state: State, reader: str, owner: str, card_parts: bool) -> bool:
    """18c: whether `reader` may not read a combat's numbers because they may hold a part read off `owner`'s
    Operations Card (`card_parts`), which only its owner watches when the cards are closed."""
    return card_parts and not cards_open(state) and reader != owner


def tell_result(state: State, step: str, rule: str, uid: str, before: dict[str, Any], roll: dict[str, Any],
                effects: list[str], text: str, told_text: Callable[[str], str], rng: Rng,
                result_text: str | None = None, **data: Any) -> None:
    """Write one combat's lines. `text` is the whole truth with the dice; `told_text(words)` is the line for the
    side that did the damage under fog_damage, given the words of the report; `result_text`, given when the numbers
    may hold a part read off the owner's Operations Card, is the line without them for everyone else when the cards
    are closed (18c). Asked of the kind of combat, never of what the card holds, so its shape tells nothing."""
    owner = bt.side_of(uid)
    firer = bt.other(owner)
    full = dict(data, **roll, effects=effects)
    if not fog.enabled(state):
        _tell_unfogged(state, step, uid, text, result_text, full)
        return
    bt.say(state, step, text, to=owner, **full)
    if roll["result"] == MISS:
        bt.say(state, step, told_text("no damage"), to=firer, target=uid, reported=fog.as_seen(state, firer, uid))
        return
    rec = fog.tell(state, firer, uid, before, rng, rule)
    report = fog.words(rec["reported"])
    bt.say(state, step, f"Fog of war (18c2): {firer.title()} is told {bt.name(uid)} {report} (true: "
           f"{fog.words(rec['true'])}); die {rec['die']}, {rec['shift']:+d} hits.", to=UMPIRE, fog=rec)
    bt.say(state, step, told_text(f"{bt.name(uid)} {report}"), to=firer, target=uid, reported=rec["reported"])


def _tell_unfogged(state: State, step: str, uid: str, text: str, result_text: str | None,
                   full: dict[str, Any]) -> None:
    """Fought in the open (4a): one public line, unless the cards are closed (18c) and it would tell what is on the
    owner's card: then the public line keeps back the numbers (`result_text`) and the air lost aboard, and the
    owner reads them in lines of his own."""
    owner = bt.side_of(uid)
    if cards_open(state):
        bt.say(state, step, text, **full)
        return
    aboard = lost_aboard(state, owner, full["effects"])
    public = dict(full, effects=[e for e in full["effects"] if " eliminated with " not in e])
    if result_text is None:
        bt.say(state, step, text, **public)
    else:
        # the owner's line follows at once: views.combats lists the combat once for whoever reads both
        bt.say(state, step, result_text, **{k: v for k, v in public.items() if k not in NUMBERS},
               numbers_follow=True)
        bt.say(state, step, text, to=owner, **full)
    if aboard:
        bt.say(state, step, f"Lost with {bt.name(uid)}: " + ", ".join(bt.name(a) for a in aboard) + ".",
               to=owner, target=uid, lost=aboard)


def end_lines(state: State, b: dict[str, Any], survivors: list[str], lost: list[str]) -> None:
    """4e: the battle's end, with every unit's damage. Under fog_damage each side reads its own units truly and the
    enemy's as it was told; otherwise the line is public."""
    def line(viewer: str | None) -> tuple[str, dict[str, Any], list[str]]:
        seen = {u: (fog.as_seen(state, viewer, u) if viewer else fog.shown(state["units"][u]))
                for u in [*survivors, *lost]}
        alive_ = {u: (d["face"] + (f", {d['hits']} hit" if d["hits"] else "")) for u, d in seen.items()
                  if not d["eliminated"]}
        gone = [u for u, d in seen.items() if d["eliminated"]]
        return (f"Battle {b['hex']} ends. " + "; ".join(f"{bt.name(u)} {v}" for u, v in alive_.items())
                + (". Lost: " + ", ".join(bt.name(u) for u in gone) if gone else "") + "."), alive_, gone

    if not fog.enabled(state):
        text, alive_, gone = line(None)
        bt.say(state, "end", text, battle=b["id"], survivors=alive_, lost=gone)
        return
    for side in bt.SIDES:
        text, alive_, gone = line(side)
        bt.say(state, "end", text, to=side, battle=b["id"], survivors=alive_, lost=gone)
