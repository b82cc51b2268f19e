"""Repairing or Building Bases (building.py): engineers with a transport build and repair bases, divisions and
engineers sabotage them, in the land movement order's "works" part, with the die at Step 3/7 (C)."""
from __future__ import annotations

import copy

import pytest

from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.errors import IllegalAction
from app.engine.rng import SeededRng
from app.engine.testing import check_every_reader
from app.games.usn import board, building, land, supply

from .helpers import R, act, at, deployed, texts

ENG = "J-L4"  # the Coral Sea's 1-(10) Engineer Regiment, at Rabaul (0759) with the two Japanese Transports
RABAUL, GUADALCANAL, LAE = "0759", "0828", "0692"


def japan():
    return at(deployed(), "land_move", "japanese")


def move(s, role="japanese", dice=(), works=None, moves=None, entrench=()):
    return act(s, role, "land_move", dice, moves=moves or {}, entrench=list(entrench), disentrench=[],
               works=works or {})


def next_turn(s, role="japanese"):
    """The same Friendly Land Movement Phase one Game-Turn later (Step 1 between: the bases completed ripen)."""
    s = at(s, "land_move", role)
    s["turn"] += 1
    building.ripen(s)
    return s


def engineer_at(s, h, uid=ENG, side="japanese"):
    """An engineer (a copy of the Coral Sea one) ashore at h, with a transport of its side there."""
    if uid not in s["land"]:
        s["land"][uid] = dict(copy.deepcopy(s["land"][ENG]), id=uid, side=side)
    s["land"][uid]["hex"] = h
    tr = "J-TR-1" if side == "japanese" else "A-AT-1"
    if tr not in s["ships"]:
        s["ships"][tr] = dict(copy.deepcopy(s["ships"]["J-TR-1"]), id=tr, side=side, type=board.ship_type(tr))
    s["ships"][tr]["hex"] = h
    return s


@pytest.mark.rule("Repairing or Building Bases")
def test_an_engineer_repairs_a_damaged_air_base_after_one_game_turn():
    s = japan()
    s["bases"][RABAUL]["capacity"] = 10  # an X took five (original 15)
    s = move(s, works={ENG: building.REPAIR_AIR})
    assert "1-(10) Engineer Regiment begins to repair air base at 0759" in texts(s)
    assert s["bases"][RABAUL]["capacity"] == 10  # not in the same Game-Turn
    s = move(next_turn(s))
    assert s["bases"][RABAUL]["capacity"] == 15
    assert "The air base at 0759 is repaired: Air Point Capacity 15 again." in texts(s)


@pytest.mark.rule("Repairing or Building Bases")
def test_an_engineer_must_stay_and_needs_a_transport_to_begin():
    s = engineer_at(japan(), LAE)
    s["bases"][LAE]["capacity"] = 0  # destroyed: nothing to repair, build it anew
    with pytest.raises(IllegalAction, match="destroyed: build it anew"):
        move(s, works={ENG: building.REPAIR_AIR})
    with pytest.raises(IllegalAction, match="must remain in its hex"):
        move(s, moves={ENG: "0693"}, works={ENG: building.BUILD_AIR})
    s = japan()
    s["bases"][RABAUL]["capacity"] = 10
    for sid in ("J-TR-1", "J-TR-2"):
        s["ships"][sid]["hex"] = "0760"
    with pytest.raises(IllegalAction, match="No Transport of yours is at 0759"):
        move(s, works={ENG: building.REPAIR_AIR})
    with pytest.raises(IllegalAction, match="not an engineer unit"):
        move(engineer_at(japan(), RABAUL), works={"J-L3": building.REPAIR_AIR})
    # begun with the transport, which may then leave; the engineer leaving abandons the work
    s = move(japan() | {"bases": {**japan()["bases"], RABAUL: dict(japan()["bases"][RABAUL], capacity=10)}},
             works={ENG: building.REPAIR_AIR})
    for sid in ("J-TR-1", "J-TR-2"):
        s["ships"][sid]["hex"] = "0760"
    s = next_turn(s)
    s["land"][ENG]["hex"] = "0758"
    s = move(s)
    assert s["bases"][RABAUL]["capacity"] == 10
    assert "Work at 0759 (repair air base) is abandoned" in texts(s)


@pytest.mark.rule("Errata: Repairing or Building Bases")
def test_only_the_allied_assault_transport_works_with_an_allied_engineer():
    s = at(deployed(), "land_move", "allied")
    s = engineer_at(s, "0659", uid="A-L2", side="allied")
    del s["ships"]["A-AT-1"]
    s["ships"]["A-TR-1"] = dict(copy.deepcopy(s["ships"]["J-TR-1"]), id="A-TR-1", side="allied", hex="0659")
    s["bases"]["0659"]["capacity"] = 10
    with pytest.raises(IllegalAction, match="only the Assault Transport") as e:
        move(s, "allied", works={"A-L2": building.REPAIR_AIR})
    assert e.value.rule == "Errata: Repairing or Building Bases"
    s = engineer_at(s, "0659", uid="A-L2", side="allied")  # now an Assault Transport is there
    assert "A-L2" in move(s, "allied", works={"A-L2": building.REPAIR_AIR})["works"]


@pytest.mark.rule("Air and Naval Bases (D)")
def test_building_needs_a_six_for_japan_and_five_or_six_for_the_allies_usable_next_game_turn():
    s = engineer_at(japan(), GUADALCANAL)
    failed = move(s, dice=[5], works={ENG: building.BUILD_AIR})
    assert "rolled 5, not yet" in texts(failed) and ENG in failed["works"]
    s = move(s, dice=[6], works={ENG: building.BUILD_AIR})
    assert "rolled 6, completed" in texts(s) and ENG not in s["works"]
    assert GUADALCANAL not in s["bases"]  # not usable this Game-Turn
    played = s
    while played["turn"] == 1:  # the rest of Game-Turn 1, played; Step 1 of Game-Turn 2 makes it usable
        assert GUADALCANAL not in played["bases"]
        role = R.acting(played)[0]
        played = R.apply(played, role, R.default_action(played, role), SeededRng(1))
    assert played["bases"][GUADALCANAL]["capacity"] == 5
    s = next_turn(s)
    assert s["bases"][GUADALCANAL] == {"hex": GUADALCANAL, "side": "japanese", "naval": False, "capacity": 5,
                                      "air": {"lac": 0, "lbac": 0, "nac": 0}, "original": 5}
    # the die again at the end of each later phase while the work goes on
    s2 = move(next_turn(failed), dice=[6])
    assert "rolled 6, completed" in texts(s2)
    a = engineer_at(at(deployed(), "land_move", "allied"), GUADALCANAL, uid="A-L2", side="allied")
    a = move(a, "allied", dice=[5], works={"A-L2": building.BUILD_NAVAL})
    assert "rolled 5, completed" in texts(a)
    assert next_turn(a, "allied")["bases"][GUADALCANAL]["naval"]


@pytest.mark.rule("Air and Naval Bases (E)")
def test_air_bases_grow_by_five_and_repairs_restore_the_original_capacity():
    s = engineer_at(japan(), LAE)  # Lae's printed 5-capacity air base
    s = next_turn(move(s, dice=[6], works={ENG: building.BUILD_AIR}))
    assert s["bases"][LAE]["capacity"] == 10 and s["bases"][LAE]["original"] == 10
    s["bases"][LAE]["capacity"] = 5
    s = move(next_turn(move(s, works={ENG: building.REPAIR_AIR})))
    assert s["bases"][LAE]["capacity"] == 10


@pytest.mark.rule("Air and Naval Bases (F)")
def test_one_base_at_a_time_and_two_engineers_roll_twice():
    s = engineer_at(japan(), GUADALCANAL)
    s = move(s, dice=[1], works={ENG: building.BUILD_AIR})
    with pytest.raises(IllegalAction, match="one base at a time") as e:
        move(next_turn(s), works={ENG: building.BUILD_NAVAL})
    assert e.value.rule == "Air and Naval Bases (F)"
    s = engineer_at(japan(), GUADALCANAL)
    s = engineer_at(s, GUADALCANAL, uid="J-L5")
    s = move(s, dice=[2, 6], works={ENG: building.BUILD_AIR, "J-L5": building.BUILD_AIR})
    assert "rolled 2, not yet" in texts(s) and "rolled 6, completed" in texts(s)
    assert s["works"] == {}


@pytest.mark.rule("Air and Naval Bases (G)")
def test_engineers_out_of_supply_still_work():
    s = engineer_at(japan(), GUADALCANAL)
    s["land"][ENG]["unsupplied_until"] = [9, 0]
    assert not supply.supplied(s, s["land"][ENG])
    s = move(s, dice=[6], works={ENG: building.BUILD_AIR})
    assert "rolled 6, completed" in texts(s)


def _captured(s, h, side="japanese"):
    for u in board.land_at(s, h):
        u["hex"] = None
    s["land"]["J-L1"]["hex"] = h
    land.captures(s)
    return s


@pytest.mark.rule("Air and Naval Bases (A)")
def test_a_captured_air_base_of_ten_or_more_must_be_repaired_a_smaller_one_not():
    s = _captured(japan(), "0659")  # Port Moresby's 15
    assert s["bases"]["0659"]["unrepaired"] == ["air"] and board.neutralized(s, "0659", "air")
    assert "may not be used until repaired" in texts(s)
    small = japan()
    small["bases"]["0659"]["capacity"] = 5
    small = _captured(small, "0659")
    assert "unrepaired" not in small["bases"]["0659"]
    assert board.neutralized(small, "0659", "air")  # (B): any unit's occupation, after the Land Attack Phase
    building.after_attack(small, "japanese")
    assert not board.neutralized(small, "0659", "air")


@pytest.mark.rule("Air and Naval Bases (B)")
def test_the_captured_base_may_be_used_after_the_first_friendly_land_attack_phase():
    s = engineer_at(_captured(japan(), "0659"), "0659")
    s = move(s, works={ENG: building.REPAIR_AIR})
    assert board.neutralized(s, "0659", "air")  # Step 8 now: still unusable
    while s["turn"] == 1:  # Steps 8 and 9, the Japanese Land Attack Phase, its air strikes, Step 10
        role = R.acting(s)[0]
        s = R.apply(s, role, R.default_action(s, role), SeededRng(1))
    assert not board.neutralized(s, "0659", "air")
    assert "The captured air base at 0659 is repaired and may be used (Air and Naval Bases (B))." in texts(s)


@pytest.mark.rule("Air and Naval Bases (C)")
def test_captured_naval_bases_are_repaired_and_each_base_separately():
    s = engineer_at(_captured(japan(), "0698"), "0698")  # Brisbane: naval base and 10 capacity
    assert s["bases"]["0698"]["unrepaired"] == ["air", "naval"]
    assert not supply.refuels_at(s, "0698", "japanese")
    s = move(s, works={ENG: building.REPAIR_NAVAL})
    building.after_attack(s, "japanese")
    assert s["bases"]["0698"]["unrepaired"] == ["air"] and supply.refuels_at(s, "0698", "japanese")
    assert board.neutralized(s, "0698", "air")


@pytest.mark.rule("Stacking (C)")
def test_no_base_may_be_built_in_a_hex_holding_an_enemy_base():
    s = engineer_at(japan(), "0659")
    with pytest.raises(IllegalAction, match="enemy base"):
        move(s, works={ENG: building.BUILD_AIR})


@pytest.mark.rule("Repairing or Building Bases")
def test_a_repair_is_abandoned_when_the_base_under_repair_is_destroyed():
    s = japan()
    s["bases"][RABAUL]["capacity"] = 10
    s = move(s, works={ENG: building.REPAIR_AIR})
    s = next_turn(s)
    del s["bases"][RABAUL]  # destroyed meanwhile (a bombardment's X, its own side's sabotage): nothing to repair
    s = move(s)  # a random Campaign Game 3 stopped here on a KeyError
    assert RABAUL not in s["bases"] and not building._works(s)
    assert "Work at hex 0759 (repair air base) is abandoned" in texts(s, "japanese")


@pytest.mark.rule("Air and Naval Bases (J)")
def test_divisions_and_engineers_sabotage_their_own_bases():
    s = japan()
    with pytest.raises(IllegalAction, match="only infantry divisions and Engineer regiments"):
        move(s, works={"J-L2": building.SABOTAGE_AIR})
    s["land"]["J-L2"]["kind"] = "division"
    s = move(s, dice=[2, 4], works={ENG: building.SABOTAGE_NAVAL, "J-L2": building.SABOTAGE_AIR})
    assert s["bases"][RABAUL]["capacity"] == 10  # a division's 2: five capacity less
    assert not s["bases"][RABAUL]["naval"]  # an engineer's 4: the naval base destroyed
    s = japan()
    s["land"]["J-L2"]["kind"] = "division"
    s = move(s, dice=[3, 3], works={ENG: building.SABOTAGE_AIR, "J-L2": building.SABOTAGE_AIR})
    assert s["bases"][RABAUL]["capacity"] == 10  # the engineer's 3 succeeds, the division's 3 fails
    s = japan()
    s["bases"][LAE]["air"]["lac"] = 5
    s["land"]["J-L1"]["kind"] = "division"
    vp = s["vp"]["allied"]
    s = move(s, dice=[1], works={"J-L1": building.SABOTAGE_AIR})
    assert LAE not in s["bases"] and s["vp"]["allied"] > vp  # destroyed, the air points on it lost


@pytest.mark.rule("Repairing or Building Bases")
def test_the_computer_repairs_its_damaged_base_and_random_play_stays_legal():
    s = japan()
    s["bases"][RABAUL]["capacity"] = 10
    prompt = R.prompts(s)["japanese"]
    assert prompt["info"]["works"][ENG] == [building.BUILD_AIR, building.REPAIR_AIR, building.SABOTAGE_AIR,
                                            building.SABOTAGE_NAVAL]
    order = R.bots["japanese"](R.view(s, "japanese"), prompt, SeededRng(3))
    assert order["args"]["works"] == {ENG: building.REPAIR_AIR}
    assert ENG in R.apply(s, "japanese", order, SeededRng(3))["works"]
    for seed in range(30):
        o = R.decision(s).random(s, "japanese", SeededRng(seed))
        R.check(s, "japanese", o)
    assert any(land.move_random(s, "japanese", SeededRng(seed))["args"]["works"] for seed in range(30))


@pytest.mark.rule("Repairing or Building Bases")
def test_the_works_and_the_building_dice_are_the_owners_and_the_harness_moves_them():
    s = engineer_at(japan(), GUADALCANAL)
    s = move(s, dice=[6], works={ENG: building.BUILD_AIR})
    assert "rolled 6, completed" in texts(s, "japanese")
    assert "begins to build" not in texts(s, "allied") and "rolled 6" not in texts(s, "allied")
    changed = R.perturb(s, "allied", SeededRng(1))
    assert changed["works"] != s["works"] or changed["works_ready"] != s["works_ready"]
    assert R.view(changed, "allied") == R.view(s, "allied")
    s = move(engineer_at(japan(), GUADALCANAL), dice=[1], works={ENG: building.BUILD_AIR})
    checked = check_every_reader(R, s, SeededRng(2))
    assert {"japanese", "allied", UMPIRE, SPECTATOR} <= set(checked)
    s = next_turn(move(next_turn(s), dice=[6]))
    assert "The Japanese air base (Air Point Capacity 5) at hex 0828 may be used" in texts(s, "allied")


@pytest.mark.rule("Repairing or Building Bases")
def test_the_owner_sees_his_works_in_progress_on_the_board_and_the_other_side_does_not():
    """Issue 35: the engineer building at Guadalcanal (die 1: not yet complete) is drawn on the Japanese board, with
    what it builds and since when; the Allied board, view and page have no trace of it."""
    from .test_situations import board_html
    s = move(engineer_at(japan(), GUADALCANAL), dice=[1], works={ENG: building.BUILD_AIR})
    mine = R.view(s, "japanese")
    from app.games.usn import board_view
    marks = [p for p in board_view.describe(mine, "japanese")["pieces"] if p["kind"] == "works"]
    assert [m["label"] for m in marks] == ["Your works in progress at Guadalcanal (0828)"]
    assert "build air base by 1-(10) Engineer Regiment (begun Game-Turn 1)" in marks[0]["details"]
    assert "works in progress" in board_html("japanese")(mine)
    theirs = R.view(s, "allied")
    assert "my_works" in theirs and theirs["my_works"] == []
    assert not [p for p in board_view.describe(theirs, "allied")["pieces"] if p["kind"] == "works"]
    assert "works in progress" not in board_html("allied")(theirs) and "build air base" not in board_html("allied")(theirs)
    s = move(next_turn(s), dice=[6])  # completed: usable from the next Game-Turn, still shown to its owner only
    done = [p for p in board_view.describe(R.view(s, "japanese"), "japanese")["pieces"] if p["kind"] == "works"]
    assert "air base completed, usable from Game-Turn 3" in done[0]["details"]
    assert not [p for p in board_view.describe(R.view(s, "allied"), "allied")["pieces"] if p["kind"] == "works"]
