"""What a service manager, a load balancer and Prometheus ask the bot's HTTP server.

- `/healthz`: the process is alive and its event loop keeps time: 503 when a callback due ran
  later than `LAG_LIMIT` seconds in the last few seconds (a loop stalled by blocking work), which
  a restart may cure.
- `/readyz`: the process does its job: every shard connected to Discord's gateway, the database
  answering, the claim on its shards held, and not stopping. 503 otherwise, until that comes
  back by itself (or for good, once it stops).
- `/metrics`: the bot's metrics (`bot.metrics`) in Prometheus's text format.

Each JSON answer says what is wrong, if anything. They are served wherever the bot has an HTTP
server, whether or not any server has its pages on.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest

LAG_LIMIT = 1.0
"""Seconds of event loop lag past which the process counts as unhealthy: a click waiting that
long behind blocking work is a fault, not a load."""


@dataclass(frozen=True, slots=True)
class Probes:
    """What the answers are made of, handed over by the composition root."""

    lag: Callable[[], float]
    """The event loop's worst lag of the last few seconds."""
    shards: Callable[[], Iterable[tuple[int, bool, float]]]
    """Each shard this process runs: id, connected, heartbeat latency."""
    database: Callable[[], Awaitable[str | None]]
    """What keeps the database from answering, or None."""
    claim: Callable[[], bool] | None
    """Whether the claim on this process's shards is held; None where it has none to hold."""
    registry: CollectorRegistry
    stopping: Callable[[], bool] = lambda: False
    """Whether the process is stopping: it takes nothing new, so a balancer should send nothing."""
    lag_limit: float = LAG_LIMIT


HEALTH, READY, METRICS = "/healthz", "/readyz", "/metrics"
PATHS = (HEALTH, READY, METRICS)
"""The operators' paths, which no rate limit of the pages counts."""


def routes(probes: Probes) -> list[web.RouteDef]:
    async def healthz(_request: web.Request) -> web.Response:
        lag = probes.lag()
        healthy = lag <= probes.lag_limit
        problems = (
            []
            if healthy
            else [f"the event loop ran {lag:.3f} s late, past the limit of {probes.lag_limit:g} s"]
        )
        body = {
            "healthy": healthy,
            "event_loop_lag_seconds": round(lag, 3),
            "lag_limit_seconds": probes.lag_limit,
            "problems": problems,
        }
        return web.json_response(body, status=200 if healthy else 503)

    async def readyz(_request: web.Request) -> web.Response:
        problems = ["the process is stopping"] if probes.stopping() else []
        shards = {
            str(shard): "connected" if up else "disconnected" for shard, up, _ in probes.shards()
        }
        if not shards:
            problems.append("no shard has connected to Discord yet")
        problems += [
            f"shard {shard} is not connected to Discord"
            for shard, state in shards.items()
            if state != "connected"
        ]
        database = await probes.database()
        if database is not None:
            problems.append(f"the database does not answer: {database}")
        body: dict[str, object] = {
            "shards": shards,
            "database": "answers" if database is None else database,
        }
        if probes.claim is not None:
            held = probes.claim()
            body["claim"] = "held" if held else "lost"
            if not held:
                problems.append("the claim on this process's shards is lost, being taken again")
        body = {"ready": not problems, **body, "problems": problems}
        return web.json_response(body, status=503 if problems else 200)

    async def metrics(_request: web.Request) -> web.Response:
        return web.Response(
            body=generate_latest(probes.registry), headers={"Content-Type": CONTENT_TYPE_LATEST}
        )

    return [
        web.get(HEALTH, healthz),
        web.get(READY, readyz),
        web.get(METRICS, metrics),
    ]
