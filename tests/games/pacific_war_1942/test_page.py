"""The game page's generic order forms, read and posted as a browser would: every hidden value is taken from the
rendered HTML (attribute values unescaped by an HTML parser), so a form that encodes its argument wrongly fails
here with the 400 "that value cannot be read" a player got (issue 11, item 1)."""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

PW = "pacific_war_1942"


class _Forms(HTMLParser):
    """The page's order forms: each one's fields (name -> value, as a browser submits them) and its button."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[dict] = []
        self._form: dict | None = None
        self._in_button = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and "action" in (a.get("class") or "").split():
            self._form = {"fields": [], "button": "", "action": a.get("action")}
        elif self._form is not None and tag == "input" and a.get("name"):
            self._form["fields"].append((a["name"], a.get("value") or ""))
        elif self._form is not None and tag == "button":
            self._in_button = True

    def handle_data(self, data):
        if self._in_button and self._form is not None:
            self._form["button"] += data

    def handle_endtag(self, tag):
        if tag == "button":
            self._in_button = False
        elif tag == "form" and self._form is not None:
            self.forms.append(self._form)
            self._form = None


def order_forms(html: str) -> list[dict]:
    parser = _Forms()
    parser.feed(html)
    return parser.forms


def press(player, game_id: str, button: str) -> str:
    """Submit the form whose button starts with `button`, with exactly the values the page holds; return the
    page shown after the redirect."""
    page = player.get(f"/games/{game_id}").text
    forms = [f for f in order_forms(page) if f["button"].strip().startswith(button)]
    assert forms, f"no order button {button!r} on the page: {[f['button'].strip() for f in order_forms(page)]}"
    r = player.post(forms[0]["action"], data=dict(forms[0]["fields"]), follow_redirects=False)
    assert r.status_code == 303, f"{button!r} was refused: {r.status_code} {r.text}"
    return player.get(f"/games/{game_id}").text


def log_lines(html: str) -> list[str]:
    m = re.search(r'<section[^>]*id="log".*?</section>', html, re.S) or re.search(r'id="log".*', html, re.S)
    text = re.sub(r"<[^>]+>", "\n", m.group(0))
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


@pytest.fixture
def sandbox(players):
    """A Pacific War 1942 sandbox game with scripted dice: (player, game_id)."""
    def make(dice: list[int]):
        p = players()
        r = p.post("/api/games", json={"game": PW, "sandbox": True, "dice_script": dice})
        assert r.status_code == 201, r.text
        return p, r.json()["id"]
    return make


@pytest.mark.rule("Using Action Charts")
def test_attack_reserve_and_sea_attack_posted_from_the_rendered_forms(sandbox):
    # AP roll 6: 4 AP. Attack Guadalcanal: die 5 -1 (Japanese sea control) = 4 advances. Sea attack: die 4 wins.
    p, gid = sandbox([6, 5, 4])
    page = press(p, gid, "Attack Guadalcanal")
    assert any(line.startswith("Allied attack on Guadalcanal (Southwest Pacific front): die 5") and
               line.endswith("advance.") for line in log_lines(page)), log_lines(page)
    assert "The Allied Southwest Pacific front marker advances into Guadalcanal" in page

    page = press(p, gid, "Add a reserve to the China front")
    assert "The Allies add a reserve to the China front." in log_lines(page)

    page = press(p, gid, "Attack the Japanese ships in the Central Pacific")
    assert any(line.startswith("Allied sea attack in the Central Pacific: die 4") for line in log_lines(page))
    view = p.game(gid)["view"]
    assert next(s for s in view["seas"] if s["id"] == "central_pacific")["control"] == "allied"
    assert next(f for f in view["fronts"] if f["id"] == "china")["reserve"] is True


@pytest.mark.rule("Using Action Charts")
def test_a_stalled_front_is_flipped_back_from_its_rendered_form(sandbox):
    # AP 1 (1 AP), end; BOT die 3: Ichi-Go, attack China die 1 (no result), stall China; turn 2: AP 6, flip China.
    p, gid = sandbox([1, 3, 1, 6])
    page = press(p, gid, "End your actions")  # then the BOT acts and turn 2 begins: no button for either roll
    assert "The Allied China front is stalled" in page
    page = press(p, gid, "Flip the stalled China front back to active")
    assert "The Allied China front is flipped back to active." in log_lines(page)
    assert next(f for f in p.game(gid)["view"]["fronts"] if f["id"] == "china")["stalled"] is False


@pytest.mark.rule("Victory Calculation")
def test_the_after_action_report_reads_as_words_and_figures(sandbox):
    from tests.platform.conftest import rewrite_state

    p, gid = sandbox([1, 1])  # AP roll 1; then the BOT's Europe First
    rewrite_state(gid, lambda s: {**s, "turn": 16})
    page = press(p, gid, "End your actions")  # Europe First, then the last turn ends
    assert "Game over" in page
    report = p.get(f"/games/{gid}/report").text
    assert "Final score -10 VP: Japanese win." in report
    assert re.search(r"<td>each sea area controlled by the Japanese \(3 × -2 VP\)</td><td>-6</td>", report)
    for raw in ("{&#39;", "&#39;lines&#39;", "&#39;band&#39;", "{'", "[{"):
        assert raw not in report, raw


@pytest.mark.rule("How to Win")
def test_the_game_page_shows_the_reconstructed_bomb_trigger_and_game_length(sandbox):
    p, gid = sandbox([])
    page = p.get(f"/games/{gid}").text
    assert "Atomic Bomb: not dropped. Dropped at the end of turn 15 or a later turn" in page
    assert "Turn 1 of 16 — Jan-Mar 1942" in page and "length and dates reconstructed" in page
    assert 'id="pw-rule-bomb"' in page and 'id="pw-rules-bands"' in page
