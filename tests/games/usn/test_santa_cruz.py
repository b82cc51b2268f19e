"""The Battle of the Santa Cruz Islands mini-game (USN "Mini-Games"): the printed set-up with both sides' added
bases, NAC on carriers or air bases for both sides, the Eastern Solomons Victory Conditions and special rule ("Same
as Eastern Solomons Game"), and seeded games to their end."""
import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.usn import board, deploy, records, situation, supply

from .helpers import R
from .situations import deployed, play

S = "santa_cruz"


@pytest.mark.rule("Santa Cruz Order of Battle")
def test_the_santa_cruz_order_of_battle_is_set_up_as_printed():
    s = R.setup(S, {}, ScriptedRng())
    ships = lambda side, h: sorted(x["id"] for x in board.afloat(s, side) if x["hex"] == h)
    assert ships("japanese", "0754") == sorted(f"J-{u}" for u in ("CV-3", "CV-4", "CVL-3", "CV-8", "BB-1", "CA-1",
                                                                   "CA-2", "CL-1", "DD-1"))
    assert ships("japanese", "0759") == ["J-DD-2"]
    assert ships("allied", "0929") == sorted(f"A-{u}" for u in ("CV-6", "CV-8", "BB-5", "CA-1", "CL-5", "DD-1",
                                                                 "DD-2"))
    allied = board.land_at(s, "0828", "allied")
    assert sorted(u["name"] for u in allied) == ["1-10 Engineer Regiment (Allied)", "50-60 Division",
                                                 "8-15 Regiment"]
    assert all(u["entrenched"] for u in allied)  # "all forces are ENTRENCHED"
    division = board.land_at(s, "0828", "japanese")
    assert [u["name"] for u in division] == ["20-40 Division"] and not supply.supplied(s, division[0])
    caps = {h: (b["side"], b["capacity"]) for h, b in s["bases"].items()}
    assert caps["0760"] == ("japanese", 5)  # Bougainville
    assert caps["0828"] == ("allied", 10) and caps["0930"] == ("allied", 10)
    assert caps["0931"] == ("allied", 5) and caps["0865"] == ("allied", 5)
    assert deploy.printed(s, "japanese") == {"nac": 21, "lac": 20, "lbac": 0}
    assert deploy.printed(s, "allied") == {"nac": 17, "lac": 19, "lbac": 4}


@pytest.mark.rule("Santa Cruz Order of Battle")
def test_japanese_naval_aircraft_may_go_on_a_friendly_air_base():
    s = R.setup(S, {}, ScriptedRng())
    a = deploy.complete(s, "japanese", R.default_action(s, "japanese"))
    a["args"]["nac"]["J-CV-3"] -= 2
    a["args"]["nac_base"] = {"0760": 2}  # two on Bougainville's air base
    R.check(s, "japanese", a)
    after = R.apply(s, "japanese", a, ScriptedRng())
    assert after["bases"]["0760"]["air"]["nac"] == 2
    a["args"]["nac_base"] = {"0760": 3}  # 22 NAC placed: refused
    with pytest.raises(IllegalAction, match="exactly 21 NAC"):
        R.check(s, "japanese", a)


@pytest.mark.rule("Santa Cruz Victory Conditions")
def test_santa_cruz_scores_the_guadalcanal_air_base_as_eastern_solomons():
    s = deployed(S)
    assert records.geographic(s) == [("allied", 100, "holds the air base on Guadalcanal (0828)")]
    s["bases"]["0828"]["capacity"] = 5  # one X took five of its ten: damaged
    records.each_turn(s)
    assert s["vp"]["japanese"] == 25
    s["bases"]["0828"]["capacity"] = 0
    assert records.geographic(s) == [("japanese", 100, "the air base at 0828 is destroyed")]


@pytest.mark.rule("Santa Cruz Special Game Rules")
def test_santa_cruz_keeps_the_japanese_fleet_off_australia_as_eastern_solomons():
    s = deployed(S)
    assert situation.forbidden(s, "japanese", "0698") and not situation.forbidden(s, "allied", "0698")
    assert not situation.forbidden(deployed("coral_sea"), "japanese", "0698")


def test_seeded_computer_and_random_santa_cruz_games_end_cleanly():
    for seed in range(2):
        for computer in (("japanese", "allied"), ("japanese",), ("allied",), ()):
            s = play(S, seed, computer)
            assert s["turn"] == 2 and R.outcome(s)["score"] == s["vp"]
            assert all(x["nac"] <= x["capacity"] for x in s["ships"].values())
