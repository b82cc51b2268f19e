"""Who sees what (2c, 3c, 3d3, 18b, 18c): each side its own searchboard and contacts, the enemy's Operations Card
outside umpired play, the umpire everything, spectators only what is public; log lines addressed per side."""
import pytest

from app.engine.contract import SPECTATOR, UMPIRE
from app.engine.rng import ScriptedRng, SeededRng
from app.engine.testing import check_canaries, check_non_interference
from app.games.guadalcanal import rules
from app.web.templating import env
from tests.games.guadalcanal.helpers import random_positions, deployed, example_10, fly, play, take_off


@pytest.mark.rule("18c")
@pytest.mark.parametrize("umpired", [False, True])
def test_hidden_things_never_reach_a_side_or_a_spectator(umpired):
    for seed in (1, 2, 3):
        for state in random_positions({"umpired": umpired}, seed):
            for role in ("allied", "japanese", SPECTATOR):
                check_non_interference(rules, state, role, SeededRng(seed))
                check_canaries(rules, state, role)


@pytest.mark.rule("2c")
def test_outside_umpired_play_a_side_watches_the_enemy_card_but_not_its_searchboard():
    s = play(example_10(), "allied", take_off("us-b8", "us-t6", "us-ss"))
    japan = rules.view(s, "japanese")
    tf17 = next(t for t in japan["cards"]["allied"]["task_forces"] if t["id"] == "us-tf17")
    assert [u["name"] for u in tf17["normal_strike"]] == ["B8", "T6", "SS"] and "hex" not in tf17
    assert any("B8, T6, SS take off from Hornet" in line["text"] for line in japan["log"])
    assert not any(p["kind"] == "task_force" and p["side"] == "allied" for p in japan["board"]["pieces"])


@pytest.mark.rule("18c")
def test_umpired_the_sides_do_not_see_each_others_cards_and_the_umpire_rolls_for_sides():
    s = deployed(umpired=True)
    assert rules.prompts(s).keys() == {"umpire"}
    assert rules.prompts(s)["umpire"]["rule"] == "18c1"
    s = rules.apply(s, "umpire", {"verb": "roll", "args": {}}, ScriptedRng([2, 9]))
    assert s["sides"]["A"] == "japanese"
    allied = rules.view(s, "allied")
    assert list(allied["cards"]) == ["allied"] and allied["open_operations_cards"] is False
    ump = rules.view(s, UMPIRE)
    assert ump["searchboards"]["japanese"]["task_forces"]["ij-advance-force"] == "N2"
    assert {p["id"] for p in ump["board"]["pieces"]} >= {"allied:us-tf16", "japanese:ij-advance-force"}


def test_a_spectator_sees_time_sides_and_bases_only_until_the_end():
    s = play(example_10(), "allied", take_off("us-b8"))
    v = rules.view(s, SPECTATOR)
    assert "cards" not in v and "searchboard" not in v
    assert {p["kind"] for p in v["board"]["pieces"]} == {"base"}
    assert all(line["to"] == "public" for line in v["log"])


@pytest.mark.rule("3d3.3")
def test_the_board_shows_own_task_forces_flights_and_contacts_as_hex_pieces():
    s = play(example_10(), "allied", take_off("us-ss"))
    s = play(s, "allied", {"verb": "shift", "args": {"to_ready": [], "to_arming": []}})
    s = play(s, "japanese", {"verb": "shift", "args": {"to_ready": [], "to_arming": []}})
    s = play(s, "allied", {"verb": "move", "args": {"moves": {}}})
    s = play(s, "japanese", {"verb": "move", "args": {"moves": {}}})
    s = play(s, "allied", fly(["us-ss"], ["P4", "O4", "N3", "N2"], ["N2"]))
    board = rules.view(s, "allied")["board"]
    assert board["grid"]["ids"] == "A1" and board["grid"]["cols"] == [0, 21]
    kinds = {(p["kind"], p["at"]) for p in board["pieces"]}
    assert {("task_force", "Q5"), ("flight", "N2"), ("contact", "N2"), ("base", "N6")} <= kinds
    contact = next(p for p in board["pieces"] if p["kind"] == "contact")
    svg = str(env.get_template("game/_board.html").module.board_svg(board))                                       # the page draws it through the one renderer
    assert 'aria-label="Enemy task force marker 1, Exact: Junyo' in svg and "Hex N2" in svg
    assert contact["label"].startswith("Enemy task force marker 1, Exact: Junyo")


@pytest.mark.rule("4")
def test_during_a_battle_each_side_still_sees_only_its_own_searchboard():
    from tests.games.guadalcanal.test_example_10a import N2, through_air_step
    s = play(through_air_step(), "allied", {"verb": "sea_search", "args": {"hexes": []}})
    s = play(s, "japanese", {"verb": "sea_search", "args": {"hexes": []}})
    s = play(s, "japanese", N2[0][1])
    s = play(s, "allied", N2[1][1])
    assert rules.view(s, "allied")["combat"]["current"] == "N2"
    assert rules.view(s, SPECTATOR).get("combat") is None
    for role in ("allied", "japanese", SPECTATOR):
        check_non_interference(rules, s, role, SeededRng(5))
        check_canaries(rules, s, role)


@pytest.mark.rule("4")
def test_a_battle_still_to_come_shows_only_its_hex_and_who_strikes_whom():
    from app.games.guadalcanal import views
    s = example_10()
    s["combat"] = {"step": "order", "order": None, "current": None, "board": {},
                   "battles": [{"id": h, "hex": h, "attacker": a, "defender": d, "ships": ships, "base": None,
                                "air": air, "fought": False}
                               for h, a, d, ships, air in (("N2", "allied", "japanese", ["ij-junyo"], ["us-b8"]),
                                                           ("P4", "japanese", "allied", ["us-hornet"], ["ij-1sd"]))]}
    shown = views.combat_view(s)["battles"]
    assert shown == [{"id": "N2", "hex": "N2", "attacker": "allied", "defender": "japanese", "fought": False},
                     {"id": "P4", "hex": "P4", "attacker": "japanese", "defender": "allied", "fought": False}]
    s["combat"]["current"] = "N2"
    assert views.combat_view(s)["battles"][0]["ships"] == ["ij-junyo"] and "ships" not in \
        views.combat_view(s)["battles"][1]


@pytest.mark.rule("18b")
def test_only_the_umpire_holds_each_sides_own_searchboard_side_by_side():
    s = play(example_10(), "allied", take_off("us-ss"))
    for side in ("allied", "japanese"):
        s = play(s, side, {"verb": "shift", "args": {"to_ready": [], "to_arming": []}})
    for side in ("allied", "japanese"):
        s = play(s, side, {"verb": "move", "args": {"moves": {}}})
    s = play(s, "allied", fly(["us-ss"], ["P4", "O4", "N3", "N2"], ["N2"]))
    boards = {b["id"]: {(p["kind"], p["side"], p["at"]) for p in b["pieces"] if p["kind"] != "base"}
              for b in rules.view(s, UMPIRE)["side_boards"]}
    assert boards["searchboard-allied"] == {("task_force", "allied", "Q5"), ("task_force", "allied", "T6"),
                                            ("flight", "allied", "N2"), ("contact", "japanese", "N2")}
    assert boards["searchboard-japanese"] == {("task_force", "japanese", "N2"), ("task_force", "japanese", "R1"),
                                              ("task_force", "japanese", "K1")}
    assert "side_boards" not in rules.view(s, "allied") and "side_boards" not in rules.view(s, SPECTATOR)


@pytest.mark.rule("4a")
def test_the_battleboard_is_described_only_while_a_battle_is_fought_with_printed_names():
    from tests.games.guadalcanal.test_example_10a import N2, through_air_step
    s = play(through_air_step(), "allied", {"verb": "sea_search", "args": {"hexes": []}})
    assert rules.view(s, "allied")["battleboard"] is None
    s = play(s, "japanese", {"verb": "sea_search", "args": {"hexes": []}})
    s = play(s, "japanese", N2[0][1])
    s["units"]["ij-junyo"]["name"] = "renamed in the state"  # the Battleboard names counters from units.toml
    pieces = {p["id"]: (p["at"], p["face"]) for p in rules.view(s, "allied")["battleboard"]["pieces"]}
    assert pieces == {"bb-ij-junyo": ("J12", "Junyo"), "bb-ij-haruna": ("H12", "Haruna"),
                      "bb-ij-kongo": ("L12", "Kongo"), "bb-ij-isuzu": ("J14", "Isuzu")}
    assert "battleboard" not in rules.view(s, SPECTATOR)


@pytest.mark.rule("4b5")
def test_an_eliminated_base_stays_on_both_searchboards_at_its_printed_hex_marked_eliminated():
    """4b5: a base can be eliminated (random Allied play once eliminated Rabaul and the pages failed to draw). Its
    unit has no location any more; the searchboards still show it where it was printed, marked eliminated."""
    s = deployed()
    rabaul = s["units"]["ij-rabaul"]
    rabaul.update(eliminated=True, box="eliminated", location=None)
    for role in ("allied", "japanese", UMPIRE, SPECTATOR):
        view = rules.view(s, role)
        base = next(b for b in view["bases"] if b["id"] == "ij-rabaul")
        assert base["eliminated"] is True and base["hex"] == "F1"  # Rabaul's printed hex (7a2.2)
        piece = next(p for p in view["board"]["pieces"] if p["id"].endswith("ij-rabaul"))
        assert "(eliminated)" in piece["label"] + piece["details"]
