"""The packages form layers (issue 12): an import, at module level or inside a function, only
reaches the package's own layer or one below. Data flows one way: model -> proofs, readers ->
binky -> verify -> report -> cli; dd (double dummy: deals, solver, store, engine) sits on model
and readers, below binky."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "openbid"

# What each package may import from openbid besides itself.
ALLOWED = {
    "model": set(),
    "proofs": {"model"},
    "readers": {"model"},
    "dd": {"model", "readers"},
    "binky": {"model", "proofs", "readers", "dd"},
    "verify": {"model", "proofs", "readers", "dd", "binky"},
    "report": {"model", "proofs", "readers", "dd", "binky", "verify"},
    "cli": {"model", "proofs", "readers", "dd", "binky", "verify", "report"},
}


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
    assert "cli" not in ALLOWED["model"]
