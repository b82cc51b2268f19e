"""Option 11c, dead in the water: not transcribed, rebuilt from 12a4, 11e3.1 and 16d7 (data/options.toml). A ship
whose damaged movement factor is 0 is dead in the water; its task force may not move (12a4.2, no towing without
option 12); 11c1's elimination at the end of a surface battle waits for option 16."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.guadalcanal import dead_in_the_water, options, rules, sea
from tests.games.guadalcanal.helpers import ALLIED_DEPLOY, JAPANESE_DEPLOY, move, shift, step


def to_japanese_sea_movement(on=True):
    """Scenario 1 with option 11c, the Japanese Advance Force's Junyo on its back with one hit (movement 1 - 1 = 0),
    at the Japanese (Side B) Sea Movement Step."""
    s = rules.setup("1", {"dead_in_the_water": on}, ScriptedRng())
    s = rules.apply(s, "japanese", JAPANESE_DEPLOY, ScriptedRng())
    s = rules.apply(s, "allied", ALLIED_DEPLOY, ScriptedRng([6, 4]))
    s["units"]["ij-junyo"].update(face="back", hits=1)
    while step(s) != ("sea", "japanese"):
        s = rules.apply(s, s["step"]["side"], shift(), ScriptedRng())
    return s


@pytest.mark.rule("11c")
def test_a_ship_whose_movement_factor_falls_to_zero_is_dead_in_the_water():
    s = to_japanese_sea_movement()
    assert dead_in_the_water.is_dead(s, "ij-junyo")
    s["units"]["ij-junyo"]["hits"] = 0  # its back side's movement factor 1
    assert not dead_in_the_water.is_dead(s, "ij-junyo")
    s["units"]["ij-haruna"]["hits"] = 2  # movement 3, less two hits
    assert not dead_in_the_water.is_dead(s, "ij-haruna")


@pytest.mark.rule("11c")
def test_a_task_force_holding_a_ship_dead_in_the_water_may_not_move():
    s = to_japanese_sea_movement()
    assert "ij-advance-force" not in sea.movable(s, "japanese")
    assert "ij-striking-force" in sea.movable(s, "japanese")
    ids = list(rules.prompts(s)["japanese"]["actions"][0]["args"]["moves"]["fields"])
    assert "ij-advance-force" not in ids
    here = s["task_forces"]["ij-advance-force"]["hex"]
    with pytest.raises(IllegalAction) as e:
        rules.apply(s, "japanese", move(ij_advance_force="N3" if here != "N3" else "N1"), ScriptedRng())
    assert e.value.rule == "11c" and "Junyo" in str(e.value)


@pytest.mark.rule("11c")
def test_without_the_option_the_same_task_force_moves():
    s = to_japanese_sea_movement(on=False)
    assert "ij-advance-force" in sea.movable(s, "japanese")


@pytest.mark.rule("11c1")
def test_the_reconstruction_is_data_with_provenance_shown_to_the_players():
    values = options.values(options.DEAD_IN_THE_WATER)
    assert values["movement_at_most"] == 0 and values["task_force_stays"] is True
    assert values["surface_elimination"] is False  # 11c1 needs surface combat (option 16), not played yet
    s = rules.setup("1", {"dead_in_the_water": True}, ScriptedRng())
    shown = next(o for o in rules.view(s, "allied")["options"] if o["id"] == "dead_in_the_water")
    assert shown["on"] and {r["key"] for r in shown["reconstructed"]} == {"movement_at_most", "task_force_stays",
                                                                          "surface_elimination"}
    assert all(r["provenance"].startswith("reconstructed: ") for r in shown["reconstructed"])
    assert "11c1" in next(r for r in shown["reconstructed"] if r["key"] == "surface_elimination")["provenance"]
