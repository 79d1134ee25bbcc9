"""Guards: who may move, bad squares, double clicks and failures, each answered ephemerally."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.domain import GameRecord
from cogs.replies import APOLOGY
from tests.errorlog import ErrorLog
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness

from .play import move_labels, start_game, stored

UPDATE_MESSAGE = 7


async def test_only_the_player_to_move_may_move(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    board = await start_game(fake)
    for reply in [
        await fake.click(fake.bob, board, label="d3"),
        await fake.slash(fake.bob, "reversi move", square="d3"),
    ]:
        assert reply.ephemeral and reply.content == "It's not your turn."
    for reply in [
        await fake.click(fake.carol, board, label="d3"),
        await fake.slash(fake.carol, "reversi move", square="d3"),
        await fake.click(fake.carol, board, label="Abort"),
    ]:
        assert reply.ephemeral and reply.content == "You're not playing in this game."
    record = await stored(bot_harness, board)
    assert record.transcript == "" and record.active
    assert move_labels(board) == ["d3", "c4", "f5", "e6"]
    assert fake.messages(fake.general) == [board]


@pytest.mark.parametrize(
    ("square", "answer"),
    [
        ("z9", "z9 is not a square: use a letter a-h and a number 1-8."),
        ("d33", "d33 is not a square: use a letter a-h and a number 1-8."),
        ("a1", "a1 is not a legal move now: it flips no disc."),
        ("d4", "d4 is not a legal move now: the square is taken."),
    ],
)
async def test_bad_squares_get_the_engines_message(
    fake: FakeDiscord, bot_harness: BotHarness, square: str, answer: str
) -> None:
    board = await start_game(fake)
    reply = await fake.slash(fake.alice, "reversi move", square=square)
    assert reply.ephemeral and reply.content == answer
    assert (await stored(bot_harness, board)).transcript == ""


async def test_commands_without_a_game_in_the_channel(fake: FakeDiscord) -> None:
    await start_game(fake)
    for command, options in [
        ("reversi move", {"square": "d3"}),
        ("reversi resign", {}),
        ("reversi board", {}),
    ]:
        reply = await fake.slash(fake.alice, command, channel=fake.games, **options)
        assert reply.ephemeral, command
        assert reply.content == "There's no game in progress in this channel.", command


async def test_a_double_click_plays_the_move_once(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    replies = await asyncio.gather(
        fake.click(fake.alice, board, label="d3"), fake.click(fake.alice, board, label="d3")
    )
    applied = [r for r in replies if r.callback_type == UPDATE_MESSAGE]
    refused = [r for r in replies if r.ephemeral]
    assert len(applied) == 1 and len(refused) == 1
    assert refused[0].content.startswith("This board is out of date")
    assert board.jump_url in refused[0].content
    record = await stored(bot_harness, board)
    assert record.transcript == "d3" and record.ply == 1
    assert move_labels(board) == ["c3", "e3", "c5"]


async def test_two_different_moves_at_once_apply_one(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    replies = await asyncio.gather(
        fake.click(fake.alice, board, label="d3"), fake.click(fake.alice, board, label="f5")
    )
    record = await stored(bot_harness, board)
    assert record.transcript in ("d3", "f5") and record.ply == 1
    assert sorted(r.callback_type == UPDATE_MESSAGE for r in replies) == [False, True]


async def test_an_unexpected_error_is_logged_and_apologised_for_and_changes_nothing(
    fake: FakeDiscord,
    bot_harness: BotHarness,
    logged_errors: ErrorLog,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = await start_game(fake)
    storage = bot_harness.bot.storage

    async def broken(*args: Any, **kwargs: Any) -> GameRecord:
        raise RuntimeError("the disk caught fire")

    monkeypatch.setattr(storage.games, "record_move", broken)
    reply = await fake.click(fake.alice, board, label="d3")
    assert reply.ephemeral and reply.content == APOLOGY
    (logged,) = logged_errors.take("cogs")
    record = await stored(bot_harness, board)
    assert f"game {record.id}" in logged.getMessage()
    assert str(fake.alice.id) in logged.getMessage()
    assert logged.exc_info is not None
    assert record.transcript == "" and record.active
    assert move_labels(board) == ["d3", "c4", "f5", "e6"]

    monkeypatch.undo()
    await fake.click(fake.alice, board, label="d3")
    assert (await stored(bot_harness, board)).transcript == "d3"
