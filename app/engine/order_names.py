"""Printed names for a game's orders over their whole domain (issue 34): each keyed or assigned id, and each id in a
list to choose from, named as a player reads it, once for every verb, so hints and refusals never show an id."""
from __future__ import annotations

import dataclasses
from typing import Any, Mapping, Sequence

from app.engine.orders import Assignment, Choice, Group, Keyed, Optional, Order, Plot, Repeated, Several


def named(order: Order, names: Mapping[str, str]) -> Order:
    """`order` with its pieces named as a player reads them (issue 34): every keyed or assigned list of ids, and
    every list of ids to choose several from, takes its names from `names` where it has none and `names` knows them
    all. A game's orders over their whole domain name their pieces once, here, not at each verb."""
    def known(ids: Sequence[Any] | None) -> bool:
        return ids is not None and len(ids) > 0 and all(isinstance(i, str) and i in names for i in ids)
    if isinstance(order, (Keyed, Assignment)):
        if order.names is None and known(order.ids):
            order = dataclasses.replace(order, names=tuple(names[i] for i in order.ids))
        if isinstance(order, Keyed):
            order = dataclasses.replace(order, each=named(order.each, names))
        return order
    if isinstance(order, (Several, Choice)):
        if order.labels is None and known(order.choices):
            return dataclasses.replace(order, labels=tuple(names[c] for c in order.choices))
        return order
    if isinstance(order, (Optional, Repeated, Plot)):
        return dataclasses.replace(order, each=named(order.each, names))
    if isinstance(order, Group):
        return dataclasses.replace(order, fields={k: named(v, names) for k, v in order.fields.items()})
    return order


def named_verbs(verbs: Mapping[str, Mapping[str, Order]], names: Mapping[str, str]) -> dict[str, dict[str, Order]]:
    """Every argument of every verb `named` (see there)."""
    return {verb: {arg: named(order, names) for arg, order in args.items()} for verb, args in verbs.items()}
