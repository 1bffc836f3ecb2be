"""The compiled functions' cache follows every compiled source (issue 24, point 5).

numba's own cache checks only the stamp of the file that defines a function, so a
function that inlines another module's function (the deal kernels inline the rules of
``atout/kernel/rules.py``) ran stale code after an edit of that module until the cache
files were deleted by hand. The cache now lives in a folder named by a hash of all the
compiled sources (:func:`atout.kernel.rules.cache_dir`).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from atout.kernel import rules

pytest.importorskip("numba")
if not rules.COMPILED:  # pragma: no cover - ATOUT_PURE_SOLVER=1
    pytest.skip("the kernels run as plain Python", allow_module_level=True)

SRC = Path(__file__).resolve().parent.parent / "src" / "atout"

_CALLEE = '''
from atout.kernel.rules import jit_inline

WORTH = {worth}


@jit_inline
def worth(x: int) -> int:
    return x + WORTH
'''

_CALLER = '''
from atout.kernel._probe_callee import worth
from atout.kernel.rules import jit


@jit
def probe(x: int) -> int:
    return worth(x) * 2
'''

_RUN = (
    "import json\n"
    "from atout.kernel import rules\n"
    "from atout.kernel._probe_caller import probe\n"
    "value = probe(1)\n"
    "print(json.dumps({'value': value, 'hits': sum(probe.stats.cache_hits.values()),\n"
    "                  'dir': str(rules.cache_dir())}))\n"
)


def _package(tmp: Path) -> Path:
    """A copy of the atout package (its sources only) under ``tmp``."""
    copy = tmp / "src" / "atout"
    shutil.copytree(SRC, copy, ignore=shutil.ignore_patterns("__pycache__", "locale"))
    return copy


def _probe(package: Path) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_", "ATOUT_PURE"))}
    env["PYTHONPATH"] = str(package.parent)
    out = subprocess.run(
        [sys.executable, "-c", _RUN], env=env, check=True, capture_output=True, text=True,
    ).stdout
    result: dict[str, object] = json.loads(out.splitlines()[-1])
    return result


def test_the_hash_follows_each_compiled_source(tmp_path: Path) -> None:
    package = _package(tmp_path)
    first = rules.sources_hash(package)
    assert first == rules.sources_hash(SRC)
    for name in ("kernel/rules.py", "kernel/deals.py", "games/schieber.py", "bots/solver.py"):
        path = package / name
        text = path.read_text(encoding="utf-8")
        path.write_text(text + "\n# edited\n", encoding="utf-8")
        assert rules.sources_hash(package) != first, name
        path.write_text(text, encoding="utf-8")
    assert rules.sources_hash(package) == first
    (package / "tui" / "__init__.py").write_text("# not compiled\n", encoding="utf-8")
    assert rules.sources_hash(package) == first


def test_an_edit_of_an_inlined_module_is_compiled_anew(tmp_path: Path) -> None:
    """A function inlined from another module: after an edit of that module only, the
    caller runs the new code (numba's own cache gave the old result), and an unchanged
    source is loaded from the cache."""
    package = _package(tmp_path)
    callee = package / "kernel" / "_probe_callee.py"
    callee.write_text(_CALLEE.format(worth=1), encoding="utf-8")
    (package / "kernel" / "_probe_caller.py").write_text(_CALLER, encoding="utf-8")
    first = _probe(package)
    assert first["value"] == 4 and first["hits"] == 0
    again = _probe(package)
    assert again["value"] == 4 and again["hits"] == 1 and again["dir"] == first["dir"]
    callee.write_text(_CALLEE.format(worth=10), encoding="utf-8")
    edited = _probe(package)
    assert edited["value"] == 22 and edited["hits"] == 0 and edited["dir"] != first["dir"]
    assert str(edited["dir"]).startswith(str(package / "kernel" / "__pycache__"))
