"""The sequence of play (§3, §4, Table 5 and its cut tail), victory (§1, §12), the states table, the published
schemas and seeded random games to the end."""
import pytest

from app.engine.errors import IllegalAction, MalformedAction
from app.engine.rng import SeededRng
from app.engine.testing import random_action
from app.games.first_blood import phases, rules, sequence
from app.games.first_blood.rules import STATES

from .helpers import act, position


def test_every_decision_kind_of_the_sequence_has_every_part():
    assert STATES.missing(sequence.DECISION_KINDS) == []
    assert {d.id for d in STATES} == set(sequence.DECISION_KINDS)


@pytest.mark.rule("§3")
def test_the_us_sets_up_inside_the_border_then_the_ij_in_boxes_a_or_d_each_in_one_order_then_sep_i_begins():
    s = rules.setup("campaign", {}, SeededRng(1))
    assert list(rules.prompts(s)) == ["us"]
    plan = rules.default_action(s, "us")["args"]["at"]
    assert len(plan) == 23  # every US piece of the set-up: 17 ground units and 6 USAF units
    with pytest.raises(IllegalAction, match="1/1 Marines cannot be placed in hex 0217 now") as e:
        act(s, "us", "place", at={**plan, "us-1-1": "hex:0217"})  # column 17 is outside the setup border
    assert e.value.rule == "§3"
    with pytest.raises(IllegalAction, match="VMSB-231 cannot be placed in USAF CAP now"):
        act(s, "us", "place", at={**plan, "vmsb-231": "cap"})  # bombers do not fly CAP
    with pytest.raises(IllegalAction, match="Say where 1/1 Marines goes"):
        act(s, "us", "place", at={k: v for k, v in plan.items() if k != "us-1-1"})
    with pytest.raises(MalformedAction, match="Place: choose one of hex 0200"):  # no hex 9999 on the map
        act(s, "us", "place", at={**plan, "us-1-1": "hex:9999"})
    s = act(s, "us", "place", at=plan)
    assert list(rules.prompts(s)) == ["ij"] and s["step"]["kind"] == "setup"
    assert all(u["loc"].startswith("hex:") for u in s["units"].values() if u["side"] == "us" and u["arrive"] == 0)
    s = rules.apply(s, "ij", random_action(rules, s, "ij", SeededRng(2)), SeededRng(3))
    assert all(u["loc"] in ("box:A", "box:D") for u in s["units"].values() if u["side"] == "ij" and u["arrive"] == 0)
    assert s["turn"] == 1 and s["step"]["kind"] == "reinforcements" and s["step"]["side"] == "ij"
    assert rules.phase(s) == "turn-1-reinforcements-ij"


@pytest.mark.rule("§6.4")
def test_a_set_up_that_puts_four_units_in_a_hex_is_refused_naming_them():
    s = rules.setup("campaign", {}, SeededRng(1))
    plan = rules.default_action(s, "us")["args"]["at"]
    four = {u: "hex:0303" for u in ("us-1-1", "us-1-2", "us-1-3", "us-5-1")}
    with pytest.raises(IllegalAction) as e:
        act(s, "us", "place", at={**plan, **four})
    assert e.value.rule == "§3" and e.value.message == (
        "Hex 0303 would hold 4 ground units (1/1 Marines, 1/2 Marines, 1/3 Marines, 5/1 Marines): at most 3 (§6.4).")


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


@pytest.mark.rule("§5.2")
def test_ij_reinforcements_cannot_use_an_entry_point_whose_hexes_the_us_all_holds():
    s = position("reinforcements", "ij", turn=3, units={"us-1-1": "0500", "us-1-2": "0600", "us-1-3": "0700"})
    s["units"]["ij-4-1"]["loc"] = "pending"
    with pytest.raises(IllegalAction, match="4/1 cannot be placed in IJ east entry point now") as e:
        act(s, "ij", "place", at={"ij-4-1": "entry:ij-east"})
    assert e.value.rule == "§5"
    assert "entry:ij-east" not in rules.prompts(s)["ij"]["actions"][0]["args"]["at"]["fields"]["ij-4-1"]["choices"]
    s = act(s, "ij", "place", at={"ij-4-1": "entry:ij-northwest"})
    assert s["units"]["ij-4-1"]["loc"] == "entry:ij-northwest"


@pytest.mark.rule("§1")
def test_an_ij_unit_on_henderson_wins_only_once_the_us_part_of_the_turn_is_over():
    s = position("movement", "ij", turn=3, units={"ij-124-1": "0608", "us-1-1": "0303"})
    s = act(s, "ij", "move", to={"ij-124-1": "hex:0708"}, dice=[1])  # supply roll 1: no loss
    assert s["outcome"] is None and list(rules.prompts(s)) == ["us"]  # the US still has its part of the turn
    s = act(s, "us", "end_movement")
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


def test_each_decision_shows_the_rule_of_its_record_and_a_refusal_out_of_step_cites_the_same():
    """Kernel v3 (issue 33 item 1): the rule a decision's page heads its prompt with is its record's, and an order
    of another decision sent to it is refused citing that same rule. Every kind, from games between the computer
    players and the rare ones set up by hand."""
    from tests.games.first_blood import test_air
    from tests.games.first_blood.helpers import play

    seen: dict = {}
    for seed in (1, 4):
        record: list = []
        play(seed, record=record)
        for state, role, prompt, _ in record:
            seen.setdefault(sequence.kind(state), (state, role))
    held = {"ij-124-1": "0701", "ij-124-3": "0702", "ij-4-2": "0618", "ij-4-1": "0619"}
    four = ("us-7-1", "us-7-2", "us-7-3", "us-1p")
    s = position("combat", "us", units={**held, **{u: "entry:us-east-1" for u in four}})
    seen["overstack"] = (act(s, "us", "attack", [5], units={"0701": list(four)}, advance=False), "us")
    seen["reserve"] = (test_air._over_capacity(ask=True), "us")
    s = position("combat", "us", units={"us-1-1": "0303"}, air={"vmf-223": "cap", "vmsb-231": "ground_attack"})
    s["standing"] = {"us": {"land_spread": False}}
    seen["landing"] = (act(s, "us", "end_combat"), "us")
    assert set(seen) == set(sequence.DECISION_KINDS), sorted(seen)
    for kind, (state, role) in seen.items():
        record = STATES[kind]
        assert sequence.kind(state) == kind
        assert rules.prompts(state)[role]["rule"] == record.rule, kind
        other = {"verb": "end_combat", "args": {}} if kind != "combat" else {"verb": "end_movement", "args": {}}
        with pytest.raises(IllegalAction, match="not asked for now") as e:
            rules.check(state, role, other)
        assert e.value.rule == record.rule, kind
