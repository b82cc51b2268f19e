"""The computer players: legal orders all game long, and decisions drawn from the view alone."""
import copy

import pytest

from app.engine.rng import SeededRng
from app.engine.testing import canonical, playout, random_action
from app.games.solomons import rules
from test_core_harness import states_along_a_game


def bot_chooser(bot_sides):
    def choose(rules_, state, role, rng):
        if role in bot_sides:
            return rules_.bots[role](rules_.view(state, role), rules_.prompts(state)[role], rng)
        return random_action(rules_, state, role, rng)
    return choose


@pytest.mark.parametrize("seed,bot_sides", [(1, ("allied",)), (2, ("japanese",)), (3, ("allied", "japanese"))])
def test_bots_play_whole_games_without_a_refused_order(seed, bot_sides):
    result = playout(rules, "campaign", seed=seed, chooser=bot_chooser(bot_sides))
    assert rules.outcome(result.state) is not None


def test_the_bots_fight_the_campaign_they_were_written_for():
    result = playout(rules, "campaign", seed=4, chooser=bot_chooser(("allied", "japanese")))
    log = " ".join(line["text"] for line in result.state["log"])
    assert "land" in log and "Supply Points on Guadalcanal" in log  # transports got through at least once
    assert result.state["outcome"]["score"]["allied"] + result.state["outcome"]["score"]["japanese"] >= 0


def test_a_bot_decides_from_the_view_only():
    """Change everything the side may not know: the view is the same, and so is the bot's order."""
    for s in states_along_a_game(8):
        for side, bot in rules.bots.items():
            prompt = rules.prompts(s).get(side)
            if prompt is None:
                continue
            hidden = rules.perturb(copy.deepcopy(s), side, SeededRng(5))
            assert canonical(rules.view(hidden, side)) == canonical(rules.view(s, side))
            a = bot(rules.view(s, side), prompt, SeededRng(9))
            b = bot(rules.view(hidden, side), rules.prompts(hidden)[side], SeededRng(9))
            assert a == b


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40))
def test_bots_against_random_players_many_games(seed):
    sides = [("allied",), ("japanese",), ("allied", "japanese")][seed % 3]
    assert rules.outcome(playout(rules, "campaign", seed=1000 + seed, chooser=bot_chooser(sides)).state)


@pytest.mark.rule("10.7")
def test_the_air_at_henderson_field_never_strikes_a_force_in_the_shortlands_hex():
    """10.7: American air on Guadalcanal may not attack Shortlands (L); a force in M it does strike. The easy bot's
    order used to name the L force and the rules refused it (seen once the strong plan based air at the field)."""
    from app.games.solomons import board, bots
    mark = {"segment": 5, "turn": 6, "submarine": False, "units": 4, "capital": 1, "transports": 0}
    view = {"enemy": {"markers": {"in-l": dict(mark, hex=board.SHORTLANDS_HEX), "in-m": dict(mark, hex="M")}},
            "air": {"henderson": {"lac": 12, "nac": 0, "untrained": 0, "spent": 0, "transferred": 0,
                                  "attacked": False}},
            "guadalcanal": {"henderson": {"complete": True, "side": "allied"}, "supply": {"allied": 3}},
            "task_forces": {}}
    targets = {m.get("target") for seed in range(30)
               for m in bots.air(view, "allied", 5, SeededRng(seed))["missions"] if m["mission"] == "attack"}
    assert targets == {"in-m"}


@pytest.mark.rule("6.26")
def test_the_easy_american_moves_its_air_forward_to_henderson_field_once_it_holds_it():
    """Issue 36: an easy American left its air at Espiritu Santo all game, out of reach of Guadalcanal, so nothing
    covered its transports unloading there and random play beat it three times in four. By day, once Henderson
    Field is its own and complete, every free Air Point goes there, within the field's room (17.2)."""
    from app.games.solomons import bots
    view = {"day": True, "turn": 3, "guadalcanal": {"henderson": {"complete": False, "side": "allied"}},
            "air": {"espiritu_santo": {"lac": 20, "nac": 4, "spent": 5, "transferred": 0, "untrained": 0},
                    "henderson": {"lac": 0, "nac": 0, "spent": 0, "transferred": 0, "untrained": 0}}}
    assert bots.to_the_field(view, "allied") == []  # 10.5: not yet an airfield
    view["guadalcanal"]["henderson"]["complete"] = True
    moves = bots.to_the_field(view, "allied")
    # those that flew no mission this Game-Turn (6.26: the 5 spent count against the base's free points)
    assert moves == [{"from": "espiritu_santo", "to": "henderson", "kind": "lac", "points": 15}]
    assert bots.to_the_field(dict(view, day=False), "allied") == []  # transfers are made by day
