"""Movement (M) with the Burma half of the map: "Land units may never move into China or India; they may not move into
Burma unless the Burma Front Optional Rule is being used." Burma is reconstructed (data/terrain.toml [regions],
tools/usn_terrain.py BURMA): the printed map is lost, so the region is British Burma's 1942 border under the digest's
fit, checked against the hexes the text prints. Land units move over every land hex the map records, not only the
places the text names."""
import pytest

from app.engine.errors import IllegalAction
from app.engine.rng import ScriptedRng
from app.games.usn import campaign, campaign_victory, frontiers, grid, land, reinforce, supply

from .helpers import R, act, at

THAILAND = "0110"  # "the neighbour of Burma's hex 76 on the Thailand side" (data/campaign_units.toml)
BURMA_76, RANGOON, MOULMEIN, INDIA, CHINA = "0076", "0044", "0078", "0008", "0109"


def _land_move(scenario, side="japanese", **options):
    return at(R.setup(scenario, options, ScriptedRng()), "land_move", side)


def _division(s, hex_id, side="japanese"):
    uid = next(u for u, x in s["land"].items() if x["side"] == side and x["hex"] and x["kind"] == "division"
               and not x.get("destroyed"))
    s["land"][uid].update(hex=hex_id, entrenched=False, moved=False)
    return uid


@pytest.mark.rule("Movement (M)")
def test_burma_is_the_region_between_india_and_china_holding_the_hexes_the_text_prints():
    burma = frontiers.BURMA
    # reconstructed: the text's Burma hexes inside, Thailand's outside (Rangoon 44, Burma 76; 0110, 111, Bangkok 112)
    assert {RANGOON, BURMA_76} <= burma and not {THAILAND, "0111", "0112"} & burma
    assert not burma & supply.FORBIDDEN and burma <= supply.LAND
    # one piece of land, and it borders China and India
    seen, todo = set(), [RANGOON]
    while todo:
        h = todo.pop()
        if h not in seen:
            seen.add(h)
            todo += [n for n in grid.neighbours(h) if n in burma]
    assert seen == burma
    assert frontiers.BURMA_BY_CHINA and all(any(n in supply.TERRAIN["regions"]["china"] for n in grid.neighbours(h))
                                            for h in frontiers.BURMA_BY_CHINA)
    assert any(n in supply.TERRAIN["regions"]["india"] for h in burma for n in grid.neighbours(h))


@pytest.mark.rule("Movement (M)")
def test_no_land_unit_moves_into_burma_without_the_burma_campaign():
    s = _land_move("campaign_2")  # no Burma 76 special rule in Campaign Game 2
    uid = _division(s, THAILAND)
    assert BURMA_76 not in R.prompts(s)["japanese"]["info"]["may_move"][uid]  # not offered
    with pytest.raises(IllegalAction, match="may not move into Burma") as e:
        act(s, "japanese", "land_move", moves={uid: BURMA_76}, entrench=[], disentrench=[])
    assert e.value.rule == "Movement (M)"
    # the optional rule opens Burma
    s = _land_move("campaign_2", burma=True)
    uid = _division(s, THAILAND)
    assert act(s, "japanese", "land_move", moves={uid: BURMA_76}, entrench=[], disentrench=[])["land"][uid]["hex"] \
        == BURMA_76


@pytest.mark.rule("Campaign Game 1, Burma 76")
def test_burma_76_sends_japanese_divisions_into_burma_in_campaign_games_1_and_3():
    for scenario in ("campaign_1", "campaign_3"):
        s = _land_move(scenario)
        uid = _division(s, THAILAND)
        assert BURMA_76 in R.prompts(s)["japanese"]["info"]["may_move"][uid]
        s = act(s, "japanese", "land_move", moves={uid: BURMA_76}, entrench=[], disentrench=[])
        assert s["land"][uid]["hex"] == BURMA_76


@pytest.mark.rule("Movement (M)")
def test_a_unit_in_burma_moves_within_it_but_never_into_china_or_india():
    s = _land_move("campaign_2")
    uid = _division(s, "0042")  # in Burma already: moving on is not moving *into* Burma
    assert act(s, "japanese", "land_move", moves={uid: "0043"}, entrench=[], disentrench=[])["land"][uid]["hex"] \
        == "0043"
    s = _land_move("campaign_2", burma=True)
    uid = _division(s, "0042")
    assert INDIA in grid.neighbours("0042") and INDIA not in R.prompts(s)["japanese"]["info"]["may_move"][uid]
    with pytest.raises(IllegalAction, match="never move into China or India") as e:
        act(s, "japanese", "land_move", moves={uid: INDIA}, entrench=[], disentrench=[])
    assert e.value.rule == "Movement (M)"


@pytest.mark.rule("Movement (F)")
def test_a_land_unit_moves_to_any_land_hex_of_the_map_not_only_to_the_places_the_text_names():
    s = _land_move("campaign_1")
    uid = _division(s, THAILAND)
    unnamed = "0144"  # Laos: land on the map, named nowhere in the text
    assert unnamed not in land.PLACES and unnamed in R.prompts(s)["japanese"]["info"]["may_move"][uid]
    s = act(s, "japanese", "land_move", moves={uid: unnamed}, entrench=[], disentrench=[])
    assert s["land"][uid]["hex"] == unnamed


@pytest.mark.rule("Campaign Game 1, Burma 76")
def test_burma_76_counts_divisions_anywhere_in_burma():
    s = campaign.new_state("campaign_1")
    divisions = [u for u in s["land"].values() if u["side"] == "japanese" and u["name"] == "20-40 Division"][:2]
    for u, h in zip(divisions, (RANGOON, MOULMEIN)):  # neither is hex 76
        u["hex"] = h
    s["turn"] = 7
    campaign_victory.burma_check(s)
    assert not s.get("lost_by")
    divisions[1]["hex"] = THAILAND
    campaign_victory.burma_check(s)
    assert "has 1" in s["lost_by"]["why"]


def _cut_off_on_the_arakan_coast(options):
    """An Allied regiment at 0009 on Burma's Arakan coast, supplied by sea, every land neighbour but India's held by
    Japanese units: a D2 there has nowhere in Burma to go."""
    s = campaign.new_state("campaign_1", options)
    allied = s["land"]["A-L33"]
    allied.update(hex="0009", entrenched=False)
    japanese = [u for u in s["land"].values() if u["side"] == "japanese" and u["hex"]][:3]
    for u, h in zip(japanese, ("0043", "0042", "0010")):
        u["hex"] = h
    assert supply.supplied(s, allied) and INDIA in grid.neighbours("0009")
    return s, allied, japanese


@pytest.mark.rule("Burma Campaign")
def test_an_allied_unit_retreating_into_india_leaves_the_game_and_gives_no_victory_points():
    s, allied, japanese = _cut_off_on_the_arakan_coast({"burma": True})
    before = dict(s["vp"])
    land.apply_land_result(s, "0009", japanese[:1], [allied], "D2")
    assert allied["hex"] is None and allied["withdrawn"] and s["vp"] == before
    assert "retreats 0009 -> 0008, into China or India, and leaves the game" in "\n".join(e["text"] for e in s["log"])
    # without the optional rule India is closed to it (Movement (M)): no retreat, destroyed, its VP to Japan
    s, allied, japanese = _cut_off_on_the_arakan_coast({})
    before = s["vp"]["japanese"]
    land.apply_land_result(s, "0009", japanese[:1], [allied], "D2")
    assert allied["destroyed"] and not allied.get("withdrawn") and s["vp"]["japanese"] == before + allied["vp"]


@pytest.mark.rule("Burma Campaign")
def test_an_optional_burma_reinforcement_enters_a_hex_by_china_the_japanese_do_not_hold():
    s = reinforce_at(8)
    army = next(u for u in s["land"].values() if u["kind"] == "army" and u["hex"])
    assert army["hex"] == BURMA_76
    s = reinforce_at(8, held=[BURMA_76])
    army = next(u for u in s["land"].values() if u["kind"] == "army" and u["hex"])
    assert army["hex"] in frontiers.BURMA_BY_CHINA and army["hex"] != BURMA_76
    s = reinforce_at(8, held=sorted(frontiers.BURMA_BY_CHINA))
    assert not any(u["kind"] == "army" and u["hex"] for u in s["land"].values())
    assert "cannot enter: the Japanese hold every hex of Burma adjacent to China" in \
        "\n".join(e["text"] for e in s["log"])


def reinforce_at(turn, held=()):
    s = campaign.new_state("campaign_3", {"burma": True})
    s["turn"] = turn
    japanese = [u for u in s["land"].values() if u["side"] == "japanese" and u["hex"]]
    for u, h in zip(japanese, held):
        u["hex"] = h
    reinforce.step_one(s, ScriptedRng())
    return s
