"""Campaign Games 1-3 played through `apply` like the mini-games (app/games/usn/campaign_play.py): offered as
scenarios, set up by campaign.py, Step 1 by reinforce.step_one, the end by campaign_victory.finish; computer players
and random players answer every prompt legally; the secrecy proofs run on campaign positions."""
import json

import pytest

from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.errors import IllegalAction, MalformedAction
from app.engine.rng import ScriptedRng, SeededRng
from app.engine.testing import assert_plain_json, check_every_reader, random_action
from app.games.usn import board, campaign_play, campaign_victory, reinforce, sequence, shock

from .helpers import R
from .test_situations import board_html

CAMPAIGNS = ("campaign_1", "campaign_2", "campaign_3")


def play(scenario, seed, bots=False, stops=()):
    """A seeded game to its end (or the positions at `stops`): each prompted role answers by its bot or randomly."""
    players, dice = SeededRng(seed * 2 + 1), SeededRng(seed * 2)
    state = R.setup(scenario, {}, dice)
    seen, n = [], 0
    while R.outcome(state) is None:
        if n in stops:
            seen.append(state)
        if stops and n > max(stops):
            return seen
        prompts = R.prompts(state)
        assert prompts, f"nobody is asked at {state['step']} of Game-Turn {state['turn']}"
        role = players.choice(sorted(prompts))
        action = (R.bots[role](R.view(state, role), prompts[role], players) if bots
                  else random_action(R, state, role, players))
        state = R.apply(state, role, action, dice)
        n += 1
    return seen if stops else state


@pytest.mark.rule("Situations & Orders of Battle")
def test_the_three_campaign_games_are_offered_and_begin_with_step_1_then_japan_moves():
    assert tuple(s.id for s in R.meta.scenarios)[-3:] == CAMPAIGNS
    for sc, first, last in (("campaign_1", 1, 20), ("campaign_2", 21, 40), ("campaign_3", 1, 81)):
        s = R.setup(sc, {}, ScriptedRng())
        assert (s["turn"], s["turns"]) == (first, last)
        while shock.pregame(s):  # Games 1 and 3: the Shock Effect's Pre-Game-Turn first (shock.py)
            s = R.apply(s, "japanese", R.default_action(s, "japanese"), ScriptedRng())
        # Step 1 has run (its log line names the week) and the Japanese Player moves first: Step 2
        assert any("Step 1, reinforcements" in e["text"] for e in s["log"])
        assert sequence.row(s)[:3] == ("2", "naval", "japanese") and R.acting(s) == ["japanese"]
        assert_plain_json(s)


@pytest.mark.rule("Detailed Sequence of Play, Step 1")
def test_step_1_of_a_later_game_turn_brings_the_chart_s_reinforcements():
    s = R.setup("campaign_3", {}, ScriptedRng())
    due = [i for i in reinforce.items(2) if i["kind"] == "ship"]
    assert due and not any(i["id"] in s["ships"] for i in due)
    # every decision of Game-Turn 1 answered by its default (no movement, no attack, CAP over its own hex)
    while s["turn"] == 1:
        role = R.acting(s)[0]
        s = R.apply(s, role, R.default_action(s, role), ScriptedRng())
    assert all(i["id"] in s["ships"] for i in due)
    assert any("Reinforcement" in e["text"] and "Game-Turn" not in e["text"] for e in s["log"])


@pytest.mark.rule("Detailed Sequence of Play, Step 2")
def test_a_campaign_order_names_the_campaign_s_ships_and_a_stranger_is_refused():
    s = R.setup("campaign_3", {}, ScriptedRng())
    ship = next(x for x in s["ships"].values() if x["side"] == "japanese" and x["id"] not in board.SHIPS)
    moved = R.apply(s, "japanese", {"verb": "move", "args": {"moves": {ship["id"]: {"to": ship["hex"]}}}},
                    ScriptedRng())
    assert moved["ships"][ship["id"]]["hex"] == ship["hex"] and R.phase(moved) != R.phase(s)
    with pytest.raises(MalformedAction):
        R.apply(s, "japanese", {"verb": "move", "args": {"moves": {"J-XX-99": {"to": "0676"}}}}, ScriptedRng())
    # a well-shaped order for the other side's ship
    with pytest.raises(IllegalAction, match=r"not one of your naval units afloat\. \(rule Naval Unit Movement\)"):
        other = next(x for x in s["ships"] if x.startswith("A-"))
        R.apply(s, "japanese", {"verb": "move", "args": {"moves": {other: {"to": s["ships"][other]["hex"]}}}},
                ScriptedRng())


@pytest.mark.rule("How the Game is Won")
def test_the_last_game_turn_ends_with_the_campaign_victory_points():
    s = R.setup("campaign_1", {}, ScriptedRng())
    s["turn"] = s["turns"]  # Game 1's last Game-Turn, 20
    while R.outcome(s) is None:
        role = R.acting(s)[0]
        s = R.apply(s, role, R.default_action(s, role), ScriptedRng())
    out = R.outcome(s)
    assert s["turn"] == 20 and out["level"] in ("decisive", "strategic", "provisional", "marginal", "draw")
    # the objectives are added (the Allies hold Pearl Harbor, the Japanese their home bases); Burma 76 was not due
    assert any("holds Pearl Harbor" in e["text"] for e in s["log"])
    expected = dict(s["vp"])
    for side, pts, _ in campaign_victory.geographic(s):
        expected[side] += pts
    assert out["score"] == expected


@pytest.mark.slow
def test_a_seeded_random_campaign_game_3_ends_cleanly():
    s = play("campaign_3", 3)
    assert s["turn"] == 81 and R.outcome(s)["reason"]
    assert len(json.dumps(s)) < 5_000_000


def test_computer_players_play_campaign_game_1_to_its_end():
    s = play("campaign_1", 1, bots=True)
    assert s["turn"] == 20 and R.outcome(s)["score"]


def test_the_computer_players_aim_at_objectives_of_the_campaign_data():
    goals = campaign_play.bot_goals("campaign_3")
    hexes = {h for o in campaign_victory.objectives() for h in o["hexes"]}
    assert goals["japanese_objective"] in hexes and goals["allied_objective"] in hexes
    assert goals["provenance"].startswith("reconstructed:")


@pytest.mark.parametrize("scenario", ("campaign_3",))
def test_what_a_role_may_not_know_never_reaches_its_view_in_a_campaign(scenario):
    for state in play(scenario, 1, stops=(0, 5, 40)):
        checked = check_every_reader(R, state, SeededRng(1), render=board_html)
        assert set(R.meta.seats()) | {UMPIRE, SPECTATOR} <= set(checked)


def test_a_campaign_computer_player_decides_the_same_whatever_it_cannot_see():
    compared = 0
    for state in play("campaign_3", 4, stops=(0, 5, 40)):
        for role, prompt in R.prompts(state).items():
            changed = R.perturb(json.loads(json.dumps(state)), role, SeededRng(4))
            other = R.prompts(changed).get(role)
            if other is None:
                continue
            mine = R.bots[role](R.view(state, role), prompt, SeededRng(11))
            theirs = R.bots[role](R.view(changed, role), other, SeededRng(11))
            assert mine == theirs, f"{role}'s computer player decided differently on hidden information"
            compared += 1
    assert compared > 0


def _through_game_turn(s, turn):
    while s["turn"] <= turn and R.outcome(s) is None:
        role = R.acting(s)[0]
        s = R.apply(s, role, R.default_action(s, role), ScriptedRng())
    return s


@pytest.mark.rule("Burma Campaign")
def test_the_burma_campaign_option_cancels_burma_76_for_the_japanese():
    assert {"burma", "allied_variable_deployment"} <= set(R.meta.default_options())
    for burma in (False, True):
        s = R.setup("campaign_3", {"burma": burma}, ScriptedRng())
        s["turn"] = 6  # Burma 76 is looked at in the Step 1 after Game-Turn 6; no Japanese division has gone there
        s = _through_game_turn(s, 6)
        assert s["turn"] == 7 and bool(s.get("lost_by")) is not burma
        assert any("Burma 76" in e["text"] for e in s["log"]) is not burma


@pytest.mark.rule("Allied Variable Deployment")
def test_allied_variable_deployment_is_an_option_of_the_campaign_set_up():
    s = R.setup("campaign_3", {"allied_variable_deployment": True}, ScriptedRng([3]))  # 3-4: CV-6 and CA-2
    assert s["ships"]["A-CV-6"]["hex"] == "1456" and s["ships"]["A-CA-2"]["hex"] == "1456"
    assert "A-CV-6" not in R.setup("campaign_3", {}, ScriptedRng())["ships"]
