"""Every benchmark script still imports: they run rarely and by hand, so a renamed
module in ``atout`` would otherwise break one unnoticed until someone needs its figure."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
SCRIPTS = sorted(p for p in BENCHMARKS.glob("*.py") if p.name != "__init__.py")


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_the_benchmark_script_imports(script: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(f"_bench_{script.stem}", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    try:
        spec.loader.exec_module(module)
    except ModuleNotFoundError as error:  # a peer's or an optional extra's package
        if error.name and error.name.split(".")[0] == "atout":
            raise
        pytest.skip(f"needs {error.name}")
    finally:
        sys.modules.pop(spec.name, None)
    assert callable(getattr(module, "main", None)) or module.__doc__
