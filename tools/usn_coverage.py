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
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK_CANDIDATES = (ROOT.parent / "shared" / "rules" / "usn-spi-1971.txt",
                       Path("/work/shared/rules/usn-spi-1971.txt"))

# (name, how its heading line begins in the rulebook, whether lettered cases under it count, aliases).
# In rulebook order: each heading is searched for after the previous one, so "Burma 76" finds Campaign Game 1's
# special rule first and Campaign Game 2's next.
SECTIONS: tuple[tuple[str, str, bool, tuple[str, ...]], ...] = (
    ("Game Equipment", "Game Equipment", False, ()),
    ("Necessary Equipment Not Provided in USN", "Necessary Equipment Not Provided in USN", False,
     ("Necessary Equipment",)),
    ("Sequence of Play", "Sequence of Play", False, ("Sequence of Play Each Turn",)),
    ("Detailed Sequence of Play", "Detailed Sequence of Play", False, ()),
    *((f"Detailed Sequence of Play, Step {n}", f"Step {n}", False, ()) for n in range(1, 11)),
    ("Movement", "Movement", True, ("Land unit Movement", "Naval Unit Movement", "Air unit Movement")),
    ("Combat", "Combat", True, ("Land Unit Combat", "Naval Unit Combat", "Air Unit Combat")),
    ("Terrain", "Terrain (and its effects)", False, ()),
    ("Zones of Control", "Zones of Control", False, ()),
    ("Supply", "Supply", True, ()),
    ("Unit Breakdown", "Unit Breakdown", False, ()),
    ("Stacking", "Stacking (more than one unit per hex)", True, ()),
    ("Amphibious Assault", "Amphibious Assault", False, ()),
    ("Entrenchment", "Entrenchment", True, ()),
    ("Off-Map Movement", "Off-Map Movement", False, ()),
    ("Air and Naval Bases", "Air and Naval Bases", False, ()),
    ("Repairing or Building Bases", "Repairing or Building Bases", True, ()),
    ("Japanese Carrier Aircraft Embarkation", "Japanese Carrier Aircraft Embarkation", False, ()),
    ("Allied Carrier Aircraft Embarkation", "Allied Carrier Aircraft Embarkation", False, ()),
    ("Damage and Repair of Naval Units", "Damage and Repair of Naval Units", False, ()),
    ("Parachutists", "Parachutists", False, ()),
    ("Replacements", "Replacements", False, ()),
    ("How the Game is Won", "How the Game is Won", False, ("Victory Conditions", "How to Win",
                                                           "Victory Calculation")),
    ("Victory Point Schedule", "Victory Point Schedule", False, ("Victory Points",)),
    ("Optional Rules", "Optional Rules", False, ()),
    ("Allied Variable Deployment", "Allied Variable Deployment", False, ()),
    ("Japanese Variable Deployment", "Japanese Variable Deployment", False, ()),
    ("Garrisons", "Garrisons", False, ()),
    ("Japanese Ferry Carriers", "Japanese Ferry Carriers", False, ("Ferry Carriers",)),
    ("Burma Campaign", "Burma Campaign", False, ()),
    ("Submarines", "Submarines", True, ()),
    ("How To Use the Situation & Order of Battle", "How To Use the Situation & Order of Battle", False, ()),
    ("How to Set-up and Play the Games", "How to Set-up and Play the Games", False, ()),
    ("Campaign Game 1: Shock Effect", "Shock Effect", False, ()),
    ("Campaign Game 1: Phillipine Fortifications", "Phillipine Fortifications", False,
     ("Campaign Game 1: Philippine Fortifications",)),
    ("Campaign Game 1: Hong Kong", "Hong Kong (311)", False, ("Campaign Game 1: Hong Kong (311)",)),
    ("Campaign Game 1: Thailand", "Thailand 111", False, ("Campaign Game 1: Thailand 111",)),
    ("Campaign Game 1: Burma 76", "Burma 76", False, ()),
    ("Campaign Game 1: Allied Naval Forces in the Indian Ocean", "Allied Naval Forces in the Indian Ocean", False,
     ("Campaign Game 1: Indian Ocean",)),
    ("Campaign Game 1: Australian Reserves", "Australian Reserves", False,
     ("Campaign Game 1: Australian Reserves 463", "Australian Reserves")),
    ("Campaign Game 2: Australian Reserves", "Australian Reserves", False, ()),
    ("Campaign Game 2: Midway", "Midway (1218)", False, ("Campaign Game 2: Midway (1218)",)),
    ("Campaign Game 2: Burma 76", "Burma 76", False, ()),
    ("Campaign Game 3: Special Game Rules", "Campaign Game Three", False,
     ("Campaign Game Three", "Campaign Game 3", "Campaign Game Three: Special Game Rules")),
    ("USN Mini-Games", 'USN "Mini-Games"', False, ()),
    ("Coral Sea", "The Battle of Coral Sea", False, ("Coral Sea Order of Battle",)),
    ("Coral Sea Victory Conditions", "Victory Conditions", False, ()),
    ("Midway", "The Battle of Midway: 4 June", False, ("Midway Order of Battle",)),
    ("Midway Victory Conditions", "Victory Conditions", False, ()),
    ("Midway: Simulation Version", "The Battle of Midway: Simulation Version", False, ()),
    ("Eastern Solomons", "The Battle of the Eastern Solomons", False, ("Eastern Solomons Order of Battle",)),
    ("Eastern Solomons Victory Conditions", "Victory Conditions", False, ()),
    ("Eastern Solomons Special Game Rules", "Special Game Rules", False, ()),
    ("Santa Cruz", "The Battle of the Santa Cruz Islands", False, ("Santa Cruz Order of Battle",)),
    ("Santa Cruz Victory Conditions", "Victory Conditions", False, ()),
    ("Santa Cruz Special Game Rules", "Special Game Rules", False, ()),
    ("Mission: Normal Transport", "Mission: Normal Transport", False, ()),
    ("Mission: Emergency Transport of Troops and Supplies", "Mission: Emergency Transport", False,
     ("Emergency Transport",)),
    ("Mission: Refuelling", "Mission: Refuelling", False, ()),
    ("Mission: Bombardment of Land Units", "Mission: Bombardment of Land Units", False, ()),
    ("Mission: Bombardment of Coastal Defense Unit", "Mission: Bombardment of Coastal Defense Unit", False, ()),
    ("Mission: Bombardment of Bases", "Mission: Bombardment of Bases", False, ()),
    ("Mission: Ground Support of Land Unit's Combat", "Mission: Ground Support of Land Unit's Combat", False, ()),
    ("Mission: Anti-Aircraft Defense of Naval Units", "Mission: Anti-Aircraft Defense of Naval Units", False, ()),
    ("Mission: Surface Naval Engagement", "Mission: Surface Naval Engagement", False, ()),
    ("Mission: Air Transfer", "Mission: Air Transfer", False, ()),
    ("Mission: Bomb Air or Naval Base", "Mission: Bomb Air or Naval Base", False, ()),
    ("Mission: Combat Air Patrol (CAP)", "Mission: Combat Air Patrol", False,
     ("Combat Air Patrol", "CAP", "Mission: Combat Air Patrol")),
    ("Mission: Ground Support - Offensive", "Mission: Ground Support - Offensive", False, ()),
    ("Mission: Ground Support - Defensive", "Mission: Ground Support - Defensive", False, ()),
    ("Mission: Bombing of Land Units", "Mission: Bombing of Land Units", False, ()),
    ("Mission: Bombing of Naval Units", "Mission: Bombing of Naval Units", False, ()),
    ("Mission: Bombing Coastal Defense Unit", "Mission: Bombing Coastal Defense Unit", False, ()),
    ("Mission: Strafing", "Mission: Strafing", False, ()),
    ("Combat Results Table No. 1", "Combat Results Table No. 1", False, ("CRT 1", "CRT No. 1")),
    ("Combat Results Table No. 2", "Combat Results Table No. 2", False, ("CRT 2", "CRT No. 2")),
    ("Combat Results Table No. 3", "Combat Results Table, Air to Surface", False, ("CRT 3", "CRT No. 3")),
    ("Combat Results Table No. 4", "Combat Results Table, Air to Surface", False, ("CRT 4", "CRT No. 4")),
    ("Combat Results Table No. 5", "Combat Results Table No. 5", False, ("CRT 5", "CRT No. 5")),
    ("How to Use the Air Mission Allocation Chart", "How to Use the Air Mission Allocation Chart", False,
     ("Air Mission Allocation Chart",)),
    ("How To Use the Time Record and Reinforcement Chart", "How To Use the Time Record and Reinforcement Chart",
     True, ("Reinforcements", "Reinforcements, Notes", "Reinforcement Chart")),
    ("NAC Air Unit Strength Charts", "NAC Air Unit Strength Charts", False, ("NAC Air Unit Strength Chart",)),
    ("Errata: Game Map", "Game Map", False, ()),
    ("Errata: Unit Breakdown", "Unit Breakdown", False, ()),
    ("Errata: Amphibious Assault", "Amphibious Assault", False, ()),
    ("Errata: Air and Naval Bases, Case I", "Air and Naval Bases, Case I", False, ()),
    ("Errata: Repairing or Building Bases", "Repairing or Building Bases", False, ()),
    ("Errata: Situations and Orders of Battle", "Situations and Orders of Battle", False, ()),
    ("Errata: Reinforcement Table", "Reinforcement Table", False, ()),
    ("Errata: Mini-Game The Battle of the Coral Sea", "Mini-Game The Battle of the Coral Sea", False,
     ("Errata: Coral Sea Victory Conditions",)),
    ("Errata: Victory Points", "Victory Points", False, ()),
    ("Errata: Combat Results", "Combat Results", False, ()),
)
# Where the rules proper start (after the table of contents) and where the Errata start.
START_AFTER = "How to Read the Rules to USN"
ERRATA_START = "USN Errata"
# The cases printed under "Repairing or Building Bases" are cited under their parent heading (the Errata do).
CASE_OWNER = {"Repairing or Building Bases": "Air and Naval Bases"}
CASE = re.compile(r"^\(([A-Z])\)[ -]")


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


def sections(text: str) -> tuple[list[str], dict[str, str]]:
    """The sections in rulebook order, and every key a citation may use -> its section."""
    lines = [ln.strip() for ln in text.splitlines()]
    start = lines.index(START_AFTER) + 1
    errata = lines.index(ERRATA_START)
    found: list[tuple[int, str, bool, tuple[str, ...]]] = []
    at = start
    for name, head, cases, aliases in SECTIONS:
        if name.startswith("Errata:"):
            at = max(at, errata)
        hit = next((i for i in range(at, len(lines)) if lines[i] == head
                    or lines[i].startswith(head) and not lines[i][len(head)].isalnum()), None)
        if hit is None:
            raise ValueError(f"heading {head!r} ({name}) not found in the rulebook after line {at}")
        found.append((hit, name, cases, aliases))
        # Two sections may share a heading line (CRT 3 and 4): the next search starts on it again.
        at = hit if name == "Combat Results Table No. 3" else hit + 1
    out: list[str] = []
    keys: dict[str, str] = {}
    for k, (line_no, name, cases, aliases) in enumerate(found):
        owner = CASE_OWNER.get(name, name)
        if name not in out:
            out.append(name)
        for key in (name, *aliases):
            keys.setdefault(norm(key), name)
        if not cases:
            continue
        end = found[k + 1][0] if k + 1 < len(found) else len(lines)
        for ln in lines[line_no + 1:end]:
            m = CASE.match(ln)
            if m:
                sec = f"{owner} ({m.group(1)})"
                if sec not in out:
                    out.append(sec)
                for key in (owner, name, *aliases):
                    keys.setdefault(norm(f"{key} ({m.group(1)})"), sec)
    return out, keys


def norm(s: str) -> str:
    s = s.lower().replace("’", "'").replace("&", "and")
    s = re.sub(r"[,:]", " ", s)
    s = re.sub(r",? (general rule|procedure|cases)$", "", re.sub(r"\s+", " ", s).strip())
    return s


STEP = re.compile(r"^(?:detailed sequence of play )?(?:step )?(\d{1,2}) ?\(?([a-l])?\)?$")
PREFIXES = ("mission capability chart naval units ", "mission capability chart air units ", "mission ")


def resolve(citation: str, keys: dict[str, str]) -> str | None:
    """The section a citation counts for, or None."""
    c = norm(citation)
    m = STEP.match(c)
    if m and (c.startswith(("detailed", "step")) or re.fullmatch(r"\d{1,2}[a-l]", c)):
        n = int(m.group(1))
        return f"Detailed Sequence of Play, Step {n}" if 1 <= n <= 10 else None
    candidates = [c]
    for p in PREFIXES:
        if c.startswith(p):
            candidates.append(c[len(p):])
    more = []
    for x in candidates:
        more.append("mission " + x)
        more.append(re.sub(r" ?\((\d)\)$", "", x))  # "Surface Naval Engagement (2)": its numbered step
        more.append(re.sub(r" case ([a-z])$", r" (\1)", x))
    for x in candidates + more:
        if x in keys:
            return keys[x]
        if ("mission " + x) in keys:
            return keys["mission " + x]
    return None


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
