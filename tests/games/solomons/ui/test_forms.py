"""The Solomons boards, submitted through the game page as a browser would: each kind of decision's form becomes
the arguments the rules accept, every default form goes through unchanged, refusals come back as the rules'
messages, and each page shows its own forces and none of the enemy's ids."""
from __future__ import annotations

import json
import re
from html import unescape

import pytest

from tests.games.solomons.ui.conftest import replace

US_ID = re.compile(r"\bus-(CV|CVL|BB|CA|DD|APD|TR)-\d+\b")
JP_ID = re.compile(r"\bjp-(CV|CVL|BB|BC|B|CA|DD|TR|SS)-\d+\b")
JP_TF1 = "japanese-tf-1"


def ok(r):
    assert r.status_code == 204, r.text
    return r


def pending(seat) -> dict:
    return seat.state()["view"]["pending"]


def every_yes(fields: list[tuple[str, str]], html: str) -> list[tuple[str, str]]:
    """The American Intelligence board with every question Japan may answer yes to ticked (18): then any plot
    keeps to the answers (8.6)."""
    keys = re.findall(r'<input type="checkbox"[^>]*name="(arg\.answers\.[a-z_]+)"(?![^>]*disabled)', html)
    return [(k, v) for k, v in fields if k not in keys] + [(k, "true") for k in keys]


def to_kind(us, jp, kind: str, limit: int = 80) -> None:
    """Both sides submit their default boards until one of them is asked for `kind`; Japan answers the American
    questions with every yes it may (every_yes)."""
    for _ in range(limit):
        if kind in (us.kind(), jp.kind()):
            return
        for seat in (us, jp):
            now = seat.kind()
            if now == kind:
                return
            if now is not None and not seat.state()["prompt"]["info"]["submitted"]:
                ok(seat.post(every_yes(seat.form(), seat.page()) if now == "intelligence" else seat.form()))
    raise AssertionError(f"never reached {kind}")


def test_every_default_board_submits_unchanged_through_game_turn_1(solomons):
    us, jp = solomons
    seen: set[str] = set()
    for _ in range(120):
        kinds = {s.role: s.kind() for s in (us, jp)}
        if us.state()["view"]["turn"] > 1 or not any(kinds.values()):
            break
        for seat in (us, jp):
            prompt = seat.state()["prompt"]
            if prompt and not prompt["info"]["submitted"]:
                seen.add(prompt["info"]["kind"])
                ok(seat.post(seat.form()))
    assert {"placement", "cag_training", "allocation", "intelligence", "movement_plot", "air", "reset"} <= seen
    assert us.state()["view"]["turn"] == 2


def test_carrier_training_board_trains_the_chosen_carrier(solomons):
    us, jp = solomons
    to_kind(us, jp, "cag_training")
    assert jp.kind() == "cag_training"
    page = jp.page()
    assert 'name="arg.carriers.0.nac"' in page
    carrier = re.search(r'name="arg\.carriers\.(\d+)\.unit" value="(jp-CV-\d)"', page)
    assert us.kind() != "cag_training"  # 6.21, 10.4: no American carrier can train (issue 11 item 4)
    ok(jp.post(replace(jp.form(), **{f"arg__carriers__{carrier.group(1)}__nac": "1"})))
    # Japan was the only side asked: its orders resolve the step at once, the carrier leaves to train (6.21)
    assert jp.state()["view"]["units"][carrier.group(2)]["location"] == "training"


def test_task_force_board_forms_forces_and_shows_the_rules_refusals(solomons):
    us, jp = solomons
    to_kind(us, jp, "allocation")
    # Japan: a heavy cruiser and a destroyer at Rabaul become TF 1, Anti-Ship.
    form = replace(jp.form(), **{"tf__jp-CA-1": "1", "tf__jp-DD-1": "1", "mission__1": "anti_ship"})
    ok(jp.post(form))
    assert pending(jp) == {"task_forces": [{"units": ["jp-CA-1", "jp-DD-1"], "mission": "anti_ship", "number": 1}]}
    # A force with a carrier and transports is refused by the rules (6.31), with their message beside the form.
    r = us.post(replace(us.form(), **{"tf__us-TR-1": "1"}))
    assert r.status_code == 422 and "both carriers and transports" in r.text and "6.31" in r.text
    # Cargo is loaded only at Espiritu Santo (9.4): the transports at Guadalcanal keep what they carry.
    r = us.post(replace(us.form(), **{"cargo__us-TR-1__ground": "3", "cargo__us-TR-1__supply": "0"}))
    assert r.status_code == 422 and "Espiritu Santo" in r.text
    ok(us.post(us.form()))
    page_us, page_jp = us.page(), jp.page()
    assert "TF 1" in page_us and "Wasp" in page_us
    assert not JP_ID.search(page_us) and "japanese-tf-" not in page_us
    assert "TF 1" in page_jp and not US_ID.search(page_jp) and "allied-tf-" not in page_jp


def to_japanese_plot(us, jp) -> None:
    """Japan forms TF 1 (a cruiser and a destroyer at Rabaul), the Americans keep their forces: both plot next."""
    to_kind(us, jp, "allocation")
    ok(jp.post(replace(jp.form(), **{"tf__jp-CA-1": "1", "tf__jp-DD-1": "1"})))
    ok(us.post(us.form()))


def test_plotting_chart_offers_only_legal_next_hexes_and_submits_the_course(solomons):
    us, jp = solomons
    to_japanese_plot(us, jp)
    assert jp.kind() == "movement_plot"
    version = jp.state()["game"]["version"]
    r = jp.player.get(f"/games/{jp.game_id}/solomons/plot/{JP_TF1}", params={f"arg.plots.{JP_TF1}.hexes.1": '"K"'})
    assert r.status_code == 200
    seg2 = re.search(rf'name="arg\.plots\.{JP_TF1}\.hexes\.2".*?</select>', r.text, re.S).group(0)
    offered = {plain(v) for v in re.findall(r'value="([^"]+)"', seg2)}
    assert offered == {"K", "F", "L", "P", "rabaul", "truk"}  # stay, or one of K's neighbours; no American base
    assert jp.state()["game"]["version"] == version     # a GET changes nothing
    # 6.3: back at Rabaul after its sortie, the force is offered only to stay there for the rest of the turn
    back = {f"arg.plots.{JP_TF1}.hexes.{s}": json.dumps(h) for s, h in {"1": "K", "2": "rabaul"}.items()}
    r = jp.player.get(f"/games/{jp.game_id}/solomons/plot/{JP_TF1}", params=back)
    for seg in (3, 7):
        cell = re.search(rf'name="arg\.plots\.{JP_TF1}\.hexes\.{seg}".*?</select>', r.text, re.S).group(0)
        assert {plain(v) for v in re.findall(r'value="([^"]+)"', cell)} == {"rabaul"}
    course = {"1": "K", "2": "L", "3": "M", "4": "L", "5": "K", "6": "rabaul", "7": "rabaul"}
    ok(jp.post(replace(jp.form(), **{f"arg__plots__{JP_TF1}__hexes__{s}": json.dumps(h) for s, h in course.items()})))
    assert pending(jp)["plots"][JP_TF1]["hexes"] == course
    # The Americans are told Japan's announced intentions, not its plot.
    page_us = us.page()
    assert "Japanese intentions announced" in page_us
    assert JP_TF1 not in page_us


def test_slot_shortcut_writes_the_slot_run(solomons):
    us, jp = solomons
    to_japanese_plot(us, jp)
    ok(jp.post(replace(jp.form(), **{f"arg__plots__{JP_TF1}__slot_start": "2"})))
    plot = pending(jp)["plots"][JP_TF1]
    assert plot["slot"] is True
    assert plot["hexes"] == {"1": "rabaul", "2": "K", "3": "L", "4": "M", "5": "L", "6": "K", "7": "rabaul"}


@pytest.mark.rule("6.37")
def test_a_slot_run_is_revised_unchanged_and_its_start_redraws_the_column(solomons):
    """Issue 11, item 2: the revise form shows the saved Slot-run segment selected, so "Revise your orders" with
    no change is accepted as the same plot; choosing the segment redraws the column with the run's course."""
    us, jp = solomons
    to_japanese_plot(us, jp)
    r = jp.player.get(f"/games/{jp.game_id}/solomons/plot/{JP_TF1}", params={f"arg.plots.{JP_TF1}.slot_start": "2"})
    assert r.status_code == 200
    cells = [selected_option(r.text, f"arg.plots.{JP_TF1}.hexes.{seg}") for seg in range(1, 8)]
    assert cells == ["rabaul", "K", "L", "M", "L", "K", "rabaul"]
    assert selected_option(r.text, f"arg.plots.{JP_TF1}.slot_start") == "2"
    ok(jp.post(replace(jp.form(), **{f"arg__plots__{JP_TF1}__slot_start": "2"})))
    first = pending(jp)
    page = jp.page()
    assert "Revise your orders" in page and selected_option(page, f"arg.plots.{JP_TF1}.slot_start") == "2"
    ok(jp.post(jp.form()))                    # revised with no change: the same plot, not a 6.35 / 8.6 refusal
    assert pending(jp) == first


def selected_option(html: str, name: str) -> str:
    sel = re.search(rf'<select[^>]*name="{re.escape(name)}"[^>]*>(.*?)</select>', html, re.S).group(1)
    chosen = re.search(r'<option value="([^"]*)" selected', sel)
    return plain(chosen.group(1)) if chosen else ""


def plain(value: str) -> str:
    """An option's value as the player chose it: a choice the typed orders post as JSON ("K"), else as written."""
    value = unescape(value)
    return json.loads(value) if value.startswith('"') else value


def test_air_board_sends_point_defense_cap_with_blank_counters(solomons):
    us, jp = solomons
    to_kind(us, jp, "air")
    assert us.kind() == "air"
    page = us.page()
    assert "TF 1 carriers NAC" in page
    row = re.search(r'name="arg\.missions\.(\d+)\.source" value="allied-tf-1"', page).group(1)
    form = replace(us.form(), **{f"arg__missions__{row}__points": "4", f"arg__missions__{row}__mission": "cap_point",
                                 f"arg__missions__{row}__counters": "3"})
    ok(us.post(form))
    assert pending(us) == {"missions": [{"source": "allied-tf-1", "kind": "nac", "points": 4,
                                         "mission": "cap_point", "counters": 3, "target": "allied-tf-1"}]}
    # An attack needs a marker revealed this segment: the rules refuse an empty target.
    r = us.post(replace(us.form(), **{f"arg__missions__{row}__points": "2",
                                      f"arg__missions__{row}__mission": "attack"}))
    assert r.status_code == 422 and "14.11" in r.text


def test_reset_board_aborts_a_task_force(solomons):
    us, jp = solomons
    to_kind(us, jp, "reset")
    assert us.kind() == "reset"
    assert 'name="arg.aborts" value="allied-tf-1"' in us.page()
    ok(us.post(us.form() + [("arg.aborts", "allied-tf-1")]))
    assert pending(us)["aborts"] == ["allied-tf-1"]


def test_provenance_of_a_unit_and_a_chart(solomons):
    us, _ = solomons
    r = us.player.get("/solomons/provenance/unit/us-CV-1", headers={"HX-Request": "true"})
    assert r.status_code == 200 and "printed 21" in r.text
    r = us.player.get("/solomons/provenance/reinforcement/allied/2")
    assert r.status_code == 200 and "Provenance" in r.text
    assert us.player.get("/solomons/provenance/unit/nonsense").status_code == 400


def test_a_spectator_sees_the_public_board_only(solomons, players):
    us, jp = solomons
    to_kind(us, jp, "movement_plot")
    r = players().get(f"/games/{us.game_id}")
    assert r.status_code == 200
    assert "Guadalcanal Supply Status" in r.text and 'id="solomons-map"' in r.text
    assert not US_ID.search(r.text) and not JP_ID.search(r.text)
    assert "allied-tf-" not in r.text and "japanese-tf-" not in r.text


def test_every_provenance_link_on_a_page_answers(solomons):
    us, jp = solomons
    to_kind(us, jp, "movement_plot")
    for seat in (us, jp):
        links = set(re.findall(r'href="(/solomons/provenance/[^"]+)"', seat.page()))
        assert any("/unit/" in link for link in links) and any("/chart/" in link for link in links)
        for link in links:
            r = seat.player.get(link, headers={"HX-Request": "true"})
            assert r.status_code == 200 and "Provenance of" in r.text, link


def test_the_board_is_checked_as_it_is_filled_in_without_storing_anything(solomons):
    us, jp = solomons
    to_kind(us, jp, "allocation")
    version = jp.state()["game"]["version"]
    url = f"/games/{jp.game_id}/solomons/check"
    mixed = replace(jp.form(), **{"tf__jp-CA-1": "1", "tf__jp-CV-1": "1"})  # Rabaul and Truk in one force
    r = jp.player.get(url, params=dict(mixed), headers={"HX-Request": "true"})
    assert r.status_code == 200 and "same base" in r.text and "5.21" in r.text
    r = jp.player.get(url, params=dict(replace(jp.form(), **{"tf__jp-CA-1": "1"})))
    assert r.status_code == 200 and "accept" in r.text
    assert jp.state()["game"]["version"] == version and jp.state()["view"]["pending"] is None


def test_an_umpired_game_the_umpire_releases_the_segments_from_the_page(players):
    from tests.games.solomons.ui.conftest import Seat

    ump, a, j = players(), players(), players()
    r = a.post("/api/games", json={"game": "solomons", "side": "allied", "umpired": True})
    assert r.status_code == 201, r.text
    body = r.json()
    for p, role in ((ump, "umpire"), (j, "japanese")):
        assert p.post(f"/api/invites/{body['invite_tokens'][role]}").status_code == 200
    us, jp, umpire = Seat(a, body["id"], "allied"), Seat(j, body["id"], "japanese"), Seat(ump, body["id"], "umpire")
    for _ in range(40):
        if umpire.kind() == "umpire":
            break
        for seat in (us, jp):
            if seat.kind() and not seat.state()["prompt"]["info"]["submitted"]:
                ok(seat.post(seat.form()))
    assert umpire.kind() == "umpire"
    page = umpire.page()
    assert 'name="verb" value="advance"' in page and "Guadalcanal Supply Status" in page
    version = umpire.state()["game"]["version"]
    ok(umpire.post([("verb", "advance"), ("expected_version", str(version)), ("key", f"{version}-umpire-0")]))
    assert umpire.state()["game"]["version"] == version + 1


def test_a_malformed_plotting_chart_is_a_clear_400_in_the_post_and_the_live_check(solomons):
    """Issue 10, item 11: `plot.nodot` (no segment number), or a segment that is not a number, or a Slot-run start
    that is not one, never reach the rules as a server error: a 400 with a message, and nothing changes."""
    us, jp = solomons
    to_japanese_plot(us, jp)
    assert jp.kind() == "movement_plot"
    version = jp.state()["game"]["version"]
    bad_forms = {"plot.nodot": jp.form() + [("arg.plots.nodot", '"K"')],
                 "segment x": jp.form() + [(f"arg.plots.{JP_TF1}.hexes.x", '"K"')],
                 "slot_start x": replace(jp.form(), **{f"arg__plots__{JP_TF1}__slot_start": "x"})}
    for what, form in bad_forms.items():
        r = jp.post(form)
        assert r.status_code == 400, (what, r.status_code, r.text)
        assert "Reload the page" in r.text or "segment to leave Rabaul" in r.text, what
        r = jp.player.get(f"/games/{jp.game_id}/solomons/check", params=form, headers={"HX-Request": "true"})
        assert r.status_code == 400, (what, r.status_code)
    assert jp.state()["game"]["version"] == version and jp.state()["view"]["pending"] is None


def test_changing_an_earlier_cell_resets_later_cells_that_no_longer_mean_the_same_move(solomons):
    """Issue 11, item 6: the column redrawn after a change keeps each later cell's meaning ("stay", "move to X")
    where it can and resets the others to "stay", saying so; the column head names its ships."""
    us, jp = solomons
    to_japanese_plot(us, jp)
    url = f"/games/{jp.game_id}/solomons/plot/{JP_TF1}"
    # as drawn: stay in Rabaul in 1, then K, L, M in 2-4, and stay in M after
    was = {"1": "rabaul", "2": "K", "3": "L", "4": "M", "5": "M", "6": "M", "7": "M"}
    params = {f"was.{JP_TF1}.{k}": v for k, v in was.items()}
    # the player moves segment 1 to K: segment 2's "move to K" is no longer a move, 3 and 4 still can be
    params.update({f"arg.plots.{JP_TF1}.hexes.{k}": json.dumps(v) for k, v in dict(was, **{"1": "K"}).items()})
    r = jp.player.get(url, params=params)
    assert r.status_code == 200
    cells = [selected_option(r.text, f"arg.plots.{JP_TF1}.hexes.{seg}") for seg in range(1, 8)]
    assert cells == ["K", "K", "L", "M", "M", "M", "M"]
    assert r.text.count("reset to stay (was: move to hex K)") == 1
    # the player moves segment 1 to K and segment 2 to rabaul: 3's "move to L" cannot be made from Rabaul
    params.update({f"arg.plots.{JP_TF1}.hexes.2": '"rabaul"'})
    r = jp.player.get(url, params=params)
    cells = [selected_option(r.text, f"arg.plots.{JP_TF1}.hexes.{seg}") for seg in range(1, 8)]
    assert cells == ["K", "rabaul", "rabaul", "rabaul", "rabaul", "rabaul", "rabaul"]
    assert "reset to stay (was: move to hex L)" in r.text
    head = re.search(r'<ul class="sol-ships[^>]*>(.*?)</ul>', r.text, re.S).group(1)
    assert "CA Chokai/Aoba" in head and "DD Mutsuki group" in head and "ships</span>" not in r.text
    # the case: "stay in Rabaul" in segment 2 must not become "back to Rabaul" when segment 1 leaves
    was = {"1": "rabaul", "2": "rabaul", "3": "K", "4": "L", "5": "L", "6": "L", "7": "L"}
    params = {f"was.{JP_TF1}.{k}": v for k, v in was.items()}
    params.update({f"arg.plots.{JP_TF1}.hexes.{k}": json.dumps(v) for k, v in dict(was, **{"1": "K"}).items()})
    r = jp.player.get(url, params=params)
    cells = [selected_option(r.text, f"arg.plots.{JP_TF1}.hexes.{seg}") for seg in range(1, 8)]
    assert cells == ["K", "K", "K", "L", "L", "L", "L"]
