"""Option 14 in play, through `rules.apply` with scripted dice: fighters take off into the High and Low CAP boxes in
the Assembly Step (14a2, 3a), escorts fly with their strike, and each battle's air combat comes after the air attack
set-up and before AA (14 intro): the CAP faces the escorts (14a2.1, 14a2.2), left-over escorts join a combat or
strafe (14a3), the escorts attack (14d1), then the CAP (14d2), freed escorts may strafe (14d1, 14f), released CAP
fighters break through (14c, 14e), and AA fires with what strafing left it (14f). Example 14d is replayed roll for
roll. Dice are written attacker / defender."""
from __future__ import annotations

import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.guadalcanal import rules, sequence
from app.games.guadalcanal.combat.damage import factor
from app.games.guadalcanal.deployment import _unit
from app.games.guadalcanal.gamedata import AIR
from tests.games.guadalcanal.helpers import example_10, lines, put, sea_search

US, IJ = "allied", "japanese"
ESCORTS = ["us-1f6", "us-2f6", "us-1f5"]
SEA_SEARCH_A = sequence.TURN.index(("sea_search", "A"))  # the Combat Phase comes next


def with_fighters(s, **where):
    """Example 10's game with option 14 on and the fighter units `where` {uid: (box, location)} added."""
    s["options"]["fighters"] = True
    for uid, (box, loc) in where.items():
        uid = uid.replace("_", "-")
        back = {uid} if uid == "us-2f6" else set()  # example 14d: 2F6 is on its back side
        s["units"][uid] = _unit(uid, "air", AIR[uid], dict(loc), box, back)
    return s


def to_combat(s, dice=()):
    """End Japan's (Side A's) Action Phase with a sea search of nothing: the Combat Phase begins (4)."""
    s["step"] = {"kind": "sea_search", "side": IJ, "index": SEA_SEARCH_A}
    return rules.apply(s, IJ, sea_search(), ScriptedRng(list(dice)))


def act(s, role, verb, dice=(), **args):
    rng = ScriptedRng(list(dice))
    s = rules.apply(s, role, {"verb": verb, "args": args}, rng)
    assert rng.remaining == 0, "every scripted die is rolled"
    return s


def default(s, role):
    return rules.apply(s, role, rules.default_action(s, role), ScriptedRng())


def waiting(s):
    from app.games.guadalcanal.sequence import combat_kind
    return combat_kind(s), rules.acting(s)


def example_14d():
    """Example 14d's fighters in example 10's battle N2: the Allied B8 and T6 with the escorts 1F6, 2F6 (back) and
    1F5 over the Advance Force, whose Junyo flies 1RF in the High CAP box and 2SF in the Low CAP box. Both sides'
    ships and bombers are set up (4a2, 4a3) and the air combat begins."""
    s = example_10()
    for u in ("us-b8", "us-t6"):
        put(s, u, "flying", hex="N2")
    s = with_fighters(s, **{"us-1f6": ("flying", {"hex": "N2"}), "us-2f6": ("flying", {"hex": "N2"}),
                            "us-1f5": ("flying", {"hex": "N2"}),
                            "ij-1rf": ("high_cap", {"tf": "ij-advance-force", "from": "ij-junyo"}),
                            "ij-2sf": ("low_cap", {"tf": "ij-advance-force", "from": "ij-junyo"})})
    s = to_combat(s)
    s = default(s, IJ)  # the Advance Force's ships on the Battleboard (4a2)
    s = default(s, US)  # B8 and T6 on their targets (4a3)
    return s


@pytest.mark.rule("14a2")
@pytest.mark.rule("3a")
def test_fighters_take_off_into_the_high_and_low_cap_boxes_in_the_assembly_step():
    s = with_fighters(example_10(), **{"us-1f6": ("ready", {"area": "us-hornet"}),
                                       "us-2f6": ("ready", {"area": "us-hornet"})})
    offered = rules.prompts(s)[US]["actions"][0]["args"]
    cap = offered["cap"]["fields"]
    assert list(cap) == ["us-1f6", "us-2f6"] and all(f["choices"] == ["high", "low"] for f in cap.values())
    assert [f["label"] for f in cap.values()] == ["1F6 CAP", "2F6 CAP"] and cap["us-1f6"]["labels"] == ["High CAP", "Low CAP"]
    with pytest.raises(IllegalAction, match="14a2"):  # only fighters fly CAP
        rules.check(s, US, {"verb": "take_off", "args": {"units": [], "cap": {"us-b8": "high"}}})
    with pytest.raises(IllegalAction, match="3a4"):  # CAP take-offs count against the launch factor
        rules.check(s, US, {"verb": "take_off", "args": {"units": ["us-b8", "us-t6", "us-ss"],
                                                         "cap": {"us-1f6": "high", "us-2f6": "low"}}})
    s = act(s, US, "take_off", units=["us-b8"], cap={"us-1f6": "high", "us-2f6": "low"})
    assert {u: (s["units"][u]["box"], s["units"][u]["location"]["tf"]) for u in ("us-1f6", "us-2f6")} == \
        {"us-1f6": ("high_cap", "us-tf17"), "us-2f6": ("low_cap", "us-tf17")}
    card = rules.view(s, US)["cards"][US]["task_forces"]
    tf17 = next(t for t in card if t["id"] == "us-tf17")
    assert [u["id"] for u in tf17["high_cap"]] == ["us-1f6"] and [u["id"] for u in tf17["low_cap"]] == ["us-2f6"]
    assert any("2F6 takes off from Hornet to the Low CAP box" in x for x in lines(s, IJ))  # open cards (2c)


@pytest.mark.rule("14")
def test_without_the_option_no_fighter_flies_cap():
    s = example_10()
    assert "cap" not in rules.prompts(s)[US]["actions"][0]["args"]
    with pytest.raises(IllegalAction, match="14"):
        rules.check(s, US, {"verb": "take_off", "args": {"units": [], "cap": {"us-b8": "high"}}})


@pytest.mark.rule("14d1")
@pytest.mark.rule("14d2")
@pytest.mark.rule("14a2.1")
@pytest.mark.rule("14a3")
@pytest.mark.rule("14b")
def test_example_14d_replayed_through_play():
    s = example_14d()
    assert waiting(s) == ("air_combat", [IJ])  # the CAP side faces the escorts first (14a2.1)
    with pytest.raises(IllegalAction, match="14a2"):  # every CAP fighter faces an escort
        rules.check(s, IJ, {"verb": "face_escorts", "args": {"faced": {"ij-1rf": "us-1f6"}}})
    s = act(s, IJ, "face_escorts", faced={"ij-1rf": "us-1f6", "ij-2sf": "us-1f5"})
    assert waiting(s) == ("air_combat", [US])  # 2F6 is left over: it joins 1F6 (14a3)
    for role in (US, IJ):  # both sides see the individual combats at the Battleboard
        shown = rules.view(s, role)["combat"]["battles"][0]["air_combat"]
        assert shown["cap_box"] == {"ij-1rf": "high", "ij-2sf": "low"} and shown["escorts"] == ESCORTS
    s = act(s, US, "escort_setup", joined={"us-2f6": "ij-1rf"}, strafe={})
    with pytest.raises(IllegalAction, match="14d"):  # 1F5 does not attack 1RF: not its individual combat
        rules.check(s, US, {"verb": "air_attack", "args": {"attackers": ["us-1f5"], "target": "ij-1rf"}})
    s = act(s, US, "air_attack", dice=(1, 3), attackers=["us-1f6", "us-2f6"], target="ij-1rf")
    x1 = [x for x in s["log"] if (x.get("data") or {}).get("combat") == "air"][-1]["data"]
    assert (x1["attacker_total"], x1["defender_total"], x1["attacker_number"], x1["defender_number"]) == (9, 2, 10, 5)
    assert s["units"]["ij-1rf"]["face"] == "back"  # X14-1: flipped
    s = act(s, US, "air_attack", dice=(8, 2), attackers=["us-1f5"], target="ij-2sf")
    assert s["units"]["ij-2sf"]["box"] == "eliminated"  # X14-2: 14 against 4
    assert waiting(s) == ("air_combat", [IJ])  # the CAP attacks now (14d2)
    with pytest.raises(IllegalAction, match="14d"):  # X14-4: 1F5 is no longer in an individual combat
        rules.check(s, IJ, {"verb": "air_attack", "args": {"attackers": ["ij-1rf"], "target": "us-1f5"}})
    s = act(s, IJ, "air_attack", dice=(7, 4), attackers=["ij-1rf"], target="us-2f6")
    assert s["units"]["us-2f6"]["box"] == "eliminated"  # X14-3: 1RF's back 3 against 2F6's back 1, 10 against 5
    assert any(x.startswith("CAP attack (14d2): 1RF (+3) attack 2F6 (+1): 7+3=10 against 4+1=5: 2F6 eliminated")
               for x in lines(s, US))
    # 14d1: 1F5, freed by 2SF's elimination, may now be placed as a strafer (14f)
    assert waiting(s) == ("air_combat", [US])
    assert rules.prompts(s)[US]["actions"][0]["verb"] == "strafe_freed"


@pytest.mark.rule("14f")
def test_a_freed_escort_strafes_and_the_target_fires_less_aa():
    s = example_14d()
    s = act(s, IJ, "face_escorts", faced={"ij-1rf": "us-1f6", "ij-2sf": "us-1f5"})
    s = act(s, US, "escort_setup", joined={"us-2f6": "ij-1rf"}, strafe={})
    s = act(s, US, "air_attack", dice=(1, 3), attackers=["us-1f6", "us-2f6"], target="ij-1rf")
    s = act(s, US, "air_attack", dice=(8, 2), attackers=["us-1f5"], target="ij-2sf")
    s = act(s, IJ, "air_attack", dice=(7, 4), attackers=["ij-1rf"], target="us-2f6")
    with pytest.raises(IllegalAction, match="14d1"):  # 1F6's opponent 1RF still flies: it is not freed
        rules.check(s, US, {"verb": "strafe_freed", "args": {"targets": {"us-1f6": "ij-junyo"}}})
    assert factor(s, "ij-junyo", "aa") == 3
    s = act(s, US, "strafe_freed", targets={"us-1f5": "ij-junyo"})
    # no breakthrough: 1F6 still escorts in 1RF's combat (14e); AA comes next with Junyo's AA 3 - 6 // 2 = 0
    assert waiting(s) == ("aa_combat", [IJ])
    assert rules.prompts(s)[IJ]["info"]["aa"]["ij-junyo"] == 0
    assert rules.prompts(s)[IJ]["info"]["aa"]["ij-haruna"] == 2  # only the strafed unit loses AA
    assert any("1F5 strafes Junyo" in x for x in lines(s, IJ))
    s = act(s, IJ, "fire", dice=(5, 5), guns=["ij-junyo"], target="us-b8")
    fired = [x for x in s["log"] if (x.get("data") or {}).get("combat") == "aa"][-1]["data"]
    assert fired["attacker_total"] == 0 and fired["result"] == "miss"  # Junyo's silenced guns: 5+0 against 5+2


def cap_over_tf17(**cap):
    """A Japanese strike (1SD dive, 1ZT torpedo) with no escort over Task Force 17 in Q5, whose CAP is `cap`; the
    Allied ships and the Japanese bombers are set up. Japan is Side A."""
    s = example_10()
    for u in ("ij-1sd", "ij-1zt"):
        put(s, u, "flying", hex="Q5")
    s = with_fighters(s, **{u: (f"{box}_cap", {"tf": "us-tf17", "from": "us-hornet"}) for u, box in cap.items()})
    s = to_combat(s)
    s = default(s, US)
    return default(s, IJ)


@pytest.mark.rule("14e")
@pytest.mark.rule("14c")
def test_with_no_escort_every_cap_fighter_breaks_through_high_against_dive_low_against_torpedo_bombers():
    s = cap_over_tf17(us_1f6="high", us_2f6="low")
    assert waiting(s) == ("air_combat", [US])  # no escort: straight to the breakthroughs (14e)
    with pytest.raises(IllegalAction, match="14c"):  # High CAP does not meet the torpedo bombers
        rules.check(s, US, {"verb": "air_attack", "args": {"attackers": ["us-1f6"], "target": "ij-1zt"}})
    with pytest.raises(IllegalAction, match="14c"):  # Low CAP does not meet the dive bombers
        rules.check(s, US, {"verb": "air_attack", "args": {"attackers": ["us-2f6"], "target": "ij-1sd"}})
    s = act(s, US, "air_attack", dice=(9, 1), attackers=["us-1f6"], target="ij-1sd")  # 9+6 against 1+2: 3x
    assert s["units"]["ij-1sd"]["box"] == "eliminated"
    s = act(s, US, "air_pass")  # 2F6 lets 1ZT through
    assert waiting(s)[0] == "aa_combat"
    assert list(rules.prompts(s)[US]["info"]["modifiers"]) == ["ij-1zt"]  # 1SD was shot down before it bombed


@pytest.mark.rule("14a")
def test_with_no_cap_the_escorts_stay_out_or_strafe():
    s = example_10()
    for u in ("ij-1sd",):
        put(s, u, "flying", hex="Q5")
    s = with_fighters(s, **{"ij-1zf": ("flying", {"hex": "Q5"}), "ij-2zf": ("flying", {"hex": "Q5"})})
    s = to_combat(s)
    s = default(s, US)
    s = default(s, IJ)
    assert waiting(s) == ("air_combat", [IJ])  # the escort side decides: no CAP to fight (14a)
    with pytest.raises(IllegalAction, match="14a"):
        rules.check(s, IJ, {"verb": "escort_setup", "args": {"joined": {"ij-1zf": "us-1f6"}, "strafe": {}}})
    s = act(s, IJ, "escort_setup", joined={}, strafe={"ij-1zf": "us-juneau"})
    assert waiting(s)[0] == "aa_combat"
    strafer = factor(s, "ij-1zf", "air_combat") // 2
    assert rules.prompts(s)[US]["info"]["aa"]["us-juneau"] == max(factor(s, "us-juneau", "aa") - strafer, 0)
    assert any("2ZF stays out" in x for x in lines(s, US))


@pytest.mark.rule("5")
@pytest.mark.rule("14a2")
def test_the_cap_flies_back_in_the_air_return_phase():
    s = cap_over_tf17(us_1f6="high")
    s = act(s, US, "air_pass")
    assert s["units"]["us-1f6"]["box"] == "high_cap"  # over its task force through the battle
    s = act(s, US, "cease_fire")
    misses = ScriptedRng([1, 9] * 2)  # 1SD and 1ZT bomb and miss
    while waiting(s)[0] == "bombing_combat":
        s = rules.apply(s, IJ, rules.default_action(s, IJ), misses)
    s = act(s, US, "keep")  # the reorganisations (4e1, Side B then A) end the Combat Phase
    s = act(s, IJ, "keep")
    assert s["units"]["us-1f6"]["box"] == "flying" and s["units"]["us-1f6"]["location"]["hex"] == "Q5"
    assert s["step"]["kind"] == "air_return"


@pytest.mark.rule("18c2")
@pytest.mark.rule("14d1")
def test_umpired_with_the_damage_fog_the_side_that_did_the_damage_reads_the_umpires_report():
    from app.games.guadalcanal import fog
    s = example_14d()
    s["umpired"], s["open_cards"] = True, False
    fog.begin(s, {"fog_damage": True, "umpired": True})
    s = act(s, IJ, "face_escorts", faced={"ij-1rf": "us-1f6", "ij-2sf": "us-1f5"})
    s = act(s, US, "escort_setup", joined={"us-2f6": "ij-1rf"}, strafe={})
    s = act(s, US, "air_attack", dice=(1, 3, 5), attackers=["us-1f6", "us-2f6"], target="ij-1rf")  # 5: fog die
    truth = "Escort attack (14d1): 1F6 + 2F6 (+9) attack 1RF (+2): 1+9=10 against 3+2=5: 1RF flipped."
    assert truth in lines(s, IJ) and truth not in lines(s, US)  # the owner reads the truth, dice and all
    told = [x for x in lines(s, US) if x.startswith("Escort attack (14d1): 1F6 + 2F6 attack 1RF: the umpire reports")]
    assert told and "1+9" not in told[0]
    assert any(x.startswith("Fog of war (18c2)") for x in lines(s, "umpire"))


def random_air_combats(start, seed, umpired=False):
    """From `start`, random legal orders (the decision's own `random`) with seeded dice until the Combat Phase is
    over: every position along the way."""
    from app.engine.rng import SeededRng
    from app.games.guadalcanal import fog
    s = start()
    if umpired:
        s["umpired"], s["open_cards"] = True, False
        fog.begin(s, {"fog_damage": True, "umpired": True})
    players, dice = SeededRng(seed * 2 + 1), SeededRng(seed * 2)
    out = [s]
    while waiting(s)[0] is not None:
        role = players.choice(sorted(rules.acting(s)))
        s = rules.apply(s, role, rules.random_action(s, role, players), dice)
        out.append(s)
    return out


@pytest.mark.rule("14")
@pytest.mark.rule("18c")
@pytest.mark.parametrize("umpired", [False, True])
def test_random_air_combats_are_legal_and_leak_nothing(umpired):
    from app.engine.contract import SPECTATOR
    from app.engine.rng import SeededRng
    from app.engine.testing import check_canaries, check_non_interference
    seen = set()
    for seed in range(12):
        start = example_14d if seed % 2 else (lambda: cap_over_tf17(us_1f6="high", us_2f6="low"))
        for s in random_air_combats(start, seed, umpired):
            rec = ((s.get("combat") or {}).get("battles") or [{}])[0].get("air_combat") or {}
            seen.add((rec.get("stage"), rec.get("phase")))
            if seed < 4:
                for role in (US, IJ, SPECTATOR):
                    check_non_interference(rules, s, role, SeededRng(seed))
                    check_canaries(rules, s, role)
    # the random orders reached every stage of the air combat
    assert {("face", None), ("adjust", None), ("fight", "escort"), ("fight", "cap"), ("strafe", "breakthrough"),
            ("fight", "breakthrough"), ("done", "done")} <= seen


@pytest.mark.rule("14")
def test_the_bots_fly_cap_and_escorts_and_answer_every_air_combat_prompt_legally():
    from tests.games.guadalcanal.test_bots import play
    fought = 0
    for scenario, seed in (("2", 0), ("3", 1), ("4", 2)):
        s = play(scenario, seed, (US, IJ), {"fighters": True})  # every bot order is checked by the rules
        assert s["outcome"] is not None
        assert any("CAP box" in x["text"] for x in s["log"])
        fought += sum(x["text"].startswith("Air combat (14)") for x in s["log"])
    assert fought  # the bots met air combats, and answered them


@pytest.mark.rule("18c")
@pytest.mark.rule("2c")
def test_umpired_the_cap_boxes_stay_on_their_sides_card():
    """Umpired (18c) the Operations Cards are hidden: random positions of Scenario 3 with CAP up leak nothing, and
    only the owner's card shows its High and Low CAP boxes."""
    from app.engine.contract import SPECTATOR
    from app.engine.rng import SeededRng
    from app.engine.testing import (
        check_canaries,
        check_non_interference,
        random_positions,
    )
    cap_seen = False
    for state in random_positions(rules, "3", {"fighters": True, "umpired": True}, 1, (40, 80, 120)):
        for role in (US, IJ, SPECTATOR):
            check_non_interference(rules, state, role, SeededRng(5))
            check_canaries(rules, state, role)
        for side in (US, IJ):
            up = [u for u, x in state["units"].items() if x["side"] == side and x["box"] in ("high_cap", "low_cap")]
            cap_seen = cap_seen or bool(up)
            other = IJ if side == US else US
            assert side not in rules.view(state, other)["cards"]
            told = [x["text"] for x in rules.view(state, other)["log"] if "CAP box" in x["text"]]
            assert not any(f"{state['units'][u]['name']} takes off" in x for u in up for x in told)
    assert cap_seen


@pytest.mark.rule("14")
@pytest.mark.rule("13b")
def test_under_option_13_each_wave_meets_the_cap_with_its_own_escorts():
    s = example_10()
    s["options"]["wave_attacks"] = True
    for u, strike in (("ij-1sd", "a"), ("ij-1zt", "b")):
        put(s, u, "flying", hex="Q5", strike=strike)
    s = with_fighters(s, **{"ij-1zf": ("flying", {"hex": "Q5", "strike": "a"}),
                            "us-1f6": ("low_cap", {"tf": "us-tf17", "from": "us-hornet"})})
    s = to_combat(s, dice=(9, 2))  # 13b1: strike a (1SD escorted by 1ZF) attacks first, then strike b (1ZT)
    s = default(s, US)
    s = default(s, IJ)  # 1SD on its target (4a3)
    assert waiting(s) == ("air_combat", [US]) and rules.prompts(s)[US]["info"]["escorts"] == ["ij-1zf"]
    s = act(s, US, "face_escorts", faced={"us-1f6": "ij-1zf"})
    s = act(s, IJ, "air_attack", dice=(1, 9), attackers=["ij-1zf"], target="us-1f6")  # 1+6 against 9+2: a miss
    s = act(s, US, "air_attack", dice=(1, 9), attackers=["us-1f6"], target="ij-1zf")  # a miss: no breakthrough
    s = act(s, US, "cease_fire", dice=(1, 9))  # 1SD bombs Hornet and misses; the second wave comes in (13b1)
    s = default(s, IJ)  # 1ZT's approach hex (4a3.2)
    info = rules.prompts(s)[US]["info"]
    assert waiting(s) == ("air_combat", [US]) and info["escorts"] == [] and info["phase"] == "breakthrough"
    s = act(s, US, "air_attack", dice=(9, 1), attackers=["us-1f6"], target="ij-1zt")  # Low CAP on the torpedoes
    assert s["units"]["ij-1zt"]["box"] == "eliminated"
