"""The sequence of play (§3, §4, Table 5 and its cut tail), victory (§1, §12), the states table, the published
schemas and seeded random games to the end."""
import json

import jsonschema_rs
import pytest

from app.engine.errors import IllegalAction, MalformedAction
from app.engine.orders import prompt_schema
from app.engine.rng import SeededRng
from app.engine.testing import playout, random_action
from app.games.first_blood import phases, rules, sequence
from app.games.first_blood.rules import STATES

from .helpers import act, position


def test_every_decision_kind_of_the_sequence_has_every_part():
    assert STATES.missing(sequence.DECISION_KINDS) == []
    assert {d.id for d in STATES} == set(sequence.DECISION_KINDS)


@pytest.mark.rule("§3")
def test_the_us_sets_up_inside_the_border_then_the_ij_in_boxes_a_or_d_then_sep_i_begins():
    s = rules.setup("campaign", {}, SeededRng(1))
    assert list(rules.prompts(s)) == ["us"]
    with pytest.raises(IllegalAction):
        act(s, "us", "place", unit="us-1-1", at="hex:0217")  # column 17 is outside the setup border
    with pytest.raises(IllegalAction):
        act(s, "us", "place", unit="vmsb-231", at="cap")  # bombers do not fly CAP
    with pytest.raises(MalformedAction):
        act(s, "us", "place", unit="us-1-1", at="hex:9999")
    players = SeededRng(2)
    while s["step"]["side"] == "us":
        s = rules.apply(s, "us", random_action(rules, s, "us", players), SeededRng(3))
    assert s["step"]["kind"] == "setup" and all(u["loc"] in ("box:A", "box:D", "pending", "eliminated")
                                                for u in s["units"].values() if u["side"] == "ij")
    while s["step"]["kind"] == "setup":
        s = rules.apply(s, "ij", random_action(rules, s, "ij", players), SeededRng(3))
    assert s["turn"] == 1 and s["step"]["kind"] == "reinforcements" and s["step"]["side"] == "ij"
    assert rules.phase(s) == "turn-1-reinforcements-ij"


@pytest.mark.rule("§12")
def test_an_ij_unit_on_henderson_at_the_end_of_the_turn_wins():
    s = position("air", "us", units={"ij-124-1": "0709"})
    assert phases.victory(s)["winner"] == "ij"
    s = position("air", "us", units={"ij-124-1": "0705"})
    assert phases.victory(s) is None  # the fighter strip counts only once it has been built
    s["strips"]["0705"]["built"] = True
    assert phases.victory(s)["winner"] == "ij"


@pytest.mark.rule("§12")
def test_at_the_end_of_jan_iii_any_ij_unit_on_the_map_wins_for_the_ij_otherwise_the_us():
    s = position("air", "us", turn=15, units={"ij-124-1": "0303", "us-1-1": "0606"})
    assert phases.victory(s)["winner"] == "ij"
    s = position("air", "us", turn=15, units={"ij-124-1": "box:B", "us-1-1": "0606"})
    assert phases.victory(s)["winner"] == "us"


@pytest.mark.rule("§12")
def test_fb_x19_all_ij_ground_units_gone_from_oct_iii_ends_the_game_for_the_us():
    s = position("combat", "us", turn=6, units={"us-1-1": "0606"})
    s = act(s, "us", "end_combat")
    assert s["outcome"]["winner"] == "us" and rules.prompts(s) == {}
    s = position("combat", "us", turn=5, units={"us-1-1": "0606"})
    assert act(s, "us", "end_combat")["outcome"] is None  # Oct II: reinforcements are still to come


@pytest.mark.rule("§5")
def test_units_left_on_an_entry_point_after_the_combat_phase_are_eliminated():
    s = position("combat", "us", units={"us-7-1": "entry:us-east-1", "us-1-1": "0606"})
    s = act(s, "us", "end_combat")
    assert s["units"]["us-7-1"]["loc"] == "eliminated"


def test_an_order_out_of_turn_is_refused_and_changes_nothing():
    s = position("movement", "ij", units={"ij-124-1": "0303"})
    with pytest.raises(IllegalAction, match="not your decision"):
        act(s, "us", "end_movement")
    with pytest.raises(IllegalAction, match="not asked for now"):
        act(s, "ij", "end_combat")


def test_every_random_legal_order_and_missed_order_fits_the_published_schema():
    seen = set()
    for seed in range(2):
        players, dice = SeededRng(seed * 2 + 1), SeededRng(seed * 2)
        s = rules.setup("campaign", {}, dice)
        while rules.outcome(s) is None:
            role = players.choice(sorted(rules.prompts(s)))
            prompt = rules.prompts(s)[role]
            v = jsonschema_rs.validator_for(prompt_schema(json.loads(json.dumps(prompt))))
            action = random_action(rules, s, role, players)
            assert v.is_valid(action), (prompt["title"], action)
            assert v.is_valid(rules.default_action(s, role)), prompt["title"]
            rules.check(s, role, rules.default_action(s, role))
            seen.add(sequence.kind(s))
            s = rules.apply(s, role, action, dice)
    assert seen == set(sequence.DECISION_KINDS)


def test_seeded_random_games_play_to_the_end():
    for seed in range(2, 4):
        p = playout(rules, "campaign", seed=seed)
        assert p.state["outcome"]["winner"] in ("ij", "us")
        assert p.state["turn"] <= 15


@pytest.mark.rule("§5.2")
def test_ij_reinforcements_cannot_use_an_entry_point_whose_hexes_the_us_all_holds():
    s = position("reinforcements", "ij", turn=3, units={"us-1-1": "0500", "us-1-2": "0600", "us-1-3": "0700"})
    s["units"]["ij-4-1"]["loc"] = "pending"
    with pytest.raises(IllegalAction):
        act(s, "ij", "place", unit="ij-4-1", at="entry:ij-east")
    s = act(s, "ij", "place", unit="ij-4-1", at="entry:ij-northwest")
    assert s["units"]["ij-4-1"]["loc"] == "entry:ij-northwest"


@pytest.mark.rule("§1")
def test_an_ij_unit_on_henderson_wins_only_once_the_us_part_of_the_turn_is_over():
    s = position("movement", "ij", turn=3, units={"ij-124-1": "0608", "us-1-1": "0303"})
    s = act(s, "ij", "move", unit="ij-124-1", to="hex:0708")
    s = act(s, "ij", "end_movement")
    s = act(s, "ij", "end_combat", dice=[1])  # supply roll 1: no loss
    assert s["outcome"] is None and list(rules.prompts(s)) == ["us"]  # the US still has its part of the turn
    s = act(s, "us", "end_movement")
    s = act(s, "us", "end_combat")
    assert s["outcome"]["winner"] == "ij" and rules.prompts(s) == {}
    assert s["outcome"]["reason"] == "IJ ground units hold the air field hex 0708 at the end of Sep III (§1, §12)."


@pytest.mark.rule("§1")
def test_the_unbuilt_fighter_strip_is_no_air_field_and_at_jan_iii_any_ij_ground_unit_on_the_map_wins():
    s = position("combat", "us", turn=3, units={"ij-124-1": "0605", "us-1-1": "0303"})
    s = act(s, "us", "end_combat")
    assert s["outcome"] is None and s["turn"] == 4  # 0605 has not been constructed: the game goes on
    s = position("combat", "us", turn=15, units={"ij-124-1": "0220", "us-1-1": "0303"})
    s = act(s, "us", "end_combat")
    assert s["outcome"]["winner"] == "ij" and "At the end of Jan III 1 IJ ground unit(s) remain" in s["outcome"][
        "reason"]
    s = position("combat", "us", turn=15, units={"ij-124-1": "box:B", "us-1-1": "0303"})
    s = act(s, "us", "end_combat")
    assert s["outcome"]["winner"] == "us"  # an off-map box is not a hex of the map
