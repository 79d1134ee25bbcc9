"""What a move costs the bot: the database transactions and transcript replays of one click,
counted on the real path so that they can't grow again unseen."""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from bot import engine
from bot.storage.database import Database, Transaction
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness

from .play import play, start_game


class Costs:
    """The storage's transactions (read-only ones are reads, the rest writes) and the engine's
    replays of a transcript, counted while the bot runs."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, database: Database) -> None:
        self.counts: Counter[str] = Counter()
        transaction = database.transaction
        execute_alone = database.execute_alone
        replay = engine.Game.from_transcript

        @asynccontextmanager
        async def counted(*, read_only: bool = False) -> AsyncIterator[Transaction]:
            self.counts["reads" if read_only else "writes"] += 1
            async with transaction(read_only=read_only) as db:
                yield db

        async def alone(sql: str, params: Any = ()) -> Any:
            self.counts["writes"] += 1
            return await execute_alone(sql, params)

        def replayed(transcript: str) -> engine.Game:
            self.counts["replays"] += 1
            return replay(transcript)

        monkeypatch.setattr(database, "transaction", counted)
        monkeypatch.setattr(database, "execute_alone", alone)
        monkeypatch.setattr(engine.Game, "from_transcript", staticmethod(replayed))

    def take(self) -> dict[str, int]:
        taken = dict(self.counts)
        self.counts.clear()
        return taken


async def test_a_move_costs_one_read_and_one_replay(
    fake: FakeDiscord, bot_harness: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = await start_game(fake)
    costs = Costs(monkeypatch, bot_harness.bot.storage.database)
    await play(fake, board, fake.alice, "f5")  # the first board shown by a click's answer
    costs.take()
    for player, square in ((fake.bob, "d6"), (fake.alice, "c3"), (fake.bob, "d3")):
        reply = await play(fake, board, player, square)
        assert reply.message is board
        assert costs.take() == {"reads": 1, "writes": 2, "replays": 1}, square
    moved = await fake.slash(fake.alice, "reversi move", square="c4")  # the channel's game
    assert moved.content == "You played **c4**."
    assert costs.take() == {"reads": 1, "writes": 2, "replays": 1}
