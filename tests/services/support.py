"""What the services' tests share: places, an event recorder,
tournament games to start from, and a way to write a game's moves straight into storage."""

from __future__ import annotations

import asyncio
import csv
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from bot import engine
from bot.domain import Challenge, GameRecord, GameState, TimeControl
from bot.domain.events import Event
from bot.services import Place, Services
from bot.services.bus import Events
from bot.storage import Storage
from tests.ids import ALICE, BOB, CHANNEL, GUILD, OTHER_CHANNEL, THREAD

HERE = Place(GUILD, CHANNEL)
ELSEWHERE = Place(GUILD, OTHER_CHANNEL)
IN_THREAD = Place(GUILD, THREAD, CHANNEL)

FAIL_AFTER = 30.0
"""Seconds after which a wait for something that should happen fails the test: generous, since
only a broken test ever waits that long."""

WTHOR = Path(__file__).parents[1] / "data" / "wthor" / "wthor_sample_games.csv"

T = TypeVar("T")


async def until(condition: Callable[[], T], changed: asyncio.Event) -> T:
    """Wait until `condition()` is truthy, checking it again whenever `changed` is set."""
    async with asyncio.timeout(FAIL_AFTER):
        while not (value := condition()):
            changed.clear()
            await changed.wait()
    return value


class Recorder:
    """Subscribes to every event and keeps them in order; tests can wait for one to come."""

    def __init__(self, events: Events) -> None:
        self.seen: list[Event] = []
        self._changed = asyncio.Event()
        events.subscribe(object, self.record)  # type: ignore[type-var]

    def record(self, event: Event) -> None:
        self.seen.append(event)
        self._changed.set()

    def take(self) -> list[Event]:
        """The events seen since the last `take`."""
        taken, self.seen = self.seen, []
        return taken

    def kinds(self) -> list[type[Any]]:
        return [type(event) for event in self.seen]

    async def wait_for(self, predicate: Callable[[Event], bool]) -> Event:
        """The first event seen (since the last `take`) that satisfies `predicate`, once it is."""
        return await until(
            lambda: next((event for event in self.seen if predicate(event)), None), self._changed
        )


def wthor_games() -> list[dict[str, str]]:
    """Tournament games from the WTHOR sample, each to its end: transcript, result, passes."""
    with WTHOR.open(newline="") as file:
        return list(csv.DictReader(file))


def wthor_game(game_id: str) -> dict[str, str]:
    return next(row for row in wthor_games() if row["game_id"] == game_id)


def squares(transcript: str) -> list[str]:
    return [transcript[i : i + 2] for i in range(0, len(transcript), 2)]


async def write_moves(
    storage: Storage,
    game: GameRecord,
    moves: Sequence[str],
    *,
    now: float,
    deadline: float | None = None,
) -> GameRecord:
    """Append `moves` with `record_move`, as a game played so far (no result is ever written)."""
    for move in moves:
        game = await storage.games.record_move(game.id, game.ply, move, deadline=deadline, now=now)
    return game


def replay(record: GameRecord) -> engine.Game:
    return engine.Game.from_transcript(record.transcript)


FIVE_MINUTES = TimeControl(per_move=300)


async def human_game(
    services: Services,
    black: int = ALICE,
    white: int = BOB,
    *,
    place: Place = HERE,
    time_control: TimeControl = FIVE_MINUTES,
) -> GameState:
    """A game between people, `black` having challenged `white` (the game's `GameState`)."""
    invitation = await services.challenges.challenge(
        place, black, white, color=engine.Color.BLACK, time_control=time_control
    )
    assert isinstance(invitation, Challenge)
    _, state = await services.challenges.accept(invitation.id, white, place)
    return state


OUT_OF_ABORT_WINDOW = ("f5", "d6", "c3", "d3")
"""Two moves each: after them, resigning and running out of time lose (Black to move, 4-4)."""


async def play(
    services: Services, state: GameState, moves: Sequence[str], place: Place = HERE
) -> GameState:
    """Play `moves` in turn, each by the player to move."""
    for move in moves:
        assert state.to_move_id is not None
        state = await services.games.move(state.record.id, state.to_move_id, move, place)
    return state
