"""Executing the plots segment by segment (8.2, 8.7, 9.1), landing troops and supplies (9.4, 6.34-6.36), and the
aborts, resets, mission changes and air transfers of the reset section (6.38, 6.39, 8.4, 13.5, 6.26)."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import entry
from app.engine.orders import Choice, Free, Group, Integer, Keyed, Optional, Repeated, Several
from app.games.solomons import air_orders, board, bots
from app.games.solomons import standing as standing_orders
from app.games.solomons.decision import STRONG, VERB, Kind, ask, fixed, later, randomly, segment, store
from app.games.solomons.plot import automatic, nearest_bases, phase_segments, retire_course
from app.games.solomons.units import at_sea, side_tfs, tf_label

State = dict[str, Any]


def move_all(state: State, segment: int) -> None:
    """8.2: every task force goes to the hex its plot calls for in this segment (8.7: Guadalcanal is M)."""
    for tf in sorted(state["task_forces"].values(), key=lambda t: t["id"]):
        here = tf["hex"]
        nxt = tf["plot"].get(str(segment), here)
        if nxt != here:
            tf["last_move"] = segment
            if board.is_base(here):
                for uid in tf["units"]:
                    state["units"][uid]["sortied"] = True
        tf["hex"] = nxt
        tf["path"].append(nxt)
        tf["m_segments"] = tf["m_segments"] + 1 if nxt == board.GUADALCANAL else 0
        for uid in tf["units"]:
            state["units"][uid]["location"] = nxt


def land(state: State, segment: int) -> None:
    """Land Troops and Supplies (day I, night E): 9.4 transports after two consecutive segments in M; the APD
    on entering Guadalcanal (6.36); the emergency destroyer on reaching M (6.35)."""
    g = state["guadalcanal"]
    for tf in sorted(state["task_forces"].values(), key=lambda t: t["id"]):
        if tf["hex"] != board.GUADALCANAL:
            continue
        side = tf["side"]
        carriers = []
        for uid in tf["units"]:
            t = board.unit_type(uid)
            if t == "TR" and tf["mission"] == "transport" and tf["m_segments"] >= 2:
                carriers.append(uid)
            elif t == "APD" or (t == "DD" and tf.get("emergency_dd") == uid):
                carriers.append(uid)
        landed = {"ground": 0, "supply": 0}
        for uid in carriers:
            cargo = state["units"][uid]["cargo"]
            for kind in ("ground", "supply"):
                landed[kind] += cargo[kind]
            state["units"][uid]["cargo"] = {"ground": 0, "supply": 0}
        if not landed["ground"] and not landed["supply"]:
            if carriers and any(board.is_transport(u) for u in carriers):
                tf["mission_done"] = True
            continue
        g["ground"][side] += landed["ground"]
        g["supply"][side] += landed["supply"]
        g["landed"][side] += landed["ground"]
        if any(board.is_transport(u) for u in carriers):
            tf["mission_done"] = True  # 8.4: the transports retire
        if tf.get("emergency_dd") in carriers:
            tf["emergency_dd"] = None
        who = "Americans" if side == "allied" else "Japanese"
        state["log"].append(entry("public", f"Segment {segment}: the {who} land {landed['ground']} Ground and "
                                            f"{landed['supply']} Supply Points on Guadalcanal."))


def bombardment_done(state: State) -> None:
    """15.2: a Bombardment force arriving in M bombards at once and then withdraws by the shortest route."""
    for tf in state["task_forces"].values():
        if tf["hex"] == board.GUADALCANAL and tf["mission"] == "bombardment":
            tf["mission_done"] = True


# ---------------------------------------------------------------- reset section (day J + K, night F)

def may_abort(tf: dict[str, Any]) -> bool:
    """6.38: a force at sea or plotted to sail that has not aborted yet may abort."""
    return (not board.is_base(tf["hex"]) or any(not board.is_base(p) for p in tf["plot"].values())) \
        and not tf["aborted"]


def _own(own: dict[str, Any], tf_id: Any, rule: str) -> dict[str, Any]:
    """The side's task force a reset order names, or a refusal citing the rule the order was given under."""
    tf = own.get(tf_id) if isinstance(tf_id, str) else None
    if tf is None:
        raise IllegalAction(f"You have no task force {tf_id!r}.", rule)
    return tf


def check_reset(state: State, side: str, args: dict[str, Any]) -> None:
    own = {tf["id"]: tf for tf in side_tfs(state, side)}
    aborts = args.get("aborts") or []
    if not isinstance(aborts, list):
        raise IllegalAction("Aborts are a list of your task forces.", "6.38")
    for tf_id in aborts:
        tf = _own(own, tf_id, "6.38")
        if board.is_base(tf["hex"]) and not any(not board.is_base(p) for p in tf["plot"].values()):
            raise IllegalAction(f"{tf_label(tf)} is in port with no course to abort.", "6.38")
        if tf["aborted"]:
            raise IllegalAction(f"{tf_label(tf)} has already aborted.", "6.38")
    changes = args.get("mission_changes") or {}
    if not isinstance(changes, dict):
        raise IllegalAction("Mission changes map a task force to its new mission.", "6.39")
    for tf_id, mission in changes.items():
        tf = _own(own, tf_id, "6.39")
        if side != "japanese":
            raise IllegalAction("American task forces may only abort, not change missions.", "6.39")
        if mission != "anti_ship" or tf["mission"] not in ("transport", "bombardment"):
            raise IllegalAction("Japan may change only a Transport or Bombardment mission, and only to Anti-Ship.",
                                "6.39")
    check_homes(state, side, own, args.get("homes") or {})
    if args.get("transfers") and not state["day"]:
        raise IllegalAction("Air units transfer only in a day segment (section K).", "6.26")
    air_orders.check_transfers(state, side, args.get("transfers") or [])


def tied(state: State, tf: dict[str, Any]) -> list[str]:
    """6.38: the bases a force that may abort would return to when two are equally near (else none to choose)."""
    near = nearest_bases(state, tf) if may_abort(tf) and not board.is_base(tf["hex"]) else []
    return near if len(near) > 1 else []


def check_homes(state: State, side: str, own: dict[str, Any], homes: Any) -> None:
    """6.38: "by the shortest route to the nearest friendly naval base": a player names the base only between two
    equally near."""
    if not isinstance(homes, dict):
        raise IllegalAction("Home bases map a task force to the base it returns to.", "6.38")
    for tf_id, base in homes.items():
        tf = _own(own, tf_id, "6.38")
        if base not in tied(state, tf):
            near = [tf["hex"]] if board.is_base(tf["hex"]) else nearest_bases(state, tf)
            raise IllegalAction(f"{tf_label(tf)} returns by the shortest route to the nearest friendly naval base: "
                                f"{' or '.join(board.BASE_LABEL.get(b, b) for b in near)}.", "6.38")


def resolve_reset(state: State, side: str, args: dict[str, Any], segment: int) -> None:
    own = {tf["id"]: tf for tf in side_tfs(state, side)}
    for tf_id, base in (args.get("homes") or {}).items():
        if own[tf_id].get("home") != base:
            own[tf_id]["home"] = base  # 6.38: kept for its return, whenever it aborts or its mission ends (8.4)
            state["log"].append(entry(side, f"{tf_label(own[tf_id])} will return to "
                                            f"{board.BASE_LABEL.get(base, base)} when it heads for port (6.38)."))
    for tf_id, mission in (args.get("mission_changes") or {}).items():
        own[tf_id]["mission"] = mission  # 6.39: the change alone does not alter movement
        state["log"].append(entry(side, f"{tf_label(own[tf_id])} changes its mission to Anti-Ship."))
    for tf_id in args.get("aborts") or []:
        tf = own[tf_id]
        tf["aborted"] = True
        tf["mission_done"] = True
        tf["anti_slot"] = False
        state["log"].append(entry(side, f"{tf_label(tf)} aborts its mission and heads for port."))
    rewrite_retiring(state, side, segment)


def rewrite_retiring(state: State, side: str, segment: int) -> None:
    """6.38, 8.4: forces that aborted or completed their mission get the shortest route home for the rest of the
    Plot Execution Phase (the next Plot Phase writes the rest)."""
    phase = 1 if segment <= 7 else 2
    rest = [s for s in phase_segments(phase) if s > segment]
    heading_rabaul: list[str] = []
    for tf in side_tfs(state, side):
        if automatic(tf) and rest:
            tf["plot"].update(retire_course(state, tf, rest, already_rabaul=heading_rabaul))
            if tf["plot"][str(rest[-1])] == "rabaul" and tf["hex"] != "rabaul":
                heading_rabaul += tf["units"]


# ---------------------------------------------------------------- the reset decision (states table)

def _reset_args(forces: Any, changes: Keyed, place: Any, points: Integer, most: int | None,
                homes: Any) -> dict[str, Any]:
    """Aborts (6.38) and the base each returns to when two are equally near (6.38), Japan's mission changes to
    Anti-Ship (6.39), the day's air transfers (6.26, section K), and the standing order on being asked about transfers
    (asking.py checks it)."""
    transfer = Group({"from": place, "to": place, "kind": Choice(("lac", "nac"), ("LAC", "NAC"), label="Air"),
                      "points": points})
    return {"aborts": Optional(forces), "homes": Optional(homes), "mission_changes": Optional(changes),
            "transfers": Optional(Repeated(transfer, maximum=most, label="Transfers")),
            "standing": Optional(Free("a standing order (6.26)"))}


# The whole domain: task forces and carriers are named in play, so the rules judge them (6.38, 6.39, 6.26).
ARGS = _reset_args(Repeated(Free("one of your task forces"), label="Aborts"),
                   Keyed(Choice(("anti_ship", "bombardment", "transport")), label="Mission changes"),
                   Free("a base or carrier task force of yours"), Integer(label="Air points"), None,
                   Keyed(Choice(tuple(dict.fromkeys(b for bs in board.BASES.values() for b in bs))),
                         label="Home bases"))


def reset_offered(state: State, side: str) -> dict[str, Any]:
    own = [tf["id"] for tf in side_tfs(state, side) if may_abort(tf)]  # issue 34: offered means legal
    changeable = [tf["id"] for tf in side_tfs(state, side) if side == "japanese"
                  and tf["mission"] in ("transport", "bombardment")]
    places = (*sorted(state["air"][side]), *sorted(air_orders.carrier_forces(state, side)))
    return _reset_args(Several(tuple(own), labels=tuple(tf_label(state["task_forces"][t]) for t in own),
                               label="Aborts"),
                       Keyed(Choice(("anti_ship",), ("Anti-Ship",)), tuple(changeable), label="Mission changes",
                             names=tuple(tf_label(state["task_forces"][t]) for t in changeable)),
                       Choice(places, tuple(air_orders.label(state, p) for p in places), label="Air base or carriers"),
                       Integer(1, label="Air points"),
                       None if state["day"] else 0,
                       _homes_offered(state, side))


def _homes_offered(state: State, side: str) -> Group:
    """6.38: for each force that would return to one of two equally near bases, that choice (its own bases only)."""
    ties = {tf["id"]: tied(state, tf) for tf in side_tfs(state, side)}
    fields = {t: Choice(tuple(near), tuple(board.BASE_LABEL.get(b, b) for b in near),
                        label=f"{tf_label(state['task_forces'][t])} returns to")
              for t, near in ties.items() if near}
    return Group(fields, optional=tuple(fields), label="Home bases")


def reset_choices(state: State, side: str) -> dict[str, Any]:
    forces = [tf for tf in side_tfs(state, side) if may_abort(tf)]
    out = {"may_abort": [tf["id"] for tf in forces], "transfers": state["day"], "bases": sorted(state["air"][side])}
    if side == "japanese":
        out["may_change_to_anti_ship"] = [tf["id"] for tf in side_tfs(state, side)
                                          if tf["mission"] in ("transport", "bombardment")]
    return out


def tidy_reset(state: State, side: str, args: dict[str, Any]) -> dict[str, Any]:
    """The reset board's rows: a transfer of no points is none (6.26); a row without its kind moves LAC."""
    rows = args.get("transfers")
    if not isinstance(rows, list):
        return args
    rows = [dict({"kind": "lac"}, **r) if isinstance(r, dict) else r for r in rows]
    return dict(args, transfers=[r for r in rows if not (isinstance(r, dict) and r.get("points", 0) in (0, None))])


def forces_choice(state: State, side: str) -> bool:
    """6.38: a force at sea (or plotted to sail) still on its mission may abort, and 6.39: a Japanese Transport or
    Bombardment one may turn Anti-Ship. A force that has aborted or done its mission sails home by itself (8.4) and
    asks nothing; its turn to Anti-Ship for a fight in M is the plot's standing order (15.3), so Japan is not asked
    for it alone (it may still change it whenever it is asked for something else)."""
    return any((not board.is_base(tf["hex"]) or any(not board.is_base(p) for p in tf["plot"].values()))
               and not automatic(tf) for tf in side_tfs(state, side))


def reset_choice(state: State, side: str, day: bool) -> bool:
    return forces_choice(state, side) or air_orders.transfer_choice(state, side, day)


def threatened(state: State, side: str, segment: int) -> bool:
    """What the side learnt this segment that could make it abort (6.38): an enemy force revealed in or next to the
    hex of one of its forces at sea, or one of its ships hit (the loss report, 14.3, 15.3, 13.3)."""
    own = [tf["hex"] for tf in side_tfs(state, side) if at_sea(tf)]
    if any(h == mine or h in board.adjacency().get(mine, ()) for h in air_orders.sighted(state, side, segment) for mine in own):
        return True
    return any(loss.get("turn") == state["turn"] and loss.get("segment") == segment
               for u in state["units"].values() if u["side"] == side for loss in u.get("losses") or [])


def reset_deciders(state: State) -> list[str]:
    """Issue 11 item 4: a side with nothing to decide at a reset section is not asked."""
    return [s for s in board.SIDES if reset_choice(state, s, board.is_day(segment(state)))]


def check_reset_orders(state: State, side: str, args: dict[str, Any]) -> None:
    check_reset(state, side, args)
    if args.get("standing") is not None:
        standing_orders.check_standing(args["standing"])


def conclude_reset(state: State, orders: dict[str, Any], sides: list[str], rng) -> None:
    seg = segment(state)
    for s in sides:
        if orders[s].get("standing") is not None:  # issue 11 item 4: "don't ask me about air transfers"
            standing_orders.keep_no_transfers(state, s, bool(orders[s]["standing"].get("no_transfers")),
                                              air_orders.flying_bases(state, s))
        resolve_reset(state, s, orders[s], seg)
        if board.is_day(seg):
            air_orders.resolve_transfers(state, s, orders[s].get("transfers") or [])
    for s in board.SIDES:
        rewrite_retiring(state, s, seg)


def carry_on(state: State, side: str, step: dict[str, Any]) -> dict[str, Any] | None:
    """The `carry_on` standing order (asking.py): no aborts and no mission changes, which are the player's option
    (6.38, 6.39), unless the side has air that may transfer by day (6.26) or learnt something that could make it
    abort (threatened); then it is asked."""
    seg = step["segment"]
    if standing_orders.standing(state, side).get("carry_on") and not air_orders.transfer_choice(state, side, board.is_day(seg)) \
            and not threatened(state, side, seg):
        return {"aborts": [], "mission_changes": {}, "transfers": []}
    return None


DECISION = Kind(
    id="reset", rule="6.38", verbs={VERB: ARGS}, deciders=reset_deciders, prompt=ask, resolve=store,
    default=fixed(lambda state, side: {"aborts": [], "mission_changes": {}, "transfers": []}),
    random=randomly(later("players", "random_reset")), check=check_reset_orders, bot=bots.reset_bot,
    bots={STRONG: later("strong_bot", "reset_answer")}, form="reset",
    offered=reset_offered, choices=reset_choices, conclude=conclude_reset, skips=True, tidy=tidy_reset,
    standing=carry_on, order="carry_on")
