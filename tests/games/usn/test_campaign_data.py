"""The campaign games' data (data/campaign*.toml, the Reinforcement Chart after Game-Turn 8) checked against the
printed text: every quoted passage is in the rulebook word for word, every order-of-battle record holds the units and
numbers its quotation prints, the errata win, and the reconstructed chart agrees with what the printed situations
show. docs/games/usn.md, "Campaign games", gives the readings."""
from __future__ import annotations

import re

import pytest

from app.engine import data
from app.games.usn import campaign, campaigndata, gamedata, reinforce
from tests import rulebook


@pytest.fixture(scope="module")
def book() -> str:
    """The rulebook's words, one space between them (the test skips without the transcription)."""
    return " ".join(rulebook.text("usn-spi-1971.txt").split())

QUOTE = re.compile(r"(?:^|(?<=[\s(]))'(.+?)'(?=$|[\s;,.)])")
NUMBER = {"one": 1, "two": 2, "three": 3, "four": 4, "six": 6}
FILES = ("campaign1", "campaign2", "campaign3", "campaign_units", "campaign_victory")
# How each unit type is printed in the orders of battle: the number word before it is the count.
PRINTED_AS = {
    "20-40 Division": r"(\w+) 20-40 (?:infantry )?Divisions?",
    "8-18 Brigade": r"(\w+) 8-18 Brigades?",
    "5-10 SNLF": r"(\w+) 5-10 SNLF(?! Airborne)",
    "5-10 SNLF Airborne": r"(\w+) 5-10 SNLF Airborne",
    "6-12 Airborne Regiment": r"(\w+) 6-12 Airborne",
    "6-12 Regiment": r"(\w+) 6-12 Regiment",
    "1-1 Engineer Regiment": r"(\w+) (?:1-1 )?Engineer Regiments?",
    "8-15 Regiment": r"(\w+) 8-15 Regiments?",
    "30-50 Division": r"(\w+) 30-50",
    "2-6 Defense Battalion": r"(\w+)(?: \(\d\))? 2-6 Defense Battalions?",
    "7-10 Army": r"(\w+) 7-10 Army",
    "50-20 Coastal Defense": r"(\w+) 50-20",
    "30-10 Coastal Defense": r"(\w+) 30-10",
    "6-2 Coastal Defense": r"(\w+) 6-2",
}


def provenances(doc):
    """Every provenance string of a document."""
    if isinstance(doc, dict):
        for k, v in doc.items():
            if data.is_provenance_key(k):
                yield from (v if isinstance(v, list) else [v])
            else:
                yield from provenances(v)
    elif isinstance(doc, list):
        for x in doc:
            yield from provenances(x)


def quotes(text):
    return [" ".join(q.split()) for q in QUOTE.findall(text)]


@pytest.mark.parametrize("name", FILES)
def test_every_campaign_file_loads_with_provenance_on_every_value(name):
    doc = campaigndata.load(name)
    assert doc
    data.check(doc, name)


@pytest.mark.rule("Situations & Orders of Battle")
@pytest.mark.parametrize("name", FILES + ("reinforcements",))
def test_every_quoted_passage_is_printed_word_for_word(name, book):
    doc = campaigndata.load(name) if name in FILES else gamedata.load(name)
    printed = [p for p in provenances(doc) if p.startswith("printed ")]
    assert printed
    checked = 0
    for p in printed:
        for q in quotes(p):
            assert q in book, f"{name}: not in the rulebook: {q!r}"
            checked += 1
    assert checked >= 1


def _land_groups(forces):
    """{(quotation, unit): total count} over a side's land, coastal and optional land records."""
    groups: dict[tuple[str, str], int] = {}
    for key in ("land", "optional_land", "coastal"):
        for rec in forces.get(key, []):
            q = next(q for q in quotes(rec["provenance"]) if re.search(PRINTED_AS[rec["unit"]], q))
            groups[(q, rec["unit"])] = groups.get((q, rec["unit"]), 0) + rec["count"]
    return groups


@pytest.mark.rule("Situations & Orders of Battle")
@pytest.mark.parametrize("game", ["campaign1", "campaign2"])
@pytest.mark.parametrize("side", ["japanese", "allied"])
def test_every_land_record_holds_the_number_its_quotation_prints(game, side):
    groups = _land_groups(campaigndata.load(game)[side])
    assert groups
    for (q, unit), count in groups.items():
        m = re.search(PRINTED_AS[unit], q)
        assert NUMBER[m.group(1).lower()] == count, (q, unit, count)


def _printed_ship_ids(q):
    ids = re.findall(r"\b(CVL|CVE|CV|BB|CA|CL|DD|Oil|Oiler|Transport)-(\d+)", q)
    short = {"Oil": "OIL", "Oiler": "OIL", "Transport": "TR"}
    return [f"{short.get(t, t)}-{n}" for t, n in ids]


@pytest.mark.rule("Situations & Orders of Battle")
@pytest.mark.parametrize("game", ["campaign1", "campaign2"])
@pytest.mark.parametrize("side", ["japanese", "allied"])
def test_every_naval_record_holds_the_ships_its_quotation_prints(game, side):
    recs = campaigndata.load(game)[side]["naval"]
    for rec in recs:
        q = max(quotes(rec["provenance"]), key=len)
        assert rec["units"] == _printed_ship_ids(q), q
    ids = [u for rec in recs for u in rec["units"]]
    assert len(ids) == len(set(ids))


@pytest.mark.rule("Situations & Orders of Battle")
def test_campaign_game_1_printed_totals():
    cg1 = campaigndata.load("campaign1")
    j, a = cg1["japanese"], cg1["allied"]
    assert (j["air"]["nac"], j["air"]["lac"]) == (68, 94)
    assert sum(len(r["units"]) for r in j["naval"]) == 26 + 4
    assert sum(r["count"] for r in j["land"] if r["unit"] == "20-40 Division") == 8
    assert sum(r.get("lac", 0) for r in a["air"]) == 77 and sum(r.get("lbac", 0) for r in a["air"]) == 7
    assert a["nac"] == [{"points": 9, "carrier": "CV-3", "provenance": a["nac"][0]["provenance"]}]
    assert sum(len(r["units"]) for r in a["naval"]) == 8 + 9 + 1 + 2 + 4


@pytest.mark.rule("Errata: Situations and Orders of Battle")
def test_the_errata_leaves_one_defense_battalion_on_the_west_coast():
    west = [r for r in campaigndata.load("campaign1")["allied"]["land"]
            if r["hex"] == "west-coast" and r["unit"] == "2-6 Defense Battalion"]
    assert [r["count"] for r in west] == [1]
    s = campaign.new_state("campaign_1")
    assert sum(1 for u in s["land"].values() if u["hex"] == "west-coast" and u["kind"] == "battalion") == 1


@pytest.mark.rule("Situations & Orders of Battle")
def test_campaign_game_2_printed_totals():
    cg2 = campaigndata.load("campaign2")
    j, a = cg2["japanese"], cg2["allied"]
    assert j["air"]["nac"] == 65 and sum(r["points"] for r in j["lac"]) + j["air"]["lac_anywhere"] == 90
    assert a["air"]["nac"] == 30
    assert sum(r["lac"] for r in a["lac"]) == 98 and sum(r.get("lbac", 0) for r in a["lac"]) == 8
    cv3 = next(r for r in a["naval"] if "CV-3" in r["units"])
    assert cv3["damage"] == {"CV-3": 6} and cv3["hex"] == "west-coast"
    tr1 = next(r for r in a["naval"] if "TR-1" in r["units"])
    assert tr1["printed_hex"] == "1068" and tr1["cargo_lac"] == 10


@pytest.mark.rule("How to Set-up and Play the Games")
def test_game_lengths_and_game_3_uses_game_1_deployment():
    lengths = {g: (campaigndata.game(g)["game"]["first_turn"], campaigndata.game(g)["game"]["last_turn"])
               for g in campaigndata.GAMES}
    assert lengths == {"campaign_1": (1, 20), "campaign_2": (21, 40), "campaign_3": (1, 81)}
    assert campaigndata.deployment("campaign_3") is campaigndata.game("campaign_1")
    sp = campaigndata.game("campaign_3")["special"]
    assert set(sp["from_campaign_1"]) == {r["id"] for r in campaigndata.game("campaign_1")["special"]}
    assert sp["from_campaign_2"] == ["burma_reinforcement"]


@pytest.mark.rule("How To Use the Time Record and Reinforcement Chart")
def test_every_chart_line_after_game_turn_8_is_printed_or_reconstructed_and_readable():
    doc = gamedata.load("reinforcements")
    for rec in doc["reconstructed"]:
        assert rec["turn"] > 8 and rec["provenance"].startswith("reconstructed: ")
    printed_late = [r["turn"] for r in doc["turn"] if r["turn"] > 8]
    assert printed_late == [26, 27, 31, 48]  # Burma (CG2), note A, and the errata's two
    for turn in range(1, 82):
        for it in reinforce.items(turn, burma=True):
            assert it["kind"] in ("air", "ship", "land", "withdraw")


def _ships_of(forces, prefix):
    return {f"{prefix}-{u}" for r in forces["naval"] for u in r["units"]}


@pytest.mark.rule("How To Use the Time Record and Reinforcement Chart")
def test_each_ship_enters_once_and_every_carrier_has_a_capacity():
    have = _ships_of(campaigndata.load("campaign1")["japanese"], "J") | _ships_of(
        campaigndata.load("campaign1")["allied"], "A")
    caps = campaigndata.capacities()
    for turn in range(1, 82):
        for it in reinforce.items(turn):
            if it["kind"] == "ship":
                assert it["id"] not in have, (turn, it["id"])
                have.add(it["id"])
                if it["id"].split("-")[1] in ("CV", "CVL", "CVE"):
                    assert caps[it["id"]] > 0


@pytest.mark.rule("Situations & Orders of Battle")
def test_the_reconstructed_chart_brings_every_ship_campaign_game_2_adds_to_game_1():
    """Game 2's order of battle (Game-Turn 21) is what Game 1 plus the chart's turns 1-20 can field."""
    cg1, cg2 = campaigndata.load("campaign1"), campaigndata.load("campaign2")
    for side, prefix in (("japanese", "J"), ("allied", "A")):
        by_20 = _ships_of(cg1[side], prefix) | {it["id"] for t in range(1, 21) for it in reinforce.items(t)
                                               if it["kind"] == "ship" and it["side"] == side}
        assert _ships_of(cg2[side], prefix) <= by_20, _ships_of(cg2[side], prefix) - by_20
    # and none that Game 2 does not show: Japan's BB-4 enters after Game-Turn 21 (reconstructed, printed OOB wins)
    j_21 = {it["id"] for t in range(1, 22) for it in reinforce.items(t) if it["side"] == "japanese"
            and it["kind"] == "ship"}
    assert "J-BB-4" not in j_21 and "J-BB-4" not in _ships_of(cg2["japanese"], "J")


@pytest.mark.rule("Errata: Reinforcement Table")
def test_the_chart_items_read_with_the_errata():
    assert [i["id"] for i in reinforce.items(5) if i["kind"] == "ship"] == ["A-CV-5", "A-DD-11"]
    t31 = [(i["kind"], i.get("id"), i.get("points")) for i in reinforce.items(31) if i["side"] == "allied"]
    assert t31 == [("ship", "A-CVE-1", None), ("air", None, 2)]
    assert [i["id"] for i in reinforce.items(48) if i["kind"] == "ship"] == ["A-BB-6"]


@pytest.mark.rule("Victory Point Schedule")
def test_the_objectives_are_the_printed_table():
    areas = {a["name"]: (a["points"], a["japan_needs"]) for a in campaigndata.victory()["area"]}
    assert areas == {"Mandalay": (25, True), "Singapore": (25, True), "Sumatra": (50, True), "Java": (50, True),
                     "Borneo": (50, True), "Philippines": (100, True), "Vogelkop": (25, True),
                     "Auckland": (25, False), "Pearl Harbor": (50, False), "Any Naval Base in Japan": (25, False),
                     "Any Naval Base in Australia": (25, False)}
    vog = next(a for a in campaigndata.victory()["area"] if a["id"] == "vogelkop")
    assert vog["hexes"] == ["0488", "0521"]  # printed "Vogelkop*(488&521)"
