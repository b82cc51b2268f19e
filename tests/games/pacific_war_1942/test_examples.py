"""The rulebook's worked examples, replayed roll for roll with scripted dice."""
import pytest

from app.games.pacific_war_1942 import rules
from tests.games.pacific_war_1942.helpers import actions_phase, at, attack, bot_acts, new_game, play, where

LAND = "Resolving Land Front Attacks"


@pytest.mark.rule(LAND)
@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_port_moresby_attacks_guadalcanal_under_allied_sea_control(roll):
    # EXAMPLE: the Allies control the Southwest Pacific and attack Guadalcanal from Port Moresby:
    # 3-6 the Allied marker occupies Guadalcanal and the Japanese retreat to New Guinea; 1-2 it fails.
    s = actions_phase()
    s["seas"]["southwest_pacific"] = "allied"
    assert "Attack Guadalcanal (Southwest Pacific front) — succeeds on 3-6 — 1 AP" in \
        [a["label"] for a in rules.prompts(s)["allied"]["actions"]]
    s = play(s, attack("southwest_pacific"), dice=[roll])
    front = rules.view(s, "allied")["fronts"][2]
    if roll >= 3:
        assert (front["allied_location"], front["japanese_location"]) == ("Guadalcanal", "New Guinea")
    else:
        assert (front["allied_location"], front["japanese_location"]) == ("Port Moresby", "Guadalcanal")
    assert s["ap"] == 3


@pytest.mark.rule(LAND)
@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_same_attack_under_japanese_sea_control_has_minus_one(roll):
    # "Had the sea area been controlled by the Japanese a -1 DRM would have been applied."
    s = actions_phase()
    assert s["seas"]["southwest_pacific"] == "japanese"
    assert "Attack Guadalcanal (Southwest Pacific front) — succeeds on 4-6 — 1 AP" in \
        [a["label"] for a in rules.prompts(s)["allied"]["actions"]]
    s = play(s, attack("southwest_pacific"), dice=[roll])
    assert where(s, "southwest_pacific") == ("Guadalcanal" if roll >= 4 else "Port Moresby")


@pytest.mark.rule(LAND)
@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_bot_attacks_fortified_singapore_under_allied_sea_control(roll):
    # EXAMPLE: the BOT attacks the Allied marker at Singapore (fortified), the Allies control the Indian Ocean:
    # -1 fortified and -1 sea control; on 5 or 6 the Allies are pushed to Saigon and the Japanese take Singapore.
    s = at("india", "singapore", new_game())
    s["seas"]["indian_ocean"] = "allied"
    s = bot_acts(s, [2, roll])  # Japanese Action Chart 2: U-Go, attack the India front
    v = rules.view(s, "allied")
    india = v["fronts"][0]
    assert v["last_bot"]["name"] == "U-Go" and v["last_bot"]["roll"] == 2
    if roll >= 5:
        assert (india["allied_location"], india["japanese_location"]) == ("Saigon", "Singapore")
    else:
        assert (india["allied_location"], india["japanese_location"]) == ("Singapore", "Formosa")
    assert ("singapore" in [line["id"] for line in v["score"]["lines"]]) == (roll < 5)  # its 3 VP go with it
    assert any(f"die {roll}, -1 fortified, -1 defender sea control, modified {roll - 2}" in line["text"]
               for line in v["log"])


@pytest.mark.rule("Resolving Sea Area Ship Attacks")
@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_allied_attack_on_japanese_ships_in_the_southwest_pacific(roll):
    # EXAMPLE: the Japanese control the Southwest Pacific; on 4-6 the marker flips to the Allies, on 1-3 no effect.
    s = actions_phase()
    assert "Attack the Japanese ships in the Southwest Pacific — succeeds on 4-6 — 1 AP" in \
        [a["label"] for a in rules.prompts(s)["allied"]["actions"]]
    s = play(s, {"verb": "attack_sea", "args": {"sea": "southwest_pacific"}}, dice=[roll])
    seas = {x["id"]: x["control"] for x in rules.view(s, "allied")["seas"]}
    assert seas["southwest_pacific"] == ("allied" if roll >= 4 else "japanese")
