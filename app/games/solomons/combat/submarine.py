"""Japanese submarine attacks (13.x, 25.5, 25.6): day section C.

A deployed, unused submarine whose hex an American task force with capital ships enters by day must attempt an
attack (13.2). Japan rolls one die first and the attack happens only on a 6 (25.5). Then one of the force's
capital ships is drawn at random and attacked at 1:1 on the Surface CRT; a result against the attacker falls on
the submarine (13.2, 13.6). A carrier crippled by a submarine keeps its aircraft (25.6, 14.43).

Interpretation (not in the rules): a failed die roll is not an attack, so the submarine stays unused and tries
again against the next force that enters; it turns face down only once it has attacked (13.3). Each entering
force draws its own attempt. Japan is told the result on "a capital ship", never its name or type: no reveal
rule covers a submarine attack.
"""
from __future__ import annotations

from typing import Any

from app.engine.rng import Rng
from app.games.solomons import board, fog, tables
from app.games.solomons.combat import crt
from app.games.solomons.combat.common import afloat, casualty, marker_called, say, ship_name, tf_label
from app.games.solomons.combat.results import apply_naval_result


def attack(capital_ships: list[str], rng: Rng) -> dict[str, Any]:
    """One attempt: the 25.5 roll, then a random capital ship attacked at 1:1 (13.2)."""
    first = rng.d6()
    report: dict[str, Any] = {"attempt_die": first, "attacked": tables.submarine_attacks(first)}
    if not report["attacked"]:
        return report
    target = rng.choice(sorted(capital_ships))
    column = crt.surface_fixed_column()
    die = rng.d6()
    att_code, def_code = crt.surface_result(column, die)
    report.update(target=target, column=column, die=die, attacker_result=att_code, defender_result=def_code,
                  cell=crt.cell("surface", column, die)["text"],
                  ship=apply_naval_result(def_code, [target], rng).get(target),
                  submarine=apply_naval_result(att_code, ["submarine"], rng).get("submarine"))
    return report


def resolve_attacks(state: dict[str, Any], segment: int, rng: Rng) -> None:
    """Day section C: every submarine attempt this segment, submarines and forces in id order."""
    if not state.get("day", True):
        return
    for sub_id in sorted(state.get("submarines", {})):
        sub = state["submarines"][sub_id]
        for tf in sorted(state["task_forces"].values(), key=lambda t: t["id"]):
            if sub["status"] != "deployed" or tf["side"] != "allied" or tf["hex"] != sub["hex"]:
                continue
            capital = [u for u in afloat(state, tf) if board.is_capital(u)]
            if not capital or not _entered(tf, segment):
                continue
            _attempt(state, sub_id, sub, tf, capital, segment, rng)


def _entered(tf: dict[str, Any], segment: int) -> bool:
    """13.2 'enters': the force was plotted elsewhere the segment before (unknown counts as entering)."""
    before = (tf.get("plot") or {}).get(str(segment - 1))
    return before != tf["hex"]


def _attempt(state: dict[str, Any], sub_id: str, sub: dict[str, Any], tf: dict[str, Any], capital: list[str],
             segment: int, rng: Rng) -> None:
    report = attack(capital, rng)
    where = sub["hex"]
    if not report["attacked"]:
        say(state, "japanese", f"Submarine {sub_id[3:]} in {where} rolled {report['attempt_die']}: no attack on "
            f"{marker_called(tf, 'japanese')} (only a 6 attacks).", rule="25.5")
        say(state, "allied", f"A Japanese submarine in {where} rolled {report['attempt_die']} against {tf_label(tf)}: "
            "no attack.", rule="25.5")
        return
    sub["status"] = "used"  # 13.3: face down until next turn
    ship_result = report["ship"] or "untouched"
    sub_result = report["submarine"] or "untouched"
    cell = f"{report['column']}, die {report['die']} ({report['cell']})"
    if fog.enabled(state, "fog_damage"):
        # Guadalcanal 18c2: Japan hears of the ship through the umpire's secret die, and not the CRT die
        told = fog.tell_damage(state, "japanese", {report["target"]: report["ship"] or "none"}, rng, segment, "13.2")
        shown = told[report["target"]].replace("none", "untouched")
        say(state, "japanese", f"Submarine {sub_id[3:]} in {where} attacked a capital ship of "
            f"{marker_called(tf, 'japanese')}: {report['column']}: the ship is reported {shown}; the submarine is "
            f"{sub_result}.", rule="13.2")
    else:
        say(state, "japanese", f"Submarine {sub_id[3:]} in {where} attacked a capital ship of "
            f"{marker_called(tf, 'japanese')}: {cell}: the ship is {ship_result}; the submarine is {sub_result}.",
            rule="13.2")
    say(state, "allied", f"A Japanese submarine in {where} attacked {ship_name(report['target'])} of {tf_label(tf)}: "
        f"{cell}: it is {ship_result}; the submarine is {sub_result}.", rule="13.2")
    if report["ship"]:
        casualty(state, report["target"], report["ship"], "submarine")
    if report["submarine"] == "sunk":
        # 13.6: a submarine suffers only the result against the attacker of its own attack.
        sub.update(status="sunk", hex=None)
    elif report["submarine"] == "crippled":
        # 15.3 CRT note: repaired like any cripple, one die doubled plus refit; it rolls now because a submarine
        # is not a unit in a task force that the end-of-turn repair procedure walks.
        roll = rng.d6()
        away, _home = board.repair(sub_id, roll)
        sub.update(status="refit", hex=None, returns=state["turn"] + 1 + away, deployed_turns=0)
        say(state, "japanese", f"Submarine {sub_id[3:]} goes for repair: roll {roll}, back on Game-Turn "
            f"{sub['returns']}.", rule="15.34")
