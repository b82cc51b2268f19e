"""A surface battle played decision by decision (16c-16d7), as scenarios 5 and 6 are played: the order of the
steps, one shot at a time, the torpedo combats after the gunnery, the breakoffs, and the end."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction, MalformedAction
from app.engine.rng import HmacRng, ScriptedRng
from app.games.guadalcanal.surface import battle, battleline, scenarios


def _set_up(sid="5"):
    s = battle.start(scenarios.begin(sid))
    sc = scenarios.scenario(sid)
    s = battle.apply(s, "japanese", {"verb": "surface_set_up", "args": {
        "line": "I11", "facing": "N", "placement": battleline.sample(sc["japanese"], "I11")}}, ScriptedRng())
    facing = "S" if sc["facing"] == "opposite" else "N"
    allied = battleline.sample(sc["allied"], "L11", toward_north=facing == "N")
    return battle.apply(s, "allied", {"verb": "surface_set_up", "args": {"line": "L11", "facing": facing,
                                                                "placement": allied}}, ScriptedRng([3, 8]))


@pytest.mark.rule("16c")
def test_side_b_sets_up_first_then_side_a_then_surface_turn_one_begins():
    s = battle.start(scenarios.begin("5"))
    assert battle.acting(s) == ["japanese"] and battle.prompt(s, "allied")["actions"] == []
    with pytest.raises(IllegalAction, match=r"\(rule 16d\)$"):
        battle.apply(s, "allied", {"verb": "surface_set_up", "args": {"line": "L11", "facing": "S", "placement": {}}},
                     ScriptedRng())
    s = _set_up()
    # 16d1: Allied 3, Japanese 8: Japan is Surface Side A, so the Allies move first
    assert s["surface"]["sides"] == {"A": "japanese", "B": "allied"}
    assert s["surface"]["step"] == {"kind": "movement", "side": "allied"}


@pytest.mark.rule("16d2")
def test_surface_side_b_moves_then_side_a_and_an_order_refused_changes_nothing():
    s = _set_up()
    with pytest.raises(IllegalAction) as e:
        battle.apply(s, "allied", {"verb": "surface_move", "args": {"courses": {"us-portland": ["N"]}}}, ScriptedRng())
    assert e.value.rule == "16e"  # Portland faces south: north is three hexsides round
    assert s["surface"]["ships"]["us-portland"]["at"] == "L11"
    with pytest.raises(MalformedAction):
        battle.apply(s, "allied", {"verb": "surface_move", "args": {"courses": {"us-portland": ["UP"]}}}, ScriptedRng())
    s = battle.apply(s, "allied", {"verb": "surface_move", "args": {"courses": {"us-portland": ["SW"]}}}, ScriptedRng())
    assert s["surface"]["ships"]["us-portland"] == {"at": "K12", "facing": "SW"}
    assert s["surface"]["step"] == {"kind": "movement", "side": "japanese"}


@pytest.mark.rule("16d4")
def test_gunnery_one_shot_at_a_time_until_the_side_ceases_fire_then_the_torpedo_combats():
    s = _set_up()
    s = battle.apply(s, "allied", {"verb": "surface_move", "args": {"courses": {}}}, ScriptedRng())
    s = battle.apply(s, "japanese", {"verb": "surface_move", "args": {"courses": {}}}, ScriptedRng())
    assert s["surface"]["step"]["kind"] == "torpedoes"
    s = battle.apply(s, "allied", {"verb": "surface_torpedoes", "args": {"markers": {}}}, ScriptedRng())
    # Nagara (I13 facing north) fires off its starboard bow: J12, K12, then Portland in L11
    s = battle.apply(s, "japanese", {"verb": "surface_torpedoes", "args": {"markers": {"ij-nagara": "front_right"}}},
                     ScriptedRng())
    assert s["surface"]["torpedoes"][0] == {"ship": "ij-nagara", "at": "J12", "facing": "NE"}
    assert s["surface"]["step"] == {"kind": "gunnery", "side": "allied"}
    s = battle.apply(s, "allied", {"verb": "surface_fire", "args": {"ship": "us-portland", "target": "ij-hiei"}},
                     ScriptedRng([1, 10]))
    # a miss: the Allies, holding the free roll marker (7f4.4), may have it rolled again (11a); they decline
    assert s["surface"]["step"] == {"kind": "free_roll", "side": "allied"}
    s = battle.apply(s, "allied", {"verb": "surface_free_roll", "args": {"use": False}}, ScriptedRng())
    assert s["surface"]["step"] == {"kind": "gunnery", "side": "allied"}  # it fires on, shot by shot
    with pytest.raises(IllegalAction, match=r"\(rule 16g\)$"):
        battle.apply(s, "allied", {"verb": "surface_fire", "args": {"ship": "us-portland", "target": "ij-hiei"}},
                     ScriptedRng([1, 10]))
    s = battle.apply(s, "allied", {"verb": "surface_cease_fire", "args": {}}, ScriptedRng())
    assert s["surface"]["step"] == {"kind": "gunnery", "side": "japanese"}
    before = len(s["log"])
    s = battle.apply(s, "japanese", {"verb": "surface_cease_fire", "args": {}}, ScriptedRng([1, 10, 4, 6]))
    # 16d5 after both sides' gunnery: the torpedo combat (1 + ... against 10 + ...: a miss); no breakoff yet
    # (7f4.3), so the turn ends and Surface Turn 2 is rolled (4 against 6)
    texts = [line["text"] for line in s["log"][before:]]
    assert any(t.startswith("Torpedoes of Nagara at Portland") for t in texts)
    assert s["surface"]["turn"] == 2 and s["surface"]["torpedoes"] == []
    assert s["surface"]["sides"] == {"A": "japanese", "B": "allied"}


@pytest.mark.rule("16d7")
def test_random_play_of_both_scenarios_ends_within_ten_surface_turns_and_both_views_agree():
    for sid in scenarios.IDS:
        for seed in range(4):
            rng = HmacRng(b"surface", f"{sid}-{seed}")
            s = _set_up(sid)
            for _ in range(400):
                if s["surface"]["step"]["kind"] == "over":
                    break
                side = battle.acting(s)[0]
                s = _random_order(s, side, rng)
                assert battle.view(s, "allied") == battle.view(s, "japanese")
            assert s["surface"]["step"]["kind"] == "over" and s["surface"]["turn"] <= 10
            assert scenarios.outcome(s)["level"] in ("win", "tie")


def _random_order(s, side, rng):
    p = battle.prompt(s, side)
    kind = s["surface"]["step"]["kind"]
    if kind == "free_roll":
        return battle.apply(s, side, {"verb": "surface_free_roll", "args": {"use": rng.d6() <= 2}}, rng)
    if kind == "gunnery":
        a = rng.choice(p["actions"])
        return battle.apply(s, side, {"verb": a["verb"], "args": {k: v["choices"][0] for k, v in a["args"].items()}},
                            rng)
    if kind == "breakoff":
        ships = p["actions"][0]["args"]["ships"]["choices"]
        pick = [u for u in ships if rng.d6() == 1]
        return battle.apply(s, side, {"verb": "surface_break_off", "args": {"ships": pick}}, rng)
    if kind == "torpedoes":
        ids = list(p["actions"][0]["args"]["markers"]["fields"])
        for u in ids:
            try:
                return battle.apply(s, side, {"verb": "surface_torpedoes", "args": {"markers": {
                    u: rng.choice(battle.TORPEDO_SIDES)}}}, rng)
            except IllegalAction:
                continue
        return battle.apply(s, side, {"verb": "surface_torpedoes", "args": {"markers": {}}}, rng)
    courses = {}
    for u in p["actions"][0]["args"]["courses"]["ids"]:
        f = s["surface"]["ships"][u]["facing"]
        from app.games.guadalcanal.surface.geometry import turned
        courses[u] = [turned(f, rng.choice((-1, 0, 0, 1)))]
        try:
            s2 = battle.apply(s, side, {"verb": "surface_move", "args": {"courses": courses}}, rng)
        except IllegalAction:
            del courses[u]
            continue
        del s2
    return battle.apply(s, side, {"verb": "surface_move", "args": {"courses": courses}}, rng)


@pytest.mark.rule("7f4.4")
def test_the_allies_free_roll_re_rolls_a_shot_and_passes_to_japan():
    s = _set_up()
    s = battle.apply(s, "allied", {"verb": "surface_move", "args": {"courses": {}}}, ScriptedRng())
    s = battle.apply(s, "japanese", {"verb": "surface_move", "args": {"courses": {}}}, ScriptedRng())
    s = battle.apply(s, "allied", {"verb": "surface_torpedoes", "args": {"markers": {}}}, ScriptedRng())
    s = battle.apply(s, "japanese", {"verb": "surface_torpedoes", "args": {"markers": {}}}, ScriptedRng())
    s = battle.apply(s, "allied", {"verb": "surface_fire", "args": {"ship": "us-portland", "target": "ij-hiei"}},
                     ScriptedRng([1, 10]))
    assert s["units"]["ij-hiei"]["hits"] == 0  # not marked while the holder decides
    with pytest.raises(IllegalAction, match=r"\(rule 16d\)$"):
        battle.apply(s, "japanese", {"verb": "surface_free_roll", "args": {"use": True}}, ScriptedRng())
    # Portland 4 (three hexes, broadside) against Hiei 4 + 1 (16k3): rolled again, 9 + 4 = 13 against 1 + 5 = 6
    s = battle.apply(s, "allied", {"verb": "surface_free_roll", "args": {"use": True}}, ScriptedRng([9, 1]))
    assert s["units"]["ij-hiei"]["face"] == "back" and s["free_roll"]["holder"] == "japanese"
    assert any("use the free roll marker (11a)" in line["text"] for line in s["log"])


@pytest.mark.rule("11a")
def test_no_offer_when_the_result_is_already_the_best_for_the_holder():
    s = _set_up()
    for side in ("allied", "japanese"):
        s = battle.apply(s, side, {"verb": "surface_move", "args": {"courses": {}}}, ScriptedRng())
    for side in ("allied", "japanese"):
        s = battle.apply(s, side, {"verb": "surface_torpedoes", "args": {"markers": {}}}, ScriptedRng())
    s = battle.apply(s, "allied", {"verb": "surface_cease_fire", "args": {}}, ScriptedRng())
    # Hiei at Portland: 1 + 6 + 1 = 8 against 10 + 3 = 13, a miss: the Allied holder could not want better
    s = battle.apply(s, "japanese", {"verb": "surface_fire", "args": {"ship": "ij-hiei", "target": "us-portland"}},
                     ScriptedRng([1, 10]))
    assert s["surface"]["step"] == {"kind": "gunnery", "side": "japanese"} and s["free_roll"]["holder"] == "allied"
