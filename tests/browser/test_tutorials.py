"""A learner starts a tutorial from the lobby and plays one worked example of each game to its printed result on the
guided page's own order forms (issue 21): Pacific War 1942 on a phone, Solomons 12.4 on its ground board,
Solomons 14.33 on its air board, Guadalcanal's example 10 and First Blood's Figure 6 through the generic forms, step by step, each order matching the
example's."""
from __future__ import annotations

import json
import re
import uuid

import pytest
from playwright.sync_api import expect

from app.play import tutorials
from tests.browser.conftest import sign_up

pytestmark = pytest.mark.browser


def start_from_lobby(page, base: str, tutorial_id: str) -> None:
    page.goto(f"{base}/")
    page.locator(f'button[data-tutorial="{tutorial_id}"]').click()
    expect(page.locator("#tutorial-guide")).to_contain_text("Step 1 of")
    expect(page.locator(".game-head")).to_contain_text("never rated")


def _value(value) -> str:
    """A value as the generic form writes it into an attribute (JSON), for a CSS attribute selector."""
    return json.dumps(value).replace("'", "\\'")


_ABSENT = object()


def _arg(args, name: str):
    """The order's argument a field's name points at: "landings.us-t6" is the us-t6 part of the landings (a group's
    part fixed by the form when it has one value only, issue 34)."""
    value = args
    for key in name.split("."):
        if not isinstance(value, dict) or key not in value:
            return _ABSENT
        value = value[key]
    return value


def _form_for(page, order):
    """The form for the order's verb whose fixed (hidden) arguments are the order's own."""
    forms = page.locator("#prompt form.action")
    for i in range(forms.count()):
        form = forms.nth(i)
        if form.locator('input[name="verb"]').get_attribute("value") != order["verb"]:
            continue
        fixed = form.locator('input[type="hidden"][name^="arg."]')
        if all(json.loads(fixed.nth(j).get_attribute("value")) == _arg(order["args"],
               fixed.nth(j).get_attribute("name")[4:]) for j in range(fixed.count())):
            return form
    raise AssertionError(f"no form for {order}")


def _tick(form, field: str, value) -> None:
    box = form.locator(f"input[type=\"checkbox\"][name=\"{field}\"][value='{_value(value)}']")
    if not box.is_visible():  # a box in a closed part of the form (Guadalcanal's hexes announced): open it
        box.locator("xpath=ancestor::details[1]/summary").click()
    box.check()


def fill_generic(form, order, prefix: str = "arg") -> None:
    """Fill templates/game/_prompt.html's controls with the order's arguments, as a player would (a game's form with
    parts, Guadalcanal's flights, by the same field names)."""
    for name, value in order["args"].items():
        field = f"{prefix}.{name}"
        if isinstance(value, dict) and value and form.locator(f'[name^="{field}."]').count():
            fill_generic(form, {"args": value}, field)  # an argument's parts, each by its own name
            continue
        if isinstance(value, bool):  # a box to tick or leave clear
            form.locator(f'input[type="checkbox"][name="{field}"]').set_checked(value)
            continue
        if value in ([], {}, None) or form.locator(f'input[type="hidden"][name="{field}"]').count():
            continue  # nothing to tick, or fixed by the form itself
        if form.locator(f'input[type="checkbox"][name="{field}"]').count() and isinstance(value, list):
            for v in value:
                _tick(form, field, v)
        elif form.locator(f'input[type="text"][name="{field}"]').count():
            form.locator(f'input[type="text"][name="{field}"]').fill(", ".join(value))
        elif isinstance(value, dict):
            for part, v in value.items():
                if form.locator(f'input[type="hidden"][name="{field}.{part}"]').count():
                    continue  # a part with one value only, fixed by the form (checked in _form_for)
                if isinstance(v, list):  # a group's part of several values: boxes to tick
                    for x in v:
                        form.locator(f"input[type=\"checkbox\"][name=\"{field}.{part}\"][value='{_value(x)}']").check()
                else:
                    form.locator(f'select[name="{field}.{part}"]').select_option(value=json.dumps(v))
        elif form.locator(f'select[name="{field}"]').count():
            form.locator(f'select[name="{field}"]').select_option(value=json.dumps(value))
        else:
            raise AssertionError(f"no control for {field}")


def give(page, game: str, order) -> None:
    version = page.locator(".tutorial").get_attribute("data-version")
    if game == "solomons" and "missions" in order["args"]:  # Solomons' air board (templates/games/solomons/_air.html)
        for m in order["args"]["missions"]:  # the row of the mission's source and kind of air
            rows = page.locator(f'#prompt input[type="hidden"][value="{m["source"]}"][name$=".source"]')
            i = next(n for n in (rows.nth(j).get_attribute("name").split(".")[2] for j in range(rows.count()))
                     if page.locator(f'#prompt input[name="arg.missions.{n}.kind"]').get_attribute("value")
                     == m["kind"])
            page.locator(f"#m-{i}-points").fill(str(m["points"]))
            page.locator(f"#m-{i}-mission").select_option(m["mission"])
            if m["mission"] == "attack":
                page.locator(f"#m-{i}-target").select_option(m["target"])
            else:
                page.locator(f"#m-{i}-counters").fill(str(m["counters"]))
        page.get_by_role("button", name="Submit your orders").click()
    elif game == "solomons":  # Solomons' own ground board (templates/games/solomons/_ground.html)
        page.get_by_label("Attack" if order["args"]["attack"] else "Do not attack", exact=True).check()
        page.locator("#ground-points").fill(str(order["args"]["points"]))
        page.get_by_role("button", name="Submit your orders").click()
    else:
        form = _form_for(page, order)
        fill_generic(form, order)
        form.locator("button[type='submit']").click()
    expect(page.locator(".tutorial")).not_to_have_attribute("data-version", version or "")
    expect(page.locator("#tutorial-compared")).to_have_attribute("data-matched", "yes")


def complete(page, tutorial_id: str) -> None:
    t = tutorials.get(tutorial_id)
    for n, i in enumerate(t.learner_steps(), 1):
        guide = page.locator("#tutorial-guide")
        expect(guide).to_contain_text(f"Step {n} of {len(t.learner_steps())}")
        expect(guide.locator(".rule-cited a")).to_have_attribute("href", re.compile(f"^/rules/{t.game}#rule-"))
        give(page, t.game, t.steps[i].order)
    expect(page.locator("#tutorial-guide")).to_contain_text("The example is complete")
    expect(page.locator("#tutorial-result")).to_have_text(t.result)


def test_pacific_war_port_moresby_on_a_phone(live_server, new_page):
    page = new_page(width=390, height=844)
    sign_up(page, live_server.url, f"learner{uuid.uuid4().hex[:6]}")
    start_from_lobby(page, live_server.url, "pw1942-port-moresby")
    # a narrow page: the guidance comes before the orders, and nothing is wider than the screen but the map's box
    guide, prompt = page.locator("#tutorial-guide").bounding_box(), page.locator("#prompt").bounding_box()
    assert guide["y"] < prompt["y"] and guide["width"] <= 390 and prompt["width"] <= 390
    complete(page, "pw1942-port-moresby")
    expect(page.locator("#log")).to_contain_text("die 3")
    expect(page.locator("#log")).to_contain_text("advances into Guadalcanal")


def test_solomons_ground_attack_of_12_4(live_server, new_page):
    page = new_page()
    sign_up(page, live_server.url, f"learner{uuid.uuid4().hex[:6]}")
    start_from_lobby(page, live_server.url, "solomons-12-4")
    complete(page, "solomons-12-4")
    expect(page.locator("#log")).to_contain_text("1:1, die 3 (2/2)")


def test_solomons_point_cap_of_14_33_on_the_air_board(live_server, new_page):
    page = new_page()
    sign_up(page, live_server.url, f"learner{uuid.uuid4().hex[:6]}")
    start_from_lobby(page, live_server.url, "solomons-14-33")
    complete(page, "solomons-14-33")
    # the defender reads 14.33's number: 24 AA and 3 Point CAP doubled fight at 30
    page.goto(page.url.split("?")[0] + "?seat=allied")
    expect(page.locator("#log")).to_contain_text("AA 30 (Point CAP 3 doubled), column 30, die 1, shot down 6")


def test_guadalcanal_example_10_from_the_action_phase_to_the_turn_record(live_server, new_page):
    page = new_page()
    sign_up(page, live_server.url, f"learner{uuid.uuid4().hex[:6]}")
    start_from_lobby(page, live_server.url, "guadalcanal-example-10")
    complete(page, "guadalcanal-example-10")
    expect(page.locator("#log")).to_contain_text("OCT 27, Turn 2 is over")
    # then on in free play: the guidance is off and the game page takes over
    page.locator("#tutorial-free").click()
    expect(page).to_have_url(re.compile(r"/games/\w+$"))
    expect(page.locator(".game-head")).to_contain_text("Sandbox: not rated")


def test_first_blood_dividing_attacks_of_figure_6(live_server, new_page):
    page = new_page()
    sign_up(page, live_server.url, f"learner{uuid.uuid4().hex[:6]}")
    start_from_lobby(page, live_server.url, "first-blood-figure-6")
    complete(page, "first-blood-figure-6")
    # what the figure prints, as the learner reads it in the log: 1:2 against two hexes, 2:1 against one
    expect(page.locator("#log")).to_contain_text("5 against 8; 1:2, die 6 = 6: DR")
    expect(page.locator("#log")).to_contain_text("10 against 4; 2:1, die 1 = 1: A1")
    expect(page.locator("#log")).to_contain_text("1/3 Marines retreats to 0806")
