"""Measured rule coverage of U.S.N. (issue 17): which sections of the rulebook the tests cite.

    python -m tools.usn_coverage            # covered/total, the uncovered sections, citations matching none
    python -m tools.usn_coverage --list     # every section counted, with the tests citing it

What counts as a section (docs/games/usn.md, "Rule coverage and the random games (session 9)"):

- each heading of the rules proper, from Game Equipment to the Time Record and Reinforcement Chart, in the order
  of SECTIONS below (the tool finds each heading in the rulebook's text and fails if one is missing);
- each lettered case printed under a heading ("Supply (G)"); the cases under "Repairing or Building Bases" are
  cited as they are in the Errata, "Air and Naval Bases (I)"; the Reinforcement Chart's Notes (A), (B) likewise;
- the Detailed Sequence of Play as its ten Steps: their lettered items restate the rules and the Mission
  Capability Charts, so "Detailed Sequence of Play, Step 5 (D)" (or "5(D)", "2A") counts for Step 5;
- each Mission of the two Mission Capability Charts, each Combat Results Table, each Special Game Rule of the
  campaign games and mini-games, each mini-game's Victory Conditions, each item of the Errata.

Not counted: the table of contents, "How to Read the Rules", the Definition of Terms and General Course of Play
(they state no rule the later sections do not), the orders of battle (lists of units: citing one counts for its
mini-game's heading, which sets its length), the Game Notes (advice) and the Carriers' names.

Citations are collected from tests/games/usn/ and from any test file under tests/ whose name contains "usn"
(tests/web/test_usn_board.py, tests/browser/test_usn.py, tests/tools/test_usn_*.py).
"""
from __future__ import annotations

import argparse
import ast
import importlib
import sys
from dataclasses import dataclass, field
from pathlib import Path

# The sections, and how a citation names one, are the rules page's too (app/play/rulebooks_usn.py): one table.
from app.play.rulebooks_usn import CASE, CASE_OWNER, ERRATA_START, PREFIXES, SECTIONS, START_AFTER, STEP, norm, \
    resolve, sections

__all__ = ["CASE", "CASE_OWNER", "ERRATA_START", "PREFIXES", "SECTIONS", "START_AFTER", "STEP", "Coverage",
           "citations", "measure", "norm", "resolve", "rulebook_path", "sections"]

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK_CANDIDATES = (ROOT.parent / "shared" / "rules" / "usn-spi-1971.txt",
                       Path("/work/shared/rules/usn-spi-1971.txt"))

@dataclass
class Coverage:
    sections: list[str]
    cited: dict[str, list[str]] = field(default_factory=dict)  # section -> tests citing it
    unmatched: dict[str, list[str]] = field(default_factory=dict)  # citation -> tests, matching no section

    @property
    def covered(self) -> list[str]:
        return [s for s in self.sections if self.cited.get(s)]

    @property
    def uncovered(self) -> list[str]:
        return [s for s in self.sections if not self.cited.get(s)]

    @property
    def ratio(self) -> float:
        return len(self.covered) / len(self.sections)


def rulebook_path() -> Path:
    """Where the app finds the rulebooks (app/play/rulebooks.py: IRONBOTTOM_RULES_DIR, else ../shared/rules)."""
    from app.play.rulebooks import rules_dir
    for p in (rules_dir() / "usn-spi-1971.txt", *RULEBOOK_CANDIDATES):
        if p.exists():
            return p
    raise FileNotFoundError("usn-spi-1971.txt not found in the rules directory (IRONBOTTOM_RULES_DIR or ../shared/rules)")


def citations(root: Path = ROOT) -> dict[str, list[str]]:
    """Every @pytest.mark.rule("...") in the U.S.N. tests -> the tests (file::function) citing it."""
    files = sorted((root / "tests" / "games" / "usn").glob("test_*.py"))
    files += sorted(p for p in (root / "tests").rglob("test_*usn*.py") if "games/usn" not in p.as_posix())
    out: dict[str, list[str]] = {}
    for path in files:
        tree = ast.parse(path.read_text(), filename=str(path))
        names = _constants(tree)
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            for dec in node.decorator_list:
                for arg in _rule_args(dec, names):
                    out.setdefault(arg, []).append(f"{path.relative_to(root)}::{node.name}")
        for arg in _module_marks(tree):
            out.setdefault(arg, []).append(f"{path.relative_to(root)}")
    return out


def _constants(tree: ast.Module) -> dict[str, str]:
    """The test module's own string constants (RULE = "...") and the rule modules' it imports (offmap.SPECIAL), so a
    mark citing a name counts as the text it names."""
    out: dict[str, str] = {}
    modules: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            out.update({t.id: node.value.value for t in node.targets if isinstance(t, ast.Name)})
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("app.games.usn"):
            modules.update({(a.asname or a.name): f"{node.module}.{a.name}" for a in node.names})
    for local, dotted in modules.items():
        try:
            mod = importlib.import_module(dotted)
        except ImportError:
            continue
        out.update({f"{local}.{k}": v for k, v in vars(mod).items() if k.isupper() and isinstance(v, str)})
    return out


def _rule_args(dec: ast.expr, names: dict[str, str] | None = None) -> list[str]:
    names = names or {}
    if (isinstance(dec, ast.Call) and isinstance(dec.func, ast.Attribute) and dec.func.attr == "rule"
            and isinstance(dec.func.value, ast.Attribute) and dec.func.value.attr == "mark"):
        out = []
        for a in dec.args:
            if isinstance(a, ast.Constant) and isinstance(a.value, str):
                out.append(a.value)
            elif isinstance(a, (ast.Name, ast.Attribute)) and ast.unparse(a) in names:
                out.append(names[ast.unparse(a)])
        return out
    return []


def _module_marks(tree: ast.Module) -> list[str]:
    out: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark"
                                                for t in node.targets):
            vals = node.value.elts if isinstance(node.value, (ast.List, ast.Tuple)) else [node.value]
            for v in vals:
                out += _rule_args(v)
    return out


def measure(root: Path = ROOT, rulebook: Path | None = None) -> Coverage:
    secs, keys = sections((rulebook or rulebook_path()).read_text())
    cov = Coverage(sections=secs)
    for cite, tests in citations(root).items():
        sec = resolve(cite, keys)
        if sec is None:
            cov.unmatched.setdefault(cite, []).extend(tests)
        else:
            cov.cited.setdefault(sec, []).extend(tests)
    return cov


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--list", action="store_true", help="every section with the tests citing it")
    ap.add_argument("--min", type=float, default=0.0, help="exit 1 below this ratio (0.9 = 90%%)")
    args = ap.parse_args(argv)
    cov = measure()
    print(f"U.S.N. rule coverage: {len(cov.covered)}/{len(cov.sections)} sections cited "
          f"({100 * cov.ratio:.1f}%)")
    if args.list:
        for s in cov.sections:
            print(f"  {'+' if cov.cited.get(s) else '-'} {s}  {len(cov.cited.get(s, []))}")
    print(f"Uncovered ({len(cov.uncovered)}):")
    for s in cov.uncovered:
        print(f"  {s}")
    if cov.unmatched:
        print(f"Citations matching no counted section ({len(cov.unmatched)}; orders of battle, other headings):")
        for c, tests in sorted(cov.unmatched.items()):
            print(f"  {c!r}: {len(tests)} test(s)")
    return 0 if cov.ratio >= args.min else 1


if __name__ == "__main__":
    sys.exit(main())
