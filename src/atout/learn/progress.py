"""The terminal's memory of what a learner has answered: a small JSON file in the user's
data folder (``$ATOUT_LEARN_PROGRESS``, else ``$XDG_DATA_HOME/atout/learn.json``, else
``~/.local/share/atout/learn.json``). The browser keeps the same thing in the database
(:mod:`atout.web.learn`)."""

from __future__ import annotations

import json
import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path

__all__ = ["Progress", "default_path"]

VERSION = 1


def default_path() -> Path:
    explicit = os.environ.get("ATOUT_LEARN_PROGRESS")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "atout" / "learn.json"


class Progress:
    """The items answered (lesson steps by id, puzzles as ``puzzle:ID``), with the date
    each was first answered right. A file that cannot be read starts an empty memory
    (and is replaced at the next save) rather than stopping the lesson."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.done: dict[str, str] = {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {}
        items = data.get("done") if isinstance(data, dict) else None
        if isinstance(items, dict):
            self.done = {str(k): str(v) for k, v in items.items()}

    def __contains__(self, item: str) -> bool:
        return item in self.done

    def mark(self, item: str) -> bool:
        """Remember ``item`` as answered; whether it is new."""
        if item in self.done:
            return False
        self.done[item] = datetime.now(UTC).date().isoformat()
        return True

    def count(self, items: list[str]) -> int:
        return sum(1 for item in items if item in self.done)

    def save(self) -> None:
        """Write the file atomically (a temporary file, then a rename)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"version": VERSION, "done": self.done}, indent=1, sort_keys=True)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".learn-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text + "\n")
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
