"""The sequence of play (4.1-4.5) as a table the walker steps through, one Game-Turn after another.

Each step names its phase, segment, section letter (as printed in 4.2) and either an automatic procedure or a
secret simultaneous decision. The walker runs automatic steps until it reaches a decision some side must make;
a decision is resolved once every side that has one has submitted (a side may resubmit until then).
"""
from __future__ import annotations

from typing import Any

from app.engine.log import entry
from app.games.solomons import (air_orders, allocation, board, combat_hooks, ground_orders, intel, movement, plot,
                                turn, victory)
from app.games.solomons.units import side_tfs, sweep

State = dict[str, Any]

# 4.2: the lettered sections of a day and of a night segment, in printed order.
DAY = [("A", "reveal_japanese", "Japan reveals its task forces at sea (18.5)"),
       ("B", "reveal_american", "The United States reveals its task forces under 19.1-19.2"),
       ("C", "submarines", "Japanese submarine attacks (13)"),
       ("D", "air", "Both sides allocate air attacks and CAP (14.11)"),
       ("E", "air_attacks", "Air attacks (14)"),
       ("F", "counterattacks", "Carrier counterattacks (14.5)"),
       ("G", "surface", "Surface action (15)"),
       ("H", "bombardment", "Naval bombardment (15.2)"),
       ("I", "landing", "Land troops and supplies (9.4)"),
       ("J", "reset", "Abort missions or reset plots (6.38); K. transfer air units (6.26)"),
       ("K", "transfers_done", "Transfer air units (6.26)")]
NIGHT = [("A", "reveal_japanese", "Japan reveals whether it has task forces at Guadalcanal (18.6)"),
         ("B", "reveal_american", "The United States reveals whether it has task forces at Guadalcanal (19.3)"),
         ("C", "surface", "Surface action (15)"),
         ("D", "bombardment", "Naval bombardment (15.2)"),
         ("E", "landing", "Land troops and supplies (9.4)"),
         ("F", "reset", "Reset task force plots (6.38)")]
PLOT_PHASE_1 = [("reinforcement", "Reinforcement (21)"), ("henderson", "Henderson Field roll (10.5)"),
                ("cag_training", "Carrier Air Group Training (6.21)"),
                ("truk_sortie", "Japanese Truk Sortie Resolution (20)"),
                ("american_supply", "American ground supply (16.11)"),
                ("allocation", "Task Force Allocation (5.2)"),
                ("intelligence", "American Intelligence: the Japanese plot and intentions (18)"),
                ("movement_plot", "Movement Plot (8.1)")]
PLOT_PHASE_2 = [("allocation", "Task Force Allocation (5.3)"),
                ("intelligence", "American Intelligence: the Japanese plot and intentions (18)"),
                ("movement_plot", "Movement Plot (8.1)")]
DECISIONS = {"cag_training", "allocation", "intelligence", "movement_plot", "air", "reset", "ground"}


def is_day(segment: int) -> bool:
    """4.2, 4.5: odd segments by day in Phase 1 (1, 3, 5, 7), even ones in Phase 2 (8, 10, 12, 14)."""
    return segment % 2 == 1 if segment <= 7 else segment % 2 == 0


def build_steps() -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = []
    for kind, title in PLOT_PHASE_1:
        steps.append({"phase": "plot1", "segment": None, "section": kind, "kind": kind, "title": title})
    for seg in range(1, 8):
        steps += segment_steps("exec1", seg)
    steps.append({"phase": "ground", "segment": None, "section": "ground", "kind": "ground",
                  "title": "Ground Combat Phase (12)"})
    steps.append({"phase": "ground", "segment": None, "section": "possession", "kind": "possession",
                  "title": "Possession of Henderson Field (12.5)"})
    for kind, title in PLOT_PHASE_2:
        steps.append({"phase": "plot2", "segment": None, "section": kind, "kind": kind, "title": title})
    for seg in range(8, 15):
        steps += segment_steps("exec2", seg)
    steps.append({"phase": "end", "segment": None, "section": "end", "kind": "end_of_turn",
                  "title": "End of the Game-Turn (8.9, 8.8)"})
    return steps


def segment_steps(phase: str, seg: int) -> list[dict[str, Any]]:
    return [{"phase": phase, "segment": seg, "section": letter, "kind": kind, "title": f"Segment {seg}, {letter}. {t}"}
            for letter, kind, t in (DAY if is_day(seg) else NIGHT)]


STEPS = build_steps()


def current(state: State) -> dict[str, Any]:
    return STEPS[state["step"]]


def plot_phase(state: State) -> int:
    return 1 if current(state)["phase"] in ("plot1", "exec1") else 2


# ---------------------------------------------------------------- who decides

def deciders(state: State) -> list[str]:
    """The sides with a decision at the current step (empty: the step runs by itself)."""
    step = current(state)
    kind = step["kind"]
    if state["outcome"] or kind not in DECISIONS:
        return []
    # Secret decisions prompt both sides every time, whether or not a side has a real choice, so that being
    # prompted (or waiting) tells nobody anything about the other side's forces (architecture: Secrets).
    if kind in ("cag_training", "allocation", "movement_plot", "air", "reset"):
        return list(board.SIDES)
    if kind == "intelligence":
        return ["japanese"]
    if kind == "ground":
        return ground_orders.attackers(state)  # public: points and supply on Guadalcanal are on the map
    return []


def deployable(state: State) -> bool:
    return any(s["status"] in ("available", "deployed", "used") for s in state["submarines"].values())


def air_choices(state: State, side: str, segment: int) -> bool:
    """Whether `side` has any air decision this day segment: a target in range, or carriers at sea to cover."""
    if air_orders.carrier_forces(state, side):
        return True
    for src in air_orders.flying_bases(state, side):
        for kind in ("lac", "nac"):
            if not air_orders.free_points(state, side, src, kind, offensive=True):
                continue
            if src in air_orders.ONCE_A_TURN and state["air"][side][src]["attacked"]:
                continue
            for mark in state["markers"][side].values():
                if mark["segment"] == segment and mark["units"] and not mark["submarine"] \
                        and air_orders.in_range(state, side, src, kind, mark["hex"]):
                    return True
            if state["guadalcanal"]["henderson"]["side"] == board.ENEMY[side] \
                    and air_orders.in_range(state, side, src, kind, board.GUADALCANAL):
                return True
    return False


def reset_choices(state: State, side: str, segment: int) -> bool:
    sailing = [tf for tf in movement.at_sea_or_plotted(state, side) if not tf["aborted"]]
    if sailing:
        return True
    if not is_day(segment):
        return False
    return bool(transfer_sources(state, side))


def transfer_sources(state: State, side: str) -> list[str]:
    out = []
    for base, rec in state["air"][side].items():
        if base == "henderson" and not air_orders.holds_henderson(state, side):
            continue
        if any(air_orders.free_points(state, side, base, k, offensive=True) for k in ("lac", "nac")):
            out.append(base)
    return out if len(state["air"][side]) > 1 else []


# ---------------------------------------------------------------- the walker

def advance(state: State, rng) -> None:
    """Run the sequence until a side must decide or the game is over."""
    while not state["outcome"]:
        step = current(state)
        state["phase"], state["segment"], state["section"] = step["phase"], step["segment"], step["section"]
        state["day"] = is_day(step["segment"]) if step["segment"] else True
        if step["kind"] in DECISIONS:
            sides = deciders(state)
            if sides and any(state["pending"][s] is None for s in sides):
                return
            resolve(state, step, sides, rng)
            state["pending"] = {"allied": None, "japanese": None}
            if step["kind"] == "intelligence" and sides:
                # the plot Japan gave with its intentions stands as its Movement Plot unless revised (18, 8.6)
                state["pending"]["japanese"] = state["decisions"]["japanese"]
        else:
            run(state, step, rng)
        sweep(state)
        if state["outcome"]:
            return
        next_step(state)


def next_step(state: State) -> None:
    if state["step"] + 1 < len(STEPS):
        state["step"] += 1
        return
    if state["turn"] >= board.TURNS:
        victory.finish(state)
        return
    state["turn"] += 1
    state["step"] = 0
    state["log"].append(entry("public", f"Game-Turn {state['turn']} begins."))


def run(state: State, step: dict[str, Any], rng) -> None:
    kind, seg = step["kind"], step["segment"]
    if kind == "reinforcement":
        intel.clear(state)
        state["intentions"] = None
        turn.reinforcement(state)
    elif kind == "henderson":
        turn.henderson_roll(state, rng)
    elif kind == "truk_sortie":
        turn.truk_sortie(state, rng)
    elif kind == "american_supply":
        if not combat_hooks.american_supply(state):
            ground_orders.supply_american_ground(state)
    elif kind == "reveal_japanese":
        intel.clear(state)
        state["decisions"] = {"allied": None, "japanese": None}
        movement.move_all(state, seg)
        state["log"].append(entry("public", f"Segment {seg} ({'day' if is_day(seg) else 'night'})."))
        intel.reveal(state, "japanese", seg, is_day(seg))
    elif kind == "reveal_american":
        intel.reveal(state, "allied", seg, is_day(seg))
    elif kind == "submarines":
        combat_hooks.submarine_attacks(state, seg, rng)
    elif kind == "air_attacks":
        combat_hooks.air_attacks(state, seg, rng)
    elif kind == "counterattacks":
        combat_hooks.counterattacks(state, seg, rng)
    elif kind == "surface":
        combat_hooks.surface(state, seg, rng)
    elif kind == "bombardment":
        combat_hooks.bombardment(state, seg, rng)
        movement.bombardment_done(state)
    elif kind == "landing":
        movement.land(state, seg)
        combat_hooks.after_landing(state)
    elif kind == "transfers_done":
        pass  # K: the transfers were resolved with the reset orders (see resolve)
    elif kind == "possession":
        turn.possession(state)
    elif kind == "end_of_turn":
        turn.end_of_turn(state, rng)


def resolve(state: State, step: dict[str, Any], sides: list[str], rng) -> None:
    kind, seg = step["kind"], step["segment"]
    orders = {s: state["pending"][s] for s in board.SIDES if state["pending"][s] is not None}
    state["decisions"] = {"allied": orders.get("allied"), "japanese": orders.get("japanese")}
    if kind == "cag_training":
        for s in sides:
            turn.resolve_training(state, s, orders[s])
    elif kind == "allocation":
        for s in sides:
            allocation.resolve(state, s, orders[s])
    elif kind == "intelligence":
        announce_intentions(state, orders.get("japanese") or {"plots": {}})
    elif kind == "movement_plot":
        phase = plot_phase(state)
        for s in board.SIDES:
            plot.resolve(state, s, orders.get(s) or {"plots": {}}, phase)
        plot.anti_slot_courses(state, phase)
        state["log"].append(entry("public", f"Both Movement Plots for Plot Execution Phase {phase} are written."))
    elif kind == "air":
        for s in sides:
            state["decisions"][s] = air_orders.record(state, s, orders[s], seg)
            show_cap(state, s, state["decisions"][s])
    elif kind == "reset":
        for s in sides:
            movement.resolve_reset(state, s, orders[s], seg)
            if is_day(seg):
                air_orders.resolve_transfers(state, s, orders[s].get("transfers") or [])
        for s in board.SIDES:
            movement.rewrite_retiring(state, s, seg)
    elif kind == "ground":
        combat_hooks.ground_combat(state, rng)


def announce_intentions(state: State, japanese_plot: dict[str, Any]) -> None:
    """18.1-18.4: the answers Japan gives, derived from its plot so that they are true."""
    phase = plot_phase(state)
    answers = plot.intentions(state, japanese_plot.get("plots", {}), phase)
    state["intentions"] = {"phase": phase, "answers": answers}
    state["log"].append(entry("allied", intentions_text(answers, phase)))
    state["log"].append(entry("japanese", "Your intentions are announced: " + intentions_text(answers, phase)))


def intentions_text(a: dict[str, Any], phase: int) -> str:
    yn = lambda v: "yes" if v else "no"  # noqa: E731
    return (f"Japanese Intentions, Plot Phase {phase}: down the Slot {yn(a['slot'])} (capital ships "
            f"{yn(a['slot_capital'])}); high-seas sortie {yn(a['high_seas'])} (capital ships "
            f"{yn(a['high_seas_capital'])}); Truk sortie {yn(a['truk_sortie'])} (capital ships {yn(a['truk_capital'])}, "
            f"transports {yn(a['truk_transports'])}); transports {yn(a['transports'])}"
            f"{' from ' + ', '.join(a['transports_from']) if a['transports_from'] else ''}.")


def show_cap(state: State, side: str, decision: dict[str, Any]) -> None:
    """6.22: the enemy sees CAP as face-down counters (blanks included) over the hex or with the revealed force."""
    enemy = board.ENEMY[side]
    for m in decision["missions"]:
        if m["mission"] == "cap_area":
            state["cap_shown"][enemy].append({"hex": m["hex"], "group": None, "counters": m.get("counters", 1)})
        elif m["mission"] == "cap_point":
            mid = state["task_forces"][m["source"]].get("marker", {}).get(enemy)
            if mid and mid in state["markers"][enemy]:
                state["cap_shown"][enemy].append({"hex": m["hex"], "group": mid, "counters": m.get("counters", 1)})
