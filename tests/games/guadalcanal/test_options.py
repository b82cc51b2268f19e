"""The optional rules 11a, 11b, 11c, 11e and 13: each switchable per game in the lobby (the game's options declaration),
recorded with the game, its reconstructed values shown with their provenance; random games with them end cleanly,
and what a side may not know still never reaches it (non-interference and canaries) with them on."""
from __future__ import annotations

import pytest

from app.engine.contract import SPECTATOR
from app.engine.rng import ScriptedRng, SeededRng
from app.engine.sequence import HOLD
from app.engine.testing import check_canaries, check_non_interference, playout
from app.games.guadalcanal import rules, search, sequence
from tests.games.guadalcanal.helpers import random_positions, example_10

ALL_ON = {"free_roll": True, "aircraft_damage": True, "dead_in_the_water": True, "submarines": True,
          "wave_attacks": True, "fighters": True, "sea_movement": True, "variable_spotting": True,
          "scout_losses": True, "max_strike": True, "new_scouts": True, "surface": True,
          "teams": True, "patrols": True, "night_search": True}


def all_on(**extra):
    """Every option, and `extra`; the free roll marker (11a) is refused under the damage fog (18c2)."""
    return dict(ALL_ON, **extra, **({"free_roll": False} if extra.get("fog_damage") else {}))


@pytest.mark.rule("11")
def test_each_option_is_declared_for_the_lobby_off_by_default_with_its_rule():
    declared = {o.id: o for o in rules.meta.options}
    assert {i: declared[i].rule for i in ALL_ON} == {"free_roll": "11a", "aircraft_damage": "11b",
                                                      "dead_in_the_water": "11c", "submarines": "11e",
                                                      "wave_attacks": "13", "fighters": "14", "sea_movement": "12a",
                                                      "variable_spotting": "15a", "scout_losses": "15b",
                                                      "max_strike": "12b", "new_scouts": "15c", "surface": "16",
                                                      "teams": "17", "patrols": "12d", "night_search": "12e"}
    assert all(declared[i].default is False and declared[i].choices == (True, False) for i in ALL_ON)


@pytest.mark.rule("11")
def test_the_options_are_recorded_with_the_game_and_announced_with_their_reconstructions():
    s = rules.setup("1", {"submarines": True, "dead_in_the_water": True}, ScriptedRng())
    assert s["options"] == {"free_roll": False, "aircraft_damage": False, "dead_in_the_water": True,
                            "submarines": True, "wave_attacks": False, "fighters": False, "sea_movement": False,
                            "variable_spotting": False, "scout_losses": False, "max_strike": False,
                            "new_scouts": False, "surface": False, "teams": False, "patrols": False,
                            "night_search": False}
    (line,) = [x for x in s["log"] if x["text"].startswith("Optional rules in play")]
    assert line["to"] == "public" and "11c" in line["text"] and "11e" in line["text"] and "11b" not in line["text"]
    assert "reconstructed: 11c is not transcribed" in line["text"]
    plain = rules.setup("1", {}, ScriptedRng())
    assert not any(x["text"].startswith("Optional rules") for x in plain["log"])
    assert not any(o["on"] for o in rules.view(plain, SPECTATOR)["options"])


@pytest.mark.rule("11")
def test_every_reader_sees_which_options_are_on_and_every_reconstructed_value_with_its_provenance():
    s = rules.setup("1", ALL_ON, ScriptedRng())
    for role in ("allied", "japanese", SPECTATOR):
        shown = {o["id"]: o for o in rules.view(s, role)["options"]}
        assert all(shown[i]["on"] for i in ALL_ON)
        assert [r["key"] for r in shown["submarines"]["reconstructed"]] == ["exact_this_turn", "target_defense_counts"]
        assert [r["key"] for r in shown["aircraft_damage"]["reconstructed"]] == ["defense_factor_counts"]


@pytest.mark.rule("18c")
@pytest.mark.parametrize("extra", [{}, {"umpired": True}, {"umpired": True, "fog_damage": True}])
def test_with_the_options_on_hidden_things_never_reach_a_side_or_a_spectator(extra):
    for seed in (1, 2):
        for state in random_positions(all_on(**extra), seed, (0, 3, 10, 25, 60, 90, 140)):
            for role in ("allied", "japanese", SPECTATOR):
                check_non_interference(rules, state, role, SeededRng(seed))
                check_canaries(rules, state, role)


@pytest.mark.rule("11e2")
@pytest.mark.parametrize("umpired", [False, True])
def test_the_submarine_choice_and_its_result_leak_nothing(umpired):
    s = example_10()
    s["options"] = ALL_ON
    s["umpired"], s["open_cards"] = umpired, not umpired
    search.answer(s, "allied", "N2", "Air search", at="test", rng=ScriptedRng([9, 1]))  # 15a: 12 against 1, 3X
    s["step"] = {"part": "turn", "kind": "submarine", "side": None, "index": sequence.TURN.index(("submarine", None))}
    assert sequence.submarine_step(s, ScriptedRng([9, 2])) == HOLD
    for role in ("allied", "japanese", SPECTATOR):
        check_non_interference(rules, s, role, SeededRng(3))
        check_canaries(rules, s, role)
    after = rules.apply(s, "allied", {"verb": "submarine_attack", "args": {"target": "ij-junyo"}},
                        ScriptedRng([9, 1, 6, 4]))
    for role in ("allied", "japanese", SPECTATOR):
        check_non_interference(rules, after, role, SeededRng(4))
        check_canaries(rules, after, role)


@pytest.mark.parametrize("scenario", "1234")
def test_random_games_with_random_options_end_cleanly_umpired_or_not(scenario):
    """Seeded random games of scenarios 1-4 with the options drawn at random (umpired and fogged too) end. The same
    sixteen games as one test did, one test a scenario, so that parallel workers share them."""
    for seed in range("1234".index(scenario), 16, 4):
        pick = SeededRng(1000 + seed)
        options = {k: pick.die(2) == 1 for k in ALL_ON}
        options["umpired"] = pick.die(2) == 1
        options["fog_damage"] = options["umpired"] and pick.die(2) == 1
        options["free_roll"] = options["free_roll"] and not options["fog_damage"]
        options["scout_losses"] = options["scout_losses"] and options["fighters"]  # 15b is played only with 14
        p = playout(rules, "1234"[seed % 4], options, seed=seed, max_steps=6000)
        assert p.state["outcome"] is not None, (seed, options)
        assert p.state["options"] == {k: options[k] for k in ALL_ON}


@pytest.mark.slow
def test_two_hundred_random_games_with_all_the_options_end():
    for seed in range(200):
        p = playout(rules, "1234"[seed % 4], all_on(umpired=seed % 2 == 1, fog_damage=seed % 4 == 3),
                    seed=seed, max_steps=6000)
        assert p.state["outcome"] is not None, seed


@pytest.mark.rule("14")
def test_a_reconstructed_value_is_shown_with_printed_names():
    """Issue 34: the options panel read "japanese_carriers 2 = {'ij-shokaku': ['ij-1sf', 'ij-2sf'], ...}"."""
    from app.games.guadalcanal import options as opts
    shown = {r["key"]: r["value"] for r in opts.reconstructed(opts.FIGHTERS)}
    assert shown["japanese_carriers 2"] == "Shokaku: 1SF, 2SF; Zuikaku: 1ZF, 2ZF; Ryujo: 1RF, 2RF"
