"""The conformance harness over every game, scenario and declared option set (tests/conformance/harness.py): random
games play to their end with every order fitting its published schema; what a reader may not know never reaches its
view or page (every seat, each side as a whole, the umpire, a spectator); a position replays from its orders; the
pages name things as the rulebook prints them, never by internal id; and every single value a prompt offers is one
the rules accept."""
from __future__ import annotations

import functools
import json

import pytest

from app.engine import orders as kinds
from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.errors import IllegalAction
from app.engine.rng import SeededRng
from app.engine.testing import check_every_reader, check_open, state_hash
from app.web.presenter import board_template
from app.web.templating import render
from tests.conformance import names, offered, render as pages
from tests.conformance.harness import BUDGET, Case, cases, play, replay

CASES = cases()
SEED = 1
# What a game has still to mend, by check: case ids (str(Case)) expected to fail, strictly (a case that passes while
# listed here fails the suite, so the entry goes with the mend). Each names why.
_EVERY_OPTION = "fighters=True,patrols=True,scout_losses=True,sea_movement=True,submarines=True,surface=True," \
                "variable_spotting=True,wave_attacks=True"
_UMPIRED = "fog_damage=True,umpired=True"
OWED: dict[str, dict[str, str]] = {}


def each_case(check: str):
    """One test per case, the cases of one game and scenario on one worker (their playout is shared)."""
    def mark(test):
        params = []
        for c in CASES:
            marks = [pytest.mark.xdist_group(str(c))]
            why = OWED.get(check, {}).get(str(c))
            if why is not None:
                marks.append(pytest.mark.xfail(reason=why, strict=True))
            params.append(pytest.param(c, marks=marks, id=str(c)))
        return pytest.mark.parametrize("case", params)(test)
    return mark


@functools.lru_cache(maxsize=None)
def played(case: Case):
    return play(case, SEED)


@each_case("schema")
def test_random_games_play_to_the_end_with_every_order_fitting_its_schema(case):
    p = played(case)
    assert p.ended or p.steps == BUDGET, f"{case}: stopped after {p.steps} orders without an outcome"


@each_case("schema")
def test_a_position_is_the_same_played_again_and_read_back_from_json(case):
    """What the platform does with a stored game: the same orders and dice give the same position, and a position
    read back from its JSON takes the next order as the position itself does."""
    p = played(case)
    steps, noted = p.noted  # the first REPLAYED orders, played again: enough to catch a stray source of chance
    again = replay(case, SEED, p.actions[:steps])
    assert state_hash(again) == noted, f"{case}: the same orders and dice gave another position"
    spec = case.spec
    for state in p.positions[:-1]:
        assert json.loads(json.dumps(state)) == state, f"{case}: a position is not plain JSON"


@each_case("secrecy")
def test_what_a_reader_may_not_know_never_reaches_its_view_or_board(case):
    spec = case.spec
    if spec.perturb is None:
        pytest.skip(f"{spec.meta.title} hides nothing from its player (a solitaire)")

    def board(role):
        def draw(view):
            return render(board_template(spec.meta.id), view=view, role=role, prompt=None,
                          game={"id": "g", "version": 0, "status": "active"})
        return draw
    for state in played(case).positions:
        if spec.outcome(state) is None:
            if spec.hides_nothing is not None and spec.hides_nothing(state):
                checked = check_open(spec, state)
            else:
                checked = check_every_reader(spec, state, SeededRng(SEED), render=board)
            assert {UMPIRE, SPECTATOR} <= set(checked)


@each_case("names")
def test_pages_and_pushes_name_things_never_by_internal_id(case):
    spec = case.spec
    found = {}
    for state in played(case).positions:
        ids = names.internal_ids(state)
        for role in pages.roles_of(spec, case.scenario, case.opts()):
            for what, html in pages.pages(spec, case.scenario, case.opts(), state, role).items():
                for i in names.shown(pages.visible_text(html), ids):
                    found.setdefault(i, f"{role}'s {what}")
    assert not found, f"{case}: ids shown as text: " + "; ".join(f"{i!r} on {w}" for i, w in sorted(found.items())[:20])


def _accepted(spec, state, role, action) -> str | None:
    try:
        if spec.check is not None:
            spec.check(state, role, action)
        else:
            spec.apply(state, role, action, SeededRng(0))
    except IllegalAction as e:
        return str(e)
    return None


def _bases(spec, state, role, prompt):
    """Accepted orders of each verb the prompt offers: the missed order first (the prompt's default), then the
    default with one top-level choice changed where that is accepted (Side B's other setup line), then up to
    OTHER_BASES more drawn at random, each different."""
    out: dict[str, list] = {}
    if spec.default_action is not None:
        d = spec.default_action(state, role)
        out[d["verb"]] = [d]
        spec_of = next((a for a in prompt.get("actions", []) if a["verb"] == d["verb"]), None)
        typed = (kinds.typed_args(spec_of) or {}) if spec_of is not None else {}
        for name, order in typed.items():
            if isinstance(order, (kinds.Choice, kinds.Boolean)) and name in d.get("args", {}):
                for what, a in offered.variants({**spec_of, "args": {name: spec_of["args"][name]}},
                                                json.loads(json.dumps(d))):
                    if _accepted(spec, state, role, a) is None:
                        out[d["verb"]].append(a)
    rng = SeededRng(5)
    for _ in range(20):
        if spec.random_action is None or (len(out) == len(prompt["actions"])
                                          and all(len(v) > OTHER_BASES for v in out.values())):
            break
        a = spec.random_action(state, role, rng)
        kept = out.setdefault(a["verb"], [])
        if a not in kept and len(kept) <= OTHER_BASES:
            kept.append(a)
    return out


def _own(action_spec):
    """The order an action offers whole when every argument is a choice: each choice's first value."""
    typed = kinds.typed_args(action_spec)
    if not typed or not all(isinstance(o, kinds.Choice) and o.values() for o in typed.values()):
        return None
    return {"verb": action_spec["verb"], "args": {name: o.values()[0] for name, o in typed.items()}}


OTHER_BASES = 3  # accepted orders besides the default that a refused value is tried in, before it counts as refused


@each_case("offered")
def test_every_single_value_a_prompt_offers_is_accepted_with_the_rest_of_some_accepted_order(case):
    spec = case.spec
    refused = []
    for state in played(case).positions:
        for role, prompt in spec.prompts(state).items() if spec.outcome(state) is None else ():
            bases = _bases(spec, state, role, prompt)
            for action_spec in prompt.get("actions", []):
                base, *others = bases.get(action_spec["verb"]) or [None]
                if base is None:
                    continue
                own = _own(action_spec)  # an action offering one whole combination (a gun and its target) is one
                if own is not None and _accepted(spec, state, role, own) is None:
                    base, others = own, [base, *others]
                for what, action in offered.variants(action_spec, json.loads(json.dumps(base))):
                    why = _accepted(spec, state, role, action)
                    # a refusal of the value with the default's other parts is a combination's if the value is
                    # accepted with the other parts of another accepted order (the landing that the default's
                    # landings leave no room for is accepted beside other landings)
                    if why is not None and not any(_accepted(spec, state, role, a) is None
                                                   for other in others
                                                   for w, a in offered.variants(action_spec,
                                                                                json.loads(json.dumps(other)))
                                                   if w == what):
                        refused.append(f"{role} {prompt.get('title', '')!r} {action_spec['verb']} {what}: {why}")
    assert not refused, f"{case}: {len(refused)} offered values refused, e.g.: " + " | ".join(refused[:8])
