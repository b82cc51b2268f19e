"""The Land Movement order form (land.move_prompt, templates/games/usn/prompt.html): each land unit is offered the
hexes next to it and each unit its own legal works, and a unit with nothing to choose has no row (issue 37: a late
Campaign Game's form drew every one of 62 units a row of every hex some unit could reach and of every work, 90 KiB
pushed to the other side's page when its turn to move came; "offered means legal", issue 34)."""
from __future__ import annotations

import re

import pytest

from starlette.datastructures import FormData

from app.engine.errors import IllegalAction
from app.web.actions import action_from_form
from app.web.plugin import plugin_for
from app.web.templating import env

from .helpers import R, at, deployed

def prompt_html(state, role: str) -> str:
    plugin_for("usn")
    m = {"game": {"id": "g1", "version": 3, "status": "active"}, "role": role, "view": R.view(state, role),
         "prompt": R.prompts(state).get(role), "waiting": []}
    return env.get_template("games/usn/prompt.html").render(m=m)


def offered(html: str, field: str) -> list[str] | None:
    """The values a row's select offers (its blank "(none)" left out), or None when the form has no such row."""
    found = re.search(rf'<select id="[^"]+" name="{re.escape(field)}"[^>]*>(.*?)</select>', html, re.S)
    return None if found is None else [v for v in re.findall(r'<option value="([^"]*)"', found.group(1)) if v]


def test_each_land_unit_is_offered_the_hexes_next_to_it_and_its_own_works():
    s = at(deployed(), "land_move", "japanese")
    html = prompt_html(s, "japanese")
    assert offered(html, "arg.moves.J-L1") == ["0657", "0658", "0691", "0693", "0725"]  # around Lae
    assert offered(html, "arg.moves.J-L2") == ["0724", "0725", "0758"]  # around Rabaul, none of Lae's
    assert offered(html, "arg.works.J-L4") == ["build air base", "sabotage air base", "sabotage naval base"]
    assert offered(html, "arg.works.J-L1") is None  # a regiment that may neither build nor sabotage: no row
    fields = dict.fromkeys(re.findall(r"<select id=\"[^\"]+\" name=\"([^\"]+)\"", html), "")  # as a browser posts them
    action = action_from_form(FormData([("verb", "land_move"), *fields.items(), ("arg.moves.J-L2", "0724")]),
                              R.prompts(s)["japanese"])
    assert action["args"]["moves"] == {"J-L2": "0724"}
    R.check(s, "japanese", action)


@pytest.mark.rule("Movement (I)")
@pytest.mark.rule("Entrenchment (B)")
def test_an_entrenched_unit_is_offered_disentrenching_and_no_hex():
    """It may not move, disentrenching or not: it disentrenches at the end of the phase and moves in a later one.
    The form offered it the hexes next to it, which the order then let it enter disentrenching."""
    s = at(deployed(), "land_move", "japanese")
    s["land"]["J-L2"]["entrenched"] = True
    html = prompt_html(s, "japanese")
    assert offered(html, "arg.moves.J-L2") is None  # no row: every hex would be refused
    assert offered(html, "arg.moves.J-L1") == ["0657", "0658", "0691", "0693", "0725"]  # the others keep theirs
    assert re.findall(r'type="checkbox" name="arg.disentrench" value="([^"]+)"', html) == ["J-L2"]  # what it may do
    with pytest.raises(IllegalAction, match="may not move while entrenching, entrenched or disentrenching"):
        R.check(s, "japanese", {"verb": "land_move", "args": {"moves": {"J-L2": "0724"}, "entrench": [],
                                                              "disentrench": ["J-L2"]}})


def test_when_no_unit_may_move_the_form_says_so_and_offers_no_hex():
    """Every unit landed this Game-Turn: none may move (Movement (J)). The order's shape still needs a hex to offer,
    one every unit would be refused, and the form offered it to every unit."""
    s = at(deployed(), "land_move", "japanese")
    for u in s["land"].values():
        if u["side"] == "japanese":
            u["moved"] = True
    prompt = R.prompts(s)["japanese"]
    assert not any(prompt["info"]["may_move"].values())
    html = prompt_html(s, "japanese")
    assert 'name="arg.moves.' not in html
    assert "None now: every choice would be refused." in html
    assert offered(html, "arg.works.J-L4")  # what it may still do is drawn
    fields = [(n, "") for n in re.findall(r"<select id=\"[^\"]+\" name=\"([^\"]+)\"", html)]
    hidden = re.findall(r'<input type="hidden" name="(arg\.[^"]+)" value="([^"]*)"', html)
    action = action_from_form(FormData([("verb", "land_move"), *fields, *hidden]), prompt)
    assert action["args"]["moves"] == {}  # the order is sent, moving nobody
    R.check(s, "japanese", action)
