"""The computer players in the campaign games (app/games/usn/campaign_bots.py, issue 36): they march land units on
the objectives and take them, cross into Thailand so that Bangkok receives Burma 76's ten LAC, send damaged ships
home and keep them there until repaired, and break a division down on an objective. Every order is checked legal by
the rules (`R.check`) or applied (a refused order raises)."""
import copy

import pytest

from app.engine.rng import SeededRng
from app.games.usn import campaign_bots, campaign_victory, march

from .helpers import R, texts


def _to(scenario, seed, until_turn, computer=("japanese", "allied")):
    """A seeded campaign game between the computer players, played until Game-Turn `until_turn` begins."""
    dice, players = SeededRng(1000 + seed), SeededRng(2000 + seed)
    s = R.setup(scenario, {}, dice)
    while R.outcome(s) is None and s["turn"] < until_turn:
        prompts = R.prompts(s)
        role = players.choice(sorted(prompts))
        order = R.bots[role](R.view(s, role), prompts[role], players)
        s = R.apply(s, role, order, dice)
    return s


def _at(state, side, kind):
    """Play the computer players on from `state` until `side` is asked for a decision of `kind`."""
    dice, players = SeededRng(5), SeededRng(6)
    s = copy.deepcopy(state)
    while True:
        prompts = R.prompts(s)
        if side in prompts and prompts[side]["info"].get("kind") == kind:
            return s
        role = players.choice(sorted(prompts))
        s = R.apply(s, role, R.bots[role](R.view(s, role), prompts[role], players), dice)


def test_the_japanese_computer_crosses_into_thailand_and_takes_objectives_on_the_board():
    s = _to("campaign_1", 0, 12)
    log = texts(s)
    assert "A Japanese land unit has crossed into Thailand" in log  # Thailand 111: Bangkok is Japan's to use
    assert s["bases"]["0112"]["side"] == "japanese"
    campaign_victory.update_control(s)
    start = campaign_victory.start_control("campaign_1")
    taken = [o for o, side in s["control"].items() if start[o] == "allied" and side != "allied"]
    assert len(taken) >= 2  # Mandalay by the Burma march, and at least one area more by land or sea


def test_the_computer_sends_a_damaged_ship_home_and_it_comes_back_repaired():
    s = _at(_to("campaign_1", 0, 3), "allied", "naval")  # past the Shock Effect, when the Allies may not move
    ship = s["ships"]["A-DD-1"]
    ship["hex"], ship["damage"], ship["at_sea"] = "1252", 1, 0  # damaged at sea a week, four hexes from Pearl Harbor
    order = R.bots["allied"](R.view(s, "allied"), R.prompts(s)["allied"], SeededRng(2))
    assert order["args"]["moves"][ship["id"]] == {"to": "1456"}
    R.check(s, "allied", order)
    s = R.apply(s, "allied", order, SeededRng(3))
    assert s["ships"][ship["id"]]["hex"] == "1456"
    turn = s["turn"]
    while s["ships"][ship["id"]]["damage"] and s["turn"] <= turn + 3:
        s = _at(s, "allied", "naval")
        order = R.bots["allied"](R.view(s, "allied"), R.prompts(s)["allied"], SeededRng(2))
        assert ship["id"] not in order["args"]["moves"] or not s["ships"][ship["id"]]["damage"]  # it stays
        s = R.apply(s, "allied", order, SeededRng(3))
    assert f"Allied {ship['id']} is repaired." in texts(s)


def test_land_units_besides_the_burma_march_step_toward_the_objectives():
    s = _at(_to("campaign_1", 0, 3), "japanese", "land_move")
    view, prompt = R.view(s, "japanese"), R.prompts(s)["japanese"]
    order = R.bots["japanese"](view, prompt, SeededRng(1))
    R.check(s, "japanese", order)
    moves = order["args"]["moves"]
    marching = {u["id"] for u in view["land"] if u["hex"] in march.ROUTE[:-1] and u["name"] == march.DIVISION}
    assert set(moves) - marching, "the computer moves land units on the campaign map, not only the Burma march"
    for uid, to in moves.items():
        assert to in prompt["info"]["may_move"].get(uid.split(".")[0], [])


def test_the_campaign_computer_decides_the_same_whatever_its_view_hides():
    """The proof of fog for the campaign players: each prompted side's order is the same when the state's hidden
    parts are changed (the secrecy harness's perturb), at a land movement and a naval movement of Game-Turn 3."""
    import json

    start = _to("campaign_1", 0, 3)
    for side, kind in (("japanese", "land_move"), ("allied", "land_move"), ("japanese", "naval"),
                       ("allied", "naval")):
        s = _at(start, side, kind)
        changed = R.perturb(json.loads(json.dumps(s)), side, SeededRng(4))
        assert changed["ships"] != s["ships"]  # the harness did change what the side cannot see
        assert R.bots[side](R.view(s, side), R.prompts(s)[side], SeededRng(11)) == R.bots[side](
            R.view(changed, side), R.prompts(changed)[side], SeededRng(11))


def test_the_japanese_computer_keeps_what_it_holds_and_goes_for_the_enemy_in_its_areas():
    """Campaign Game 2 starts with the Japanese holding the southern areas: the last to occupy holds an area, so
    the computer no longer scatters its army over their empty hexes (nor into neutral Thailand, whose rule is Games
    1 and 3's); it goes for Allied units standing in an asterisked area (disputed: the Japanese cannot win), with
    more than CROWD units while the attack sent is short of the odds worth attacking at (campaign_bots.odds: 4-1
    against an unentrenched regiment in the open)."""
    s = R.setup("campaign_2", {}, SeededRng(1))
    view = R.view(s, "japanese")
    goals = campaign_bots.targets(view, "japanese")
    assert "0048" not in goals and "0153" not in goals  # Sumatra's and Java's empty hexes, Japanese since the start
    assert campaign_bots.THAILAND not in goals
    s["land"]["A-L15"].update(hex="0488", entrenched=False)  # an Allied regiment walks into Vogelkop (the other
    wanted = campaign_bots.wanted(R.view(s, "japanese"), "japanese")  # hex is Japanese)
    assert wanted["0488"] == 4 * 15 and "0488" in campaign_bots.targets(R.view(s, "japanese"), "japanese")


@pytest.mark.rule("Movement (I)")
def test_an_entrenched_campaign_unit_with_somewhere_to_march_disentrenches_and_stays_this_phase():
    s = _at(_to("campaign_1", 0, 3), "japanese", "land_move")
    view, prompt = R.view(s, "japanese"), R.prompts(s)["japanese"]
    order = R.bots["japanese"](view, prompt, SeededRng(1))
    mover = next(uid for uid in order["args"]["moves"] if "." not in uid and uid not in {
        u["id"] for u in view["land"] if u["name"] == march.DIVISION and u["hex"] in march.ROUTE})
    s["land"][mover]["entrenched"] = True  # the same unit, entrenched: it may not move this phase
    order = R.bots["japanese"](R.view(s, "japanese"), R.prompts(s)["japanese"], SeededRng(1))
    assert mover not in order["args"]["moves"] and mover in order["args"]["disentrench"]
    R.check(s, "japanese", order)
