"""A game's tables: TOML files in which every value carries its provenance, checked when they are loaded.

A record is a TOML table (`[name]` or one `[[name]]` entry). Each value in it is covered by a provenance:
  - the record's own `provenance`, or
  - a `<key>_provenance` beside it, or a `<prefix>_provenance` where the key starts with `<prefix>_`
    (`land_provenance` covers `land_success_from`), or
  - the `provenance` of the record that holds it (a nested table inherits its parent's).
A provenance is a string, or a list of strings (one per cell of a printed row), starting "printed ", "example " or
"reconstructed: " (what the rulebook prints, what one of its examples shows, or what we had to rebuild and how).

A file that breaks this does not load: `DataError` names the file, the record and the key. The game never runs on
a table whose source nobody can check.
"""
from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any, Iterator

PROVENANCE = re.compile(r"^(printed |example |reconstructed: )\S")
KINDS = ("printed ", "example ", "reconstructed: ")


class DataError(ValueError):
    """A data file that cannot be trusted: unreadable TOML, a value without provenance, a malformed provenance."""


def is_provenance_key(key: str) -> bool:
    return key == "provenance" or key.endswith("_provenance")


def load(path: str | Path) -> dict[str, Any]:
    """Read one TOML file and check that every value carries its provenance."""
    path = Path(path)
    try:
        with open(path, "rb") as f:
            doc = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise DataError(f"{path.name}: {e}") from None
    check(doc, path.name)
    return doc


def load_all(folder: str | Path, *names: str) -> dict[str, dict[str, Any]]:
    """Load `<folder>/<name>.toml` for each name: {name: document}."""
    return {n: load(Path(folder) / f"{n}.toml") for n in names}


def check(doc: dict[str, Any], where: str = "data") -> None:
    """Raise DataError unless every value of `doc` is covered by a well-formed provenance."""
    _check_record(doc, where, inherited=None)


def _check_record(rec: dict[str, Any], where: str, inherited: Any) -> None:
    own = rec.get("provenance")
    for k, v in rec.items():
        if is_provenance_key(k):
            _check_provenance(v, f"{where}.{k}")
    here = own if own is not None else inherited
    for k, v in rec.items():
        if is_provenance_key(k):
            continue
        if isinstance(v, dict):
            _check_record(v, f"{where}.{k}", here)
        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            for i, x in enumerate(v):
                label = x.get("id", x.get("roll", i))
                _check_record(x, f"{where}.{k}[{label}]", here)
        elif here is None and covering_key(rec, k) is None:
            raise DataError(f"{where}: {k} has no provenance (add provenance, {k}_provenance, or a provenance "
                            f"on the table that holds it)")


def _check_provenance(p: Any, where: str) -> None:
    items = p if isinstance(p, list) else [p]
    if not items:
        raise DataError(f"{where}: an empty provenance")
    for x in items:
        if not isinstance(x, str) or not PROVENANCE.match(x):
            raise DataError(f"{where}: a provenance starts {', '.join(repr(k) for k in KINDS)} and says what it "
                            f"rests on, not {x!r}")


def covering_key(rec: dict[str, Any], key: str) -> str | None:
    """The provenance key of `rec` that covers `key`: the most specific of `<key>_provenance`, a `<prefix>_provenance`
    whose prefix starts the key, and `provenance`."""
    if f"{key}_provenance" in rec:
        return f"{key}_provenance"
    prefixes = [k[: -len("_provenance")] for k in rec if k.endswith("_provenance")]
    best = max((p for p in prefixes if key.startswith(p + "_")), key=len, default=None)
    if best is not None:
        return f"{best}_provenance"
    return "provenance" if "provenance" in rec else None


def provenance(rec: dict[str, Any], key: str | None = None) -> Any:
    """The provenance of a record, or of one of its values (None if it is inherited from the enclosing record)."""
    k = covering_key(rec, key) if key is not None else ("provenance" if "provenance" in rec else None)
    return rec.get(k) if k else None


def index(records: list[dict[str, Any]], key: str = "id", where: str = "records") -> dict[Any, dict[str, Any]]:
    """{record[key]: record}, refusing a missing or repeated key (two records for one hex is a typo, not a choice)."""
    out: dict[Any, dict[str, Any]] = {}
    for i, r in enumerate(records):
        if key not in r:
            raise DataError(f"{where}[{i}]: no {key}")
        if r[key] in out:
            raise DataError(f"{where}: {key} {r[key]!r} appears twice")
        out[r[key]] = r
    return out


def walk(doc: dict[str, Any], where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every record of a document with its place, e.g. ("front[india]", {...}): for reports and tests."""
    for k, v in doc.items():
        if isinstance(v, dict):
            yield f"{where}{k}", v
            yield from walk(v, f"{where}{k}.")
        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            for i, x in enumerate(v):
                place = f"{where}{k}[{x.get('id', x.get('roll', i))}]"
                yield place, x
                yield from walk(x, place + ".")
