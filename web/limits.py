"""Limits per client address, so that no one reader can wear the bot down: a request rate (a
token bucket: a burst, then a steady pace) and a number of live pages open at once. Beyond
either, the answer is 429 with a `Retry-After`.

The address is the connection's, or, when that is the host's own (a reverse proxy in front),
the last one the proxy added to `X-Forwarded-For`: a reader can't forge that one.
"""

from __future__ import annotations

import ipaddress
import math
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from aiohttp import web

BURST = 20
"""Requests an address may make at once..."""
PER_SECONDS = 10.0
"""...and again every this many seconds (one every half second, steadily)."""
LIVE_PER_ADDRESS = 8
"""Live pages an address may hold open at once."""
KEPT = 10_000
"""Addresses remembered before the rested ones (full buckets) are forgotten."""

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def client_address(request: web.Request) -> str:
    """The reader's address: the proxy's word for it where the connection is the host's own."""
    remote = request.remote or ""
    try:
        local = ipaddress.ip_address(remote).is_loopback
    except ValueError:
        local = False
    forwarded = request.headers.get("X-Forwarded-For", "")
    if local and forwarded.strip():
        return forwarded.split(",")[-1].strip()
    return remote


def too_many(retry_after: float) -> web.HTTPTooManyRequests:
    return web.HTTPTooManyRequests(headers={"Retry-After": str(max(1, math.ceil(retry_after)))})


@dataclass
class _Bucket:
    tokens: float
    at: float


class Limits:
    """The limits of one server, on `now` (seconds; the bot's clock)."""

    def __init__(
        self,
        now: Callable[[], float],
        *,
        burst: int = BURST,
        per_seconds: float = PER_SECONDS,
        live: int = LIVE_PER_ADDRESS,
    ) -> None:
        self.now, self.burst, self.live_limit = now, burst, live
        self.rate = burst / per_seconds
        self._buckets: dict[str, _Bucket] = {}
        self._live: Counter[str] = Counter()

    def take(self, address: str) -> float:
        """Spend one request of `address`'s: 0 if it may go on, else the seconds to wait."""
        now = self.now()
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) >= KEPT:
                self._forget_rested(now)
            bucket = self._buckets[address] = _Bucket(float(self.burst), now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        if bucket.tokens < 1:
            return (1 - bucket.tokens) / self.rate
        bucket.tokens -= 1
        return 0.0

    def _forget_rested(self, now: float) -> None:
        full = self.burst / self.rate
        for address, bucket in list(self._buckets.items()):
            if now - bucket.at >= full:
                del self._buckets[address]

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Every request spends from its address's bucket; an empty one is answered 429."""
        wait = self.take(client_address(request))
        if wait:
            raise too_many(wait)
        return await handler(request)

    @contextmanager
    def live(self, request: web.Request) -> Iterator[None]:
        """Hold one of the address's live connections while the block runs; 429 if it has all
        of them open already."""
        address = client_address(request)
        if self._live[address] >= self.live_limit:
            raise too_many(PER_SECONDS)
        self._live[address] += 1
        try:
            yield
        finally:
            self._live[address] -= 1
            if not self._live[address]:
                del self._live[address]
