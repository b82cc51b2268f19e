"""Pushes drawn section by section (app/web/sections.py, issue 37): a push is byte for byte the whole live part of the
page drawn from the role's whole model, whether its sections are drawn afresh or reused, for every role of positions
of every game; a section whose inputs are unchanged is reused, one whose inputs changed is drawn again."""
from __future__ import annotations

import copy

import pytest

from app import games as registry
from app.engine.rng import SeededRng
from app.engine.testing import random_positions
from app.web import sections
from app.web.presenter import action_key, page_model, render_fragments
from app.web.templating import render
from tests.conformance import render as pages
from tests.conformance.harness import cases
from tests.fixtures import duel


def _first_case_of_each_game():
    seen, out = set(), []
    for case in cases():
        if case.game not in seen:
            seen.add(case.game)
            out.append(case)
    return out


def _models(case):
    """The page model of every reader of a few positions of a random game of `case`."""
    spec, options = case.spec, case.opts()
    for state in random_positions(spec, case.scenario, options, 1, (0, 12, 60)):
        game = pages.game_row(spec, case.scenario, options, state)
        roles = pages.roles_of(spec, case.scenario, options)
        facts = pages.facts(spec, state, roles)
        yield [page_model(None, game, role, facts) for role in roles]


def _whole(model):
    return render("game/_live.html", m=model, action_key=action_key, oob=True)


@pytest.mark.parametrize("case", _first_case_of_each_game(), ids=str)
def test_a_push_is_the_whole_live_part_drawn_afresh_or_from_sections_kept(case):
    sections.drawn.clear()
    for models in _models(case):
        for model in models + models:  # the second time round, sections are reused (the roles' alike ones before)
            assert render_fragments(model) == _whole(model), (case, model["role"])
    assert sections.drawn.hits > 0


def _duel_model():
    """Red's page model at the start of a Gunnery Duel (the test-only game)."""
    spec = registry.register(duel.spec, registry.web_plugin("duel") or duel.WEB_PLUGIN)
    scenario, options = spec.meta.scenarios[0].id, spec.meta.default_options()
    state = spec.setup(scenario, options, SeededRng(0))
    return page_model(None, pages.game_row(spec, scenario, options, state), "red", pages.facts(spec, state, ("red",)))


def test_unchanged_sections_are_reused_and_changed_ones_drawn_again():
    sections.drawn.clear()
    model = _duel_model()
    first = render_fragments(model)
    misses = sections.drawn.misses
    moved = copy.deepcopy(model)
    moved["view"]["round"] = 99  # the board only
    moved["game"]["version"] += 1  # and the status line
    second = render_fragments(moved)
    assert second == _whole(moved) != first
    # seats, rematch, log and table reused; the status and the board drawn again (the prompt is never kept)
    assert sections.drawn.misses - misses == 2
    talked = copy.deepcopy(moved)
    talked["chat"] = [{"channel_label": "All players", "from": "someone", "role": "Blue", "at": "12:00",
                       "text": "a new line"}]
    assert "a new line" in render_fragments(talked) == _whole(talked)


def test_a_board_drawn_for_one_role_is_not_served_to_another_whose_view_differs():
    sections.drawn.clear()
    model = _duel_model()
    other = copy.deepcopy(model)
    other["view"]["secret"] = "only-this-role-CANARY"
    assert "only-this-role-CANARY" in render_fragments(other)
    assert "only-this-role-CANARY" not in render_fragments(model)
