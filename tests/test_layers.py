"""The packages form layers: an import, at module level or inside a function, only reaches the
package's own layer or one below. The engine, bottom up: base -> bridge -> hands -> expr ->
systems -> readers -> formats -> dd -> sim -> checks; then the Python API (api: a thin layer
over the engine, which the engine never imports); then the studies built on the engine (the
1967 paper, the seeds' evaluators, Binky points), which the engine never imports; then report
and cli. Within a package, no module imports another that imports it back, directly or through
others (module level or inside a function alike)."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

PACKAGE = Path(__file__).resolve().parents[1] / "openbid"

ENGINE_ORDER = ("base", "bridge", "hands", "expr", "systems", "readers", "formats", "dd", "sim",
                "checks")
# What each package may import from openbid besides itself.
ALLOWED: dict[str, set[str]] = {name: set(ENGINE_ORDER[:i]) for i, name in enumerate(ENGINE_ORDER)}
ENGINE = set(ALLOWED)
ALLOWED["api"] = set(ENGINE)
ALLOWED["studies"] = set(ENGINE)
ALLOWED["report"] = ENGINE | {"api", "studies"}
ALLOWED["cli"] = ENGINE | {"api", "studies", "report"}


def _imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names if node.module == "openbid")
    return {m for m in out if m.startswith("openbid.")}


def test_every_package_is_listed() -> None:
    found = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert found == set(ALLOWED)


def test_imports_go_down_the_layers_only() -> None:
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if len(rel.parts) < 2:
            continue
        own = rel.parts[0]
        for module in sorted(_imports(path)):
            target = module.split(".")[1]
            if target != own and target not in ALLOWED[own]:
                wrong.append(f"openbid/{rel} imports {module}")
    assert not wrong, "\n".join(wrong)


def test_the_checker_sees_a_wrong_import(tmp_path: Path) -> None:
    bad = tmp_path / "m.py"
    bad.write_text("def f():\n    from openbid.cli.main import main\n")
    assert _imports(bad) == {"openbid.cli.main"}
    assert "cli" not in ALLOWED["base"]


def test_the_engine_imports_no_study() -> None:
    assert not any("studies" in ALLOWED[p] for p in ENGINE)


def test_the_engine_and_the_studies_import_no_api() -> None:
    assert not any("api" in ALLOWED[p] for p in ENGINE | {"studies"})


# ---- no import circles, inside a package or across ----------------------------------------------
def _module(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(root: Path = PACKAGE) -> nx.DiGraph:
    """Module -> the modules of the package it imports (anywhere in its text). ``from p import
    name`` reaches module ``p.name`` when there is one, else ``p``; relative imports resolved."""
    modules = {_module(p, root): p for p in root.rglob("*.py")}
    top = root.name
    g = nx.DiGraph()
    g.add_nodes_from(modules)
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([node.module] if node.module else []))
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                           for a in node.names]
            for t in targets:
                while t and t not in modules and t.startswith(top + "."):
                    t = t.rpartition(".")[0]  # import a.b.c of a function or class: module a.b
                if t in modules and t != name:
                    g.add_edge(name, t)
    return g


def circles(g: nx.DiGraph) -> list[list[str]]:
    return sorted(sorted(c) for c in nx.strongly_connected_components(g) if len(c) > 1)


def test_no_module_imports_one_that_imports_it_back() -> None:
    found = circles(import_graph())
    shown = ["; ".join(f"{u} -> {v}" for u, v in import_graph().subgraph(c).edges)
             for c in found]
    assert not found, "import circles:\n" + "\n".join(shown)


def test_the_checker_sees_an_import_circle(tmp_path: Path) -> None:
    pkg = tmp_path / "openbid"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "a.py").write_text("from openbid.sub import b\n")
    (pkg / "sub" / "b.py").write_text("def f():\n    from .c import g\n")
    (pkg / "sub" / "c.py").write_text("def g():\n    import openbid.sub.a\n")
    (pkg / "sub" / "d.py").write_text("from openbid.sub.a import X\n")
    g = import_graph(pkg)
    assert circles(g) == [["openbid.sub.a", "openbid.sub.b", "openbid.sub.c"]]
    assert g.has_edge("openbid.sub.d", "openbid.sub.a")
