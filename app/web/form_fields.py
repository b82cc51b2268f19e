"""Reading a page's order forms: the fields templates/game/_prompt.html (or a game's board) draws, read back into an
action by the prompt's typed argument spec (app/engine/orders.py). The rules judge legality; this only reads."""
from __future__ import annotations

import json
from typing import Any

from app.play.errors import BadRequest


def int_field(value: Any, name: str) -> int:
    try:
        return int(str(value))
    except (TypeError, ValueError):
        raise BadRequest(f"The form is missing its {name.replace('_', ' ')}. Reload the page.") from None


def _spec_for(prompt: dict[str, Any] | None, verb: str) -> dict[str, Any]:
    for spec in (prompt or {}).get("actions", []):
        if spec.get("verb") == verb:
            return spec
    return {}


def action_from_form(form, prompt: dict[str, Any] | None) -> dict[str, Any]:
    """Turn the form fields into an action, typed by the prompt's argument spec: `verb`, then for each argument
    the fields templates/game/_prompt.html draws for its kind (`arg.<name>`, `arg.<name>.<part>`, repeated
    `arg.<name>` for several choices), or a game's board draws: the rows of a repeated value
    (`arg.<name>.<row>.<part>`), the ids of a keyed one (`arg.<name>.<id>`, any id the form names when the spec
    takes any), a free value's parts (`arg.<name>.<part>`, each as written or as JSON). The rules check legality
    (and tidy what a board posts, the record's `tidy`); this only reads the values."""
    verb = str(form.get("verb") or "")
    if not verb:
        raise BadRequest("The form has no order in it. Reload the page.")
    spec = _spec_for(prompt, verb).get("args") or {}
    args: dict[str, Any] = {}
    for name, arg in spec.items():
        value = _read(form, f"arg.{name}", arg if isinstance(arg, dict) else {}, name)
        if value is not _MISSING:
            args[name] = value
    # Fields for arguments the prompt does not list are read as JSON and left for the rules to refuse by name.
    for key, raw in form.multi_items():
        if key.startswith("arg.") and key[4:].split(".")[0] not in spec:
            args[key[4:]] = _loads(str(raw), {}, key[4:])
    return {"verb": verb, "args": args}


_MISSING = object()
_PARTS = ("assignment", "plot", "group")  # kinds drawn as parts `arg.<name>.<part>`, or as JSON when too deep
_SCALARS = ("choice", "free", "string", "integer", None)  # a repeated value of these may be one repeated field


def _keys(form, field: str) -> list[str]:
    """The parts posted under `field`: the first name after `field.` of every field that has one, in form order."""
    out: list[str] = []
    for key, _ in form.multi_items():
        if key.startswith(field + "."):
            part = key[len(field) + 1:].split(".")[0]
            if part and part not in out:
                out.append(part)
    return out


def _rows(form, field: str, arg: dict[str, Any], name: str) -> list[Any]:
    """A repeated value (a list): the rows `field.0`, `field.1` ... (each of the kind `each`, a group's parts under
    `field.<row>.<part>`), in row order; a row the form leaves wholly blank is no row. A scalar kind may instead be
    the one field `field` posted again and again (ticked boxes)."""
    each = arg.get("each") if isinstance(arg.get("each"), dict) else {}
    out = []
    for row in sorted((r for r in _keys(form, field) if r.isdigit()), key=int):
        value = _read(form, f"{field}.{row}", each, f"{name}, row {int(row) + 1}")
        if value is not _MISSING and value != {}:
            out.append(value)
    if each.get("type") in _SCALARS:
        for raw in form.getlist(field):
            if str(raw).strip():
                out.append(_scalar(str(raw), each, name))
    return out


def _keyed(form, field: str, arg: dict[str, Any], name: str) -> dict[str, Any]:
    """{id: value}: each id's fields under `field.<id>` (the ids the spec lists, or those the form names when the spec
    accepts any id); an id whose value is left blank is not ordered."""
    each = arg.get("each") if isinstance(arg.get("each"), dict) else {}
    ids = [str(i) for i in arg["ids"]] if arg.get("ids") is not None else _keys(form, field)
    _offered(form, field, ids, arg, name)
    out = {}
    for ident in ids:
        if form.get(f"{field}.{ident}") is None and not _keys(form, f"{field}.{ident}"):
            continue  # an id the board does not draw (or a client leaves out) is not ordered
        value = _read(form, f"{field}.{ident}", each, f"{name}, {ident}")
        if value is not _MISSING and value != {}:
            out[ident] = value
    return out


def _offered(form, field: str, parts: list[str], arg: dict[str, Any], name: str) -> None:
    """A part the board was not drawn with (an id or a segment the prompt does not offer) is a stale or altered page."""
    extra = [k for k in _keys(form, field) if k not in parts]
    if extra:
        raise BadRequest(f"{arg.get('label') or name.replace('_', ' ').capitalize()}: this board has no {extra[0]!r}. "
                         "Reload the page.")


def _scalar(raw: str, arg: dict[str, Any], name: str) -> Any:
    """One repeated value: a choice's value as JSON, a number, or an id the rules check (free) as written."""
    if arg.get("type") == "integer":
        try:
            return int(raw)
        except ValueError:
            raise _unreadable(arg, name) from None
    if arg.get("type") in ("free", "string"):
        try:
            return json.loads(raw)
        except ValueError:
            return raw  # a free value (a task force's id) is the rules' to judge, as written
    return _loads(raw, arg, name)


def _read(form, field: str, arg: dict[str, Any], name: str) -> Any:
    """One argument (or part) of the kind `arg` describes, from the fields named `field` or `field.<part>`;
    _MISSING if the form holds nothing for it (an optional part left blank)."""
    kind = arg.get("type")
    raw = form.get(field)
    if kind == "optional":  # the same fields as the kind it wraps; left out when blank
        return _read(form, field, arg.get("each") if isinstance(arg.get("each"), dict) else {}, name)
    if kind in ("repeated", "keyed"):
        posted = [str(v) for v in form.getlist(field)]
        if len(posted) == 1 and posted[0].lstrip()[:1] in ("[", "{"):
            return _loads(posted[0], arg, name)  # drawn as JSON (nested too deep for fields)
        if not any(v.strip() for v in posted) and not _keys(form, field):
            return _MISSING  # nothing posted for it
        return _rows(form, field, arg, name) if kind == "repeated" else _keyed(form, field, arg, name)
    if kind == "several":  # ticked boxes, each one value (a JSON list, from a client that sends one, is taken whole)
        ticked = [_loads(str(v), arg, name) for v in form.getlist(field)]
        return ticked[0] if len(ticked) == 1 and isinstance(ticked[0], list) else ticked
    if kind == "boolean":  # an unticked box sends nothing
        return raw is not None and str(raw) in ("true", "1", "on")
    if kind == "free" and raw is None:  # a value the rules read, drawn as parts: {part: value}, each as written
        keys = _keys(form, field)
        parts = {k: _read(form, f"{field}.{k}", arg, f"{name}, {k}") for k in keys}
        return {k: v for k, v in parts.items() if v is not _MISSING} if keys else _MISSING
    if kind in _PARTS:
        if raw is not None:  # drawn as JSON (nested too deep for fields)
            return _loads(str(raw), arg, name) if str(raw).strip() else _MISSING
        if kind == "assignment":
            parts = [(i, dict(arg, type="choice")) for i in arg.get("ids", [])]  # each id one of the choices
        elif kind == "plot":
            segments = [str(s) for s in arg.get("segments", [])]
            _offered(form, field, segments, arg, name)
            parts = [(s, arg.get("each") or {}) for s in segments]
        else:
            parts = list((arg.get("fields") or {}).items())
        out = {}
        for part, sub in parts:
            value = _read(form, f"{field}.{part}", sub if isinstance(sub, dict) else {}, f"{name}, {part}")
            if value is not _MISSING:
                out[str(part)] = value
        return out
    if raw is None:
        return _MISSING
    raw = str(raw)
    if kind is None:  # an older prose spec: the field holds JSON (blank: null), as the form drew it
        return _loads(raw, arg, name)
    if kind != "string" and not raw.strip():
        return _MISSING  # a blank choice ("no move", "(none)") or an empty number
    if kind == "path" and not raw.lstrip().startswith("["):  # "P4, O4" or "P4 O4": the spaces in order
        return [s for s in raw.replace(",", " ").split()]
    if kind == "integer":
        try:
            return int(raw)
        except ValueError:
            raise _unreadable(arg, name) from None
    if kind == "string":
        return raw
    if kind == "free":
        return _scalar(raw, arg, name)
    return _loads(raw, arg, name)


def _loads(raw: str, arg: dict[str, Any], name: str) -> Any:
    """A value as JSON; for a choice, its own text too (a board may draw `value="K"` rather than `value='"K"'`)."""
    values = [c["value"] if isinstance(c, dict) and "value" in c else c for c in arg.get("choices") or []]
    try:
        value = json.loads(raw) if raw.strip() else None
    except ValueError:
        if raw in values:
            return raw
        raise _unreadable(arg, name) from None
    if raw in values and not any(type(v) is type(value) and v == value for v in values):
        return raw  # the text "1" among text choices, not the number 1
    return value


def _unreadable(arg: dict[str, Any], name: str) -> BadRequest:
    return BadRequest(f"{arg.get('label') or name.replace('_', ' ').capitalize()}: that value cannot be read.")
