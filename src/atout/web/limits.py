"""The server's limits: request bodies, websocket frames, tables per client, live tables,
bot workers, work per client, the host names the server answers to, and the refusal of
cross-origin requests that change anything.

:class:`Limits` holds the settings (``atout serve`` options, ``create_app(limits=...)``);
the ASGI middlewares here apply the ones that act before a route runs.
"""

from __future__ import annotations

import ipaddress
import json
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from atout.i18n import LANGUAGES
from atout.web.messages import web_text
from atout.web.workers import default_workers

__all__ = [
    "LOOPBACK_HOSTS", "BodyLimit", "Limits", "RateLimiter", "SameOrigin", "WorkLimit",
    "json_object",
]

KIB = 1024

LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
"""The names of this machine that every server answers to."""


@dataclass(frozen=True)
class Limits:
    """Every limit of the server, with its default."""

    #: Bytes of a request body (creating a table, everything but a record).
    max_body: int = 16 * KIB
    #: Bytes of the body of ``POST /api/replay`` (a record, as JSON).
    max_record_body: int = 1024 * KIB
    #: Bytes of one websocket message; a longer frame is refused by the server
    #: (``uvicorn --ws-max-size``) before it is read whole. The application itself
    #: answers ``bad-message`` to messages over 4 KiB that pass this limit.
    max_frame: int = 16 * KIB
    #: Tables one client address may create per minute (a token bucket of this size,
    #: refilled at this rate); 0: no limit.
    tables_per_minute: int = 20
    #: Live tables held in memory; above it the least recently used idle ones leave.
    max_live_tables: int = 1000
    #: Seconds after which a table nobody watches and no bot plays leaves memory.
    idle_seconds: float = 600.0
    #: Worker processes for the search bots and record replays.
    bot_workers: int = default_workers()
    #: Seconds a search bot may think per decision before the rules-of-thumb bot plays.
    bot_budget: float = 2.0
    #: Seconds a record replay may take in a worker.
    replay_seconds: float = 10.0
    #: Origins (``https://example.org``) allowed besides the server's own.
    allowed_origins: tuple[str, ...] = ()
    #: Seconds a person's seat may stay without a connection, while someone else is at
    #: the table and the seat is to play, before a stand-in bot plays it.
    away_seconds: float = 30.0
    #: The bot that plays for a person who went away or let the turn timer run out.
    stand_in_bot: str = "medium"
    #: Seconds a server process's lease on a table lasts (PostgreSQL; renewed every
    #: third of it): how long a killed process's tables wait before another takes them.
    lease_seconds: float = 10.0
    #: Host names (or addresses) the server answers to, besides :data:`LOOPBACK_HOSTS`
    #: and the hosts of ``allowed_origins``; ``atout serve`` adds its ``--host``. A
    #: request for another name is refused (421; a websocket: 403).
    hosts: tuple[str, ...] = ()
    #: Messages one seat of a table may send a minute, per kind (a burst of that many,
    #: then one every 60/n seconds; more are refused with ``too-fast``): chat lines,
    #: name changes, hints (besides which a connection has one hint at a time).
    chat_per_minute: int = 12
    names_per_minute: int = 6
    hints_per_minute: int = 10
    #: Requests that compute (the advisor, replays, records, scoresheets, the lessons'
    #: answers) one client address may make a minute (a burst of that many, then one
    #: every 60/n seconds); 0: no limit.
    work_per_minute: int = 120
    #: Clubs (docs/clubs.md): sign-in attempts a minute per member name (and per client
    #: address: ``signins_per_address``), joins and password resets included (a burst
    #: of that many, then one every 60/n seconds; more are refused with
    #: ``too-many-signins``); clubs one address may open a minute; how long a sign-in
    #: lasts; how long an admin's one-time sign-in link stays valid.
    signins_per_minute: int = 5
    signins_per_address: int = 20
    clubs_per_minute: int = 5
    session_seconds: float = 30 * 24 * 3600.0
    reset_seconds: float = 7 * 24 * 3600.0

    def host_names(self) -> frozenset[str]:
        """Every host name the server answers to (lower case, IPv6 without brackets)."""
        names = set(LOOPBACK_HOSTS)
        for origin in self.allowed_origins:
            name = urlsplit(origin).hostname
            if name:
                names.add(name.rstrip(".").lower())
        for host in self.hosts:
            name = _host_name(host)
            if name is not None:
                names.add(name)
        return frozenset(names)


async def _respond(send: Send, status: int, code: str, headers: list[tuple[bytes, bytes]],
                   lang: str = "en", **params: Any) -> None:
    body = json.dumps({"error": code, "message": web_text(f"error.{code}", lang, **params)}
                      ).encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()), *headers,
    ]})
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """Refuse a request body over its limit with 413: from its ``Content-Length`` before
    reading any of it, or as soon as the bytes received pass the limit (the rest is never
    read). The body, once whole, is handed to the application as it came."""

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.limits = limits

    def limit_for(self, scope: Scope) -> int:
        if scope["path"] in ("/api/replay", "/api/advise"):  # records; a whole session
            return self.limits.max_record_body
        return self.limits.max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit_for(scope)
        for name, value in scope["headers"]:
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = -1
                if declared < 0 or declared > limit:
                    await _respond(send, 413, "too-large", [(b"connection", b"close")])
                    return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await _respond(send, 413, "too-large", [(b"connection", b"close")])
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        whole: Message = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return whole
            return await receive()

        await self.app(scope, replay, send)


def _origin_of(url: str) -> str | None:
    """``host[:port]`` of an origin, lower case, without its scheme's default port."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https", "ws", "wss") or not parts.hostname:
        return None
    try:
        port = parts.port
    except ValueError:
        return None
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    default = 443 if parts.scheme in ("https", "wss") else 80
    return host if port in (None, default) else f"{host}:{port}"


def _host_name(host: str) -> str | None:
    """The name in a ``Host`` header (or a ``--host``): lower case, without its port, its
    trailing dot or an IPv6 address's brackets; ``None`` when it is no name."""
    host = host.strip()
    if host.count(":") > 1 and not host.startswith("["):  # an IPv6 address given bare
        host = f"[{host}]"
    try:
        parts = urlsplit(f"//{host}")
        parts.port  # noqa: B018 - a port that is no number: no host
    except ValueError:
        return None
    name = (parts.hostname or "").rstrip(".")
    return name or None


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _host_of(host: str) -> str:
    host = host.strip().lower()
    for default in (":80", ":443"):
        if host.endswith(default):
            return host[: -len(default)]
    return host


class SameOrigin:
    """Refuse a request for a host name the server was not started for: 421 (a
    websocket: 403). A page of another site whose name leads to this server (DNS
    rebinding) names its own host; an address (``192.168.1.5``) is no such name and
    passes, as does a request without ``Host`` (not from a browser).

    Refuse with 403 a request that may change something (any method but ``GET``,
    ``HEAD`` and ``OPTIONS``, and every websocket) when a browser says it comes from
    another site: an ``Origin`` other than the server's own (its ``Host``) or one of
    ``allowed_origins``, or ``Sec-Fetch-Site`` other than ``same-origin`` or ``none``.
    A request without these headers (not from a browser's page) passes."""

    SAFE = frozenset({"GET", "HEAD", "OPTIONS"})

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.allowed = {o for o in map(_origin_of, limits.allowed_origins) if o}
        self.hosts = limits.host_names()

    def known_host(self, scope: Scope) -> bool:
        """Whether the request's ``Host`` is one the server answers to."""
        for key, value in scope["headers"]:
            if key == b"host":
                name = _host_name(value.decode("latin-1"))
                return name is not None and (name in self.hosts or _is_address(name))
        return True

    def allows(self, scope: Scope) -> bool:
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        site = headers.get("sec-fetch-site")
        if site is not None and site not in ("same-origin", "none"):
            return False
        origin = headers.get("origin")
        if origin is None:
            return True
        own = _origin_of(origin)
        return own is not None and (own == _host_of(headers.get("host", "")) or own in self.allowed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "http" and not self.known_host(scope):
            await _respond(send, 421, "unknown-host", [])
            return
        if kind == "websocket" and not (self.known_host(scope) and self.allows(scope)):
            await send({"type": "websocket.close", "code": 1008})  # before accepting: 403
            return
        if kind == "http" and scope["method"] not in self.SAFE and not self.allows(scope):
            await _respond(send, 403, "cross-origin", [])
            return
        await self.app(scope, receive, send)


class WorkLimit:
    """Refuse with 429 ``too-fast`` (with ``Retry-After``) a request that computes (the
    advisor, the replays, a finished table's record, the scoresheets, the lessons'
    answers) beyond ``work_per_minute`` per client address. Reading a page, a table or
    a lesson is not counted."""

    WORK = re.compile(
        r"/api/(advise|replay|scoresheets(/.*)?|tables/[^/]+/(replay|record)"
        r"|learn/(step|puzzle)/[^/]+/check|learn/progress)"
    )

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.rate = RateLimiter(limits.work_per_minute)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self.WORK.fullmatch(scope["path"]):
            client = scope.get("client")
            wait = self.rate.take(client[0] if client else "")
            if wait:
                retry = self.rate.retry_after(wait)
                await _respond(send, 429, "too-fast", [(b"retry-after", retry.encode())],
                               _request_lang(scope), seconds=retry)
                return
        await self.app(scope, receive, send)


def _request_lang(scope: Scope) -> str:
    """The reader's language: the query's ``lang``, else the browser's first language
    (``Accept-Language``) that atout speaks, else English."""
    raw: bytes = scope.get("query_string", b"")
    query = dict(parse_qsl(raw.decode("latin-1")))
    if query.get("lang") in LANGUAGES:
        return query["lang"]
    for key, value in scope["headers"]:
        if key == b"accept-language":
            ranked: list[tuple[float, str]] = []
            for part in value.decode("latin-1").split(","):
                tag, _, q = part.strip().partition(";q=")
                try:
                    weight = float(q) if q else 1.0
                except ValueError:
                    continue
                ranked.append((-weight, tag.split("-")[0].strip().lower()))
            for _, lang in sorted(ranked):
                if lang in LANGUAGES:
                    return lang
    return "en"


class RateLimiter:
    """A token bucket per client address: ``per_minute`` tokens, refilled continuously."""

    MAX_CLIENTS = 10_000

    def __init__(
        self, per_minute: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.capacity = float(per_minute)
        self.rate = per_minute / 60.0
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}

    def take(self, client: str) -> float:
        """Take a token for ``client``: 0.0 if granted, else the seconds until one is."""
        if self.capacity <= 0:
            return 0.0
        now = self.clock()
        tokens, then = self.buckets.get(client, (self.capacity, now))
        tokens = min(self.capacity, tokens + (now - then) * self.rate)
        if tokens < 1.0:
            self.buckets[client] = (tokens, now)
            return (1.0 - tokens) / self.rate
        self.buckets[client] = (tokens - 1.0, now)
        if len(self.buckets) > self.MAX_CLIENTS:
            self._forget_full(now)
        return 0.0

    def retry_after(self, wait: float) -> str:
        return str(max(1, math.ceil(wait)))

    def _forget_full(self, now: float) -> None:
        """Forget the clients whose bucket has refilled (they lose nothing)."""
        full = [c for c, (t, then) in self.buckets.items()
                if t + (now - then) * self.rate >= self.capacity]
        for client in full:
            del self.buckets[client]


async def json_object(request: Request, max_bytes: int) -> dict[str, Any] | None:
    """A request's body as a JSON object, or None when it is larger than ``max_bytes``,
    not JSON, or not an object (each page's API answers that with its own error)."""
    raw = await request.body()
    if len(raw) > max_bytes:
        return None
    try:
        body = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None
    return body if isinstance(body, dict) else None
