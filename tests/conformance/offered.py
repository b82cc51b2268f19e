"""Offered means legal (issue 34 item 2): every single value a prompt offers is one the rules accept, with the rest
of the order as the prompt's default gives it, so a refusal is for a combination, never for one offered value.

The variants of an order's arguments, one offered value at a time: each value of a choice, an integer in its range,
a boolean; each value of a `several` taken alone (or added to the default's); each id of an assignment or keyed
argument given each of its values; each field of a group in turn (a field the default leaves out given each of its values, alone). Paths, plots, repeated rows and free text are
left to the game's own tests (their single steps are not orders)."""
from __future__ import annotations

import copy
from typing import Any, Iterator

from app.engine import orders as kinds

SIMPLE = (kinds.Choice, kinds.Integer, kinds.Boolean, kinds.Several)  # parts whose single values stand alone
MOST = 24  # values tried per argument: the offered list, thinned evenly when longer


def _thin(values: list[Any]) -> list[Any]:
    if len(values) <= MOST:
        return values
    step = len(values) / MOST
    return [values[int(i * step)] for i in range(MOST)]


def singles(order: kinds.Order, default: Any) -> Iterator[tuple[str, Any]]:
    """(what, value): the argument with one offered value changed from `default`."""
    if isinstance(order, kinds.Optional):
        yield from singles(order.each, default)
    elif isinstance(order, (kinds.Choice, kinds.Integer, kinds.Boolean)):
        for v in _thin(order.values() or []):
            yield repr(v), v
    elif isinstance(order, kinds.Several):
        base = list(default or [])
        for v in _thin(list(order.choices)):
            if v in base:
                continue
            value = base + [v] if order.maximum is None or len(base) < order.maximum else base[:-1] + [v]
            if len(value) >= order.minimum:
                yield repr(v), value
    elif isinstance(order, kinds.Assignment):
        base = dict(default or {})
        for i in _thin(list(order.ids)):
            for c in order.choices:
                yield f"{i}={c!r}", {**base, i: c}
    elif isinstance(order, kinds.Keyed) and order.ids is not None:
        base = dict(default or {})
        for i in _thin(list(order.ids)):
            inner = base.get(i)
            if inner is None:
                continue
            for what, v in singles(order.each, inner):
                yield f"{i}.{what}", {**base, i: v}
    elif isinstance(order, kinds.Group) and isinstance(default, dict):
        for name, part in order.fields.items():
            if name in default:
                for what, v in singles(part, default[name]):
                    yield f"{name}.{what}", {**default, name: v}
            elif name in order.optional and isinstance(part, SIMPLE):  # a part the default leaves out, given alone
                for what, v in singles(part, None):  # (beside the default's own parts it would be a combination:
                    yield f"{name}.{what}", {name: v}  # First Blood's attackers must each be next to every hex)


def variants(spec: dict[str, Any], base: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Orders of `spec`'s verb that differ from `base` (an accepted order of that verb) in one offered value."""
    typed = kinds.typed_args(spec) or {}
    for name, order in typed.items():
        if name not in base["args"]:
            continue
        for what, value in singles(order, base["args"][name]):
            if value == base["args"][name]:
                continue
            action = copy.deepcopy(base)
            action["args"][name] = value
            yield f"{name}: {what}", action
