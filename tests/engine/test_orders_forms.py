"""The generic order forms (templates/game/_prompt.html) draw every kind of typed order from its JSON description."""
import json
from html.parser import HTMLParser
from pathlib import Path

from jinja2 import Environment, FileSystemLoader

from app.engine.orders import Assignment, Boolean, Choice, Group, Integer, Path as Route, Plot, Several, args_json
from app.games.pacific_war_1942 import rules
from tests.games.pacific_war_1942.helpers import actions_phase

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True)
env.globals["action_key"] = lambda m, idx: f"{m['game']['version']}-{idx}"


class Fields(HTMLParser):
    """Each form's controls: (tag, name, type, value) and the labels' texts."""

    def __init__(self):
        super().__init__()
        self.forms, self.labels, self.options, self.hints, self._in = [], {}, {}, [], None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.forms.append([])
        elif tag in ("input", "select", "textarea"):
            self.forms[-1].append((tag, a.get("name"), a.get("type"), a.get("value"), a.get("id")))
            if tag == "select":
                self._select = a.get("name")
        elif tag == "option":
            self.options.setdefault(self._select, []).append(a.get("value"))
        if tag in ("label", "small", "button"):
            self._in, self._text, self._for = tag, "", a.get("for")

    def handle_data(self, data):
        if self._in:
            self._text += data

    def handle_endtag(self, tag):
        if tag == self._in:
            if tag == "label":
                self.labels[self._for] = self._text.strip()
            elif tag == "small":
                self.hints.append(self._text.strip())
            self._in = None


def render(prompt):
    m = {"prompt": prompt, "game": {"id": "g1", "version": 4, "status": "active"}, "waiting": []}
    p = Fields()
    p.feed(env.get_template("game/_prompt.html").render(m=m))
    return p


def test_each_kind_gets_its_control_and_complex_kinds_say_what_json_is_wanted():
    orders = {"target": Choice(("N6", "T11"), ("Henderson Field", "Espiritu Santo"), label="Target"),
              "strikes": Integer(1, 3), "escort": Boolean(label="With escort"),
              "carriers": Several(("Enterprise", "Hornet"), 1, 2),
              "allocation": Assignment(("F1", "B1"), ("cap", "reserve")),
              "route": Route({"P4": ("O4",), "O4": ("P4",)}, origin="P4", maximum=2),
              "plot": Plot(("1", "2"), Choice(("K5", "L5"))), "mission": Group({"target": Choice(("N6",))})}
    p = render({"title": "Air operations", "rule": "3d", "actions": [
        {"verb": "strike", "label": "Launch", "args": json.loads(json.dumps(args_json(orders)))}]})
    controls = {name: (tag, typ) for tag, name, typ, _, _ in p.forms[0]}
    assert controls["arg.target"] == ("select", None)
    assert p.options["arg.target"] == ['"N6"', '"T11"']
    assert controls["arg.strikes"] == ("input", "number") and controls["arg.escort"] == ("input", "checkbox")
    for name in ("carriers", "allocation", "route", "plot", "mission"):
        assert controls[f"arg.{name}"] == ("textarea", None), name
    assert p.labels["a0-target"] == "Target" and p.labels["a0-escort"] == "With escort"
    assert p.labels["a0-route"] == "Route"
    assert 'JSON: a list of 1 to 2 of "Enterprise", "Hornet", each at most once' in p.hints
    assert any(h.startswith("JSON: a route of at most 2 spaces (at least 1), starting one step from P4") for h in p.hints)
    assert "JSON: for any segment of 1, 2: one of \"K5\", \"L5\"" in p.hints


def test_pacific_war_orders_are_buttons_with_their_value_hidden_in_the_form():
    prompt = rules.prompts(actions_phase())["allied"]
    p = render(json.loads(json.dumps(prompt)))
    attack = next(f for f, spec in zip(p.forms, prompt["actions"]) if spec["verb"] == "attack_front")
    assert ("input", "arg.front", "hidden", '"india"', None) in attack
    assert not any(tag in ("select", "textarea") for form in p.forms for tag, *_ in form)
    assert not p.labels  # nothing to choose: every button says what it does
