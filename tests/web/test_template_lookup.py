"""The templates' `obj.name` on a plain dict, looked up key first (app/web/templating.py `_getattr`), draws exactly
what Jinja's own lookup draws: a page reads the same whichever way it was found."""
from __future__ import annotations

from collections import OrderedDict

import pytest

from app.web import templating


def drawn(source: str, **context) -> str:
    return templating.env.from_string(source).render(**context)


@pytest.mark.parametrize("source, context", [
    ("{{ x.name }}", {"x": {"name": "Task Force 64"}}),
    ("[{{ x.name }}]", {"x": {}}),  # a missing key: undefined, drawn as nothing
    ("{{ x.items is defined }} {{ x['items'] }}", {"x": {"items": 3}}),  # a key named like a dict method: the method
    ("{{ x.keys is callable }}", {"x": {"keys": "not this"}}),
    ("{{ x.count }}", {"x": OrderedDict(count=2)}),  # a dict's subclass: Jinja's own lookup
    ("{{ x.count }}", {"x": [1, 2]}),  # a list's method
])
def test_a_dict_key_is_drawn_as_jinja_draws_it(source, context):
    templating.env.getattr, fast = templating._jinja_getattr, templating.env.getattr
    try:
        expected = drawn(source, **context)
    finally:
        templating.env.getattr = fast
    assert drawn(source, **context) == expected


def test_a_dict_method_is_not_taken_for_the_key():
    assert drawn("{{ x.items is callable }}", x={"items": 3}) == "True"
    assert drawn("{{ x.get('a') }}", x={"a": "ok", "get": "not this"}) == "ok"
