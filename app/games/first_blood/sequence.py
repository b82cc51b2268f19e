"""The sequence of play (§3, §4, Table 5 completed from §7.11, §11 and §12 as the digest's states table says) as the
steps the engine's walker follows (app/engine/sequence.py). Each step is a decision kind of the states table
(rules.STATES) or one of the procedures below: the arrivals of a side's reinforcements, a phase's bookkeeping, the IJ
supply roll, the IJ strategic phase, the US engineering phase, the USAF's refuelling and the check for victory. A side
with nothing to place or allocate is passed over (the record's `needed`); a movement or combat phase is asked again
until its side ends it (`again`); a combat's casualties and retreats (§7.7, §7.9) come before anything else while
they are due (the interrupt)."""
from __future__ import annotations

from typing import Any

from app.engine.sequence import Sequence, Step
from app.games.first_blood import board, combat, phases
from app.games.first_blood.gamedata import IJ_AIR, LAST_TURN, TITLE, turn_label

State = dict[str, Any]

SETUP: tuple[Step, ...] = (Step("setup", "us", "Initial set-up", "§3"), Step("setup", "ij", "Initial set-up", "§3"))


def _phase(side: str) -> tuple[Step, ...]:
    """A side's half of the turn: reinforcements, movement, combat (§4, Table 5)."""
    return (Step("arrivals", side, "Reinforcement phase", "§5"), Step("reinforcements", side, "Reinforcement phase",
                                                                      "§5"),
            Step("ready_to_move", side, "Movement phase", "§6"), Step("movement", side, "Movement phase", "§6"),
            Step("ready_to_fight", side, "Combat phase", "§7"), Step("combat", side, "Combat phase", "§7"),
            Step("end_of_combat", side, "Combat phase", "§7"))


TURN: tuple[Step, ...] = (
    *_phase("ij"),
    Step("supply_roll", None, "Supply phase", "§8"), Step("supply", "ij", "Supply phase", "§8"),
    Step("strategic", None, "Strategic phase", "§9"),
    *_phase("us"),
    Step("engineering", None, "Engineering phase", "§10"),
    Step("refuel", None, "Air phase", "§11"), Step("reserve", "us", "Air phase", "§11"),
    Step("landing", "us", "Air phase", "§11"), Step("land", None, "Air phase", "§11"), Step("air", "us", "Air phase",
                                                                                            "§11"),
    Step("victory", None, "Check for victory", "§12"),
)


def side(state: State) -> str:
    return state["step"]["side"]


def arrivals(state: State, rng) -> None:
    """§5: the turn's reinforcements become ready to place; USAF units go straight to the Reserve (§5.3)."""
    t = state["turn"]
    if side(state) == "ij":
        for group in IJ_AIR:
            if t in group["turns"]:
                for role, n in (("destroyer", group["destroyers"]), ("fighter", group["fighters"]),
                                ("bomber", group["bombers"])):
                    for i in range(n):
                        uid = f"ij-{role}-{t}-{i + 1}"
                        state["air"][uid] = {"id": uid, "name": f"IJ {role} {turn_label(t)} #{i + 1}", "side": "ij",
                                             "role": role, "loc": "pending", "arrive": t, "face": "up",
                                             "target": None}
    else:
        for a in board.air(state, "us", "pending"):
            if a["arrive"] <= t:
                a["loc"] = "reserve"
                board.say(state, f"{a['name']} arrives in the USAF Reserve (§5.3).")


def ready_to_move(state: State, rng) -> None:
    for u in board.ground(state, side(state)):
        u["moved"] = False


def ready_to_fight(state: State, rng) -> None:
    state["attacked"] = []
    for u in board.ground(state, side(state)):
        u["fought"] = False


def end_of_combat(state: State, rng) -> None:
    """§5: units still on an entry point at the end of their side's combat phase are eliminated; unused
    supporting destroyers and bombers stand down."""
    for u in board.ground(state, side(state), "entry:"):
        u["loc"] = "eliminated"
        board.say(state, f"{u['name']} never left its entry point and is eliminated (§5).")
    for a in board.air(state, side(state)):
        a["target"] = None


def supply_roll(state: State, rng) -> None:
    """§8: the IJ rolls for supply; on a loss the IJ gives up a unit (the supply decision)."""
    state["supply_due"] = phases.supply_roll(state, rng)


def check_for_victory(state: State, rng) -> None:
    state["outcome"] = phases.victory(state)
    if state["outcome"] is not None:
        state["step"] = {"part": "turn", "kind": "over", "side": None, "index": state["step"]["index"]}
        board.say(state, f"{TITLE[state['outcome']['winner']]} wins: "
                                          f"{state['outcome']['reason']}")


PROCEDURES = {
    "arrivals": arrivals, "ready_to_move": ready_to_move, "ready_to_fight": ready_to_fight,
    "end_of_combat": end_of_combat, "supply_roll": supply_roll,
    "strategic": lambda state, rng: phases.strategic(state),
    "engineering": lambda state, rng: phases.engineering(state),
    "refuel": lambda state, rng: phases.refuelling(state),
    "land": lambda state, rng: phases.land(state),
    "victory": check_for_victory,
}


def new_turn(state: State, rng) -> bool:
    """The next turn (after the set-up: Sep I); the last turn always ends in victory() before this."""
    if state["turn"] >= LAST_TURN:  # pragma: no cover - victory() always decides at Jan III
        return False
    state["turn"] += 1
    for u in state["units"].values():
        u.update(stirred=False, engaged=False)
    for s in state["strips"].values():
        s["bombarded"] = False
    state["section"] = None  # the turn's heading line opens no section of play
    board.say(state, f"Turn {state['turn']}: {turn_label(state['turn'])} (§4).")
    return True


def casualties(state: State) -> str | None:
    """§7.7, §7.9, §5.1: the losing side's casualties, then its retreat, then the units an attack on entry loses to
    stacking, before anything else."""
    p = state.get("losses")
    if p:
        return "overstack" if "overstack" in p else "retreat" if "retreat" in p else "losses"
    return None


def section(state: State, step: Step) -> None:
    """The section of play a step opens, as the log heads the lines written in it ("IJ movement phase")."""
    title = step.title or step.kind
    state["section"] = f"{TITLE[step.who]} {title[0].lower()}{title[1:]}" if step.who in TITLE else title


def walk(states) -> Sequence:
    return Sequence(states=states, pregame=lambda state: SETUP, turn=lambda state: TURN, procedures=PROCEDURES,
                    next_turn=new_turn, interrupt=casualties, entered=section)


def side_of_step(state: State) -> list[str]:
    """Who decides a step's own decision: the side the step names."""
    return [side(state)] if state["step"].get("side") else []


def kind(state: State) -> str:
    """The decision waited on now (the step's own or a casualty decision), or the step's kind ("over")."""
    return casualties(state) or state["step"].get("kind") or "setup"


def acting(state: State) -> list[str]:
    """Who decides now, as the walker says (rules.SEQUENCE.acting), read from the state alone for the view."""
    if state["outcome"] is not None:
        return []
    if state.get("losses"):
        return combat.losses_side(state)  # §7.7: the losing side chooses its casualties, mid-phase
    return side_of_step(state)


def printed_step(state: State) -> Step | None:
    """The printed step the walk stands at (its title and rule), None once the game is over."""
    at = state["step"]
    steps = SETUP if at.get("part") == "pregame" else TURN
    n = at.get("index", -1)
    return steps[n] if at.get("kind") != "over" and 0 <= n < len(steps) else None


# Every decision kind the walk reaches: the steps' own and the casualty decisions (the states table must hold each).
DECISION_KINDS: tuple[str, ...] = tuple(dict.fromkeys(
    [st.kind for st in (*SETUP, *TURN) if st.kind not in PROCEDURES] + ["losses", "retreat", "overstack"]))
