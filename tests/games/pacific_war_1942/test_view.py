"""What the page receives: everything is public in this solitaire, but the view is still a fresh allow-list."""
import json

import pytest

from app.engine.contract import Rules
from app.engine.errors import IllegalAction, MalformedAction
from app.engine.rng import SeededRng
from app.engine.testing import assert_plain_json, canonical, playout
from app.games.pacific_war_1942 import rules, spec
from tests.games.pacific_war_1942.helpers import actions_phase, bot_acts, play


def test_rules_satisfy_the_contract():
    assert isinstance(rules, Rules)
    assert rules.meta.id == "pacific_war_1942" and rules.meta.solitaire and rules.meta.roles == ("allied",)


@pytest.mark.parametrize("role", ["allied", "spectator", "umpire"])
def test_the_view_exposes_no_dice_seed_and_no_undo_stack(role):
    s = play(actions_phase(ap=3), {"verb": "add_reserve", "args": {"front": "india"}})
    text = canonical(rules.view(s, role))
    for hidden in ("seed", "\"undo\"", "commitment"):
        assert hidden not in text
    # a game finished with seeded dice: nothing in any view names the seed
    done = playout(rules, "campaign", seed=11).state
    assert "seed" not in canonical(rules.view(done, role))


@pytest.mark.parametrize("role", ["allied", "spectator"])
def test_the_view_is_a_fresh_dict(role):
    s = actions_phase()
    before = canonical(s)
    v = rules.view(s, role)
    v["fronts"][0]["allied_location"] = "Tokyo"
    v["seas"][0]["control"] = "allied"
    v["log"].append({"to": "public", "text": "x"})
    v["score"]["lines"].append({"vp": 99})
    assert canonical(s) == before
    assert rules.view(s, role)["fronts"][0]["allied_location"] == "Burma"
    assert json.loads(json.dumps(rules.view(s, role))) == rules.view(s, role)


def test_apply_leaves_its_input_untouched_even_when_it_refuses():
    s = actions_phase(ap=1)
    before = canonical(s)
    play(s, {"verb": "attack_front", "args": {"front": "india"}}, dice=[6, 1, 1])  # then the BOT and turn 2's AP
    assert canonical(s) == before
    with pytest.raises(MalformedAction, match="Sea area: choose one of"):
        rules.apply(s, "allied", {"verb": "attack_sea", "args": {"sea": "pacific"}}, SeededRng(1))
    with pytest.raises(IllegalAction, match="It is not your decision now") as refused:
        rules.apply(s, "japanese", {"verb": "end_actions"}, SeededRng(1))
    assert refused.value.rule == "Using Action Charts"
    for bad, said in (({"verb": "attack_front", "args": ["india"]}, "arguments must be named"),
                      ({"verb": "attack_front", "args": {"front": ["india"]}}, "Front: choose one of India front"),
                      ({"verb": "fly"}, "There is no order 'fly'"), ({"args": {}}, "An order needs a verb")):
        with pytest.raises(MalformedAction, match=said):
            rules.apply(s, "allied", bad, SeededRng(1))
    assert canonical(s) == before
    assert_plain_json(s)


def test_every_die_roll_of_the_bot_is_in_the_public_log():
    s = actions_phase(ap=1)
    s = bot_acts(s, [4, 2])
    lines = [x["text"] for x in rules.view(s, "spectator")["log"]]
    assert any(t.startswith("Japanese BOT action: die 4, South Seas offensive") for t in lines)
    assert any(t.startswith("Japanese attack on Port Moresby (Southwest Pacific front): die 2") for t in lines)


@pytest.mark.rule("Sequence of Play Each Turn")
def test_the_log_heads_each_section_of_the_turn_so_the_bots_turn_plays_back_apart():
    """One order (the last AP spent) carries out the BOT's action, the end of the turn and the next AP roll: the log
    marks each line with its section, so the page heads each and plays them back in order (app/web/log_view.py)."""
    from app.web.log_view import log_groups

    s = actions_phase(ap=1)
    s = play(s, {"verb": "add_reserve", "args": {"front": "india"}}, dice=[4, 2, 3])
    turns = log_groups(rules.view(s, "allied")["log"], "allied", None, spec.turn_heading)
    assert turns[0]["turn"] == "Turn 2" and turns[1]["turn"] == "Turn 1"
    assert [run["at"] for run in reversed(turns[0]["runs"])] == [None, "Action Points (Sequence of Play Each Turn)"]
    assert [run["at"] for run in reversed(turns[1]["runs"])] == [
        "Action Points (Sequence of Play Each Turn)", "Allied actions (Using Action Charts)",
        "Japanese BOT action (Using Action Charts)"]
    bot = next(run for run in turns[1]["runs"] if run["at"] == "Japanese BOT action (Using Action Charts)")
    assert bot["lines"][0]["text"].startswith("Japanese BOT action: die 4, South Seas offensive")
