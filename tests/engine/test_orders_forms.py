"""The generic order forms (templates/game/_prompt.html) draw every kind of typed order from its JSON description."""
import json
from html.parser import HTMLParser
from pathlib import Path

from jinja2 import Environment, FileSystemLoader

from app.engine.orders import (Assignment, Boolean, Choice, Group, Integer, Path as Route, Plot, Several, args_json,
                               check_action)
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


def test_pacific_war_orders_are_buttons_with_their_value_hidden_in_the_form():
    prompt = rules.prompts(actions_phase())["allied"]
    p = render(json.loads(json.dumps(prompt)))
    attack = next(f for f, spec in zip(p.forms, prompt["actions"]) if spec["verb"] == "attack_front")
    assert ("input", "arg.front", "hidden", '"india"', None) in attack
    assert not any(tag in ("select", "textarea") for form in p.forms for tag, *_ in form)
    assert not p.labels  # nothing to choose: every button says what it does


# --------------------------------------------------------------------------- structured forms, read back as actions

class Controls(HTMLParser):
    """Every control of the first form, as a browser sees it: name, type, value, its options, checked or selected,
    and whether a <label for> names it."""

    def __init__(self):
        super().__init__()
        self.controls, self.labels, self.legends, self._select, self._in, self._forms = [], {}, [], None, None, 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self._forms += 1
        if self._forms != 1:
            return
        if tag in ("input", "select", "textarea"):
            c = {"tag": tag, "name": a.get("name"), "type": a.get("type"), "value": a.get("value"), "id": a.get("id"),
                 "checked": "checked" in a, "options": []}
            self.controls.append(c)
            if tag == "select":
                self._select = c
        elif tag == "option" and self._select is not None:
            self._select["options"].append((a.get("value"), "selected" in a))
        if tag in ("label", "legend"):
            self._in, self._text, self._for = tag, "", a.get("for")

    def handle_data(self, data):
        if self._in:
            self._text += data

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        if tag == self._in:
            if tag == "label":
                self.labels[self._for] = self._text.strip()
            else:
                self.legends.append(self._text.strip())
            self._in = None

    def named(self, name):
        return [c for c in self.controls if c["name"] == name]

    def as_drawn(self):
        """What the browser posts for the form untouched: hidden and text values, ticked boxes, selected options."""
        out = []
        for c in self.controls:
            if c["tag"] == "select":
                chosen = next((v for v, sel in c["options"] if sel), c["options"][0][0] if c["options"] else None)
                out.append((c["name"], chosen))
            elif c["type"] == "checkbox":
                if c["checked"]:
                    out.append((c["name"], c["value"]))
            elif c["tag"] == "input":
                out.append((c["name"], c["value"] or ""))
        return out


def draw(orders, verb="strike", info=None):
    prompt = {"title": "Orders", "rule": "3d", "actions": [{"verb": verb, "label": "Send",
                                                             "args": json.loads(json.dumps(args_json(orders)))}]}
    if info:
        prompt["info"] = info
    p = Controls()
    p.feed(env.get_template("game/_prompt.html").render(
        m={"prompt": prompt, "game": {"id": "g1", "version": 4, "status": "active"}, "waiting": []}))
    return prompt, p


def browser_post(form: Controls, fields):
    """`fields` as a browser could post them from this form: each name is a control's, each value one it offers
    (a select's option, a checkbox's own value); the form's hidden fields come along."""
    from starlette.datastructures import FormData

    for name, value in fields:
        controls = form.named(name)
        assert controls, f"the form has no control named {name}"
        c = controls[0]
        if c["tag"] == "select":
            assert value in [v for v, _ in c["options"]], (name, value, c["options"])
        elif c["type"] == "checkbox":
            assert value in [x["value"] for x in controls], (name, value)
    hidden = [(c["name"], c["value"]) for c in form.controls if c["type"] == "hidden"]
    return FormData(hidden + list(fields))


def read(prompt, form_data):
    from app.web.actions import action_from_form

    return action_from_form(form_data, prompt)


J = json.dumps
KINDS = {"target": Choice(("N6", "T11"), ("Henderson Field", "Espiritu Santo"), label="Target"),
         "strikes": Integer(1, 3), "escort": Boolean(label="With escort"),
         "carriers": Several(("Enterprise", "Hornet", "Wasp"), 1, 2),
         "allocation": Assignment(("F1", "B1"), ("cap", "reserve"), labels=("Combat air patrol", "Reserve")),
         "moves": Assignment(("DD1",), ("K5", "L5"), required=False),
         "route": Route({"P4": ("O4",), "O4": ("P4", "N4"), "N4": ("O4",)}, origin="P4", maximum=3),
         "plot": Plot(("1", "2", "3"), Choice(("K5", "L5"))),
         "mission": Group({"target": Choice(("N6", "T11")), "planes": Integer(1, 9, label="Planes"),
                           "escorts": Several(("F1", "F2")), "box": Choice(("A", "B"))}, optional=("box",))}


def test_every_kind_with_parts_is_drawn_as_labelled_fields_not_json():
    _, form = draw(KINDS)
    kinds = {c["name"]: (c["tag"], c["type"]) for c in form.controls}
    assert not form.named("arg.carriers")[0]["tag"] == "textarea" and not any(c["tag"] == "textarea" for c in form.controls)
    assert [(c["type"], c["value"]) for c in form.named("arg.carriers")] == [
        ("checkbox", '"Enterprise"'), ("checkbox", '"Hornet"'), ("checkbox", '"Wasp"')]
    assert kinds["arg.allocation.F1"] == kinds["arg.allocation.B1"] == ("select", None)
    assert form.named("arg.allocation.F1")[0]["options"] == [('"cap"', False), ('"reserve"', False)]
    assert form.named("arg.moves.DD1")[0]["options"][0] == ("", False)          # not required: may stay put
    assert [kinds[f"arg.plot.{s}"] for s in "123"] == [("select", None)] * 3
    assert form.named("arg.plot.1")[0]["options"][0] == ("", False)             # "(no move)"
    assert kinds["arg.route"] == ("input", "text")
    assert kinds["arg.mission.target"] == ("select", None) and kinds["arg.mission.planes"] == ("input", "number")
    assert form.named("arg.mission.box")[0]["options"][0] == ("", False)        # optional: "(none)"
    assert [c["type"] for c in form.named("arg.mission.escorts")] == ["checkbox", "checkbox"]
    # Every control a player works has a label; the parts sit in a fieldset named after the argument.
    for c in form.controls:
        if c["type"] != "hidden":
            assert form.labels.get(c["id"]), f"{c['name']} has no label"
    assert form.labels["a0-allocation-0"] == "F1" and form.labels["a0-plot-0"] == "Segment 1"
    assert form.labels["a0-carriers-1"] == "Hornet" and form.labels["a0-mission-1"] == "Planes"
    assert {"Carriers", "Allocation", "Moves", "Plot", "Mission"} <= set(form.legends)


def test_the_fields_a_browser_posts_come_back_as_the_action_the_shape_check_accepts():
    prompt, form = draw(KINDS)
    posted = browser_post(form, [
        ("arg.target", J("T11")), ("arg.strikes", "2"), ("arg.escort", "true"),
        ("arg.carriers", J("Enterprise")), ("arg.carriers", J("Wasp")),
        ("arg.allocation.F1", J("cap")), ("arg.allocation.B1", J("reserve")), ("arg.moves.DD1", ""),
        ("arg.route", "O4, N4"), ("arg.plot.1", J("K5")), ("arg.plot.2", ""), ("arg.plot.3", J("L5")),
        ("arg.mission.target", J("N6")), ("arg.mission.planes", "4"), ("arg.mission.escorts", J("F2")),
        ("arg.mission.box", "")])
    action = read(prompt, posted)
    assert action == {"verb": "strike", "args": {
        "target": "T11", "strikes": 2, "escort": True, "carriers": ["Enterprise", "Wasp"],
        "allocation": {"F1": "cap", "B1": "reserve"}, "moves": {}, "route": ["O4", "N4"],
        "plot": {"1": "K5", "3": "L5"}, "mission": {"target": "N6", "planes": 4, "escorts": ["F2"]}}}
    assert check_action({"strike": KINDS}, action) == action["args"]


def test_each_kind_alone_round_trips_random_values_through_the_fields_a_browser_posts():
    from app.engine.rng import SeededRng

    rng = SeededRng(7)
    for name, order in KINDS.items():
        prompt, form = draw({name: order})
        for _ in range(10):
            value = order.random(rng)
            fields = list(_fields(f"arg.{name}", order, value))
            action = read(prompt, browser_post(form, fields))
            assert check_action({"strike": {name: order}}, action)
            assert action["args"].get(name, False if isinstance(order, Boolean) else None) == value, (name, fields)


def _fields(field, order, value):
    """The fields a person filling in the drawn form would leave for `value` (the test's own reading of the form)."""
    if isinstance(order, Several):
        return [(field, J(v)) for v in value]
    if isinstance(order, Boolean):
        return [(field, "true")] if value else []
    if isinstance(order, Integer):
        return [(field, str(value))]
    if isinstance(order, Route):
        return [(field, " ".join(value))]
    if isinstance(order, Assignment):
        return [(f"{field}.{i}", J(value[i]) if i in value else "") for i in order.ids]
    if isinstance(order, Plot):
        return [(f"{field}.{s}", J(value[s]) if s in value else "") for s in order.segments]
    if isinstance(order, Group):
        return [f for k, sub in order.fields.items() for f in
                (_fields(f"{field}.{k}", sub, value[k]) if k in value else [(f"{field}.{k}", "")])]
    if len(order.choices) == 1:
        return []  # a hidden field the form carries itself
    return [(field, J(value))]


def test_an_untouched_form_posts_its_defaults_and_they_pass_the_shape_check():
    orders = {"carriers": Several(("Enterprise", "Hornet"), 0, 2), "allocation": Assignment(("F1", "B1"), ("cap", "reserve")),
              "plot": Plot(("1", "2"), Choice(("K5", "L5"))), "route": Route({"P4": ("O4",), "O4": ("P4",)}, origin="P4")}
    default = {"carriers": ["Hornet"], "allocation": {"F1": "reserve", "B1": "cap"}, "plot": {"2": "L5"},
               "route": ["O4", "P4"]}
    prompt, form = draw(orders, info={"default": default})
    action = read(prompt, browser_post(form, form.as_drawn()))
    assert action["args"] == default and check_action({"strike": orders}, action)


def test_deeper_nesting_falls_back_to_json_under_its_hint():
    orders = {"raid": Group({"legs": Plot(("1", "2"), Several(("a", "b"))), "inner": Group({"x": Integer(0, 2)}),
                             "when": Choice(("day", "night"))}),
              "lists": Plot(("1",), Route({"A": ("B",), "B": ("A",)}))}
    prompt, form = draw(orders)
    boxes = {c["name"] for c in form.controls if c["tag"] == "textarea"}
    assert boxes == {"arg.raid.legs", "arg.raid.inner", "arg.lists"}
    assert any(h.startswith("JSON: for any segment of 1, 2: a list of") for h in _hints(prompt))
    posted = browser_post(form, [("arg.raid.when", J("night")), ("arg.raid.legs", J({"1": ["a", "b"]})),
                                 ("arg.raid.inner", J({"x": 2})), ("arg.lists", J({"1": ["A", "B"]}))])
    action = read(prompt, posted)
    assert action["args"] == {"raid": {"legs": {"1": ["a", "b"]}, "inner": {"x": 2}, "when": "night"},
                              "lists": {"1": ["A", "B"]}}
    assert check_action({"strike": orders}, action)


def _hints(prompt):
    p = Fields()
    p.feed(env.get_template("game/_prompt.html").render(
        m={"prompt": prompt, "game": {"id": "g1", "version": 4, "status": "active"}, "waiting": []}))
    return p.hints


def test_an_unreadable_part_is_refused_with_the_parts_name():
    import pytest

    from app.play.errors import BadRequest

    prompt, form = draw(KINDS)
    fields = [f for f in form.as_drawn() if f[0] != "arg.mission.planes"] + [("arg.mission.planes", "lots")]
    with pytest.raises(BadRequest, match="^Planes: that value cannot be read"):
        read(prompt, browser_post(form, fields))
