"""Typed orders: the small vocabulary every game's prompt uses to say what an order's arguments look like.

Each kind of argument is a frozen dataclass that can
  - publish itself as JSON (`to_json`, read back by `from_json`): what a prompt's ActionSpec `args` hold, so prompts
    stay plain JSON and the generic forms (templates/game/_prompt.html) draw from it;
  - publish a JSON Schema (`schema`), for the API, for clients and for tests;
  - check the shape of a submitted value (`check`), raising MalformedAction with a message that names the argument,
    before the rules judge legality (IllegalAction);
  - draw a random well-shaped value (`random`) from an engine Rng, for fuzzing and random play;
  - list its values when there are few (`values`), for `app.engine.testing.enumerate_actions`;
  - say in words what it wants (`describe`), the hint the generic form shows.

Shape is what a form could get wrong (a value not on the list, a step between spaces that do not touch, a number out
of range); whether the order is allowed now is the rules' business. A game keeps one record of its verbs' arguments
over their whole domain (`check_action`) and publishes in each prompt the values offered now (`Choice.only`).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from app.engine.errors import MalformedAction
from app.engine.rng import Rng
from app.engine.text import fault as text_fault

ENUMERATION_LIMIT = 200  # `values` gives up above this many; enumerate_actions then needs the game's random_action


def _title(name: str, label: str | None) -> str:
    words = name.replace("_", " ")  # not capitalize(): "Plots, TF 7" keeps the name as printed
    return label or words[:1].upper() + words[1:]


def _fail(name: str, label: str | None, text: str) -> MalformedAction:
    return MalformedAction(f"{_title(name, label)}: {text}")


def _show(value: Any) -> str:
    return f'"{value}"' if isinstance(value, str) else str(value).lower() if isinstance(value, bool) else str(value)


def _same(a: Any, b: Any) -> bool:
    """JSON equality: true is not 1 (Python says True == 1; JSON keeps booleans and numbers apart)."""
    return type(a) is type(b) and a == b if isinstance(a, bool) or isinstance(b, bool) else a == b


def _member(value: Any, items: Sequence[Any]) -> bool:
    if isinstance(value, str):  # a string equals only a string, so `in` (at C speed) asks the JSON question
        return value in items
    return any(_same(value, x) for x in items)


class Order:
    """Base of every argument kind. `label` is what a form calls the argument; None uses its name."""
    type: str = ""
    label: str | None

    def to_json(self) -> dict[str, Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    def schema(self) -> dict[str, Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    def check(self, value: Any, name: str = "value") -> Any:  # pragma: no cover - abstract
        """Return `value` if its shape fits, else raise MalformedAction naming the argument."""
        raise NotImplementedError

    def random(self, rng: Rng) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def values(self) -> list[Any] | None:
        """Every well-shaped value, or None when there are more than ENUMERATION_LIMIT (or no end)."""
        return None

    def describe(self) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def _base(self, **extra: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        if self.label:
            out["label"] = self.label
        out.update({k: v for k, v in extra.items() if v is not None})
        out["hint"] = self.describe()
        return out


def _labels_json(labels: Sequence[str] | None) -> list[str] | None:
    return list(labels) if labels else None


def _choice_text(choices: Sequence[Any], labels: Sequence[str] | None, most: int = 8) -> str:
    shown = [labels[i] if labels else _show(c) for i, c in enumerate(choices[:most])]
    return ", ".join(shown) + (f" and {len(choices) - most} more" if len(choices) > most else "")


@dataclass(frozen=True)
class Choice(Order):
    """One value from a list. `labels`, if given, names each choice for the form (same order)."""
    choices: tuple[Any, ...]
    labels: tuple[str, ...] | None = None
    label: str | None = None
    type = "choice"

    def __post_init__(self) -> None:
        object.__setattr__(self, "choices", tuple(self.choices))
        if self.labels is not None:
            object.__setattr__(self, "labels", tuple(self.labels))
            if len(self.labels) != len(self.choices):
                raise ValueError("a Choice needs one label per choice")

    def only(self, *values: Any) -> "Choice":
        """The same argument narrowed to the values offered now, labels kept (the prompt publishes this)."""
        for v in values:
            if not _member(v, self.choices):
                raise ValueError(f"{v!r} is not one of this argument's choices")
        keep = [i for i, c in enumerate(self.choices) if _member(c, values)]
        return Choice(tuple(self.choices[i] for i in keep),
                      tuple(self.labels[i] for i in keep) if self.labels else None, self.label)

    def label_of(self, value: Any) -> str:
        for i, c in enumerate(self.choices):
            if _same(c, value):
                return self.labels[i] if self.labels else str(c)
        return str(value)

    def to_json(self) -> dict[str, Any]:
        return self._base(choices=list(self.choices), labels=_labels_json(self.labels))

    def schema(self) -> dict[str, Any]:
        return {"enum": list(self.choices), **({"title": self.label} if self.label else {})}

    def check(self, value: Any, name: str = "value") -> Any:
        if not _member(value, self.choices):
            raise _fail(name, self.label, f"choose one of {_choice_text(self.choices, self.labels)}.")
        return value

    def random(self, rng: Rng) -> Any:
        return rng.choice(self.choices)

    def values(self) -> list[Any]:
        return list(self.choices)

    def describe(self) -> str:
        return f"one of {_choice_text(self.choices, self.labels)}"


@dataclass(frozen=True)
class Several(Order):
    """Several different values from a list, between `minimum` and `maximum` of them, in any order."""
    choices: tuple[Any, ...]
    minimum: int = 0
    maximum: int | None = None
    labels: tuple[str, ...] | None = None
    label: str | None = None
    type = "several"

    def __post_init__(self) -> None:
        object.__setattr__(self, "choices", tuple(self.choices))
        if self.labels is not None:
            object.__setattr__(self, "labels", tuple(self.labels))

    @property
    def most(self) -> int:
        return len(self.choices) if self.maximum is None else min(self.maximum, len(self.choices))

    def to_json(self) -> dict[str, Any]:
        return self._base(choices=list(self.choices), minimum=self.minimum, maximum=self.maximum,
                          labels=_labels_json(self.labels))

    def schema(self) -> dict[str, Any]:
        return {"type": "array", "items": {"enum": list(self.choices)}, "uniqueItems": True,
                "minItems": self.minimum, "maxItems": self.most}

    def check(self, value: Any, name: str = "value") -> Any:
        if not isinstance(value, list):
            raise _fail(name, self.label, f"give a list ({self.describe()}).")
        for v in value:
            if not _member(v, self.choices):
                which = "one of those chosen" if self.labels else _show(v)  # an id off a named list: not echoed
                raise _fail(name, self.label,
                            f"{which} is not on the list ({_choice_text(self.choices, self.labels)}).")
        if any(_same(a, b) for a, b in itertools.combinations(value, 2)):
            raise _fail(name, self.label, "choose each value at most once.")
        if not self.minimum <= len(value) <= self.most:
            raise _fail(name, self.label, f"choose {self._count()}, not {len(value)}.")
        return value

    def _count(self) -> str:
        return (f"exactly {self.minimum}" if self.minimum == self.most else
                f"at most {self.most}" if self.minimum == 0 else f"{self.minimum} to {self.most}")

    def random(self, rng: Rng) -> list[Any]:
        n = self.minimum + rng.die(self.most - self.minimum + 1) - 1
        return rng.shuffle(self.choices)[:n]

    def values(self) -> list[Any] | None:
        out: list[Any] = []
        for n in range(self.minimum, self.most + 1):
            for combo in itertools.combinations(self.choices, n):
                out.append(list(combo))
                if len(out) > ENUMERATION_LIMIT:
                    return None
        return out

    def describe(self) -> str:
        return f"a list of {self._count()} of {_choice_text(self.choices, self.labels)}, each at most once"


@dataclass(frozen=True)
class Integer(Order):
    """A whole number from `minimum` to `maximum` (either end may be open)."""
    minimum: int | None = None
    maximum: int | None = None
    label: str | None = None
    type = "integer"

    def to_json(self) -> dict[str, Any]:
        return self._base(minimum=self.minimum, maximum=self.maximum)

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "integer"}
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out

    def check(self, value: Any, name: str = "value") -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _fail(name, self.label, f"give a whole number ({self.describe()}).")
        if (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
            raise _fail(name, self.label, f"{value} is out of range ({self.describe()}).")
        return value

    def random(self, rng: Rng) -> int:
        lo = self.minimum if self.minimum is not None else (self.maximum - 10 if self.maximum is not None else 0)
        hi = self.maximum if self.maximum is not None else lo + 10
        return lo + rng.die(hi - lo + 1) - 1

    def values(self) -> list[int] | None:
        if self.minimum is None or self.maximum is None or self.maximum - self.minimum >= ENUMERATION_LIMIT:
            return None
        return list(range(self.minimum, self.maximum + 1))

    def describe(self) -> str:
        if self.minimum is not None and self.maximum is not None:
            return f"a whole number from {self.minimum} to {self.maximum}"
        if self.minimum is not None:
            return f"a whole number, {self.minimum} or more"
        if self.maximum is not None:
            return f"a whole number, {self.maximum} or less"
        return "a whole number"


@dataclass(frozen=True)
class Boolean(Order):
    """Yes or no."""
    label: str | None = None
    type = "boolean"

    def to_json(self) -> dict[str, Any]:
        return self._base()

    def schema(self) -> dict[str, Any]:
        return {"type": "boolean"}

    def check(self, value: Any, name: str = "value") -> Any:
        if not isinstance(value, bool):
            raise _fail(name, self.label, "answer yes (true) or no (false).")
        return value

    def random(self, rng: Rng) -> bool:
        return rng.die(2) == 1

    def values(self) -> list[bool]:
        return [True, False]

    def describe(self) -> str:
        return "yes or no"


@dataclass(frozen=True)
class Assignment(Order):
    """Each of `ids` (units, counters) assigned to one of `choices` (boxes, missions): {id: choice}.

    With `required` every id must be assigned; otherwise an id left out keeps its place.
    """
    ids: tuple[str, ...]
    choices: tuple[Any, ...]
    required: bool = True
    labels: tuple[str, ...] | None = None
    label: str | None = None
    names: tuple[str, ...] | None = None  # each id's printed name, for the hint and a refusal (issue 34)
    type = "assignment"

    def __post_init__(self) -> None:
        object.__setattr__(self, "ids", tuple(self.ids))
        object.__setattr__(self, "choices", tuple(self.choices))
        if self.labels is not None:
            object.__setattr__(self, "labels", tuple(self.labels))
        _set_names(self)

    def to_json(self) -> dict[str, Any]:
        return self._base(ids=list(self.ids), choices=list(self.choices), required=self.required,
                          labels=_labels_json(self.labels), names=_labels_json(self.names))

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "object", "properties": {i: {"enum": list(self.choices)} for i in self.ids},
                               "additionalProperties": False}
        if self.required:
            out["required"] = list(self.ids)
        return out

    def check(self, value: Any, name: str = "value") -> Any:
        if not isinstance(value, dict):
            raise _fail(name, self.label, f"give {self.describe()}.")
        for k, v in value.items():
            if k not in self.ids:
                raise _fail(name, self.label, f"{_off_list(self, k)} is not one of {_choice_text(self.ids, self.names)}.")
            if not _member(v, self.choices):
                raise _fail(name, self.label, f"{_name_of(self, k)}: choose one of "
                                              f"{_choice_text(self.choices, self.labels)}.")
        missing = [i for i in self.ids if i not in value]
        if self.required and missing:
            more = " and more" if len(missing) > 5 else ""
            raise _fail(name, self.label, f"assign {', '.join(_name_of(self, i) for i in missing[:5])}{more} too.")
        return value

    def random(self, rng: Rng) -> dict[str, Any]:
        ids = self.ids if self.required else [i for i in self.ids if rng.die(2) == 1]
        return {i: rng.choice(self.choices) for i in ids}

    def values(self) -> list[dict[str, Any]] | None:
        return _by_id(self.ids, [list(self.choices) if self.required else [*self.choices, _UNSET] for _ in self.ids])

    def describe(self) -> str:
        return (f"for {'each' if self.required else 'any'} of {_choice_text(self.ids, self.names)}: "
                f"one of {_choice_text(self.choices, self.labels)}")


def _set_names(order: Any) -> None:
    if order.names is not None:
        object.__setattr__(order, "names", tuple(order.names))
        if order.ids is None or len(order.names) != len(order.ids):
            raise ValueError("names need one name per id")


def _off_list(order: Any, key: Any) -> str:
    """A key posted off the list, echoed only where ids are the names (a piece not offered has no name here)."""
    return "that" if order.names else _show(key)


def _name_of(order: Any, key: str) -> str:
    """A piece by its printed name where the order knows it, else by its id (a piece named in play)."""
    if order.names and order.ids is not None and key in order.ids:
        return order.names[order.ids.index(key)]
    return str(key)


_UNSET = object()


def _by_id(ids: Sequence[Any], options: list[list[Any]]) -> list[dict[str, Any]] | None:
    """Every {id: value} with each id's value from its options (_UNSET leaves the id out), or None above
    ENUMERATION_LIMIT."""
    total = 1
    for o in options:
        total *= len(o)
        if total > ENUMERATION_LIMIT:
            return None
    return [{i: v for i, v in zip(ids, combo) if v is not _UNSET} for combo in itertools.product(*options)]


@dataclass(frozen=True)
class Path(Order):
    """A route over a map: a list of space ids, each one step from the one before.

    `steps` maps each space to the spaces one step away (a hex grid's neighbours, a graph's edges). With `origin` the
    value lists the spaces entered after it (a movement or flight from a known place); without, the whole route, and
    its first space is any space. `minimum`/`maximum` count the spaces listed.
    """
    steps: Mapping[str, tuple[str, ...]]
    origin: str | None = None
    minimum: int = 1
    maximum: int | None = None
    label: str | None = None
    type = "path"

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", {k: tuple(v) for k, v in self.steps.items()})
        if self.origin is not None and self.origin not in self.steps:
            raise ValueError(f"the origin {self.origin!r} is not a space of this map")

    def __hash__(self) -> int:
        return hash((tuple(sorted(self.steps)), self.origin, self.minimum, self.maximum))

    def to_json(self) -> dict[str, Any]:
        return self._base(steps={k: list(v) for k, v in self.steps.items()}, origin=self.origin,
                          minimum=self.minimum, maximum=self.maximum)

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array", "items": {"enum": sorted(self.steps)}, "minItems": self.minimum,
                               "description": "each space one step from the one before"
                                              + (f" (the first from {self.origin})" if self.origin else "")}
        if self.maximum is not None:
            out["maxItems"] = self.maximum
        return out

    def check(self, value: Any, name: str = "value") -> Any:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise _fail(name, self.label, f"give {self.describe()}.")
        for v in value:
            if v not in self.steps:
                raise _fail(name, self.label, f"{_show(v)} is not a space on the map.")
        if len(value) < self.minimum or (self.maximum is not None and len(value) > self.maximum):
            raise _fail(name, self.label, f"the route has {len(value)} spaces; {self._count()}.")
        prev = self.origin
        for v in value:
            if prev is not None and v not in self.steps[prev]:
                raise _fail(name, self.label, f"{v} is not one step from {prev}.")
            prev = v
        return value

    def _count(self) -> str:
        if self.maximum is None:
            return f"it needs at least {self.minimum}"
        return f"it needs exactly {self.minimum}" if self.minimum == self.maximum else \
            f"it needs {self.minimum} to {self.maximum}"

    def random(self, rng: Rng) -> list[str]:
        """A random walk; it stops early where a space leads nowhere (then it may be shorter than `minimum`)."""
        most = self.maximum if self.maximum is not None else self.minimum + 5
        n = self.minimum + rng.die(most - self.minimum + 1) - 1
        out: list[str] = []
        here = self.origin
        for _ in range(n):
            options = list(self.steps[here]) if here is not None else sorted(self.steps)
            if not options:
                break
            here = rng.choice(options)
            out.append(here)
        return out

    def describe(self) -> str:
        start = f"starting one step from {self.origin}" if self.origin else "starting anywhere"
        most = f"at most {self.maximum}" if self.maximum is not None else "any number of"
        return f"a route of {most} spaces (at least {self.minimum}), {start}, each one step from the one before"


@dataclass(frozen=True)
class Plot(Order):
    """A plan with one entry per segment (a movement plot): {segment: value}, each value of the kind `each`.

    With `required` every segment needs an entry; otherwise a segment left out means no move in it.
    """
    segments: tuple[str, ...]
    each: Order
    required: bool = False
    label: str | None = None
    type = "plot"

    def __post_init__(self) -> None:
        object.__setattr__(self, "segments", tuple(str(s) for s in self.segments))

    def to_json(self) -> dict[str, Any]:
        return self._base(segments=list(self.segments), each=self.each.to_json(), required=self.required)

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "object", "properties": {s: self.each.schema() for s in self.segments},
                               "additionalProperties": False}
        if self.required:
            out["required"] = list(self.segments)
        return out

    def check(self, value: Any, name: str = "value") -> Any:
        if not isinstance(value, dict):
            raise _fail(name, self.label, f"give {self.describe()}.")
        for seg, v in value.items():
            if seg not in self.segments:
                raise _fail(name, self.label,
                            f"there is no segment {_show(seg)} (segments: {', '.join(self.segments)}).")
            self.each.check(v, f"{_title(name, self.label)}, segment {seg}")
        missing = [s for s in self.segments if s not in value]
        if self.required and missing:
            raise _fail(name, self.label, f"plot segment {', '.join(missing)} too.")
        return value

    def random(self, rng: Rng) -> dict[str, Any]:
        segs = self.segments if self.required else [s for s in self.segments if rng.die(2) == 1]
        return {s: self.each.random(rng) for s in segs}

    def values(self) -> list[dict[str, Any]] | None:
        each = self.each.values()
        if each is None:
            return None
        options = [each if self.required else [*each, _UNSET] for _ in self.segments]
        total = 1
        for o in options:
            total *= len(o)
            if total > ENUMERATION_LIMIT:
                return None
        return [{s: v for s, v in zip(self.segments, combo) if v is not _UNSET}
                for combo in itertools.product(*options)]

    def describe(self) -> str:
        return (f"for {'each' if self.required else 'any'} segment of {', '.join(self.segments)}: "
                f"{self.each.describe()}")


@dataclass(frozen=True)
class Group(Order):
    """Named parts, each of its own kind: {name: value}. Names in `optional` may be left out."""
    fields: Mapping[str, Order]
    optional: tuple[str, ...] = ()
    label: str | None = None
    type = "group"

    def __post_init__(self) -> None:
        object.__setattr__(self, "fields", dict(self.fields))
        object.__setattr__(self, "optional", tuple(self.optional))

    def __hash__(self) -> int:
        return hash((tuple(self.fields), self.optional, self.label))

    def to_json(self) -> dict[str, Any]:
        return self._base(fields={k: v.to_json() for k, v in self.fields.items()},
                          optional=list(self.optional) or None)

    def schema(self) -> dict[str, Any]:
        return {"type": "object", "properties": {k: v.schema() for k, v in self.fields.items()},
                "required": [k for k in self.fields if k not in _omittable(self.fields, self.optional)],
                "additionalProperties": False}

    def check(self, value: Any, name: str = "value") -> Any:
        if not isinstance(value, dict):
            raise _fail(name, self.label, f"give {self.describe()}.")
        return check_args(self.fields, value, self.optional, within=_title(name, self.label))

    def random(self, rng: Rng) -> dict[str, Any]:
        optional = _omittable(self.fields, self.optional)
        return {k: v.random(rng) for k, v in self.fields.items() if k not in optional or rng.die(2) == 1}

    def values(self) -> list[dict[str, Any]] | None:
        return _product(self.fields, self.optional)

    def describe(self) -> str:
        return "; ".join(f"{_title(k, v.label)}: {v.describe()}" for k, v in self.fields.items())


@dataclass(frozen=True)
class Repeated(Order):
    """A list of values of one kind (the task forces a side forms, the air missions it flies), `minimum`..`maximum`
    long. Unlike `several` the items are not drawn from a list: each is a value of the kind `each`, often a group."""
    each: Order
    minimum: int = 0
    maximum: int | None = None
    label: str | None = None
    type = "repeated"

    def to_json(self) -> dict[str, Any]:
        return self._base(each=self.each.to_json(), minimum=self.minimum, maximum=self.maximum)

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array", "items": self.each.schema(), "minItems": self.minimum}
        if self.maximum is not None:
            out["maxItems"] = self.maximum
        return out

    def check(self, value: Any, name: str = "value") -> Any:
        if not isinstance(value, list):
            raise _fail(name, self.label, f"give a list ({self.describe()}).")
        if len(value) < self.minimum or (self.maximum is not None and len(value) > self.maximum):
            most = "" if self.maximum is None else f" and at most {self.maximum}"
            raise _fail(name, self.label, f"give at least {self.minimum}{most}, not {len(value)}.")
        for i, v in enumerate(value):
            self.each.check(v, f"{_title(name, self.label)}, item {i + 1}")
        return value

    def random(self, rng: Rng) -> list[Any]:
        most = self.maximum if self.maximum is not None else self.minimum + 3
        return [self.each.random(rng) for _ in range(self.minimum + rng.die(most - self.minimum + 1) - 1)]

    def values(self) -> list[list[Any]] | None:
        each = self.each.values()
        if each is None or self.maximum is None:
            return None
        out: list[list[Any]] = []
        for n in range(self.minimum, self.maximum + 1):
            for combo in itertools.product(each, repeat=n):
                out.append(list(combo))
                if len(out) > ENUMERATION_LIMIT:
                    return None
        return out

    def describe(self) -> str:
        most = f"at most {self.maximum}" if self.maximum is not None else "any number of"
        return f"a list of {most} items (at least {self.minimum}), each {self.each.describe()}"


@dataclass(frozen=True)
class Keyed(Order):
    """{id: value} for any of `ids` (task forces, transports), each value of the kind `each` (a group, a choice).

    `ids` None accepts any id: the whole domain of pieces a game names as they are made (a task force formed in
    play); the prompt then publishes the ids offered now. An id left out is not ordered."""
    each: Order
    ids: tuple[str, ...] | None = None
    label: str | None = None
    names: tuple[str, ...] | None = None  # each id's printed name, for the hint and a refusal (issue 34)
    type = "keyed"

    def __post_init__(self) -> None:
        if self.ids is not None:
            object.__setattr__(self, "ids", tuple(self.ids))
        _set_names(self)

    def to_json(self) -> dict[str, Any]:
        return self._base(each=self.each.to_json(), ids=None if self.ids is None else list(self.ids),
                          names=_labels_json(self.names))

    def schema(self) -> dict[str, Any]:
        if self.ids is None:
            return {"type": "object", "additionalProperties": self.each.schema()}
        return {"type": "object", "properties": {i: self.each.schema() for i in self.ids},
                "additionalProperties": False}

    def check(self, value: Any, name: str = "value") -> Any:
        if not isinstance(value, dict):
            raise _fail(name, self.label, f"give {self.describe()}.")
        for k, v in value.items():
            if self.ids is not None and k not in self.ids:
                raise _fail(name, self.label, f"{_off_list(self, k)} is not one of {_choice_text(self.ids, self.names)}.")
            self.each.check(v, f"{_title(name, self.label)}, {_name_of(self, k)}")
        return value

    def random(self, rng: Rng) -> dict[str, Any]:
        return {i: self.each.random(rng) for i in self.ids or () if rng.die(2) == 1}

    def values(self) -> list[dict[str, Any]] | None:
        each = self.each.values()
        if each is None or self.ids is None:
            return None
        return _by_id(self.ids, [[*each, _UNSET] for _ in self.ids])

    def describe(self) -> str:
        which = "any id" if self.ids is None else f"any of {_choice_text(self.ids, self.names)}"
        return f"for {which}: {self.each.describe()}"


@dataclass(frozen=True)
class Free(Order):
    """A value whose parts the rules read and check themselves, citing their rule (a game's standing orders for its
    combat procedures, an id of a piece made in play): the shape says nothing more. Use sparingly: what a form draws
    should be one of the kinds above."""
    description: str = "a value the rules check"
    label: str | None = None
    type = "free"

    def to_json(self) -> dict[str, Any]:
        return self._base(description=self.description)

    def schema(self) -> dict[str, Any]:
        return {"description": self.description}

    def check(self, value: Any, name: str = "value") -> Any:
        return value

    def random(self, rng: Rng) -> Any:
        return None

    def values(self) -> list[Any]:
        return [None]

    def describe(self) -> str:
        return self.description


@dataclass(frozen=True)
class Text(Order):
    """Words as the player wrote them (a radio note): never read as a number or as JSON, whatever they say."""
    max_length: int = 200
    label: str | None = None
    type = "string"

    def to_json(self) -> dict[str, Any]:
        return self._base(maxLength=self.max_length)

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "minLength": 1, "maxLength": self.max_length,
                **({"title": self.label} if self.label else {})}

    def check(self, value: Any, name: str = "value") -> Any:
        if not isinstance(value, str) or not value.strip() or len(value) > self.max_length:
            raise _fail(name, self.label, f"write 1 to {self.max_length} characters.")
        why = text_fault(value)
        if why:  # what no page could show is never stored, whoever sent it (app/engine/text.py)
            raise _fail(name, self.label, f"{why}.")
        return value

    def random(self, rng: Rng) -> str:
        return "".join(rng.choice("abcdefghij0123456789 ") for _ in range(rng.die(20))).strip() or "x"

    def describe(self) -> str:
        return f"text, up to {self.max_length} characters"


@dataclass(frozen=True)
class Optional(Order):
    """An argument (or a group's part) that may be left out; when given, a value of the kind `each`."""
    each: Order
    label: str | None = None
    type = "optional"

    def to_json(self) -> dict[str, Any]:
        return self._base(each=self.each.to_json())

    def schema(self) -> dict[str, Any]:
        return self.each.schema()

    def check(self, value: Any, name: str = "value") -> Any:
        return self.each.check(value, _title(name, self.label))

    def random(self, rng: Rng) -> Any:
        return self.each.random(rng)

    def values(self) -> list[Any] | None:
        return self.each.values()

    def describe(self) -> str:
        return f"optional: {self.each.describe()}"


def _omittable(orders: Mapping[str, Order], optional: Iterable[str] = ()) -> set[str]:
    """The names that may be left out: listed as optional, or wrapped in `Optional`."""
    return set(optional) | {k for k, v in orders.items() if isinstance(v, Optional)}


KINDS: dict[str, type[Order]] = {k.type: k for k in (Choice, Several, Integer, Boolean, Assignment, Path, Plot, Group,
                                                     Repeated, Keyed, Free, Text, Optional)}


def from_json(spec: Any) -> Order | None:
    """The typed order a JSON argument spec describes, or None if it is not one (e.g. an older prose spec)."""
    if not isinstance(spec, dict) or spec.get("type") not in KINDS:
        return None
    kind, label = spec["type"], spec.get("label")
    labels = tuple(spec["labels"]) if spec.get("labels") else None
    names = tuple(spec["names"]) if spec.get("names") else None  # an Assignment's or Keyed's ids, printed
    try:
        if kind == "choice":
            choices = [c["value"] if isinstance(c, dict) and "value" in c else c for c in spec["choices"]]
            if labels is None and any(isinstance(c, dict) and "label" in c for c in spec["choices"]):
                labels = tuple(c.get("label", str(c.get("value"))) for c in spec["choices"])
            return Choice(tuple(choices), labels, label)
        if kind == "several":
            return Several(tuple(spec["choices"]), spec.get("minimum", 0), spec.get("maximum"), labels, label)
        if kind == "integer":
            return Integer(spec.get("minimum"), spec.get("maximum"), label)
        if kind == "boolean":
            return Boolean(label)
        if kind == "assignment":
            return Assignment(tuple(spec["ids"]), tuple(spec["choices"]), spec.get("required", True), labels, label,
                              names)
        if kind == "path":
            return Path(spec["steps"], spec.get("origin"), spec.get("minimum", 1), spec.get("maximum"), label)
        if kind == "plot":
            each = from_json(spec["each"])
            return None if each is None else Plot(tuple(spec["segments"]), each, spec.get("required", False), label)
        if kind in ("repeated", "keyed", "optional"):
            each = from_json(spec["each"])
            if each is None:
                return None
            if kind == "repeated":
                return Repeated(each, spec.get("minimum", 0), spec.get("maximum"), label)
            if kind == "keyed":
                return Keyed(each, None if spec.get("ids") is None else tuple(spec["ids"]), label, names)
            return Optional(each, label)
        if kind == "free":
            return Free(spec.get("description") or "a value the rules check", label)
        if kind == "string":
            return Text(spec.get("maxLength") or 200, label)
        fields = {k: from_json(v) for k, v in spec["fields"].items()}
        if any(v is None for v in fields.values()):
            return None
        return Group(fields, tuple(spec.get("optional") or ()), label)  # type: ignore[arg-type]
    except (KeyError, TypeError, ValueError):
        return None


def typed_args(spec: Mapping[str, Any]) -> dict[str, Order] | None:
    """An ActionSpec's arguments as typed orders, or None if any of them is not typed."""
    out: dict[str, Order] = {}
    for name, arg in (spec.get("args") or {}).items():
        order = arg if isinstance(arg, Order) else from_json(arg)
        if order is None:
            return None
        out[name] = order
    return out


def check_args(orders: Mapping[str, Order], args: Any, optional: Iterable[str] = (), within: str | None = None
               ) -> dict[str, Any]:
    """Check an action's `args` against its orders: an object with exactly these names, each well shaped."""
    where = f"{within}: " if within else ""
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise MalformedAction(f"{where}the order's arguments must be named (an object).")
    for k in args:
        if k not in orders:
            raise MalformedAction(f"{where}this order takes no argument {k!r}.")
    optional = _omittable(orders, optional)
    for k, order in orders.items():
        if k not in args:
            if k in optional:
                continue
            raise MalformedAction(f"{where}{_title(k, order.label)} is missing.")
        order.check(args[k], f"{within}, {_title(k, order.label).lower()}" if within else k)
    return args


def check_action(verbs: Mapping[str, Mapping[str, Order]], action: Any) -> dict[str, Any]:
    """Check an action's shape against a game's record of its verbs: a known verb, and its arguments each well shaped.

    The record covers each verb's whole domain (every front, every hex); whether the order is allowed now is left to
    the rules, so "attack a stalled front" stays an IllegalAction citing its rule."""
    if not isinstance(action, dict) or not isinstance(action.get("verb"), str):
        raise MalformedAction("An order needs a verb.")
    verb = action["verb"]
    if verb not in verbs:
        raise MalformedAction(f"There is no order {verb!r} in this game.")
    return check_args(verbs[verb], action.get("args"))


def _product(orders: Mapping[str, Order], optional: Iterable[str] = ()) -> list[dict[str, Any]] | None:
    optional = _omittable(orders, optional)
    names, options = [], []
    for k, order in orders.items():
        vals = order.values()
        if vals is None:
            return None
        names.append(k)
        options.append([*vals, _UNSET] if k in optional else vals)
    out: list[dict[str, Any]] = []
    for combo in itertools.product(*options):
        out.append({k: v for k, v in zip(names, combo) if v is not _UNSET})
        if len(out) > ENUMERATION_LIMIT:
            return None
    return out


def enumerate_spec(spec: Mapping[str, Any]) -> list[dict[str, Any]] | None:
    """Every action one typed ActionSpec allows, or None if its arguments are not typed or too many."""
    orders = typed_args(spec)
    if orders is None:
        return None
    combos = _product(orders)
    return None if combos is None else [{"verb": spec["verb"], "args": c} for c in combos]


def random_args(spec: Mapping[str, Any], rng: Rng) -> dict[str, Any] | None:
    """A random well-shaped (not necessarily legal) action for one typed ActionSpec; None if it is not typed."""
    orders = typed_args(spec)
    if orders is None:
        return None
    return {"verb": spec["verb"], "args": {k: v.random(rng) for k, v in orders.items()}}


def action_schema(spec: Mapping[str, Any]) -> dict[str, Any] | None:
    """The JSON Schema of the actions one ActionSpec allows; None if its arguments are not typed."""
    orders = typed_args(spec)
    if orders is None:
        return None
    args = {"type": "object", "properties": {k: v.schema() for k, v in orders.items()},
            "required": [k for k in orders if k not in _omittable(orders)], "additionalProperties": False}
    out: dict[str, Any] = {"type": "object", "properties": {"verb": {"const": spec["verb"]}, "args": args},
                           "required": ["verb"] + (["args"] if orders else []), "additionalProperties": False}
    if spec.get("label"):
        out["title"] = spec["label"]
    return out


def prompt_schema(prompt: Mapping[str, Any]) -> dict[str, Any] | None:
    """The JSON Schema of every action a prompt allows (any one of its ActionSpecs); None if any spec is untyped."""
    schemas = [action_schema(spec) for spec in prompt.get("actions", [])]
    if any(s is None for s in schemas):
        return None
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "anyOf": schemas}


def args_json(orders: Mapping[str, Order]) -> dict[str, Any]:
    """The `args` of an ActionSpec: each typed order as JSON."""
    return {k: v.to_json() for k, v in orders.items()}


__all__ = ["Assignment", "Boolean", "Choice", "Free", "Group", "Integer", "Keyed", "Optional", "Order", "Path", "Plot",
           "Repeated", "Several", "action_schema",
           "args_json", "check_action", "check_args", "enumerate_spec", "from_json", "prompt_schema", "random_args",
           "typed_args"]
