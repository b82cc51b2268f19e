"""Each rule of Pacific War 1942: Solitaire, cited by its heading, proven with scripted dice."""
import pytest

from app.engine.errors import IllegalAction
from app.games.pacific_war_1942 import rules
from tests.games.pacific_war_1942.helpers import (actions_phase, asked, at, attack, bot_acts, labels, new_game,
                                                  play, verbs, where)


def fronts_view(s):
    return {f["id"]: f for f in rules.view(s, "allied")["fronts"]}


# --- Game Board / Game Components and Set Up -----------------------------------------------------------------

@pytest.mark.rule("Game Components and Set Up")
def test_setup_places_the_markers_as_printed():
    s = new_game()
    v = fronts_view(s)
    assert [(v[f]["allied_location"], v[f]["japanese_location"]) for f in v] == [
        ("Burma", "Rangoon"), ("Kunming", "Chungking"), ("Port Moresby", "Guadalcanal"), ("Midway", "Tarawa")]
    view = rules.view(s, "allied")
    assert {x["control"] for x in view["seas"]} == {"japanese"}
    assert view["turn"] == 1 and view["europe"] == 0
    assert not any(f["reserve"] or f["japanese_reserve"] or f["stalled"] for f in v.values())


@pytest.mark.rule("Game Board")
def test_each_front_lies_in_its_sea_area_and_china_in_none():
    v = fronts_view(new_game())
    assert {f: v[f]["sea_name"] for f in v} == {"india": "Indian Ocean", "china": None,
                                                "southwest_pacific": "Southwest Pacific",
                                                "central_pacific": "Central Pacific"}
    # Japanese control of every sea gives -1 to Allied attacks on the three sea fronts, never on China.
    assert [d["id"] for d in v["china"]["attack"]["drms"]] == []
    assert [d["id"] for d in v["central_pacific"]["attack"]["drms"]] == ["defender_sea_control"]


# --- Sequence of Play Each Turn / Using Action Charts --------------------------------------------------------

@pytest.mark.rule("Sequence of Play Each Turn")
def test_a_turn_is_ap_roll_actions_bot_action_then_the_next_turn():
    """The player is asked only what the rules make them decide: the AP roll and the BOT's roll are made as the walk
    reaches them (no button to press), and the log shows each die."""
    s = new_game(ap_die=1)  # AP Chart 1: 1 AP, rolled as turn 1 begins
    assert asked(s) == "Turn 1: Spend your Action Points — 1 AP left"
    assert "roll_ap" not in verbs(s) and rules.view(s, "allied")["ap_roll"] == 1
    before = len(s["log"])
    # the last AP spent: the BOT rolls its chart (1, Europe First: no attack die), the turn ends, turn 2's AP roll (2)
    s = play(s, {"verb": "add_reserve", "args": {"front": "china"}}, dice=[1, 2])
    assert asked(s) == "Turn 2: Spend your Action Points — 2 AP left"
    assert [line["text"] for line in s["log"][before:]] == [
        "The Allies add a reserve to the China front.",
        "Japanese BOT action: die 1, Europe First: Place the Europe marker in the Europe First Box. Stall the Allied "
        "India front.",
        "A Europe marker is placed in the Europe First Box: Allied attacks on the India and China fronts get -2 DRM "
        "until every Europe marker is removed.",
        "The Allied India front is stalled: it may not attack until an action flips it back to active.",
        "Turn 2 begins (Apr-Jun 1942).",
        "Turn 2 (Apr-Jun 1942): Action Points roll 2: 2 AP."]


@pytest.mark.rule("Using Action Charts")
@pytest.mark.parametrize("roll,ap", [(1, 1), (2, 2), (3, 3), (4, 3), (5, 4), (6, 4)])
def test_the_ap_chart_gives_one_to_four_actions(roll, ap):
    s = new_game(ap_die=roll)
    assert rules.view(s, "allied")["ap"] == ap
    assert f"{ap} AP left" in rules.prompts(s)["allied"]["title"]


@pytest.mark.rule("Using Action Charts")
def test_unspent_ap_cannot_be_saved():
    s = bot_acts(actions_phase(ap=3), [1], ap_die=1)  # 3 AP given up; the BOT's Europe First; turn 2: AP roll 1
    assert s["turn"] == 2 and s["ap"] == 1 and asked(s) == "Turn 2: Spend your Action Points — 1 AP left"


@pytest.mark.rule("Using Action Charts")
def test_the_lost_ap_are_counted_in_words():
    for ap, words in ((1, "1 unused AP is lost"), (3, "3 unused AP are lost")):
        s = actions_phase(ap=ap)
        ended = bot_acts(s, [1])["log"][len(s["log"])]  # the line before the BOT's
        assert ended["text"] == f"The Allied player ends the actions phase; {words}."


@pytest.mark.rule("Using Action Charts")
def test_every_action_costs_one_ap():
    s = actions_phase(ap=4)
    s["europe"] = True
    s["fronts"]["china"]["stalled"] = True
    s = play(s, {"verb": "add_reserve", "args": {"front": "india"}}, "remove_europe",
             {"verb": "activate", "args": {"front": "china"}})
    assert s["ap"] == 1 and s["fronts"]["india"]["reserve"] and not s["europe"]
    assert not s["fronts"]["china"]["stalled"]
    s = play(s, attack("china"), dice=[1, 1, 3])  # the last AP: then the BOT (1, Europe First) and turn 2's AP roll
    assert s["turn"] == 2 and any(line["text"].startswith("Japanese BOT action: die 1") for line in s["log"])


@pytest.mark.rule("Using Action Charts")
def test_a_stalled_front_may_not_attack_until_flipped_back():
    s = actions_phase()
    s["fronts"]["central_pacific"]["stalled"] = True
    assert not any("Attack Tarawa" in x for x in labels(s))
    assert "Flip the stalled Central Pacific front back to active — 1 AP" in labels(s)
    with pytest.raises(IllegalAction, match="stalled"):
        play(s, attack("central_pacific"), dice=[6])
    s = play(s, {"verb": "activate", "args": {"front": "central_pacific"}}, attack("central_pacific"), dice=[6])
    assert where(s, "central_pacific") == "Tarawa"


@pytest.mark.rule("Using Action Charts")
@pytest.mark.parametrize("roll,stalled", [(1, "india"), (3, "china"), (5, "central_pacific")])
def test_japanese_actions_stall_allied_fronts(roll, stalled):
    dice = [roll] if roll == 1 else [roll, 1]  # the attack rows roll their attack die too
    s = bot_acts(new_game(), dice)
    assert fronts_view(s)[stalled]["stalled"] is True


# --- Resolving Land Front Attacks ----------------------------------------------------------------------------

@pytest.mark.rule("Resolving Land Front Attacks")
def test_a_japanese_advance_pushes_the_allied_marker_back_one_location():
    s = bot_acts(new_game(), [5, 3])  # Central Pacific offensive, die 3 (-1 nothing: Japanese sea)
    v = fronts_view(s)["central_pacific"]
    assert (v["allied_location"], v["japanese_location"]) == ("Hawaii", "Midway")


@pytest.mark.rule("Resolving Land Front Attacks")
def test_fortified_and_sea_control_drms_are_cumulative():
    s = at("southwest_pacific", "new_guinea", actions_phase())  # next: Rabaul, fortified, Japanese sea
    assert "Attack Rabaul (Southwest Pacific front) — succeeds on 5-6 — 1 AP" in labels(s)
    s = play(s, attack("southwest_pacific"), attack("southwest_pacific"), dice=[4, 5])
    assert where(s, "southwest_pacific") == "Rabaul"


# --- Allied Army Reserves ------------------------------------------------------------------------------------

@pytest.mark.rule("Allied Army Reserves")
def test_a_reserve_rerolls_a_failed_allied_attack_and_is_removed():
    s = actions_phase()
    s = play(s, {"verb": "add_reserve", "args": {"front": "southwest_pacific"}}, attack("southwest_pacific"),
             dice=[1])  # a reserve can be added and used in the same turn (Key Game Concepts)
    assert verbs(s) == ["use_reserve", "accept"] and where(s, "southwest_pacific") == "Port Moresby"
    s = play(s, "use_reserve", dice=[4])
    assert where(s, "southwest_pacific") == "Guadalcanal"
    assert not s["fronts"]["southwest_pacific"]["reserve"]
    assert asked(s) == "Turn 1: Spend your Action Points — 2 AP left"


@pytest.mark.rule("Allied Army Reserves")
@pytest.mark.rule("Sequence of Play Each Turn")
def test_a_reserve_decision_after_the_last_ap_is_followed_by_the_bots_turn():
    """The failed attack spent the last AP: once the player has decided on the reserve, nothing is left to spend,
    and the BOT acts (no step asking to spend 0 AP)."""
    s = actions_phase(ap=1)
    s["fronts"]["china"]["reserve"] = True
    s = play(s, attack("china"), dice=[1])
    assert asked(s) == "Turn 1: Use the Allied reserve?"
    s = play(s, "accept", dice=[1, 4])  # the BOT's Europe First, then turn 2's AP roll
    assert asked(s) == "Turn 2: Spend your Action Points — 3 AP left" and s["fronts"]["china"]["reserve"]


@pytest.mark.rule("Allied Army Reserves")
def test_keeping_the_reserve_accepts_the_failure():
    s = actions_phase()
    s["fronts"]["china"]["reserve"] = True
    s = play(s, attack("china"), "accept", dice=[2])
    assert where(s, "china") == "Kunming" and s["fronts"]["china"]["reserve"] is True


@pytest.mark.rule("Allied Army Reserves")
def test_a_reserve_can_reroll_a_successful_japanese_attack():
    s = new_game()
    s["fronts"]["china"]["reserve"] = True
    s = bot_acts(s, [3, 6])  # Ichi-Go attacks China: 6 succeeds
    assert labels(s) == ["Use the China front reserve to re-roll (it is removed; the Japanese advance on 3-6)",
                         "Keep the reserve: the Japanese take Kunming"]
    assert where(s, "china") == "Kunming"  # not yet pushed back: the player decides first
    s = play(s, "use_reserve", dice=[2, 1])  # the re-roll, then (the BOT's row done, the turn over) turn 2's AP roll
    assert where(s, "china") == "Kunming" and not s["fronts"]["china"]["reserve"]
    assert s["fronts"]["china"]["stalled"] and s["turn"] == 2  # the BOT finished its row, the turn ended


@pytest.mark.rule("Allied Army Reserves")
def test_the_limit_is_one_reserve_per_front_and_it_moves_with_the_front():
    s = actions_phase()
    s = play(s, {"verb": "add_reserve", "args": {"front": "india"}})
    assert "Add a reserve to the India front (one re-roll of a land attack there) — 1 AP" not in labels(s)
    with pytest.raises(IllegalAction, match="limit 1 per front"):
        play(s, {"verb": "add_reserve", "args": {"front": "india"}})
    s = play(s, attack("india"), attack("india"), dice=[6, 6])  # Europe not in play, Japanese sea: 4-6
    assert where(s, "india") == "Bangkok" and fronts_view(s)["india"]["reserve"] is True


@pytest.mark.rule("Allied Army Reserves")
def test_a_reserve_does_not_reroll_a_sea_attack():
    s = actions_phase()
    s["fronts"]["southwest_pacific"]["reserve"] = True
    s = play(s, {"verb": "attack_sea", "args": {"sea": "southwest_pacific"}}, dice=[1])
    assert asked(s) == "Turn 1: Spend your Action Points — 3 AP left" and s["fronts"]["southwest_pacific"]["reserve"]


# --- Japanese Army Reserves ----------------------------------------------------------------------------------

@pytest.mark.rule("Japanese Army Reserves")
def test_a_japanese_reserve_gives_minus_one_and_flips_back_when_beaten():
    s = bot_acts(new_game(), [4, 1])  # South Seas offensive fails, then the marker flips to reserve
    assert fronts_view(s)["southwest_pacific"]["japanese_reserve"] is True
    s = actions_phase(s)
    assert "Attack Guadalcanal (Southwest Pacific front) — succeeds on 5-6 — 1 AP" in labels(s)
    s = play(s, attack("southwest_pacific"), attack("southwest_pacific"), dice=[4, 5])
    v = fronts_view(s)["southwest_pacific"]
    assert (v["allied_location"], v["japanese_location"], v["japanese_reserve"]) == (
        "Guadalcanal", "New Guinea", False)


# --- Europe First Box ----------------------------------------------------------------------------------------

@pytest.mark.rule("Europe First Box")
def test_the_europe_marker_gives_minus_two_on_india_and_china_only():
    s = bot_acts(new_game(), [1])
    assert rules.view(s, "allied")["europe"] == 1
    s = actions_phase(s)
    assert "Attack Chungking (China front) — succeeds on 5-6 — 1 AP" in labels(s)
    assert "Attack Tarawa (Central Pacific front) — succeeds on 4-6 — 1 AP" in labels(s)
    s = play(s, {"verb": "activate", "args": {"front": "india"}})  # Europe First also stalled India
    assert "Attack Rangoon (India front) — succeeds on 6 — 1 AP" in labels(s)  # -2 Europe, -1 Japanese sea
    s = play(s, "remove_europe")
    assert "Attack Chungking (China front) — succeeds on 3-6 — 1 AP" in labels(s)
    assert "Attack Rangoon (India front) — succeeds on 4-6 — 1 AP" in labels(s)


@pytest.mark.rule("Europe First Box")
@pytest.mark.rule("Using Action Charts")
@pytest.mark.rule("Victory Calculation")
def test_europe_markers_stack_and_each_costs_an_action_to_remove():
    """Set Up's "Europe markers" and the action "Remove 1 Europe marker": a second Europe First result adds a
    second marker (not ignored); the -2 DRM and the -2 VP apply once while any is in play ("if", not "for each")."""
    s = bot_acts(bot_acts(new_game(), [1]), [1])
    assert rules.view(s, "allied")["europe"] == 2
    assert "Another Europe marker is placed in the Europe First Box: 2 are in play." in [x["text"] for x in s["log"]]
    assert [(line["id"], line["vp"]) for line in rules.view(s, "allied")["score"]["lines"] if line["id"] == "europe"] \
        == [("europe", -2)]
    s = actions_phase(s, ap=3)
    assert "Remove 1 Europe marker (2 in play: the -2 DRM on India and China stays until the last is removed) — 1 AP" \
        in labels(s)
    s = play(s, "remove_europe")
    assert s["europe"] == 1 and "Attack Chungking (China front) — succeeds on 5-6 — 1 AP" in labels(s)
    s = play(s, "remove_europe")
    assert s["europe"] == 0 and "Attack Chungking (China front) — succeeds on 3-6 — 1 AP" in labels(s)
    assert "remove_europe" not in verbs(s)


# --- Key Game Concepts ---------------------------------------------------------------------------------------

@pytest.mark.rule("Key Game Concepts")
def test_the_same_location_may_be_attacked_again_while_ap_remain():
    s = play(actions_phase(ap=3), attack("china"), attack("china"), attack("china"), dice=[1, 2, 3, 1, 1])
    assert where(s, "china") == "Chungking" and s["turn"] == 2  # then the BOT (Europe First) and turn 2's AP roll


@pytest.mark.rule("Key Game Concepts")
def test_the_last_location_taken_puts_the_allied_marker_outside_and_it_can_be_retaken():
    s = bot_acts(at("central_pacific", "hawaii", new_game()), [5, 6])
    v = fronts_view(s)["central_pacific"]
    assert v["allied_outside"] and v["japanese_location"] == "Hawaii"
    assert rules.view(s, "allied")["instant_threat"] == ["Hawaii"]
    s = actions_phase(s)
    s["fronts"]["central_pacific"]["stalled"] = False
    s = play(s, attack("central_pacific"), dice=[4])
    assert where(s, "central_pacific") == "Hawaii"


@pytest.mark.rule("Key Game Concepts")
def test_a_bot_action_that_cannot_be_played_is_ignored():
    s = bot_acts(new_game(), [6])  # Kido Butai: the Allies control no sea area
    v = rules.view(s, "allied")
    assert v["last_bot"]["results"] == ["The Allies control no sea area: ignored."]
    assert v["turn"] == 2 and {x["control"] for x in v["seas"]} == {"japanese"}


@pytest.mark.rule("Key Game Concepts")
def test_kido_butai_attacks_the_first_allied_sea_area():
    s = new_game()
    s["seas"]["southwest_pacific"] = s["seas"]["indian_ocean"] = "allied"
    s = bot_acts(s, [6, 4])
    assert s["seas"] == {"central_pacific": "japanese", "southwest_pacific": "japanese", "indian_ocean": "allied"}


@pytest.mark.rule("Key Game Concepts")
def test_attacks_on_japan_have_minus_two_and_only_one_allied_marker_occupies_it():
    s = at("southwest_pacific", "okinawa", at("central_pacific", "iwo_jima", actions_phase()))
    s["seas"]["southwest_pacific"] = s["seas"]["central_pacific"] = "allied"
    assert "Attack Japan (Southwest Pacific front) — succeeds on 5-6 — 1 AP" in labels(s)
    s = play(s, attack("southwest_pacific"), dice=[5])
    v = rules.view(s, "allied")
    assert v["japan"]["occupied_by_front"] == "southwest_pacific"
    assert v["fronts"][2]["japanese_beside_japan"] is True
    assert v["fronts"][3]["japanese_beside_japan"] is True  # no Japanese marker may stand in Allied-held Japan
    assert not any("Attack Japan (Central Pacific" in x for x in labels(s))
    with pytest.raises(IllegalAction, match="Only one Allied front marker"):
        play(s, attack("central_pacific"), dice=[6])


@pytest.mark.rule("Key Game Concepts")
def test_japanese_markers_beside_japan_attack_the_allied_marker_in_japan():
    s = at("southwest_pacific", "japan", new_game())
    s["seas"]["southwest_pacific"] = "allied"
    s = bot_acts(s, [4, 6])  # die 6, -2 Japan, -1 Allied sea: modified 3 advances
    assert where(s, "southwest_pacific") == "Okinawa"
    assert rules.view(s, "allied")["japan"]["occupied_by_front"] is None


# --- How to Win ----------------------------------------------------------------------------------------------

@pytest.mark.rule("How to Win")
def test_two_allied_locations_lost_is_an_instant_japanese_victory_at_end_of_turn():
    s = bot_acts(at("china", "outside", at("central_pacific", "hawaii", new_game())), [5, 6])
    o = rules.outcome(s)
    assert o["winner"] == "japanese" and o["level"] == "instant" and "Hawaii" in o["reason"]
    assert o["reason"].endswith(f"The score stood at {o['score']['allied']} VP.")  # no band to contradict it
    assert rules.prompts(s) == {}


@pytest.mark.rule("How to Win")
def test_one_allied_location_lost_is_not_yet_a_victory():
    s = bot_acts(at("china", "outside", new_game()), [1])
    assert rules.outcome(s) is None and s["turn"] == 2


@pytest.mark.rule("How to Win")
def test_the_game_ends_after_the_last_turn():
    s = new_game()
    s["turn"] = 16
    s = bot_acts(s, [1])
    o = rules.outcome(s)
    assert o["reason"].startswith("The last game turn")
    assert o["score"] == {"allied": -10}  # -6 three Japanese seas, -2 Europe marker, -2 no bomb
    with pytest.raises(IllegalAction, match="The game is over") as refused:
        play(s, attack("china"), dice=[3])
    assert refused.value.rule == "How to Win"


@pytest.mark.rule("How to Win")
def test_the_atomic_bomb_is_dropped_from_turn_15_with_saipan_held_and_ends_the_game():
    s = at("central_pacific", "saipan", new_game())
    s["turn"] = 14
    s = bot_acts(s, [1])
    assert rules.outcome(s) is None and s["turn"] == 15 and not s["bomb"]
    s = bot_acts(s, [1])
    o = rules.outcome(s)
    assert s["bomb"] and "Atomic Bomb" in o["reason"]
    assert "no_bomb" not in [line["id"] for line in rules.view(s, "allied")["score"]["lines"]]


@pytest.mark.rule("Using Action Charts")
def test_the_pages_live_check_refuses_an_attack_on_a_stalled_front_without_rolling_or_changing_anything():
    import copy

    s = actions_phase()
    s["fronts"]["china"]["stalled"] = True
    before = copy.deepcopy(s)
    with pytest.raises(IllegalAction, match="China front is stalled") as refused:
        rules.check(s, "allied", {"verb": "attack_front", "args": {"front": "china"}})
    assert refused.value.rule == "Using Action Charts"
    assert s == before
    rules.check(s, "allied", {"verb": "attack_front", "args": {"front": "india"}})  # allowed: no error, no die
    assert s == before
