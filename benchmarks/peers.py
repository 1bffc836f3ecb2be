"""atout side by side with its peers: random complete deals per second, in one run.

    python benchmarks/peers.py               # 5 rounds, about 1 s per measurement
    python benchmarks/peers.py --rounds 9 --seconds 2
    python benchmarks/peers.py --quick       # 3 rounds of 0.3 s, to try the harness
    python benchmarks/peers.py --tests       # the differential tests, in the peers' venv
    python benchmarks/peers.py --only kernel-schieber,jass-kit-cpp --kernel \
        --jass-kit-cpp ~/src/jass-kit-cpp    # the compiled kernel, natively compared

``--jass-kit-cpp DIR`` builds ``jass_kit_cpp_driver.cpp`` against a checkout of
jass-kit-cpp and adds two native loops: ``jass-kit-cpp``, the lean loop its API allows
(one ``GameSim`` reused for every deal), and ``jass-kit-cpp-sim-per-deal`` (a
``GameSim`` built for each deal and a card list per card, the loop measured before).

The peers are installed in a virtual environment of their own,
``benchmarks/.peers-venv`` (git-ignored), never as dependencies of atout:
jass-kit 2.0.5 (Schieber), belote-cli 4.9.6 (Belote) and colver 0.11.1 (coinche, Rust
core), pinned, with atout installed there from the working tree (editable, so the
figures are those of the code as it stands). The environment is made on the first run
and remade when the pins change.

Each engine runs in a worker process of its own (``peer_engines.py``); the workers
stay up for the whole run and the driver asks them in turn, round after round
(A, B, C, A, B, C, ...), so that a slow patch of the machine hits every engine. Each
measurement times enough complete random deals to last about ``--seconds``, by the
CPU time of the worker's process (``--clock wall`` for the wall clock): on a machine
shared with other work the CPU time moves much less. The table gives medians over the
rounds, and each ratio is the median of the per-round ratios (the two engines measured
in the same round), with its range.

A complete random deal: shuffle and deal, the contract (bidding or trump choice; a
deal thrown in counts as a deal) and every card, each decision drawn uniformly from the
engine's legal actions, then the deal's score. Per card figures divide by the cards
actually played, which compares games with different numbers of cards per deal
(Deberts 18, Belote 32, Schieber 36).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import venv
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
VENV = HERE / ".peers-venv"
PINS = ("jass-kit==2.0.5", "belote-cli==4.9.6", "colver==0.11.1")
TEST_TOOLS = ("pytest>=8",)


# -- the virtual environment -----------------------------------------------------------
def venv_python(venv_dir: Path = VENV) -> Path:
    return venv_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def make_venv(
    venv_dir: Path,
    pins: Sequence[str],
    atout_install: Sequence[str],
    *,
    tests: bool = False,
    quiet: bool = False,
) -> Path:
    """Make (or reuse) a virtual environment of its own with the ``pins`` and atout
    installed by ``pip install *atout_install``; remade when the pins change. Returns
    its interpreter. ``peer_bots.py`` makes its environment with this too."""
    stamp = venv_dir / "atout-peers.json"
    wanted = {"pins": list(pins), "tests": sorted(TEST_TOOLS) if tests else []}
    python = venv_python(venv_dir)
    if python.exists() and stamp.exists():
        have = json.loads(stamp.read_text())
        if have.get("pins") == wanted["pins"] and (not tests or have.get("tests")):
            return python
        if have.get("tests"):
            wanted["tests"] = have["tests"]
    if not python.exists():
        print(f"creating {venv_dir.relative_to(ROOT)} ...", file=sys.stderr)
        venv.EnvBuilder(with_pip=True, clear=True).create(venv_dir)
    packages = [*pins, *wanted["tests"]]
    print(f"installing {' '.join(packages)} and atout (editable) ...", file=sys.stderr)
    pip = [str(python), "-m", "pip", "install", "--disable-pip-version-check"]
    if quiet:
        pip.append("--quiet")
    subprocess.run([*pip, *packages], check=True)
    subprocess.run([*pip, *atout_install], check=True)
    stamp.write_text(json.dumps(wanted))
    return python


def ensure_venv(*, tests: bool = False, quiet: bool = False) -> Path:
    """The peer engines' environment (atout without its dependencies: the engines need
    none)."""
    return make_venv(VENV, PINS, ["--no-deps", "-e", str(ROOT)], tests=tests, quiet=quiet)


# -- workers -------------------------------------------------------------------------------
@dataclass
class Worker:
    """One engine in a process of its own, answering timing requests."""

    name: str
    proc: subprocess.Popen[str]

    @classmethod
    def start(cls, name: str, python: Path, clock: str) -> Worker:
        env = dict(os.environ, PYTHONHASHSEED="0", ATOUT_BENCH_CLOCK=clock)
        engine, _, tree = name.partition("@")
        if tree:  # the same engine from another source tree (--baseline)
            env["PYTHONPATH"] = str(BASELINES[tree])
        if engine in NATIVE:  # a compiled worker of its own, speaking the same lines
            command = [str(NATIVE[engine])]
        else:
            if engine in LOCAL or engine.startswith("vector-"):  # needs numba: this one
                python = Path(sys.executable)
            command = [str(python), str(HERE / "peer_engines.py")]
        proc = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=str(HERE),
        )
        return cls(name, proc)

    def ask(self, line: str) -> dict[str, Any]:
        stdin: IO[str] | None = self.proc.stdin
        stdout: IO[str] | None = self.proc.stdout
        assert stdin is not None and stdout is not None
        stdin.write(line + "\n")
        stdin.flush()
        answer = stdout.readline()
        if not answer:
            raise RuntimeError(f"worker {self.name} died")
        result: dict[str, Any] = json.loads(answer)
        if "error" in result:
            raise RuntimeError(f"{self.name}: {result['error']}")
        return result

    def run(self, deals: int, seed: int) -> dict[str, Any]:
        return self.ask(f"{self.name.partition('@')[0]} {deals} {seed}")

    def stop(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


@dataclass
class Series:
    """The measurements of one engine over the rounds."""

    name: str
    deals: int = 0
    rates: list[float] = field(default_factory=list)  # deals per second
    card_rates: list[float] = field(default_factory=list)  # cards per second
    decision_rates: list[float] = field(default_factory=list)  # decisions per second
    cards_per_deal: float = 0.0

    def add(self, result: dict[str, Any]) -> None:
        self.rates.append(result["deals"] / result["seconds"])
        self.card_rates.append(result["cards"] / result["seconds"])
        self.decision_rates.append(result["decisions"] / result["seconds"])
        self.cards_per_deal = result["cards"] / result["deals"]

    @property
    def median(self) -> float:
        return statistics.median(self.rates)

    @property
    def card_median(self) -> float:
        return statistics.median(self.card_rates)


# -- what is compared -------------------------------------------------------------------------
@dataclass(frozen=True)
class Comparison:
    label: str
    ours: str
    theirs: str
    target: float
    per_card: bool = False
    per_decision: bool = False


#: Engines run by the driver's own interpreter (atout's kernel needs numba, which the
#: peers' environment does not install) and native workers (name -> executable).
LOCAL = ("kernel-schieber", "kernel-belote", "kernel-deberts", "kernel-belote-playouts")
NATIVE: dict[str, Path] = {}
KERNEL_ORDER = (*LOCAL, "colver-rollouts")
KERNEL_COMPARISONS = (
    Comparison("Kernel Schieber vs jass-kit-cpp (native)", "kernel-schieber", "jass-kit-cpp", 1.0),
    Comparison(
        "Kernel Schieber vs jass-kit-cpp, sim per deal",
        "kernel-schieber",
        "jass-kit-cpp-sim-per-deal",
        1.0,
    ),
    Comparison("Kernel Schieber vs jass-kit (Python) loop", "kernel-schieber", "jass-kit", 1.0),
    Comparison(
        "Kernel Belote playouts vs colver rollouts, per card",
        "kernel-belote-playouts",
        "colver-rollouts",
        1.0,
        True,
    ),
    Comparison(
        "Kernel Belote deals vs colver rollouts, per card",
        "kernel-belote",
        "colver-rollouts",
        1.0,
        True,
    ),
)
#: The vectorized environment (``--vector``): agent steps (each with its observation and
#: mask) against colver's decisions, stepped from Python bare and with its observation
#: and mask as arrays.
VECTOR_ORDER = (
    *(f"vector-{g}-{n}" for g in ("belote", "schieber", "deberts") for n in (1, 256)),
    "colver", "colver-obs",
)
VECTOR_COMPARISONS = tuple(
    Comparison(
        f"{g.capitalize()} vector, {n} table{'s' if n > 1 else ''} / colver {what}",
        f"vector-{g}-{n}", theirs, target, per_decision=True,
    )
    for g in ("belote", "schieber", "deberts")
    for n, pairs in (
        (1, (("bare", "colver", 1.0), ("obs + mask", "colver-obs", 2.0))),
        (256, (("bare", "colver", 5.0), ("obs + mask", "colver-obs", 30.0))),
    )
    for what, theirs, target in pairs
)
#: Source trees to compare with (``--baseline DIR``): engine ``name@base`` runs ``name``
#: with that tree first on its path.
BASELINES: dict[str, Path] = {}
COMPARISONS = (
    Comparison("Schieber vs jass-kit engine loop", "atout-schieber", "jass-kit", 5.0),
    Comparison(
        "Schieber vs jass-kit, full actions + numpy", "atout-schieber", "jass-kit-actions", 5.0
    ),
    Comparison(
        "Schieber integer path vs jass-kit loop", "atout-schieber-cards", "jass-kit", 5.0
    ),
    Comparison("(Python floor vs jass-kit loop: a ceiling)", "floor-schieber", "jass-kit", 5.0),
    Comparison("Belote vs belote-cli", "atout-belote", "belote-cli", 10.0),
    Comparison("Belote vs colver stepped from Python", "atout-belote", "colver", 2.0),
    Comparison("Belote integer path vs colver", "atout-belote-cards", "colver", 2.0),
    Comparison("Deberts vs Belote, per card", "atout-deberts", "atout-belote", 1.0, True),
    Comparison(
        "Deberts vs Belote, integer path, per card",
        "atout-deberts-cards",
        "atout-belote-cards",
        1.0,
        True,
    ),
)
CHECKED = (
    Comparison("Schieber (checked apply) vs jass-kit", "atout-schieber-checked", "jass-kit", 5.0),
    Comparison("Belote (checked apply) vs belote-cli", "atout-belote-checked", "belote-cli", 10.0),
    Comparison("Belote (checked apply) vs colver", "atout-belote-checked", "colver", 2.0),
    Comparison(
        "Deberts vs Belote, per card (checked)",
        "atout-deberts-checked",
        "atout-belote-checked",
        1.0,
        True,
    ),
)
ORDER = (
    "atout-schieber",
    "atout-schieber-cards",
    "floor-schieber",
    "jass-kit",
    "jass-kit-actions",
    "atout-belote",
    "atout-belote-cards",
    "belote-cli",
    "colver",
    "atout-deberts",
    "atout-deberts-cards",
)
CHECKED_ORDER = ("atout-schieber-checked", "atout-belote-checked", "atout-deberts-checked")
LABELS = {
    "atout-schieber": "atout Schieber (apply_unchecked)",
    "atout-schieber-checked": "atout Schieber (checked apply)",
    "atout-belote": "atout Belote (apply_unchecked)",
    "atout-belote-checked": "atout Belote (checked apply)",
    "atout-deberts": "atout Deberts (apply_unchecked)",
    "atout-deberts-checked": "atout Deberts (checked apply)",
    "atout-schieber-cards": "atout Schieber (legal_mask, play_card)",
    "atout-belote-cards": "atout Belote (legal_mask, play_card)",
    "atout-deberts-cards": "atout Deberts (legal_mask, play_card)",
    "floor-schieber": "Python floor, Schieber cards (not an engine)",
    "jass-kit": "jass-kit 2.0.5 engine loop",
    "jass-kit-actions": "jass-kit 2.0.5 loop, full actions+numpy",
    "jass-kit-arena": "jass-kit 2.0.5 arena, random agents",
    "kernel-schieber": "atout kernel Schieber (compiled, arrays)",
    "kernel-belote": "atout kernel Belote (compiled, arrays)",
    "kernel-deberts": "atout kernel Deberts (compiled, arrays)",
    "kernel-belote-playouts": "atout kernel Belote playouts (dealt)",
    "colver-rollouts": "colver 0.11.1 native rollouts (dealt)",
    "jass-kit-cpp": "jass-kit-cpp native, one GameSim (-O3)",
    "jass-kit-cpp-sim-per-deal": "jass-kit-cpp native, a GameSim a deal",
    "belote-cli": "belote-cli 4.9.6 engine",
    "colver": "colver 0.11.1 stepped from Python",
    "colver-obs": "colver 0.11.1, obs + mask as arrays",
    **{
        f"vector-{g}-{n}": f"atout vector {g.capitalize()}, {n} table{'s' if n > 1 else ''}"
        for g in ("belote", "schieber", "deberts") for n in (1, 256)
    },
}


def calibrate(worker: Worker, seconds: float) -> int:
    """Deals that last about ``seconds`` (after a warm-up run)."""
    deals = 20
    while True:
        result = worker.run(deals, 999)
        if result["seconds"] >= 0.2 or deals >= 1_000_000:
            break
        deals *= 4
    rate = float(result["deals"]) / float(result["seconds"])
    return max(10, round(rate * seconds))


def measure(
    engines: list[str], rounds: int, seconds: float, python: Path, clock: str
) -> tuple[dict[str, Series], dict[str, str]]:
    workers = {name: Worker.start(name, python, clock) for name in engines}
    try:
        versions = next(iter(workers.values())).ask("versions")
        series = {name: Series(name) for name in engines}
        for name, worker in workers.items():
            series[name].deals = calibrate(worker, seconds)
        for r in range(rounds):
            for name in engines:
                series[name].add(workers[name].run(series[name].deals, r))
            print(f"  round {r + 1}/{rounds} done", file=sys.stderr)
        return series, versions
    finally:
        for worker in workers.values():
            worker.stop()


def ratio_line(c: Comparison, series: dict[str, Series]) -> str:
    ours, theirs = series[c.ours], series[c.theirs]
    if c.per_decision:
        per_round = [
            a / b for a, b in zip(ours.decision_rates, theirs.decision_rates, strict=True)
        ]
    elif c.per_card:
        per_round = [a / b for a, b in zip(ours.card_rates, theirs.card_rates, strict=True)]
    else:
        per_round = [a / b for a, b in zip(ours.rates, theirs.rates, strict=True)]
    ratio = statistics.median(per_round)
    verdict = "meets" if ratio >= c.target else "BELOW"
    return (
        f"  {c.label:42s} {ratio:6.2f}x  (rounds {min(per_round):.2f}-{max(per_round):.2f}; "
        f"target {c.target:g}x: {verdict})"
    )


def report(series: dict[str, Series], versions: dict[str, str], args: argparse.Namespace) -> None:
    print()
    print(
        "Random complete deals, one process per engine, "
        f"{args.rounds} alternating rounds of ~{args.seconds:g} s ({args.clock} time); medians."
    )
    print(
        "versions: "
        + ", ".join(f"{k} {v}" for k, v in versions.items())
        + f"; {os.cpu_count()} CPUs"
    )
    print()
    header = f"{'deals/s':>11s} {'cards/s':>11s} {'cards/deal':>10s} {'decisions/s':>12s}"
    print(f"  {'engine':44s} {header}")
    for name, s in series.items():
        engine, _, tree = name.partition("@")
        label = LABELS.get(engine, engine) + (f" [{tree}]" if tree else "")
        decisions = statistics.median(s.decision_rates)
        print(
            f"  {label:44s} {s.median:11,.0f} {s.card_median:11,.0f} "
            f"{s.cards_per_deal:10.1f} {decisions:12,.0f}"
        )
    print()
    print("Ratios (median of the per-round ratios):")
    comparisons = [*COMPARISONS, *(CHECKED if args.checked else ()), *KERNEL_COMPARISONS,
                   *VECTOR_COMPARISONS]
    for c in comparisons:
        if c.ours in series and c.theirs in series:
            print(ratio_line(c, series))
    if BASELINES:
        print("This tree / the baseline, the same engine:")
        for name in series:
            engine, _, tree = name.partition("@")
            if tree and engine in series:
                c = Comparison(f"{engine}", engine, name, 1.0,
                               per_decision=engine.startswith("vector-"))
                print(ratio_line(c, series))
        for c in comparisons:
            base = f"{c.ours}@base"
            if base in series and c.theirs in series:
                was = Comparison(c.label + " [base]", base, c.theirs, c.target,
                                 c.per_card, c.per_decision)
                print(ratio_line(was, series))


def build_jass_kit_cpp(checkout: Path) -> Path:
    """Compile the harness's worker for jass-kit-cpp against a checkout of it (into the
    git-ignored ``benchmarks/.jass-kit-cpp``), optimized as a release build is."""
    out_dir = HERE / ".jass-kit-cpp"
    out_dir.mkdir(exist_ok=True)
    binary = out_dir / "driver"
    src = checkout / "source"
    units = [
        src / "src/jass/game" / f
        for f in ("RuleSchieber.cpp", "GameSim.cpp", "GameState.cpp", "GameStateUtils.cpp",
                  "GameObservation.cpp")
    ]
    command = [
        "g++", "-O3", "-march=native", "-DNDEBUG", "-std=c++14", "-I/usr/include/eigen3",
        f"-I{src / 'include'}", *map(str, units), str(HERE / "jass_kit_cpp_driver.cpp"),
        "-o", str(binary),
    ]
    print(" ".join(command), file=sys.stderr)
    subprocess.run(command, check=True)
    return binary


def run_tests(python: Path, extra: list[str]) -> int:
    tests = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests").glob("test_peers_*.py"))
    # the project's addopts ask for pytest-xdist (-n), which the peers' venv does not have
    command = [
        str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o",
        "addopts=--strict-markers", *tests, *extra,
    ]
    print(" ".join(command), file=sys.stderr)
    return subprocess.run(command, cwd=str(ROOT)).returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (5)")
    parser.add_argument("--seconds", type=float, default=1.0, help="per measurement (1.0)")
    parser.add_argument("--quick", action="store_true", help="3 rounds of 0.3 s")
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="time each engine by its process's CPU time (default) or the wall clock",
    )
    parser.add_argument(
        "--checked", action="store_true", help="also atout through the checked apply"
    )
    parser.add_argument("--arena", action="store_true", help="also jass-kit's arena")
    parser.add_argument(
        "--kernel", action="store_true",
        help="also atout's compiled kernel and colver's native rollouts",
    )
    parser.add_argument(
        "--jass-kit-cpp", metavar="DIR", default="",
        help="also jass-kit-cpp natively: build jass_kit_cpp_driver.cpp against this "
        "checkout of it (needs g++ and Eigen 3)",
    )
    parser.add_argument(
        "--vector", action="store_true",
        help="also the vectorized environment (1 and 256 tables a call) against colver "
        "stepped bare and with its observation and mask",
    )
    parser.add_argument(
        "--baseline", metavar="SRC", default="",
        help="also run the kernel and vector engines from another source tree (e.g. an "
        "export of main's src), alternating with this one: names ending in @base",
    )
    parser.add_argument(
        "--only", default="", help="comma-separated engines, e.g. atout-schieber,jass-kit"
    )
    parser.add_argument(
        "--tests",
        nargs=argparse.REMAINDER,
        help="run the differential tests (tests/test_peers_*.py) in the peers' venv; "
        "what follows goes to pytest",
    )
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.seconds = 3, 0.3
    python = ensure_venv(tests=args.tests is not None, quiet=True)
    if args.tests is not None:
        sys.exit(run_tests(python, args.tests))
    engines = list(ORDER)
    if args.checked:
        engines += CHECKED_ORDER
    if args.arena:
        engines.append("jass-kit-arena")
    if args.kernel:
        engines += KERNEL_ORDER
    if args.jass_kit_cpp:
        binary = build_jass_kit_cpp(Path(args.jass_kit_cpp))
        NATIVE["jass-kit-cpp"] = NATIVE["jass-kit-cpp-sim-per-deal"] = binary
        engines += ["jass-kit-cpp", "jass-kit-cpp-sim-per-deal"]
    if args.vector:
        engines += [e for e in VECTOR_ORDER if e not in engines]
    if args.only:
        engines = [e.strip() for e in args.only.split(",") if e.strip()]
    if args.baseline:
        BASELINES["base"] = Path(args.baseline).resolve()
        ours = [e for e in engines if e in LOCAL or e.startswith("vector-")]
        engines += [f"{e}@base" for e in ours]
    start = time.perf_counter()
    load_before = _load()
    series, versions = measure(engines, args.rounds, args.seconds, python, args.clock)
    report(series, versions, args)
    print(
        f"\n({time.perf_counter() - start:.0f} s; load average {load_before} before, "
        f"{_load()} after: other work on the machine slows the Python engines more "
        "than the compiled ones)"
    )


def _load() -> str:
    try:
        return "/".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not on this system
        return "?"


if __name__ == "__main__":
    main()
