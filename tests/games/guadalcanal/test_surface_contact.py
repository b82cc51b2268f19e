"""Option 16a (surface contact) and 16b2 (task force facing): who fights, and which way the ship units face."""
from __future__ import annotations

import pytest

from app.games.guadalcanal.surface import contact


@pytest.mark.rule("16a")
def test_contact_when_both_sides_hold_exact_information_in_the_hex():
    assert contact.contact(True, True) == contact.FIGHT


@pytest.mark.rule("16a")
def test_one_side_with_the_information_decides_and_without_any_there_is_no_contact():
    assert contact.contact(True, False) == "allied"
    assert contact.contact(False, True) == "japanese"
    assert contact.contact(False, False) is None


@pytest.mark.rule("16b2.1")
@pytest.mark.parametrize("enemy", ["N", "NE", "NW"])
def test_the_same_or_an_adjacent_hexside_gives_the_same_facing(enemy):
    # 16b2.4's example: Task Force 16 entered heading north; directions A, B and C are its hexside and the two beside
    assert contact.relation(["N"], [enemy]) == "same"


@pytest.mark.rule("16b2.2")
@pytest.mark.parametrize("enemy", ["SE", "S", "SW"])
def test_opposite_or_non_adjacent_hexsides_give_opposite_facings(enemy):
    assert contact.relation(["N"], [enemy]) == "opposite"


@pytest.mark.rule("16b2.3")
def test_when_both_apply_the_ships_face_the_same_way():
    assert contact.relation(["N"], ["NE", "SW"]) == "same"  # 16b2.4: one enemy from A, another from F
    assert contact.relation(["N", "S"], ["S"]) == "same"


@pytest.mark.rule("16b2.4")
def test_the_printed_example_all_enemies_from_d_e_f_face_opposite():
    assert contact.relation(["N"], ["SE", "S", "SW"]) == "opposite"
    assert contact.relation(["N"], ["N", "NE", "NW"]) == "same"
