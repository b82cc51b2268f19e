"""The naval results of the Surface CRT note (15.3x): C, D, half, half-and-half, a single ship."""
import pytest

from app.engine.rng import ScriptedRng
from app.games.solomons.combat.results import apply_naval_result

FIVE = ["a", "b", "c", "d", "e"]
KEEP_ORDER = [5, 4, 3, 2]  # a Fisher-Yates shuffle of five that swaps nothing


@pytest.mark.rule("15.34")
def test_all_crippled_and_all_destroyed_need_no_dice():
    rng = ScriptedRng([])
    assert apply_naval_result("C", ["a", "b"], rng) == {"a": "crippled", "b": "crippled"}
    assert apply_naval_result("D", ["a", "b"], rng) == {"a": "sunk", "b": "sunk"}
    assert apply_naval_result("—", ["a", "b"], rng) == {}


@pytest.mark.rule("15.34")
def test_half_is_rounded_down_and_chosen_at_random():
    assert apply_naval_result("½C", FIVE, ScriptedRng(KEEP_ORDER)) == {"a": "crippled", "b": "crippled"}
    assert apply_naval_result("½D", FIVE, ScriptedRng(KEEP_ORDER)) == {"a": "sunk", "b": "sunk"}
    # a different shuffle picks different ships: the last swaps with the first
    picked = apply_naval_result("½D", FIVE, ScriptedRng([1, 4, 3, 2]))
    assert picked == {"e": "sunk", "b": "sunk"}


@pytest.mark.rule("15.34")
def test_half_crippled_half_destroyed_cripples_the_odd_ship():
    result = apply_naval_result("½CD", FIVE, ScriptedRng(KEEP_ORDER))
    assert sorted(u for u, s in result.items() if s == "sunk") == ["a", "b"]
    assert sorted(u for u, s in result.items() if s == "crippled") == ["c", "d", "e"]


@pytest.mark.rule("15.34")
def test_a_single_ship_given_half_suffers_the_named_result_on_an_even_chance():
    """CRT note: "A single unit receiving ½C or ½D is randomly crippled or destroyed", read as the named effect
    on a 50% chance (half of one, rounded down, is chosen at random): ½C never sinks, ½D never merely cripples
    (docs/games/solomons.md, "½C and ½D on a lone ship")."""
    assert apply_naval_result("½C", ["a"], ScriptedRng([1])) == {"a": "crippled"}
    assert apply_naval_result("½C", ["a"], ScriptedRng([2])) == {}
    assert apply_naval_result("½D", ["a"], ScriptedRng([1])) == {"a": "sunk"}
    assert apply_naval_result("½D", ["a"], ScriptedRng([2])) == {}
    # ½CD: "with an odd unit crippled" - a lone ship is crippled, no die
    assert apply_naval_result("½CD", ["a"], ScriptedRng([])) == {"a": "crippled"}
