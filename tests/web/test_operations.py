"""The bot's own figures and checks on its HTTP server, in the test's process: `/metrics` moves as
a game is played (interactions and their times, refusals, moves, games, transactions, timers,
the gateway, the log's errors), `/readyz` answers ready, and `/healthz` fails once the event loop
has stalled. (Readiness flipping with a shard, the database and the claim, on the real process:
`tests/cli/test_operations.py`.)"""

from __future__ import annotations

import json
import logging
import re
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from prometheus_client import CollectorRegistry
from prometheus_client.parser import text_string_to_metric_families

from bot.config import Config
from bot.metrics import LAG_EVERY, Metrics
from tests.errorlog import ErrorLog
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.server import DEFAULT_TOKEN
from tests.gameplay.play import OUT_OF_ABORT_WINDOW, play, start_game
from web.operations import LAG_LIMIT, Probes, routes
from web.server import WebServer

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


@pytest.fixture
async def bot_config(tmp_path: Path) -> Config:
    return Config(token=DEFAULT_TOKEN, database=str(tmp_path / "reversi.sqlite3"), web_port=0)


async def get(harness: BotHarness, path: str) -> tuple[int, Any]:
    """The status and the body (JSON where it is) of `path` on the bot's HTTP server."""
    web = harness.bot.web
    assert web is not None
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{web.port}{path}") as response,
    ):
        if response.content_type == "application/json":
            return response.status, await response.json()
        return response.status, await response.text()


async def scrape(harness: BotHarness) -> Samples:
    status, text = await get(harness, "/metrics")
    assert status == 200
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


async def test_a_game_moves_the_counters_and_histograms(
    fake: FakeDiscord, bot_harness: BotHarness, logged_errors: ErrorLog
) -> None:
    assert await get(bot_harness, "/readyz") == (
        200,
        {"ready": True, "shards": {"0": "connected"}, "database": "answers", "problems": []},
    )
    before = await scrape(bot_harness)

    board = await start_game(fake)  # a command and a click
    armed = await scrape(bot_harness)
    refused = await play(fake, board, fake.bob, OUT_OF_ABORT_WINDOW[0])
    assert refused.ephemeral and refused.content == "It's not your turn."
    for index, square in enumerate(OUT_OF_ABORT_WINDOW):
        await play(fake, board, (fake.alice, fake.bob)[index % 2], square)
    asked = await fake.slash(fake.bob, "reversi resign")
    assert asked.message is not None
    await fake.click(fake.bob, asked.message, label="Yes, resign")
    logging.getLogger("cogs.somewhere").error("Something went wrong")
    assert len(logged_errors.take("cogs.somewhere")) == 1
    after = await scrape(bot_harness)

    def delta(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    interactions = "reversi_interactions_total"
    assert delta(interactions, kind="application_command", outcome="answered") == 2
    assert delta(interactions, kind="component", outcome="answered") == 6
    assert delta(interactions, kind="component", outcome="refused") == 1
    assert delta("reversi_refusals_total", code="not_your_turn") == 1
    for kind, count in (("application_command", 2), ("component", 7)):
        for histogram in ("acknowledge", "answer"):
            name = f"reversi_interaction_{histogram}_seconds"
            assert delta(f"{name}_count", kind=kind) == count
            assert 0 < delta(f"{name}_sum", kind=kind) < 3 * count
            assert delta(f"{name}_bucket", kind=kind, le="3.0") == count
    assert delta("reversi_moves_total") == 4
    assert delta("reversi_games_started_total") == 1
    assert delta("reversi_games_ended_total", reason="resignation") == 1
    assert delta("reversi_games_ended_total", reason="normal") == 0
    writes = delta("reversi_database_transaction_seconds_count", kind="write") + delta(
        "reversi_database_transaction_seconds_count", kind="single"
    )
    assert writes >= 4  # a move is one write at least
    assert delta("reversi_database_retries_total") == 0
    assert value(armed, "reversi_timers_pending") >= 1  # the first move's deadline
    assert value(after, "reversi_timers_overdue") == 0
    assert value(after, "reversi_gateway_connected", shard="0") == 1
    assert value(after, "reversi_gateway_latency_seconds", shard="0") > 0
    assert delta("reversi_errors_logged_total", logger="cogs.somewhere") == 1
    assert value(after, "reversi_reviews_in_progress") == 0
    assert value(after, "reversi_computer_queue") == 0


async def test_a_stalled_event_loop_makes_the_bot_unhealthy(bot_harness: BotHarness) -> None:
    status, body = await get(bot_harness, "/healthz")
    assert status == 200 and body["healthy"] is True and body["problems"] == []
    assert body["event_loop_lag_seconds"] < LAG_LIMIT

    # Blocking work holds the event loop, the stall under test: long enough that the callback
    # due next runs past the limit, whenever in its period the stall begins.
    time.sleep(LAG_LIMIT + LAG_EVERY + 0.1)  # noqa: ASYNC251

    status, body = await get(bot_harness, "/healthz")
    assert status == 503 and body["healthy"] is False
    assert body["event_loop_lag_seconds"] > LAG_LIMIT
    assert body["problems"] == [
        f"the event loop ran {body['event_loop_lag_seconds']:.3f} s late, past the limit of "
        f"{LAG_LIMIT:g} s"
    ]
    samples = await scrape(bot_harness)
    assert value(samples, "reversi_event_loop_lag_seconds_sum") > LAG_LIMIT
    assert value(samples, "reversi_event_loop_lag_seconds_bucket", le="1.0") < value(
        samples, "reversi_event_loop_lag_seconds_count"
    )


def test_the_dashboard_and_the_readme_show_every_metric_and_no_other() -> None:
    metrics = Metrics()
    metrics.watch_gateway(list)
    exposed = {
        family.name for family in metrics.registry.collect() if family.name.startswith("reversi_")
    }
    checkout = Path(__file__).resolve().parents[2]
    dashboard = json.loads((checkout / "grafana" / "reversi-bot.json").read_text("utf-8"))
    assert [i["name"] for i in dashboard["__inputs"]] == ["DS_PROMETHEUS"]
    panels = [panel for panel in dashboard["panels"] if panel["type"] != "row"]
    assert all(panel["datasource"]["uid"] == "${DS_PROMETHEUS}" for panel in panels)
    graphed = {
        re.sub(r"_(bucket|sum|count|total)$", "", name)
        for panel in panels
        for target in panel["targets"]
        for name in re.findall(r"reversi_\w+", target["expr"])
    }
    assert graphed == exposed
    readme = (checkout / "README.md").read_text("utf-8")
    listed = {
        re.sub(r"_total$", "", name) for name in re.findall(r"^\| `(reversi_\w+)` \|", readme, re.M)
    }
    assert listed == exposed


async def test_a_stopping_process_is_not_ready() -> None:
    stopping = False
    probes = Probes(
        lag=lambda: 0.0,
        shards=lambda: [(0, True, 0.04)],
        database=no_problem,
        claim=None,
        registry=CollectorRegistry(),
        stopping=lambda: stopping,
    )
    server = WebServer("127.0.0.1", 0)
    server.app.add_routes(routes(probes))
    await server.start()
    try:
        async with aiohttp.ClientSession(f"http://127.0.0.1:{server.port}") as session:
            async with session.get("/readyz") as response:
                assert response.status == 200 and (await response.json())["ready"] is True
            stopping = True
            async with session.get("/readyz") as response:
                body = await response.json()
                assert response.status == 503 and body["ready"] is False
                assert body["problems"] == ["the process is stopping"]
            async with session.get("/healthz") as response:
                assert response.status == 200  # alive all the same: nothing to restart
    finally:
        await server.stop()


async def no_problem() -> str | None:
    return None
