"""The generic harness over every registered game: random legal playouts, and at several points of each,
non-interference (view and rendered board byte-identical when only hidden things change) and canaries, for every
seat of every side (and each side of several seats as a whole), the umpire and a spectator. A game with no hidden
information (a solitaire) proves instead that no role's view changes the state and that every view is plain JSON."""
import json

import pytest

from app import games as registry
from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.rng import SeededRng
from app.engine.testing import assert_plain_json, check_every_reader, random_positions, readers, state_hash
from app.play.lobby import seats_offered
from app.web.presenter import board_template
from app.web.templating import render

registry.load()
registry.load(["tests.fixtures.duel", "tests.fixtures.teams"])
GAMES = sorted(registry.all_games())


def board_html(game_id, role):
    def draw(view):
        return render(board_template(game_id), view=view, role=role, prompt=None,
                      game={"id": "g", "version": 0, "status": "active"})
    return draw


def positions(rules, seed, stops=(0, 5, 20, 60), options=None):
    """States reached by random legal play, at a few depths."""
    return list(random_positions(rules, rules.meta.scenarios[0].id, dict(rules.meta.default_options(), **(options or {})),
                                 seed, stops))


@pytest.mark.parametrize("game_id", GAMES)
def test_views_are_fresh_plain_json_and_leave_the_state_alone(game_id):
    rules = registry.get(game_id)
    for state in positions(rules, seed=3):
        before = state_hash(state)
        for role in readers(rules.meta):
            view = rules.view(state, role)
            assert_plain_json(view)
            assert '"seed"' not in json.dumps(view).lower(), f"{role}'s view names a seed"
        assert state_hash(state) == before


@pytest.mark.parametrize("game_id", [g for g in GAMES if registry.get(g).perturb is not None])
def test_what_a_role_may_not_know_never_reaches_its_view_or_page(game_id):
    rules = registry.get(game_id)
    for seed in (1, 2):
        for state in positions(rules, seed):
            checked = check_every_reader(rules, state, SeededRng(seed), render=lambda role: board_html(game_id, role))
            assert set(rules.meta.seats()) | {UMPIRE, SPECTATOR} <= set(checked)


@pytest.mark.parametrize("game_id", [g for g in GAMES if registry.get(g).bots])
def test_bots_are_keyed_by_role_and_answer_their_role_s_prompts_legally(game_id):
    """Bots are keyed by the role they play, and each one's answers to its own role's prompts are accepted. (That
    the Solomons Japanese seat gets the Japanese bot is proved in tests/games/solomons/test_playout_invariants.py.)"""
    rules = registry.get(game_id)
    assert rules.roles_with_bots() <= set(rules.meta.roles)
    answered = set()
    for state in positions(rules, seed=4, stops=(0, 5, 20, 60, 120)):
        for role, prompt in rules.prompts(state).items():
            if rules.bot(role) is not None:
                action = rules.bot(role)(rules.view(state, role), prompt, SeededRng(7))
                rules.apply(state, role, action, SeededRng(8))
                answered.add(role)
    # A seat its first scenario and default options do not offer (Guadalcanal's rule 17 commanders) is not asked
    # here; the game's own tests play those seats' bots (tests/games/guadalcanal/test_rule17_play.py).
    offered = set(seats_offered(rules, rules.meta.scenarios[0].id, rules.meta.default_options()))
    assert answered == rules.roles_with_bots() & offered


@pytest.mark.parametrize("game_id", [g for g in GAMES if registry.get(g).bots
                                     and registry.get(g).perturb is not None])
def test_a_computer_player_decides_the_same_whatever_it_cannot_see(game_id):
    """Proof of fog (issue 19 item 4): with the same stream, each bot's order is identical when only what its seat
    may not know changes (the game's own perturbation, as the non-interference harness uses)."""
    rules = registry.get(game_id)
    compared = 0
    for seed in (4, 5):
        for state in positions(rules, seed=seed, stops=(0, 5, 20, 60, 120)):
            for role, prompt in rules.prompts(state).items():
                if role not in rules.roles_with_bots():
                    continue
                changed = rules.perturb(json.loads(json.dumps(state)), role, SeededRng(seed))
                other = rules.prompts(changed).get(role)
                if other is None:
                    continue  # the perturbation changed whose move it is: nothing to compare
                for bots in rules.bots.values():  # every level's
                    mine = bots[role](rules.view(state, role), prompt, SeededRng(11))
                    theirs = bots[role](rules.view(changed, role), other, SeededRng(11))
                    assert mine == theirs, f"{role}'s computer player decided differently on hidden information"
                    compared += 1
    assert compared > 0


# lobby options that add hidden information of their own (off by default, so the tests above never meet it)
SECRET_OPTIONS = {"usn": {"submarines": True}}  # U.S.N. Submarines: the Japanese sub record


@pytest.mark.parametrize("game_id", sorted(g for g in SECRET_OPTIONS if g in GAMES))
def test_secrets_an_option_adds_never_reach_a_view_a_page_or_a_computer_player(game_id):
    rules = registry.get(game_id)
    compared = 0
    for seed in (1, 2):
        for state in positions(rules, seed, stops=(0, 3, 5, 12, 20, 60), options=SECRET_OPTIONS[game_id]):
            checked = check_every_reader(rules, state, SeededRng(seed), render=lambda role: board_html(game_id, role))
            assert set(rules.meta.seats()) | {UMPIRE, SPECTATOR} <= set(checked)
            for role, prompt in rules.prompts(state).items():
                changed = rules.perturb(json.loads(json.dumps(state)), role, SeededRng(seed))
                other = rules.prompts(changed).get(role)
                if rules.bot(role) is not None and other is not None:
                    assert rules.bot(role)(rules.view(state, role), prompt, SeededRng(11)) == rules.bot(role)(
                        rules.view(changed, role), other, SeededRng(11))
                    compared += 1
    assert compared > 0
