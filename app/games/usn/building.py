"""Repairing or Building Bases (General Rule, Procedure, Cases (A)-(G), (J); the Errata): engineers build and repair
air and naval bases, divisions and engineers sabotage their own, given as the optional "works" part of the land
movement order (Detailed Sequence of Play, Step 3 (C) / 7: "Player rolls die for base-building attempts").

- Beginning (Procedure): an engineer ashore in the hex, not moving this phase, and a transport of its side afloat
  there (a Japanese Transport; for the Allies only the Assault Transport, Errata). Afterwards the transport may leave;
  the engineer must stay: if it leaves (moves, embarks, is destroyed) the work is abandoned. One work an engineer at a
  time (F); a second engineer on the same work joins it without a transport (operations have begun) and rolls too.
- Building (D), (E): at the end of each Friendly Land Movement Phase (the phase it was begun included) each engineer
  on it rolls: Allied 5-6, Japanese 6; one success completes it, usable from Step 1 of the next Game-Turn (`ripen`):
  five Air Point Capacity more (a new air base, or an old one enlarged), or a naval base. Out of supply allowed (G).
- Repair of one's own damaged air base (short of its original capacity, above 0: a base at 0 is destroyed and
  simply not there, Air and Naval Bases): complete at the end of the same phase of the next Game-Turn, the original
  capacity restored (General Rule, (E)).
- A captured air base of capacity ten or more and a captured naval base (A), (C) are unusable (kept neutralized to
  the end of the game, so every rule that refuses a neutralized base refuses it) until repaired; the repair is
  complete at the end of the first Friendly Land Attack Phase after it began (B) (`after_attack`). A smaller
  captured air base needs no repair: it is usable after the end of the captor's first Land Attack Phase (B).
- Sabotage (J): an infantry division (1-2) or an engineer (1-4) in the hex of its own base rolls once at the same
  point; a naval base is destroyed, an air base loses five capacity (air points above the new capacity are lost);
  cumulative. A base with neither part left is gone.

Secrecy: the units are face up ashore and a base's state is public, but the works begun and the building dice are
the owner's (log lines to him, `state["works"]`, `state["works_ready"]`: in the secrecy harness): beginning one
would tell which transport (for the Allies, an Assault Transport) is in a stack. The outcomes are public: a repair,
a sabotage (its die and result), a base that may be used."""
from __future__ import annotations

from typing import Any

from app.engine import data
from app.engine.errors import IllegalAction, Refused
from app.engine.log import PUBLIC, entry
from app.engine.orders import Choice, Keyed, Optional
from app.games.usn import board, damage, gamedata

State = dict[str, Any]
RULE = "Repairing or Building Bases"
ERRATA = "Errata: Repairing or Building Bases"
DATA = data.load(gamedata.FOLDER / "building.toml")
BUILD_AIR, BUILD_NAVAL = "build air base", "build naval base"
REPAIR_AIR, REPAIR_NAVAL = "repair air base", "repair naval base"
SABOTAGE_AIR, SABOTAGE_NAVAL = "sabotage air base", "sabotage naval base"
WORKS = (BUILD_AIR, BUILD_NAVAL, REPAIR_AIR, REPAIR_NAVAL, SABOTAGE_AIR, SABOTAGE_NAVAL)
ATTACK = "Step 5/9 (L): the end of the Land Attack Phase"
PART = {w: ("air" if w.endswith("air base") else "naval") for w in WORKS}


def order(units: tuple[str, ...]) -> Optional:
    return Optional(Keyed(Choice(WORKS), units, label="build, repair or sabotage a base (Repairing or Building Bases)"))


def start(state: State) -> None:
    """Each base's original Air Point Capacity, what a repair restores (E)."""
    for b in state["bases"].values():
        b.setdefault("original", b["capacity"])


def _case(c: str) -> str:
    return f"Air and Naval Bases ({c})"  # the cases printed under this heading are cited so (the Errata do)


def _works(state: State) -> dict[str, dict[str, Any]]:
    return state.setdefault("works", {})


def _transport(state: State, role: str, h: str) -> bool:
    return any(s["hex"] == h and board.ship_type(s["id"]) in DATA["transport"][role] for s in board.afloat(state, role))


def _damaged_air(b) -> bool:
    return 0 < b["capacity"] < b.get("original", b["capacity"])


def check(state: State, role: str, args: dict[str, Any]) -> None:
    moves = args.get("moves", {})
    works = _works(state)
    for uid, work in (args.get("works") or {}).items():
        u = state["land"].get(uid)
        if u is None or u["side"] != role or u["aboard"] is not None or not u["hex"] or u.get("destroyed"):
            raise IllegalAction(f"{u['name'] if u else uid} is not one of your land units ashore.", RULE)
        h, b = u["hex"], state["bases"].get(u["hex"])
        own = b if b is not None and b["side"] == role else None
        if uid in moves:
            raise IllegalAction(f"{u['name']} moves this phase: a unit working on a base must remain in its hex.", RULE)
        if work.startswith("sabotage"):
            if u["kind"] not in DATA["sabotage"]["division_kinds"] and u["kind"] != "engineer":
                raise IllegalAction(f"{u['name']} may not sabotage a base: only infantry divisions and Engineer "
                                    "regiments may.", _case("J"))
            if own is None or not (own["naval"] if PART[work] == "naval" else own["capacity"] > 0):
                raise IllegalAction(f"There is no {PART[work]} base of yours at {h} to sabotage.", _case("J"))
            continue
        if u["kind"] != "engineer":
            raise IllegalAction(f"{u['name']} is not an engineer unit: only engineers build or repair bases.", RULE)
        if uid in works:
            raise IllegalAction(f"{u['name']} is already at work ({works[uid]['work']} at {works[uid]['hex']}): an "
                                "engineer builds or repairs one base at a time.", _case("F"))
        if b is not None and own is None:
            raise IllegalAction(f"Hex {h} holds an enemy base: no base may be built there.", "Stacking (C)")
        joining = any(w["hex"] == h and w["work"] == work and w["side"] == role for w in works.values())
        if not joining and not _transport(state, role, h):
            if role == "allied":
                raise IllegalAction(f"No Allied Assault Transport is at {h}: only the Assault Transport may work with "
                                    "an engineer unit.", ERRATA)
            raise IllegalAction(f"No Transport of yours is at {h}: a transport and an engineer are both essential to "
                                "beginning operations.", RULE)
        if work == BUILD_NAVAL and own is not None and own["naval"]:
            raise IllegalAction(f"Hex {h} already holds your naval base: one of each type of base a hex.",
                                "Stacking (C)")
        if work == BUILD_AIR and own is not None and "air" in own.get("unrepaired", []):
            raise IllegalAction(f"The captured air base at {h} must be repaired before it is enlarged.", _case("A"))
        if work == REPAIR_AIR and not (own is not None and (_damaged_air(own) or "air" in own.get("unrepaired", []))):
            raise IllegalAction(f"There is no damaged air base of yours at {h} to repair (a base at 0 capacity is "
                                "destroyed: build it anew).", RULE)
        if work == REPAIR_NAVAL and not (own is not None and own["naval"] and "naval" in own.get("unrepaired", [])):
            raise IllegalAction(f"There is no captured naval base of yours at {h} to repair.", _case("C"))


def _log(state: State, text: str, to: str = PUBLIC, at: str = "Step 3/7 (C): base-building attempts") -> None:
    state["log"].append(entry(to, text, at=at))


def resolve(state: State, role: str, args: dict[str, Any], rng) -> None:
    """The end of the Friendly Land Movement Phase: works begun, abandoned, the building die, repairs, sabotage."""
    works = _works(state)
    ordered = args.get("works") or {}
    for uid, work in ordered.items():
        u = state["land"][uid]
        if work.startswith("sabotage"):
            continue
        b = state["bases"].get(u["hex"])
        works[uid] = {"hex": u["hex"], "work": work, "side": role, "begun": state["turn"],
                      "captured": PART[work] in (b or {}).get("unrepaired", [])}
        _log(state, f"{board.TITLE[role]} {u['name']} begins to {work.replace(' base', '')} base at {u['hex']}.",
             role)  # his own: it would tell which transport (an Assault Transport) is in a stack
    for uid, w in sorted(works.items()):
        u = state["land"].get(uid)
        b = state["bases"].get(w["hex"])
        gone = (u is None or u.get("destroyed") or u["aboard"] is not None or u["hex"] != w["hex"]
                or (b is not None and b["side"] != w["side"])
                or (b is None and not w["work"].startswith("build")))  # the base under repair was destroyed
        if w["side"] == role and gone:
            del works[uid]
            _log(state, f"Work at {w['hex']} ({w['work']}) is abandoned: the engineer has left, the hex is lost or "
                        "the base is gone.", role)
    done: set[tuple[str, str]] = set()
    for uid, w in sorted(works.items()):
        if w["side"] != role or (w["hex"], w["work"]) in done:
            continue
        name = state["land"][uid]["name"]
        if w["work"].startswith("build"):
            roll = rng.d6()
            ok = roll in DATA["build"][role]
            _log(state, f"{name} at {w['hex']} ({w['work']}): rolled {roll}, "
                        f"{'completed: usable next Game-Turn' if ok else 'not yet'} (Air and Naval Bases (D)).", role)
            if ok:
                done.add((w["hex"], w["work"]))
                state.setdefault("works_ready", []).append(
                    {"hex": w["hex"], "side": role, "part": PART[w["work"]],
                     "from": state["turn"] + DATA["build"]["usable_after_turns"]})
        elif not w["captured"] and state["turn"] >= w["begun"] + DATA["repair"]["turns"]:
            b = state["bases"][w["hex"]]
            b["capacity"] = b.get("original", b["capacity"])
            done.add((w["hex"], w["work"]))
            _log(state, f"The air base at {w['hex']} is repaired: Air Point Capacity {b['capacity']} again.")
    for uid in [uid for uid, w in works.items() if (w["hex"], w["work"]) in done]:
        del works[uid]
    for uid, work in sorted(ordered.items()):
        if work.startswith("sabotage"):
            _sabotage(state, state["land"][uid], PART[work], rng)


def _sabotage(state: State, u, part: str, rng) -> None:
    b = state["bases"].get(u["hex"])
    if b is None or b["side"] != u["side"] or not (b["naval"] if part == "naval" else b["capacity"] > 0):
        _log(state, f"{u['name']} finds no {part} base left to sabotage at {u['hex']}.")
        return
    need = DATA["sabotage"]["engineer" if u["kind"] == "engineer" else "division"]
    roll = rng.d6()
    ok = roll in need
    _log(state, f"{board.TITLE[u['side']]} {u['name']} tries to sabotage the {part} base at {u['hex']}: rolled "
                f"{roll}, {'success' if ok else 'fails'} (Air and Naval Bases (J)).")
    if not ok:
        return
    if part == "naval":
        b["naval"] = False
        _log(state, f"The naval base at {u['hex']} is destroyed.")
    else:
        b["capacity"] = max(b["capacity"] - DATA["sabotage"]["air_capacity_lost"], 0)
        _over(state, b)
        _log(state, f"The air base at {u['hex']} loses {DATA['sabotage']['air_capacity_lost']} Air Point Capacity "
                    f"(now {b['capacity']}{', destroyed' if not b['capacity'] else ''}).")
    if not b["naval"] and not b["capacity"]:
        del state["bases"][u["hex"]]  # a destroyed base is simply not there (Air and Naval Bases)


def _over(state: State, b) -> None:
    """Stacking (E): the air points on a base never exceed its capacity; those above it are lost."""
    excess = sum(b["air"].values()) - b["capacity"]
    for k in sorted(board.KINDS):
        n = min(max(excess, 0), b["air"][k])
        if n:
            b["air"][k] -= n
            excess -= n
            damage.lose_air(state, b["side"], k, n, f"above the sabotaged base's capacity at {b['hex']}")


def _unusable(state: State, b) -> None:
    """Keep a captured base needing repair neutralized to past the last Game-Turn (a bombardment may shorten it)."""
    for part in b.get("unrepaired", []) + b.get("occupied", []):
        b.setdefault("neutralized", {})[part] = [state["turns"] + 1, 0]


def captured(state: State, b) -> None:
    """(A), (C): a captured air base of capacity ten or more, and a captured naval base, must be repaired first."""
    large = b["capacity"] >= DATA["repair"]["captured_from_capacity"]
    parts = (["air"] if large else []) + (["naval"] if b["naval"] else [])
    b.pop("unrepaired", None)
    b.pop("occupied", None)
    if b["capacity"] and not large:  # (B): a smaller air base by any unit, after the first Land Attack Phase
        b["occupied"] = ["air"]
        _unusable(state, b)
        _log(state, f"The captured air base at {b['hex']} may be used after the first {board.TITLE[b['side']]} "
                    "Land Attack Phase of its occupation (Air and Naval Bases (B)).")
    if parts:
        b["unrepaired"] = parts
        _unusable(state, b)
        _log(state, f"The captured {' and '.join(parts)} base at {b['hex']} may not be used until repaired "
                    "(Air and Naval Bases (A), (C)).")
    for uid in [uid for uid, w in _works(state).items() if w["hex"] == b["hex"]]:
        del state["works"][uid]


def after_attack(state: State, side: str) -> None:
    """(B): a captured base is usable after the first Friendly Land Attack Phase of occupation by a transported
    engineer: the repairs of captured bases begun before it are complete."""
    works = _works(state)
    for uid, w in sorted(works.items()):
        b = state["bases"].get(w["hex"])
        if w["side"] != side or not w["captured"] or b is None or b["side"] != side:
            continue
        part = PART[w["work"]]
        if part in b.get("unrepaired", []):
            b["unrepaired"].remove(part)
            b.get("neutralized", {}).pop(part, None)
            _log(state, f"The captured {part} base at {w['hex']} is repaired and may be used (Air and Naval Bases "
                        "(B)).", at=ATTACK)
        del works[uid]
    for b in state["bases"].values():
        if b["side"] == side and b.pop("occupied", None):
            b.get("neutralized", {}).pop("air", None)
            _log(state, f"The captured air base at {b['hex']} may be used (Air and Naval Bases (B)).", at=ATTACK)
        _unusable(state, b)


def ripen(state: State) -> None:
    """Step 1: the bases completed last Game-Turn may be used from now on (D), (E)."""
    for b in state["bases"].values():
        _unusable(state, b)
    ready, keep = state.get("works_ready", []), []
    for r in ready:
        if r["from"] > state["turn"]:
            keep.append(r)
            continue
        b = state["bases"].get(r["hex"])
        if b is not None and b["side"] != r["side"]:
            state["log"].append(entry(PUBLIC, f"The base built at {r['hex']} is lost: the hex is the enemy's.",
                                      at="Step 1"))
            continue
        if b is None:
            b = state["bases"][r["hex"]] = {"hex": r["hex"], "side": r["side"], "naval": False, "capacity": 0,
                                            "air": {k: 0 for k in board.KINDS}, "original": 0}
        if r["part"] == "naval":
            b["naval"] = True
        else:
            b["capacity"] += DATA["build"]["increment"]
            b["original"] = max(b.get("original", 0), b["capacity"])
        what = "naval base" if r["part"] == "naval" else f"air base (Air Point Capacity {b['capacity']})"
        state["log"].append(entry(PUBLIC, f"The {board.TITLE[r['side']]} {what} at {r['hex']} may be used "
                                          "(Air and Naval Bases (D), (E)).", at="Step 1"))
    if ready:
        state["works_ready"] = keep


def offer(state: State, role: str, prompt: dict[str, Any], ids: tuple[str, ...]) -> dict[str, Any]:
    """The prompt's optional "works" part, and each unit's legal works in its info (what the computer obeys)."""
    prompt["actions"][0]["args"]["works"] = order(ids).to_json()
    legal: dict[str, list[str]] = {}
    for u in state["land"].values():
        if u["side"] != role or u["aboard"] is not None or not u["hex"]:
            continue
        b = state["bases"].get(u["hex"])
        if u["kind"] != "engineer" and not (u["kind"] in DATA["sabotage"]["division_kinds"] and b is not None
                                            and b["side"] == role):
            continue  # neither builds nor sabotages: the campaign's hundreds of units cost nothing
        ok = []
        for w in WORKS:
            try:
                check(state, role, {"works": {u["id"]: w}})
            except Refused:
                continue
            ok.append(w)
        if ok:
            legal[u["id"]] = ok
    prompt["info"]["works"] = legal
    # the order form's rows: a unit with no legal work has none (the refusals do not depend on the rest of the order,
    # but for a unit that moves, which may not work at all)
    prompt["info"].setdefault("choices", {})["works"] = legal
    prompt["info"]["at_work"] = {uid: dict(w) for uid, w in sorted(_works(state).items()) if w["side"] == role}
    return prompt


def random(state: State, role: str, rng, moves: dict[str, str]) -> dict[str, str]:
    """Random play: now and then a legal work for a unit that stays."""
    out = {}
    for uid, ws in sorted(offer(state, role, {"actions": [{"args": {}}], "info": {}}, ())["info"]["works"].items()):
        if uid not in moves and rng.die(6) == 1:
            out[uid] = rng.choice(ws)
    return out


def repairs(prompt: dict[str, Any], busy: set[str]) -> dict[str, str]:
    """The computer players: an engineer repairs its side's damaged or captured base when it may (transport at hand)."""
    out = {}
    for uid, ws in sorted(prompt.get("info", {}).get("works", {}).items()):
        rep = [w for w in ws if w.startswith("repair")]
        if rep and uid not in busy:
            out[uid] = rep[0]
    return out


def shown(state: State, side: str) -> list[dict[str, Any]]:
    """A side's works in progress as its board shows them (issue 35): each hex's works begun (the units at work, from
    which Game-Turn) and the bases completed but not yet usable (from which Game-Turn). The owner's alone."""
    out: dict[str, dict[str, Any]] = {}
    for uid, w in sorted((state.get("works") or {}).items()):  # read only: a view leaves the state alone
        if w["side"] == side:
            h = out.setdefault(w["hex"], {"hex": w["hex"], "side": side, "works": [], "ready": []})
            h["works"].append({"work": w["work"], "unit": state["land"][uid]["name"], "begun": w["begun"]})
    for r in state.get("works_ready", []):
        if r["side"] == side:
            h = out.setdefault(r["hex"], {"hex": r["hex"], "side": side, "works": [], "ready": []})
            h["ready"].append({"part": r["part"], "from": r["from"]})
    return [out[h] for h in sorted(out)]


def perturb(state: State, side: str, rng) -> None:
    """The secrecy harness (hidden.py): the side's works and completed bases not yet usable change."""
    ashore = sorted(u["id"] for u in state["land"].values() if u["side"] == side and u["hex"] and not u["aboard"])
    works = _works(state)
    if ashore:
        uid = ashore[rng.die(len(ashore)) - 1]
        if uid in works:
            del works[uid]
        else:
            works[uid] = {"hex": state["land"][uid]["hex"], "work": BUILD_AIR, "side": side, "begun": state["turn"],
                          "captured": False}
    state.setdefault("works_ready", []).append({"hex": "0828", "side": side, "part": "air",
                                                "from": state["turns"] + 2})


def plant(state: State, side: str, marker: str) -> None:
    for w in [*_works(state).values(), *state.get("works_ready", [])]:
        if w["side"] == side:
            w["note"] = marker
