"""Play in the browser: ``atout serve`` (needs the ``web`` extra: ``pip install 'atout[web]'``).

The rules never import this package. See ``docs/web.md`` for how to run it, what it
stores and its security model.
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_app", "serve"]


def create_app(db_url: str | None = None, **kwargs: Any) -> Any:
    """The ASGI application (see :func:`atout.web.app.create_app`)."""
    from atout.web.app import create_app as _create

    return _create(db_url, **kwargs)


def serve(
    host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None,
    bot_delay: float = 0.6, log_level: str = "info", limits: Any = None, workers: int = 1,
) -> None:
    """Run the server with uvicorn until interrupted, within ``limits``
    (:class:`atout.web.limits.Limits`; the defaults when ``None``), answering to the
    name ``host`` besides those of ``limits``. ``workers`` > 1 (PostgreSQL only) runs
    that many server processes on one shared socket, each started again if it dies (see
    :mod:`atout.web.cluster`)."""
    import dataclasses

    import uvicorn

    from atout.web.limits import Limits

    limits = limits or Limits()
    limits = dataclasses.replace(limits, hosts=(*limits.hosts, host))
    if workers > 1:
        from atout.web.supervisor import supervise

        supervise(host, port, db_url, bot_delay, log_level, limits, workers)
        return
    uvicorn.run(
        create_app(db_url, bot_delay=bot_delay, limits=limits, warm=True), host=host, port=port,
        log_level=log_level,
        ws_max_size=limits.max_frame,  # a longer frame is refused before it is read whole
    )
