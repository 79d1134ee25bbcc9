"""What the bot measures of itself, in Prometheus's format (`/metrics` on its HTTP server).

Each bot has a registry of its own, not the library's global one: several bots in one process
(the tests) then keep their figures apart, and each shard process serves its own. The metrics are
fed at the few places that see everything: the interactions the client takes and Discord's
acknowledgement of each (an HTTP trace on the client's session), the answers' refusals, the
storage's transactions and retries, the bus's games and moves, the timers, the computer's
searches, the reviews, the gateway, and the log's errors. Labels take a bounded set of values
(kinds, outcomes, refusal codes, end reasons, shards, loggers), never a member or a game, and
each set of values is bound once, at its first use, so that a move costs a few dictionary
lookups and increments.
"""

from __future__ import annotations

import asyncio
import logging
import math
import re
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import aiohttp
from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    ProcessCollector,
    disable_created_metrics,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.metrics_core import Metric
from prometheus_client.registry import Collector

from bot.domain.events import GameEnded, GameStarted, MovePlayed
from bot.domain.games import EndReason
from bot.domain.refusals import Refused
from bot.services.bus import Events
from bot.storage.database import Timings

INTERACTION_KINDS = ("application_command", "component", "autocomplete", "modal_submit")
"""Discord's kinds of interaction the bot takes (`discord.InteractionType` names)."""
LAG_EVERY = 0.5
"""Seconds between two measures of the event loop's lag."""
LAG_WINDOW = 10.0
"""Seconds of lag measures the health check looks back over."""

_CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")
"""The path of an interaction's first answer to Discord: its acknowledgement."""

_SECONDS_FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0, 5.0)
_SECONDS_ANSWER = (0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)
_SECONDS_SEARCH = (0.01, 0.1, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0)

# A scrape's cost grows with its lines: no `_created` series, which double every counter's for
# a time nobody graphs (this process's setting: the bot's registries are its only ones).
disable_created_metrics()  # type: ignore[no-untyped-call]


class _Children(dict[tuple[str, ...], Any]):
    """A metric's children by label values, each made once, at its first use: a scrape then
    lists only what happened, and the hot path pays a dictionary lookup."""

    def __init__(self, metric: Counter | Histogram) -> None:
        super().__init__()
        self._metric = metric

    def __missing__(self, labels: tuple[str, ...]) -> Any:
        child = self[labels] = self._metric.labels(*labels)
        return child


@dataclass(slots=True)
class _Flight:
    """An interaction being handled: its kind, when the bot took it, how it is ending."""

    kind: str
    taken: float
    outcome: str = "answered"
    acknowledged: bool = False


class Metrics:
    """Every metric of one bot, in its own `registry`."""

    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry()
        ProcessCollector(registry=registry)
        interactions = Counter(
            "reversi_interactions",
            "Interactions the bot took, by kind and how each ended.",
            ["kind", "outcome"],
            registry=registry,
        )
        acknowledge = Histogram(
            "reversi_interaction_acknowledge_seconds",
            "From taking an interaction to Discord accepting its first answer (3 s at most).",
            ["kind"],
            buckets=_SECONDS_ANSWER,
            registry=registry,
        )
        answer = Histogram(
            "reversi_interaction_answer_seconds",
            "From taking an interaction to its handler's end, its answer given.",
            ["kind"],
            buckets=_SECONDS_ANSWER,
            registry=registry,
        )
        self._interactions = _Children(interactions)
        self._acknowledge = _Children(acknowledge)
        self._answer = _Children(answer)
        self._flights: dict[int, _Flight] = {}
        refusals = Counter(
            "reversi_refusals",
            "Requests refused by the rules, by refusal code.",
            ["code"],
            registry=registry,
        )
        self._refusals = _Children(refusals)
        self.moves = Counter(
            "reversi_moves", "Moves played, the computer's too.", registry=registry
        )
        self.games_started = Counter("reversi_games_started", "Games started.", registry=registry)
        ended = Counter(
            "reversi_games_ended", "Games ended, by how.", ["reason"], registry=registry
        )
        self.games_ended = _Children(ended)
        transactions = Histogram(
            "reversi_database_transaction_seconds",
            "Database transactions, from asking for one to its commit or rollback, by kind.",
            ["kind"],
            buckets=_SECONDS_FAST,
            registry=registry,
        )
        self.transaction_timings = Timings(
            read=transactions.labels("read").observe,
            write=transactions.labels("write").observe,
            single=transactions.labels("single").observe,
        )
        """What the storage reports each transaction's time to."""
        self.retry = Counter(
            "reversi_database_retries",
            "Changes read again and retried because the state changed under them.",
            registry=registry,
        ).inc
        lag = Histogram(
            "reversi_event_loop_lag_seconds",
            f"How late the event loop ran a callback due every {LAG_EVERY:g} s.",
            buckets=_SECONDS_FAST,
            registry=registry,
        )
        self.lag = LoopLag(lag.observe)
        searches = Histogram(
            "reversi_computer_search_seconds",
            "The computer's searches in its worker processes, queueing included, by kind.",
            ["kind"],
            buckets=_SECONDS_SEARCH,
            registry=registry,
        )
        self._searches = _Children(searches)
        errors = Counter(
            "reversi_errors_logged",
            "ERROR (and CRITICAL) lines the bot logged, by logger.",
            ["logger"],
            registry=registry,
        )
        self.errors = ErrorCounter(errors)
        self._gauges = {
            name: Gauge(name, text, registry=registry)
            for name, text in (
                ("reversi_timers_pending", "Timers (deadlines, expiries) waiting for their time."),
                ("reversi_timers_overdue", "Timers whose time has come but which have not run."),
                ("reversi_computer_queue", "The computer's searches waiting or running."),
                ("reversi_reviews_in_progress", "Reviews running or waiting for their turn."),
            )
        }

    def start(self) -> None:
        """Measure the event loop's lag and count the log's errors, until `stop`."""
        self.lag.start()
        logging.getLogger().addHandler(self.errors)

    def stop(self) -> None:
        self.lag.stop()
        logging.getLogger().removeHandler(self.errors)

    # --- interactions ---------------------------------------------------------------------

    def taken(self, interaction_id: int, kind: str) -> None:
        """The bot took an interaction: its times run from now."""
        if kind in INTERACTION_KINDS and interaction_id not in self._flights:
            self._flights[interaction_id] = _Flight(kind, time.perf_counter())

    def outcome(self, interaction_id: int, outcome: str) -> None:
        """How the interaction's handler ended, if not as asked ("answered"): "refused" (a rule,
        bad input), "unavailable" (the database out of reach) or "failed" (a fault of ours,
        apologised for)."""
        flight = self._flights.get(interaction_id)
        if flight is not None:
            flight.outcome = outcome

    def finished(self, interaction_id: int) -> None:
        """The interaction's handler is over: count it, with its time."""
        flight = self._flights.pop(interaction_id, None)
        if flight is not None:
            self._answer[flight.kind,].observe(time.perf_counter() - flight.taken)
            self._interactions[flight.kind, flight.outcome].inc()

    def dropped(self, kind: str) -> None:
        """An interaction left unanswered: the bot is stopping."""
        if kind in INTERACTION_KINDS:
            self._interactions[kind, "dropped"].inc()

    def refused(self, code: Refused) -> None:
        self._refusals[code.name.lower(),].inc()

    def acknowledged(self, interaction_id: int) -> None:
        """Discord accepted the interaction's first answer."""
        flight = self._flights.get(interaction_id)
        if flight is not None and not flight.acknowledged:
            flight.acknowledged = True
            self._acknowledge[flight.kind,].observe(time.perf_counter() - flight.taken)

    def http_trace(self) -> aiohttp.TraceConfig:
        """For the client's HTTP session: every interaction's first answer Discord accepted
        (an acknowledgement, a reply or an update of the clicked message) is its acknowledgement,
        whichever part of the bot gave it."""

        async def ended(
            _session: aiohttp.ClientSession,
            _context: SimpleNamespace,
            params: aiohttp.TraceRequestEndParams,
        ) -> None:
            if params.response.status < 400 and (match := _CALLBACK.search(params.url.raw_path)):
                self.acknowledged(int(match[1]))

        trace = aiohttp.TraceConfig()
        trace.on_request_end.append(ended)
        return trace

    # --- what the rest of the bot does ----------------------------------------------------

    def searched(self, kind: str, seconds: float) -> None:
        """One of the computer's searches ended: a "move", a "review"'s position, a puzzle's
        "refutation", a "puzzle" looked for."""
        self._searches[kind,].observe(seconds)

    def watch(self, name: str, read: Callable[[], float]) -> None:
        """Read a gauge (`reversi_timers_pending`...) from `read` at each scrape."""
        self._gauges[name].set_function(read)

    def watch_gateway(self, shards: Callable[[], Iterable[tuple[int, bool, float]]]) -> None:
        """Each shard's connection and heartbeat latency, read at each scrape from `shards`
        (shard id, connected, latency in seconds)."""
        self.registry.register(_Gateway(shards))


class GamesCounted:
    """Counts games and moves from the bus, as they are stored, whichever service made them."""

    def __init__(self, metrics: Metrics) -> None:
        self._metrics = metrics

    def subscribe(self, events: Events) -> None:
        moves, started = self._metrics.moves.inc, self._metrics.games_started.inc
        games_ended = self._metrics.games_ended

        def ended(event: GameEnded) -> None:
            finished = event.state.record.end_reason
            if finished is EndReason.NORMAL:  # the move that ended it
                moves()
            if finished is not None:
                games_ended[finished.value,].inc()

        events.subscribe(MovePlayed, lambda _: moves())
        events.subscribe(GameStarted, lambda _: started())
        events.subscribe(GameEnded, ended)


class _Gateway(Collector):
    def __init__(self, shards: Callable[[], Iterable[tuple[int, bool, float]]]) -> None:
        self._shards = shards

    def describe(self) -> Iterator[Metric]:
        return iter(self._families())

    def collect(self) -> Iterator[Metric]:
        connected, latency = self._families()
        for shard, up, seconds in self._shards():
            connected.add_metric([str(shard)], 1.0 if up else 0.0)
            if up and math.isfinite(seconds):
                latency.add_metric([str(shard)], seconds)
        yield connected
        yield latency

    @staticmethod
    def _families() -> tuple[GaugeMetricFamily, GaugeMetricFamily]:
        return (
            GaugeMetricFamily(
                "reversi_gateway_connected",
                "Whether the shard is connected to Discord's gateway.",
                labels=["shard"],
            ),
            GaugeMetricFamily(
                "reversi_gateway_latency_seconds",
                "The shard's last heartbeat round trip to Discord's gateway.",
                labels=["shard"],
            ),
        )


class ErrorCounter(logging.Handler):
    """Counts the ERROR records logged, by logger: install with `logging.getLogger().addHandler`
    (every bot in the process counts every one)."""

    def __init__(self, counter: Counter) -> None:
        super().__init__(logging.ERROR)
        self._counter = counter

    def emit(self, record: logging.LogRecord) -> None:
        self._counter.labels(record.name).inc()


class LoopLag:
    """How late the event loop runs what is due: a callback due every `LAG_EVERY` seconds notes
    how long after its time it ran. A callback, not a task, on the loop's own clock: lag is real
    time, whatever the bot's clock says (tests move theirs by hand), and no task wakes twice a
    second."""

    def __init__(self, observe: Callable[[float], None]) -> None:
        self._observe = observe
        self._recent: deque[tuple[float, float]] = deque()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._due = 0.0
        self._handle: asyncio.TimerHandle | None = None

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._schedule()

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _schedule(self) -> None:
        assert self._loop is not None
        self._due = self._loop.time() + LAG_EVERY
        self._handle = self._loop.call_at(self._due, self._tick)

    def _tick(self) -> None:
        assert self._loop is not None
        now = self._loop.time()
        lag = max(0.0, now - self._due)
        self._observe(lag)
        self._recent.append((now, lag))
        while self._recent[0][0] < now - LAG_WINDOW:
            self._recent.popleft()
        self._schedule()

    def worst(self) -> float:
        """The longest lag of the last `LAG_WINDOW` seconds, the one running late now included."""
        if self._loop is None:
            return 0.0
        now = self._loop.time()
        running_late = now - self._due if self._handle is not None else 0.0
        return max(
            [running_late, 0.0, *(lag for at, lag in self._recent if at >= now - LAG_WINDOW)]
        )
