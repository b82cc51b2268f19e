"""Victory Calculation and the Score bands, each band boundary reached by a finished game."""
import pytest

from app.games.pacific_war_1942 import rules
from tests.games.pacific_war_1942.helpers import at, bot_acts, new_game


def finish(positions: dict[str, str], seas: str = "allied") -> dict:
    """Play the BOT's last action of turn 16 (Europe First, already in play: nothing moves) and end the game."""
    s = new_game()
    for front, loc in positions.items():
        at(front, loc, s)
    s["seas"] = {k: seas for k in s["seas"]}
    s["europe"] = True
    s["turn"] = 16
    return bot_acts(s, [1])["outcome"]  # the whole calculation, as the view shows it


# Each case: +3 three Allied seas, -2 Europe marker, and -2 unless the Central front holds Saipan (the bomb).
BOUNDARIES = [
    # Central Saipan 4 (bomb), SWP Okinawa 5, China Wuhan 3, India Singapore 3 + 3: 4+5+3+6+1 = 19
    ({"central_pacific": "saipan", "southwest_pacific": "okinawa", "china": "wuhan", "india": "singapore"},
     19, "allied", "victory"),
    ({"central_pacific": "saipan", "southwest_pacific": "okinawa", "china": "changsha", "india": "singapore"},
     18, None, "draw"),
    # Central Saipan 4, SWP Rabaul 3, China Changsha 2, India Saigon 3: 4+3+2+3+1 = 13
    ({"central_pacific": "saipan", "southwest_pacific": "rabaul", "china": "changsha", "india": "saigon"},
     13, None, "draw"),
    ({"central_pacific": "saipan", "southwest_pacific": "rabaul", "china": "chungking", "india": "saigon"},
     12, "japanese", "victory"),
    # Central Kwajalein 2 (no bomb: -2), SWP Philippines 4, China Changsha 2, India Burma 0: 2+4+2+0+1-2 = 7
    ({"central_pacific": "kwajalein", "southwest_pacific": "philippines", "china": "changsha", "india": "burma"},
     7, "japanese", "victory"),
    ({"central_pacific": "kwajalein", "southwest_pacific": "philippines", "china": "chungking", "india": "burma"},
     6, "japanese", "decisive"),
]


@pytest.mark.rule("Score")
@pytest.mark.parametrize("positions,total,winner,level", BOUNDARIES, ids=[str(b[1]) for b in BOUNDARIES])
def test_score_bands_at_each_boundary(positions, total, winner, level):
    o = finish(positions)
    assert (o["score"]["total"], o["winner"], o["level"]) == (total, winner, level)


@pytest.mark.rule("Victory Calculation")
def test_japan_counts_six_singapore_three_and_neither_counts_as_a_location():
    o = finish({"southwest_pacific": "japan", "india": "singapore"}, seas="japanese")
    lines = {line["id"]: line["vp"] for line in o["score"]["lines"] if line["id"] != "location"}
    locs = {line["text"].split(":")[1].split("(")[0].strip(): line["vp"]
            for line in o["score"]["lines"] if line["id"] == "location"}
    # SWP: Guadalcanal, New Guinea, Rabaul, Philippines, Okinawa (not Australia, Port Moresby, Japan)
    # India: Rangoon, Bangkok, Saigon (not India, Burma, Singapore)
    assert locs == {"Southwest Pacific front": 5, "India front": 3}
    assert lines == {"japan": 6, "singapore": 3, "japanese_sea": -6, "europe": -2, "no_bomb": -2}
    assert o["score"]["total"] == 6 + 3 + 5 + 3 - 6 - 2 - 2


@pytest.mark.rule("Victory Calculation")
def test_allied_seas_add_one_and_a_retreat_behind_the_start_scores_nothing():
    o = finish({"china": "outside", "india": "india"}, seas="allied")
    assert {line["id"]: line["vp"] for line in o["score"]["lines"]} == {"allied_sea": 3, "europe": -2, "no_bomb": -2}


@pytest.mark.rule("Victory Calculation")
def test_the_running_estimate_is_shown_while_playing():
    s = at("southwest_pacific", "new_guinea", new_game())
    v = rules.view(s, "allied")
    assert v["score"]["total"] == 2 - 6 - 2 and v["score"]["band"]["id"] == "japanese_decisive"


@pytest.mark.rule("Victory Calculation")
@pytest.mark.rule("Score")
def test_the_outcome_and_the_report_are_words_and_figures_for_a_person():
    s = new_game()
    s["turn"] = 16
    s = bot_acts(s, [1])  # Europe First: a Europe marker, India stalled; the game ends
    assert rules.outcome(s) == {
        "winner": "japanese", "level": "decisive", "score": {"allied": -10},
        "reason": "The last game turn has been played (How to Win). Final score -10 VP: Japanese win. "
                  "The Americans become an isolated nation and Great Britain loses the war."}
    r = rules.report(s)
    assert [(row["item"], row["vp"]) for row in r["vp"]] == [
        ("each sea area controlled by the Japanese (3 × -2 VP)", -6), ("Europe marker in play", -2),
        ("Atomic Bomb not dropped (the Soviet invasion of northern Japan)", -2)]
    assert r["score"] == {"allied": -10} and r["losses"] == {}
