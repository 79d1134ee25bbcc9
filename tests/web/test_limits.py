"""The limits per address: a token bucket of requests, a count of live pages, and which address
a request is counted against behind a reverse proxy."""

from __future__ import annotations

import pytest
from aiohttp import web
from aiohttp.test_utils import make_mocked_request

from web.limits import Limits, client_address


def request(remote: str, forwarded: str | None = None) -> web.Request:
    headers = {} if forwarded is None else {"X-Forwarded-For": forwarded}
    made = make_mocked_request("GET", "/", headers=headers)
    return made.clone(remote=remote)


def test_the_proxys_word_counts_only_when_the_connection_is_the_hosts_own() -> None:
    assert client_address(request("127.0.0.1", "6.6.6.6, 203.0.113.9")) == "203.0.113.9"
    assert client_address(request("::1", "203.0.113.9")) == "203.0.113.9"
    assert client_address(request("198.51.100.7", "203.0.113.9")) == "198.51.100.7"
    assert client_address(request("127.0.0.1")) == "127.0.0.1"


def test_a_burst_then_a_steady_pace_per_address() -> None:
    now = [0.0]
    limits = Limits(lambda: now[0], burst=4, per_seconds=2.0)
    assert [limits.take("a") for _ in range(4)] == [0.0] * 4
    assert limits.take("a") == pytest.approx(0.5)  # one every half second
    assert limits.take("b") == 0.0  # another address has its own bucket
    now[0] += 0.5
    assert limits.take("a") == 0.0
    assert limits.take("a") > 0
    now[0] += 100
    assert [limits.take("a") for _ in range(5)] == [0.0] * 4 + [pytest.approx(0.5)]


def test_live_pages_per_address_are_counted_while_open() -> None:
    limits = Limits(lambda: 0.0, live=2)
    with limits.live(request("198.51.100.7")), limits.live(request("198.51.100.7")):
        with (
            pytest.raises(web.HTTPTooManyRequests) as refused,
            limits.live(request("198.51.100.7")),
        ):
            pass
        assert refused.value.headers["Retry-After"] == "10"
        with limits.live(request("198.51.100.8")):
            pass
    with limits.live(request("198.51.100.7")):
        pass
