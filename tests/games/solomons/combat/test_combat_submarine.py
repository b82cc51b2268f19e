"""Japanese submarine attacks (13.x, 25.5, 25.6): only on a 6, a random capital ship, 1:1 on the Surface CRT."""
import pytest
from combat_kit import add_tf, add_unit, blank_state, told

from app.engine.rng import ScriptedRng
from app.games.solomons import board
from app.games.solomons.combat import submarine


def sub_in_f(units=("us-CV-1", "us-BB-1", "us-CA-1"), plot_before="O"):
    s = blank_state()
    add_unit(s, "jp-SS-1", location="F")
    s["submarines"]["jp-SS-1"] = {"id": "jp-SS-1", "status": "deployed", "hex": "F", "deployed_turns": 1,
                                  "returns": None, "marker": {"allied": "tf-?9"}}
    tf = add_tf(s, "allied", 1, list(units), "F", plot={"2": plot_before, "3": "F"})
    if "us-CV-1" in s["units"]:
        s["units"]["us-CV-1"]["nac"] = 7
    return s, tf


@pytest.mark.rule("25.5")
def test_the_submarine_attacks_only_on_a_six():
    s, tf = sub_in_f()
    submarine.resolve_attacks(s, 3, ScriptedRng([5]))
    assert s["submarines"]["jp-SS-1"]["status"] == "deployed"      # no attack: still unused (13.3)
    assert all(s["units"][u]["status"] == "intact" for u in tf["units"])
    assert "rolled 5 against TF 1: no attack" in told(s, "allied")


@pytest.mark.rule("13.2")
def test_a_random_capital_ship_is_attacked_at_one_to_one():
    s, tf = sub_in_f()
    # 6: attack; the draw among BB-1 and CV-1 picks the first; 1:1 die 4 prints -/½C: the lone ship is
    # crippled or sunk at random (1 = crippled)
    submarine.resolve_attacks(s, 3, ScriptedRng([6, 1, 4, 1]))
    assert s["units"]["us-BB-1"]["status"] == "crippled"
    assert s["units"]["us-CV-1"]["status"] == "intact" and s["units"]["us-CA-1"]["status"] == "intact"
    us = told(s, "allied")
    assert "1:1, die 4" in us and "BB" in us
    jp = told(s, "japanese")
    assert "a capital ship of American Task Force A (sighted)" in jp and "crippled" in jp
    assert "us-BB-1" not in jp and "BB" not in jp                    # Japan is not told which ship


@pytest.mark.rule("13.2")
def test_a_result_against_the_attacker_falls_on_the_submarine():
    s, tf = sub_in_f(units=("us-BB-1", "us-CA-1"))
    # 1:1 die 1 prints ½D/½C: the battleship alone takes ½C (1: crippled), the submarine alone ½D (1: destroyed)
    submarine.resolve_attacks(s, 3, ScriptedRng([6, 1, 1, 1, 1]))
    assert s["units"]["us-BB-1"]["status"] == "crippled"
    assert s["submarines"]["jp-SS-1"]["status"] == "sunk"
    assert "the submarine is sunk" in told(s, "allied")


@pytest.mark.rule("13.3")
def test_a_submarine_attacks_once_per_turn():
    s, tf = sub_in_f(units=("us-BB-1",))
    add_tf(s, "allied", 2, ["us-BB-2"], "F", plot={"2": "J", "3": "F"})
    submarine.resolve_attacks(s, 3, ScriptedRng([6, 1, 3, 1, 1, 4]))  # the first force only (die 3: ½C/½C)
    assert s["submarines"]["jp-SS-1"]["status"] in ("used", "refit", "sunk")
    assert s["units"]["us-BB-2"]["status"] == "intact"


@pytest.mark.rule("13.2")
def test_only_a_force_with_capital_ships_entering_by_day_draws_an_attack():
    s, tf = sub_in_f(units=("us-CA-1", "us-DD-1"))
    submarine.resolve_attacks(s, 3, ScriptedRng([]))          # no capital ship: no roll at all
    s, tf = sub_in_f(plot_before="F")
    submarine.resolve_attacks(s, 3, ScriptedRng([]))          # already there: it did not enter
    s, tf = sub_in_f()
    s["day"] = False
    submarine.resolve_attacks(s, 4, ScriptedRng([]))          # night
    assert s["log"] == []


@pytest.mark.rule("13.6")
def test_submarines_suffer_only_the_result_of_their_own_attack():
    s, tf = sub_in_f(units=("us-BB-1",))
    submarine.resolve_attacks(s, 3, ScriptedRng([6, 1, 4, 1]))   # 1:1 die 4 prints -/½C: nothing on the submarine
    assert s["submarines"]["jp-SS-1"]["status"] == "used"
    assert s["units"]["jp-SS-1"]["status"] == "intact"


@pytest.mark.rule("25.6")
def test_a_carrier_crippled_by_a_submarine_keeps_its_aircraft():
    s, tf = sub_in_f(units=("us-CV-1",))
    submarine.resolve_attacks(s, 3, ScriptedRng([6, 1, 4, 1]))
    assert s["units"]["us-CV-1"]["status"] == "crippled"
    assert s["units"]["us-CV-1"]["nac"] == 7 and s["losses"]["allied"]["nac"] == 0


@pytest.mark.rule("13.1")
def test_submarines_deploy_one_per_hex_only_in_plot_phase_1():
    # deployment is the core's plot (plot.check_submarines); the combat side relies on its result
    from app.engine.errors import IllegalAction
    from app.games.solomons import plot
    s, tf = sub_in_f()
    s["submarines"]["jp-SS-2"] = dict(s["submarines"]["jp-SS-1"], id="jp-SS-2", status="available", hex=None)
    plot.check_submarines(s, "japanese", {"jp-SS-1": "F", "jp-SS-2": "G"}, 1)
    for subs, phase, said in (({"jp-SS-1": "F", "jp-SS-2": "F"}, 1, "one submarine per hex"),
                              ({"jp-SS-1": "F"}, 2, "only in Plot Phase 1"),
                              ({"jp-SS-1": "truk"}, 1, "map hex")):
        with pytest.raises(IllegalAction) as refused:
            plot.check_submarines(s, "japanese", subs, phase)
        assert refused.value.rule == "13.1" and said in refused.value.message
    # "Truk Sortie limitations do not affect deployment": a roll that holds the fleet at Truk holds no submarine
    s["truk_sortie"] = {"roll": 6, "released": False}
    plot.check_submarines(s, "japanese", {"jp-SS-1": "F", "jp-SS-2": "G"}, 1)


@pytest.mark.rule("13.4")
def test_a_submarine_in_refit_may_not_deploy():
    from app.engine.errors import IllegalAction
    from app.games.solomons import plot
    s, tf = sub_in_f()
    s["submarines"]["jp-SS-1"].update(status="refit", hex=None)
    with pytest.raises(IllegalAction) as refused:
        plot.check_submarines(s, "japanese", {"jp-SS-1": "F"}, 1)
    assert refused.value.rule == "13.4"
    # and a submarine in refit never attacks
    s["submarines"]["jp-SS-1"]["hex"] = "F"
    submarine.resolve_attacks(s, 3, ScriptedRng([]))
    assert s["log"] == []


@pytest.mark.rule("13.6")
def test_a_submarine_crippled_by_its_own_attack_goes_for_repair():
    s, tf = sub_in_f(units=("us-BB-1",))
    # 1:1 die 3 prints ½C/½C: the battleship alone (1 = crippled), the submarine alone (1 = crippled); repair die 2
    submarine.resolve_attacks(s, 3, ScriptedRng([6, 1, 3, 1, 1, 2]))
    sub = s["submarines"]["jp-SS-1"]
    assert sub["status"] == "refit" and sub["hex"] is None
    away, _ = board.repair("jp-SS-1", 2)
    assert sub["returns"] == s["turn"] + 1 + away
    assert "goes for repair: roll 2" in told(s, "japanese")
