"""Parachutists, dropped at Step 2 (B) of a Japanese Air and Sea Movement Phase. The Coral Sea has none: the
printed 6-12 unit is placed at Rabaul (air base capacity 15) for these tests."""
import pytest

from app.engine.errors import IllegalAction
from app.games.usn import grid, parachute

from .helpers import act, at, deployed, texts

RABAUL, LAE, PM = "0759", "0692", "0659"


def paratroops(s=None, where=RABAUL):
    s = s or deployed()
    s["land"]["J-PARA1"] = parachute.new_unit("J-PARA1", where)
    return s


def drop(s, to, role="japanese"):
    return act(s, role, "move", moves={}, drops={"J-PARA1": to})


@pytest.mark.rule("Parachutists")
def test_a_parachute_unit_drops_within_four_hexes_of_its_air_base_onto_land():
    s = paratroops()
    target = "0727"  # New Guinea's coast east of Lae: 2 hexes from Rabaul, in both sides' zones (cancelled)
    assert grid.distance(RABAUL, target) <= 4
    s = drop(s, target)
    assert s["land"]["J-PARA1"]["hex"] == target
    assert f"Japanese 6-12 Parachute dropped from hex {RABAUL} onto hex {target}" in texts(s, "allied")
    assert target in parachute.drop_hexes(paratroops(), "japanese")


@pytest.mark.rule("Parachutists")
def test_no_drop_beyond_four_hexes_onto_enemy_land_units_or_into_an_undisputed_enemy_zone():
    s = paratroops()
    far = next(h for h in grid.within(RABAUL, 5) if grid.distance(RABAUL, h) == 5 and h in parachute.supply.LAND)
    with pytest.raises(IllegalAction, match="within 4 hexes"):
        drop(s, far)
    assert grid.distance(RABAUL, PM) <= 4
    with pytest.raises(IllegalAction, match="occupied by enemy land units"):
        drop(paratroops(), PM)  # the Allied 8-15 regiment
    s = paratroops()
    s["bases"][LAE]["air"]["lac"] = 0
    s["bases"][RABAUL]["air"]["lac"] = 0  # Port Moresby's zone is now undisputed around it
    with pytest.raises(IllegalAction, match="enemy's air Zone of Control"):
        drop(s, "0693")


@pytest.mark.rule("Parachutists")
def test_the_air_base_must_have_a_capacity_of_at_least_ten():
    s = paratroops(where=LAE)  # Lae: capacity 5
    with pytest.raises(IllegalAction, match="Air Point Capacity of at least 10"):
        drop(s, "0693")


@pytest.mark.rule("Parachutists")
def test_only_the_japanese_player_drops_parachutists():
    s = paratroops(at(deployed(), "naval", "allied"))
    with pytest.raises(IllegalAction, match="Only the Japanese Player"):
        drop(s, "0727", "allied")
