"""9.1, the transport pace, is written once (units.paced_course / may_move) and used by the plot check, the
server's retirement courses, the random player and the bots."""
import pytest

from app.games.solomons.units import may_move, paced_course


@pytest.mark.rule("9.1")
def test_a_force_with_transports_moves_one_hex_every_two_segments_and_may_always_stay():
    plan = ["O", "N", "M", "M", "N"]
    assert paced_course("espiritu_santo", plan, list(range(1, 8)), None, transports=True) == {
        "1": "O", "2": "O", "3": "N", "4": "N", "5": "M", "6": "M", "7": "N"}
    # without transports, one hex a segment
    assert paced_course("espiritu_santo", plan, [1, 2, 3, 4, 5], None, transports=False) == {
        "1": "O", "2": "N", "3": "M", "4": "M", "5": "N"}
    # across the Plot Execution Phases: a move in segment 7 forbids one in segment 8
    assert not may_move(True, 7, 8) and may_move(True, 7, 9) and may_move(False, 7, 8)
