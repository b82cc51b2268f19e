"""The campaign games' Special Game Rules in play (app/games/usn/special.py): Hong Kong (311), Thailand 111, the
Phillipine Fortifications and Australian Reserves 463, through the same `apply`, prompts and views as every step."""
import pytest

from app.engine.errors import IllegalAction, MalformedAction
from app.engine.rng import ScriptedRng, SeededRng
from app.games.usn import board, campaign, campaign_play, campaigndata, grid, sequence, special, steps, supply

from .helpers import R


def _unit(s, side, name):
    return next(u for u in sorted(s["land"].values(), key=lambda u: int(u["id"].split("L")[1]))
                if u["side"] == side and u["name"] == name and u["aboard"] is None and not u.get("destroyed"))


def _base(s, role, h):
    return next(b for b in R.view(s, role)["bases"] if b["hex"] == h)


def _at(s, kind, side):
    """The position at the step of a later Game-Turn (Game-Turn One is the Shock Effect's: the Allies stand)."""
    s["turn"] = 2
    s["step"] = steps.position(steps.TURN.index((kind, side)))
    return s


# ------------------------------------------------------------------------------------------------ Hong Kong

@pytest.mark.rule("Campaign Game 1, Hong Kong (311)")
def test_hong_kong_falls_to_japan_at_step_1_of_the_fourth_game_turn_its_bases_repaired():
    for sc in ("campaign_1", "campaign_3"):
        s = campaign.new_state(sc)
        hk = s["bases"]["0311"]
        hk["capacity"], hk["neutralized"], hk["air"]["lac"] = 0, {"air": [5, 3], "naval": [5, 3]}, 2
        s["turn"] = 3
        campaign_play.step_one(s, ScriptedRng())
        assert _base(s, "japanese", "0311")["side"] == "allied"
        s["turn"] = 4
        campaign_play.step_one(s, ScriptedRng())
        seen = _base(s, "japanese", "0311")
        assert seen["side"] == "japanese" and seen["capacity"] == 5 and not seen.get("neutralized")
        assert seen["air"]["lac"] == 0  # the Allied air points are lost with the colony
        assert board.friendly_base(s, "0311", "japanese", naval=True) is not None
        assert supply.refuels_at(s, "0311", "japanese") or not supply.base_supplied(s, "0311")
        assert "Hong Kong (0311) falls to the Japanese Player on Game-Turn 4" in "\n".join(
            e["text"] for e in R.view(s, "allied")["log"])
    s = campaign.new_state("campaign_2")  # Game 2 begins with Hong Kong Japanese: nothing to fall
    s["turn"] = 24
    campaign_play.step_one(s, ScriptedRng())
    assert "falls to the Japanese" not in "\n".join(e["text"] for e in s["log"])


# ------------------------------------------------------------------------------------------------ Thailand

@pytest.mark.rule("Campaign Game 1, Thailand 111")
def test_bangkok_becomes_japanese_once_a_japanese_land_unit_crosses_into_thailand():
    s = R.setup("campaign_1", {}, ScriptedRng())
    assert _base(s, "japanese", "0112")["side"] == "thailand"
    assert board.friendly_base(s, "0112", "japanese", naval=True) is None
    s = R.apply(s, "japanese", R.default_action(s, "japanese"), ScriptedRng())  # nobody in Thailand yet
    assert _base(s, "allied", "0112")["side"] == "thailand"
    s = R.setup("campaign_1", {}, ScriptedRng())
    _unit(s, "japanese", "20-40 Division")["hex"] = "0111"  # across the border (as if it had marched there)
    s = R.apply(s, "japanese", R.default_action(s, "japanese"), ScriptedRng())
    assert _base(s, "allied", "0112")["side"] == "japanese"
    assert board.friendly_base(s, "0112", "japanese", naval=True) is not None
    assert any("Bangkok (0112) is the Japanese Player's" in e["text"] for e in R.view(s, "allied")["log"])


# ------------------------------------------------------------------------------------------------ Philippines

@pytest.mark.rule("Campaign Game 1, Phillipine Fortifications")
def test_an_allied_unit_moving_onto_348_entrenches_in_the_same_phase_without_a_die():
    s = _at(R.setup("campaign_1", {}, ScriptedRng()), "land_move", "allied")
    div = next(u for u in s["land"].values() if u["hex"] == "0381" and u["name"] == "30-50 Division")  # Luzon
    assert supply.supplied(s, div)
    # no die is scripted: a roll would fail the test (ScriptedRng runs dry)
    out = R.apply(s, "allied", {"verb": "land_move", "args": {"moves": {div["id"]: "0348"}, "entrench": [div["id"]],
                                                              "disentrench": []}}, ScriptedRng())
    seen = next(u for u in R.view(out, "japanese")["land"] if u["id"] == div["id"])
    assert seen["hex"] == "0348" and seen["entrenched"]
    # elsewhere the same order is refused (a unit that moves may not entrench) and entrenching stays a die roll
    with pytest.raises(IllegalAction, match=r"moves this phase and may not entrench: .*\(rule Movement \(I\)\)"):
        R.apply(s, "allied", {"verb": "land_move", "args": {"moves": {div["id"]: "0380"}, "entrench": [div["id"]],
                                                            "disentrench": []}}, ScriptedRng())
    out = R.apply(s, "allied", {"verb": "land_move", "args": {"moves": {}, "entrench": [div["id"]],
                                                              "disentrench": []}}, ScriptedRng([6]))
    assert not out["land"][div["id"]]["entrenched"]  # Entrenchment (C): the Allies need 1 or 2


@pytest.mark.rule("Campaign Game 1, Phillipine Fortifications")
def test_an_isolated_unit_on_348_entrenches_and_is_immune_to_isolation_for_eight_game_turns(monkeypatch):
    s = _at(R.setup("campaign_1", {}, ScriptedRng()), "land_move", "allied")
    div = next(u for u in s["land"].values() if u["hex"] == "0381" and u["name"] == "30-50 Division")
    div["hex"] = "0348"
    real = supply.unit_supplied
    monkeypatch.setattr(supply, "unit_supplied", lambda st, u, known=None: False if u["hex"] == "0348"
                        else real(st, u, known))
    assert not supply.supplied(s, div)  # isolated, not entrenched: out of supply
    out = R.apply(s, "allied", {"verb": "land_move", "args": {"moves": {}, "entrench": [div["id"]],
                                                              "disentrench": []}}, ScriptedRng())
    d = out["land"][div["id"]]
    assert d["entrenched"] and supply.supplied(out, d)  # "if isolated on hex 348 it may entrench"
    for n in range(1, 9):
        special.count_isolation(out)
        assert d["isolated_turns"] == n
        assert supply.supplied(out, d) == (n < 8)  # the first eight Game-Turns out of supply do not tell
    assert "no longer shield it" in out["log"][-1]["text"] and out["log"][-1]["to"] == "allied"
    assert "isolated" not in "\n".join(e["text"] for e in R.view(out, "japanese")["log"])  # his own supply line


@pytest.mark.rule("Campaign Game 1, Phillipine Fortifications")
def test_japan_may_not_use_the_manila_naval_base_until_348_is_cleared_of_allied_forces():
    s = R.setup("campaign_1", {}, ScriptedRng())
    for u in s["land"].values():  # Japan has taken Manila (381); the fortifications still hold
        if u["hex"] == "0381" and u["side"] == "allied":
            u["destroyed"], u["hex"] = True, None
    _unit(s, "japanese", "20-40 Division")["hex"] = "0381"
    s["bases"]["0381"]["side"] = "japanese"
    ship = next(x for x in s["ships"].values() if x["side"] == "japanese")
    ship["hex"], ship["at_sea"] = "0381", 2
    s = R.apply(s, "japanese", R.default_action(s, "japanese"), ScriptedRng())
    assert board.friendly_base(s, "0381", "japanese", naval=True) is None
    assert board.friendly_base(s, "0381", "japanese") is not None  # the air base is not barred
    for u in list(s["land"].values()):  # the Allied forces on 348 eliminated ...
        if u["hex"] == "0348":
            u["destroyed"], u["hex"] = True, None
    s = R.apply(s, "allied", R.default_action(s, "allied"), ScriptedRng())
    assert board.friendly_base(s, "0381", "japanese", naval=True) is None  # ... but not yet occupied
    _unit(s, "japanese", "20-40 Division")["hex"] = "0348"
    role = R.acting(s)[0]
    s = R.apply(s, role, R.default_action(s, role), ScriptedRng())
    assert board.friendly_base(s, "0381", "japanese", naval=True) is not None
    assert any("may use the Manila Naval Base" in e["text"] for e in R.view(s, "allied")["log"])


# ------------------------------------------------------------------------------------------------ Australia

def _landed(scenario="campaign_2"):
    s = R.setup(scenario, {}, ScriptedRng())
    _unit(s, "japanese", "20-40 Division")["hex"] = "0463"  # ashore in Australia
    return R.apply(s, "japanese", R.default_action(s, "japanese"), ScriptedRng())


@pytest.mark.rule("Campaign Game 1, Australian Reserves 463")
@pytest.mark.rule("Campaign Game 2, Australian Reserves")  # "Same as Campaign Game One": played here in Game 2
def test_a_japanese_landing_in_australia_gives_the_allies_a_choice_of_bases_for_the_reserves():
    s = _landed()
    assert R.acting(s) == ["allied"] and R.sequence.kind(s) == "reserves"
    p = R.prompts(s)["allied"]
    assert p["info"]["bases"] == ["0668", "0698"] and p["info"]["divisions"] == 3
    before = sum(1 for u in s["land"].values() if u["side"] == "allied" and u["name"] == "30-50 Division")
    out = R.apply(s, "allied", {"verb": "place", "args": {"bases": ["0668"]}}, ScriptedRng())
    divs = [u for u in R.view(out, "japanese")["land"] if u["side"] == "allied" and u["name"] == "30-50 Division"]
    assert len(divs) == before + 1 and any(u["hex"] == "0668" for u in divs)
    assert sequence.row(out)[:3] == ("3", "land_move", "allied")  # the sequence goes on where it was
    # offered once: a second landing raises nothing
    _unit(out, "japanese", "20-40 Division")["hex"] = "0463"
    out = R.apply(out, "allied", R.default_action(out, "allied"), ScriptedRng())
    assert R.sequence.kind(out) != "reserves"


@pytest.mark.rule("Campaign Game 1, Australian Reserves 463")
def test_the_reserves_go_one_to_a_supplied_allied_naval_base_in_australia():
    s = _landed("campaign_1")
    for bad, says in ((["0668", "0668"], "choose each value at most once"),  # one division to a base
                      (["1456"], '"hex 1456" is not on the list')):  # not in Australia
        with pytest.raises(MalformedAction, match=says):
            R.apply(s, "allied", {"verb": "place", "args": {"bases": bad}}, ScriptedRng())
    reserves = r"is not an Allied naval base in Australia in supply.*\(rule Campaign Game 1, Australian Reserves 463\)"
    with pytest.raises(IllegalAction, match="hex 0463 " + reserves):
        R.apply(s, "allied", {"verb": "place", "args": {"bases": ["0463"]}}, ScriptedRng())
    s["bases"]["0668"]["side"] = "japanese"  # a base the Allies no longer control
    with pytest.raises(IllegalAction, match="hex 0668 " + reserves):
        R.apply(s, "allied", {"verb": "place", "args": {"bases": ["0668"]}}, ScriptedRng())


@pytest.mark.rule("Campaign Game 1, Australian Reserves 463")
def test_the_missed_order_and_the_computer_place_every_division_they_can():
    s = _landed()
    near = sorted(["0698", "0668"], key=lambda h: grid.distance(h, "0463"))
    assert R.default_action(s, "allied")["args"]["bases"] == near  # nearest the landing (463) first
    order = R.bots["allied"](R.view(s, "allied"), R.prompts(s)["allied"], SeededRng(1))
    out = R.apply(s, "allied", order, ScriptedRng())
    assert {u["hex"] for u in out["land"].values() if u["side"] == "allied" and u["name"] == "30-50 Division"} \
        >= {"0698", "0668"}
    for seed in range(5):  # random play answers legally
        R.check(s, "allied", R.random_action(s, "allied", SeededRng(seed)))


@pytest.mark.rule("Campaign Game 1, Australian Reserves 463")
def test_no_reserves_in_a_mini_game():
    assert campaigndata.in_force(board.new_state(scenario="coral_sea")) == {}


@pytest.mark.rule("Campaign Game 3, Special Game Rules")
def test_campaign_game_3_plays_game_one_s_special_rules_and_game_two_s_burma_rule():
    """The printed rule: 'Use the same special game rules as Campaign Game One, and the Burma Rule from Campaign Game
    Two.'"""
    one, two, three = (R.setup(f"campaign_{n}", {}, ScriptedRng()) for n in (1, 2, 3))
    assert set(campaigndata.in_force(three)) == set(campaigndata.in_force(one)) | {"burma_reinforcement"}
    assert "burma_reinforcement" in campaigndata.in_force(two) and "midway" not in campaigndata.in_force(three)
    assert sequence.row(three)[:3] == ("Pre-Game-Turn", "naval", "japanese")  # Game One's Shock Effect first
