"""Every rule a game cites opens its case on the rules page (issue 33 review: First Blood's and U.S.N.'s pages had no
rule links and their tutorials linked to anchors their rulebook pages did not have; a test checked only the href).

The citations are the ones the games make: the `rule` of every prompt and the rule every refusal cites
(IllegalAction.rule) along a few seeded random games, every rule the games' code names in a refusal, a prompt or a
step (read from their source, constants and all), and the rules their log lines cite in parentheses ("(§7.6)",
"(Supply (G))", "(5.15)", "(J-L8; Unit Breakdown)"). Each must open an anchor the served page has, at the case
itself or at the paragraph saying the transcription lacks it (the rulebooks' README, "Missing sections"); the page's
script links them the same way (static/app.js). A citation the transcription cannot answer because the game cites
it wrongly belongs in WRONG, with why, until the game is corrected.
"""
from __future__ import annotations

import ast
import html
import importlib
import re
from pathlib import Path

import pytest

from app import games as registry
from app.engine.errors import IllegalAction
from app.engine.rng import SeededRng
from app.engine.testing import random_action, random_shaped_action
from app.paths import ROOT
from app.play import rulebooks, tutorials
from tests import rulebook

GAMES = sorted(g for g, spec in registry.all_games().items() if spec.rulebook is not None and spec.meta.listed)
# Random actions per scenario: enough to pass through each game's phases once or twice (a U.S.N. campaign's step is
# slow; its mini-games end sooner).
STEPS = {"usn": 40, "guadalcanal": 150}
DEFAULT_STEPS = 250
# {game: {citation: why it cannot open its case}}: the games' own mistakes, to be corrected in the game (none now).
WRONG: dict[str, dict[str, str]] = {}
PAREN = re.compile(r"\(((?:[^()]|\([^()]*\))*)\)")  # one level of nesting: "(Entrenchment (C))"
NUMBERED = re.compile(r"^\d+(?:\.\d+)+$|^\d+[a-z]\d*(?:\.\d+)*$")  # "5.15", "7a2.2", "3d3.2": not "(3)", a count
SECTION = re.compile(r"^§\d+(?:\.\d+)*$|^Table \d+$")


def served_ids(client, book: str) -> set[str]:
    r = client.get(f"/rules/{book}")
    assert r.status_code == 200
    return set(re.findall(r'\sid="([^"]+)"', r.text))


def log_citations(text: str, style: str, book: str) -> set[str]:
    """The rules a log line cites in parentheses, as the page's script finds them: the whole parenthesis, else its
    parts ("(§7.6, Table 10, US Attack Table)", "(J-L8; Unit Breakdown)"). A part cites a rule when it is written as
    the book numbers its cases; in a book of named cases, when it names a case or a case of a heading it names
    ("Supply (Z)" would cite Supply's case Z, which U.S.N. does not have)."""
    out: set[str] = set()
    for m in PAREN.finditer(text):
        whole = m.group(1).strip()
        parts = [whole] + [p.strip() for q in whole.split(";") for p in [q, *q.split(",")]]
        for part in dict.fromkeys(p for p in parts if p):
            if style == "sections" and SECTION.match(part) or style == "numbered" and NUMBERED.match(part):
                out.add(part)
            elif style == "named" and part[0].isupper() and rulebooks.resolve(book, part).found not in ("book",
                                                                                                      "uninstalled"):
                out.add(part)
                if part == whole:
                    break
    return out


def _source_citations(game: str) -> dict[str, str]:
    """Every rule the game's code names as a refusal's rule (IllegalAction(message, rule)), a prompt's or a step's
    `rule` ("rule": ..., rule=..., Step(kind, who, title, rule)): string constants, module constants (RULE, coastal.BOMBARD_RULE) and either
    branch of a conditional -> where it is first named."""
    out: dict[str, str] = {}
    package = ROOT / "app" / "games" / game
    for path in sorted(package.rglob("*.py")):
        dotted = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        module = None

        def values(node: ast.expr) -> list[str]:
            nonlocal module
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                return [node.value]
            if isinstance(node, ast.IfExp):
                return values(node.body) + values(node.orelse)
            if isinstance(node, (ast.Name, ast.Attribute)):
                module = module or importlib.import_module(dotted)
                obj = module
                for part in ast.unparse(node).split("."):
                    obj = getattr(obj, part, None)
                return [obj] if isinstance(obj, str) else []
            return []

        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            found: list[str] = []
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                if name == "IllegalAction" and len(node.args) > 1:
                    found += values(node.args[1])
                if name == "Step" and len(node.args) > 3:  # a sequence's step (kind, who, title, rule), a tutorial's
                    found += values(node.args[3])           # (role, order, dice, rule, explain)
                found += [v for kw in node.keywords if kw.arg == "rule" for v in values(kw.value)]
            elif isinstance(node, ast.Dict):
                found += [v for k, x in zip(node.keys, node.values)
                          if isinstance(k, ast.Constant) and k.value == "rule" for v in values(x)]
            for v in found:
                out.setdefault(v, f"{path.relative_to(ROOT)}:{node.lineno}")
    return out


def _played_citations(game: str) -> dict[str, str]:
    """The rules cited along one seeded random game of each scenario: prompts' `rule`, the rules random well-shaped
    orders are refused under (checked, not applied), and the log's parenthesised citations -> where seen."""
    spec = registry.get(game)
    style, book = spec.rulebook.cases, spec.rulebook.id
    out: dict[str, str] = {}
    for scenario in spec.meta.scenarios:
        players, dice = SeededRng(7), SeededRng(6)
        state = spec.setup(scenario.id, dict(spec.meta.default_options()), dice)
        for step in range(STEPS.get(game, DEFAULT_STEPS)):
            if spec.outcome(state) is not None:
                break
            prompts = spec.prompts(state)
            if not prompts:
                break
            for role, prompt in prompts.items():
                if isinstance(prompt, dict) and prompt.get("rule"):
                    out.setdefault(prompt["rule"], f"{scenario.id}: a prompt to {role} (step {step})")
            role = players.choice(sorted(prompts))
            shaped = random_shaped_action(prompts[role], players)
            if shaped is not None and spec.check is not None:
                try:
                    spec.check(state, role, shaped)
                except IllegalAction as e:
                    if e.rule:
                        out.setdefault(e.rule, f"{scenario.id}: a refusal of {shaped} (step {step})")
                except Exception:  # noqa: BLE001 - a malformed order is refused before any rule is cited
                    pass
            state = spec.apply(state, role, random_action(spec, state, role, players), dice)
        for line in state.get("log", []):
            text = line.get("text", "") if isinstance(line, dict) else str(line)
            for cited in log_citations(text, style, book):
                out.setdefault(cited, f"{scenario.id}: the log line {text[:90]!r}")
    return out


def _check(client, game: str, cited: dict[str, str]) -> None:
    book_ids: dict[str, set[str]] = {}
    wrong = WRONG.get(game, {})
    failures = []
    for ref, where in sorted(cited.items()):
        book, case = rulebooks.book_of(game, ref)
        rulebook.text(registry.get(book).rulebook.file)
        ids = book_ids.setdefault(book, served_ids(client, book))
        link = rulebooks.href(game, ref)
        if not link.startswith(f"/rules/{book}#") or link.partition("#")[2] not in ids:
            failures.append(f"{ref!r} ({where}) links to {link}, an anchor /rules/{book} does not have")
            continue
        target = rulebooks.resolve(book, case)
        if ref in wrong:
            assert target.found not in ("case", "missing"), f"{ref!r} now opens its case: take it out of WRONG"
        elif target.found not in ("case", "missing"):
            failures.append(f"{ref!r} ({where}) opens {target.anchor} ({target.found}), not its case")
    assert not failures, f"{game}: {len(failures)} citation(s) do not open their case:\n" + "\n".join(failures)


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_a_games_code_cites_opens_its_case(anon, game):
    rulebook.text(registry.get(game).rulebook.file)  # skips, naming the file, without the transcription
    cited = _source_citations(game)
    assert cited, f"{game} names no rule in its code: the scan no longer finds them"
    _check(anon, game, cited)


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_a_random_game_cites_opens_its_case(anon, game):
    rulebook.text(registry.get(game).rulebook.file)
    cited = _played_citations(game)
    assert cited, f"a random {game} game cited no rule"
    _check(anon, game, cited)


def test_a_log_line_cites_rules_in_parentheses():
    assert log_citations("Combat at 0709 (§7.6, Table 10, US Attack Table).", "sections", "first_blood") == \
        {"§7.6", "Table 10"}
    assert log_citations("Ships placed at your bases (5.15), 3 of them (3).", "numbered", "solomons") == {"5.15"}


@pytest.mark.parametrize("tutorial_id", [t.id for t in tutorials.all_tutorials()])
def test_every_tutorial_rule_link_opens_an_anchor_its_rulebook_page_has(anon, players, tutorial_id):
    t = tutorials.get(tutorial_id)
    book = registry.get(t.game).rulebook
    rulebook.text(book.file)
    ids = served_ids(anon, book.id)
    learner = players()
    r = learner.post(f"/tutorials/{tutorial_id}/start", follow_redirects=False)
    gid = r.headers["location"].rsplit("/", 1)[1]
    page = html.unescape(learner.get(f"/tutorials/play/{gid}").text)
    shown = re.search(r'class="rule-cited">Rule <a href="/rules/([^"#]+)#([^"]+)"', page)
    assert shown, "the guided page links no rule"
    assert shown.group(2) in served_ids(anon, shown.group(1)), f"the page's rule link #{shown.group(2)} opens nothing"
    for rule in {t.teaches, *(s.rule for s in t.steps)}:
        target = rulebooks.resolve(*rulebooks.book_of(t.game, rule))
        assert target.anchor in (ids if target.book == book.id else served_ids(anon, target.book)), rule
        assert target.found in ("case", "missing"), f"{rule!r} opens {target.anchor} ({target.found})"
