"""Option 16f3-16f5 and 16h-16h2: torpedo markers and torpedo combats (16f1-16f2 and 16h2 reconstructed:
data/surface.toml [torpedo]). DD #11 at J11 facing north puts a marker off its starboard bow in K11, running
north-east through L10, M10, N9 and O9 (IJN range 5 from the ship)."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.guadalcanal.surface import torpedoes, values
from tests.games.guadalcanal.surface_helpers import battle


@pytest.mark.rule("16f3")
def test_a_marker_goes_beside_its_ship_and_runs_straight_away_to_its_range():
    s = battle({"ij-dd11": ("J11", "N"), "us-portland": ("O9", "N")})
    m = torpedoes.place(s, "ij-dd11", "front_right")
    assert m == {"ship": "ij-dd11", "at": "K11", "facing": "NE"}
    assert torpedoes.path(s, m) == ["K11", "L10", "M10", "N9", "O9"]
    assert torpedoes.target(s, m) == "us-portland"


@pytest.mark.rule("16f3")
def test_no_marker_without_a_target_in_range():
    s = battle({"ij-dd11": ("J11", "N"), "us-portland": ("P8", "N")})  # 6 hexes out
    with pytest.raises(IllegalAction, match="No target"):
        torpedoes.place(s, "ij-dd11", "front_right")
    s = battle({"us-dd9": ("J11", "N"), "ij-hiei": ("M10", "N")})  # Allied range 2: K11, L10
    with pytest.raises(IllegalAction, match="No target"):
        torpedoes.place(s, "us-dd9", "front_right")


@pytest.mark.rule("16f3")
def test_not_in_a_hex_with_a_ship_nor_where_a_friendly_ship_is_closer():
    s = battle({"ij-dd11": ("J11", "N"), "us-portland": ("K11", "N")})
    with pytest.raises(IllegalAction, match="hex with a ship"):
        torpedoes.place(s, "ij-dd11", "front_right")
    s = battle({"ij-dd11": ("J11", "N"), "ij-hiei": ("L10", "N"), "us-portland": ("N9", "N")})
    with pytest.raises(IllegalAction, match="friendly ship"):
        torpedoes.place(s, "ij-dd11", "front_right")
    assert s["surface"]["torpedoes"] == [] and not s["units"]["ij-dd11"].get("torpedoes_fired")


@pytest.mark.rule("16f3")
def test_allied_torpedoes_are_never_at_half_range():
    s = battle({"us-dd9": ("J11", "N"), "ij-hiei": ("L10", "N")}, night=False)
    torpedoes.place(s, "us-dd9", "front_right")
    (target, markers), = torpedoes.attacks(s, "allied").items()
    att, dfn, why = torpedoes.modifiers(s, target, markers)
    assert (att, dfn) == (2, 4) and not any("half range" in w for w in why)


@pytest.mark.rule("16f4")
def test_a_ship_fires_torpedoes_once_per_combat_and_once_per_game():
    s = battle({"ij-dd11": ("J11", "N"), "us-portland": ("N9", "N"), "us-helena": ("K13", "N")})
    torpedoes.place(s, "ij-dd11", "front_right")
    with pytest.raises(IllegalAction) as e:
        torpedoes.place(s, "ij-dd11", "rear_right")
    assert e.value.rule == "16f4"
    s["surface"]["fired"], s["surface"]["torpedoes"] = [], []  # a later surface combat
    with pytest.raises(IllegalAction, match="once per game"):
        torpedoes.place(s, "ij-dd11", "front_right")


@pytest.mark.rule("16f5")
def test_with_the_reloads_rule_japanese_ships_fire_again_in_a_later_combat(monkeypatch):
    monkeypatch.setitem(values.table()["torpedo"], "reloads", True)
    s = battle({"ij-dd11": ("J11", "N"), "us-portland": ("N9", "N"), "us-dd9": ("G13", "N"),
                "ij-hiei": ("E13", "N")})
    torpedoes.place(s, "ij-dd11", "front_right")
    with pytest.raises(IllegalAction, match="once per surface combat"):
        torpedoes.place(s, "ij-dd11", "rear_right")  # still once per surface combat
    s["surface"]["fired"], s["surface"]["torpedoes"] = [], []
    torpedoes.place(s, "ij-dd11", "front_right")
    s["surface"]["fired"], s["surface"]["torpedoes"] = [], []
    s["units"]["us-dd9"]["torpedoes_fired"] = True  # not for the Allies
    with pytest.raises(IllegalAction, match="once per game"):
        torpedoes.place(s, "us-dd9", "rear_left")


@pytest.mark.rule("16h")
def test_a_marker_whose_ship_is_sunk_or_whose_path_is_empty_misses():
    s = battle({"ij-dd11": ("J11", "N"), "us-portland": ("N9", "N")})
    torpedoes.place(s, "ij-dd11", "front_right")
    s["units"]["ij-dd11"]["eliminated"] = True
    assert torpedoes.attacks(s, "japanese") == {}
    assert torpedoes.resolve(s, "japanese", ScriptedRng()) == [] and s["surface"]["torpedoes"] == []
    s = battle({"ij-dd11": ("J11", "N"), "us-portland": ("N9", "N")})
    torpedoes.place(s, "ij-dd11", "front_right")
    s["units"]["us-portland"]["eliminated"] = True  # sunk by gunfire first
    assert torpedoes.resolve(s, "japanese", ScriptedRng()) == []


@pytest.mark.rule("16h1")
def test_markers_against_one_target_add_their_torpedo_factors_into_one_combat():
    # DD #11's marker runs K11-L10-M10; Nagara at M13 facing north-west puts one off its starboard bow in M12,
    # running north through M11 to M10.
    s = battle({"ij-dd11": ("J11", "N"), "ij-nagara": ("M13", "NW"), "us-portland": ("M10", "N")}, night=False)
    torpedoes.place(s, "ij-dd11", "front_right")
    torpedoes.place(s, "ij-nagara", "front_right")
    (target, markers), = torpedoes.attacks(s, "japanese").items()
    assert target == "us-portland" and len(markers) == 2
    assert torpedoes.modifiers(s, target, markers)[:2] == (6 + 2, 3)
    done = torpedoes.resolve(s, "japanese", ScriptedRng([1, 3]))  # 9 against 6: a hit
    assert len(done) == 1 and done[0]["result"] == "hit" and s["units"]["us-portland"]["hits"] == 1


@pytest.mark.rule("16h1.1")
def test_plus_two_at_night():
    s = battle({"ij-dd11": ("J11", "N"), "us-portland": ("N9", "N")}, night=True, modifier=0)
    torpedoes.place(s, "ij-dd11", "front_right")
    (target, markers), = torpedoes.attacks(s, "japanese").items()
    assert torpedoes.modifiers(s, target, markers)[0] == 6 + 2


@pytest.mark.rule("16h2")
def test_plus_two_at_torpedo_half_range():
    s = battle({"ij-dd11": ("J11", "N"), "us-portland": ("L10", "N")}, night=False)
    torpedoes.place(s, "ij-dd11", "front_right")
    (target, markers), = torpedoes.attacks(s, "japanese").items()
    assert torpedoes.modifiers(s, target, markers)[0] == 6 + 2
    c = torpedoes.resolve(s, "japanese", ScriptedRng([4, 1]))[0]  # 12 against 4: three times
    assert c["result"] == "eliminate" and s["units"]["us-portland"]["eliminated"]
