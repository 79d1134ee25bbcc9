"""Post-game reviews: how long a review of a 60-move game takes, and whether other games notice.

1. The engine alone: full reviews of tournament games (60 moves, from the WTHOR sample) at the
   default budget, in this process as a worker would run them: wall time per game (target: at
   most 30 s), and how many positions were solved exactly.
2. The bot as in production (`python -m bot` in its own process, its worker pool, pointed at the
   fake Discord from the tests, as `roundtrip.py` runs it): the round-trip latency of moves in
   other games while no review runs, then while a review of a 60-move game runs, requested by
   `/reversi review`; the review's own wall time from the request to its finished message; and
   the time a hint (a search in the same worker pool) takes idle and during a review.

    .venv/bin/python benchmarks/review.py [--games 3] [--tables 40] [--rate 20]
        [--seconds 10] [--hints 3] [--skip-engine] [--skip-bot] [--quick]

`--quick` goes through both in a few seconds: one review by the engine at a small budget, and
the bot's review of a game resigned after 4 moves, 2 games in play, one shard.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import csv
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.roundtrip import GameTable, set_up, start_bots, stop_bots
from bot.domain import Ending, EndReason, TimeControl
from bot.engine import Color, Game, square_name
from bot.engine.ai.analysis import ReviewBudget, default_budget
from bot.engine.review import review_game
from bot.storage import Storage
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.replies import BotReply

ROOT = Path(__file__).resolve().parent.parent
WTHOR = ROOT / "tests" / "data" / "wthor"
QUICK_BUDGET = ReviewBudget(nodes=100, exact_empties=8, attempt_empties=8)
QUICK_MOVES = 4


def sixty_move_games(count: int) -> list[str]:
    """Transcripts of the first `count` WTHOR games of 60 moves."""
    games = []
    with (WTHOR / "wthor_sample_games.csv").open(newline="") as handle:
        for row in csv.DictReader(handle):
            if len(row["moves"]) == 120:
                games.append(row["moves"])
            if len(games) == count:
                break
    return games


def engine_figures(count: int, budget: ReviewBudget) -> None:
    default = " (the default)" if budget == default_budget() else ""
    print(f"Full reviews at the budget {budget.key}{default}, in one process:")
    times = []
    for transcript in sixty_move_games(count):
        started = time.perf_counter()
        review = review_game(transcript, budget)
        elapsed = time.perf_counter() - started
        times.append(elapsed)
        exact = sum(move.exact for move in review.moves)
        print(
            f"  {transcript[:16]}...  {elapsed:5.1f} s  ({exact} of 60 moves exact, "
            f"exact from move {review.exact_from})"
        )
    print(
        f"  mean {statistics.mean(times):.1f} s, slowest {max(times):.1f} s "
        "(target: at most 30 s)\n"
    )


async def move(fake: FakeDiscord, table: GameTable, index: int) -> float:
    """`roundtrip.move`, for games long enough to meet a position with more than 20 moves, which
    the board offers in menus: one legal move, by its button or its menu; the seconds until the
    bot answered."""
    table.busy = True
    moves = table.game.position.legal_moves()
    square = square_name(moves[index % len(moves)])
    message = fake.world.messages[table.message_id]
    user = table.black if table.game.turn is Color.BLACK else table.white
    menu = next((m for m in message.selects if square in m.values), None)
    started = time.perf_counter()
    if menu is None:
        pending = fake.click(user, message, label=square)
    else:
        pending = fake.select(user, message, [square], custom_id=menu.custom_id)
    reply = await pending.answered()
    elapsed = time.perf_counter() - started
    if pending.record.late or reply.ephemeral:
        raise RuntimeError(f"the move {square} was answered late or refused: {reply.content}")
    table.game.play(square)
    ply = len(table.game)

    def shown() -> bool:
        components = [*message.buttons, *message.selects]
        ids = [c.custom_id or "" for c in components]
        return table.game.is_over() or any(f":{ply}:" in custom_id for custom_id in ids)

    async with asyncio.timeout(30):
        await fake.wait_until(shown)
    table.busy = False
    return elapsed


def percentiles(seconds: list[float]) -> str:
    ms = sorted(1000 * s for s in seconds)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    return f"{len(ms):>4} moves  p50 {statistics.median(ms):6.1f} ms  p99 {p99:6.1f} ms"


async def load(
    fake: FakeDiscord, tables: list[GameTable], rate: float, until: asyncio.Event
) -> list[float]:
    """Moves offered at `rate` a second over the tables until `until` is set. A move answered
    late or refused fails the load: figures without it would look better than they were."""
    latencies: list[float] = []
    moves: list[asyncio.Task[None]] = []
    started, sent = time.perf_counter(), 0
    while not until.is_set():
        due = started + sent / rate
        now = time.perf_counter()
        if now < due:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(until.wait(), due - now)
            continue
        free = [t for t in tables if not t.busy and not t.game.is_over()]
        sent += 1
        if not free:
            continue
        table = free[sent % len(free)]
        table.busy = True  # taken now: a load behind schedule picks many before any starts

        async def one(table: GameTable = table, index: int = sent) -> None:
            latencies.append(await move(fake, table, index))

        moves.append(asyncio.create_task(one()))
    await asyncio.gather(*moves)
    return latencies


async def timed_load(
    fake: FakeDiscord, tables: list[GameTable], rate: float, seconds: float
) -> list[float]:
    stop = asyncio.Event()
    asyncio.get_running_loop().call_later(seconds, stop.set)
    return await load(fake, tables, rate, stop)


async def seed(database: str, fake: FakeDiscord, count: int, moves: int = 60) -> list[int]:
    """Finished 60-move games in the first server, written before the bot starts; with fewer
    `moves`, their beginnings, resigned by the side to move."""
    ids = []
    async with await Storage.open(database) as storage:
        for whole in sixty_move_games(count):
            transcript = whole[: 2 * moves]
            game = await storage.games.create(
                fake.guild.id,
                fake.general.id,
                fake.alice.id,
                fake.bob.id,
                rated=False,
                time_control=TimeControl(per_move=86_400),
                deadline=None,
                now=time.time(),
            )
            for ply in range(moves):
                game = await storage.games.record_move(
                    game.id, ply, transcript[2 * ply : 2 * ply + 2], deadline=None, now=time.time()
                )
            ending = _ending(Game.from_transcript(transcript))
            await storage.games.finish(game.id, game.ply, ending, now=time.time())
            ids.append(game.id)
    return ids


def _ending(game: Game) -> Ending:
    """How `game` ended: played out, or resigned by the side to move."""
    result = game.result()
    if result is not None:
        return Ending(EndReason.NORMAL, result.winner, result.black_discs, result.white_discs)
    discs = game.position.count(Color.BLACK), game.position.count(Color.WHITE)
    return Ending(EndReason.RESIGNATION, game.turn.opponent, *discs)


async def hint_seconds(fake: FakeDiscord, count: int) -> list[float]:
    """`/reversi hint` in a game against the bot (a search in the worker pool), `count` times."""
    seconds = []
    for _ in range(count):
        pending = fake.slash(fake.carol, "reversi hint", channel=fake.quiet, expect_answer=False)
        started = time.perf_counter()
        reply = await pending.answered()

        def answered(reply: BotReply = reply) -> bool:
            return "Try" in reply.content

        async with asyncio.timeout(60):
            await fake.wait_until(answered)
        seconds.append(time.perf_counter() - started)
    return seconds


async def bot_figures(args: argparse.Namespace) -> None:
    fake = FakeDiscord(validate_schemas=False)
    # One process running two shards waits 5 s between their connections (discord.py's pace).
    fake.gateway.recommended_shards = 1 if args.quick else 2
    await fake.start()
    with tempfile.TemporaryDirectory() as folder:
        database = f"sqlite:///{folder}/bench.db"
        game_ids = await seed(database, fake, 1, QUICK_MOVES if args.quick else 60)
        bots = await start_bots(fake, database, 1, folder)
        try:
            tables = await set_up(fake, args.tables)
            bot_game = await fake.slash(
                fake.carol, "reversi play-bot", channel=fake.quiet, level=1, colour="black"
            ).answered()
            assert bot_game.ephemeral, bot_game.content
            print(
                f"The bot (python -m bot, {os.cpu_count()} cores, one worker per spare core), "
                f"{args.tables} games in play, {args.rate:g} moves/s offered:"
            )
            idle = await timed_load(fake, tables, args.rate, args.seconds)
            idle_hints = await hint_seconds(fake, args.hints)

            done = asyncio.Event()
            asked = time.perf_counter()
            reply = await fake.slash(fake.carol, "reversi review", id=game_ids[0]).answered()
            assert not reply.ephemeral, reply.content

            def reviewed() -> bool:
                message = reply.message
                return message is not None and bool(message.embeds)

            async def wait_review() -> float:
                async with asyncio.timeout(300):
                    await fake.wait_until(reviewed)
                done.set()
                return time.perf_counter() - asked

            waiting = asyncio.create_task(wait_review())
            busy_hints_task = asyncio.create_task(hint_seconds(fake, args.hints))
            busy = await load(fake, tables, args.rate, done)
            review_seconds = await waiting
            busy_hints = await busy_hints_task

            print(f"  idle:                {percentiles(idle)}")
            print(f"  during a review:     {percentiles(busy)}")
            print(
                f"  the review itself:   {review_seconds:.1f} s from /reversi review to the review"
            )
            print(
                f"  a hint (1 s search): idle {statistics.median(idle_hints):.2f} s, "
                f"during the review {statistics.median(busy_hints):.2f} s (median of "
                f"{args.hints})"
            )
        finally:
            await stop_bots(bots)
            await fake.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games the engine reviews")
    parser.add_argument("--tables", type=int, default=40, help="games in play for the bot")
    parser.add_argument("--rate", type=float, default=20.0, help="moves offered per second")
    parser.add_argument("--seconds", type=float, default=10.0, help="idle measurement")
    parser.add_argument("--hints", type=int, default=3)
    parser.add_argument("--skip-engine", action="store_true")
    parser.add_argument("--skip-bot", action="store_true")
    parser.add_argument("--quick", action="store_true", help="a few seconds' run, for the tests")
    args = parser.parse_args()
    if args.quick:
        vars(args).update(games=1, tables=2, rate=5.0, seconds=0.5, hints=1)
    # The bot's processes run this checkout's code, whatever else is installed.
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.getenv("PYTHONPATH")]))
    if not args.skip_engine:
        engine_figures(args.games, QUICK_BUDGET if args.quick else default_budget())
    if not args.skip_bot:
        asyncio.run(bot_figures(args))


if __name__ == "__main__":
    main()
