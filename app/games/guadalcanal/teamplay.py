"""Rule 17 on the contract: the game as its four commanders' seats (and the umpire) see and play it.

`Teams` wraps the two-sided game (rules.Guadalcanal): in a game without option `teams` every call passes through
unchanged. With it:

- prompts: the radio step first at the start of each Turn's Assembly Step (radio.py); otherwise each side's prompt
  split by command (command.py), the umpire's unchanged;
- apply: a seat's radio note, its part of a split order (the side's order carried out once every asked seat is in),
  or a whole decision routed to it; the side's own id is not a seat of a team game;
- view: a seat sees its side's searchboard and card (both seats: 18c1's spotting reports go to every player of a
  side, and rule 17 never parts a side's board), its side's log lines and its own; its radio notes (radio.seen_by),
  its part in, the side's flagships and commands. A side's address (`side:<id>`) sees what the side shared: no
  seat's lines, parts or notes;
- perturb/plant_canaries: besides the enemy's secrets (hidden.py), a teammate's notes before delivery, his part in
  and his own log lines.
"""
from __future__ import annotations

import copy
from typing import Any

from app.engine.contract import UMPIRE, to_side
from app.engine.errors import IllegalAction, Refused
from app.engine.log import PUBLIC, clone, entry
from app.games.guadalcanal import command, radio, views
from app.games.guadalcanal.surface import play as surface_play
from app.games.guadalcanal.gamedata import SIDES

State = dict[str, Any]


class Teams:
    """Mixed in before the game's class: its methods see a team game and hand everything else on."""

    def seats_offered(self, scenario: str, options: dict[str, Any]) -> tuple[str, ...]:
        return command.offered(scenario, options, surface_play.IDS)

    def setup(self, scenario: str, options: dict[str, Any], rng) -> State:
        command.check_options(scenario, options or {}, surface_play.IDS)
        state = super().setup(scenario, options, rng)
        if scenario in surface_play.IDS:
            return state
        return command.begin(state, options or {})

    # --- who decides ----------------------------------------------------------------------------------------

    def prompts(self, state: State) -> dict[str, Any]:
        side_prompts = super().prompts(state)
        if not command.playing(state) or state["outcome"] is not None:
            return side_prompts
        if radio.is_open(state):
            return {seat: radio.prompt(state, seat) for seat in radio.waiting(state)}
        out = {}
        kind = self._kind(state)
        d = self.decision(state)
        for role, p in side_prompts.items():
            if role in SIDES:
                split = command.is_split(state, kind, p)
                out.update(command.seat_prompts(state, role, kind, p, d.default(state, role)["args"] if split else None))
            else:
                out[role] = p
        return out

    def _kind(self, state: State) -> str:
        return self.decision(state).id

    def _side_call(self, state: State, seat: str) -> tuple[str, dict[str, Any], bool]:
        """The seat's side, the side's prompt now and whether it is split; refused if the seat is not asked."""
        asked = self.prompts(state)
        if seat not in asked:
            who = ", ".join(command.SEAT_LABELS.get(r, r) for r in asked) or "nobody"
            raise IllegalAction(f"It is not your decision now: waiting for {who}.", command.RULE)
        side = command.SEAT_SIDE[seat]
        p = super().prompts(state)[side]
        return side, p, command.is_split(state, self._kind(state), p) and bool(command.involved(state, side, p))

    def apply(self, state: State, role: str, action: Any, rng) -> State:
        if not command.playing(state):
            return super().apply(state, role, action, rng)
        if role in SIDES:
            raise IllegalAction("This game is played by two commanders a side (17): act from your own seat.", "17")
        if radio.is_open(state) and role in command.SEAT_SIDE:
            s = clone(state)
            radio.apply(s, role, action, rng)
            return s
        if role not in command.SEAT_SIDE:
            s = super().apply(state, role, action, rng)  # the umpire
            self._after(s)
            return s
        side, p, split = self._side_call(state, role)
        if not split:
            s = super().apply(state, side, action, rng)
            self._after(s)
            return s
        whole, asked = self._whole(state, role, side, p, action)
        s = clone(state)
        parts = dict(s["team"]["parts"], **{role: action["args"]})
        if all(seat in parts for seat in asked):
            # Only this side's parts are used up: the enemy's seats may be giving theirs of the same step (set-up).
            command.drop_parts(s, side)
            command.part_in(s, role, None)
            s = super().apply(s, side, whole, rng)
            self._after(s)
            return s
        s["team"]["parts"] = parts
        s["team"].setdefault("part_keys", {})[role] = self._decision_key(state, side)
        command.part_in(s, role, next(x for x in asked if x not in parts))
        return s

    def _decision_key(self, state: State, side: str) -> str | None:
        p = super().prompts(state).get(side)
        return None if p is None else command.decision_key(self._kind(state), p)

    def _prune(self, state: State) -> None:
        """A part answers one decision of its side: once the side is asked something else (the enemy's order moved
        the game on, or the side was not asked at all any more), the part is dropped and the seat asked afresh,
        never counted toward the next decision (17b)."""
        t = state["team"]
        if not t["parts"]:
            return
        keys = t.setdefault("part_keys", {})
        now: dict[str, str | None] = {}
        for seat in list(t["parts"]):
            side = command.SEAT_SIDE[seat]
            if side not in now:
                now[side] = self._decision_key(state, side)
            if now[side] is None or keys.get(seat) != now[side]:
                del t["parts"][seat]
                keys.pop(seat, None)

    def _whole(self, state: State, seat: str, side: str, p: dict[str, Any], action: Any):
        """17b: a part touches only the seat's own units; the side's order it makes with the parts in and the
        others' defaults must be legal (the decision's own check, citing its rule)."""
        spec = p["actions"][0]
        if not isinstance(action, dict) or action.get("verb") != spec["verb"]:
            raise IllegalAction(f"That order is not asked for now: {spec['label']}.", command.RULE)
        args = action.get("args")
        if not isinstance(args, dict):
            raise IllegalAction("The order has no arguments.", command.RULE)
        alien = command.foreign(state, args, seat)
        if alien:
            raise IllegalAction(f"You command only your own units (17b): not {', '.join(sorted(alien))}.", "17b")
        asked = command.involved(state, side, p)
        parts = dict(state["team"]["parts"], **{seat: args})
        d = self.decision(state)
        whole = command.whole(state, side, spec["verb"], d.default(state, side)["args"], parts, asked)
        super().check(state, side, whole)
        return whole, asked

    def _after(self, state: State) -> None:
        self._prune(state)
        if radio.due(state):
            radio.open_step(state)

    def check(self, state: State, role: str, action: Any) -> None:
        if not command.playing(state) or role not in command.SEAT_SIDE:
            return super().check(state, role, action)
        if radio.is_open(state):
            return radio.check(state, role, action)
        side, p, split = self._side_call(state, role)
        if split:
            self._whole(state, role, side, p, action)
        else:
            super().check(state, side, action)

    def default_action(self, state: State, role: str) -> dict[str, Any]:
        if not command.playing(state) or role not in command.SEAT_SIDE:
            return super().default_action(state, role)
        if radio.is_open(state):
            return radio.default(state, role)
        side = command.SEAT_SIDE[role]
        a = super().default_action(state, side)
        p = super().prompts(state).get(side)
        if p and command.is_split(state, self._kind(state), p) and command.involved(state, side, p):
            return dict(a, args=command.restrict(state, a["args"], role))
        return a

    def random_action(self, state: State, role: str, rng) -> dict[str, Any]:
        if not command.playing(state) or role not in command.SEAT_SIDE:
            return super().random_action(state, role, rng)
        if radio.is_open(state):
            return radio.random(state, role, rng)
        side = command.SEAT_SIDE[role]
        a = super().random_action(state, side, rng)
        side_p = super().prompts(state).get(side)
        if not (side_p and command.is_split(state, self._kind(state), side_p)
                and command.involved(state, side, side_p)):
            return a
        mine = dict(a, args=command.restrict(state, a["args"], role))
        for candidate in (mine, self.default_action(state, role)):
            try:
                self.check(state, role, candidate)
                return candidate
            except Refused:
                continue
        return self.default_action(state, role)

    # --- what each reader sees ------------------------------------------------------------------------------

    def view(self, state: State, role: str) -> dict[str, Any]:
        side = command.side_of(role)
        if not command.playing(state):
            if side is not None and role not in SIDES:
                return dict(super().view(state, side), seat=role)  # a team seat of a game without rule 17
            return super().view(state, role)
        if side is None:
            v = super().view(state, role)
            v["team"] = self._team_view(state, role, None)
            return v
        v = super().view(state, side)
        ended = state["outcome"] is not None
        mine = {PUBLIC, side, to_side(side)} | ({role} if role in command.SEAT_SIDE else set())
        log = [line for line in state["log"] if ended or line.get("to", PUBLIC) in mine]
        v["log"] = [dict(line, n=i) for i, line in enumerate(log)]
        if "combats" in v:
            v["combats"] = views.combats(v["log"])
        if role in command.SEAT_SIDE:
            v["seat"] = role
        v["team"] = self._team_view(state, role, side)
        return v

    def _team_view(self, state: State, role: str, side: str | None) -> dict[str, Any]:
        t = state["team"]
        ended = state["outcome"] is not None
        out: dict[str, Any] = {"assignment": t["assignment"], "rule": "17a",
                               "described": command.describe_assignment(t["assignment"]),
                               "seats": {s: command.SEAT_LABELS[s] for s in command.ALL_SEATS}}
        if role == UMPIRE or ended:
            out.update(flagships=dict(t["flagships"]), notes=radio.seen_by(state, role, ended),
                       parts=copy.deepcopy(t["parts"]))
            out["flagship_names"] = _ship_names(state, out["flagships"])
            return out
        if side is not None:
            out["flagships"] = {s: t["flagships"].get(s) for s in command.SEATS[side]}
            out["flagship_names"] = _ship_names(state, out["flagships"])
        if role in command.SEAT_SIDE:
            out["notes"] = radio.seen_by(state, role, ended)
            out["my_part"] = copy.deepcopy(t["parts"].get(role))
            out["radio_silenced"] = radio.sunk(state, role)
        return out

    # --- the secrecy harness's hooks ------------------------------------------------------------------------

    def _hidden(self, state: State, role: str) -> tuple[list[str], list[dict[str, Any]]]:
        """The seats whose parts and lines `role` may not see, and the notes it may not read."""
        ended = state["outcome"] is not None
        if role == UMPIRE or ended:
            return [], []
        seats = [s for s in command.ALL_SEATS if s != role]
        seen = {n["id"] for n in radio.seen_by(state, role, ended)}
        return seats, [n for n in state["team"]["radio"]["notes"] if n["id"] not in seen]

    def perturb(self, state: State, role: str, rng) -> State:
        side = command.side_of(role)
        s = super().perturb(state, side or role, rng)
        if not command.playing(s):
            return s
        seats, notes = self._hidden(s, role)
        for n in notes:
            n["text"] = f"perturbed {rng.die(1000)}"
            n["deliver"] += rng.die(2)
        for seat in seats:
            if seat in s["team"]["parts"]:
                s["team"]["parts"][seat] = {"noise": rng.die(1000)}
            s["log"].append(entry(seat, "A line only this seat may read."))
        if side is None and role != UMPIRE and s["outcome"] is None:
            for seat in list(s["team"]["flagships"]):
                s["team"]["flagships"][seat] = f"perturbed-{rng.die(1000)}"
        elif side is not None and s["outcome"] is None:
            for seat in command.ALL_SEATS:
                if command.SEAT_SIDE[seat] != side and seat in s["team"]["flagships"]:
                    s["team"]["flagships"][seat] = f"perturbed-{rng.die(1000)}"
        return s

    def plant_canaries(self, state: State, role: str, marker: str) -> State:
        side = command.side_of(role)
        s = super().plant_canaries(state, side or role, marker)
        if not command.playing(s):
            return s
        seats, notes = self._hidden(s, role)
        for n in notes:
            n["text"] = marker
        for seat in seats:
            if seat in s["team"]["parts"]:
                s["team"]["parts"][seat] = {"canary": marker}
            s["log"].append(entry(seat, f"{marker}: a line only this seat may read."))
        for seat in command.ALL_SEATS:
            if s["outcome"] is None and role != UMPIRE and command.SEAT_SIDE[seat] != side \
                    and seat in s["team"]["flagships"]:
                s["team"]["flagships"][seat] = marker
        return s


def _ship_names(state: State, flagships: dict[str, Any]) -> dict[str, Any]:
    """17c2: each seat's flagship as the page names it (its printed name), None when it has none."""
    return {s: (state["units"][f]["name"] if f in state["units"] else f) if f else None for s, f in flagships.items()}
