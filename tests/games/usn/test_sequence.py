"""Set-up and the sequence of play: Japan deploys and moves first; the ten steps in printed order; the states table
covers every decision the sequence reaches."""
import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.usn import setup_due, steps
from app.games.usn.rules import STATES

from .helpers import R, act, deployed


@pytest.mark.rule("How To Use the Situation & Order of Battle")
def test_japan_deploys_first_then_the_allies_then_japan_moves_first():
    s = R.setup("coral_sea", {}, ScriptedRng())
    assert list(R.prompts(s)) == ["japanese"]
    with pytest.raises(IllegalAction, match="not your decision"):
        R.apply(s, "allied", R.default_action(s, "allied"), ScriptedRng())
    s = R.apply(s, "japanese", R.default_action(s, "japanese"), ScriptedRng())
    assert list(R.prompts(s)) == ["allied"]
    s = R.apply(s, "allied", R.default_action(s, "allied"), ScriptedRng())
    assert list(R.prompts(s)) == ["japanese"] and s["step"]["kind"] == "naval" and s["turn"] == 1


@pytest.mark.rule("Detailed Sequence of Play")
def test_the_ten_steps_in_printed_order_and_every_decision_has_a_complete_record():
    printed = [steps.printed(st) for st in steps.TURN]
    assert sorted(set(printed), key=int) == [str(i) for i in range(1, 11)] and printed == sorted(printed, key=int)
    sides = [(st.kind, st.who) for st in steps.TURN if st.kind in ("naval", "land_move")]
    assert sides == [("naval", "japanese"), ("land_move", "allied"), ("naval", "allied"), ("naval", "allied"),
                     ("land_move", "japanese"), ("naval", "japanese")]
    assert STATES.missing([d.id for d in STATES]) == []
    every = (*steps.PREGAME, *steps.TURN, setup_due.VARIABLE_DEPLOYMENT, *setup_due.PLACEMENT, setup_due.OVER,
             *steps.SHOCK)
    assert all((st.kind in STATES) != (st.kind in R.sequence.procedures) for st in every)


@pytest.mark.rule("Detailed Sequence of Play")
def test_a_turn_walks_steps_2_to_9_with_the_right_side_and_both_sides_write_the_allocation_at_once():
    s = deployed()
    seen = []
    for _ in range(40):
        prompts = R.prompts(s)
        if s["turn"] > 1 or not prompts:
            break
        seen.append((s["step"]["kind"], tuple(sorted(prompts))))
        role = min(prompts)
        s = R.apply(s, role, R.default_action(s, role), ScriptedRng([6] * 20))
    assert seen[:5] == [("naval", ("japanese",)), ("land_move", ("allied",)), ("naval", ("allied",)),
                        ("land_attack", ("allied",)), ("allocation", ("allied", "japanese"))]
    assert ("allocation", ("japanese",)) in seen  # after the Allied Player wrote his, the Japanese is still asked


@pytest.mark.rule("USN Mini-Games")
def test_coral_sea_ends_after_its_second_game_turn_with_a_result():
    s = deployed()
    for _ in range(80):
        if R.outcome(s):
            break
        role = min(R.prompts(s))
        s = R.apply(s, role, R.default_action(s, role), ScriptedRng([6] * 40))
    assert R.outcome(s) and s["turn"] == 2
    # nothing happened but the Allies still hold Port Moresby: 100 to 0
    assert R.outcome(s)["winner"] == "allied" and R.outcome(s)["level"] == "decisive"
    with pytest.raises(IllegalAction, match="over"):
        act(s, "japanese", "move", moves={})


@pytest.mark.rule("Sequence of Play")
def test_an_order_from_the_side_not_asked_is_refused_naming_the_step_and_who_is_awaited():
    """The guard every table game shares (TableGame.guard): the other side's well-formed order is refused, saying
    which step the game is at and whom it waits for, citing the step's rule; nothing changes."""
    from app.engine.errors import IllegalAction
    from app.engine.rng import SeededRng
    from app.engine.testing import random_action
    from app.games.usn.rules import rules

    s = rules.setup("coral_sea", {}, SeededRng(1))
    asked = next(iter(rules.prompts(s)))
    other = next(r for r in rules.meta.roles if r != asked)
    order = random_action(rules, s, asked, SeededRng(2))
    with pytest.raises(IllegalAction) as refused:
        rules.apply(s, other, order, SeededRng(3))
    assert "It is not your decision now" in refused.value.message
    assert rules.meta.role_labels[asked] in refused.value.message and refused.value.rule
