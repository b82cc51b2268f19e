"""The import graph of a package: its cycles and its function-local imports (issue 33: no cycle in app/, at most 15
function-local imports, which hide cycles from the reader and defer import errors to the first call).

    python -m tools.imports            # app: every cycle, then "cycles: N, modules in cycles: M, local imports: K"
    python -m tools.imports app.games.usn --local   # one package, listing each function-local import

Every import counts, at module level or inside a function; `from pkg import mod` counts as an import of `pkg.mod`
(and of `pkg`, whose __init__ re-exporting its children is not counted as a cycle of design). tests/tools/test_imports.py
holds the bar."""
from __future__ import annotations

import argparse
import ast
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Graph:
    edges: dict[str, set[str]] = field(default_factory=dict)
    local: list[tuple[str, int, str]] = field(default_factory=list)  # (module, line, imported)

    def cycles(self) -> list[list[str]]:
        """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
        index: dict[str, int] = {}
        low: dict[str, int] = {}
        on: set[str] = set()
        stack: list[str] = []
        out: list[list[str]] = []
        for start in sorted(self.edges):
            if start in index:
                continue
            work = [(start, iter(sorted(self.edges[start])))]
            index[start] = low[start] = len(index)
            stack.append(start)
            on.add(start)
            while work:
                v, children = work[-1]
                w = next(children, None)
                if w is not None:
                    if w not in index:
                        index[w] = low[w] = len(index)
                        stack.append(w)
                        on.add(w)
                        work.append((w, iter(sorted(self.edges.get(w, ())))))
                    elif w in on:
                        low[v] = min(low[v], index[w])
                    continue
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
        return out


def modules(package: str) -> dict[str, Path]:
    root = ROOT.joinpath(*package.split("."))
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def graph(package: str = "app") -> Graph:
    mods = modules(package)
    top = package.split(".")[0]

    def resolve(name: str) -> str | None:
        while name:
            if name in mods:
                return name
            name = name.rpartition(".")[0]
        return None

    g = Graph({m: set() for m in mods})
    for mod, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        is_pkg = path.name == "__init__.py"
        inside = {id(n) for fn in ast.walk(tree) if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
                  for n in ast.walk(fn) if isinstance(n, (ast.Import, ast.ImportFrom))}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = mod.split(".") if is_pkg else mod.split(".")[:-1]
                    anchor = anchor[: len(anchor) - (node.level - 1)]
                    base = ".".join(anchor + ([base] if base else []))
                targets = [f"{base}.{a.name}" for a in node.names] + [base]
            else:
                continue
            ours = [t for t in targets if t.split(".")[0] == top]
            if id(node) in inside and ours:
                g.local.append((mod, node.lineno, ours[-1]))
            hits = {resolve(t) for t in ours} - {None, mod}
            if is_pkg:  # a package re-exporting its children is not a cycle of design
                hits = {h for h in hits if not h.startswith(mod + ".")}
            g.edges[mod] |= hits
    return g


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("package", nargs="?", default="app")
    ap.add_argument("--local", action="store_true", help="list each function-local import")
    args = ap.parse_args(argv)
    g = graph(args.package)
    cycles = g.cycles()
    for c in cycles:
        print(f"cycle of {len(c)}: {', '.join(c)}")
    if args.local:
        for mod, line, target in g.local:
            print(f"local import: {mod}:{line} -> {target}")
    print(f"cycles: {len(cycles)}, modules in cycles: {sum(map(len, cycles))}, local imports: {len(g.local)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
