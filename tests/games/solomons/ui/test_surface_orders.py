"""The surface action orders of the plotting chart (15.3-15.35), from the board a player sees to the fight in M.

Game-Turn 1 with scripted dice: Mikawa's five ships run the Slot from Rabaul (K, L, M) while the American forces that
began in M step out to N and come back, so all meet in M in segment 3. Each side's plot is the board as drawn for
it (the prompt template rendered from its own view), changed only where a player would change it, read back by
the form parser and applied by the rules. What is asserted is what each player is then told.
"""
from __future__ import annotations

import json
import re

import pytest
from starlette.datastructures import FormData

from app.engine.log import visible
from app.engine.rng import ScriptedRng
from app.games.solomons import rules
from app.games.solomons.sequence import current
from app.web.games.solomons import parse_form
from app.web.plugin import plugin_for
from app.web.templating import render
from tests.games.solomons.ui.conftest import form_fields, replace

JP, US_DD, US_BOMB, US_TR = "japanese-tf-1", "allied-tf-2", "allied-tf-3", "allied-tf-4"
RABAUL = ["jp-CA-1", "jp-CA-2", "jp-CA-3", "jp-DD-1", "jp-DD-2"]        # 38 attack, 23 defense
AMERICANS = [
    {"units": ["us-CV-1", "us-CV-2", "us-CV-3", "us-BB-1", "us-DD-1", "us-DD-2"], "mission": "anti_ship"},
    {"units": ["us-DD-3", "us-DD-4"], "mission": "anti_ship"},                       # 10 attack, 8 defense
    {"units": [f"us-CA-{i}" for i in range(1, 8)] + ["us-DD-5"], "mission": "bombardment"},  # 44 defense
    {"units": [f"us-TR-{i}" for i in range(1, 8)], "mission": "transport"},         # 14 defense
]
DICE = (2,) * 400  # every roll a 2: it fits every die the walk rolls (d2 for the random half of ½C and ½D)


def board(state, role) -> tuple[str, dict]:
    plugin_for("solomons")  # installs the `sol` helpers the boards call, as the web app does at start-up
    view, prompt = rules.view(state, role), rules.prompts(state)[role]
    html = render("games/solomons/prompt.html", m={"view": view, "prompt": prompt, "role": role, "waiting": [],
                                                     "game": {"id": "g", "version": 0, "status": "active"}})
    return html, prompt


def post(state, role, **changes):
    """The side's board as drawn, with `changes` made (dots written __), through the parser into the rules."""
    html, prompt = board(state, role)
    action = parse_form(FormData(replace(form_fields(html), **changes)), prompt)
    return rules.apply(state, role, action, ScriptedRng(DICE))


def walk(state, kind: str, segment: int | None = None):
    """Default orders for everyone until a decision of `kind` (in `segment`)."""
    rng = ScriptedRng(DICE)
    for _ in range(400):
        here = current(state)
        if here["kind"] == kind and (segment is None or here["segment"] == segment):
            return state
        prompted = rules.prompts(state)
        role = next(r for r in sorted(prompted) if state["pending"][r] is None)
        action = rules.default_action(state, role)
        if here["kind"] == "intelligence":  # 18: Japan announces its Slot run, so its plot may make it (8.6)
            action = {"verb": "submit", "args": {"answers": {"slot": True}}}
        state = rules.apply(state, role, action, rng)
    raise AssertionError(f"never reached {kind}")


def to_plot(jp_mission: str = "anti_ship"):
    state = walk(rules.setup("campaign", {}, ScriptedRng()), "allocation")
    state = rules.apply(state, "japanese", {"verb": "submit", "args": {"task_forces": [
        {"units": RABAUL, "mission": jp_mission}]}}, ScriptedRng())
    return rules.apply(state, "allied", {"verb": "submit", "args": {"task_forces": AMERICANS}}, ScriptedRng())


def meet_in_m(japan: dict[str, str], america: dict[str, str], us_dd_away: bool = False,
              jp_mission: str = "anti_ship") -> dict:
    """Plot both sides through their boards and play to the reset after segment 3's surface action."""
    state = to_plot(jp_mission)
    state = post(state, "japanese", **{f"arg__plots__{JP}__slot_start": "1"}, **japan)   # K 1, L 2, M 3 (6.37)
    course = {}
    for tf in ("allied-tf-1", US_DD, US_BOMB, US_TR):
        out_and_back = tf in (US_BOMB, US_TR) or (tf == US_DD and us_dd_away)
        for seg in range(1, 8):
            back = "M" if seg >= 3 and not (tf == US_DD and us_dd_away) else "N"
            course[f"arg__plots__{tf}__hexes__{seg}"] = json.dumps(back if out_and_back else "M")
    state = post(state, "allied", **course, **america)
    return walk(state, "reset", segment=3)


def told(state, role: str) -> str:
    return "\n".join(line["text"] for line in visible(state["log"], role))


def actions(state, role: str) -> list[str]:
    return re.findall(r"Surface action in M: [^\n]*", told(state, role))


# ---------------------------------------------------------------- what each column offers


def orders_controls(html: str, tf: str) -> dict[str, str]:
    """The column's order fields by name, each with the text of the label that names it (for= its id)."""
    out = {}
    for tag in re.finditer(rf'<(?:select|input)\b[^>]*name="arg\.plots\.{tf}\.orders\.([^"]+)"[^>]*>', html):
        ident = re.search(r'\bid="([^"]+)"', tag.group(0)).group(1)
        label = re.search(rf'<label[^>]*for="{re.escape(ident)}"[^>]*>(.*?)</label>', html, re.S)
        assert label, f"no label for {tag.group(1)}"
        out[tag.group(1)] = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", label.group(1))).strip()
    return out


@pytest.mark.rule("15.33")
def test_each_column_offers_only_the_orders_that_can_apply_to_it_each_with_a_label():
    state = to_plot("anti_ship")
    html, _ = board(state, "japanese")
    jp = orders_controls(html, JP)
    assert jp["target"].startswith("Attack first (15.32, 15.33)") and jp["shield"].startswith("Shielding (15.33")
    assert {k for k in jp if k.startswith("set_aside.")} == {f"set_aside.{u}" for u in RABAUL}
    assert {k for k in jp if k.startswith("shield_first.")} == {f"shield_first.{u}" for u in RABAUL}
    assert "anti_ship_in_m" not in jp                       # already Anti-Ship
    assert "Surface action orders" in html and "Keep out first when attacked below 1:1 (15.32)" in html
    state = post(state, "japanese")
    html, _ = board(state, "allied")
    assert orders_controls(html, "allied-tf-1") == {}       # a carrier force never fights on the surface (15.1)
    assert set(orders_controls(html, US_DD)) == {"target", "shield", "set_aside.us-DD-3", "set_aside.us-DD-4",
                                                  "shield_first.us-DD-3", "shield_first.us-DD-4"}  # 15.33's ranking
    for tf in (US_BOMB, US_TR):                             # they only defend: the keep-out order alone
        assert all(k.startswith("set_aside.") for k in orders_controls(html, tf))
    assert "anti_ship_in_m" not in html                     # the Americans may not change missions (6.39)


@pytest.mark.rule("15.3")
def test_a_japanese_bombardment_force_may_be_told_to_become_anti_ship_in_m():
    state = to_plot("bombardment")
    html, _ = board(state, "japanese")
    jp = orders_controls(html, JP)
    assert jp["anti_ship_in_m"].startswith("Become Anti-Ship in M (15.3, 6.39)")
    assert jp["target"].startswith("As Anti-Ship, attack first")
    checkbox = re.search(rf'<input[^>]*name="arg\.plots\.{JP}\.orders\.anti_ship_in_m"[^>]*>', html).group(0)
    assert " checked" not in checkbox                       # the rules' default: keep the mission


# ---------------------------------------------------------------- the orders in the fight


@pytest.mark.rule("15.35")
def test_the_default_shielding_keeps_the_odds_and_sends_the_spare_cruiser_at_the_transports():
    state = meet_in_m({}, {})                               # nobody touches the orders
    first, second = actions(state, "japanese")
    assert "force (CA Kako/Kinugasa, CA Furutaka/Tenryu, DD Mutsuki group, DD Mochizuki group) attacks the " \
           "American anti-ship force" in first and "28 attack against 8 defense, 3:1" in first
    assert "force (CA Chokai/Aoba) attacks the American transport force" in second
    assert actions(state, "allied") == [first, second]      # both sides see the same fights (15.31)


@pytest.mark.rule("15.33")
def test_no_shielding_keeps_every_ship_on_the_enemy_anti_ship_force():
    state = meet_in_m({f"arg__plots__{JP}__orders__shield": "none"}, {})
    [only] = actions(state, "japanese")
    assert "38 attack against 8 defense" in only and "American anti-ship force" in only
    assert "transport force" not in told(state, "allied")


@pytest.mark.rule("15.35")
def test_shielding_as_much_as_one_to_one_allows():
    state = meet_in_m({f"arg__plots__{JP}__orders__shield": "max"}, {})
    first, second = actions(state, "japanese")
    assert "(DD Mutsuki group, DD Mochizuki group) attacks the American anti-ship force" in first
    assert "10 attack against 8 defense, 1:1" in first
    assert "(CA Chokai/Aoba, CA Kako/Kinugasa, CA Furutaka/Tenryu) attacks the American transport force" in second


@pytest.mark.rule("15.32")
def test_the_anti_ship_force_goes_for_the_force_its_orders_name():
    state = meet_in_m({}, {}, us_dd_away=True)
    assert "Japanese have Anti-Ship force; American have no Anti-Ship force" in told(state, "japanese")
    [fight] = actions(state, "japanese")
    assert "attacks the American transport force" in fight   # the default target
    state = meet_in_m({f"arg__plots__{JP}__orders__target": "bombardment"}, {}, us_dd_away=True)
    [fight] = actions(state, "japanese")
    assert "attacks the American bombardment force" in fight and "transport" not in fight


@pytest.mark.rule("15.32")
def test_the_defender_keeps_out_the_ships_it_numbered_first():
    japan = {f"arg__plots__{JP}__orders__target": "bombardment"}
    state = meet_in_m(japan, {}, us_dd_away=True)
    [fight] = actions(state, "allied")
    assert "Set aside: CA " in fight                         # the rules' order: the most valuable first
    state = meet_in_m(japan, {f"arg__plots__{US_BOMB}__orders__set_aside__us-DD-5": "1"}, us_dd_away=True)
    [fight] = actions(state, "allied")
    assert "Set aside: DD Balch group, CA " in fight         # 38 attack, 44 defense: the destroyer, then a cruiser


@pytest.mark.rule("15.3")
def test_a_bombardment_force_told_to_become_anti_ship_fights_in_m():
    state = meet_in_m({}, {}, us_dd_away=True, jp_mission="bombardment")
    assert "Japanese have no Anti-Ship force; American have no Anti-Ship force" in told(state, "japanese")
    assert actions(state, "japanese") == []
    state = meet_in_m({f"arg__plots__{JP}__orders__anti_ship_in_m": "true"}, {}, us_dd_away=True,
                      jp_mission="bombardment")
    assert "TF 1 changes its mission to Anti-Ship in M" in told(state, "japanese")
    [fight] = actions(state, "japanese")
    assert "Japanese Anti-Ship force" in fight and "attacks the American transport force" in fight
