"""What the scorekeeper's and the duplicate nights' APIs share: each keeps documents (a
scoresheet, a night) that anyone with the link reads and only the holder of a secret
changes. Each has a page to start one and a page per document, and an API: ``POST``
makes one, ``GET {id}`` reads it, ``GET {id}/<name>`` reads a part of it (an export),
``POST {id}/<name>`` changes it; a refusal is a code and a message in English (the
pages say it in the reader's language)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from atout.web.assets import send_page
from atout.web.limits import json_object

__all__ = ["document_routes", "json_request", "refusal"]

Endpoint = Callable[[Request], Any]
"""A Starlette endpoint (sync, or async)."""


def refusal(code: str, message: str, status: int = 400) -> JSONResponse:
    """An API's refusal: its code and its message."""
    return JSONResponse({"error": code, "message": message}, status_code=status)


async def json_request(request: Request, max_bytes: int) -> dict[str, Any] | JSONResponse:
    """The request's body as a JSON object, else the refusal that says one is expected."""
    body = await json_object(request, max_bytes)
    return refusal("bad-message", "a JSON object is expected") if body is None else body


def document_routes(
    page: str, paths: tuple[str, str], api: str, *, create: Endpoint, show: Endpoint,
    reads: Mapping[str, Endpoint], changes: Mapping[str, Endpoint],
) -> list[Route]:
    """The routes of one kind of document: the page ``page`` at both ``paths`` (to start
    one, and one's own), then under ``api`` its making, reading, ``reads`` and
    ``changes`` (by the last part of their path)."""

    async def send(request: Request) -> Response:
        return send_page(page)

    return [
        *(Route(path, send) for path in paths),
        Route(api, create, methods=["POST"]),
        Route(f"{api}/{{id}}", show),
        *(Route(f"{api}/{{id}}/{name}", read) for name, read in reads.items()),
        *(Route(f"{api}/{{id}}/{name}", change, methods=["POST"])
          for name, change in changes.items()),
    ]
