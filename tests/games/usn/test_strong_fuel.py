"""Issue 36: the strong U.S.N. player refuels at its Oilers the ships whose endurance would run out before the game
does (strong_bot.refuel_at_oilers, Supply (G), (H)). At Midway the easy player's heavy cruisers bombard Midway while
the Oilers refuel the rest of the fleet, and on Game-Turn 3 cannot reach a naval base: all three are destroyed at its
end, 60 Allied Victory Points, in most games the strong Japanese lost. That the decision is made from the side's view
alone is the strong level's fog proof (test_bot_levels)."""

from app.engine.rng import SeededRng
from app.games.usn.rules import rules as R
from app.games.usn.strong_bot import refuel_at_oilers
from tests.games.usn.test_bot_levels import play


def _out_of_fuel(state: dict, side: str) -> list[str]:
    prefix = "J-" if side == "japanese" else "A-"
    return [e["text"] for e in state["log"] if "out of fuel" in e["text"] and e["text"].startswith(prefix)]


def test_the_strong_japanese_loses_no_ship_for_want_of_fuel_at_midway():
    """Midway, seed 8, against the easy Allies: the strong Japanese took Midway but lost J-CA-1, J-CA-2 and J-CA-3
    out of fuel at the end of Game-Turn 3 (Japanese 108.1 VP, Allied 135: an Allied victory). Now they draw fuel from
    an Oiler with the fleet, and Midway is a Japanese victory."""
    state = play("midway", 8, {"japanese": "strong", "allied": "easy"})
    assert _out_of_fuel(state, "japanese") == []
    assert state["holder"]["1218"] == "japanese"
    assert state["outcome"]["winner"] == "japanese"


CRUISERS = ("J-CA-1", "J-CA-2", "J-CA-3")


def _japanese_moves(seed: int) -> list[tuple]:
    record: list = []
    play("midway", seed, {"japanese": "easy", "allied": "easy"}, record)
    return [(s, p, a) for s, role, p, a in record if role == "japanese" and a["verb"] == "move"]


def test_cruisers_held_away_from_the_oilers_on_game_turn_2_are_sent_to_them_and_refuelled():
    """Midway, seed 8, the first Japanese Air and Sea Movement Phase of Game-Turn 2: the heavy cruisers have spent
    Game-Turn 1 at sea and would be destroyed at the end of Game-Turn 3. An order holding them where they are (as
    the search's candidates may) becomes one that ends their move with the full Oiler the fleet sails with; the rules
    accept it, and once carried out the cruisers' record is back to 0."""
    state, _, easy = next(m for m in _japanese_moves(8) if m[0]["turn"] == 2)
    view = R.view(state, "japanese")
    held = {**easy, "args": {**easy["args"], "moves": {k: v for k, v in easy["args"]["moves"].items()
                                                       if k not in CRUISERS}}}
    assert all(state["ships"][c]["at_sea"] == 1 for c in CRUISERS)
    order = refuel_at_oilers(view, "japanese", held)
    R.check(state, "japanese", order)
    oiler_end = easy["args"]["moves"]["J-OL-1"]["to"]
    assert all(order["args"]["moves"][c] == {"to": oiler_end} for c in CRUISERS)
    after = R.apply(state, "japanese", order, SeededRng(1))
    assert all(after["ships"][c]["at_sea"] == 0 for c in CRUISERS)
    assert not after["oilers"]["J-OL-1"]


def test_ships_whose_fuel_lasts_the_game_keep_the_order_they_were_given():
    """Game-Turn 1: nothing has spent a Game-Turn at sea, so nothing can draw fuel; the order is left as it was."""
    state, _, easy = _japanese_moves(8)[0]
    held = {**easy, "args": {**easy["args"], "moves": {k: v for k, v in easy["args"]["moves"].items()
                                                       if k not in CRUISERS}}}
    assert refuel_at_oilers(R.view(state, "japanese"), "japanese", held) == held
