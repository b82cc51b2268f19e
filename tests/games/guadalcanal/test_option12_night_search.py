"""Option 12e, read as night search by the Catalinas (reconstructed from 8e2: night_search.py), through `apply` with
scripted dice. Scenario 1 starts on October 27, Turn 1, a night Turn (7b1); the Catalina AA is put in Henderson's
Ready box before the Turn's roll (Allies 6, Japan 4: the Allies are Side A)."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng, SeededRng
from app.games.guadalcanal import rules
from app.games.guadalcanal.states import begin_turn
from tests.games.guadalcanal.helpers import (ALLIED_DEPLOY, asking, JAPANESE_DEPLOY, fly, lines, play, sea_search, shift,
                                             step, take_off)


def night_turn(on=True, date=None):
    s = asking(rules.setup("1", {"night_search": on}, ScriptedRng()))
    s = rules.apply(s, "japanese", JAPANESE_DEPLOY, ScriptedRng())
    s = rules.apply(s, "allied", ALLIED_DEPLOY, ScriptedRng([6, 4]))
    for u in ("us-aa", "us-b10"):
        s["units"][u]["box"] = "ready"
    s["units"]["us-b10"]["location"] = {"area": "us-henderson"}
    if date is not None:
        s["time"]["date"] = date
    s["step"] = {"kind": "sides", "side": None, "index": -1}
    begin_turn(s, ScriptedRng([6, 4]))
    return s


@pytest.mark.rule("12e")
def test_in_a_late_1942_night_turn_only_the_catalinas_take_off_and_they_search():
    s = night_turn()
    assert step(s) == ("assembly", "allied")
    offered = rules.prompts(s)["allied"]["actions"][0]["args"]["units"]["choices"]
    assert "us-aa" in offered and "us-b10" not in offered
    with pytest.raises(IllegalAction) as e:
        rules.check(s, "allied", take_off("us-aa", "us-b10"))
    assert e.value.rule == "12e" and "may not fly during a night Turn" in str(e.value)
    s = play(s, "allied", take_off("us-aa"))
    assert s["units"]["us-aa"]["box"] == "normal_strike"
    assert any("AA take off to search by night (option 12e)" in t for t in lines(s, "allied"))
    s = play(s, "japanese", shift())
    s = play(s, "allied", shift())
    while step(s)[0] == "sea":
        s = play(s, step(s)[1], {"verb": "move", "args": {"moves": {}}})
    s = play(s, "japanese", sea_search())  # Japan is Side B: its (empty) air step, then its sea search
    assert step(s) == ("air", "allied")
    s = play(s, "allied", fly(["us-aa"], ["N5", "N4", "N3", "N2"], ["N2"]))
    assert any(t.startswith("Air search N2: a task force marker is spotted with") for t in lines(s, "allied"))
    assert s["units"]["us-aa"]["location"]["hex"] == "N2"


@pytest.mark.rule("12e")
@pytest.mark.rule("3a1")
def test_without_the_option_or_in_august_no_air_unit_flies_at_night():
    for s in (night_turn(on=False), night_turn(date=0)):  # AUG 24: before "late 1942" (8e2)
        assert step(s) != ("assembly", "allied")
        assert s["units"]["us-aa"]["box"] == "ready"
    s = night_turn()
    with pytest.raises(IllegalAction) as e:  # the Catalinas search; no CAP or deck load at night
        rules.check(s, "allied", {"verb": "take_off", "args": {"units": [], "max_strike": ["us-b10"]}})
    assert e.value.rule == "3a1"


@pytest.mark.rule("12e")
def test_the_option_is_in_the_lobby_with_its_reconstruction_shown():
    (o,) = [o for o in rules.meta.options if o.id == "night_search"]
    assert o.rule == "12e" and o.default is False
    s = night_turn()
    shown = {x["id"]: x for x in rules.view(s, "japanese")["options"]}["night_search"]
    assert shown["on"] and all(r["provenance"].startswith("reconstructed") for r in shown["reconstructed"])
    assert any("8e2" in r["provenance"] for r in shown["reconstructed"])


@pytest.mark.rule("12e")
def test_the_allied_computer_player_answers_the_night_assembly_legally_from_its_view():
    s = night_turn()
    for seed in range(5):
        order = rules.bots["allied"](rules.view(s, "allied"), rules.prompts(s)["allied"], SeededRng(seed))
        rules.check(s, "allied", order)
        assert "us-b10" not in order["args"]["units"]
