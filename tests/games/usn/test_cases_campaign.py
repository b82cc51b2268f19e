"""Cases met on the campaign map: no land movement into China or India (Movement (M)), no Victory Points for the
Chinese armies (errata, Victory Points), and one base record a hex, changing hands whole (Stacking (C))."""
import pytest

from app.engine.errors import IllegalAction
from app.games.usn import land

from .helpers import act, at, deployed
from .test_reinforce import at_turn, step

HAIPHONG, CHINA = "0177", "0176"  # Haiphong's hex borders China


@pytest.mark.rule("Movement (M)")
def test_land_units_may_never_move_into_china():
    s = at(at_turn(1, "campaign_1"), "land_move", "japanese")
    uid = next(u for u, x in s["land"].items() if x["side"] == "japanese" and x["hex"] and x["kind"] == "division")
    s["land"][uid].update(hex=HAIPHONG, entrenched=False, moved=False)
    with pytest.raises(IllegalAction, match="never move into China or India") as e:
        act(s, "japanese", "land_move", moves={uid: CHINA}, entrench=[], disentrench=[])
    assert e.value.rule == "Movement (M)"
    s = act(s, "japanese", "land_move", moves={uid: "0178"}, entrench=[], disentrench=[])  # Indo-China is open
    assert s["land"][uid]["hex"] == "0178"


@pytest.mark.rule("Errata: Victory Points")
def test_destroying_a_chinese_army_gives_the_japanese_no_victory_points():
    s = step(at_turn(8, burma=True))
    army = next(u for u in s["land"].values() if u["kind"] == "army")
    before = s["vp"]["japanese"]
    land._destroy(s, army, "Dx")
    assert army["destroyed"] and s["vp"]["japanese"] == before
    regiment = next(u for u in s["land"].values() if u["side"] == "allied" and u["kind"] == "regiment"
                    and not u.get("destroyed") and u["hex"])
    land._destroy(s, regiment, "Dx")
    assert s["vp"]["japanese"] == before + 3  # an Allied regiment: 3


@pytest.mark.rule("Stacking (C)")
def test_the_air_and_naval_base_of_a_hex_change_hands_together_never_opposing():
    s = deployed()
    rabaul = s["bases"]["0759"]
    assert rabaul["naval"] and rabaul["capacity"] == 15  # one record: Rabaul's naval base and its air base
    for uid in ("J-L2", "J-L3", "J-L4"):
        s["land"][uid]["hex"] = "0760"
    s["land"]["A-L1"]["hex"] = "0759"
    land.captures(s)
    assert s["bases"]["0759"]["side"] == "allied" and s["bases"]["0759"]["naval"]
    assert [h for h, b in s["bases"].items() if h == "0759"] == ["0759"]
