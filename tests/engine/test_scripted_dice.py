"""Running out of scripted dice is a fault of the script, never a refusal by the rules (issue 12, item 15)."""
import pytest

from app.engine.errors import DiceExhausted, IllegalAction
from app.engine.rng import ScriptedRng


def test_running_out_of_scripted_dice_is_not_a_refusal():
    rng = ScriptedRng([4])
    assert rng.d6() == 4
    with pytest.raises(DiceExhausted, match="run out") as caught:
        rng.d6()
    # a refusal test (pytest.raises(IllegalAction)) must not pass because the dice ran out
    assert not isinstance(caught.value, IllegalAction)


def test_a_scripted_value_that_does_not_fit_the_die_is_refused():
    with pytest.raises(ValueError, match="d6"):
        ScriptedRng([7]).d6()
