"""Readings of the reinforcement schedule (21) that the printed lines leave open (docs/games/solomons.md)."""
import pytest
from sol_core_helpers import start

from app.games.solomons import tables, turn


@pytest.mark.rule("21.2")
@pytest.mark.rule("21.4")
def test_hornet_arrives_with_its_full_trained_group_and_the_printed_4_nac_are_untrained():
    """Game-Turn 6 prints "CV-4 (Hornet), DD-7, 4 NAC" at Australia, not "with 4 NAC" as the Japanese line writes
    "CV-5, CV-6 with 10 NAC": the 4 NAC are the untrained kind every other Australia line brings (21.4), and Hornet
    brings its full trained complement (21.2), its capacity."""
    s = start(3)
    s["turn"] = 6
    untrained = s["air"]["allied"]["australia"]["untrained"]
    turn.reinforcement(s)
    hornet = s["units"]["us-CV-4"]
    assert hornet["location"] == "australia"
    assert hornet["nac"] == tables.unit_strength("us-CV-4")["capacity"] == 8
    assert s["air"]["allied"]["australia"]["untrained"] == untrained + 4
