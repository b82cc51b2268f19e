"""Campaign Game 1, Shock Effect (app/games/usn/shock.py): the Japanese Pre-Game-Turn, the limits of Game-Turn One,
and the second combat phase's one-third strengths and NAC bombing at ten."""
import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng, SeededRng
from app.games.usn import board, grid, sequence, shock, steps, strength

from .helpers import R

RULE = "Campaign Game 1, Shock Effect"


def _texts(s, role="allied"):
    return "\n".join(e["text"] for e in R.view(s, role)["log"])


def _far_hex(s, ship, dist):
    """A hex exactly `dist` from the ship, more than five from every Allied base and every Allied ship and base
    (so that Movement (N) would double its allowance), on open sea."""
    bases = shock.allied_bases(s)
    enemy = [x["hex"] for x in board.afloat(s, "allied")] + [h for h, b in s["bases"].items() if b["side"] == "allied"]
    for h in sorted(grid.within(ship["hex"], dist)):
        if grid.distance(ship["hex"], h) == dist and grid.open_hex(h) and all(grid.distance(h, b) > 6 for b in bases) \
                and all(grid.distance(h, e) > 6 for e in enemy if e in shock.grid_hexes()):
            return h
    raise AssertionError("no such hex")


def _beside_guam(s, sid, d):
    """Puts the ship seven hexes from Guam (0684, an Allied naval base) and returns an open hex `d` from Guam it
    could reach."""
    guam = "0684"
    h0 = next(h for h in sorted(grid.within(guam, 7)) if grid.distance(guam, h) == 7 and grid.open_hex(h)
              and all(grid.distance(h, b) > 5 for b in shock.allied_bases(s)))
    s["ships"][sid]["hex"] = h0
    return next(h for h in sorted(grid.within(h0, 3)) if grid.distance(guam, h) == d and grid.open_hex(h))


def _move(s, sid, to):
    return R.apply(s, "japanese", {"verb": "move", "args": {"moves": {sid: {"to": to}}}}, ScriptedRng())


@pytest.mark.rule(RULE)
def test_games_1_and_3_begin_with_two_japanese_naval_phases_before_step_1_game_2_does_not():
    for sc in ("campaign_1", "campaign_3"):
        s = R.setup(sc, {}, ScriptedRng())
        assert s["turn"] == 1 and R.acting(s) == ["japanese"]
        assert R.step_title(s) == "Shock Effect: Pre-Game-Turn, first Japanese naval movement phase"
        assert "Step 1, reinforcements" not in _texts(s)
        s = R.apply(s, "japanese", R.default_action(s, "japanese"), ScriptedRng())
        assert R.step_title(s) == "Shock Effect: Pre-Game-Turn, second Japanese naval movement phase"
        assert R.phase(s) == "turn-1-shock1-naval"
        s = R.apply(s, "japanese", R.default_action(s, "japanese"), ScriptedRng())
        assert "Step 1, reinforcements" in _texts(s)  # Step 1 of Game-Turn 1 follows
        assert sequence.row(s)[:3] == ("2", "naval", "japanese") and s["turn"] == 1
    s = R.setup("campaign_2", {}, ScriptedRng())
    assert sequence.row(s)[:3] == ("2", "naval", "japanese") and "Shock" not in R.step_title(s)


@pytest.mark.rule(RULE)
def test_pre_game_turn_no_double_speed_and_never_within_five_hexes_of_an_allied_base():
    s = R.setup("campaign_1", {}, ScriptedRng())
    cv = s["ships"]["J-CV-1"]
    ma = board.values(cv)["movement"]
    ok = _move(s, "J-CV-1", _far_hex(s, cv, ma))
    assert ok["ships"]["J-CV-1"]["hex"] != "0676"
    with pytest.raises(IllegalAction, match="no double speed"):
        _move(s, "J-CV-1", _far_hex(s, cv, ma + 1))
    near = _beside_guam(s, "J-DD-1", 5)
    with pytest.raises(IllegalAction, match="within 5 hexes"):
        _move(s, "J-DD-1", near)
    _move(s, "J-DD-1", _beside_guam(s, "J-DD-1", 6))
    with pytest.raises(IllegalAction, match="air transfers"):
        R.apply(s, "japanese", {"verb": "move", "args": {"moves": {}, "transfers": [
            {"from": "base:0676", "kind": "lac", "points": 1, "to": "base:0378"}]}}, ScriptedRng())
    div = next(u for u in s["land"].values() if u["side"] == "japanese" and u["hex"] == "0676")
    trj = next(x for x in s["ships"].values() if x["type"] == "TR" and x["side"] == "japanese")
    trj["hex"] = "0676"
    with pytest.raises(IllegalAction, match="non-Naval unit"):
        R.apply(s, "japanese", {"verb": "move", "args": {"moves": {trj["id"]: {"stop": "0676", "embark": [div["id"]]}}}},
                ScriptedRng())


@pytest.mark.rule(RULE)
def test_game_turn_one_japan_doubles_but_keeps_five_hexes_off_and_the_allies_do_not_move():
    s = R.setup("campaign_1", {}, ScriptedRng())
    for _ in range(2):  # the Pre-Game-Turn, nothing moved
        s = R.apply(s, "japanese", R.default_action(s, "japanese"), ScriptedRng())
    cv = s["ships"]["J-CV-1"]
    ma = board.values(cv)["movement"]
    doubled = _move(s, "J-CV-1", _far_hex(s, cv, ma + 1))  # Step 2: double speed again (Movement (N))
    assert doubled["ships"]["J-CV-1"]["hex"] != "0676"
    assert R.prompts(s)["japanese"]["info"]["shock"]["no_double_speed"] is False
    s0 = s
    s = dict(s0, ships={k: dict(v) for k, v in s0["ships"].items()})
    with pytest.raises(IllegalAction, match="within 5 hexes"):
        _move(s, "J-DD-1", _beside_guam(s, "J-DD-1", 4))
    s = doubled
    assert sequence.row(s)[:3] == ("3", "land_move", "allied")
    div = next(u for u in s["land"].values() if u["side"] == "allied" and u["hex"] == "0381"
               and u["name"] == "30-50 Division")
    with pytest.raises(IllegalAction, match="may not move at all"):
        R.apply(s, "allied", {"verb": "land_move", "args": {"moves": {div["id"]: "0348"}, "entrench": [],
                                                            "disentrench": []}}, ScriptedRng())
    assert R.prompts(s)["allied"]["info"]["may_move"][div["id"]] == []
    s = R.apply(s, "allied", R.default_action(s, "allied"), ScriptedRng())
    assert sequence.row(s)[:3] == ("4", "naval", "allied")
    dd = next(x for x in s["ships"].values() if x["side"] == "allied" and x["hex"] == "1456")
    with pytest.raises(IllegalAction, match="may not move at all"):
        R.apply(s, "allied", {"verb": "move", "args": {"moves": {dd["id"]: {"to": "1457"}}}}, ScriptedRng())
    for seed in range(4):  # random and computer orders obey
        R.check(s, "allied", R.random_action(s, "allied", SeededRng(seed)))
    R.check(s, "allied", R.bots["allied"](R.view(s, "allied"), R.prompts(s)["allied"], SeededRng(0)))


def _step(s, kind, step):
    s["step"] = steps.position(next(i for i, st in enumerate(steps.TURN)
                                    if st.kind == kind and steps.printed(st) == step))
    return s


@pytest.mark.rule(RULE)
def test_in_the_second_combat_phase_of_game_turn_one_allied_aircraft_fly_no_missions():
    s = _step(R.setup("campaign_1", {}, ScriptedRng()), "allocation", "9")
    cap = {"verb": "allocate", "args": {"missions": [], "cap": [{"from": "base:1456", "kind": "lac", "points": 1}]}}
    with pytest.raises(IllegalAction, match="may not perform any missions"):
        R.check(s, "allied", cap)
    assert R.default_action(s, "allied")["args"] == {"missions": [], "cap": []}
    R.check(s, "allied", R.bots["allied"](R.view(s, "allied"), R.prompts(s)["allied"], SeededRng(0)))
    R.check(s, "allied", R.random_action(s, "allied", SeededRng(3)))
    R.check(_step(s, "allocation", "5"), "allied", cap)  # the first combat phase: allowed
    s["turn"] = 2
    R.check(_step(s, "allocation", "9"), "allied", cap)


def _strike_state(turn):
    """Step 9 (F)-(L) of `turn`: an Allied DD alone at sea, two Japanese NAC from J-CV-1 striking it, five more
    striking the Manila air base (capacity 25, 20 LAC and 3 LBAC on it)."""
    s = _step(R.setup("campaign_1", {}, ScriptedRng()), "strikes", "9")
    s["turn"] = turn
    dd = next(x for x in s["ships"].values() if x["side"] == "allied" and x["type"] == "DD")
    dd["hex"] = "0414"
    s["ships"]["J-CV-1"]["hex"] = "0412"
    s["examined"]["japanese"] = {"0414": [[dd["id"]]]}
    s["allocations"] = {"japanese": {"missions": [{"from": "J-CV-1", "kind": "nac", "points": 2, "target": "0414",
                                                   "group": 1}],
                                     "base_strikes": [{"from": "J-CV-1", "kind": "nac", "points": 5, "target": "0381",
                                                       "base": "air base"}], "cap": []},
                        "allied": {"missions": [], "cap": []}}
    return s, dd


@pytest.mark.rule(RULE)
def test_second_combat_phase_allied_ships_and_bases_at_one_third_japanese_nac_bomb_at_ten():
    s, _ = _strike_state(1)
    R.sequence.procedures["strikes"](s, ScriptedRng([6] * 12))
    log = "\n".join(e["text"] for e in s["log"])
    assert "Anti-aircraft 4 (die 6)" in log  # the DD's 12 at one third
    assert "Bombing 20 against 1" in log  # 2 NAC at ten; Defense 3 at one third
    assert "Anti-aircraft 8 (die 6)" in log  # the Manila air base's 25 at one third; its planes do not rise
    assert "CAP" not in log
    assert not any("shock" in x for x in list(s["ships"].values()) + list(s["bases"].values())
                   + list(s["land"].values()))  # the marks live only while the strikes run
    s, _ = _strike_state(2)
    R.sequence.procedures["strikes"](s, ScriptedRng([6] * 12))
    log = "\n".join(e["text"] for e in s["log"])
    assert "Anti-aircraft 12 (die 6)" in log and "Bombing 14 against 3" in log


@pytest.mark.rule(RULE)
def test_allied_land_forces_defend_at_one_third_coastal_defense_units_unaffected():
    s, _ = _strike_state(1)
    div = next(u for u in s["land"].values() if u["side"] == "allied" and u["name"] == "30-50 Division")
    cd = next(u for u in s["land"].values() if u["side"] == "allied" and u["name"] == "50-20 Coastal Defense")
    seen = {}

    def probe(state, rng):
        seen.update(div=strength.defense(state, state["land"][div["id"]]),
                    cd=strength.defense(state, state["land"][cd["id"]]))
    shock.strikes(s, ScriptedRng(), probe)
    assert seen == {"div": 50 // 3, "cd": strength.defense(s, cd)}
    assert strength.defense(s, div) == 50
