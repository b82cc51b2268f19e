"""Victory points (7a3) and the end of the game (6)."""
import pytest

from app.games.guadalcanal import victory
from tests.games.guadalcanal.helpers import new_game


def score(**changes):
    s = new_game()
    for uid, change in changes.items():
        s["units"][uid.replace("_", "-")].update(change)
    return victory.points(s)


ELIM = {"box": "eliminated", "location": None}


@pytest.mark.rule("7a3")
def test_a_cv_eliminated_is_25_and_a_cv_flipped_is_10():
    assert score(ij_junyo=ELIM, ij_shokaku={"face": "back"}) == {"allied": 35, "japanese": 0}


@pytest.mark.rule("7a3.1")
def test_air_combat_units_score_2_only_if_eliminated_and_scouts_nothing():
    assert score(us_b8=ELIM, us_t6={"face": "back"}, us_ss=ELIM) == {"allied": 0, "japanese": 2}


@pytest.mark.rule("7a3.2")
def test_dd_13_starts_flipped_so_its_elimination_is_worth_7_and_its_flip_nothing():
    assert score(ij_dd13=ELIM) == {"allied": 7, "japanese": 0}
    assert score(us_dd6=ELIM) == {"allied": 0, "japanese": 14}
    assert score() == {"allied": 0, "japanese": 0}  # DD #13 and the "(back)" air units start flipped: no points
    assert score(us_sb141=ELIM) == {"allied": 0, "japanese": 1}  # an air unit that started flipped: half of 2


@pytest.mark.rule("7a3.3")
def test_bases_and_hit_markers_are_worth_nothing():
    assert score(ij_rabaul=ELIM, ij_junyo={"hits": 2}) == {"allied": 0, "japanese": 0}


@pytest.mark.rule("10d")
def test_example_10d_hornet_and_junyo_flipped_score_10_each():
    assert score(us_hornet={"face": "back", "hits": 1}, ij_junyo={"face": "back"}) == {"allied": 10, "japanese": 10}


@pytest.mark.rule("7a3")
def test_the_level_follows_the_reconstructed_7f4_1_pattern():
    s = new_game()
    s["units"]["us-hornet"]["face"] = "back"  # Japan 10, Allies 0: Japan wins by 5 or more
    assert victory.outcome(s)["winner"] == "japanese"
    s["units"]["ij-zuiho"]["face"] = "back"  # Allies 6: Japan is 4 ahead, a tie
    assert victory.outcome(s)["winner"] is None and victory.outcome(s)["level"] == "tie"
    s["units"]["ij-junyo"]["face"] = "back"  # Allies 16: more than Japan
    assert victory.outcome(s)["winner"] == "allied"
