"""Every mini-game is offered and set up from its own data file, and the secrecy proofs of
tests/games/test_every_game.py (which plays only the first scenario) run on each of them: non-interference and
canaries for every reader (view and board page) at several points of random play, and the computer players' proof of fog."""
import json

import pytest

from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.errors import MalformedAction
from app.engine.rng import ScriptedRng, SeededRng
from app.engine.testing import check_every_reader, random_positions
from app.games.usn import board
from app.web.presenter import board_template
from app.web.templating import render

from .helpers import R


def board_html(role):
    """The role's board page drawn from its view (as tests/games/test_every_game.py draws it)."""
    def draw(view):
        return render(board_template("usn"), view=view, role=role, prompt=None,
                      game={"id": "g", "version": 0, "status": "active"})
    return draw

SCENARIOS = ("coral_sea", "midway", "eastern_solomons", "santa_cruz")


def positions(scenario, seed, stops=(0, 5, 20, 60)):
    return list(random_positions(R, scenario, {}, seed, stops))


@pytest.mark.rule("USN Mini-Games")
def test_the_four_mini_games_are_offered_each_with_its_printed_length():
    assert tuple(s.id for s in R.meta.scenarios)[:4] == SCENARIOS  # then the campaign games (test_campaign_play.py)
    for sc, turns in zip(SCENARIOS, (2, 3, 2, 2)):
        s = R.setup(sc, {}, ScriptedRng())
        assert s["scenario"] == sc and s["turns"] == turns
        assert s["step"]["side"] == "japanese"  # the Japanese Player deploys first
    with pytest.raises(MalformedAction, match="midway"):
        R.setup("guadalcanal", {}, ScriptedRng())


@pytest.mark.rule("How To Use the Situation & Order of Battle")
def test_every_ship_starts_in_a_friendly_naval_base_and_air_fits_the_bases():
    # "naval units in naval bases and air units on air bases"; "Air-base capacities may never be violated"
    for sc in SCENARIOS:
        s = R.setup(sc, {}, ScriptedRng())
        for x in s["ships"].values():
            assert board.friendly_base(s, x["hex"], x["side"], naval=True), (sc, x["id"])


@pytest.mark.parametrize("scenario", SCENARIOS[1:])
def test_what_a_role_may_not_know_never_reaches_its_view(scenario):
    for seed in (1, 2):
        for state in positions(scenario, seed):
            checked = check_every_reader(R, state, SeededRng(seed), render=board_html)
            assert set(R.meta.seats()) | {UMPIRE, SPECTATOR} <= set(checked)


@pytest.mark.parametrize("scenario", SCENARIOS[1:])
def test_a_computer_player_decides_the_same_whatever_it_cannot_see(scenario):
    compared = 0
    for seed in (4, 5):
        for state in positions(scenario, seed, stops=(0, 5, 20, 60)):
            for role, prompt in R.prompts(state).items():
                changed = R.perturb(json.loads(json.dumps(state)), role, SeededRng(seed))
                other = R.prompts(changed).get(role)
                if other is None:
                    continue
                mine = R.bots[role](R.view(state, role), prompt, SeededRng(11))
                theirs = R.bots[role](R.view(changed, role), other, SeededRng(11))
                assert mine == theirs, f"{role}'s computer player decided differently on hidden information"
                compared += 1
    assert compared > 0


@pytest.mark.rule("How To Use the Situation & Order of Battle")
def test_the_points_left_unplaced_go_where_the_standing_order_puts_them():
    """Issue 34 (offered means legal; standing orders on by default): a deployment that writes one carrier's NAC and
    leaves the rest blank is accepted, the rest placed as the missed order places them; an empty one places all; the
    written points that exceed the printed total are refused as a sum."""
    from app.engine.errors import IllegalAction
    from app.engine.rng import ScriptedRng
    s = R.setup("coral_sea", {}, ScriptedRng())
    after = R.apply(s, "japanese", {"verb": "deploy", "args": {"nac": {"J-CV-4": 10}, "lac": {}, "lbac": {}}},
                    ScriptedRng())
    assert (after["ships"]["J-CV-4"]["nac"], after["ships"]["J-CV-3"]["nac"]) == (10, 5)  # the 15 printed NAC
    assert sum(b["air"]["lac"] for b in after["bases"].values() if b["side"] == "japanese") == 15
    blank = R.apply(s, "japanese", R.default_action(s, "japanese"), ScriptedRng())
    assert (blank["ships"]["J-CV-3"]["nac"], blank["ships"]["J-CV-4"]["nac"]) == (10, 5)
    with pytest.raises(IllegalAction, match="Place exactly 15 NAC points \\(you placed 20\\)") as e:
        R.check(s, "japanese", {"verb": "deploy", "args": {"nac": {"J-CV-3": 10, "J-CV-4": 10}, "lac": {}, "lbac": {}}})
    assert e.value.rule == "How To Use the Situation & Order of Battle"
