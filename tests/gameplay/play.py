"""Playing Reversi through the fake Discord as people do: challenge, accept, click, pick, type.

Shared by the gameplay tests so each test reads as the story it checks.
"""

from __future__ import annotations

import asyncio
import csv
import random
import re
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot import engine
from bot.computer import Computer
from bot.domain import GameRecord
from bot.engine.ai.book import book_moves
from cogs.play import board_message
from tests.fakediscord.driver import BotReply, FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.world import Channel, Message, User

WTHOR_SAMPLE = Path(__file__).parents[1] / "data" / "wthor" / "wthor_sample_games.csv"
PASS_NOTICE = "has no legal move and passes"


def wthor_games() -> list[dict[str, str]]:
    """Tournament games from the WTHOR sample: transcript, passes, final score."""
    with WTHOR_SAMPLE.open(newline="") as file:
        return list(csv.DictReader(file))


def legal_names(position: engine.Position) -> list[str]:
    """The legal moves as the bot lists them (square order)."""
    return [engine.square_name(square) for square in position.legal_moves()]


def mobile_opening(more_than: int, *, seed: int) -> str:
    """A transcript leading to a position with more than `more_than` legal moves.

    Seeded random play that leans towards moves leaving the opponent many replies, so such
    positions (rare in real games) turn up after a few tries.
    """
    rng = random.Random(seed)
    while True:
        game = engine.Game()
        while not game.is_over():
            moves = game.position.legal_moves()
            if len(moves) > more_than:
                return game.transcript()
            replies = sorted(moves, key=lambda m: -len(game.position.play(m).legal_moves()))
            game.play(rng.choice(replies[:2]))


async def start_game(
    fake: FakeDiscord,
    black: User | None = None,
    white: User | None = None,
    *,
    channel: Channel | None = None,
    **options: Any,
) -> Message:
    """`black` challenges `white` as Black, `white` accepts; the challenge becomes the board."""
    black, white = black or fake.alice, white or fake.bob
    channel = channel or fake.general
    challenge = await fake.slash(
        black, "reversi challenge", channel=channel, opponent=white, colour="black", **options
    )
    assert challenge.message is not None, challenge.content
    board = challenge.message
    await fake.click(white, board, label="Accept")
    assert board.content.startswith("**Reversi** · game #"), board.content
    return board


OUT_OF_ABORT_WINDOW = ("f5", "d6", "c3", "d3")
"""Two moves each: from here on, resigning or running out of time loses (Black to move)."""


async def past_abort_window(
    fake: FakeDiscord, board: Message, black: User | None = None, white: User | None = None
) -> None:
    """Play `OUT_OF_ABORT_WINDOW` on `board`, Black (Alice by default) first."""
    black, white = black or fake.alice, white or fake.bob
    for index, square in enumerate(OUT_OF_ABORT_WINDOW):
        await play(fake, board, white if index % 2 else black, square)


def game_id(board: Message) -> int:
    """The game a board message shows ("**Reversi** · game #12")."""
    found = re.match(r"\*\*Reversi\*\* · game #(\d+)", board.content)
    assert found, f"not a game message: {board.content!r}"
    return int(found[1])


async def stored(harness: BotHarness, board: Message) -> GameRecord:
    """The stored game shown on `board`, as the database has it now."""
    return await harness.bot.storage.games.get(game_id(board))


def board_of(fake: FakeDiscord, record: GameRecord) -> Message:
    """The message the bot stored as the game's board."""
    assert record.message_id is not None
    message = fake.world.messages[record.message_id]
    assert not message.deleted
    return message


def move_labels(board: Message) -> list[str]:
    """The move buttons' labels, in order (Resign and Rematch left out)."""
    return [b.label or "" for b in board.buttons if (b.custom_id or "").startswith("reversi:move:")]


async def play(fake: FakeDiscord, board: Message, user: User, square: str) -> BotReply:
    """Play `square` on `board` as `user`: its button, or its entry in a select menu."""
    if square in move_labels(board):
        return await fake.click(user, board, label=square)
    for menu in board.selects:
        if square in menu.values:
            return await fake.select(user, board, [square], custom_id=menu.custom_id)
    raise AssertionError(f"{square} is not offered on the board: {move_labels(board)}")


def to_move(game: engine.Game, black: User, white: User) -> User:
    """Who is to move in `game` between these players."""
    return black if game.turn is engine.Color.BLACK else white


async def eventually(condition: Callable[[], bool], seconds: float = 20.0) -> None:
    """Wait for something the bot does in its worker processes, which the fake can't see."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the bot did not get there in time"
        await asyncio.sleep(0.02)


class SlowRender:
    """Once armed with `hold()`, holds the bot's next board images until `release()`: a render
    that takes long.

    The bot renders in the default executor, so while one is held the fake never settles:
    await only `wait_started()` and `Pending.answered()` until the test releases it.
    """

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.started = threading.Event()
        self._release = threading.Event()
        self._held = 0
        original = board_message._image

        def slow(*args: Any) -> Any:
            if self._held > 0:
                self._held -= 1
                self.started.set()
                self._release.wait(timeout=30)
            return original(*args)

        monkeypatch.setattr(board_message, "_image", slow)

    def hold(self, renders: int = 1) -> None:
        self._held = renders

    async def wait_started(self) -> None:
        """Return once a held render has begun."""
        deadline = time.monotonic() + 20
        while not self.started.is_set():
            assert time.monotonic() < deadline, "no board render began"
            await asyncio.sleep(0.001)

    def release(self) -> None:
        self._release.set()


class HeldSearches:
    """The computer's searches wait while held: the bot is seen thinking for as long as a test
    needs, however fast the engine. Released, they go on (and the next ones run at once)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self._open = asyncio.Event()
        self._open.set()
        choose = Computer.choose

        async def held(computer: Computer, *args: Any, **kwargs: Any) -> Any:
            await self._open.wait()
            return await choose(computer, *args, **kwargs)

        monkeypatch.setattr(Computer, "choose", held)

    def hold(self) -> None:
        self._open.clear()

    def release(self) -> None:
        self._open.set()


async def out_of_book(
    fake: FakeDiscord, harness: BotHarness, board: Message, human: User, held: HeldSearches
) -> None:
    """Play `human`'s moves against the bot on `board` until one leaves the bot's opening book:
    then the bot has to search, held by `held` until the test releases it, and the board says
    it is thinking."""
    while True:
        await eventually(lambda: "is thinking" not in board.content, seconds=30)
        position = engine.Game.from_transcript((await stored(harness, board)).transcript).position
        moves = position.legal_moves()
        leaving = [s for s in moves if not book_moves(*_sides(position.play(s)))]
        if leaving:
            held.hold()
        await play(fake, board, human, engine.square_name((leaving or moves)[0]))
        if leaving:
            assert "is thinking" in board.content
            return


def _sides(position: engine.Position) -> tuple[int, int]:
    return position.player, position.opponent
