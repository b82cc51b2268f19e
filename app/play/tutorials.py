"""Tutorials: the rulebooks' worked examples played through the real order forms (issue 21).

A tutorial is a declared record, never a code path of its own: a game's package may hold `tutorials.py` exposing
`TUTORIALS`, a list of `Tutorial` (usually read from its `data/tutorials.toml`: the example's orders, dice, result
and the rule each step applies, with their provenance), each with a function that builds the example's position.

Starting one creates an unrated sandbox game (never rated: `Game.sandbox`) whose first snapshot is that position,
every seat held by the learner. Each step of the example is one action in the log, so where the learner stands is
read from the log itself: the n-th standing action is step n. Before each step the game's dice script is set to
that step's dice (the example's, roll for roll), so a learner who gives a different legal order still rolls the
example's dice; the other side's example orders (`auto` steps) are played by the platform right after, with keys
starting "tutorial:". "Step back" takes back to the learner's previous decision, like app/play/undo.py's take-back
(the same `_undo` record and snapshot) but through the example's dice: they are printed in the rulebook, so going
back hides nothing and draws nothing new. "Continue in free play" turns the script and the guidance off.
"""
from __future__ import annotations

import importlib
import importlib.util
import secrets
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as DB

from app import games as registry
from app.engine.rng import commitment
from app.engine.tutorial import Tutorial
from app.play import lobby
from app.play.clock import now
from app.play.deadlines import set_deadlines
from app.play.errors import Conflict, Forbidden, Illegal, NotFound
from app.play.state import load_state, phase_of, remember, rules_for, state_at
from app.play.submit import Submitted, append_record, apply_action, lock_game
from app.play.undo import TAKE_BACK
from app.store.models import ActionRow, Game, Seat, Snapshot

AUTO_KEY = "tutorial:"  # the platform's plays of the other side's example orders


# ---------------------------------------------------------------- the declared tutorials

def for_game(game_type: str) -> list[Tutorial]:
    """The tutorials a game's package declares (none if it has no `tutorials` module)."""
    name = f"app.games.{game_type}.tutorials"
    try:
        if importlib.util.find_spec(name) is None:
            return []
    except ModuleNotFoundError:
        return []
    return list(importlib.import_module(name).TUTORIALS)


def all_tutorials() -> list[Tutorial]:
    return [t for rules in registry.listed() for t in for_game(rules.meta.id)]


def get(tutorial_id: str) -> Tutorial:
    found = next((t for t in all_tutorials() if t.id == tutorial_id), None)
    if found is None:
        raise NotFound("There is no such tutorial. The lobby lists them all.")
    return found


def listing(game_type: str | None = None) -> list[dict[str, Any]]:
    """What the lobby and a game's page list: each tutorial's title, game, the rule it teaches and its steps."""
    out = []
    for t in (for_game(game_type) if game_type else all_tutorials()):
        rules = registry.get(t.game)
        out.append({"id": t.id, "title": t.title, "game": t.game, "game_title": rules.meta.title,
                    "teaches": t.teaches, "decisions": len(t.learner_steps())})
    return out


def tutorial_of(game: Game) -> Tutorial | None:
    tid = (game.options or {}).get("tutorial")
    return get(tid) if tid else None


def free(game: Game) -> bool:
    return bool((game.options or {}).get("free_play"))


# ---------------------------------------------------------------- starting one

def start(db: DB, user_id: int, tutorial_id: str) -> Game:
    """A sandbox game at the example's position, every seat the learner's, never rated."""
    t = get(tutorial_id)
    rules = registry.get(t.game)
    meta = rules.meta
    scenario = t.scenario or meta.scenarios[0].id
    state = t.build()
    seed = secrets.token_bytes(32)
    at = now()
    game = Game(id=lobby._new_game_id(db), game=t.game, scenario=scenario,
                options=dict(meta.default_options(), tutorial=t.id), status="active", version=0, seed=seed,
                commitment=commitment(seed), roll_count=0, setup_rolls=[], umpired=False, sandbox=True,
                clock={"setting": "none", "seconds": None, "paused": False}, outcome=None, prompt_versions={},
                dice_script=[], title=f"Tutorial: {t.title}"[:80], created_by=user_id, created_at=at, updated_at=at)
    db.add(game)
    db.flush()
    db.add(Snapshot(game_id=game.id, seq=0, phase=phase_of(rules, state), state=state))
    for role in lobby.seats_offered(rules, scenario, game.options):
        db.add(Seat(game_id=game.id, role=role, access="invite", invite_round=0, user_id=user_id, joined_at=at))
    db.flush()
    prompts = rules.prompts(state)
    set_deadlines(game, prompts, set(prompts))
    remember(game.id, 0, state, db)
    _play_auto(db, game, t)
    return game


# ---------------------------------------------------------------- where the learner stands

def standing(db: DB, game: Game) -> list[ActionRow]:
    """The rules' actions that stand in the log, in order (taken-back ones dropped): the n-th is step n."""
    rows: list[ActionRow] = []
    for row in db.scalars(select(ActionRow).where(ActionRow.game_id == game.id).order_by(ActionRow.seq)):
        verb = row.action.get("verb", "")
        if verb == "_undo":
            rows = [r for r in rows if r.seq <= row.action["args"]["to"]]
        elif not verb.startswith("_"):
            rows.append(row)
    return rows


def progress(db: DB, game: Game) -> dict[str, Any]:
    """The guidance a tutorial page shows: the step now (its explanation, rule and the example's order), how the
    learner's last order compared with the example's, and whether the example is done."""
    t = tutorial_of(game)
    if t is None:
        raise NotFound("This game is not a tutorial.")
    rows = standing(db, game)
    k = len(rows)
    learner = t.learner_steps()
    step = t.steps[k] if k < len(t.steps) else None
    last = next(((i, r) for i, r in reversed(list(enumerate(rows))) if not r.key.startswith(AUTO_KEY)), None)
    compared = None
    if last is not None and last[0] < len(t.steps):
        example, row = t.steps[last[0]].order, last[1]
        rules, before = rules_for(game), state_at(db, game, row.seq - 1)
        given = rules.tidied(before, row.role, row.action) if rules.tidied else row.action  # as judged
        asked = rules.prompts(before).get(row.role)
        found = differences(example, given, _unordered(asked, given), _labels(asked, given))
        compared = {"matched": not found, "differences": found, "example": example, "given": given}
    return {"tutorial": t, "index": k, "step": step, "number": sum(1 for i in learner if i < k) + 1,
            "of": len(learner), "done": k >= len(t.steps), "free": free(game), "compared": compared,
            "can_step_back": last is not None and not free(game) and game.status == "active"}


def _labels(prompt: dict[str, Any] | None, action: dict[str, Any]) -> dict[tuple[str, ...], str]:
    """Each group part's label by its path (a unit's name where the part is a unit's move)."""
    spec = next((a for a in (prompt or {}).get("actions", []) if a.get("verb") == action.get("verb")), {})
    out: dict[tuple[str, ...], str] = {}

    def walk(arg: Any, at: tuple[str, ...]) -> None:
        if isinstance(arg, dict) and arg.get("type") == "optional":
            walk(arg.get("each"), at)
        elif isinstance(arg, dict) and arg.get("type") == "group":
            for name, part in (arg.get("fields") or {}).items():
                if isinstance(part, dict) and part.get("label"):
                    out[(*at, name)] = part["label"]
                walk(part, (*at, name))
    for name, arg in (spec.get("args") or {}).items():
        walk(arg, (name,))
    return out


def _unordered(prompt: dict[str, Any] | None, action: dict[str, Any]) -> set[tuple[str, ...]]:
    """The paths of the order's arguments whose values are a set, not a sequence (`several`: boxes ticked in any
    order), by the prompt the order answered: a group's parts by name, a keyed argument's values under "*"; and each
    group's path ending in GROUP."""
    spec = next((a for a in (prompt or {}).get("actions", []) if a.get("verb") == action.get("verb")), {})
    out: set[tuple[str, ...]] = set()

    def walk(arg: Any, at: tuple[str, ...]) -> None:
        if not isinstance(arg, dict):
            return
        kind = arg.get("type")
        if kind == "several":
            out.add(at)
        elif kind == "optional":
            walk(arg.get("each"), at)
        elif kind == "keyed":
            walk(arg.get("each"), (*at, "*"))
        elif kind == "group":
            out.add((*at, GROUP))
            for name, part in (arg.get("fields") or {}).items():
                walk(part, (*at, name))
    for name, arg in (spec.get("args") or {}).items():
        walk(arg, (name,))
    return out


def differences(example: dict[str, Any], given: dict[str, Any], unordered: set[tuple[str, ...]] = frozenset(),
                labels: dict[tuple[str, ...], str] | None = None) -> list[str]:
    """How an order differs from the example's, argument by argument, in words; an argument with parts (a flight's
    route inside the air order) is compared part by part. The `unordered` arguments (paths of names, "*" for any id)
    are compared as sets (the same units ticked in another order are the same order)."""
    if example.get("verb") != given.get("verb"):
        return [f"The example's order was {_words(example.get('verb'))}; yours was {_words(given.get('verb'))}."]
    return _differ(example.get("args") or {}, given.get("args") or {}, unordered, (), labels or {})


def _differ(ex: dict[str, Any], yours: dict[str, Any], unordered: set[tuple[str, ...]], at: tuple[str, ...],
            labels: dict[tuple[str, ...], str]) -> list[str]:
    out = []
    for name in sorted({*ex, *yours}):
        mine, theirs, path = _norm(yours.get(name)), _norm(ex.get(name)), (*at, name)
        if isinstance(mine, dict) and isinstance(theirs, dict) and _matches((*path, GROUP), unordered):
            out += _differ(theirs, mine, unordered, path, labels)  # a group's parts, each by its own label
            continue
        if _matches(path, unordered) and isinstance(mine, list) and isinstance(theirs, list):
            mine, theirs = sorted(map(str, mine)), sorted(map(str, theirs))
        if mine != theirs:
            said = labels.get(path) if at else None  # a part of a group by its form's label (a unit's name)
            out.append(f"{said or _words(name).capitalize()}: the example gave {_shown(ex.get(name))}; you gave "
                       f"{_shown(yours.get(name))}.")
    return out


GROUP = "(group)"  # marks, among the unordered paths, an argument with named parts (compared part by part)


def _matches(path: tuple[str, ...], patterns: set[tuple[str, ...]]) -> bool:
    return any(len(p) == len(path) and all(a in ("*", b) for a, b in zip(p, path)) for p in patterns)


def _norm(value: Any) -> Any:
    """Empty and absent are the same order (an unticked list, an unset optional, an unticked box: a form posts no
    value for a box left clear); so is a group whose every part is (a fieldset of boxes left clear)."""
    if isinstance(value, dict) and value and all(_norm(v) is None for v in value.values()):
        return None
    return None if value is False or value in (None, [], {}, "") else value


def _words(name: Any) -> str:
    return str(name).replace("_", " ")


def _shown(value: Any) -> str:
    if _norm(value) is None:
        return "nothing"
    if isinstance(value, list):  # a list of records (Solomons' air missions) shows each in words, in brackets
        return ", ".join(f"({_shown(v)})" if isinstance(v, dict) else str(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {_shown(v)}" for k, v in value.items())
    return "yes" if value is True else "no" if value is False else str(value)


# ---------------------------------------------------------------- playing it

def _script(game: Game, dice: tuple[int, ...]) -> None:
    """The next rolls are `dice`; the ones already drawn stay as they were (GameRng reads from roll_count on)."""
    game.dice_script = [1] * game.roll_count + list(dice)


def _unscript(game: Game) -> None:
    game.dice_script = None if free(game) else [1] * game.roll_count


def submit(db: DB, game_id: str, role: str, action: Any, expected: int | None, key: str,
           user_id: int | None) -> Submitted:
    """The learner's order: applied with the step's dice, then the other side's example orders that follow."""
    game = lock_game(db, game_id)
    t = tutorial_of(game)
    if t is None:
        raise NotFound("This game is not a tutorial.")
    if not free(game):
        k = len(standing(db, game))
        if k < len(t.steps) and t.steps[k].role == role:
            _script(game, t.steps[k].dice)
    try:
        result = apply_action(db, game_id, role, action, expected, key, user_id)
    finally:
        _unscript(game)
    if not free(game):
        _play_auto(db, game, t)
    return result


def _play_auto(db: DB, game: Game, t: Tutorial) -> None:
    """The other side's example orders, while the example's next step is one of theirs and they are asked for it.
    An order the learner's different choices made illegal is left to the learner, who holds that seat too."""
    while game.status == "active":
        k = len(standing(db, game))
        if k >= len(t.steps) or not t.steps[k].auto:
            return
        step = t.steps[k]
        if step.role not in rules_for(game).prompts(load_state(db, game)):
            return
        _script(game, step.dice)
        try:
            apply_action(db, game.id, step.role, step.order, game.version, f"{AUTO_KEY}{game.version + 1}", None,
                         platform=True)
        except Illegal:
            return
        finally:
            _unscript(game)


def step_back(db: DB, game_id: str, user_id: int) -> int:
    """Back to the learner's previous decision: the example's orders after it are taken back with it."""
    game = lock_game(db, game_id)
    if tutorial_of(game) is None or free(game):
        raise Conflict("Only a guided tutorial steps back; in free play, take back a move from the game page.")
    if game.created_by != user_id:
        raise Forbidden("Only the learner who started this tutorial can step back.")
    if game.status != "active":
        raise Conflict("The game is over: start the tutorial again to retry it.")
    rows = standing(db, game)
    last = next((r for r in reversed(rows) if not r.key.startswith(AUTO_KEY)), None)
    if last is None:
        raise Conflict("You are at the example's starting position: there is no step to go back to.")
    rules = rules_for(game)
    to = last.seq - 1
    state = state_at(db, game, to)
    phase = phase_of(rules, state)
    seq = append_record(db, game, last.role, "_undo", {"to": to}, TAKE_BACK, phase, user_id)
    db.add(Snapshot(game_id=game.id, seq=seq, phase=phase, state=state))
    prompts = rules.prompts(state)
    game.prompt_versions = dict(game.prompt_versions or {}, **{r: seq for r in rules.meta.seats()})
    set_deadlines(game, prompts, set(prompts))
    db.flush()
    remember(game.id, seq, state, db)
    return seq


def free_play(db: DB, game_id: str, user_id: int) -> None:
    """Continue from here as an ordinary sandbox game: no script, no guidance, still never rated."""
    game = lock_game(db, game_id)
    if tutorial_of(game) is None:
        raise NotFound("This game is not a tutorial.")
    if game.created_by != user_id:
        raise Forbidden("Only the learner who started this tutorial can change it.")
    game.options = dict(game.options, free_play=True)
    game.dice_script = None


def order_words(order: dict[str, Any]) -> str:
    """An example's order in words: 'attack front (front southwest_pacific)'."""
    args = "; ".join(f"{_words(k)} {_shown(v)}" for k, v in (order.get("args") or {}).items() if _norm(v) is not None)
    return _words(order.get("verb")) + (f" ({args})" if args else "")
