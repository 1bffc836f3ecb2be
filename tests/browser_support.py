"""What the browser tests share: a real server in a thread, one headless Chromium per
module, and screenshots on request.

Importing this module skips the importing test module when Playwright, the web extra or
Chromium is missing (``apt-get install chromium``; ``ATOUT_CHROMIUM`` names another
binary). Screenshots go to ``$ATOUT_SCREENSHOTS`` when it is set.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")
uvicorn = pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = os.environ.get("ATOUT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
if not os.path.exists(CHROMIUM):
    pytest.skip("no Chromium installed (apt-get install chromium)", allow_module_level=True)

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


@contextmanager
def serving(app: Any) -> Iterator[str]:
    """``app`` served by uvicorn on a free local port, in a thread; yields its address."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert srv.started
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(10)


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless Chromium; the test is skipped (not failed) when it does not start."""
    with sync_api.sync_playwright() as p:
        try:
            b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        except Exception as exc:
            pytest.skip(f"Chromium does not start: {exc}")
        try:
            yield b
        finally:
            b.close()


def shot(page: Any, name: str, full: bool = False) -> None:
    """A screenshot ``name``.png in ``$ATOUT_SCREENSHOTS``, when it is set."""
    folder = os.environ.get("ATOUT_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=full)
