"""Issue 11 item 4: a side with nothing to decide in an air allocation (4.2 D, 14.11) or a reset section (4.2 J and
night F, 6.38) is not asked; the other side sees it only as "submitted or nothing to decide"."""
from __future__ import annotations

import pytest
from sol_core_helpers import both, kind, refused, start, submit, until

from app.games.solomons import rules
from app.games.solomons.sequence import current


def grounded(state, side):
    """The side's air cannot fly: no points at any base (10.6), no carrier force at sea."""
    for base in state["air"][side].values():
        base["lac"] = base["nac"] = 0
    for uid, u in state["units"].items():
        if u["side"] == side:
            u["nac"] = 0
    return state


@pytest.mark.rule("14.11")
def test_a_side_whose_air_cannot_fly_is_not_asked_for_an_air_allocation():
    s = until(start(3), "air", dice=[6] * 10, segment=1)
    assert set(rules.prompts(s)) == {"allied", "japanese"}  # Japan's LAC at Rabaul reaches the Americans in M
    s = grounded(s, "japanese")
    assert set(rules.prompts(s)) == {"allied"}
    assert rules.view(s, "allied")["waiting_for"]["japanese"] is False  # "submitted or nothing to decide"
    assert "nothing to decide" in refused(s, "japanese", {"missions": []}).message
    s = submit(s, "allied", {"missions": []}, *[6] * 50)
    assert (current(s)["segment"], kind(s)) != (1, "air")  # the allocation resolved without Japan


@pytest.mark.rule("6.38")
def test_a_side_with_no_force_at_sea_is_not_asked_to_abort_at_night():
    s = until(start(3), "reset", dice=[6] * 200, segment=2)
    assert not s["day"]
    # Game-Turn 1: the Americans are in M (to abort or not); Japan's default plot keeps every force in port
    assert set(rules.prompts(s)) == {"allied"}
    assert rules.view(s, "allied")["waiting_for"] == {"allied": True, "japanese": False}
    s = both(s, [6] * 200)
    assert (current(s)["segment"], kind(s)) != (2, "reset")


def test_the_harness_overlooks_only_whether_the_other_side_was_asked():
    """The non-interference harness (app/engine/testing.py) accepts exactly the difference the issue accepts: the
    other side's "has not yet submitted" vs "submitted or nothing to decide" at an air allocation or a reset, and
    only there; the side's own line and every other field are compared as they are."""
    s = until(start(3), "air", dice=[6] * 10, segment=1)
    view = rules.view(s, "allied")
    seen = rules.noticeable(view, "allied")
    assert seen["waiting_for"] == {"allied": True, "japanese": False} and view["waiting_for"]["japanese"] is True
    assert {k: v for k, v in seen.items() if k != "waiting_for"} == {k: v for k, v in view.items() if k != "waiting_for"}
    assert rules.noticeable(rules.view(s, "umpire"), "umpire") == rules.view(s, "umpire")
    s = until(s, "allocation", dice=[6] * 60)
    assert rules.noticeable(rules.view(s, "allied"), "allied") == rules.view(s, "allied")


@pytest.mark.rule("6.26")
def test_a_standing_order_not_to_be_asked_about_air_transfers_holds_until_cleared():
    s = until(start(3), "reset", dice=[6] * 200, segment=1)
    assert s["day"] and "japanese" in rules.prompts(s)  # Japan has nothing at sea: only its air may transfer
    s = submit(s, "japanese", {"aborts": [], "mission_changes": {}, "transfers": [],
                               "standing": {"no_transfers": True}}, *[6] * 200)
    s = both(s, [6] * 200)
    assert rules.view(s, "japanese")["standing"]["no_transfers"] is True
    assert "no_transfers" not in str(rules.view(s, "allied")) and "air transfers" not in str(rules.view(s, "allied"))
    s = until(s, "reset", dice=[6] * 200, segment=3)
    assert "japanese" not in rules.prompts(s)  # not asked again: as if it had transferred nothing
    s = until(s, "movement_plot", dice=[6] * 400)
    clear = next(a for a in rules.prompts(s)["japanese"]["actions"] if a["verb"] == "standing")
    assert "no_transfers" in clear["args"]  # every prompt offers to change the standing orders
    s = rules.apply(s, "japanese", {"verb": "standing", "args": {"no_transfers": False}}, None)
    assert kind(s) == "movement_plot" and not rules.view(s, "japanese")["standing"]
    s = until(s, "reset", dice=[6] * 400, segment=8)
    assert s["day"] and "japanese" in rules.prompts(s)


def test_a_standing_order_that_cannot_be_read_is_refused_and_changes_nothing():
    s = until(start(3), "reset", dice=[6] * 200, segment=1)
    e = refused(s, "japanese", {"aborts": [], "mission_changes": {}, "transfers": [], "standing": {"no_transfers": 1}},
                "6.26")
    assert "standing order" in e.message
