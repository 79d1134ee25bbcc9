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

from .play import legal_names, move_labels, play, start_game, stored


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


async def test_a_click_costs_one_read_one_write_and_one_replay(
    fake: FakeDiscord, bot_harness: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = await start_game(fake)
    costs = Costs(monkeypatch, bot_harness.bot.storage.database)
    moves = ((fake.alice, "f5"), (fake.bob, "d6"), (fake.alice, "c3"), (fake.bob, "d3"))
    for player, square in moves:  # each player's language was read as they started the game
        reply = await play(fake, board, player, square)
        assert reply.message is board
        assert costs.take() == {"reads": 1, "writes": 1, "replays": 1}, square
    moved = await fake.slash(fake.alice, "reversi move", square="c4")  # the channel's game
    assert moved.content == "You played **c4**."
    assert costs.take() == {"reads": 1, "writes": 2, "replays": 1}  # its board: a write of its own


async def test_a_clicks_board_is_marked_shown_with_the_next_move_or_on_closing(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    await play(fake, board, fake.alice, "d3")
    record = await stored(bot_harness, board)
    assert record.board_behind  # shown, but the mark waits for the next move
    await play(fake, board, fake.bob, "c3")
    record = await stored(bot_harness, board)
    assert record.shown_version == record.version - 2  # d3's board, written with c3

    await bot_harness.restart()  # a clean stop writes c3's

    record = await stored(bot_harness, board)
    assert record.shown_version == record.version and not record.board_behind


async def test_a_clicks_board_whose_mark_was_lost_is_shown_again_at_the_next_start(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    await play(fake, board, fake.alice, "d3")
    bot_harness.bot.services.boards._marks.clear()  # as in a crash

    await bot_harness.restart()

    record = await stored(bot_harness, board)
    assert record.shown_version == record.version and not record.board_behind
    assert fake.messages(fake.general) == [board]  # shown again in place
    assert move_labels(board) == legal_names(engine.Game.from_transcript("d3").position)
