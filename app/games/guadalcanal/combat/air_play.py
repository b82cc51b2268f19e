"""Option 14 in play: the air combat step of a battle, after the air attack set-up (4a3) and before AA (4c; 14
intro), calling the pure rules of air_combat.py.

Who fights: the attacker's fighters flying in the battle hex with the strike (its escorts; under option 13 the
fighters of the attacking wave's strikes), and the defender's fighters in the High CAP and Low CAP boxes of his task
forces and base in the battle hex (14a2; they took off into those boxes in the Assembly Step, assembly.py).

The step's stages, each one side's decision (decision `air_combat`), walked by `walk`:

    face      the defender faces each CAP fighter at one escort (14a2.1, 14a2.2)        verb face_escorts
    adjust    the attacker stacks left-over escorts on a combat or sets them to strafe   verb escort_setup
              (14a3; with no CAP, 14a: strafe or stay out)
    fight     phase escort: the attacker's attacks (14d1); phase cap: the defender's     verbs air_attack, air_pass
              (14d2); phase breakthrough: the released CAP fighters' (14c, 14e)
    strafe    between the CAP's attacks and the breakthroughs, escorts freed by their    verb strafe_freed
              opponents' elimination may be placed as strafers (14d1, 14f)

The record is the battle's `air_combat` (air_combat.py's air record plus `stage` and `faced`), one per wave. Every
combat is told as an AA or bombing combat is (telling.py: public, or under 18c2 the truth to the owner and the
umpire's report to the side that did the damage). A strafer is placed on its target (read as 4a3.1's stacking; 14f
is not transcribed): its target's AA is lowered for the rest of the battle (aa.py reads `aa_of`).
"""
from __future__ import annotations

from typing import Any

from app.engine.contract import Action, Prompt, Role, State
from app.engine.errors import IllegalAction
from app.engine.orders import Assignment, Choice, Several, args_json
from app.engine.rng import Rng
from app.engine.states import Decision
from app.games.guadalcanal import fog, forms
from app.games.guadalcanal import options as optional
from app.games.guadalcanal.combat import air_combat as ac
from app.games.guadalcanal.combat import battle as bt
from app.games.guadalcanal.combat import free_roll, telling, units, waves
from app.games.guadalcanal.combat.damage import alive, factor
from app.games.guadalcanal.combat.setup import AIR, SHIPS_AND_BASES

CAP_BOXES = {"high_cap": ac.HIGH, "low_cap": ac.LOW}  # the Operations Card's boxes (2c; option 14)
FACE, ADJUST, FIGHT, STRAFE, OVER = "face", "adjust", "fight", "strafe", "done"
VERBS = {
    "face_escorts": {"faced": Assignment(AIR, AIR, required=False, label="CAP fighter faces escort")},
    "escort_setup": {"joined": Assignment(AIR, AIR, required=False, label="Escort joins the combat against"),
                     "strafe": Assignment(AIR, SHIPS_AND_BASES, required=False, label="Escort strafes")},
    "air_attack": {"attackers": Several(AIR, minimum=1, label="Attacking fighters"),
                   "target": Choice(AIR, label="Target air unit")},
    "air_pass": {},
    "strafe_freed": {"targets": Assignment(AIR, SHIPS_AND_BASES, required=False, label="Freed escort strafes")},
}


def on(state: State) -> bool:
    return optional.on(state, optional.FIGHTERS)


def record(state: State) -> dict[str, Any] | None:
    b = bt.battle(state)
    return b.get("air_combat") if b else None


# --- who fights ------------------------------------------------------------------------------------------------

def escorts_of(state: State, b: dict[str, Any]) -> list[str]:
    """The attacker's fighters flying in the battle hex: the strike's escorts; under option 13 only the fighters of
    the attacking wave's strikes (13b: each strike is its own wave)."""
    strikes = {waves.strike_of(state, u) for u in b["air"]}
    return [u for u, x in state["units"].items() if alive(state, u) and bt.kind(u) == "air" and bt.utype(u) == "F"
            and x["side"] == b["attacker"] and x.get("box") == "flying"
            and (x.get("location") or {}).get("hex") == b["hex"]
            and ("all_air" not in b or waves.strike_of(state, u) in strikes)]


def cap_of(state: State, b: dict[str, Any]) -> dict[str, str]:
    """14a2: every defending fighter in a High or Low CAP box over the battle hex (its task forces and base)."""
    return {u: CAP_BOXES[x["box"]] for u, x in state["units"].items()
            if alive(state, u) and x.get("box") in CAP_BOXES and x["side"] == b["defender"]
            and bt.hex_of(state, u) == b["hex"]}


def targets_for_breakthrough(state: State, rec: dict[str, Any]) -> list[str]:
    """14e: the bombers of the attacking wave still on the Battleboard, and the strafers still flying."""
    return [*bt.attackers_on_board(state), *[s for s in rec["strafers"] if alive(state, s)]]


def breakers(state: State, rec: dict[str, Any]) -> list[str]:
    """CAP fighters released (14e) that have not had their breakthrough combat and have a target 14c allows."""
    targets = targets_for_breakthrough(state, rec)
    return [c for c in ac.breaking_through(state, rec) if c not in rec["attacked"]
            and any(ac.may_attack(state, rec, c, t) for t in targets)]


def strafe_choices(state: State, rec: dict[str, Any]) -> list[str]:
    """14d1: escorts freed by the elimination of their CAP opponents, not yet strafing, with a target to strafe."""
    return [e for e in ac.freed(state, rec) if e not in rec["strafers"]] if bt.defenders_on_board(state) else []


# --- the walker --------------------------------------------------------------------------------------------------

def begin(state: State) -> dict[str, Any] | None:
    b = bt.battle(state)
    escorts, cap = escorts_of(state, b), cap_of(state, b)
    if not escorts and not cap:
        b["air_combat"] = {"stage": OVER}
        return None
    rec = {"stage": FACE if escorts and cap else ADJUST if escorts else FIGHT, "faced": {},
           **ac._air(escorts, [], cap, []), "phase": None}  # the phase begins with the set-up (14a)
    b["air_combat"] = rec
    high = [u for u, x in cap.items() if x == ac.HIGH]
    low = [u for u, x in cap.items() if x == ac.LOW]
    bt.say(state, "air_combat", f"Air combat (14): {b['attacker'].title()} escorts: {_names(escorts)}; "
           f"{b['defender'].title()} High CAP: {_names(high)}; Low CAP: {_names(low)}."
           + ("" if cap else " No CAP: the escorts stay out or strafe (14a).")
           + ("" if escorts else " No escorts: every CAP fighter breaks through (14e)."),
           escorts=escorts, cap_box=cap)
    if rec["stage"] == FIGHT:  # no escorts: straight to the breakthroughs (14e)
        rec.update(ac.set_up(state, [], cap, {}))
    return rec


def walk(state: State) -> bool:
    """Run the air combat step up to the next decision (True) or to its end (False: AA comes next, 4c)."""
    if not on(state):
        return False
    rec = record(state)
    if rec is None:
        rec = begin(state)
        if rec is None:
            return False
    while True:
        stage = rec["stage"]
        if stage in (FACE, ADJUST):
            return True
        if stage == STRAFE:
            if strafe_choices(state, rec):
                return True
            rec["stage"] = FIGHT
            continue
        if stage == OVER:
            return False
        phase = rec["phase"]
        if phase in (ac.ESCORT, ac.CAP):
            if ac.can_attack(state, rec):
                return True
            ac.end_phase(rec)
            if rec["phase"] == ac.BREAKTHROUGH:
                rec["stage"] = STRAFE
            continue
        if phase == ac.BREAKTHROUGH and breakers(state, rec):
            return True
        rec["phase"], rec["stage"] = ac.DONE, OVER
        bt.say(state, "air_combat", "The air combat is over (14); anti-aircraft combat follows (4c).")
        return False


def deciders(state: State) -> list[Role]:
    c = state.get("combat")
    if not c or c["step"] != "air_combat" or c.get("offer"):
        return []
    rec = record(state)
    if not rec or rec["stage"] == OVER:
        return []
    b = bt.battle(state)
    stage = rec["stage"]
    if stage in (ADJUST, STRAFE) or (stage == FIGHT and rec["phase"] == ac.ESCORT):
        return [b["attacker"]]
    return [b["defender"]]


# --- checks --------------------------------------------------------------------------------------------------------

VERBS_OF = {FACE: ("face_escorts",), ADJUST: ("escort_setup",), FIGHT: ("air_attack", "air_pass"),
            STRAFE: ("strafe_freed",)}


def _strafe_targets(state: State, strafe: dict[str, str], rule: str) -> None:
    b = bt.battle(state)
    for s, t in strafe.items():
        if t not in bt.defenders_on_board(state):
            raise IllegalAction(f"{bt.name(s)} strafes an enemy ship or base on the Battleboard (14f, "
                                "reconstructed).", rule)
        h = bt.board(state)[t]["hex"]
        ac.strafe_at(state, {**ac._air([], [], {}, list(strafe)), "strafed": {}}, s, h, t, h)
    if strafe and any(bt.side_of(s) != b["attacker"] for s in strafe):
        raise IllegalAction("Only the escort side's fighters strafe (14f).", rule)


def _set_up_from(state: State, rec: dict[str, Any], joined: dict[str, str], strafe: dict[str, str]) -> dict:
    return ac.set_up(state, rec["escorts"], rec["cap_box"], rec["faced"] if rec["cap_box"] else {}, joined,
                     list(strafe))


def check(state: State, role: Role, action: Action) -> None:
    if role not in deciders(state):
        raise IllegalAction("It is not your part of the air combat now.", "14")
    rec = record(state)
    verb, args = action["verb"], action["args"]
    if verb not in VERBS_OF[rec["stage"]]:
        raise IllegalAction({FACE: "Face each CAP fighter at an escort first (14a2.1).",
                             ADJUST: "Set up your left-over escorts first (14a3).",
                             FIGHT: "Attack with a fighter, or attack no more (14d, 14e).",
                             STRAFE: "Say which freed escorts strafe first (14d1)."}[rec["stage"]], "14a")
    if verb == "face_escorts":
        ac.set_up(state, rec["escorts"], rec["cap_box"], args["faced"], {}, [])
    elif verb == "escort_setup":
        _set_up_from(state, rec, args["joined"], args["strafe"])
        _strafe_targets(state, args["strafe"], "14a3")
    elif verb == "strafe_freed":
        free = strafe_choices(state, rec)
        for s in args["targets"]:
            if s not in free:
                raise IllegalAction(f"{bt.name(s)} is not an escort freed by its opponents' elimination (14d1).",
                                    "14d1")
        _strafe_targets(state, args["targets"], "14f")
    elif verb == "air_attack":
        import copy
        _attack(state, copy.deepcopy(rec), _Checked(), args["attackers"], args["target"])  # no die is rolled


class _Checked:
    """Dice for checking an attack: the checks come before the first roll."""
    def d10(self) -> int:
        raise _Legal()


class _Legal(Exception):
    pass


def _attack(state: State, rec: dict[str, Any], rng: Any, attackers: list[str], target: str) -> dict | None:
    """Roll one air combat, unmarked (finish marks it, after the free roll marker's holder, 11a, has decided)."""
    try:
        if rec["phase"] == ac.BREAKTHROUGH:
            return ac.break_through(state, rec, rng, attackers, target, bt.attackers_on_board(state), marked=False)
        return ac.attack(state, rec, rng, attackers, target, marked=False)
    except _Legal:
        return None


# --- resolution ------------------------------------------------------------------------------------------------

def resolve(state: State, role: Role, action: Action, rng: Rng) -> State:
    rec = record(state)
    verb, args = action["verb"], action["args"]
    if verb == "face_escorts":
        rec["faced"] = dict(args["faced"])
        bt.say(state, "air_combat", f"{role.title()} CAP faces the escorts (14a2.1): " + "; ".join(
            f"{bt.name(c)} ({rec['cap_box'][c]} CAP) at {bt.name(e)}" for c, e in rec["faced"].items()) + ".",
            faced=rec["faced"])
        left = [e for e in rec["escorts"] if e not in rec["faced"].values()]
        if left:
            rec["stage"] = ADJUST
        else:
            _start(state, rec, {}, {})
    elif verb == "escort_setup":
        words = [f"{bt.name(e)} joins the combat against {bt.name(c)}" for e, c in args["joined"].items()]
        words += [f"{bt.name(s)} strafes {bt.name(t)}" for s, t in args["strafe"].items()]
        out = [e for e in rec["escorts"] if e not in rec["faced"].values() and e not in args["joined"]
               and e not in args["strafe"]]
        words += [f"{bt.name(e)} stays out" for e in out]
        bt.say(state, "air_combat", f"{role.title()} escorts (14a3): " + "; ".join(words) + ".",
               joined=args["joined"], strafe=args["strafe"])
        _start(state, rec, args["joined"], args["strafe"])
    elif verb == "strafe_freed":
        for s, t in args["targets"].items():
            ac.strafe(state, rec, s)
            _strafe(state, rec, s, t)
        words = "; ".join(f"{bt.name(s)} strafes {bt.name(t)}" for s, t in args["targets"].items())
        bt.say(state, "air_combat", f"{role.title()} freed escorts (14d1): {words or 'none strafes'}.",
               strafe=args["targets"])
        rec["stage"] = FIGHT
    elif verb == "air_pass":
        phase = rec["phase"]
        rec["attacked"] += ac.can_attack(state, rec) if phase != ac.BREAKTHROUGH else breakers(state, rec)
        bt.say(state, "air_combat", f"{role.title()} attacks no more in this "
               f"{ {ac.ESCORT: 'escort', ac.CAP: 'CAP', ac.BREAKTHROUGH: 'breakthrough'}[phase]} phase (14d, 14e).")
    else:
        roll = _attack(state, rec, rng, list(args["attackers"]), args["target"])
        if not free_roll.offer(state, "air", state["units"][args["attackers"][0]]["side"], roll,
                               {"attackers": list(args["attackers"]), "target": args["target"],
                                "rule": roll["rule"]}):
            finish(state, roll, rng)
    return state


def finish(state: State, roll: dict[str, Any], rng: Rng) -> dict[str, Any]:
    """Mark and tell one air combat's result (14d1, 14d2, 14e; 4b4, 4b5): the roll that stands."""
    target, attackers = roll["target"], roll["air"]
    before = fog.shown(state["units"][target])
    ac.mark(state, roll)
    if not bt.on_board(state, target):
        bt.board(state).pop(target, None)  # a bomber eliminated by a breakthrough does not bomb (14e)
    names = " + ".join(bt.name(a) for a in attackers)
    what = {"14d1": "Escort attack", "14d2": "CAP attack", "14e": "Breakthrough"}[roll["rule"]]
    telling.tell_result(
        state, "air_combat", roll["rule"], target, before, roll, roll["seen"],
        f"{what} ({roll['rule']}): {names} (+{roll['attacker_total']}) attack {bt.name(target)} "
        f"(+{roll['defender_total']}): {roll['attacker_roll']}+{roll['attacker_total']}="
        f"{roll['attacker_number']} against {roll['defender_roll']}+{roll['defender_total']}="
        f"{roll['defender_number']}: {_words(state, roll['result'], target)}.",
        lambda told: f"{what} ({roll['rule']}): {names} attack {bt.name(target)}: the umpire reports {told}.",
        rng, combat="air", attackers=list(attackers))
    return roll


def _start(state: State, rec: dict[str, Any], joined: dict[str, str], strafe: dict[str, str]) -> None:
    rec.update(_set_up_from(state, rec, joined, strafe))
    for s, t in strafe.items():
        _strafe(state, rec, s, t)
    rec["stage"] = FIGHT


def _strafe(state: State, rec: dict[str, Any], strafer: str, target: str) -> None:
    """14f (reconstructed): the strafer is placed on its target (4a3.1's stacking), silencing part of its AA."""
    h = bt.board(state)[target]["hex"]
    ac.strafe_at(state, rec, strafer, h, target, h)
    bt.board(state)[strafer] = {"hex": h, "target": target, "facing": None, "strafing": True}


def _words(state: State, result: str, uid: str) -> str:
    """4b4, 4b5: a flip of a unit already on its back eliminates it (14d2)."""
    if result != "miss" and not alive(state, uid):
        return f"{bt.name(uid)} eliminated"
    return {"miss": "no damage", "hit": f"{bt.name(uid)} 1 hit", "flip": f"{bt.name(uid)} flipped",
            "eliminate": f"{bt.name(uid)} eliminated"}[result]


def _names(uids: list[str]) -> str:
    return ", ".join(bt.name(u) for u in uids) or "none"


def aa_of(state: State, gun: str) -> int | None:
    """A ship's or base's AA factor in this battle, less what strafers silence (14f, reconstructed)."""
    rec = record(state)
    if not rec or not rec.get("strafed"):
        return factor(state, gun, "aa")
    return ac.aa_factor(state, rec, gun)


def cap_returns(state: State) -> None:
    """The CAP boxes empty at the end of the Combat Phase: their fighters fly back in the Air Return Phase (5) like
    any air unit on the searchboard, from the hex of the task force or base they flew over."""
    for u, x in state["units"].items():
        if x.get("box") in CAP_BOXES and alive(state, u):
            # a base eliminated under its CAP has no location left: its fighters fly back from its printed hex
            # option 12d: a patrol over a task force that is gone (its ships all sunk) flies back from where it was
            # marked to patrol (patrols.py keeps that hex as "over")
            here = bt.hex_of(state, u) or units.base_hexes().get(x["location"].get("base")) \
                or x["location"].get("over")
            x["box"], x["location"] = "flying", {"hex": here, "from": x["location"].get("from")}


# --- prompts, defaults, random orders -----------------------------------------------------------------------------

def suggested(state: State, role: Role) -> Action:
    """A sensible legal order (the default for a missed order, and the computer player's answer)."""
    rec = record(state)
    stage = rec["stage"]
    if stage == FACE:
        esc = rec["escorts"]
        return {"verb": "face_escorts", "args": {"faced": {c: esc[i % len(esc)] for i, c in
                                                           enumerate(rec["cap_box"])}}}
    if stage == ADJUST:
        return {"verb": "escort_setup", "args": {"joined": {}, "strafe": {}}}
    if stage == STRAFE:
        ships = bt.defenders_on_board(state)
        return {"verb": "strafe_freed", "args": {"targets": {s: ships[0] for s in strafe_choices(state, rec)}}}
    return _best_attack(state, rec) or {"verb": "air_pass", "args": {}}


def _best_attack(state: State, rec: dict[str, Any]) -> Action | None:
    """Escort or CAP phase: the fighters of one combat together against its weakest opponent (14b adds their air
    combat factors); breakthrough: one released fighter against the strongest bomber it may attack."""
    if rec["phase"] == ac.BREAKTHROUGH:
        for c in breakers(state, rec):
            ok = [t for t in targets_for_breakthrough(state, rec) if ac.may_attack(state, rec, c, t)]
            t = max(ok, key=lambda t: (factor(state, t, "bombing") or 0, t))
            return {"verb": "air_attack", "args": {"attackers": [c], "target": t}}
        return None
    ready = ac.can_attack(state, rec)
    own, foes = ("escorts", "cap") if rec["phase"] == ac.ESCORT else ("cap", "escorts")
    for combat in rec["combats"]:
        mine = [u for u in combat[own] if u in ready]
        alive_foes = [f for f in combat[foes] if alive(state, f)]
        if mine and alive_foes:
            t = min(alive_foes, key=lambda f: (factor(state, f, "defense") or 0, f))
            return {"verb": "air_attack", "args": {"attackers": mine, "target": t}}
    return None


def default(state: State, role: Role) -> Action:
    return suggested(state, role)


def random(state: State, role: Role, rng: Rng) -> Action:
    rec = record(state)
    stage = rec["stage"]
    if stage == FACE:
        esc = rng.shuffle(list(rec["escorts"]))
        return {"verb": "face_escorts", "args": {"faced": {c: esc[i % len(esc)] for i, c in
                                                           enumerate(rng.shuffle(list(rec["cap_box"])))}}}
    ships = bt.defenders_on_board(state)
    if stage == ADJUST:
        joined, strafe = {}, {}
        for e in rec["escorts"]:
            if e in rec["faced"].values():
                continue
            pick = rng.die(3)
            if pick == 1 and rec["cap_box"]:
                joined[e] = rng.choice(list(rec["cap_box"]))
            elif pick == 2 and ships:
                strafe[e] = rng.choice(ships)
        return {"verb": "escort_setup", "args": {"joined": joined, "strafe": strafe}}
    if stage == STRAFE:
        return {"verb": "strafe_freed", "args": {"targets": {s: rng.choice(ships) for s in strafe_choices(state, rec)
                                                             if rng.die(2) == 1}}}
    if rng.die(5) == 1:
        return {"verb": "air_pass", "args": {}}
    if rec["phase"] == ac.BREAKTHROUGH:
        c = rng.choice(breakers(state, rec))
        t = rng.choice([t for t in targets_for_breakthrough(state, rec) if ac.may_attack(state, rec, c, t)])
        return {"verb": "air_attack", "args": {"attackers": [c], "target": t}}
    own, foes = ("escorts", "cap") if rec["phase"] == ac.ESCORT else ("cap", "escorts")
    ready = ac.can_attack(state, rec)
    a = rng.choice(ready)
    combat = next(c for c in rec["combats"] if a in c[own])
    more = [u for u in combat[own] if u in ready and u != a and rng.die(2) == 1]
    t = rng.choice([f for f in combat[foes] if alive(state, f)])
    return {"verb": "air_attack", "args": {"attackers": [a, *more], "target": t}}


def prompt(state: State, role: Role) -> Prompt:
    rec = record(state)
    b = bt.battle(state)
    stage = rec["stage"]
    info = {"battle": b["hex"], "stage": stage, "phase": rec.get("phase"), "escorts": list(rec["escorts"]),
            "cap_box": dict(rec["cap_box"]), "combats": [dict(c) for c in rec.get("combats", [])],
            "strafers": list(rec.get("strafers", [])), "suggested": suggested(state, role)}
    ships = tuple(bt.defenders_on_board(state))
    if stage == FACE:
        cap, esc = tuple(rec["cap_box"]), tuple(rec["escorts"])
        args = {"faced": forms.per_piece_order(cap, _named(cap), {f: esc for f in cap}, True,
                                               "CAP fighter faces escort", lambda _f, e: bt.name(e))}
        title, rule, actions = "face each CAP fighter at one escort fighter", "14a2.1", [("face_escorts", "Face")]
    elif stage == ADJUST:
        left = tuple(e for e in rec["escorts"] if e not in rec["faced"].values())
        cap = tuple(rec["cap_box"])
        args = {"joined": forms.per_piece_order(left, _named(left), {e: cap for e in left}, False,
                                                "Escort joins the combat against", lambda _e, f: bt.name(f)),
                "strafe": forms.per_piece_order(left, _named(left), {e: ships for e in left}, False,
                                                "Escort strafes", lambda _e, x: bt.name(x))}
        title, rule, actions = ("set up the escorts no CAP fighter faces (join a combat, strafe, or stay out)",
                                "14a3", [("escort_setup", "Set up")])
    elif stage == STRAFE:
        freed = tuple(strafe_choices(state, rec))
        args = {"targets": forms.per_piece_order(freed, _named(freed), {e: ships for e in freed}, False,
                                                 "Freed escort strafes", lambda _e, x: bt.name(x))}
        title, rule, actions = "freed escorts may strafe", "14d1", [("strafe_freed", "Strafe (none: stay out)")]
    else:
        if rec["phase"] == ac.BREAKTHROUGH:
            who, pool = breakers(state, rec), targets_for_breakthrough(state, rec)
            title, rule = "released CAP fighters break through (High CAP: D, H, M; Low CAP: T; either: a strafer)", \
                "14e"
        else:
            who = ac.can_attack(state, rec)
            foes = "cap" if rec["phase"] == ac.ESCORT else "escorts"
            pool = [f for c in rec["combats"] for f in c[foes] if alive(state, f)]
            title, rule = ("escorts attack" if rec["phase"] == ac.ESCORT else "CAP attacks"), \
                ("14d1" if rec["phase"] == ac.ESCORT else "14d2")
        args = {"attackers": Several(tuple(who), minimum=1, labels=tuple(bt.name(u) for u in who),
                                     label="Attacking fighters"),
                "target": Choice(tuple(pool), tuple(bt.name(t) for t in pool), label="Target air unit")}
        actions = [("air_attack", "Attack"), ("air_pass", "Attack no more")]
    out = []
    for verb, label in actions:
        out.append({"verb": verb, "label": label, "args": args_json(args) if verb != "air_pass" else {}})
    return {"title": f"Battle {b['hex']}, air combat: {title}", "rule": rule, "actions": out, "info": info}


AIR_COMBAT = Decision(id="air_combat", rule="14", verbs=VERBS, deciders=deciders, prompt=prompt, resolve=resolve,
                      default=default, random=random, check=check)


def _named(units: tuple[str, ...]) -> dict[str, str]:
    return {u: bt.name(u) for u in units}
