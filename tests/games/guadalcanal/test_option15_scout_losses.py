"""Option 15b, loss of scout air units (only with option 14): a scout entering a hex where the enemy has fighters in
a High or Low CAP box rolls against them, both dice unmodified; the CAP side's roll three times the scout side's or
more eliminates the scout, which still searches that hex first (15b2) and flies no further.

Example 10's position: the Japanese Advance Force in N2 gets Junyo's fighter JF in its High CAP box; the scout SS
flies from TF 17 (P4) through it, P3, P2, O2, N1, N2, M3."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.guadalcanal import rules
from tests.games.guadalcanal.helpers import example_10, fly, lines, move, play, shift, take_off

PATH = ["P3", "P2", "O2", "N1", "N2", "M3"]


def at_air_step(**on):
    s = example_10()
    s["options"] = {**(s.get("options") or {}), "fighters": True, "scout_losses": True, **on}
    s["units"]["ij-jf"] = {"side": "japanese", "kind": "air", "type": "F", "name": "JF", "face": "front", "hits": 0,
                           "started_back": False, "box": "high_cap", "location": {"tf": "ij-advance-force"}}
    s = play(s, "allied", take_off("us-ss"))
    s = play(s, "allied", shift())
    s = play(s, "japanese", shift())
    s = play(s, "allied", move(us_tf17="P4"))
    return play(s, "japanese", move())


@pytest.mark.rule("15b1")
def test_a_cap_roll_three_times_the_scouts_eliminates_it():
    s = play(at_air_step(), "allied", fly(["us-ss"], PATH, ["N2", "M3"]), dice=(2, 6))  # 6 = 3 x 2
    assert s["units"]["us-ss"]["box"] == "eliminated"
    said = [t for t in lines(s, "allied") if "fighters on CAP in N2" in t]
    assert said == [("SS meet Japanese fighters on CAP in N2: scout roll 2, CAP roll 6: SS eliminated (after "
                     "searching the hex, 15b2) (15b1).")]
    assert any("fighters on CAP in N2" in t for t in lines(s, "japanese"))
    allied = lines(s, "allied")
    assert any(t.startswith("Air search N2: a task force marker is spotted with Junyo") for t in allied)  # 15b2
    assert not any(t.startswith("Air search M3") for t in allied)  # it flies no further


@pytest.mark.rule("15b1")
def test_less_than_three_times_leaves_the_scout_flying():
    s = play(at_air_step(), "allied", fly(["us-ss"], PATH, ["M3"]), dice=(2, 5))
    assert s["units"]["us-ss"]["box"] == "flying" and s["units"]["us-ss"]["location"]["hex"] == "M3"
    assert any(t.startswith("Air search M3") for t in lines(s, "allied"))


@pytest.mark.rule("15b2")
def test_with_variable_spotting_the_lost_scout_still_rolls_its_search():
    s = play(at_air_step(variable_spotting=True), "allied", fly(["us-ss"], PATH, ["N2"]), dice=(1, 10, 9, 4))
    assert s["units"]["us-ss"]["box"] == "eliminated"
    (c,) = rules.view(s, "allied")["searchboard"]["contacts"]
    assert c["hex"] == "N2" and c["result"] == "3X"  # 9 + 3 by day against 4


@pytest.mark.rule("15b")
def test_no_roll_without_enemy_cap_in_the_hex_or_without_the_option():
    s = at_air_step()
    s["units"]["ij-jf"]["location"] = {"tf": "ij-vanguard-force"}  # over K1, off the scout's path
    s = play(s, "allied", fly(["us-ss"], PATH, []))  # no die rolled
    assert s["units"]["us-ss"]["box"] == "flying"
    s = at_air_step(scout_losses=False)
    s = play(s, "allied", fly(["us-ss"], PATH, []))
    assert s["units"]["us-ss"]["box"] == "flying"


@pytest.mark.rule("15b")
def test_the_option_is_played_only_with_option_14():
    with pytest.raises(IllegalAction) as e:
        rules.setup("1", {"scout_losses": True}, ScriptedRng())
    assert e.value.rule == "15b" and "option 14" in str(e.value)
    s = rules.setup("1", {"scout_losses": True, "fighters": True}, ScriptedRng())
    assert s["options"]["scout_losses"]


@pytest.mark.rule("14")
def test_cap_fighters_over_a_base_eliminated_under_them_fly_back_from_its_hex():
    """Found by the random-options games with 15b on: the CAP over a base lost in the Combat Phase had no hex to fly
    back from (option 14's cap_returns), and the Air Return Phase could not offer it a landing place."""
    from app.games.guadalcanal.combat import air_play, damage
    s = example_10()
    s["units"]["ij-jf"] = {"side": "japanese", "kind": "air", "type": "F", "name": "JF", "face": "front", "hits": 0,
                           "started_back": False, "box": "low_cap",
                           "location": {"base": "ij-shortland", "from": "ij-shortland"}}
    damage.eliminate(s, "ij-shortland")
    air_play.cap_returns(s)
    assert s["units"]["ij-jf"]["box"] == "flying" and s["units"]["ij-jf"]["location"]["hex"] == "J4"


@pytest.mark.rule("15b2")
def test_a_lost_scout_gets_no_modifier_for_the_factors_it_meant_to_spend_circling():
    """15b2: eliminated over the hex, the scout searches it as in 15a1 but without the 15a1.1 circling modifier: a 4
    by day is 4 + 3 = 7 against 5 ("Exceeded", a reconstructed row), not 7 + 6 = 13 ("2X")."""
    order = fly(["us-ss"], ["P3", "O3", "N2"], ["N2"])
    order["args"]["circle"] = 3
    s = play(at_air_step(variable_spotting=True), "allied", order, dice=(1, 10, 4, 5, 6))
    assert s["units"]["us-ss"]["box"] == "eliminated"
    (c,) = rules.view(s, "allied")["searchboard"]["contacts"]
    assert c["result"] == "Exceeded"
    assert any("your 4 + 3 day = 7 against 5" in t for t in lines(s, "allied"))
