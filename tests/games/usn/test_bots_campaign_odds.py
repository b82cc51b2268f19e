"""The campaign computer players' land attacks and the army's support (app/games/usn/campaign_bots.py, bots.py,
march.py; issue 36): an attack is announced only at the odds CRT 1 rewards, the land-based air within reach and the
carriers' Zone of Control counted; the Burma divisions are free once Burma 76 has counted them, and Bangkok keeps
its ten LAC on the ground until then; empty transports keep out of the enemy's strike range."""
import pytest

from app.engine.rng import SeededRng
from app.games.usn import bots, campaign_bots, march

from .helpers import R


def _setup(scenario="campaign_3"):
    return R.setup(scenario, {}, SeededRng(1))


def _attacks(s, side="japanese"):
    return bots._land_attack(R.view(s, side), {}, SeededRng(1), side)["args"]["attack"]


@pytest.mark.rule("Combat Results Tables No. 1, Land")
def test_a_japanese_division_attacks_with_the_air_within_reach_and_not_without_it():
    """A 20-40 Division beside an unentrenched 8-15 Regiment in Class 2 land: 20 against 15 is a 1-1, where a D1
    leaves the regiment in place and only the Ax can follow; Saigon's and Haiphong's LAC within reach make it a 4-1
    and more, and it attacks."""
    s = _setup()
    for uid in ("J-L2", "J-L3", "J-L4"):
        s["land"][uid]["hex"] = "0145"  # one division of the four stays at 0179
    s["land"]["A-L16"]["hex"] = "0179"
    assert _attacks(s) == ["J-L1"]
    for h in ("0177", "0181"):
        s["bases"][h]["air"]["lac"] = 0  # their LAC gone: the division alone
    assert _attacks(s) == []


@pytest.mark.rule("Supply (D)")
def test_the_carriers_zone_of_control_cuts_singapore_off_unless_allied_air_disputes_it():
    s = _setup()
    for h in ("0115", "0116", "0220"):
        s["bases"][h]["air"] = {k: 0 for k in s["bases"][h]["air"]}  # no Allied air within reach
    assert not campaign_bots.cut_off(R.view(s, "japanese"), "japanese", "0116")
    for sid in ("A-BB-1", "A-CL-2", "A-CL-3", "A-DD-7"):
        s["ships"][sid]["hex"] = "1456"  # Singapore's ships gone (a naval stack may carry aircraft)
    s["ships"]["J-CV-1"]["hex"] = "0150"  # a carrier with its NAC beside Singapore
    view = R.view(s, "japanese")
    assert campaign_bots.cut_off(view, "japanese", "0116")
    assert campaign_bots.odds(view, "japanese", "0116") == 2  # a D1 destroys a base's defenders out of supply
    s["bases"]["0115"]["air"]["lac"] = 5  # Kota Bharu's air disputes the zone
    assert not campaign_bots.cut_off(R.view(s, "japanese"), "japanese", "0116")


@pytest.mark.rule("Burma 76")
def test_the_burma_divisions_are_free_once_counted_and_bangkok_keeps_its_lac_until_then():
    s = _setup()
    for uid in ("J-L1", "J-L2", "J-L3", "J-L4"):
        s["land"][uid]["hex"] = march.BURMA
    s["bases"]["0112"]["side"] = "japanese"
    s["turn"] = 18
    view = R.view(s, "japanese")
    assert march.orders(view, {}, "japanese")[1] == {"J-L1", "J-L2", "J-L3", "J-L4"}  # held for the count
    assert march.grounded(view, "japanese", "base:0112") == 10
    s["turn"] = 19  # Burma 76 is read at the Step 1 of Game-Turn 19, and never again
    view = R.view(s, "japanese")
    assert march.orders(view, {}, "japanese")[1] == set()
    assert campaign_bots.reserved(view, "japanese", set()) == set()
    assert march.grounded(view, "japanese", "base:0112") == 0


def test_an_empty_transport_does_not_sail_for_troops_under_the_enemy_carriers():
    s = _setup()
    view = R.view(s, "japanese")
    where = campaign_bots.pickup(view, "japanese", "0676", set())
    assert where is not None
    enemy = s["ships"]["A-CV-3"]
    enemy["hex"], enemy["at_sea"] = where, 1  # an Allied carrier force at the troops' hex
    assert campaign_bots.pickup(R.view(s, "japanese"), "japanese", "0676", set()) != where


def test_the_campaign_players_scratch_leaves_their_view_plain_json():
    """The targets are worked out once a decision and kept in the decision's own view: the view must stay what a
    view is, plain JSON, for anything that reads it after the computer has (a page, a record of the decision)."""
    import json

    s = _setup()
    v = R.view(s, "japanese")
    first = campaign_bots.wanted(v, "japanese")
    assert campaign_bots.wanted(v, "japanese") == first
    json.dumps(v)
