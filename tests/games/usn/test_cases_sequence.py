"""The Detailed Sequence of Play, Steps 3-10, as the players meet them: who is asked what, in which order, in one
Coral Sea Game-Turn played with the default orders (app/games/usn/steps.py's steps)."""
import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng, SeededRng
from app.games.usn import sequence

from .helpers import R, act, at, deployed, texts


def walk():
    """Game-Turn 1 from Step 2 to Step 1 of Game-Turn 2: (printed step, roles asked, prompt title) per decision."""
    s, seen = deployed(), []
    while s["turn"] == 1:
        prompts = R.prompts(s)
        role = min(prompts)
        seen.append((sequence.row(s)[0], tuple(sorted(prompts)), prompts[role]["title"]))
        s = R.apply(s, role, R.default_action(s, role), SeededRng(1))
    return seen, s


def asked(step):
    seen, _ = walk()
    return [(roles, title) for st, roles, title in seen if st == step]


def order_of_steps():
    seen, _ = walk()
    out = []
    for st, _, _ in seen:
        if not out or out[-1] != st:
            out.append(st)
    return out


@pytest.mark.rule("Detailed Sequence of Play, Step 3")
def test_step_3_the_allied_player_alone_moves_land_units_after_the_japanese_naval_phase():
    assert asked("3") == [(("allied",), "Move land units one hex, or try to entrench those that stay")]
    assert order_of_steps()[:2] == ["2", "3"]
    s = at(deployed(), "land_move", "allied")
    with pytest.raises(IllegalAction, match=r"not your decision now: Step 3.*\(rule Land unit Movement\)"):
        act(s, "japanese", "land_move", moves={}, entrench=[], disentrench=[])  # not the Japanese Player's phase


@pytest.mark.rule("Detailed Sequence of Play, Step 4")
def test_step_4_the_allied_air_and_sea_movement_phase_follows_their_land_phase():
    assert order_of_steps()[1:3] == ["3", "4"]
    assert asked("4") == [(("allied",), "Move your naval units (or leave them where they are)")]


@pytest.mark.rule("Detailed Sequence of Play, Step 6")
def test_step_6_the_allies_move_air_and_sea_again_after_the_air_strikes_of_step_5():
    assert order_of_steps()[3:5] == ["5", "6"]
    assert asked("6") == [(("allied",), "Move your naval units (or leave them where they are)")]


@pytest.mark.rule("Detailed Sequence of Play, Step 7")
def test_step_7_the_japanese_player_moves_land_units_as_the_allies_did_in_step_3():
    assert order_of_steps()[4:6] == ["6", "7"]
    assert asked("7") == [(("japanese",), "Move land units one hex, or try to entrench those that stay")]
    s = at(deployed(), "land_move", "japanese")
    s = act(s, "japanese", "land_move", [1], moves={}, entrench=["J-L1"], disentrench=[])
    assert s["land"]["J-L1"]["entrenched"]  # Step 3's procedure with the Japanese units (Entrenchment (C): a one)


@pytest.mark.rule("Detailed Sequence of Play, Step 8")
def test_step_8_the_japanese_repeat_step_2_after_their_land_movement():
    assert order_of_steps()[5:7] == ["7", "8"]
    assert asked("8") == asked("2")


@pytest.mark.rule("Detailed Sequence of Play, Step 9")
def test_step_9_the_japanese_land_and_attack_first_then_both_sides_write_their_air_missions():
    steps = asked("9")
    assert steps[0] == (("japanese",), "Land from transports on enemy-occupied hexes; announce land attacks")
    assert steps[1][0] == ("allied", "japanese") and steps[1][1].startswith("Air Mission Allocation Chart")
    assert order_of_steps()[6:8] == ["8", "9"]


@pytest.mark.rule("Detailed Sequence of Play, Step 10")
def test_step_10_records_a_game_turn_at_sea_and_moves_the_turn_record():
    s = at(deployed(), "records")
    s["ships"]["J-CA-1"]["hex"] = "0796"  # at sea, away from any base
    before = s["ships"]["J-CA-1"]["at_sea"]
    R.sequence.procedures["records"](s, ScriptedRng())
    R.sequence.advance(s, ScriptedRng())
    assert s["ships"]["J-CA-1"]["at_sea"] == before + 1  # the fuel record (Supply (G))
    assert s["turn"] == 2 and "End of Game-Turn 1." in texts(s)
    assert "Step 10" not in [st for st, _, _ in walk()[0]]  # nobody is asked: the records are kept for both
