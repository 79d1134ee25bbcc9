"""The tournament page under load: p50 and p99 of its answers with 200 viewers at once.

A 16-player Swiss of 4 rounds on a SQLite file, its first three rounds played to results (two
moves each, then a resignation) and the fourth being played, is served by the bot's HTTP server
as the bot serves it; 200 aiohttp clients in a process of their own each load the page
`--loads` times, all at once, and every answer (sent to read in full) is timed, as is the
server's own time on it. `--quick` has each viewer load it once.

    .venv/bin/python benchmarks/web_pages.py [--viewers 200] [--loads 10] [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
from aiohttp import web
from aiohttp.typedefs import Handler

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.clock import SystemClock
from bot.domain import EndReason, TimeControl
from bot.domain.events import TournamentRoundPaired
from bot.domain.pages import PageKind, page_path
from bot.domain.tournament import Format
from bot.services import Place, Services, SettingsChange
from bot.services.bus import Events
from bot.services.tournaments import Manager, NewTournament
from bot.storage import Storage
from web.pages import tournament
from web.server import WebServer

GUILD, CHANNEL, ORGANISER = 1, 2, 3
PLAYERS = [1000 + number for number in range(16)]
ROUNDS = 4
OPENING = ("f5", "d6", "c3", "d3")
"""Two moves each: past the abort window, so that a resignation is a rated result."""


async def name_of(user_id: int, _fallback: str) -> str:
    return f"Player <{user_id}> & co"


async def played_swiss(services: Services, events: Events) -> int:
    """The tournament, its last round under way; returns its id."""
    paired: list[TournamentRoundPaired] = []
    events.subscribe(TournamentRoundPaired, paired.append)
    await services.settings.change_settings(GUILD, SettingsChange(web_pages=True), manager=True)
    manager = Manager(ORGANISER, any_tournament=True)
    new = NewTournament(
        name="Benchmark Swiss",
        format=Format.SWISS,
        swiss_rounds=ROUNDS,
        time_control=TimeControl(per_move=3600),
        rated=True,
        entry_limit=len(PLAYERS),
        starts_at=time.time() + 3600,
        channel_id=CHANNEL,
    )
    view = await services.tournaments.create(GUILD, manager, new)
    tournament_id = view.tournament.id
    for player in PLAYERS:
        await services.tournaments.join(tournament_id, player, GUILD)
    await services.tournaments.start(tournament_id, GUILD, manager)
    threads = iter(range(10_000, 20_000))
    for number in range(1, ROUNDS + 1):
        event = paired.pop(0)
        for board in event.boards:
            state = await services.rounds.start_board(event.view.tournament, board, next(threads))
            if state is None or number == ROUNDS:
                continue
            place = Place(GUILD, state.record.channel_id, CHANNEL)
            for move in OPENING:
                assert state.to_move_id is not None
                state = await services.games.move(state.record.id, state.to_move_id, move, place)
            loser = random.Random(state.record.id).choice(
                (state.record.black_id, state.record.white_id)
            )
            ended = await services.endings.resign(
                state.record.id, loser, place, offered=EndReason.RESIGNATION
            )
            await services.rounds.game_ended(ended.record)
    return tournament_id


async def tournament_page_figures(viewers: int = 200, loads: int = 10) -> tuple[float, float]:
    """The tournament page's p50 and p99 in milliseconds, request sent to answer read, with
    `viewers` loading it at once, `loads` times each, from a process of their own (as viewers
    are); printed, with the time the server spent on each answer."""
    with tempfile.TemporaryDirectory() as folder:
        events = Events()
        async with await Storage.open(Path(folder) / "reversi.sqlite3") as storage:
            services = Services.build(storage, SystemClock(), events, web_url="http://127.0.0.1")
            tournament_id = await played_swiss(services, events)
            served: list[float] = []

            @web.middleware
            async def timed(request: web.Request, handler: Handler) -> web.StreamResponse:
                started = time.perf_counter()
                try:
                    return await handler(request)
                finally:
                    served.append(time.perf_counter() - started)

            server = WebServer("127.0.0.1", 0)
            server.app.middlewares.append(timed)
            server.app.add_routes(
                tournament.routes(
                    pages=services.pages,
                    tournaments=services.tournaments,
                    languages=services.context.languages,
                    name_of=name_of,
                )
            )
            await server.start()
            path = page_path(await services.pages.secret(), PageKind.TOURNAMENT, (tournament_id,))
            try:
                viewing = await asyncio.create_subprocess_exec(
                    sys.executable,
                    __file__,
                    "--viewers-of",
                    f"http://127.0.0.1:{server.port}{path}",
                    f"--viewers={viewers}",
                    f"--loads={loads}",
                    stdout=asyncio.subprocess.PIPE,
                )
                output, _ = await viewing.communicate()
                assert viewing.returncode == 0, "the viewers failed"
            finally:
                await server.stop()
    timings = json.loads(output)
    p50, p99 = percentiles(timings)
    print(
        f"tournament page ({len(PLAYERS)} players, round {ROUNDS} of {ROUNDS} being played), "
        f"{viewers} viewers at once, {len(timings):,} answers: p50 {p50:.1f} ms, p99 {p99:.1f} ms"
        f" (the server's own time: p50 {percentiles(served)[0]:.1f} ms, "
        f"p99 {percentiles(served)[1]:.1f} ms)"
    )
    return p50, p99


def percentiles(seconds: list[float]) -> tuple[float, float]:
    """p50 and p99, in milliseconds."""
    cuts = statistics.quantiles(seconds, n=100, method="inclusive")
    return cuts[49] * 1000, cuts[98] * 1000


async def view(url: str, viewers: int, loads: int) -> None:
    """The viewers' process: each loads `url` `loads` times; prints every time, in seconds."""
    timings: list[float] = []
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:

        async def viewer() -> None:
            for _ in range(loads):
                started = time.perf_counter()
                async with session.get(url) as response:
                    assert response.status == 200
                    await response.read()
                timings.append(time.perf_counter() - started)

        await asyncio.gather(*(viewer() for _ in range(viewers)))
    print(json.dumps(timings))


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", type=int, default=200)
    parser.add_argument("--loads", type=int, default=10, help="page loads per viewer")
    parser.add_argument("--quick", action="store_true", help="one load each, for the tests")
    parser.add_argument("--viewers-of", help=argparse.SUPPRESS)  # the viewers' own process
    args = parser.parse_args()
    if args.viewers_of:
        await view(args.viewers_of, args.viewers, args.loads)
    else:
        await tournament_page_figures(args.viewers, 1 if args.quick else args.loads)


if __name__ == "__main__":
    asyncio.run(main())
