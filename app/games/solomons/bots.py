"""Computer players for either side. A bot decides from `view(state, side)` and its prompt only - it is never
given the state - using the public game data (the map, the counters) through board.py.

The plan is the historical one, kept simple: the Americans run supplies and troops from Espiritu Santo to
Guadalcanal, cover them with an Anti-Slot force, and strike what their air can reach; the Japanese run the Tokyo
Express down the Slot by night from Rabaul, ship troops from Rabaul, and strike with Rabaul's bombers. Carriers
stay in port (the bot does not gamble them). Whatever the bot cannot build for sure falls back on the prompt's
default orders, which are always legal. Where a player would vary (which ships sail, which target, how much air
stays as CAP) the bot draws from its own random stream, never from the game's dice, so that its orders cannot be
read off the public view.
"""
from __future__ import annotations

from typing import Any

from app.games.solomons import board
from app.games.solomons.units import paced_course

View = dict[str, Any]
LOADING = board.LOADING_BASES  # 6.34, 9.4
SLOT_FORBIDDEN = ("CV", "CVL", "BB", "B", "TR")
RUN = [*board.SLOT, *reversed(board.SLOT[:-1]), "rabaul"]  # 6.37: K, L, M and back to Rabaul


def submit(args: dict[str, Any]) -> dict[str, Any]:
    return {"verb": "submit", "args": args}


def segments_of(view: View) -> list[int]:
    return list(range(1, 8)) if view["phase"] in ("plot1", "exec1") else list(range(8, 15))


def ready_in_port(view: View, base: str) -> list[str]:
    return sorted(u["id"] for u in view["units"].values()
                  if u["location"] == base and u["status"] == "intact" and not u["sortied"] and u["type"] != "SS"
                  and (u["task_force"] is None or view["task_forces"].get(u["task_force"], {}).get("hex") == base))


def pick(ships: list[str], most: int, rng) -> list[str]:
    """Up to `most` of `ships`, a different choice each game: which cruisers and destroyers sail is the kind of
    choice a player varies, so that the enemy cannot read the force off the last game's."""
    return sorted(rng.shuffle(ships)[:most])


def squadron(choices: dict[str, Any], rng) -> dict[str, str]:
    """5.15, 5.16: which of Japan's ships make up Rabaul's squadron (the ships the Tokyo Express sails from) this
    Game-Turn, drawn from those ready at Rabaul and Truk: as many of each kind (type and printed strengths) as Rabaul
    holds now, so the squadron is as strong as it was, but the enemy cannot know which ships it holds (the same
    ships every game would be). `choices`: the prompt's ships ready in port, {id: {"at", "bases"}}."""
    ready = {uid: c["at"] for uid, c in sorted(choices.items()) if "rabaul" in (c.get("bases") or ())}
    kinds: dict[str, list[str]] = {}
    for uid in ready:
        kinds.setdefault(repr((board.unit_type(uid), sorted(board.strength(uid).items()))), []).append(uid)
    moves = {}
    for _, ships in sorted(kinds.items()):
        there = sum(ready[u] == "rabaul" for u in ships)
        if 0 < there < len(ships):
            chosen = set(rng.shuffle(ships)[:there])
            moves.update({u: "rabaul" if u in chosen else "truk" for u in ships
                          if (u in chosen) != (ready[u] == "rabaul")})
    after = [u for u, at in ready.items() if moves.get(u, at) == "rabaul"]
    return moves if board.rabaul_limit_ok(after) else {}


def placement(view: View, side: str, choices: dict[str, Any] | None = None, rng=None) -> dict[str, Any]:
    """5.14: the Americans bring their transports to the loading base (9.4) before forming task forces. 5.15: Japan
    draws Rabaul's squadron from its ships of the same kind at Rabaul and Truk (`squadron`, with `rng`)."""
    moves = {}
    if side == "allied":
        for other in board.BASES[side]:
            if other != LOADING[side]:
                moves.update({u: LOADING[side] for u in ready_in_port(view, other)
                              if board.unit_type(u) in ("TR", "APD")})
    elif rng is not None:
        moves.update(squadron(choices or {}, rng))
    return {"placement": moves}


def intentions(default: dict[str, Any]) -> dict[str, Any]:
    """18: Japan's answers cover what its plot may do: the forces at sea (the default), a Slot run (with or without
    capital ships: battlecruisers may run it) and transports from Rabaul."""
    answers = dict(default.get("answers") or {})
    answers.update(slot=True, slot_capital=True, rabaul_sortie=True, rabaul_transports=True)
    return {"answers": answers}


def allocation(view: View, side: str, default: dict[str, Any], rng) -> dict[str, Any]:
    base = LOADING[side]
    at_sea = {u for spec in default["task_forces"] for u in spec["units"]}
    ready = [u for u in ready_in_port(view, base) if u not in at_sea]
    specs = list(default["task_forces"])
    carriers_of_cargo = [u for u in ready if board.unit_type(u) in ("TR", "APD")]
    warships = [u for u in ready if board.unit_type(u) not in ("TR", "APD", "CV", "CVL")]
    pool = view["ground_in_port"].get(base, 0)
    if carriers_of_cargo:
        cargo = {}
        for u in carriers_of_cargo:
            room = board.strength(u)["cargo_capacity"]
            # the mix of troops and supply varies: now and then one more Supply Point in place of a Ground Point
            ground = min(pool, room - (rng.die(3) == 1))
            pool -= ground
            cargo[u] = {"ground": ground, "supply": room - ground}
        specs.append({"units": carriers_of_cargo, "mission": "transport", "cargo": cargo})
    if side == "japanese":
        eligible = [u for u in warships if board.unit_type(u) not in SLOT_FORBIDDEN]
        express = pick(eligible, 3 + rng.die(3), rng) if eligible else []
        if express and any(board.strength(u)["bombardment"] > 0 for u in express):
            specs.append({"units": express, "mission": "bombardment"})
    elif warships and any(board.strength(u)["attack"] > 0 for u in warships):
        force = pick(warships, 3 + rng.die(3), rng)
        if any(board.strength(u)["attack"] > 0 for u in force):
            specs.append({"units": force, "mission": "anti_ship"})
    return {"task_forces": specs}


def loaded(view: View, tf: dict[str, Any]) -> bool:
    return any(sum(view["units"][u]["cargo"].values()) for u in tf["units"] if board.unit_type(u) == "TR")


def late_start(segments: list[int], rng) -> int:
    """How many segments this Plot Phase's runs wait in port, drawn from the stream (0 or 1; 0 without a stream or
    in Plot Phase 2). Plot Phase 1 has two ways to reach M: a Slot run in M at night on segment 4 or 6 (6.37, 11.1;
    from 6 it comes home in Plot Phase 2), transports in M on segments 5-6 or 6-7 (9.4: two segments, one of them
    by day either way, and the run ends in Plot Phase 1). The enemy cannot know which; one wait for the whole plot
    keeps a Slot run's night in M before its transports' day there (its bombardment first, 6.33)."""
    return rng.die(2) - 1 if rng is not None and segments[0] == 1 else 0


def plot(view: View, side: str, default: dict[str, Any], rng=None) -> dict[str, Any]:
    plots = dict(default.get("plots", {}))
    segments = segments_of(view)
    wait = late_start(segments, rng)
    for tf in sorted(view["task_forces"].values(), key=lambda t: t["number"]):
        if tf["hex"] == board.GUADALCANAL and tf["mission"] == "transport" and loaded(view, tf) \
                and not tf["mission_done"] and segments[0] == 1:
            # 9.4: stay in M two segments to land the cargo; the server then brings the force home (8.4)
            plots[tf["id"]] = {"hexes": {str(s): board.GUADALCANAL for s in segments}}
    for tf in sorted(view["task_forces"].values(), key=lambda t: t["number"]):
        if tf["id"] in plots or tf["aborted"] or tf["mission_done"] or not board.is_base(tf["hex"]):
            continue
        kinds = [board.unit_type(u) for u in tf["units"]]
        if any(k in ("CV", "CVL") for k in kinds) or tf["hex"] != LOADING[side]:
            continue  # carriers and forces elsewhere stay in port
        if "TR" in kinds and segments[0] == 1:
            out = board.shortest_path(tf["hex"], board.GUADALCANAL)
            back = board.shortest_path(board.GUADALCANAL, tf["hex"])
            plots[tf["id"]] = {"hexes": paced_course(tf["hex"], [tf["hex"]] * wait + out + [board.GUADALCANAL]
                                                     + back, segments, None, True)}
        elif side == "japanese" and tf["mission"] == "bombardment" and not any(k in SLOT_FORBIDDEN for k in kinds):
            run = ["rabaul"] * (1 + 2 * wait) + RUN  # in M on a night segment: 4 (or 11), or 6
            plots[tf["id"]] = {"hexes": {str(s): run[min(i, len(run) - 1)] for i, s in enumerate(segments)},
                               "slot": True}
        elif side == "allied" and tf["mission"] == "anti_ship":
            plots[tf["id"]] = {"hexes": {}, "anti_slot": True}
    return {"plots": plots}


def air_source_place(view: View, source: str) -> str:
    return {"henderson": board.GUADALCANAL, "shortlands": board.SHORTLANDS_HEX}.get(
        source, view["task_forces"].get(source, {}).get("hex", source))


def air(view: View, side: str, segment: int, rng) -> dict[str, Any]:
    """Strike what the land-based air reaches. Which of the two likeliest targets, and how much of an on-map
    field's air stays over it as Area CAP (6.22, with a bluffing number of face-down counters), vary by game."""
    marks = sorted(((m["capital"], m["units"], mid, m) for mid, m in view["enemy"]["markers"].items()
                    if m["segment"] == segment and m["units"] and not m["submarine"]), reverse=True)
    missions = []
    henderson_ok = view["guadalcanal"]["henderson"] == {"complete": True, "side": side}
    for source in ("rabaul", "shortlands", "henderson"):
        base = view["air"].get(source)
        if not base or (source == "henderson" and not henderson_ok):
            continue
        free = base["lac"] - base["spent"] - base["transferred"]
        if source != "rabaul" and free > 0 and _transports_under(view, side, air_source_place(view, source)):
            # 6.22: the side's transports unloading under this field (9.4) are what the enemy's air comes for: all
            # of its air stays over them as Area CAP
            missions.append({"source": source, "kind": "lac", "points": free, "mission": "cap_area",
                             "counters": rng.die(3)})
            continue
        if source != "rabaul" and base["lac"] > 0 and rng.die(3) == 1:
            # Area CAP over the field: a quarter to a half of its air, under one to three counters
            cap = min(free, base["lac"] * (1 + rng.die(2)) // 4) if free > 0 else 0
            missions.append({"source": source, "kind": "lac", "points": cap, "mission": "cap_area",
                             "counters": rng.die(3)})
            free -= cap
        if source == "henderson":
            free = min(free, board.AIR["henderson_supply_per_air_points"] * view["guadalcanal"]["supply"][side])
        if free <= 0 or base.get("attacked"):
            continue
        place = air_source_place(view, source)
        targets = [mid for _, _, mid, m in marks if board.air_reaches(side, source, "lac", place, m["hex"])
                   and not (source == "henderson" and m["hex"] == board.SHORTLANDS_HEX)][:2]  # 10.7
        if source in ("rabaul", "shortlands") and targets and marks[0][0] == 0 and rng.die(2) == 1:
            continue  # 14.63: one attack a turn; with no capital ship in sight, sometimes wait for a better target
        if targets:
            missions.append({"source": source, "kind": "lac", "points": free, "mission": "attack",
                             "target": rng.choice(targets)})
    return {"missions": missions}


def _transports_under(view: View, side: str, place: str) -> bool:
    return any(tf["hex"] == place and any(board.unit_type(u) in ("TR", "APD") for u in tf["units"])
               for tf in view["task_forces"].values() if tf.get("side", side) == side)


def to_the_field(view: View, side: str) -> list[dict[str, Any]]:
    """6.26, 10.5: by day, every Air Point free at the side's other bases transferred to Henderson Field once the side
    holds it complete, as much as it has room for (17.2): the only field whose air covers Guadalcanal's hex, where
    the side's transports unload (9.4) and the enemy's come."""
    field = view["air"].get("henderson")
    if not view.get("day") or field is None or view["guadalcanal"]["henderson"] != {"complete": True, "side": side}:
        return []
    room = board.air_room("henderson", view["turn"], field)
    out = []
    for base, air in sorted(view["air"].items()):
        for kind in ("lac", "nac"):
            points = board.base_free(air, kind, offensive=True) if base != "henderson" else 0
            points = points if room is None else min(points, room)
            if points > 0:
                out.append({"from": base, "to": "henderson", "kind": kind, "points": points})
                room = None if room is None else room - points
    return out


def reset_bot(view: View, prompt: dict[str, Any], rng) -> dict[str, Any]:
    """The reset section (6.38, 6.26): the default orders; the American moves its air forward to Henderson Field."""
    default = dict(_info(prompt).get("default", {}))
    moves = to_the_field(view, _side(view)) if _side(view) == "allied" else []
    return submit(dict(default, transfers=moves) if moves else default)


def ground(view: View, info: dict[str, Any]) -> dict[str, Any]:
    most = info.get("effective", 0)
    return {"attack": True, "points": most} if most else {"attack": False}


# ---------------------------------------------------------------- each decision kind's answer (its record's `bot`)

def _side(view: View) -> str:
    return view["role"]


def _info(prompt: dict[str, Any]) -> dict[str, Any]:
    return (prompt or {}).get("info") or {}


def placement_bot(view: View, prompt: dict[str, Any], rng) -> dict[str, Any]:
    return submit(placement(view, _side(view), _info(prompt).get("choices", {}).get("ships"), rng))


def intentions_bot(view: View, prompt: dict[str, Any], rng) -> dict[str, Any]:
    return submit(intentions(_info(prompt).get("default", {})))


def allocation_bot(view: View, prompt: dict[str, Any], rng) -> dict[str, Any]:
    return submit(allocation(view, _side(view), _info(prompt).get("default", {}), rng))


def plot_bot(view: View, prompt: dict[str, Any], rng) -> dict[str, Any]:
    default = _info(prompt).get("default", {})
    if view.get("pending") is not None:
        return submit(default)  # its plot is in: it stands by it
    return submit(plot(view, _side(view), default, rng))


def air_bot(view: View, prompt: dict[str, Any], rng) -> dict[str, Any]:
    return submit(air(view, _side(view), _info(prompt).get("segment"), rng))


def ground_bot(view: View, prompt: dict[str, Any], rng) -> dict[str, Any]:
    return submit(ground(view, _info(prompt)))
