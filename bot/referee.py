"""The rules of play around the engine: who may move, when, and what is stored.

Discord-free, so the cogs stay thin: they turn clicks and commands into calls here and the
outcomes into messages. Every change goes through a per-game lock and the storage's expected-ply
check, so two clicks at once apply one move, never two, and never a move to the wrong position.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from bot import engine
from bot.storage import (
    EndReason,
    FinishedGame,
    GameOverError,
    Result,
    StaleMoveError,
    Storage,
)
from bot.storage import Game as GameRecord


class RefereeError(Exception):
    """A request the rules refuse; the message is fit to show the player as it is."""


class NotPlayingError(RefereeError):
    def __init__(self) -> None:
        super().__init__("You're not playing in this game.")


class NotYourTurnError(RefereeError):
    def __init__(self) -> None:
        super().__init__("It's not your turn.")


@dataclass(frozen=True, slots=True)
class GameState:
    """A stored game and its replayed position; `finished` is set when this change ended it."""

    record: GameRecord
    game: engine.Game
    finished: FinishedGame | None = None

    @property
    def position(self) -> engine.Position:
        return self.game.position

    @property
    def to_move_id(self) -> int | None:
        """The player whose turn it is, or None once the game is over."""
        if not self.record.active:
            return None
        turn = self.position.turn
        return self.record.black_id if turn is engine.Color.BLACK else self.record.white_id

    def color_of(self, user_id: int) -> engine.Color | None:
        if user_id == self.record.black_id:
            return engine.Color.BLACK
        if user_id == self.record.white_id:
            return engine.Color.WHITE
        return None


def replay(record: GameRecord) -> GameState:
    return GameState(record, engine.Game.from_transcript(record.transcript))


class Referee:
    """Applies moves, resignations, timeouts and cancellations to stored games."""

    def __init__(self, storage: Storage, now: Callable[[], float]) -> None:
        self.storage = storage
        self.now = now
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks[game_id]

    async def load(self, game_id: int) -> GameState:
        return replay(await self.storage.get_game(game_id))

    async def play(
        self, game_id: int, user_id: int, move: str, *, expected_ply: int | None = None
    ) -> GameState:
        """Play `move` for `user_id`; `expected_ply` is the position the player saw, if known.

        Raises `RefereeError`, the engine's `InvalidMoveError`/`IllegalMoveError`, or the
        storage's `StaleMoveError`/`GameOverError`; nothing is stored then.
        """
        async with self.lock(game_id):
            state = await self.load(game_id)
            record = state.record
            if state.color_of(user_id) is None:
                raise NotPlayingError()
            if not record.active:
                raise GameOverError(game_id)
            if expected_ply is not None and record.ply != expected_ply:
                raise StaleMoveError(game_id, expected_ply, record.ply)
            if state.to_move_id != user_id:
                raise NotYourTurnError()
            square = engine.parse_square(move)
            game = state.game
            ply = game.play(square)
            now = self.now()
            over = game.is_over()
            record = await self.storage.record_move(
                game_id,
                record.ply,
                engine.square_name(ply.square),
                deadline=None if over else now + record.time_per_move,
                now=now,
            )
            if not over:
                return GameState(record, game)
            result = game.position.result()
            assert result is not None
            finished = await self.storage.finish_game(
                game_id,
                record.ply,
                result=_result(result.winner),
                reason=EndReason.NORMAL,
                black_discs=result.black_discs,
                white_discs=result.white_discs,
                now=now,
            )
            return GameState(finished.game, game, finished)

    async def resign(self, game_id: int, user_id: int) -> GameState:
        """`user_id` gives up: the opponent wins, whatever the discs say."""
        async with self.lock(game_id):
            state = await self.load(game_id)
            color = state.color_of(user_id)
            if color is None:
                raise NotPlayingError()
            if not state.record.active:
                raise GameOverError(game_id)
            return await self._end(state, _result(color.opponent), EndReason.RESIGNATION)

    async def cancel(self, game_id: int, user_id: int) -> GameState:
        """End the game without a result or rating, recording `user_id` as who cancelled it.

        Whether `user_id` may do so (a moderator) is for the caller to decide.
        """
        async with self.lock(game_id):
            state = await self.load(game_id)
            if not state.record.active:
                raise GameOverError(game_id)
            return await self._end(state, None, EndReason.CANCELLED, cancelled_by=user_id)

    async def time_out(self, game_id: int) -> GameState | None:
        """End the game if its move deadline has passed: the side to move loses on time."""
        async with self.lock(game_id):
            state = await self.load(game_id)
            deadline = state.record.deadline
            if not state.record.active or deadline is None or deadline > self.now():
                return None
            return await self._end(state, _result(state.position.turn.opponent), EndReason.TIMEOUT)

    async def _end(
        self,
        state: GameState,
        result: Result | None,
        reason: EndReason,
        *,
        cancelled_by: int | None = None,
    ) -> GameState:
        position = state.position
        finished = await self.storage.finish_game(
            state.record.id,
            state.record.ply,
            result=result,
            reason=reason,
            black_discs=position.count(engine.Color.BLACK),
            white_discs=position.count(engine.Color.WHITE),
            now=self.now(),
            cancelled_by=cancelled_by,
        )
        return GameState(finished.game, state.game, finished)


def _result(winner: engine.Color | None) -> Result:
    if winner is None:
        return Result.DRAW
    return Result.BLACK if winner is engine.Color.BLACK else Result.WHITE
