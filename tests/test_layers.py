"""The layers of the package (issue 23, point 5), checked.

* ``lint-imports`` keeps the contracts of ``[tool.importlinter]`` in ``pyproject.toml``:
  each layer imports only from the layers below it, no module reaches back a sibling
  that imports it (no cycle, at any depth), and the rules core uses the standard library
  alone. Every package and module of ``atout`` stands in a layer.
* No private name (``_name``) crosses a package: what one package needs from another is
  that package's public API.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGE = SRC / "atout"


def _contracts() -> list[dict[str, object]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts: list[dict[str, object]] = config["tool"]["importlinter"]["contracts"]
    return contracts


def test_lint_imports_keeps_every_contract() -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports_command as c; c()",
         "--no-cache"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def _layer_names(layer: str) -> set[str]:
    parts = layer.replace(":", "|").split("|")
    return {p.strip().strip("()") for p in parts}


def test_every_part_of_the_package_stands_in_a_layer() -> None:
    """A new package or module must be given its place, or the contract would not see it."""
    (layers,) = (c for c in _contracts() if c["type"] == "layers")
    placed: set[str] = set()
    for layer in layers["layers"]:  # type: ignore[attr-defined]
        placed |= _layer_names(layer)
    parts = {p.stem for p in PACKAGE.glob("*.py") if p.name != "__init__.py"}
    parts |= {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert parts - placed == set(), "not in any layer"
    optional = {n.strip("()") for layer in layers["layers"]  # type: ignore[attr-defined]
                for n in _layer_names(layer) if n.startswith("(")}
    assert placed - parts <= optional | {"kits"}, "a layer names nothing"


# --- private names ---------------------------------------------------------------------


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _package_of(module: str) -> str:
    """``atout.bots`` for ``atout.bots.search``; a top-level module is its own package."""
    return ".".join(module.split(".")[:2])


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _private_crossings(path: Path, name: str, modules: set[str]) -> list[str]:
    """Each use in ``path`` of a private name of a module of another package:
    ``from atout.x import _y``, or ``x._y`` where ``x`` is an imported atout module."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    aliases: dict[str, str] = {}
    found: list[str] = []

    def crosses(target: str) -> bool:
        return _package_of(target) != _package_of(name)

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            if not base.startswith("atout"):
                continue
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in modules:
                    aliases[alias.asname or alias.name] = full
                if _private(alias.name) and crosses(full):
                    found.append(f"{name}:{node.lineno} imports {full}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("atout"):
                    aliases[alias.asname or alias.name.split(".")[0]] = (
                        alias.name if alias.asname else alias.name.split(".")[0]
                    )
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            chain: list[str] = []
            value: ast.expr = node.value
            while isinstance(value, ast.Attribute):
                chain.append(value.attr)
                value = value.value
            if isinstance(value, ast.Name) and value.id in aliases:
                target = ".".join([aliases[value.id], *reversed(chain)])
                if target in modules and crosses(target):
                    found.append(f"{name}:{node.lineno} uses {target}.{node.attr}")
    return found


def _all_crossings() -> list[str]:
    paths = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    found: list[str] = []
    for name, path in sorted(paths.items()):
        found += _private_crossings(path, name, set(paths))
    return found


def test_no_private_name_crosses_a_package() -> None:
    assert _all_crossings() == []


def test_the_private_name_check_sees_both_forms(tmp_path: Path) -> None:
    """The check is no rubber stamp: both spellings of a crossing are found, and a
    private name used inside its own package is not."""
    source = (
        "from atout.games.deberts import _SECRET, PUBLIC\n"
        "from atout.bots.search import _inside\n"
        "from atout.games import deberts\n"
        "import atout.kernel.rules as rules\n"
        "deberts._HIDDEN\n"
        "rules._legal\n"
        "deberts.__name__\n"
    )
    path = PACKAGE / "bots" / "example.py"
    target = tmp_path / "example.py"
    target.write_text(source, encoding="utf-8")
    modules = {"atout.games.deberts", "atout.games", "atout.kernel.rules", "atout.bots.search",
               "atout.bots.example"}
    found = _private_crossings(target, _module_name(path), modules)
    assert found == [
        "atout.bots.example:1 imports atout.games.deberts._SECRET",
        "atout.bots.example:5 uses atout.games.deberts._HIDDEN",
        "atout.bots.example:6 uses atout.kernel.rules._legal",
    ]
