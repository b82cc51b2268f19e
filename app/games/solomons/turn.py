"""The automatic sections at the start and end of a Game-Turn: reinforcement and returns (21, 8.8, 6.21), the
Henderson Field roll and Shortlands (10.5), the Truk Sortie roll (20), CAG training (6.21, 10.4), submarines'
turns (13.3, 13.4), and the end of turn (8.9, 8.8 refit, 15.3 repair)."""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.log import entry
from app.engine.orders import Choice, Group, Integer, Repeated
from app.games.solomons import board
from app.games.solomons import standing as standing_orders
from app.games.solomons.decision import VERB, Kind, ask, by_default, fixed, later, randomly, store
from app.games.solomons.opening import blank_air
from app.games.solomons.plot import CARRIER_BASES, rabaul_fits, retire_course
from app.games.solomons.units import make_unit, side_units

State = dict[str, Any]
HOME = {"allied": {"naval": "australia", "TR": "espiritu_santo"}, "japanese": {"naval": "truk", "TR": "rabaul"}}
TRAINING_TURNS = {"japanese": 2, "allied": 1}  # 6.21


def reinforcement(state: State) -> None:
    """21: the schedule, then units back from refit, repair and training (21.6, 21.7, 6.21), then Shortlands."""
    turn = state["turn"]
    for side in board.SIDES:
        extras = board.reinforcement_extras(turn, side)
        for base, spec in board.reinforcements(turn, side).items():
            arrive(state, side, base, spec, extras)
        for u in side_units(state, side):
            if u["returns"] == turn and u["status"] in ("refit", "crippled"):
                return_unit(state, u)
            elif u["training"] and u["training"]["returns"] == turn:
                u["nac"] = min(board.strength(u["id"])["capacity"], u["nac"] + u["training"]["nac"])
                u["training"], u["status"], u["location"] = None, "intact", CARRIER_BASES[side]
                state["log"].append(entry(side, f"{u['name']} returns from training with its air group."))
    if state.get("apd_replacement") == turn:
        # 6.36: one replacement APD, fully loaded; only one is ever in play, so the counter comes back
        state["units"]["us-APD-1"] = make_unit("us-APD-1", "espiritu_santo")
        state["units"]["us-APD-1"]["cargo"]["supply"] = 1
        state["log"].append(entry("allied", "A replacement APD arrives loaded at Espiritu Santo (6.36)."))
        del state["apd_replacement"]
    if turn == 10 and "shortlands" not in state["air"]["japanese"]:
        state["air"]["japanese"]["shortlands"] = blank_air("shortlands")
        state["log"].append(entry("public", "Game-Turn 10: Japan opens the Shortlands airbase in L; the Japanese "
                                            "Air Reconnaissance Zone now includes C, N, R and H (10.5, 25.4)."))


def arrive(state: State, side: str, base: str, spec: dict[str, Any], extras: dict[str, Any]) -> None:
    """21.1-21.5: place one base's reinforcements; what would break section 17 goes to another front (21.3)."""
    air = state["air"][side]
    for uid in spec.get("units", []):
        if uid in state["units"]:
            continue
        if board.unit_type(uid) == "SS":
            state["submarines"][uid] = {"id": uid, "status": "available", "hex": None, "deployed_turns": 0,
                                        "returns": None, "marker": {"allied": None, "japanese": None}}
            continue
        place = base
        if place == "rabaul" and not board.is_transport(uid) and not rabaul_fits(state, [uid], []):
            place = "truk"  # 5.16: all other Japanese naval units are based at Truk
        state["units"][uid] = make_unit(uid, place)
        if uid in extras.get("cargo", {}):  # 6.36, 25.1: the APD arrives fully loaded
            state["units"][uid]["cargo"] = {"ground": 0, "supply": 0, **extras["cargo"][uid]}
        if uid in extras.get("nac_aboard", {}):  # 21.2: a carrier arrives with its full trained complement
            state["units"][uid]["nac"] = extras["nac_aboard"][uid]
    if spec.get("ground"):
        state["ground"][side][base] = state["ground"][side].get(base, 0) + spec["ground"]
    for kind, key in (("lac", "lac"), ("nac", "untrained")):  # 21.4: NAC without a carrier is untrained
        pts = spec.get(kind, 0)
        if not pts:
            continue
        room = air_room(state, side, base)
        placed = pts if room is None else min(pts, room)
        air[base][key] += placed
        if placed < pts:
            state["log"].append(entry(side, f"{pts - placed} {kind.upper()} points exceed {board.BASE_LABEL[base]}'s "
                                            "capacity and go to another theater (10.7, 21.3)."))


def air_room(state: State, side: str, base: str) -> int | None:
    room = board.air_room(base, state["turn"], state["air"][side][base])
    if room is None:
        return None
    if side == "japanese" and "shortlands" in state["air"]["japanese"]:
        lac = sum(state["air"]["japanese"][x]["lac"] for x in ("rabaul", "shortlands"))
        room = min(room, board.RABAUL_SHORTLANDS_LAC - lac)
    return max(0, room)


def return_unit(state: State, u: dict[str, Any]) -> None:
    base = u["return_base"] or HOME[u["side"]]["TR" if board.is_transport(u["id"]) else "naval"]
    if base == "rabaul" and not board.is_transport(u["id"]) and not rabaul_fits(state, [u["id"]], []):
        base = "truk"
    repaired = u["status"] == "crippled"
    u.update(status="intact", location=base, returns=None, return_base=None, task_force=None)
    if repaired and board.is_carrier(u["id"]):
        u["nac"] = 0  # 15.3 CRT note: repaired carriers return without NAC
    state["log"].append(entry(u["side"], f"{u['name']} is ready at {board.BASE_LABEL[base]}."))


def henderson_roll(state: State, rng) -> None:
    """10.5: at the start of every Game-Turn the holder rolls; 1 or 2 completes the field."""
    h = state["guadalcanal"]["henderson"]
    g = state["guadalcanal"]["ground"]
    state["henderson_roll"] = None
    if h["complete"] or h["side"] is None or g[h["side"]] <= 0:
        return
    roll = rng.d6()
    state["henderson_roll"] = roll
    who = "American" if h["side"] == "allied" else "Japanese"
    if board.henderson_completes(roll):
        h["complete"] = True
        state["air"][h["side"]].setdefault("henderson", blank_air("henderson"))
        state["log"].append(entry("public", f"The {who} roll {roll}: Henderson Field is complete (10.5)."))
    else:
        state["log"].append(entry("public", f"The {who} roll {roll}: Henderson Field is not yet complete (10.5)."))


def possession(state: State) -> None:
    """12.5, 10.5: the field changes hands when one side's last Ground Point on Guadalcanal is gone; a completed
    field is destroyed by the change, and the air based there is lost."""
    h = state["guadalcanal"]["henderson"]
    g = state["guadalcanal"]["ground"]
    holder = h["side"]
    if holder is None or g[holder] > 0:
        return
    other = board.ENEMY[holder]
    if g[other] <= 0:
        return
    base = state["air"][holder].get("henderson")
    if base:
        lost = base["lac"] + base["nac"]
        state["losses"][holder]["lac"] += base["lac"]
        state["losses"][holder]["nac"] += base["nac"]
        base["lac"] = base["nac"] = 0
        if lost:
            state["log"].append(entry("public", f"{lost} Air Points based at Henderson Field are lost (12.5)."))
    h["side"], h["complete"] = other, False
    who = "Japan" if other == "japanese" else "The United States"
    state["log"].append(entry("public", f"{who} takes Henderson Field; a completed field would be destroyed by the "
                                        "change of hands (10.5, 12.5)."))


def truk_sortie(state: State, rng) -> None:
    """20: 1-4 releases the Truk force; never on Game-Turn 1 (20.3)."""
    if state["turn"] == 1:
        state["truk_sortie"] = {"roll": None, "released": False}
        state["log"].append(entry("public", "Game-Turn 1: no Japanese unit may sortie from Truk (20.3)."))
        return
    roll = rng.d6()
    released = board.truk_released(roll, state["turn"])
    state["truk_sortie"] = {"roll": roll, "released": released}
    state["log"].append(entry("public", f"Truk Sortie roll {roll}: the Truk force is "
                                        f"{'released' if released else 'held at Truk this Game-Turn'} (20.1)."))


# ---------------------------------------------------------------- 6.21, 10.4 CAG training

def trainable(state: State, side: str) -> tuple[list[str], int]:
    """Carriers in port at their home base that may train (10.4: not repairing or refitting), and the untrained
    NAC waiting there."""
    base = CARRIER_BASES[side]
    carriers = sorted(u["id"] for u in side_units(state, side)
                      if board.is_carrier(u["id"]) and u["status"] == "intact" and u["location"] == base
                      and u["task_force"] is None and not u["sortied"]
                      and u["nac"] < board.strength(u["id"])["capacity"])
    return carriers, state["air"][side][base]["untrained"]


def check_training(state: State, side: str, args: dict[str, Any]) -> None:
    carriers, untrained = trainable(state, side)
    orders = args.get("carriers")
    if not isinstance(orders, list):
        raise IllegalAction("List the carriers to train (an empty list trains none).", "6.21")
    total, seen = 0, set()
    for o in orders:
        if not isinstance(o, dict):
            raise IllegalAction("Each carrier to train is an object with its unit and NAC.", "6.21")
        uid, pts = o.get("unit"), o.get("nac")
        if not isinstance(uid, str) or uid not in carriers or uid in seen:
            raise IllegalAction(f"{uid!r} cannot train an air group now.", "10.4")
        seen.add(uid)
        room = board.strength(uid)["capacity"] - state["units"][uid]["nac"]
        if not isinstance(pts, int) or isinstance(pts, bool) or not 1 <= pts <= room:
            raise IllegalAction(f"A carrier trains from 1 to {room} NAC points (its capacity).", "17.1")
        total += pts
    if total > untrained:
        raise IllegalAction(f"Only {untrained} untrained NAC point{'' if untrained == 1 else 's'} wait"
                            f"{'s' if untrained == 1 else ''} at "
                            f"{board.BASE_LABEL[CARRIER_BASES[side]]}.", "6.21")


def resolve_training(state: State, side: str, args: dict[str, Any]) -> None:
    base = CARRIER_BASES[side]
    for o in args.get("carriers", []):
        u = state["units"][o["unit"]]
        state["air"][side][base]["untrained"] -= o["nac"]
        u["training"] = {"returns": state["turn"] + TRAINING_TURNS[side], "nac": o["nac"]}
        u["status"], u["location"] = "refit", "training"
        state["log"].append(entry(side, f"{u['name']} leaves to train {o['nac']} NAC points (6.21)."))


# ---------------------------------------------------------------- end of the Game-Turn

def end_of_turn(state: State, rng) -> None:
    """8.9: every unit ends in a friendly base, then refit (8.8) and repair (15.3); submarines (13.3, 13.4)."""
    turn = state["turn"]
    for tf in sorted(state["task_forces"].values(), key=lambda t: t["id"]):
        if not board.is_base(tf["hex"]):
            # 8.9 reconstructed: a force that could not reach port by segment 14 (after an abort at transport
            # pace) is placed at the nearest base it may enter, and refits there.
            course = retire_course(state, tf, list(range(15, 30)))
            tf["hex"] = next((p for p in course.values() if board.is_base(p)), board.BASES[tf["side"]][0])
        for uid in tf["units"]:
            u = state["units"][uid]
            u["task_force"], u["location"] = None, tf["hex"]
    state["task_forces"] = {}
    for u in state["units"].values():
        if u["status"] == "intact" and u["sortied"] and board.is_base(u["location"]):
            delay = board.refit_delay(u["id"], u["location"])
            if delay:
                u.update(status="refit", returns=turn + 1 + delay, return_base=u["location"], location="refit")
        elif u["status"] == "crippled" and u["returns"] is None:
            roll = rng.d6()
            away, home = board.repair(u["id"], roll)
            u["returns"] = turn + 1 + away
            u["return_base"] = home
            state["log"].append(entry(u["side"], f"{u['name']} goes for repair: roll {roll}, back on Game-Turn "
                                                 f"{u['returns']} (15.3)."))
        u["sortied"] = False
        u["mission_done"] = False
    for sub in state["submarines"].values():
        if sub["status"] in ("deployed", "used"):
            sub["deployed_turns"] += 1
            sub["status"] = "deployed" if sub["status"] == "used" else sub["status"]
            if sub["deployed_turns"] >= 4:  # 13.4: four complete turns, then two of refit
                sub.update(status="refit", hex=None, returns=turn + 3, deployed_turns=0)
        elif sub["status"] == "refit" and sub["returns"] and sub["returns"] <= turn + 1:
            sub.update(status="available", returns=None)
    for side in board.SIDES:
        for base in state["air"][side].values():
            base["spent"] = base["transferred"] = 0
            base["attacked"] = False
    state["guadalcanal"]["landed"] = {"allied": 0, "japanese": 0}
    state["emergency_runs"] = {"turn": 0, "phase": 0}


# ---------------------------------------------------------------- CAG training, the decision (states table)

def _training(carriers: tuple[str, ...], most: int | None, count: int | None) -> dict[str, Any]:
    return {"carriers": Repeated(Group({"unit": Choice(carriers, label="Carrier"),
                                        "nac": Integer(1 if most is not None else None, most, label="NAC points")}),
                                 maximum=count, label="Carriers")}


ARGS = _training(tuple(u for u in board.ship_ids() if board.is_carrier(u)), None, None)  # 17.1's limit is a rule


def training_offered(state: State, side: str) -> dict[str, Any]:
    """The carriers that may train now, each from 1 to the NAC it has room for (17.1)."""
    carriers, _ = trainable(state, side)
    room = [board.strength(c)["capacity"] - state["units"][c]["nac"] for c in carriers]
    return _training(tuple(carriers), max(room, default=1), len(carriers))


def training_choices(state: State, side: str) -> dict[str, Any]:
    carriers, untrained = trainable(state, side)
    return {"carriers": {c: board.strength(c)["capacity"] - state["units"][c]["nac"] for c in carriers},
            "untrained": untrained}


def tidy_training(state: State, side: str, args: dict[str, Any]) -> dict[str, Any]:
    """6.21: a carrier given no NAC points to train (the board's untouched rows) does not train; a board with no
    carrier to train sends none."""
    rows = args.get("carriers", [])
    if not isinstance(rows, list):
        return args
    return dict(args, carriers=[r for r in rows if not (isinstance(r, dict) and r.get("nac", 0) in (0, None))])


def conclude_training(state: State, orders: dict[str, Any], sides: list[str], rng) -> None:
    for s in sides:
        resolve_training(state, s, orders[s])


def training_choice(state: State, side: str) -> bool:
    """6.21, 10.4: a side trains a Carrier Air Group only with a carrier in port at its home base that has room
    for NAC and untrained NAC waiting there; without both, it has nothing to decide."""
    carriers, untrained = trainable(state, side)
    return bool(carriers) and untrained > 0


def trainable_fill(state: State, side: str) -> dict[str, int]:
    """6.21, 10.4, 17.1: the most NAC each carrier that may train could take now (its room, at most the untrained
    NAC waiting). The no-training order asks again only when one of these grows: a carrier back with room, or
    untrained NAC enough to fill more of one; more untrained NAC than any carrier can take change nothing."""
    carriers, untrained = trainable(state, side)
    return {c: min(untrained, board.strength(c)["capacity"] - state["units"][c]["nac"]) for c in carriers}


def training_deciders(state: State) -> list[str]:
    """Issue 11 item 4; 6.21, 10.4: only a side with a carrier that can train is asked (the other side may notice that
    it answered at once, as at the table, and sees "submitted or nothing to decide")."""
    return [s for s in board.SIDES if training_choice(state, s)]


def no_training(state: State, side: str, step: dict[str, Any]) -> dict[str, Any] | None:
    """The `no_training` standing order (asking.py): train no Carrier Air Group, training being the side's option
    (6.21; an empty list trains none), unless a carrier could now take more NAC than when the order last held
    (trainable_fill); then the side is asked."""
    order = standing_orders.standing(state, side).get("no_training")
    if isinstance(order, dict):
        known = order.get("fill") or {}
        if all(n <= known.get(c, 0) for c, n in trainable_fill(state, side).items()):
            return {"carriers": []}
    return None


def no_training_renew(state: State, side: str) -> None:
    """A `no_training` order that did not cover the training learns the room the carriers have now."""
    order = standing_orders.standing(state, side).get("no_training")
    if isinstance(order, dict):
        order["fill"] = trainable_fill(state, side)


DECISION = Kind(
    id="cag_training", rule="6.21", verbs={VERB: ARGS}, deciders=training_deciders, prompt=ask,
    resolve=store, default=fixed(lambda state, side: {"carriers": []}),
    random=randomly(later("players", "random_training")), check=check_training, bot=by_default, form="training",
    offered=training_offered, choices=training_choices, conclude=conclude_training, skips=True, tidy=tidy_training,
    standing=no_training, renew=no_training_renew, order="no_training")
