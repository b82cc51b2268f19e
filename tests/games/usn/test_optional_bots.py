"""The computer players in the campaign games with the session-9 rules: the Japanese one marches two 20-40 Divisions
into Burma by Game-Turn 6 and two more by 18, and brings Bangkok's LAC to ten once the base is Japanese (Burma 76,
app/games/usn/march.py); with Garrisons on, both respect the garrisons."""
import pytest

from app.engine.rng import ScriptedRng, SeededRng
from app.games.usn import march

from .helpers import R, at


def _bots_through(scenario, options, turn, seed=1):
    players, dice = SeededRng(seed * 2 + 1), SeededRng(seed * 2)
    s = R.setup(scenario, options, dice)
    while s["turn"] <= turn and R.outcome(s) is None:
        prompts = R.prompts(s)
        role = players.choice(sorted(prompts))
        s = R.apply(s, role, R.bots[role](R.view(s, role), prompts[role], players), dice)
    return s


def _in_burma(s):
    return sorted(u["id"] for u in s["land"].values() if u["side"] == "japanese" and u["name"] == "20-40 Division"
                  and u["hex"] in ("0044", "0076"))


@pytest.mark.rule("Campaign Game 1, Burma 76")
def test_a_computer_vs_computer_campaign_is_not_lost_by_burma_76_at_game_turn_7():
    s = _bots_through("campaign_1", {"garrisons": True, "ferry_carriers": True, "japanese_variable_deployment": True,
                                     "choose_set_up": True}, 6)
    assert s["turn"] == 7 and not s.get("lost_by")
    assert len(_in_burma(s)) >= 2
    # the garrison stayed (Garrisons): the brigade at Saigon, at least five LAC in Saigon and Haiphong
    assert s["land"][s["garrisons"]["0181"]["units"][0]]["hex"] == "0181"
    assert s["bases"]["0181"]["air"]["lac"] >= 5 and s["bases"]["0177"]["air"]["lac"] >= 5


@pytest.mark.rule("Campaign Game 1, Burma 76")
@pytest.mark.rule("Entrenchment (B)")
def test_the_second_pair_of_divisions_marches_after_game_turn_6_an_entrenched_one_a_phase_later():
    """An entrenched division disentrenches at the end of the phase and marches in the next (Movement (I)); the
    computer used to move it in the same order that disentrenched it."""
    s = at(R.setup("campaign_3", {}, ScriptedRng()), "land_move", "japanese")
    s["turn"] = 7
    for uid in ("J-L1", "J-L2"):
        s["land"][uid]["hex"] = "0076"
    s["land"]["J-L3"]["entrenched"] = True
    prompt = R.prompts(s)["japanese"]
    assert prompt["info"]["may_move"]["J-L3"] == []  # not offered: it may not move entrenched (Movement (I))
    action = R.bots["japanese"](R.view(s, "japanese"), prompt, SeededRng(1))
    assert "J-L3" not in action["args"]["moves"] and action["args"]["moves"].get("J-L4") == "0145"
    assert action["args"]["disentrench"] == ["J-L3"] and "J-L1" not in action["args"]["moves"]
    after = R.apply(s, "japanese", action, SeededRng(2))
    assert not after["land"]["J-L3"]["entrenched"] and after["land"]["J-L3"]["hex"] == "0179"
    nxt = at(after, "land_move", "japanese")  # the next Japanese Land Movement Phase
    action = R.bots["japanese"](R.view(nxt, "japanese"), R.prompts(nxt)["japanese"], SeededRng(1))
    assert action["args"]["moves"].get("J-L3") == "0145"
    R.check(nxt, "japanese", action)
    # before Game-Turn 7 only two go
    s["turn"] = 6
    assert set(R.bots["japanese"](R.view(s, "japanese"), R.prompts(s)["japanese"],
                                  SeededRng(1))["args"]["moves"]) & {"J-L3", "J-L4"} == set()


@pytest.mark.rule("Campaign Game 1, Burma 76")
def test_the_japanese_computer_player_brings_ten_lac_to_bangkok_sparing_the_garrisons():
    s = at(R.setup("campaign_1", {"garrisons": True}, ScriptedRng()), "naval", "japanese")
    s["turn"] = 2  # past Game-Turn One, when the Shock Effect lets no Japanese air unit move in this phase
    assert march.bangkok_transfers(R.view(s, "japanese"), R.prompts(s)["japanese"], "japanese", []) == []  # Thai
    s["bases"]["0112"]["side"] = "japanese"  # the Thailand rule has handed the base over
    s["bases"]["0181"]["air"]["lac"] = 12  # Saigon: seven spare above the garrison's five
    action = R.bots["japanese"](R.view(s, "japanese"), R.prompts(s)["japanese"], SeededRng(1))
    to_bangkok = [r for r in action["args"].get("transfers", []) if r["to"] == "base:0112"]
    assert sum(r["points"] for r in to_bangkok) == 10
    assert sum(r["points"] for r in to_bangkok if r["from"] == "base:0181") <= 7
    R.check(s, "japanese", action)
