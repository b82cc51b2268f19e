"""Tests that prove the whole of a rule that other tests only touch: 17.52 / 5.16 (the Rabaul limit) and 22 (what
scores Victory Points)."""
import pytest
from sol_core_helpers import start

from app.games.solomons import board, victory
from app.games.solomons.units import casualty

DDS = [f"jp-DD-{i}" for i in range(1, 12)]          # Bombardment 3 + 3 + 4 x 9
BCS = [f"jp-BC-{i}" for i in range(5, 9)]           # Bombardment 25 each


@pytest.mark.rule("17.52")
@pytest.mark.rule("5.16")
@pytest.mark.rule("25.3")
def test_rabaul_holds_ten_naval_units_or_100_bombardment_points_transports_not_counted_and_no_carrier():
    """17.52: "no more than ten naval units or 100 total Bombardment Points, whichever limit is reached first.
    Transports do not count." 5.16: "Carriers may never be based there." """
    assert board.rabaul_limit_ok(DDS[:10]) and not board.rabaul_limit_ok(DDS[:11])          # the tenth, not the 11th
    assert board.rabaul_limit_ok(BCS) and not board.rabaul_limit_ok(BCS + ["jp-DD-1"])      # 100, then 103
    assert board.rabaul_limit_ok(DDS[:10] + [f"jp-TR-{i}" for i in range(1, 8)])           # transports are free
    assert not board.rabaul_limit_ok(["jp-CV-3"])                                            # not even a light carrier


@pytest.mark.rule("22")
@pytest.mark.rule("6.36")
@pytest.mark.rule("14.43")
def test_each_side_scores_what_it_destroyed_of_the_enemy_at_the_printed_values():
    """22: a sunk CV 50, CVL 40, BB/BC/B 30, CA 20, DD 10, transport 5, submarine 1; Air Points 1; American Ground
    Points 1, Japanese 0; Supply 0. The APD scores nothing (6.36); the NAC lost aboard a sunk carrier do (14.43)."""
    s = start(3)
    aboard = s["units"]["jp-CV-3"]["nac"]
    for uid in ("jp-CV-3", "jp-BC-5", "jp-CA-1", "jp-DD-1"):
        casualty(s, uid, "sunk", "test")
    casualty(s, "jp-CA-2", "crippled", "test")                  # a cripple scores nothing
    s["submarines"]["jp-SS-1"] = {"id": "jp-SS-1", "status": "sunk"}
    s["losses"]["japanese"].update(lac=3, ground=5, supply=4)
    s["units"]["us-APD-1"] = dict(s["units"]["us-DD-1"], id="us-APD-1", type="APD")
    casualty(s, "us-APD-1", "sunk", "test")
    for uid in ("us-TR-1", "us-DD-1"):
        casualty(s, uid, "sunk", "test")
    s["losses"]["allied"].update(nac=2, ground=4)
    assert victory.score(s) == {"allied": 40 + 30 + 20 + 10 + aboard + 1 + 3,
                                "japanese": 5 + 10 + 2 + 4 + s["losses"]["allied"]["lac"]}
