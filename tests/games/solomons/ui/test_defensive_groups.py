"""14.3, 14.33 on the game page: "The defender replaces the Task Force marker with its ships, face down in groups of no
more than four. Assign unused Point CAP." Air attacks resolve for both sides at once, so the player writes the groups
and the Point CAP over each in the air allocation's standing orders: a group number per ship, by its printed name,
and Point CAP per group; left blank, the rules' defaults. The rules refuse more Point CAP than the force flies."""
from __future__ import annotations

import re

import pytest

from tests.games.solomons.ui.conftest import replace
from tests.games.solomons.ui.test_forms import ok, pending, to_kind
from tests.games.solomons.ui.test_standing_orders import selected

TF = "allied-tf-1"


def ships_offered(page: str) -> dict[str, str]:
    """{ship id: its label} of the force's group selects."""
    return dict(re.findall(rf'<label for="group-{TF}-([^"]+)">([^<]+): group</label>', page))


@pytest.mark.rule("14.3")
def test_the_player_writes_the_naval_defensive_groups_of_a_force_at_sea_by_ship_name(solomons):
    us, jp = solomons
    to_kind(us, jp, "air")
    page = us.page()
    assert "TF 1: Naval Defensive Groups and Point CAP (14.3, 14.33)" in page
    ships = ships_offered(page)
    assert len(ships) >= 2 and not any(label.startswith("us-") for label in ships.values())  # names, not ids
    ok(us.post(us.form()))                                      # left blank: the rules' defaults, nothing written
    assert "defence" not in pending(us)
    first, *rest = sorted(ships)
    chosen = {f"arg__defence__{TF}__groups__{first}": "1", **{f"arg__defence__{TF}__groups__{u}": "2" for u in rest}}
    ok(us.post(replace(us.form(), **chosen)))
    assert pending(us)["defence"][TF]["groups"] == [[first], [u for u in sorted(ships, key=list(ships).index)
                                                             if u != first]]
    page = us.page()                                            # the revision shows them
    assert selected(page, f"arg.defence.{TF}.groups.{first}") == "1"
    assert all(selected(page, f"arg.defence.{TF}.groups.{u}") == "2" for u in rest)


@pytest.mark.rule("14.33")
def test_point_cap_over_a_group_is_refused_beyond_the_point_cap_the_force_flies(solomons):
    us, jp = solomons
    to_kind(us, jp, "air")
    r = us.post(replace(us.form(), **{f"arg__defence__{TF}__point_cap__1": "3"}))
    assert r.status_code == 422 and "14.33" in r.text and "more than the Point CAP it flies (0)" in r.text
    assert "defence" not in (pending(us) or {})


@pytest.mark.rule("15.33")
def test_the_plot_form_ranks_the_ships_an_anti_ship_force_shields_first(solomons):
    from tests.games.solomons.ui.test_forms import JP_TF1, to_japanese_plot
    us, jp = solomons
    to_japanese_plot(us, jp)
    page = jp.page()
    o = f"arg.plots.{JP_TF1}.orders.shield_first"
    ranked = re.findall(rf'name="{re.escape(o)}\.([^"]+)"', page)
    assert len(ranked) >= 2 and "Shield first (15.33)" in page
    last = ranked[-1]
    ok(jp.post(replace(jp.form(), **{f"{o.replace('.', '__')}__{last}": "1"})))
    assert pending(jp)["plots"][JP_TF1]["orders"]["shield_first"] == [last]
    assert selected(jp.page(), f"{o}.{last}") == "1"           # the revision starts from it
    r = jp.post(replace(jp.form(), **{f"{o.replace('.', '__')}__us-CA-1": "1"}))
    assert r.status_code == 422 and "15.33" in r.text and "ships to shield first" in r.text
