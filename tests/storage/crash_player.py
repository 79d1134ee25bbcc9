"""Child process of the crash-safety test: plays the move that ends each game in a database
through the services, as the bot does, several games at once.

Usage: python -m tests.storage.crash_player DATABASE SEED. Each line on stdout is the id of a
game whose final move `Games.move` (or `bot_move`) has returned; the order of the games
comes from SEED. Once every game is over it prints `done` and waits to be killed.

`build` writes the games this plays: tournament games from the WTHOR sample, one move from
their end, between people (rated) or against the bot (who has that last move).
"""

from __future__ import annotations

import asyncio
import csv
import random
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from bot import engine
from bot.domain import TimeControl
from bot.services import Place, Services
from bot.services.bus import Events
from bot.storage import Storage
from tests.fakediscord.clock import FakeClock
from tests.ids import BOT, GUILD

WTHOR = Path(__file__).parents[1] / "data" / "wthor" / "wthor_sample_games.csv"
GAMES = 48
"""The first games of the WTHOR sample: Black wins 26, White 21, one is drawn."""
BOT_EVERY = 4
"""Every fourth game is against the bot."""
CONCURRENCY = 6
"""Moves in flight at once, as when many games are played: at any moment some are reading the
game, some replaying it, some inside their write."""
NOW = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
TIME_PER_MOVE = 24 * 60 * 60.0


@dataclass(frozen=True, slots=True)
class CrashGame:
    wthor_id: str
    moves: tuple[str, ...]
    black_id: int
    white_id: int
    channel_id: int
    bot_level: int | None
    final_black: int
    final_white: int

    @property
    def last_mover(self) -> int:
        color = engine.Game(self.moves[:-1]).turn
        return self.black_id if color is engine.Color.BLACK else self.white_id


def crash_games() -> list[CrashGame]:
    """The games `build` writes, in the order of their ids (1, 2, ...)."""
    with WTHOR.open(newline="") as file:
        rows = list(csv.DictReader(file))[:GAMES]
    games = []
    for index, row in enumerate(rows):
        transcript = row["moves"]
        moves = tuple(transcript[i : i + 2] for i in range(0, len(transcript), 2))
        black_id, white_id = 10_000 + 2 * index, 10_001 + 2 * index
        bot_level = None
        if index % BOT_EVERY == BOT_EVERY - 1:  # the bot plays the side with the last move
            bot_level = 1
            if engine.Game(moves[:-1]).turn is engine.Color.BLACK:
                black_id = BOT
            else:
                white_id = BOT
        games.append(
            CrashGame(
                row["game_id"],
                moves,
                black_id,
                white_id,
                1_160_000_000_000_000_000 + index,
                bot_level,
                int(row["final_black"]),
                int(row["final_white"]),
            )
        )
    return games


async def build(path: Path) -> None:
    """Write every game of `crash_games`, one move from its end."""
    now = NOW.timestamp()
    async with await Storage.open(path) as storage:
        for game in crash_games():
            record = await storage.games.create(
                GUILD,
                game.channel_id,
                game.black_id,
                game.white_id,
                rated=True,
                time_control=TimeControl(per_move=TIME_PER_MOVE),
                deadline=None,
                now=now,
                bot_level=game.bot_level,
            )
            replay = engine.Game()
            for move in game.moves[:-1]:
                replay.play(move)
                deadline = None if record.player(replay.turn) == BOT else now + TIME_PER_MOVE
                record = await storage.games.record_move(
                    record.id, record.ply, move, deadline=deadline, now=now
                )


async def play(path: str, seed: int) -> None:
    games = {index + 1: game for index, game in enumerate(crash_games())}
    order = list(games)
    random.Random(seed).shuffle(order)
    async with await Storage.open(path) as storage:
        clock = FakeClock(NOW)  # never moved: no deadline passes while the moves are played
        services = Services.build(storage, clock, Events())
        services.context.bot_id = BOT

        async def final_move(game_id: int) -> None:
            game = games[game_id]
            record = await storage.games.get(game_id)
            square, mover = game.moves[-1], game.last_mover
            if mover == BOT:
                await services.games.bot_move(game_id, record.ply, square)
            else:
                place = Place(GUILD, game.channel_id)
                await services.games.move(game_id, mover, square, place, expected_ply=record.ply)
            print(game_id, flush=True)

        async def worker() -> None:
            while order:
                await final_move(order.pop())

        await asyncio.gather(*(worker() for _ in range(CONCURRENCY)))
        print("done", flush=True)
        await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(play(sys.argv[1], int(sys.argv[2])))
