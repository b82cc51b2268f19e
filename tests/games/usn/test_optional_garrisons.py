"""Garrisons (Optional Rules; lobby option `garrisons`, Campaign Games 1 and 3): the fixed garrisons of Saigon and
Haiphong may not be moved voluntarily but may fly missions; one below strength at the end gives the Allies the game;
the objectives' garrisons at the end, and the Allied divisions in Australia and New Zealand (app/games/usn/garrisons.py,
data/campaign_optional.toml)."""
import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.usn import air, arrivals, campaign, campaign_victory, garrisons

from .helpers import R, at

ON = {"garrisons": True}


def _start(options=ON, scenario="campaign_1"):
    s = R.setup(scenario, options, ScriptedRng())
    s["turn"] = 2  # past Game-Turn One, the Shock Effect's (its limits would answer first)
    return s


def _refused(state, role, action, rule="Garrisons"):
    with pytest.raises(IllegalAction) as e:
        R.check(state, role, action)
    assert e.value.rule == rule
    return str(e.value)


@pytest.mark.rule("Garrisons")
def test_the_saigon_brigade_may_not_move_voluntarily():
    s = _start()
    assert garrisons.RULE == "Garrisons" and "garrisons" in R.meta.default_options()
    brigade = s["garrisons"]["0181"]["units"][0]
    assert s["land"][brigade]["name"] == "8-18 Brigade" and s["land"][brigade]["hex"] == "0181"
    pos = at(s, "land_move", "japanese")
    free = at(_start({}), "land_move", "japanese")
    to = "0180"  # a neighbour of Saigon
    step = {"verb": "land_move", "args": {"moves": {brigade: to}, "entrench": [], "disentrench": []}}
    assert "Saigon garrison" in _refused(pos, "japanese", step)
    R.check(free, "japanese", step)  # without the option the same move is legal


@pytest.mark.rule("Garrisons")
def test_the_saigon_brigade_may_not_be_embarked():
    s = at(_start(), "naval", "japanese")
    brigade = s["garrisons"]["0181"]["units"][0]
    s["ships"]["J-TR-1"]["hex"] = "0181"
    order = {"verb": "move", "args": {"moves": {"J-TR-1": {"stop": "0181", "embark": [brigade]}}}}
    assert "may not embark it" in _refused(s, "japanese", order)


@pytest.mark.rule("Garrisons")
def test_the_garrison_lac_may_not_be_transferred_below_five_but_may_fly_missions():
    s = at(_start(), "naval", "japanese")
    assert s["bases"]["0181"]["air"]["lac"] == 20 and s["bases"]["0177"]["air"]["lac"] == 10
    too_many = {"from": "base:0181", "kind": "lac", "points": 16, "to": "base:0177"}
    s["bases"]["0177"]["capacity"] = 40
    order = {"verb": "move", "args": {"moves": {}, "transfers": [too_many]}}
    assert "Saigon garrison is 5 LAC" in _refused(s, "japanese", order)
    R.check(s, "japanese", {"verb": "move", "args": {"moves": {}, "transfers": [dict(too_many, points=15)]}})
    # Haiphong's ten: five may go, six may not
    haiphong = {"from": "base:0177", "kind": "lac", "points": 6, "to": "base:0181"}
    s["bases"]["0181"]["capacity"] = 40
    assert "Haiphong garrison" in _refused(s, "japanese", {"verb": "move", "args": {"moves": {},
                                                                                    "transfers": [haiphong]}})
    # "although they may engage in missions": every Saigon LAC may fly Combat Air Patrol
    alloc = at(_start(), "allocation", "both")
    air.check(alloc, "japanese", {"verb": "allocate", "args": {"missions": [], "cap": [
        {"from": "base:0181", "kind": "lac", "points": 20}]}})


@pytest.mark.rule("Garrisons")
def test_a_garrison_below_strength_at_the_end_gives_the_allies_the_game_unless_restored():
    s = campaign.new_state("campaign_1", ON)
    brigade = s["garrisons"]["0181"]["units"][0]
    s["land"][brigade].update(hex=None, destroyed=True)  # lost to enemy action
    s["turn"] = 20
    s["vp"] = {"japanese": 5000.0, "allied": 0.0}
    s["control"] = {k: "japanese" for k in s["control"]}
    for area, unit, h, n in (("philippines", "20-40 Division", "0381", 1), ("singapore", "6-12 Regiment", "0116", 1),
                             ("java", "20-40 Division", "0220", 1), ("borneo", "20-40 Division", "0286", 1),
                             ("sumatra", "20-40 Division", "0118", 1), ("mandalay", "20-40 Division", "0076", 2),
                             ("vogelkop", "8-18 Brigade", "0521", 1)):
        for _ in range(n):
            arrivals.enter_land(s, "japanese", unit, h, "test")
    restored = campaign.new_state("campaign_1", ON)
    restored.update({k: v for k, v in s.items() if k in ("turn", "vp")})
    out = campaign_victory.finish(s)
    assert out["winner"] == "allied" and "Saigon has 0 of 1 8-18 Brigade" in out["reason"]
    # another 8-18 Brigade brought to Saigon restores it: the Japanese points stand
    s2 = campaign.new_state("campaign_1", ON)
    s2["land"][s2["garrisons"]["0181"]["units"][0]].update(hex=None, destroyed=True)
    s2["land"]["J-L12"]["hex"] = "0181"
    assert garrisons.short(s2) == [] and s2["garrisons"]["0181"]["units"] == ["J-L12"]
    # LAC lost on a mission from Saigon must be made good too
    s2["bases"]["0181"]["air"]["lac"] = 4
    assert garrisons.short(s2) == ["Saigon has 4 of 5 LAC"]


@pytest.mark.rule("Garrisons")
def test_step_1_reports_a_garrison_below_strength():
    s = _start()
    s["land"][s["garrisons"]["0181"]["units"][0]].update(hex=None, destroyed=True)
    garrisons.step_one(s)
    assert "Garrisons: below strength (Saigon has 0 of 1 8-18 Brigade)" in s["log"][-1]["text"]


@pytest.mark.rule("Garrisons")
def test_no_points_for_an_objective_without_its_garrison_at_the_end():
    def java_points(options, with_division):
        s = campaign.new_state("campaign_1", options)
        s["control"]["java"] = "japanese"
        for u in [u for u in s["land"].values() if u["hex"] in ("0153", "0187", "0220")]:
            u.update(hex=None, destroyed=True)
        if with_division:
            arrivals.enter_land(s, "japanese", "20-40 Division", "0220", "test")
        return sum(p for side, p, name in campaign_victory.geographic(s) if name == "Java" and side == "japanese")
    assert java_points(ON, True) == 50
    assert java_points(ON, False) == 0
    assert java_points({}, False) == 50  # the option off: control alone scores
    s = campaign.new_state("campaign_1", ON)
    s["control"]["java"] = "japanese"
    s["turn"] = 20
    campaign_victory.finish(s)
    assert any("no points for java" in e["text"] for e in s["log"])


@pytest.mark.rule("Garrisons")
def test_the_allies_need_three_divisions_in_australia_and_one_in_new_zealand():
    def allied_points(s):
        return {name for side, p, name in campaign_victory.geographic(s) if side == "allied"}
    s = campaign.new_state("campaign_1", ON)
    held = allied_points(s)
    assert "Auckland" in held and any(n.startswith("Any Naval Base in Australia") for n in held)
    aus = [u for u in s["land"].values() if u["hex"] == "0463" and "Division" in u["name"]]
    assert len(aus) == 3
    aus[0]["hex"] = "0381"  # one division sent away: no points for the Australian bases
    assert not any(n.startswith("Any Naval Base in Australia") for n in allied_points(s))
    nz = next(u for u in s["land"].values() if u["hex"] == "0972" and "Division" in u["name"])
    nz["hex"] = "0899"
    assert "Auckland" not in allied_points(s)
    s2 = campaign.new_state("campaign_1", {})
    next(u for u in s2["land"].values() if u["hex"] == "0972" and "Division" in u["name"])["hex"] = "0899"
    assert "Auckland" in allied_points(s2)


@pytest.mark.rule("Garrisons")
def test_garrisons_apply_to_campaign_games_1_and_3_only():
    assert _start(scenario="campaign_3")["garrisons"]["0181"]["units"]
    assert "garrisons" not in _start(scenario="campaign_2")
    assert "garrisons" not in R.view(_start(scenario="campaign_2"), "allied")
    assert R.view(_start(), "allied")["garrisons"]["0181"]["lac"] == 5
