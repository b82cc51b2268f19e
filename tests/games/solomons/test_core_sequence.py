"""Sequence of play (4.1-4.5): the walker goes through the printed phases, segments and lettered sections."""
import pytest

from app.engine.rng import ScriptedRng
from app.games.solomons import rules
from app.games.solomons.sequence import STEPS, current, is_day
from sol_core_helpers import both, kind, start, until, waiting


def titles_of(phase):
    return [s["kind"] for s in STEPS if s["phase"] == phase]


@pytest.mark.rule("4.1")
def test_plot_phase_1_runs_its_segments_in_order_and_stops_for_each_secret_decision():
    assert titles_of("plot1") == ["placement", "reinforcement", "henderson", "cag_training", "truk_sortie",
                                  "intelligence", "allocation", "american_supply", "movement_plot"]
    s = rules.setup("campaign", {}, ScriptedRng())
    assert kind(s) == "placement" and s["henderson_roll"] is None  # base moves first (5.14, 5.15)
    s = start(3)  # past the Preliminary Set-Up: the Henderson Field die
    assert s["henderson_roll"] == 3 and kind(s) == "cag_training"
    # only Japan has a carrier in port that can train (6.21, 10.4): the American carriers are at sea (issue 11 item 4)
    assert set(rules.prompts(s)) == {"japanese"}
    s = both(s)
    assert kind(s) == "intelligence" and set(rules.prompts(s)) == {"japanese"}
    assert s["truk_sortie"]["released"] is False  # 20.3 on Game-Turn 1
    s = both(s)
    assert kind(s) == "allocation" and set(rules.prompts(s)) == {"allied", "japanese"}
    s = both(s)
    assert kind(s) == "movement_plot" and set(rules.prompts(s)) == {"allied", "japanese"}


@pytest.mark.rule("4.1")
@pytest.mark.rule("4.4")
@pytest.mark.rule("18")
def test_the_americans_form_their_task_forces_knowing_the_japanese_answers():
    """4.1, 4.4: American Intelligence comes before Task Force Allocation in both Plot Phases."""
    from sol_core_helpers import submit, to_allocation
    s = to_allocation(start(3), answers={"slot": True})
    assert kind(s) == "allocation" and s["units"]["jp-CA-1"]["task_force"] is None  # nothing formed yet
    assert rules.view(s, "allied")["intentions"]["answers"]["slot"] is True
    assert any("Japanese Intentions, Plot Phase 1" in line["text"] for line in rules.view(s, "allied")["log"])
    assert rules.prompts(s)["allied"]["info"]["kind"] == "allocation"
    s = until(s, "intelligence", dice=[6] * 40)
    assert s["phase"] == "plot2" and s["intentions"]["phase"] == 1  # Plot Phase 2 asks again, before allocation
    s = submit(s, "japanese", {"answers": {}})
    assert kind(s) == "allocation" and s["intentions"]["phase"] == 2
    assert rules.view(s, "allied")["intentions"]["answers"]["slot"] is False


@pytest.mark.rule("4.2")
def test_day_and_night_segments_alternate_and_run_their_lettered_sections_in_printed_order():
    day = [(s["section"], s["kind"]) for s in STEPS if s["segment"] == 1]
    night = [(s["section"], s["kind"]) for s in STEPS if s["segment"] == 2]
    assert [x for x, _ in day] == list("ABCDEFGHIJK")
    assert [x for x, _ in night] == list("ABCDEF")
    assert dict(day)["D"] == "air" and dict(day)["G"] == "surface_action" and dict(night)["C"] == "surface_action"
    assert [is_day(n) for n in range(1, 8)] == [True, False, True, False, True, False, True]


@pytest.mark.rule("4.3")
def test_the_ground_combat_phase_follows_segment_7():
    order = [s["phase"] for s in STEPS]
    last_exec1 = max(i for i, p in enumerate(order) if p == "exec1")
    assert order[last_exec1 + 1] == "ground"
    assert STEPS[last_exec1]["segment"] == 7


@pytest.mark.rule("4.4")
def test_plot_phase_2_repeats_intentions_allocation_and_plot():
    assert titles_of("plot2") == ["intelligence", "allocation", "movement_plot"]


@pytest.mark.rule("4.5")
def test_plot_execution_phase_2_has_four_day_and_three_night_segments():
    segs = sorted({s["segment"] for s in STEPS if s["phase"] == "exec2"})
    assert segs == list(range(8, 15))
    assert sum(is_day(n) for n in segs) == 4


@pytest.mark.rule("4.2")
def test_a_game_walks_from_plot_phase_1_into_segment_1_day_air_allocation():
    s = until(start(3), "air", dice=[6] * 10, segment=1)
    step = current(s)
    assert step["phase"] == "exec1" and step["section"] == "D" and s["day"] is True
    assert rules.view(s, "allied")["segment"] == 1


@pytest.mark.rule("2")
def test_sixteen_game_turns_then_the_game_ends_with_an_outcome():
    s = start(3)
    rng = ScriptedRng([6] * 200)
    while rules.outcome(s) is None:
        role = waiting(s)
        s = rules.apply(s, role, rules.default_action(s, role), rng)
    # Nobody sails: the Marines starve (16.21, 15 -> 8 -> 4 -> 2 -> 1), which scores nothing (22: "for destroying
    # enemy units"); 0 to 0 is an American victory (22: "1:1 or less")
    assert s["turn"] == 16 and s["guadalcanal"]["ground"]["allied"] == 1
    assert rules.outcome(s)["score"] == {"japanese": 0, "allied": 0}
    assert rules.outcome(s)["winner"] == "allied"
    assert rules.prompts(s) == {}


@pytest.mark.rule("4.1")
def test_a_side_may_revise_its_orders_until_both_are_in_and_the_other_learns_only_that_they_are_in():
    from sol_core_helpers import submit, to_allocation
    s = to_allocation(start(3))
    s = submit(s, "japanese", {"task_forces": [{"units": ["jp-DD-1"], "mission": "anti_ship"}]})
    assert rules.view(s, "allied")["waiting_for"] == {"allied": True, "japanese": False}
    assert "jp-DD-1" not in str(rules.view(s, "allied"))
    s = submit(s, "japanese", {"task_forces": [{"units": ["jp-CA-1"], "mission": "bombardment"}]})
    assert s["pending"]["japanese"]["task_forces"][0]["units"] == ["jp-CA-1"]
    s = submit(s, "allied", rules.default_action(s, "allied")["args"])
    assert kind(s) == "movement_plot"
    assert s["units"]["jp-CA-1"]["task_force"] and s["units"]["jp-DD-1"]["task_force"] is None


def test_a_side_with_nothing_to_decide_is_told_so():
    from sol_core_helpers import refused
    s = both(start(3))  # American Intelligence: Japan alone answers
    assert "nothing to decide" in refused(s, "allied", {"answers": {}}).message


def test_missed_orders_are_always_legal():
    s = start(3)
    rng = ScriptedRng([6] * 200)
    for _ in range(300):
        role = waiting(s)
        s = rules.apply(s, role, rules.default_action(s, role), rng)
    assert rules.outcome(s) is None and s["turn"] >= 2


@pytest.mark.rule("4.2")
def test_every_line_of_an_execution_stretch_names_the_lettered_section_it_happened_in():
    """A page plays a stretch of sections section by section and heads each in the log (4.2): every line the
    walker writes carries the section it was written in, in the printed order, each side's own lines included."""
    s = until(start(3), "reset", [3] * 200, segment=1)
    seen = {side: len(rules.view(s, side)["log"]) for side in ("allied", "japanese")}
    s = both(s, [3] * 50)
    assert kind(s) == "reset" and s["segment"] == 2
    titles = [st["title"] for st in STEPS]
    for side in ("allied", "japanese"):
        new = rules.view(s, side)["log"][seen[side]:]
        at = [line.get("at") for line in new]
        assert new and all(at), at
        assert at[0].startswith("Segment 1, J.")  # the orders just given
        assert any(a.startswith("Segment 2, A.") for a in at) and any(a.startswith("Segment 2, B.") for a in at)
        order = [titles.index(a) for a in at]
        assert order == sorted(order)  # in the order the sections were played
        assert any(line["to"] == side for line in new)  # the side's own lines are marked too


@pytest.mark.rule("5.31")
@pytest.mark.rule("14.11")
def test_a_prompt_cites_the_rule_of_its_step_in_the_sequence_table():
    """Issue 12, item 13: one number per decision, from data/sequence.toml; the title and the prompt agree."""
    s = until(start(3), "air", dice=[6] * 10, segment=1)
    prompt = rules.prompts(s)["allied"]
    assert prompt["rule"] == "14.11" == current(s)["rule"] and "(14.11)" in prompt["title"]
    s = until(s, "allocation", dice=[6] * 60)
    assert s["phase"] == "plot2"
    prompt = rules.prompts(s)["allied"]
    assert prompt["rule"] == "5.31" and "(5.31)" in prompt["title"]
