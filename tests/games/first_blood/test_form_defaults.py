"""The movement form a player opens comes filled with moves the rules accept (issue 34: a newcomer's first press is
taken): the IJ units that must leave an off-map box (§6.5) are already given the missed order's places."""
import pytest

from app.engine.errors import MalformedAction
from app.engine.rng import SeededRng

from app.games.first_blood.positions import position

from .helpers import act, rules, where


@pytest.mark.rule("§6.5")
def test_the_ij_movement_form_comes_filled_with_the_moves_out_of_the_boxes():
    s = position("movement", "ij", units={"ij-124-1": "box:D", "ij-124-3": "box:D", "us-1-1": "0909"})
    prompt = rules.prompts(s)["ij"]
    filled = prompt["info"]["default"]["to"]
    assert set(filled) == {"ij-124-1", "ij-124-3"}
    s = act(s, "ij", "move", [3] * 12, to=filled)  # pressed as it comes (the dice: what the walk rolls next)
    assert where(s, "ij-124-1") == filled["ij-124-1"] and where(s, "ij-124-1") != "box:D"


@pytest.mark.rule("§6")
def test_a_misshapen_move_is_refused_in_the_units_printed_names_never_their_ids():
    """Issue 34: the order's hint over its whole domain, as a refusal quotes it, names each unit as printed."""
    s = position("movement", "ij", units={"ij-124-1": "box:D", "us-1-1": "0909"})
    with pytest.raises(MalformedAction) as e:
        rules.apply(s, "ij", {"verb": "move", "args": {"to": "0808"}}, SeededRng(1))
    assert "1/1 Marines" in e.value.message and "us-1-1" not in e.value.message, e.value.message
