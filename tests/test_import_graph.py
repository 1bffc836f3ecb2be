"""The compiled kernel sits below the bots and the environments (issue 24, point 4).

``atout.kernel`` imports neither ``atout.bots`` nor ``atout.env`` (not even inside a
function): what it needs from them lives below it (the action space in
:mod:`atout.games.space`, the bots' bidding judgement in :mod:`atout.hand_values`), and
``atout warm`` (:mod:`atout.warm`) lives above all three. The static import graph of
the package (every ``import`` statement, wherever it stands) has no cycle that runs
through the kernel.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "atout"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _imports(path: Path, name: str, known: set[str]) -> set[str]:
    """The atout modules ``path`` imports, anywhere in it (its parent packages too:
    importing ``a.b.c`` runs ``a.b``)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [base]
            targets += [f"{base}.{alias.name}" for alias in node.names]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            while target.startswith("atout"):
                if target != name:
                    found.add(target)
                target = target.rpartition(".")[0]
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(path, name, known) for name, path in modules.items()}


def _reach(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in graph.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def _kernel(name: str) -> bool:
    return name == "atout.kernel" or name.startswith("atout.kernel.")


def test_the_kernel_imports_neither_bots_nor_env() -> None:
    graph = _graph()
    for name, targets in graph.items():
        if _kernel(name):
            wrong = sorted(t for t in targets if t.startswith(("atout.bots", "atout.env")))
            assert not wrong, f"{name} imports {wrong}"


def test_no_import_cycle_runs_through_the_kernel() -> None:
    """No module outside the kernel that the kernel reaches reaches the kernel back."""
    graph = _graph()
    for name in graph:
        if not _kernel(name):
            continue
        for other in _reach(graph, name):
            if not _kernel(other) and other != "atout":
                assert not any(_kernel(m) for m in _reach(graph, other)), (
                    f"{name} -> {other} -> the kernel"
                )


def test_the_graph_sees_imports_inside_functions() -> None:
    """The check is no rubber stamp: a lazy import counts (the bots' warm-up imports the
    solver inside a function, and the solver imports the kernel)."""
    graph = _graph()
    assert "atout.bots.solver" in graph["atout.bots.warm"]
    assert any(_kernel(m) for m in _reach(graph, "atout.bots.warm"))
    assert "atout.warm" not in _reach(graph, "atout.bots.warm")


def test_importing_and_running_the_kernel_loads_no_bot_and_no_env() -> None:
    code = (
        "import sys\n"
        "from atout.kernel import play_deals, replay\n"
        "from atout.kernel import deals, policy, vector\n"
        "play_deals('belote', 3, policy='rules', record=True)\n"
        "bad = sorted(m for m in sys.modules if m.startswith(('atout.bots', 'atout.env')))\n"
        "assert not bad, bad\n"
    )
    subprocess.run(
        [sys.executable, "-c", code], check=True, env={"PYTHONPATH": str(SRC),
                                                        "ATOUT_PURE_SOLVER": "1"},
    )
