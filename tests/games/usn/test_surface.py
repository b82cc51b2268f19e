"""Surface Naval Engagement (Mission Capability Chart: Naval Units; Stacking (D), (G); Step 2 (G); CRTs 4 and 5),
played through `apply` with scripted dice. The Japanese Player moves (Step 2); the Allied ships wait at sea at X."""
import json

import pytest

from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.errors import IllegalAction
from app.engine.rng import SeededRng
from app.engine.testing import check_every_reader
from app.games.usn import grid

from .helpers import R, act, deployed, texts

X = "0830"  # open sea, no base: the Allied stack's hex
NEXT = "0796"  # adjacent to X: where the Japanese start
AWAY = "0864"  # adjacent to X, not to NEXT
RULE = "Mission Capability Chart: Naval Units, Surface Naval Engagement"


def position(allied=("A-CV-5", "A-CV-2", "A-CA-1", "A-DD-1"), japanese=("J-CA-1", "J-CA-2")):
    """Step 2 of Game-Turn 1: the named Allied ships at sea at X (stacked in that order, top first), the named
    Japanese ships one hex away; every other ship where the order of battle put it."""
    s = deployed()
    for sid in allied:
        s["ships"][sid]["hex"] = X
    for sid in japanese:
        s["ships"][sid]["hex"] = NEXT
    return s


def shown_of(view) -> str:
    """What a view says of the ships (the fuel record, open, lists every ship by id but not where it is)."""
    return json.dumps([view["ships"], view.get("surface"), [x["text"] for x in view["log"]]])


def engage(s, ships=("J-CA-1", "J-CA-2"), dice=(), **extra):
    moves = {sid: {"stop": X} for sid in ships}
    moves.update(extra)
    return act(s, "japanese", "move", dice, moves=moves)


@pytest.mark.rule("Stacking (D)")
def test_ending_the_first_portion_with_enemy_ships_at_sea_opens_an_engagement_and_shows_the_attackers():
    s = engage(position())
    assert R.acting(s) == ["allied"] and R.prompts(s)["allied"]["info"]["kind"] == "escape"
    allied = R.view(s, "allied")
    assert [x["id"] for x in allied["surface"]["attacking"]] == ["J-CA-1", "J-CA-2"]  # revealed to the defender
    japanese = shown_of(R.view(s, "japanese"))
    assert "A-CV-5" not in japanese and "A-CA-1" not in japanese  # the defenders are not shown before they engage
    assert "Surface engagement at hex 0830" in texts(s, "allied")


@pytest.mark.rule("Stacking (D)")
def test_the_rest_of_the_movement_may_not_enter_enemy_ships_at_sea():
    s = position(japanese=("J-CA-1",))
    with pytest.raises(IllegalAction, match="first portion") as e:
        act(s, "japanese", "move", moves={"J-CA-1": {"to": X}})
    assert e.value.rule == "Stacking (D)"


@pytest.mark.rule("Air and Naval Bases (L)")
def test_ships_in_their_own_naval_base_are_not_engaged():
    s = deployed()  # the Allied carriers, A-CA-1 and A-DD-1 are in the naval base at Noumea 0899
    s["ships"]["J-CA-1"]["hex"] = "0898"
    s2 = act(s, "japanese", "move", moves={"J-CA-1": {"to": "0899"}})
    assert s2["ships"]["J-CA-1"]["hex"] == "0899" and "surface" not in s2
    assert R.acting(s2) == ["allied"] and R.prompts(s2)["allied"]["info"]["kind"] == "land_move"


@pytest.mark.rule("Surface Naval Engagement (2)")
def test_only_ships_as_fast_as_the_fastest_attacker_may_escape_and_only_to_an_adjacent_hex():
    s = engage(position())
    assert R.prompts(s)["allied"]["info"]["may_escape"] == ["A-CA-1", "A-DD-1"]  # carriers: MA 5 < 6
    with pytest.raises(IllegalAction, match="Movement Allowance of at least 6") as e:
        act(s, "allied", "escape", moves={"A-CV-5": AWAY})
    assert e.value.rule == RULE + ", step 2"
    far = next(h for h in grid.within(X, 2) if grid.distance(h, X) == 2)
    with pytest.raises(IllegalAction, match="adjacent"):
        act(s, "allied", "escape", moves={"A-CA-1": far})
    with pytest.raises(IllegalAction, match="adjacent"):
        act(s, "allied", "escape", moves={"A-CA-1": X})
    # the attackers' greatest Movement Allowance sets the bar: a transport (MA 3) among them does not lower it
    s = engage(position(allied=("A-CV-5", "A-CA-1"), japanese=("J-TR-1", "J-CA-1")), ships=("J-TR-1", "J-CA-1"))
    assert R.prompts(s)["allied"]["info"]["may_escape"] == ["A-CA-1"]


@pytest.mark.rule("Surface Naval Engagement (2)")
def test_when_every_defender_escapes_there_is_no_combat_and_the_attacker_may_not_follow_them():
    s = engage(position(allied=("A-CA-1",), japanese=("J-CA-1",)), ships=(), **{"J-CA-1": {"stop": X, "to": AWAY}})
    s = act(s, "allied", "escape", moves={"A-CA-1": AWAY})
    assert s["ships"]["A-CA-1"]["hex"] == AWAY and s["ships"]["A-CA-1"]["damage"] == 0
    # Movement (O): the rest of the Japanese movement may not enter the hex the escaped ship withdrew to
    assert s["ships"]["J-CA-1"]["hex"] == X
    assert "every defending naval unit escaped" in texts(s)
    assert R.acting(s) == ["allied"] and R.prompts(s)["allied"]["info"]["kind"] == "land_move"


@pytest.mark.rule("Surface Naval Engagement (3)")
def test_a_slow_attacker_drops_out_and_the_fast_one_alone_engages():
    s = position(allied=("A-CA-1",), japanese=("J-TR-1", "J-CA-1"))
    s = engage(s, ships=("J-TR-1", "J-CA-1"))
    s = act(s, "allied", "escape", moves={})
    assert s["surface"]["engaged"] == {"japanese": ["J-CA-1"], "allied": ["A-CA-1"]}
    assert "J-TR-1 too slow to engage" in texts(s)
    with pytest.raises(IllegalAction, match="not one of your engaged ships"):
        act(s, "japanese", "fire", targets={"J-TR-1": "A-CA-1"})


@pytest.mark.rule("Stacking (G)")
def test_one_for_one_from_the_top_of_the_defending_stack_and_both_sides_see_the_engaged_ships():
    s = act(engage(position()), "allied", "escape", moves={})
    # two attackers engage the top two of the stack CV-5, CV-2, CA-1, DD-1: the carriers, which could not flee
    assert s["surface"]["engaged"] == {"japanese": ["J-CA-1", "J-CA-2"], "allied": ["A-CV-5", "A-CV-2"]}
    for role in ("japanese", "allied", SPECTATOR):
        shown = R.view(s, role)["surface"]["engaged"]
        assert [x["id"] for x in shown["allied"]] == ["A-CV-5", "A-CV-2"]
        assert [x["id"] for x in shown["japanese"]] == ["J-CA-1", "J-CA-2"]
    assert "A-CA-1" not in shown_of(R.view(s, "japanese"))  # the unengaged ships stay hidden
    with pytest.raises(IllegalAction, match="not an engaged enemy ship"):
        act(s, "japanese", "fire", targets={"J-CA-1": "A-CA-1"})


@pytest.mark.rule("Surface Naval Engagement (5)")
def test_fire_concentrated_on_one_target_is_resolved_once_with_the_summed_surface_attack():
    s = act(engage(position()), "allied", "escape", moves={})
    s = act(s, "japanese", "fire", targets={"J-CA-1": "A-CV-5", "J-CA-2": "A-CV-5"})
    # 40 against Defense 1: CRT 4 8-1 (die 1) damage number 8, CRT 5 (die 1) X; the carriers' 0 has no effect
    s = act(s, "allied", "fire", dice=(1, 1, 4), targets={"A-CV-5": "J-CA-1"})
    assert "J-CA-1, J-CA-2 fire 40 at A-CV-5" in texts(s)
    assert s["ships"]["A-CV-5"]["sunk"] and "Japanese +100 VP: Allied A-CV-5 sunk" in texts(s)  # 10 x capacity 10
    assert s["ships"]["J-CA-1"]["damage"] == 0
    assert "surface" not in s and R.prompts(s)["allied"]["info"]["kind"] == "land_move"


@pytest.mark.rule("Surface Naval Engagement (5)")
def test_both_sides_fire_before_losses_are_taken():
    s = engage(position(allied=("A-CA-1",), japanese=("J-CA-1",)), ships=("J-CA-1",))
    s = act(s, "allied", "escape", moves={})
    s = act(s, "allied", "fire", targets={"A-CA-1": "J-CA-1"})
    # Japan: 20 v 10 = 2-1, die 1 -> 1, CRT 5 die 1 -> 10 weeks. Allies still fire 20 (2-1), die 2 -> 1 (at 1-1,
    # with the damage taken first, die 2 would be no effect), CRT 5 die 2 -> 5 weeks
    s = act(s, "japanese", "fire", dice=(1, 1, 2, 2), targets={"J-CA-1": "A-CA-1"})
    assert s["ships"]["A-CA-1"]["damage"] == 10 and s["ships"]["J-CA-1"]["damage"] == 5
    assert s["vp"]["japanese"] == 2.0 and s["vp"]["allied"] == 1.0  # 2 x Defense 10 x weeks / 100


@pytest.mark.rule("Surface Naval Engagement (5)")
def test_the_targets_stay_with_their_writer_until_both_sides_have_written():
    s = act(engage(position()), "allied", "escape", moves={})
    s = act(s, "japanese", "fire", targets={"J-CA-1": "A-CV-2"})
    assert R.view(s, "japanese")["surface"]["my_fire"] == {"J-CA-1": "A-CV-2"}
    allied = R.view(s, "allied")
    assert "my_fire" not in allied["surface"] and R.acting(s) == ["allied"]
    assert '"J-CA-1": "A-CV-2"' not in json.dumps(allied)
    checked = check_every_reader(R, s, SeededRng(3))
    assert {"japanese", "allied", UMPIRE, SPECTATOR} <= set(checked)
    changed = R.perturb(s, "allied", SeededRng(1))
    assert changed["surface"]["fire"]["japanese"] != s["surface"]["fire"]["japanese"]


@pytest.mark.rule("Naval Unit Movement (O)")
def test_survivors_finish_their_movement_after_the_engagement():
    s = engage(position(allied=("A-CA-1",), japanese=("J-CA-1",)), ships=(), **{"J-CA-1": {"stop": X, "to": AWAY}})
    s = act(s, "allied", "escape", moves={})
    s = act(s, "allied", "fire", targets={})  # a ship may hold its fire
    s = act(s, "japanese", "fire", dice=(6,), targets={"J-CA-1": "A-CA-1"})  # 20 v 10 = 2-1, die 6: no effect
    assert s["ships"]["J-CA-1"]["hex"] == AWAY and s["ships"]["A-CA-1"]["hex"] == X
    check_every_reader(R, engage(position()), SeededRng(4))  # the escape decision: nothing hidden leaks


def test_the_computer_players_escape_when_outgunned_and_concentrate_on_carriers():
    s = engage(position())
    view, prompt = R.view(s, "allied"), R.prompts(s)["allied"]
    order = R.bots["allied"](view, prompt, SeededRng(1))
    assert set(order["args"]["moves"]) == {"A-CA-1", "A-DD-1"}  # 24 against 40: the fast ships get away
    R.check(s, "allied", order)
    s = act(s, "allied", "escape", moves={})
    order = R.bots["japanese"](R.view(s, "japanese"), R.prompts(s)["japanese"], SeededRng(1))
    assert len(set(order["args"]["targets"].values())) == 1 <= len(order["args"]["targets"])
    assert set(order["args"]["targets"].values()) <= {"A-CV-5", "A-CV-2"}
    R.check(s, "japanese", order)
    s2 = engage(position(allied=("A-CA-1", "A-DD-1", "A-CV-5"), japanese=("J-CA-1",)), ships=("J-CA-1",))
    order = R.bots["allied"](R.view(s2, "allied"), R.prompts(s2)["allied"], SeededRng(1))
    assert order["args"]["moves"] == {}  # 24 against 20: stay and fight


STEP1 = RULE + ", step 1"


@pytest.mark.rule("Surface Naval Engagement (1)")
def test_the_attackers_enter_through_a_hexside_their_order_names_and_pay_for_the_way_round():
    s = position(japanese=("J-CA-1",))
    with pytest.raises(IllegalAction, match="from a hex next to it") as e:
        act(s, "japanese", "move", moves={"J-CA-1": {"stop": X, "via": "0762"}})  # two hexes from X
    assert e.value.rule == STEP1
    # from NEXT round to the far side: 2 hexes to AWAY's neighbour 0863, then 1 into X; the stack sees it come in there
    s2 = act(s, "japanese", "move", moves={"J-CA-1": {"stop": X, "via": "0863"}})
    assert s2["ships"]["J-CA-1"]["hex"] == X
    assert R.view(s2, "allied")["surface"]["attacking"][0]["entered_from"] == "0863"
    # without a named hexside the ship comes the short way: from its start hex
    s3 = act(s, "japanese", "move", moves={"J-CA-1": {"stop": X}})
    assert R.view(s3, "allied")["surface"]["attacking"][0]["entered_from"] == NEXT
    # the way round counts against the Movement Allowance: 6 hexes and then 1 more is refused
    far = next(h for h in grid.within(X, 6) if grid.distance(h, X) == 6 and grid.distance(h, "0863") == 6)
    s["ships"]["J-CA-1"]["hex"] = far
    s["ships"]["A-CV-5"]["hex"] = "1150"  # out of the way of Movement (N)'s doubling: the enemy is near anyway
    with pytest.raises(IllegalAction, match="needs 7") as e:
        act(s, "japanese", "move", moves={"J-CA-1": {"stop": X, "via": "0863"}})
    assert e.value.rule == "Movement (C)"


@pytest.mark.rule("Surface Naval Engagement (2)")
def test_the_escape_is_to_one_of_the_three_hexes_away_from_the_hexside_the_attackers_entered_by():
    s = engage(position(allied=("A-CA-1",), japanese=("J-CA-1",)), ships=("J-CA-1",))
    hexes = R.prompts(s)["allied"]["info"]["hexes"]
    assert sorted(hexes) == ["0829", "0863", "0864"]  # not NEXT, nor 0795 and 0831 beside it
    for h in (NEXT, "0795", "0831"):
        with pytest.raises(IllegalAction, match="adjacent hex") as e:
            act(s, "allied", "escape", moves={"A-CA-1": h})
        assert e.value.rule == RULE + ", step 2"
    assert act(s, "allied", "escape", moves={"A-CA-1": AWAY})["ships"]["A-CA-1"]["hex"] == AWAY


@pytest.mark.rule("Surface Naval Engagement (2)")
def test_turning_to_fight_is_offered_only_when_no_defender_can_avoid_action():
    s = engage(position())  # A-CA-1 and A-DD-1 are fast enough to escape
    assert [a["verb"] for a in R.prompts(s)["allied"]["actions"]] == ["escape"]
    with pytest.raises(IllegalAction, match="only when none of your ships") as e:
        act(s, "allied", "turn", on=NEXT)
    assert e.value.rule == RULE + ", step 2"


@pytest.mark.rule("Surface Naval Engagement (2)")
def test_ships_that_cannot_escape_may_engage_enemy_ships_at_sea_in_an_adjacent_hex_instead():
    s = position(allied=("A-CV-5", "A-CV-2"), japanese=("J-CA-1",))  # carriers, MA 5: they cannot flee a CA
    s["ships"]["J-TR-1"]["hex"] = AWAY  # a Japanese transport at sea next door
    s = engage(s, ships=("J-CA-1",))
    prompt = R.prompts(s)["allied"]
    assert prompt["info"]["turn"] == {NEXT: ["J-CA-1"], AWAY: ["J-TR-1"]}
    s = act(s, "allied", "turn", on=AWAY)
    assert s["surface"]["engaged"] == {"allied": ["A-CV-5"], "japanese": ["J-TR-1"]}  # one for one, from the top
    assert "turns to fight the 1 Japanese naval unit(s) at sea in hex 0864" in texts(s, "japanese")
    s = act(s, "allied", "fire", targets={})
    s = act(s, "japanese", "fire", targets={})
    assert s["ships"]["A-CV-5"]["hex"] == AWAY and s["ships"]["A-CV-2"]["hex"] == AWAY
    assert s["ships"]["J-CA-1"]["hex"] == X and "surface" not in s  # the CA fought no one: no second engagement


def test_the_computer_player_turns_on_the_weakest_group_when_it_cannot_escape():
    s = position(allied=("A-CV-5", "A-CV-2"), japanese=("J-CA-1", "J-CA-2"))
    s["ships"]["J-CA-2"]["hex"] = "0831"
    s["ships"]["J-TR-1"]["hex"] = "0831"
    s = engage(s, ships=("J-CA-1", "J-CA-2", "J-TR-1"))  # CA-1 from NEXT; CA-2 and TR-1 from 0831
    order = R.bots["allied"](R.view(s, "allied"), R.prompts(s)["allied"], SeededRng(1))
    assert order == {"verb": "turn", "args": {"on": NEXT}}  # the same fire (20), fewer ships: the lone CA
    R.check(s, "allied", order)
