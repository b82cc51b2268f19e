"""The Allied player's turn: the AP roll and the actions bought with AP (Sequence of Play, Using Action Charts).

Each action costs 1 AP; AP cannot be saved. The choices are listed one per target so the label can say what the
action does and what it needs, e.g. "Attack Guadalcanal (Southwest Pacific front) - succeeds on 3-6 - 1 AP".
"""
from __future__ import annotations

from typing import Any

from app.engine.errors import IllegalAction
from app.engine.rng import Rng
from app.games.pacific_war_1942 import attacks, board, data
from app.games.pacific_war_1942.orders import spec as _one

State = dict[str, Any]
ACTIONS = "Using Action Charts"


def roll_ap(state: State, rng: Rng) -> None:
    """Sequence of Play Each Turn: the Allied player rolls a die on the AP Chart. Nothing is chosen here, so the walk
    rolls it when the turn begins (no button to press) and the log shows the die."""
    roll = rng.d6()
    state["ap"] = data.AP_CHART[roll]
    state["ap_roll"] = roll
    attacks.log(state, f"Turn {state['turn']} ({data.turn_date(state['turn'])}): Action Points roll {roll}: "
                       f"{state['ap']} AP.", roll=roll)


def attack_block(state: State, front: str) -> str | None:
    """Why the Allies may not attack on `front` now, or None if they may."""
    fname = data.FRONTS[front]["name"]
    if state["fronts"][front]["stalled"]:
        return f"The Allied {fname} front is stalled: flip it back to active first."
    target = board.japanese_location(state, front)
    if target is None:
        return f"The Allied {fname} front marker already occupies Japan."
    if target == data.JAPAN and board.japan_front(state):
        return "Only one Allied front marker can occupy Japan, and one already does."
    return None


def choices(state: State) -> list[dict[str, Any]]:
    """The actions the Allied player may buy now, each labelled with its odds and cost."""
    ap = state["ap"]
    out: list[dict[str, Any]] = []
    for front in data.FRONT_ORDER:
        if attack_block(state, front) is None:
            target = board.japanese_location(state, front)
            drm = sum(d["value"] for d in board.land_drms(state, front, "allied"))
            out.append(_one("attack_front", f"Attack {data.name(target)} ({data.FRONTS[front]['name']} front) — "
                                            f"succeeds on {board.odds_text('land', drm)} — 1 AP", front=front))
    for sea, control in state["seas"].items():
        if control == "japanese":
            out.append(_one("attack_sea", f"Attack the Japanese ships in the {data.SEA_AREAS[sea]['name']} — "
                                          f"succeeds on {board.odds_text('sea', 0)} — 1 AP", sea=sea))
    for front in data.FRONT_ORDER:
        if not state["fronts"][front]["reserve"]:
            out.append(_one("add_reserve", f"Add a reserve to the {data.FRONTS[front]['name']} front "
                                           f"(one re-roll of a land attack there) — 1 AP", front=front))
    europe = int(state["europe"])
    if europe == 1:
        out.append(_one("remove_europe", "Remove 1 Europe marker (the last: ends -2 DRM on India and China) — 1 AP"))
    elif europe > 1:
        out.append(_one("remove_europe", f"Remove 1 Europe marker ({europe} in play: the -2 DRM on India and China "
                                         f"stays until the last is removed) — 1 AP"))
    for front in data.FRONT_ORDER:
        if state["fronts"][front]["stalled"]:
            out.append(_one("activate", f"Flip the stalled {data.FRONTS[front]['name']} front back to active — 1 AP",
                            front=front))
    out.append(_one("end_actions", f"End your actions ({ap} AP left {'is' if ap == 1 else 'are'} lost)"
                    if ap else "End your actions"))
    return out


def _arg(action: dict[str, Any], name: str) -> str:
    """An argument `game.apply` has already checked against orders.VERBS (a known front, a known sea area)."""
    return action["args"][name]


def check(state: State, action: dict[str, Any]) -> None:
    """Whether the Allied player may buy this action now (IllegalAction citing the rule if not); changes nothing."""
    verb = action.get("verb")
    if verb == "end_actions":
        return
    if state["ap"] < 1:
        raise IllegalAction("You have no Action Points left this turn.", ACTIONS)
    if verb == "attack_front":
        block = attack_block(state, _arg(action, "front"))
        if block:
            raise IllegalAction(block, "Key Game Concepts" if "Japan" in block else ACTIONS)
    elif verb == "attack_sea":
        if state["seas"][_arg(action, "sea")] != "japanese":
            raise IllegalAction("The Allies already control that sea area.", attacks.SEA)
    elif verb == "add_reserve":
        if state["fronts"][_arg(action, "front")]["reserve"]:
            raise IllegalAction("That front already has its reserve (limit 1 per front).", "Allied Army Reserves")
    elif verb == "remove_europe":
        if not state["europe"]:
            raise IllegalAction("No Europe marker is in play.", "Europe First Box")
    elif verb == "activate":
        if not state["fronts"][_arg(action, "front")]["stalled"]:
            raise IllegalAction("That front is not stalled.", ACTIONS)
    else:
        raise IllegalAction("That is not possible while you spend Action Points.", ACTIONS)


def act(state: State, action: dict[str, Any], rng: Rng) -> bool:
    """Play one Allied action in the actions phase (checked first). Returns True when a die was rolled."""
    check(state, action)
    verb = action["verb"]
    if verb == "end_actions":
        if state["ap"]:
            attacks.log(state, f"The Allied player ends the actions phase; {state['ap']} unused AP "
                               f"{'is' if state['ap'] == 1 else 'are'} lost.")
        state["ap"] = 0
        return False
    state["ap"] -= 1
    if verb == "attack_front":
        attacks.land_attack(state, _arg(action, "front"), "allied", rng)
        return True
    if verb == "attack_sea":
        attacks.sea_attack(state, _arg(action, "sea"), "allied", rng)
        return True
    if verb == "add_reserve":
        front = _arg(action, "front")
        state["fronts"][front]["reserve"] = True
        attacks.log(state, f"The Allies add a reserve to the {data.FRONTS[front]['name']} front.")
        return False
    if verb == "remove_europe":
        state["europe"] = int(state["europe"]) - 1
        left = state["europe"]
        attacks.log(state, "The Allies remove a Europe marker from the Europe First Box"
                    + (f"; {left} remain{'s' if left == 1 else ''}." if left else ": the box is empty."))
        return False
    # activate
    front = _arg(action, "front")
    state["fronts"][front]["stalled"] = False
    attacks.log(state, f"The Allied {data.FRONTS[front]['name']} front is flipped back to active.")
    return False
