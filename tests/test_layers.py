"""The layers of the package (issue 23, point 5), checked.

* ``lint-imports`` keeps the contracts of ``[tool.importlinter]`` in ``pyproject.toml``:
  each layer imports only from the layers below it, no module reaches back a sibling
  that imports it (no cycle, at any depth), and the rules core uses the standard library
  alone. Every package and module of ``atout`` stands in a layer.
"""

from __future__ import annotations

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
