"""Faults a test asks for: Discord's error answers on chosen routes, requests held on their way,
and the old-message edit limit.

A fault is matched against the spec route of each request ("POST /channels/{channel_id}/messages")
and, optionally, its path parameters; it fires `times` times and is then used up. A hold catches
the next matching request only.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import timedelta

from .errors import DiscordError
from .spec import Spec


@dataclass
class Fault:
    route: str
    error: DiscordError
    times: int
    params: dict[str, str] = field(default_factory=dict)
    fired: int = 0

    def matches(self, route: str, params: dict[str, str]) -> bool:
        return (
            self.fired < self.times
            and self.route == route
            and all(params.get(k) == v for k, v in self.params.items())
        )


@dataclass(eq=False)
class Hold:
    """A request kept in transit, as on a slow network, until the test lets it through: the bot
    stays in the middle of what it was doing for as long as the test needs."""

    route: str
    params: dict[str, str]
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    released: asyncio.Event = field(default_factory=asyncio.Event)

    def matches(self, route: str, params: dict[str, str]) -> bool:
        return (
            not self.arrived.is_set()
            and self.route == route
            and all(params.get(k) == v for k, v in self.params.items())
        )

    async def reached(self) -> None:
        """Return once the bot has sent the request (it is now waiting for it)."""
        await self.arrived.wait()

    def release(self) -> None:
        """Let the request reach Discord; Discord's rules (like the 3 s to answer) apply then."""
        self.released.set()


class Faults:
    """The faults armed for the current test."""

    def __init__(self, spec: Spec) -> None:
        self._spec = spec
        self._armed: list[Fault] = []
        self._holds: list[Hold] = []
        self.old_message_edit_limit: timedelta | None = None

    def fail(
        self,
        route: str,
        *,
        status: int,
        code: int,
        message: str,
        times: int = 1,
        **params: object,
    ) -> Fault:
        """Answer the next `times` requests to `route` (filtered by path `params`) with an error."""
        if self._spec.route(route) is None:
            raise ValueError(f"no such route in Discord's spec: {route!r}")
        fault = Fault(
            route,
            DiscordError(status, code, message),
            times,
            {k: str(v) for k, v in params.items()},
        )
        self._armed.append(fault)
        return fault

    def rate_limit(
        self, route: str, *, retry_after: float = 0.01, times: int = 1, **params: object
    ) -> Fault:
        """429 Too Many Requests with `retry_after`, shaped as Discord sends it."""
        fault = self.fail(
            route, status=429, code=0, message="You are being rate limited.", times=times, **params
        )
        fault.error.extra.update(retry_after=retry_after, **{"global": False})
        fault.error.headers.update(
            {
                "Retry-After": str(retry_after),
                "Via": "1.1 google",
                "X-RateLimit-Limit": "5",
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset-After": str(retry_after),
                "X-RateLimit-Bucket": "fake-bucket",
                "X-RateLimit-Scope": "user",
            }
        )
        return fault

    def hold(self, route: str, **params: object) -> Hold:
        """Keep the next request to `route` (filtered by path `params`) in transit until
        `release()`."""
        if self._spec.route(route) is None:
            raise ValueError(f"no such route in Discord's spec: {route!r}")
        hold = Hold(route, {k: str(v) for k, v in params.items()})
        self._holds.append(hold)
        return hold

    def release_holds(self) -> None:
        """Let every held request through (the fake is stopping)."""
        for hold in self._holds:
            hold.release()

    async def pass_holds(self, route: str, params: dict[str, str]) -> None:
        """Wait, if a hold catches this request, until the test releases it."""
        for hold in self._holds:
            if hold.matches(route, params):
                hold.arrived.set()
                await hold.released.wait()
                return

    def limit_old_message_edits(self, age: timedelta = timedelta(hours=1)) -> None:
        """From now on, edits of messages older than `age` (fake clock) fail with 30046: by the
        channel's message route and by a click's UPDATE_MESSAGE answer alike."""
        self.old_message_edit_limit = age

    def take(self, route: str, params: dict[str, str]) -> DiscordError | None:
        """The error for this request if an armed fault matches (and count it)."""
        for fault in self._armed:
            if fault.matches(route, params):
                fault.fired += 1
                return fault.error
        return None


def edit_quota_exceeded() -> DiscordError:
    return DiscordError(
        400,
        30046,
        "Maximum number of edits to messages older than 1 hour reached. Try again later.",
    )
