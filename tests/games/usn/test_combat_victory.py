"""Land combat and amphibious assault (CRT 1), the Combat Results Tables as printed, Victory Points and the end of
the Coral Sea mini-game."""
import pytest

from app.engine.errors import IllegalAction
from app.games.usn import crt, damage, records

from .helpers import R, act, at, deployed, texts


def landing_force():
    """Step 9 (A): the Japanese transport TR-1 with the Rabaul regiment, SNLF and engineers in Port Moresby's hex."""
    s = deployed()
    s = act(s, "japanese", "move", moves={"J-TR-1": {"embark": ["J-L2", "J-L3", "J-L4"]}})
    s = at(s, "land_attack", "japanese")
    s["ships"]["J-TR-1"]["hex"] = "0659"
    return s


@pytest.mark.rule("Amphibious Assault")
def test_japanese_transports_land_on_an_enemy_occupied_class_2_hex_and_attack():
    s = landing_force()
    assert set(R.prompts(s)) == {"japanese"}
    s = act(s, "japanese", "land_attack", land=["J-L2", "J-L3", "J-L4"], attack=["J-L2", "J-L3"])
    assert all(s["land"][u]["hex"] == "0659" for u in ("J-L2", "J-L3", "J-L4"))
    assert s["attacks"] == ["J-L2", "J-L3"] and "land attacks announced at hex 0659" in texts(s, "allied")


@pytest.mark.rule("Amphibious Assault")
def test_only_cargo_in_an_enemy_occupied_hex_may_land_against_opposition():
    s = landing_force()
    s["ships"]["J-TR-1"]["hex"] = "0693"
    with pytest.raises(IllegalAction, match="enemy-occupied"):
        act(s, "japanese", "land_attack", land=["J-L2"], attack=[])


@pytest.mark.rule("CRT 1")
def test_land_combat_against_the_entrenched_regiment_at_one_to_two_or_less_is_ax_on_a_one():
    s = landing_force()
    s = act(s, "japanese", "land_attack", land=["J-L2", "J-L3", "J-L4"], attack=["J-L2", "J-L3", "J-L4"])
    s = at(s, "strikes", n=14)
    s["allocations"] = {}
    from app.games.usn import land
    land.resolve_attacks(s, __import__("app.engine.rng", fromlist=["ScriptedRng"]).ScriptedRng([1]))
    # 6 + 5 + 1 = 12 against 15 x 3 (entrenched, Entrenchment (A)) = 45: the first column; die 1: Ax
    assert "Land combat at 0659: 12 against 45, die 1: Ax" in texts(s)
    assert all(s["land"][u].get("destroyed") for u in ("J-L2", "J-L3", "J-L4"))
    assert s["vp"]["allied"] == 3 + 2 + 3


@pytest.mark.rule("CRT 1")
def test_d2_retreats_the_defender_and_the_attacker_takes_port_moresby_and_its_base():
    s = landing_force()
    s = act(s, "japanese", "land_attack", land=["J-L2", "J-L3", "J-L4"], attack=["J-L2", "J-L3", "J-L4"])
    s["land"]["A-L1"].update(entrenched=False, defense=3)  # 12 against 3: 4-1
    s["bases"]["0659"]["air"].update(lac=0, lbac=0)
    for b in s["bases"].values():  # no Japanese Zone of Control over 0659 now that its own is gone: still supplied
        if b["side"] == "japanese":
            b["air"].update(lac=0, lbac=0, nac=0)
    from app.engine.rng import ScriptedRng
    from app.games.usn import land
    land.resolve_attacks(s, ScriptedRng([6]))
    assert "die 6: D2" in texts(s)
    assert s["land"]["A-L1"]["hex"] == "0693"  # the adjacent land hex free of Japanese units
    assert s["bases"]["0659"]["side"] == "japanese" and s["holder"]["0659"] == "japanese"


@pytest.mark.rule("CRT 1")
def test_d1_on_class_2_costs_the_defender_its_bases_and_entrenchment():
    s = landing_force()
    s = act(s, "japanese", "land_attack", land=["J-L2", "J-L3", "J-L4"], attack=["J-L2", "J-L3", "J-L4"])
    s["land"]["A-L1"]["entrenched"] = False  # 12 against 15: first column, die 5 D1
    from app.engine.rng import ScriptedRng
    from app.games.usn import land
    lac = s["bases"]["0659"]["air"]["lac"]
    land.resolve_attacks(s, ScriptedRng([5]))
    assert "0659" not in s["bases"] and s["land"]["A-L1"]["hex"] == "0659"
    assert s["holder"]["0659"] == "allied" and s["vp"]["japanese"] >= lac * 0.5


@pytest.mark.rule("Combat Results Tables")
def test_the_printed_cells():
    assert crt.air(45, 1) == (4, 2) and crt.air(3, 1) == (1, 0) and crt.air(95, 1) == (9, 9)
    assert crt.air(0, 1) == (0, 0)
    assert crt.air_to_surface(36, 1, 1) == 8 and crt.air_to_surface(11, 1, 3) == 1 and crt.air_to_surface(5, 1, 2) == 0
    assert crt.air_to_surface(1, 2, 1) == 0  # below 1-1: no effect (digest ambiguity 17)
    assert crt.surface_to_surface(34, 10, 1) == 1 and crt.surface_to_surface(80, 10, 2) == 8
    assert crt.damage(7, 1) == "X" and crt.damage(1, 2) == 5 and crt.damage(4, 3) == 12
    assert crt.land(12, 45, 1) == "Ax" and crt.land(40, 10, 1) == "D1" and crt.land(100, 10, 1) == "D2"


@pytest.mark.rule("Victory Point Schedule")
def test_u_x7_a_carrier_of_capacity_ten_damaged_forty_weeks_then_sunk():
    s = deployed()
    cv = s["ships"]["J-CV-3"]
    cv["nac"] = 0
    damage.damage_ship(s, cv, 40)
    assert s["vp"]["allied"] == 40 and not cv["sunk"]
    damage.damage_ship(s, cv, 5)  # more than forty weeks: sunk (Combat (I)); only the remainder is added
    assert cv["sunk"] and s["vp"]["allied"] == 100


@pytest.mark.rule("Victory Point Schedule")
def test_a_sunk_transport_loses_its_cargo_and_pays_twenty_to_the_allies():
    s = deployed()
    s = act(s, "japanese", "move", moves={"J-TR-1": {"embark": ["J-L3"]}})
    damage.damage_ship(s, s["ships"]["J-TR-1"], "X")
    assert s["vp"]["allied"] == 20 + 2 and "Cargo lost with Japanese Transport-1: 5-10 SNLF" in texts(s, "allied")


@pytest.mark.rule("How the Game is Won")
def test_victory_levels_by_ratio():
    assert records.level({"japanese": 199, "allied": 100}) == ("japanese", "marginal")
    assert records.level({"japanese": 200, "allied": 100}) == ("japanese", "provisional")
    assert records.level({"japanese": 30, "allied": 100}) == ("allied", "strategic")
    assert records.level({"japanese": 25, "allied": 100}) == ("allied", "decisive")
    assert records.level({"japanese": 0, "allied": 3}) == ("allied", "decisive")
    assert records.level({"japanese": 50, "allied": 50}) == (None, "draw")


@pytest.mark.rule("Errata: Mini-Game The Battle of the Coral Sea")
def test_port_moresby_100_to_its_holder_and_10_for_the_engineers_on_guadalcanal_at_the_end():
    s = at(deployed(), "records")
    s["turn"] = 2
    s["holder"]["0659"] = "japanese"
    s["land"]["J-L4"]["hex"] = "0828"
    R.sequence.procedures["records"](s, None)
    assert s["vp"]["japanese"] == 110 and R.outcome(s)["winner"] == "japanese"
    assert R.outcome(s)["level"] == "decisive"
